package pcie_test

import (
	"path/filepath"
	"testing"

	"github.com/topoc/topoc/analyzers/pcie"
	"github.com/topoc/topoc/compiler/compiletest"
)

// nvlinkBPS is one NVLink of the mesh fixtures: 25 GB/s per direction.
const nvlinkBPS = 25e9 * 8

// TestMeshBisection checks the NVLink bisection and the GPU pair classes
// of direct meshes against closed forms: a complete mesh of n GPUs with
// one link a pair cuts ⌊n/2⌋·⌈n/2⌉ links; a ring of n GPUs with k links
// a hop cuts 2k, and its pairs are NVL (neighbours, n of them), NVB (two
// hops, through one GPU: n more for n ≥ 5) and PCIe beyond; DGX-1's
// cube-mesh cuts 6 NVLinks between its quads (GPU i to i+4: 2, 2, 1, 1;
// NVIDIA WP-08437-002), 1.2 Tb/s, with 16 pairs NVL and the other 12 NVB.
func TestMeshBisection(t *testing.T) {
	complete := func(n int) [][3]int {
		var out [][3]int
		for a := range n {
			for b := a + 1; b < n; b++ {
				out = append(out, [3]int{a, b, 1})
			}
		}
		return out
	}
	ring := func(n, k int) [][3]int {
		var out [][3]int
		for a := range n {
			out = append(out, [3]int{a, (a + 1) % n, k})
		}
		return out
	}
	for _, tc := range []struct {
		name          string
		gpus          int
		pairs         [][3]int
		links, linked int
		cut           int
		nvl, nvb      int
	}{
		{"complete 4", 4, complete(4), 6, 6, 4, 6, 0},
		{"complete 5", 5, complete(5), 10, 10, 6, 10, 0},
		{"complete 8", 8, complete(8), 28, 28, 16, 28, 0},
		{"ring 6 × 2", 6, ring(6, 2), 12, 6, 4, 6, 6},
		{"ring 7 × 1", 7, ring(7, 1), 7, 7, 2, 7, 7},
		{"ring 8 × 3", 8, ring(8, 3), 24, 8, 6, 8, 8},
	} {
		g := compiletest.Source(t, compiletest.MeshServer(tc.gpus, tc.pairs))
		m := model(t, pcie.Analyze(g).Models, "mesh")
		if m.Mesh == nil {
			t.Fatalf("%s: no mesh", tc.name)
		}
		me := m.Mesh
		if me.NVLinks != tc.links || me.LinkedPairs != tc.linked || me.Pairs != tc.gpus*(tc.gpus-1)/2 {
			t.Errorf("%s: %d NVLinks over %d of %d pairs, want %d over %d of %d", tc.name, me.NVLinks, me.LinkedPairs, me.Pairs, tc.links, tc.linked, tc.gpus*(tc.gpus-1)/2)
		}
		if me.BisectionLinks != tc.cut || !near(me.BisectionBPS, float64(tc.cut)*nvlinkBPS) {
			t.Errorf("%s: bisection %d links %g b/s, want %d links %g", tc.name, me.BisectionLinks, me.BisectionBPS, tc.cut, float64(tc.cut)*nvlinkBPS)
		}
		cls := map[string]int{}
		for _, c := range me.Classes {
			cls[c.Class] = c.Pairs
		}
		if cls["NVL"] != tc.nvl || cls["NVB"] != tc.nvb {
			t.Errorf("%s: pair classes %v, want NVL %d, NVB %d", tc.name, me.Classes, tc.nvl, tc.nvb)
		}
	}

	g := compiletest.Dir(t, filepath.Join(compiletest.Root(t), "testdata", "mesh"))
	m := model(t, pcie.Analyze(g).Models, "DGX-1V")
	me := m.Mesh
	if me == nil || me.LinkedPairs != 16 || me.NVLinks != 24 || me.BisectionLinks != 6 || !near(me.BisectionBPS, 1.2e12) || me.Splits != 35 {
		t.Fatalf("DGX-1V mesh %+v, want 16 pairs, 24 NVLinks, bisection 6 links 1.2 Tb/s over 35 splits", me)
	}
	if c := classes(pcie.Model{Classes: me.Classes}); c["NVL"] != 16 || c["NVB"] != 12 {
		t.Errorf("DGX-1V pair classes %v, want NVL 16, NVB 12", me.Classes)
	}
}

// TestNoMeshWithNVSwitches: GPUs that meet through NVSwitches are no
// direct mesh, so a DGX H100 has no Mesh.
func TestNoMeshWithNVSwitches(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod")
	if m := model(t, pcie.Analyze(g).Models, "DGX-H100"); m.Mesh != nil {
		t.Errorf("DGX-H100: mesh %+v, want none", m.Mesh)
	}
}
