package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2/hclwrite"

	"github.com/topoc/topoc/compiler/tooltest"
)

// moduleRoot is the repository root, which holds .pre-commit-hooks.yaml.
const moduleRoot = "../.."

// A two-file design: the fabric takes k from a variable declared in the
// other file, so neither file is a design alone.
const (
	podFabric = `fabric "ft" {
  fat_tree {
    k         = var.k
    link_rate = "400Gb/s"
  }
}
`
	podVariables = `variable "k" {
  type    = number
  default = 4
}
`
	// spareFabric is a second design in its own directory; its fabric has
	// the name of pod's, a duplicate-name error if the two were merged.
	spareFabric = `fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
`
	// misIndented is podFabric with the indentation and alignment broken.
	misIndented = `fabric "ft" {
fat_tree {
      k = var.k
   link_rate     = "400Gb/s"
  }
}
`
)

// TestPreCommitHooks runs the hooks of .pre-commit-hooks.yaml with the
// real pre-commit tool, as a user's repository would: a scratch
// repository whose .pre-commit-config.yaml names a hook repository (a
// committed copy of this module) by path and revision. pre-commit builds
// the hooks as the manifest says (language golang: `go install ./...`),
// offline: GOPROXY=off with the module and build caches of this test run.
func TestPreCommitHooks(t *testing.T) {
	preCommit := tooltest.Command(t, "pre-commit", "pre-commit")
	git := tooltest.Command(t, "git", "git")
	goTool := tooltest.Command(t, "go", "golang-go")
	if testing.Short() {
		t.Skip("skipping in -short mode: pre-commit builds topoc with go install (about 20 s)")
	}

	tmp := t.TempDir()
	env := hookEnv(t, goTool, tmp)
	hooks := filepath.Join(tmp, "hooks")
	rev := copyModule(t, git, env, hooks)

	work := filepath.Join(tmp, "work")
	files := map[string]string{
		"pod/fabric.topo.hcl":    podFabric,
		"pod/variables.topo.hcl": podVariables,
		"spare/fabric.topo.hcl":  spareFabric,
		"README.md":              "# designs\n",
		".pre-commit-config.yaml": "repos:\n" +
			"  - repo: " + hooks + "\n" +
			"    rev: " + rev + "\n" +
			"    hooks:\n" +
			"      - id: topoc-check\n" +
			"      - id: topoc-fmt\n",
	}
	for name, text := range files {
		writeFile(t, filepath.Join(work, name), text)
	}
	gitRun(t, git, env, work, "init", "-q")
	gitRun(t, git, env, work, "add", "-A")

	preCommitRun := func(t *testing.T, hook string, files ...string) (string, bool) {
		t.Helper()
		args := append([]string{"run", hook, "--color", "never", "--files"}, files...)
		cmd := exec.Command(preCommit, args...)
		cmd.Dir, cmd.Env = work, env
		out, err := cmd.CombinedOutput()
		// Exit 1 is a failed hook; pre-commit's own errors (it could not
		// build the hooks, a bad manifest) print "An error has occurred"
		// or "An unexpected error has occurred" and exit 1 or 3.
		var ee *exec.ExitError
		if err != nil && (!errors.As(err, &ee) || ee.ExitCode() != 1 || bytes.Contains(out, []byte("error has occurred"))) {
			t.Fatalf("pre-commit %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out), err == nil
	}

	// Oracle for what follows: checked on its own, the fabric file is not
	// a design (var.k is declared in the other file), and the two
	// directories checked as one design clash.
	if code, _, stderr := runTopoc(t, "check", filepath.Join(work, "pod/fabric.topo.hcl")); code != 1 || !strings.Contains(stderr, "[unknown-reference]") {
		t.Fatalf("check of pod/fabric.topo.hcl alone: exit %d, want 1 with unknown-reference:\n%s", code, stderr)
	}
	if code, _, stderr := runTopoc(t, "check", filepath.Join(work, "pod"), filepath.Join(work, "spare")); code != 1 || !strings.Contains(stderr, "[duplicate-name]") {
		t.Fatalf("check of pod and spare as one design: exit %d, want 1 with duplicate-name:\n%s", code, stderr)
	}

	// The first run builds the hooks; if that fails, so would the rest.
	if !t.Run("clean designs pass", func(t *testing.T) {
		out, ok := preCommitRun(t, "topoc-check", "pod/fabric.topo.hcl", "spare/fabric.topo.hcl")
		if !ok || !regexpLine(out, `^topoc check\.+Passed$`) {
			t.Fatalf("topoc-check on two clean designs did not pass:\n%s", out)
		}
		out, ok = preCommitRun(t, "topoc-fmt", "pod/fabric.topo.hcl", "pod/variables.topo.hcl", "spare/fabric.topo.hcl")
		if !ok || !regexpLine(out, `^topoc fmt\.+Passed$`) {
			t.Fatalf("topoc-fmt on formatted files did not pass:\n%s", out)
		}
	}) {
		return
	}

	t.Run("other files are not passed", func(t *testing.T) {
		out, ok := preCommitRun(t, "topoc-check", "README.md")
		if !ok || !regexpLine(out, `^topoc check\.+\(no files to check\)Skipped$`) {
			t.Fatalf("topoc-check ran on README.md:\n%s", out)
		}
	})

	t.Run("broken design fails with the diagnostic", func(t *testing.T) {
		// Only the variables file changes; the error is in the fabric
		// file, which the hook sees because it checks the directory.
		writeFile(t, filepath.Join(work, "pod/variables.topo.hcl"), strings.Replace(podVariables, "default = 4", "default = 5", 1))
		defer writeFile(t, filepath.Join(work, "pod/variables.topo.hcl"), podVariables)
		out, ok := preCommitRun(t, "topoc-check", "pod/variables.topo.hcl")
		if ok || !regexpLine(out, `^topoc check\.+Failed$`) {
			t.Fatalf("topoc-check passed a design with k = 5:\n%s", out)
		}
		for _, want := range []string{
			"Error[invalid-parameter]: Invalid fat_tree parameter k",
			"on pod/fabric.topo.hcl line 3, in fabric \"ft\":",
			"k must be even (got 5)",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("pre-commit output lacks %q:\n%s", want, out)
			}
		}
		// --quiet: no fabric summary, no count line.
		if strings.Contains(out, "errors,") || strings.Contains(out, "endpoints") {
			t.Errorf("topoc-check printed more than diagnostics:\n%s", out)
		}
	})

	t.Run("mis-indented file is formatted", func(t *testing.T) {
		name := filepath.Join(work, "pod/fabric.topo.hcl")
		writeFile(t, name, misIndented)
		defer writeFile(t, name, podFabric)
		out, ok := preCommitRun(t, "topoc-fmt", "pod/fabric.topo.hcl")
		if ok || !regexpLine(out, `^topoc fmt\.+Failed$`) || !strings.Contains(out, "files were modified by this hook") {
			t.Fatalf("topoc-fmt did not fail on a mis-indented file:\n%s", out)
		}
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != podFabric || !bytes.Equal(got, hclwrite.Format([]byte(misIndented))) {
			t.Errorf("topoc-fmt left:\n%s\nwant (hclwrite.Format):\n%s", got, podFabric)
		}
		if out, ok := preCommitRun(t, "topoc-fmt", "pod/fabric.topo.hcl"); !ok {
			t.Errorf("topoc-fmt fails on the file it formatted:\n%s", out)
		}
	})
}

// hookEnv is the environment of git and pre-commit: HOME and
// PRE_COMMIT_HOME in tmp, no system git configuration, and Go builds that
// never touch the network (GOPROXY=off, GOTOOLCHAIN=local) but reuse the
// module and build caches of the go command running this test.
func hookEnv(t *testing.T, goTool, tmp string) []string {
	t.Helper()
	out, err := exec.Command(goTool, "env", "GOMODCACHE", "GOCACHE").Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	caches := strings.Fields(string(out))
	if len(caches) != 2 {
		t.Fatalf("go env GOMODCACHE GOCACHE: %q", out)
	}
	env := []string{
		"HOME=" + filepath.Join(tmp, "home"),
		"PRE_COMMIT_HOME=" + filepath.Join(tmp, "pre-commit-cache"),
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=topoc test", "GIT_AUTHOR_EMAIL=test@example.org",
		"GIT_COMMITTER_NAME=topoc test", "GIT_COMMITTER_EMAIL=test@example.org",
		"GOMODCACHE=" + caches[0], "GOCACHE=" + caches[1],
		"GOPROXY=off", "GOFLAGS=-mod=mod -buildvcs=false", "GOTOOLCHAIN=local",
		"NO_COLOR=1",
	}
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "PATH", "TMPDIR", "LANG", "LC_ALL", "GOROOT":
			env = append(env, kv)
		}
	}
	return env
}

