package ir

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestInternalsOfReadsServersAlone holds InternalsOf, which reads the
// given servers' links from the membership index, to the index built by
// reading every link of the graph and keeping those whose first end's
// server is given (as it was built before), node by node, on random
// graphs of stamped
// servers (template links between a server's host and components in
// both directions, self-loops), internal links added one by one, and
// fabric links, for every server alone and for random sets of servers.
func TestInternalsOfReadsServersAlone(t *testing.T) {
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 3))
		g := New()
		var servers []NodeID
		for range 3 + rng.IntN(8) {
			base := NodeID(len(g.Nodes))
			kids := 1 + rng.IntN(4)
			g.Nodes = append(g.Nodes, Node{Parent: None, Kind: KindHost})
			for range kids {
				g.Nodes = append(g.Nodes, Node{Parent: base, Kind: KindGPU})
			}
			tmpl := make([]Link, 1+rng.IntN(6))
			for i := range tmpl {
				tmpl[i] = Link{A: Port{Node: NodeID(rng.IntN(kids + 1))}, B: Port{Node: NodeID(rng.IntN(kids + 1))}, CapacityBPS: 1e11, Fabric: None, Breakout: 1}
			}
			g.AddInstance(tmpl, base, kids+1, 1)
			if rng.IntN(2) == 0 { // an internal link added one by one
				g.AddLink(Link{A: Port{Node: base + 1}, B: Port{Node: base + NodeID(kids)}, CapacityBPS: 1e11, Fabric: None, Breakout: 1})
			}
			servers = append(servers, base)
		}
		for range 5 { // fabric links between components
			a, b := NodeID(rng.IntN(len(g.Nodes))), NodeID(rng.IntN(len(g.Nodes)))
			g.AddLink(Link{A: Port{Node: a}, B: Port{Node: b}, CapacityBPS: 4e11, Fabric: 0, Breakout: 1})
		}
		sets := [][]NodeID{}
		for _, s := range servers {
			sets = append(sets, []NodeID{s})
		}
		for range 5 {
			var set []NodeID
			for _, s := range servers {
				if rng.IntN(2) == 0 {
					set = append(set, s, s) // twice: a server named twice counts once
				}
			}
			sets = append(sets, set)
		}
		for _, set := range sets {
			keep := map[NodeID]bool{}
			for _, s := range set {
				keep[s] = true
			}
			want := g.internals(func(l Link) bool { return keep[g.Nodes[l.A.Node].Parent] })
			got := g.InternalsOf(set)
			for n := range NodeID(len(g.Nodes)) {
				if !slices.Equal(got.of(n), want.of(n)) {
					t.Fatalf("seed %d, servers %v, node %d: InternalsOf lists %v, want %v", seed, set, n, got.of(n), want.of(n))
				}
			}
		}
	}
}
