package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCLI renders one DOT file the way `dot -Tsvg` would, picks the
// engine from the layout attribute, and rejects bad usage with exit 2.
func TestCLI(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.dot")
	if err := os.WriteFile(file, []byte("digraph {\n  layout=\"neato\";\n  a [pos=\"0,0!\"]; b [pos=\"2,0!\"]; a -> b;\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-T", "svg", file}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	// neato honours the pinned positions: b is 2 in = 144 pt right of a.
	if !bytes.Contains(out.Bytes(), []byte("<svg")) || !bytes.Contains(out.Bytes(), []byte(`<title>b</title>`)) {
		t.Errorf("not the SVG of the graph:\n%s", out.String())
	}
	for _, args := range [][]string{{"-T"}, {"-T", "svg", "a", "b"}, {"-bogus"}} {
		if code := run(args, nil, &out, &errb); code != 2 {
			t.Errorf("run(%v) = %d, want 2", args, code)
		}
	}
	if code := run([]string{"-T", "gif", file}, nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "unknown output format") {
		t.Errorf("-T gif: exit %d, %s", code, errb.String())
	}
}

// large are the examples whose build takes minutes on a shared 2-core
// machine (hundreds of thousands of links, gigabyte IR JSON and GraphML);
// TOPOC_TEST_LARGE=1 includes them. docs/performance.md records their
// timings.
var large = map[string]bool{"rail-optimized-131k": true, "dragonfly-545": true}

// TestBuildEveryExample builds topoc and topoc-render and runs
// `topoc build --emit ir,graphml,dot,svg,png` on every example (issue 5,
// "Done when"): exit 0, the IR, GraphML and an overview in each diagram
// format per fabric; for two small examples a second run writes identical
// bytes.
func TestBuildEveryExample(t *testing.T) {
	if testing.Short() {
		t.Skip("builds both commands and every example; skipped with -short")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not available")
	}
	bin := t.TempDir()
	build := exec.Command(goCmd, "build", "-o", bin+string(os.PathSeparator), "github.com/topoc/topoc/cmd/topoc", "github.com/topoc/topoc/cmd/topoc-render")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	topoc := filepath.Join(bin, "topoc")
	examples, err := filepath.Glob(filepath.Join("..", "..", "examples", "*", "*.topo.hcl"))
	if err != nil || len(examples) < 7 {
		t.Fatalf("found %d examples (%v)", len(examples), err)
	}
	seen := map[string]bool{}
	for _, f := range examples {
		ex := filepath.Dir(f)
		name := filepath.Base(ex)
		if seen[name] {
			continue
		}
		seen[name] = true
		if large[name] && os.Getenv("TOPOC_TEST_LARGE") != "1" {
			t.Logf("%s: skipped (set TOPOC_TEST_LARGE=1)", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			runBuild(t, topoc, ex, out)
			for _, p := range []string{"ir.json", "graph.graphml"} {
				if st, err := os.Stat(filepath.Join(out, p)); err != nil || st.Size() == 0 {
					t.Errorf("%s missing or empty", p)
				}
			}
			overviews, _ := filepath.Glob(filepath.Join(out, "diagrams", "*", "overview.*"))
			if len(overviews) == 0 || len(overviews)%3 != 0 {
				t.Errorf("overview files: %v", overviews)
			}
			if name == "fat-tree-k8" || name == "dragonfly-small" {
				again := filepath.Join(t.TempDir(), "again")
				runBuild(t, topoc, ex, again)
				sameTree(t, out, again)
			}
		})
	}
}

func runBuild(t *testing.T, topoc, example, out string) {
	t.Helper()
	cmd := exec.Command(topoc, "build", example, "-o", out, "--emit", "ir,graphml,dot,svg,png")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("topoc build %s: %v\n%s", example, err, stderr.String())
	}
}

// sameTree fails unless directories a and b hold the same files with the
// same bytes.
func sameTree(t *testing.T, a, b string) {
	t.Helper()
	files := map[string][]byte{}
	filepath.WalkDir(a, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(a, p)
			files[rel], _ = os.ReadFile(p)
		}
		return nil
	})
	n := 0
	filepath.WalkDir(b, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		n++
		rel, _ := filepath.Rel(b, p)
		data, _ := os.ReadFile(p)
		if want, ok := files[rel]; !ok || !bytes.Equal(want, data) {
			t.Errorf("second run: %s differs", rel)
		}
		return nil
	})
	if n != len(files) || n == 0 {
		t.Errorf("first run wrote %d files, second %d", len(files), n)
	}
}
