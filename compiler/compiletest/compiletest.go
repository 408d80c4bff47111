// Package compiletest compiles designs for tests of the packages that read
// the IR (analyzers, emitters): a design directory, a shipped example, or
// HCL source, failing the test with every diagnostic when the design has
// errors; and compares emitted bytes with a golden file.
package compiletest

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// Dir loads and compiles the design in dir (a file or a directory) with
// the given --var assignments ("name=value").
func Dir(t testing.TB, dir string, vars ...string) *ir.Graph {
	t.Helper()
	cfg, diags := lang.Load([]string{dir}, lang.Options{Vars: vars})
	if !diags.HasErrors() {
		g, d := compiler.Compile(cfg, compiler.Options{})
		diags = append(diags, d...)
		if !diags.HasErrors() && g != nil {
			return g
		}
	}
	for _, d := range diags {
		t.Errorf("%s: %s [%s] %s", d.Subject, d.Summary, diag.CodeOf(d), d.Detail)
	}
	t.FailNow()
	return nil
}

// Checked compiles the design in dir when it loads and builds but fails
// its structural checks (the compiler still returns the graph then), for
// tests that analyze a design the checks reject; it returns the graph and
// the compile diagnostics, failing the test only when no graph is built.
func Checked(t testing.TB, dir string) (*ir.Graph, hcl.Diagnostics) {
	t.Helper()
	cfg, diags := lang.Load([]string{dir}, lang.Options{})
	if diags.HasErrors() {
		t.Fatalf("load %s: %v", dir, diags)
	}
	g, d := compiler.Compile(cfg, compiler.Options{})
	if g == nil {
		t.Fatalf("compile %s: %v", dir, d)
	}
	return g, d
}

// Example compiles examples/<name> of this repository.
func Example(t testing.TB, name string, vars ...string) *ir.Graph {
	t.Helper()
	return Dir(t, filepath.Join(Root(t), "examples", name), vars...)
}

// Source compiles one design file holding src.
func Source(t testing.TB, src string, vars ...string) *ir.Graph {
	t.Helper()
	path := filepath.Join(t.TempDir(), "design.topo.hcl")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return Dir(t, path, vars...)
}

// Root returns the repository root: the nearest directory above the
// test's working directory that holds go.mod.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// Golden compares got with the file at path; with update it rewrites the
// file first. what names the artifact in the failure message.
func Golden(t testing.TB, path string, got []byte, update bool, what string) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s; if the change is intended, rerun with -update and review the diff", what, path)
	}
}