// copyModule commits the files of this module's working tree (tracked and
// untracked, not ignored) to a new git repository at dir and returns the
// commit: pre-commit fetches hook repositories by revision, and the tree
// under test may not be committed yet.
func copyModule(t *testing.T, git string, env []string, dir string) string {
	t.Helper()
	cmd := exec.Command(git, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = moduleRoot
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files in %s (the test copies the module from its git work tree): %v", moduleRoot, err)
	}
	n := 0
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(moduleRoot, name))
		if os.IsNotExist(err) {
			continue // deleted in the work tree
		}
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, name), string(data))
		n++
	}
	if _, err := os.Stat(filepath.Join(dir, ".pre-commit-hooks.yaml")); err != nil {
		t.Fatalf("copied %d files but no .pre-commit-hooks.yaml: %v", n, err)
	}
	gitRun(t, git, env, dir, "init", "-q")
	gitRun(t, git, env, dir, "add", "-A")
	gitRun(t, git, env, dir, "commit", "-q", "-m", "hooks under test")
	return strings.TrimSpace(gitRun(t, git, env, dir, "rev-parse", "HEAD"))
}

func gitRun(t *testing.T, git string, env []string, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(git, args...)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// regexpLine reports whether a line of out matches the regular expression.
func regexpLine(out, expr string) bool {
	return regexp.MustCompile(`(?m)` + expr).MatchString(out)
}

// runTopoc runs topoc in-process and returns its exit code and output.
func runTopoc(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	root := newRoot()
	root.SetArgs(args)
	root.SetOut(&out)
	root.SetErr(&errb)
	root.SetIn(strings.NewReader(""))
	err := root.Execute()
	var ee exitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		code = ee.code
	default:
		t.Fatalf("topoc %s: %v", strings.Join(args, " "), err)
	}
	return code, out.String(), errb.String()
}
