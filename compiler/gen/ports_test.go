package gen

import (
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// checkFabric asserts the invariants every generator keeps: unique node
// names, every node and link of fabric f stamped with origin o, link ends
// on distinct ports below the node's radix, positive capacities.
func checkFabric(t *testing.T, g *ir.Graph, f ir.FabricID, o ir.OriginID) {
	t.Helper()
	names := make(map[string]bool, len(g.Nodes))
	for _, n := range g.Nodes {
		if names[n.Name] {
			t.Fatalf("duplicate node name %q", n.Name)
		}
		names[n.Name] = true
		if !n.InFabric(f) || n.Origin != o {
			t.Fatalf("node %q: fabrics %v origin %d, want fabric %d origin %d", n.Name, n.FabricIDs(), n.Origin, f, o)
		}
	}
	for id, l := range g.AllLinks() {
		if l.Fabric != f || l.Origin != o || l.Breakout != 1 || !(l.CapacityBPS > 0) {
			t.Fatalf("link %d: %+v", id, l)
		}
	}
	adj := g.Adjacency()
	var seen []bool
	for id, n := range g.Nodes {
		seen = seen[:0]
		for _, e := range endsAt(g, adj, ir.NodeID(id)) {
			if e.Port < 0 || (n.Radix > 0 && e.Port >= n.Radix) {
				t.Fatalf("port %d of %q outside [0,%d)", e.Port, n.Name, n.Radix)
			}
			for int(e.Port) >= len(seen) {
				seen = append(seen, false)
			}
			if seen[e.Port] {
				t.Fatalf("port %d of %q used twice", e.Port, n.Name)
			}
			seen[e.Port] = true
		}
	}
	if g.Fabrics[f].Origin != o {
		t.Fatalf("fabric origin %d, want %d", g.Fabrics[f].Origin, o)
	}
}

// kinds counts links by kind.
func kinds(g *ir.Graph) map[ir.LinkKind]int {
	m := map[ir.LinkKind]int{}
	for _, l := range g.AllLinks() {
		m[l.Kind]++
	}
	return m
}

// endsAt returns the link ends at node n (both ends of a self-link).
func endsAt(g *ir.Graph, adj ir.Adjacency, n ir.NodeID) []ir.Port {
	var ends []ir.Port
	for _, l := range adj.Of(n) {
		for _, e := range [2]ir.Port{g.Link(l).A, g.Link(l).B} {
			if e.Node == n {
				ends = append(ends, e)
			}
		}
	}
	return ends
}

// portLinks maps every link end to its link.
func portLinks(g *ir.Graph) map[ir.Port]ir.LinkID {
	m := make(map[ir.Port]ir.LinkID, 2*g.NumLinks())
	for id, l := range g.AllLinks() {
		m[l.A], m[l.B] = ir.LinkID(id), ir.LinkID(id)
	}
	return m
}

// testOrigin gives a graph a non-zero origin to stamp.
func testOrigin(g *ir.Graph) ir.OriginID {
	return g.Origin(g.Range(0))
}
