// Package compiletest compiles designs for tests of the packages that read
// the IR (analyzers, emitters): a design directory, a shipped example, or
// HCL source, failing the test with every diagnostic when the design has
// errors; and compares emitted bytes with a golden file.
package compiletest

import (
	"bytes"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pmezard/go-difflib/difflib"

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

// Load loads the design in dir (a file or a directory), failing the test
// on a load error: for tests that compile it themselves
// (compiler.Start).
func Load(t testing.TB, dir string) *lang.Config {
	t.Helper()
	cfg, diags := lang.Load([]string{dir}, lang.Options{})
	if diags.HasErrors() {
		t.Fatalf("load %s: %v", dir, diags)
	}
	return cfg
}

// Checked compiles the design in dir when it loads and builds but fails
// its structural checks (the compiler still returns the graph then), for
// tests that analyze a design the checks reject; it returns the graph and
// the compile diagnostics, failing the test only when no graph is built.
func Checked(t testing.TB, dir string) (*ir.Graph, hcl.Diagnostics) {
	t.Helper()
	g, d := compiler.Compile(Load(t, dir), compiler.Options{})
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
	return Dir(t, Write(t, src), vars...)
}

// Write writes src as a design file in a temporary directory and
// returns its path.
func Write(t testing.TB, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "design.topo.hcl")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// BrokenOutFatTree returns the design of a k-ary fat-tree of 400G links
// whose edge switches (switch_model "S8": 8 × 400G ports, each splittable
// 2 × 200G) take hostsPerEdge 200G hosts on broken-out ports, the fixture
// of the bisection and cabling tests of fat_tree's hosts_per_edge.
func BrokenOutFatTree(k, hostsPerEdge int) string {
	return fmt.Sprintf(`
switch_model "S8" {
  radix     = 8
  port_rate = "400Gb/s"
  breakouts = ["2x200Gb/s"]
}
fabric "ft" {
  fat_tree {
    k              = %d
    link_rate      = "400Gb/s"
    host_rate      = "200Gb/s"
    hosts_per_edge = %d
    switch_model   = "S8"
  }
}
`, k, hostsPerEdge)
}

// RailDGX returns the design of two DGX H100 whose design names come
// from the format name of count.index ("r00/dgx%02d") and, unless
// hostname is "", whose hostnames from the format hostname ("dgx%03d"),
// on a rail-optimized InfiniBand leaf-spine (8 QM9700 leaves, 2 spines):
// the fixture of the hand-off tests of server names.
func RailDGX(name, hostname string) string {
	hn := ""
	if hostname != "" {
		hn = fmt.Sprintf("\n  hostname = format(%q, count.index)", hostname)
	}
	return fmt.Sprintf(`
node_group "dgx" {
  model = "DGX-H100"
  count = 2
  name  = format(%q, count.index)%s
}
fabric "backend" {
  clos {
    endpoints = node_group.dgx.nics.compute
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 2
      up    = 2
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
`, name, hn)
}

// NVL72OverRailLeaves returns the design of racks GB200 NVL72 racks (node
// groups rack0, rack1, … of 18 compute trays, "rack<r>/tray<t>", each
// rack its own nvlink_domain fabric nvl72_rack<r>) on one InfiniBand
// scale-out fabric whose rail leaves take 32 trays each (4 rails, 32 up,
// spines of 2 × leaves-per-rail ports down): a rack of 18 trays
// straddles two leaf groups unless 32 divides where it starts. Trial
// 59's fixture for the hand-offs' NVLink-domain grouping.
func NVL72OverRailLeaves(racks int) string {
	var b strings.Builder
	var eps []string
	for r := range racks {
		fmt.Fprintf(&b, `node_group "rack%[1]d" {
  model = "GB200-NVL72-compute-tray"
  count = 18
  name  = format("rack%[1]d/tray%%02d", count.index)
}
fabric "nvl72_rack%[1]d" {
  nvlink_domain {
    gpu_nodes     = node_group.rack%[1]d.gpus
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}
`, r)
		eps = append(eps, fmt.Sprintf("node_group.rack%d.nics.compute", r))
	}
	leaves := (18*racks + 31) / 32
	fmt.Fprintf(&b, `fabric "scale_out" {
  clos {
    endpoints = [%s]
    rails     = 4
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      count = %d
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
      count = 32
      down  = %d
    }
  }
}
`, strings.Join(eps, ", "), leaves, 4*leaves)
	return b.String()
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

// update is the one -update flag of every golden test of the module: a
// test binary that imports this package takes it, and each golden helper
// below rewrites its files when it is set.
var update = flag.Bool("update", false, "rewrite the golden files the tests compare with (review the diff before committing)")

// Updating reports whether the test runs with -update: golden files are
// rewritten instead of compared (testscript's UpdateScripts reads it).
func Updating() bool { return *update }

// maxDiffLines caps the diff a golden failure prints, so that a changed
// large artifact leaves the test log readable.
const maxDiffLines = 80

// Golden compares got with the file at path; with -update it rewrites the
// file first. what names the artifact in the failure message, which shows
// a unified diff from the golden file to got.
func Golden(t testing.TB, path string, got []byte, what string) {
	t.Helper()
	if *update {
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
		t.Errorf("%s differs from %s; if the change is intended, rerun with -update and review the diff:\n%s", what, path, diffText(path, want, got))
	}
}

// GoldenDir compares files (relative slash paths → bytes) with the tree
// under dir: each file as Golden does, and no file more or less. With
// -update it replaces the tree.
func GoldenDir(t testing.TB, dir string, files map[string][]byte, what string) {
	t.Helper()
	if *update {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
	}
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		Golden(t, filepath.Join(dir, filepath.FromSlash(rel)), files[rel], rel+" of "+what)
	}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if rel, _ := filepath.Rel(dir, p); files[filepath.ToSlash(rel)] == nil {
			t.Errorf("%s: golden file %s is no longer written; rerun with -update if that is intended", what, p)
		}
		return nil
	})
}

// diffText is a unified diff of want (the golden file at path) against
// got, at most maxDiffLines lines (go-difflib, a port of Python's
// difflib).
func diffText(path string, want, got []byte) string {
	d, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A: difflib.SplitLines(string(want)), B: difflib.SplitLines(string(got)),
		FromFile: path, ToFile: "got", Context: 2,
	})
	if err != nil {
		return err.Error()
	}
	lines := strings.SplitAfter(d, "\n")
	if len(lines) > maxDiffLines {
		return strings.Join(lines[:maxDiffLines], "") + fmt.Sprintf("… %d more diff lines\n", len(lines)-maxDiffLines)
	}
	return d
}

// ComposedZones is two zones, each a k = 4 fat-tree on 8-port switches (16
// hosts, non-blocking inside), and a custom fabric that includes both
// and joins their cores with m links.
func ComposedZones(m int) string {
	return fmt.Sprintf(`
switch_model "S8" {
  radix     = 8
  port_rate = "400Gb/s"
}
fabric "zone0" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = "S8"
  }
}
fabric "zone1" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = "S8"
  }
}
fabric "cluster" {
  custom {
    include = ["zone0", "zone1"]
    link {
      count = %d
      a     = "core${count.index %% 4}"
      b     = "zone1/core${count.index %% 4}"
    }
  }
}
`, m)
}
