package compiler

import (
	"slices"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// mapPortsUsed is the oracle for ir.Graph.PortsUsed: a set of (node, port) pairs,
// one per physical port of every link end (Parallel ports for a bundle).
func mapPortsUsed(g *ir.Graph) []int32 {
	used := make([]int32, len(g.Nodes))
	seen := map[[2]int64]bool{}
	for _, l := range g.AllLinks() {
		for _, p := range []ir.Port{l.A, l.B} {
			for k := int64(0); p.Port >= 0 && k < int64(l.Physical()); k++ {
				key := [2]int64{int64(p.Node), int64(p.Port) + k}
				if !seen[key] {
					seen[key] = true
					used[p.Node]++
				}
			}
		}
	}
	return used
}

// The bit-set port count and the map it replaced agree on compiled
// designs (servers with host-interface ports, breakout lanes), and the
// bit set falls back to the map for port numbers too sparse for it.
func TestPortsUsedBitSetMatchesMap(t *testing.T) {
	g, errs := compileSrc(t, `
node_group "dgx" {
  model = "DGX-H100"
  count = 4
}
fabric "c" {
  clos {
    endpoints = node_group.dgx.nics.compute
    rails     = 8
    link_rate = "400Gb/s"
    tier "leaf" {
      model = "SN5600"
      per   = ["rail"]
      down  = 4
      up    = 4
    }
    tier "spine" {
      model = "SN5600"
      count = 4
      down  = 8
    }
  }
}
nic_model "ConnectX-7" {
  ports      = 1
  port_rate  = "400Gb/s"
  pcie_gen   = 5
  pcie_width = 16
  protocol   = "ethernet"
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if a, b := g.PortsUsed().All, mapPortsUsed(g); !slices.Equal(a, b) {
		t.Fatalf("bit set and map disagree")
	}
	// In-server NVLink bundles (ir.Link.Parallel) use one port per
	// physical link: a DGX H100 GPU's 18 NVLink ports, 5·8 = 40 or 4·8 =
	// 32 GPU-facing ports on each NVSwitch (split 5, 5, 4, 4).
	used := g.PortsUsed().All
	for i, n := range g.Nodes {
		switch {
		case n.Kind == ir.KindGPU && used[i] != 18:
			t.Errorf("%s uses %d ports, want 18 NVLink ports", n.Name, used[i])
		case n.Kind == ir.KindNVSwitch && used[i] != 40 && used[i] != 32:
			t.Errorf("%s uses %d ports, want 40 or 32", n.Name, used[i])
		}
	}
	g.AddLink(ir.Link{A: ir.Port{Node: 0, Port: 1 << 30}, B: ir.Port{Node: 1, Port: 3}, CapacityBPS: 1, Fabric: ir.None})
	want := mapPortsUsed(g)
	if got := g.PortsUsed().All; !slices.Equal(got, want) || want[0] != mapPortsUsed(withoutLastLink(g))[0]+1 {
		t.Fatalf("sparse port numbers: bit set %v, map %v", got[:2], want[:2])
	}
}

// The graph's fabric index (ir.Graph.FabricNodes, FabricLinks), which
// the checks walk, lists each fabric's members and links in id order:
// exactly the nodes with the fabric in their list and the links tagged
// with it, on graphs the compiler built.
func TestFabricIndex(t *testing.T) {
	g, errs := compileSrc(t, `
fabric "a" {
  fat_tree {
    k         = 4
    link_rate = "100Gb/s"
  }
}
fabric "b" {
  dragonfly {
    p          = 1
    a          = 2
    h          = 1
    local_rate = "100Gb/s"
  }
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for f := range g.Fabrics {
		var nodes []ir.NodeID
		var links []ir.LinkID
		for i, n := range g.Nodes {
			if n.InFabric(ir.FabricID(f)) {
				nodes = append(nodes, ir.NodeID(i))
			}
		}
		for i, l := range g.AllLinks() {
			if l.Fabric == ir.FabricID(f) {
				links = append(links, ir.LinkID(i))
			}
		}
		if !slices.Equal(g.FabricNodes(ir.FabricID(f)), nodes) || !slices.Equal(g.FabricLinks(ir.FabricID(f)), links) || len(nodes) == 0 {
			t.Errorf("fabric %d: index %d nodes %d links, want %d, %d", f, len(g.FabricNodes(ir.FabricID(f))), len(g.FabricLinks(ir.FabricID(f))), len(nodes), len(links))
		}
	}
}

// withoutLastLink returns a graph of g's nodes and every link of g but
// the last.
func withoutLastLink(g *ir.Graph) *ir.Graph {
	r := &ir.Graph{Nodes: g.Nodes}
	r.SetLinks(g.CopyLinks()[:g.NumLinks()-1])
	return r
}
