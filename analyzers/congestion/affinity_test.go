package congestion

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/topoc/topoc/analyzers/pcie"
	"github.com/topoc/topoc/compiler/emit/nccl"
	"github.com/topoc/topoc/compiler/ir"
)

// TestOneAffinity: for every built-in node model with NICs, the NIC each
// GPU uses is the same in the pcie analyzer's report, the NCCL XML's path
// table and the congestion routing (issue 11: three tie-breaks used to
// disagree, DGX A100's second GPU of each switch among them).
func TestOneAffinity(t *testing.T) {
	for _, model := range []string{"DGX-H100", "HGX-H100", "DGX-B200", "DGX-A100", "GB200-NVL72-compute-tray", "ND-H100-v5"} {
		t.Run(model, func(t *testing.T) {
			dir := t.TempDir()
			src := `node_group "n" {
  model = "` + model + `"
  count = 2
}
fabric "f" {
  clos {
    endpoints = node_group.n.nics.compute
    tier "leaf" {
      model = "QM9700"
      down  = 64
    }
  }
}
`
			if err := os.WriteFile(filepath.Join(dir, "d.topo.hcl"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			g := build(t, nil, dir)
			rep := pcie.Analyze(g).Fabrics[0]
			if len(rep) != 1 {
				t.Fatalf("pcie: %d models on the fabric, want 1", len(rep))
			}
			var gpus []ir.NodeID
			server := ir.NodeID(ir.None)
			for i, n := range g.Nodes {
				if n.Kind == ir.KindHost && n.RoleName() == "server" && server == ir.None {
					server = ir.NodeID(i)
				}
				if n.Kind == ir.KindGPU && n.Parent == server && server != ir.None {
					gpus = append(gpus, ir.NodeID(i))
				}
			}
			s := newSystem(g)
			m := s.nicsOf(0, gpus)
			var sm *ir.ServerModel
			for i := range g.ServerModels {
				if g.ServerModels[i].Name == model {
					sm = &g.ServerModels[i]
				}
			}
			paths := nccl.Paths(g, sm)
			prefix := g.Nodes[server].Name + "/"
			// Every built-in model has as many compute NICs as GPUs, and
			// each GPU then has a NIC of its own: 1:1 under one switch on
			// H100, B200 and Azure ND, 2 GPUs and 2 NICs per switch on
			// A100 (nodes.md §8), which NCCL spreads one per GPU
			// (ncclTopoGetLocalNet, src/graph/search.cc).
			used := map[ir.NodeID]bool{}
			for _, gpu := range gpus {
				if used[m.of[gpu]] {
					t.Errorf("%s shares %s with another GPU", g.Nodes[gpu].Name, g.Nodes[m.of[gpu]].Name)
				}
				used[m.of[gpu]] = true
			}
			for i, gpu := range gpus {
				route := strings.TrimPrefix(g.Nodes[m.of[gpu]].Name, prefix)
				if got := rep[0].GPUs[i].NIC; got != route {
					t.Errorf("gpu%d: pcie report says %s, congestion routes over %s", i, got, route)
				}
				if paths != nil {
					if x := sm.PCI[paths[i].NIC].Name; x != route {
						t.Errorf("gpu%d: NCCL XML path table says %s, congestion routes over %s", i, x, route)
					}
				}
			}
		})
	}
}
