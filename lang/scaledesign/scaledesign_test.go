package scaledesign_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/topoc/topoc/analyzers/inventory"
	"github.com/topoc/topoc/compiler"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/scaledesign"
)

// Every generated design of up to 8k endpoints compiles without error to
// the endpoints it claims, and to its family's closed forms: a k-ary
// fat-tree has 5k²/4 switches and 3k³/4 links; a dragonfly a·g routers
// and a·p·g + g·a(a−1)/2 + g·a·h/2 links; the rail Clos one leaf per rail
// per SU and, being 1:1 at leaf and spine, 3 links per endpoint.
func TestSeriesCompile(t *testing.T) {
	for _, s := range scaledesign.Series() {
		if s.Endpoints > 9000 {
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			f := summarize(t, s.Source)
			if f.Endpoints != s.Endpoints {
				t.Errorf("endpoints %d, want %d", f.Endpoints, s.Endpoints)
			}
			n := s.Endpoints
			switch s.Family {
			case "fattree":
				k := map[int]int{1024: 16, 8192: 32}[n]
				if f.Switches != 5*k*k/4 || f.Links != 3*k*k*k/4 {
					t.Errorf("k=%d: %d switches, %d links; want %d, %d", k, f.Switches, f.Links, 5*k*k/4, 3*k*k*k/4)
				}
			case "dragonfly":
				d := map[int][4]int{1024: {4, 8, 4, 32}, 8192: {8, 16, 8, 64}}[n]
				p, a, h, gr := d[0], d[1], d[2], d[3]
				if f.Switches != a*gr || f.Links != a*p*gr+gr*a*(a-1)/2+gr*a*h/2 {
					t.Errorf("%v: %d routers, %d links", d, f.Switches, f.Links)
				}
			case "rail":
				sus := n / scaledesign.RailGPUsPerNode / scaledesign.RailSUNodes
				leaves := 0
				for _, c := range f.SwitchesByTier {
					if c.Name == "leaf" {
						leaves = c.Count
					}
				}
				if leaves != sus*scaledesign.RailGPUsPerNode || f.Links != 3*n {
					t.Errorf("%d leaves, %d links; want %d, %d", leaves, f.Links, sus*scaledesign.RailGPUsPerNode, 3*n)
				}
			}
		})
	}
}

// The million-GPU shape at its smallest size (4,096 servers: one pod per
// plane) compiles without error to its closed forms: per plane one leaf
// per SU, as many spines as a leaf has uplinks, nodes·64/128 ÷ 64 cores;
// in all 3 links per endpoint.
func TestPlanesCompile(t *testing.T) {
	const nodes = 4096
	f := summarize(t, scaledesign.Planes(nodes))
	n, planes := nodes*scaledesign.RailGPUsPerNode, scaledesign.RailGPUsPerNode
	leaves := planes * nodes / scaledesign.RailSUNodes
	want := map[string]int{"leaf": leaves, "spine": leaves, "core": leaves / 2}
	for _, c := range f.SwitchesByTier {
		if c.Count != want[c.Name] {
			t.Errorf("%d %s switches, want %d", c.Count, c.Name, want[c.Name])
		}
	}
	if f.Endpoints != n || f.Links != 3*n {
		t.Errorf("%d endpoints, %d links; want %d, %d", f.Endpoints, f.Links, n, 3*n)
	}
}

// summarize compiles a design text without error and returns its first
// fabric's inventory.
func summarize(t *testing.T, src string) inventory.Fabric {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "d"+lang.Suffix), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, diags := lang.Load([]string{dir}, lang.Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	g, diags := compiler.Compile(cfg, compiler.Options{})
	if g == nil || diags.HasErrors() {
		t.Fatal(diags)
	}
	return inventory.Summarize(g)[0]
}
