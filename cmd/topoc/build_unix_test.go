//go:build unix

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// oldBuild is the output of an earlier build that a failed or interrupted
// one must leave as it was.
var oldBuild = map[string]string{
	"cabling/plan.csv":  "old plan\n",
	"ir.json":           "{\"old\": true}\n",
	"netbox/cables.csv": "old cables\n",
}

func writeOldBuild(t *testing.T, out string) {
	t.Helper()
	for p, data := range oldBuild {
		full := filepath.Join(out, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// assertOldBuild fails unless out holds exactly the old build: the same
// files with the same bytes, nothing new (a half-written set, a hidden
// temporary file, a staging directory).
func assertOldBuild(t *testing.T, out string) {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		switch {
		case rel == ".":
		case strings.HasPrefix(d.Name(), "."):
			t.Errorf("%s left behind in the output directory", rel)
		case d.IsDir():
			if rel != "cabling" && rel != "netbox" {
				t.Errorf("new directory %s left behind", rel)
			}
		default:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			got[filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range oldBuild {
		if got[p] != want {
			t.Errorf("%s = %.40q, want the old %q", p, got[p], want)
		}
	}
	for p := range got {
		if _, ok := oldBuild[p]; !ok {
			t.Errorf("new file %s written beside the old output", p)
		}
	}
}

// A build that fails part-way, here because netbox/ may not be written,
// leaves the old output as it was: before, cabling/ and ir.json were
// already replaced when netbox/cables.csv failed. Root ignores directory
// permissions, so as root the build runs as nobody.
func TestBuildUnwritableSubdir(t *testing.T) {
	tmp := t.TempDir()
	// t.TempDir makes its directory and the one above it 0700.
	for _, d := range []string{filepath.Dir(tmp), tmp} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	design := filepath.Join(tmp, "design")
	if err := os.Mkdir(design, 0o755); err != nil {
		t.Fatal(err)
	}
	srcs, _ := filepath.Glob("../../examples/fat-tree-k8/*.topo.hcl")
	if len(srcs) == 0 {
		t.Fatal("no example design")
	}
	for _, s := range srcs {
		b, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(design, filepath.Base(s)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(tmp, "out")
	writeOldBuild(t, out)
	cmd := exec.Command("topoc", "build", design, "-o", out, "--emit", "cabling,ir,netbox")
	if os.Geteuid() == 0 {
		// testscript.Main's copy of the test binary sits in a directory
		// only root may enter: run a copy that nobody may execute.
		bin := filepath.Join(tmp, "bin", "topoc")
		copyExecutable(t, bin)
		cmd.Path = bin
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		// The test binary links Graphviz (for topoc-render), whose
		// initialisation caches files under $TMPDIR: one nobody may write.
		tmpdir := filepath.Join(tmp, "tmp")
		if err := os.Mkdir(tmpdir, 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(tmpdir, 0o777); err != nil {
			t.Fatal(err)
		}
		cmd.Env = append(os.Environ(), "TMPDIR="+tmpdir)
		if err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
			if err == nil {
				err = os.Lchown(p, 65534, 65534)
			}
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	nb := filepath.Join(out, "netbox")
	if err := os.Chmod(nb, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(nb, 0o755) })
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 {
		t.Fatalf("build into an unwritable netbox/: %v, want exit 2; stderr:\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "permission denied") || !strings.Contains(stderr.String(), "nothing was written") {
		t.Errorf("stderr %q, want permission denied and nothing was written", stderr.String())
	}
	assertOldBuild(t, out)
}

func copyExecutable(t *testing.T, dst string) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(self)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(f, in); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// SIGINT during a build of the 131,072-GPU example, while it compiles or
// while it writes its gigabyte of files, stops it at once with exit 130
// and leaves the old output as it was: no file of the new set, no hidden
// temporary file, no staging directory.
func TestBuildInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 131k example")
	}
	for _, when := range []string{"compiling", "writing"} {
		t.Run(when, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			writeOldBuild(t, out)
			cmd, stderr, exited := startTopoc(t, "build", "../../examples/rail-optimized-131k", "-o", out, "--emit", "cabling,ir,graphml,netbox")
			if when == "compiling" {
				time.Sleep(300 * time.Millisecond)
			} else if !waitForStaging(out, exited) {
				t.Fatalf("the build ended before it staged any file; stderr:\n%s", stderr.String())
			}
			if err := cmd.Process.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
			sent := time.Now()
			var err error
			select {
			case err = <-exited:
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				t.Fatal("the build did not stop within 30 s of SIGINT")
			}
			t.Logf("stopped %v after SIGINT", time.Since(sent).Round(time.Millisecond))
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 130 {
				t.Fatalf("interrupted build: %v, want exit 130; stderr:\n%s", err, stderr.String())
			}
			if !strings.Contains(stderr.String(), "nothing was written, the output directory is as it was") {
				t.Errorf("stderr %q does not say nothing was written", stderr.String())
			}
			assertOldBuild(t, out)
		})
	}
}

// waitForStaging waits until the build has created its staging directory
// in out (it is writing files), or until it exits.
func waitForStaging(out string, exited chan error) bool {
	for {
		select {
		case err := <-exited:
			exited <- err
			return false
		case <-time.After(2 * time.Millisecond):
		}
		ents, _ := os.ReadDir(out)
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), ".topoc-staging-") {
				if staged, _ := os.ReadDir(filepath.Join(out, e.Name())); len(staged) > 0 {
					return true
				}
			}
		}
	}
}

// TestReportInterrupted: report writes through the same staged writer and
// stops on SIGHUP (a closed terminal) as build does on SIGINT: exit 129
// and no output directory, staging directory or temporary file left. The
// design is 150 small fabrics, so that staging is reached quickly.
func TestReportInterrupted(t *testing.T) {
	dir := t.TempDir()
	var src strings.Builder
	for i := 0; i < 150; i++ {
		fmt.Fprintf(&src, "fabric \"f%d\" {\n  fat_tree {\n    k         = 2\n    link_rate = \"400Gb/s\"\n  }\n}\n", i)
	}
	if err := os.WriteFile(filepath.Join(dir, "design.topo.hcl"), []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	cmd, stderr, exited := startTopoc(t, "report", dir, "-o", out)
	if !waitForStaging(out, exited) {
		t.Fatalf("the report ended before it staged any file; stderr:\n%s", stderr.String())
	}
	if err := cmd.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	var err error
	select {
	case err = <-exited:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the report did not stop within 30 s of SIGHUP")
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 129 {
		t.Fatalf("interrupted report: %v, want exit 129; stderr:\n%s", err, stderr.String())
	}
	if _, err := os.Lstat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the output directory the report created is still there (%v)", err)
	}
}

// startTopoc starts topoc (the test binary on PATH) with args, its stderr
// captured, and returns a channel that receives its exit.
func startTopoc(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer, chan error) {
	t.Helper()
	ready := filepath.Join(t.TempDir(), "ready")
	cmd := exec.Command("topoc", args...)
	cmd.Env = append(os.Environ(), ReadyEnv+"="+ready)
	stderr := new(bytes.Buffer)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	// A signal before topoc's handler is installed kills it the default
	// way; wait until it is (ReadyEnv), however loaded the machine.
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(ready); err == nil {
			break
		}
		select {
		case err := <-exited:
			exited <- err // the command ended first: let the caller see it
			return cmd, stderr, exited
		default:
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("topoc %v did not install its signal handler within 60 s", args)
		}
	}
	return cmd, stderr, exited
}
