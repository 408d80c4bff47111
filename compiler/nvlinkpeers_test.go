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

// TestNVLinkPeersDropped: a model that extends a mesh model and declares
// nvlink_peer { count = 0 } has no peers of its own, so its NVSwitches
// are allowed and its GPUs join no other GPU directly (trial 70: the
// base's peers could not be dropped).
func TestNVLinkPeersDropped(t *testing.T) {
	src := compiletest.MeshServer(4, [][3]int{{0, 1, 2}, {1, 2, 2}, {2, 3, 2}, {3, 0, 2}}) + `
node_model "switched" {
  base       = "mesh"
  nvswitches = 2
  nvlink_peer {
    count = 0
    gpus  = [0, 1]
  }
}
node_group "s" {
  model = "switched"
  count = 1
}
`
	g := compiletest.Source(t, src)
	for _, l := range g.AllLinks() {
		a, b := &g.Nodes[l.A.Node], &g.Nodes[l.B.Node]
		if a.Kind == ir.KindGPU && b.Kind == ir.KindGPU && g.Nodes[a.Parent].ModelName() == "switched" {
			t.Fatalf("%s–%s: a GPU–GPU link on a model that dropped its base's peers", a.Name, b.Name)
		}
	}
	for _, sm := range g.ServerModels {
		if sm.Name == "switched" && (len(sm.NVLinkPeers) != 0 || sm.NVLinksPerGPU == 0) {
			t.Errorf("switched: %d peers, %d NVSwitch links a GPU; want none and its NVSwitches'", len(sm.NVLinkPeers), sm.NVLinksPerGPU)
		}
	}
}
