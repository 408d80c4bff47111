package compiler

import (
	"slices"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// Pieces counts the pieces of a fabric by union-find; a second method, a
// breadth-first search over the fabric's links, must agree. A k=4
// fat-tree is one piece; cutting every uplink of pod 0's edge switches
// leaves those two edges, with their hosts, as two more pieces.
func TestPiecesAgainstBFS(t *testing.T) {
	g, errs := compileSrc(t, `
fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if got := Pieces(g, 0); got != 1 || bfsPieces(g, 0) != 1 {
		t.Fatalf("connected fat-tree: Pieces %d, BFS %d, want 1", got, bfsPieces(g, 0))
	}
	var kept []ir.Link
	for _, l := range g.Links {
		a, b := g.Nodes[l.A.Node].Name, g.Nodes[l.B.Node].Name
		if l.Kind == "edge_aggregation" && (a == "pod0/edge0" || a == "pod0/edge1" || b == "pod0/edge0" || b == "pod0/edge1") {
			continue
		}
		kept = append(kept, l)
	}
	g.Links = kept
	if got, want := Pieces(g, 0), bfsPieces(g, 0); got != 3 || want != 3 {
		t.Fatalf("pod 0 edges cut off: Pieces %d, BFS %d, want 3", got, want)
	}
}

// bfsPieces counts the pieces of fabric f by breadth-first search over
// its links, from each member not yet reached.
func bfsPieces(g *ir.Graph, f ir.FabricID) int {
	adj := make([][]ir.NodeID, len(g.Nodes))
	for _, l := range g.Links {
		if l.Fabric == f {
			adj[l.A.Node] = append(adj[l.A.Node], l.B.Node)
			adj[l.B.Node] = append(adj[l.B.Node], l.A.Node)
		}
	}
	seen := make([]bool, len(g.Nodes))
	pieces := 0
	for i := range g.Nodes {
		if seen[i] || !g.Nodes[i].InFabric(f) {
			continue
		}
		pieces++
		queue := []ir.NodeID{ir.NodeID(i)}
		seen[i] = true
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			for _, m := range adj[n] {
				if !seen[m] {
					seen[m] = true
					queue = append(queue, m)
				}
			}
		}
	}
	return pieces
}

// mapPortsUsed is the oracle for portsUsed: a set of (node, port) pairs,
// one per physical port of every link end (Parallel ports for a bundle).
func mapPortsUsed(g *ir.Graph) []int32 {
	used := make([]int32, len(g.Nodes))
	seen := map[[2]int64]bool{}
	for _, l := range g.Links {
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
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if a, b := portsUsed(g), mapPortsUsed(g); !slices.Equal(a, b) {
		t.Fatalf("bit set and map disagree")
	}
	// In-server NVLink bundles (ir.Link.Parallel) use one port per
	// physical link: a DGX H100 GPU's 18 NVLink ports, 5·8 = 40 or 4·8 =
	// 32 GPU-facing ports on each NVSwitch (split 5, 5, 4, 4).
	used := portsUsed(g)
	for i, n := range g.Nodes {
		switch {
		case n.Kind == ir.KindGPU && used[i] != 18:
			t.Errorf("%s uses %d ports, want 18 NVLink ports", n.Name, used[i])
		case n.Kind == ir.KindNVSwitch && used[i] != 40 && used[i] != 32:
			t.Errorf("%s uses %d ports, want 40 or 32", n.Name, used[i])
		}
	}
	g.Links = append(g.Links, ir.Link{A: ir.Port{Node: 0, Port: 1 << 30}, B: ir.Port{Node: 1, Port: 3}, CapacityBPS: 1, Fabric: ir.None})
	want := mapPortsUsed(g)
	if got := portsUsed(g); !slices.Equal(got, want) || want[0] != mapPortsUsed(&ir.Graph{Nodes: g.Nodes, Links: g.Links[:len(g.Links)-1]})[0]+1 {
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
		for i, l := range g.Links {
			if l.Fabric == ir.FabricID(f) {
				links = append(links, ir.LinkID(i))
			}
		}
		if !slices.Equal(g.FabricNodes(ir.FabricID(f)), nodes) || !slices.Equal(g.FabricLinks(ir.FabricID(f)), links) || len(nodes) == 0 {
			t.Errorf("fabric %d: index %d nodes %d links, want %d, %d", f, len(g.FabricNodes(ir.FabricID(f))), len(g.FabricLinks(ir.FabricID(f))), len(nodes), len(links))
		}
	}
}
