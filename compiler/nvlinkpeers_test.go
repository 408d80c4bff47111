package compiler_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// TestNVLinkPeersBuilt: every DGX-1V server of testdata/mesh gets its
// cube-mesh as 16 GPU–GPU nvlink links (one per pair, its links bundled)
// at 25 GB/s per NVLink, six physical links on every GPU on ports 0–5,
// none twice; the server model lists the pairs for the NCCL file.
func TestNVLinkPeersBuilt(t *testing.T) {
	g := compiletest.Dir(t, filepath.Join(compiletest.Root(t), "testdata", "mesh"))
	perServer := map[ir.NodeID]int{}
	ports := map[ir.NodeID][]int32{}
	for _, l := range g.AllLinks() {
		a, b := &g.Nodes[l.A.Node], &g.Nodes[l.B.Node]
		if a.Kind != ir.KindGPU || b.Kind != ir.KindGPU {
			continue
		}
		if l.Kind != ir.LinkNVLink || a.Parent != b.Parent || l.CapacityBPS != float64(l.Physical())*200e9 {
			t.Fatalf("GPU link %s–%s: kind %v, %g b/s over %d links", a.Name, b.Name, l.Kind, l.CapacityBPS, l.Physical())
		}
		perServer[a.Parent]++
		for _, end := range []ir.Port{l.A, l.B} {
			for k := range l.Physical() {
				ports[end.Node] = append(ports[end.Node], end.Port+k)
			}
		}
	}
	if len(perServer) != 8 {
		t.Fatalf("GPU links on %d servers, want 8", len(perServer))
	}
	for srv, n := range perServer {
		if n != 16 {
			t.Errorf("%s: %d GPU pairs linked, want 16", g.Nodes[srv].Name, n)
		}
	}
	for gpu, ps := range ports {
		slices.Sort(ps)
		if !slices.Equal(ps, []int32{0, 1, 2, 3, 4, 5}) {
			t.Errorf("%s: NVLink ports %v, want 0–5 once each", g.Nodes[gpu].Name, ps)
		}
	}
	if sm := g.ServerModels[0]; len(sm.NVLinkPeers) != 16 || sm.NVLinkPeers[3] != (ir.GPUPeer{A: 0, B: 4, Links: 2}) || sm.NVLinksPerGPU != 0 {
		t.Errorf("server model peers %v (NVSwitch links %d), want 16 with [0 4 2] fourth and no NVSwitch links", sm.NVLinkPeers, sm.NVLinksPerGPU)
	}
}
