package checks

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// The union-finds over a fabric view's sorted links (checkConnected's
// over every link, switchPieces' over the switch links) put the same
// nodes together as one over the fabric's links in link order, the way
// both were once made: on random fabrics of switches and hosts with
// links between any two, some of another fabric.
func TestViewPiecesMatchLinkOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 3))
	for trial := range 200 {
		g := ir.New()
		g.Fabrics = []ir.Fabric{{Name: "a"}, {Name: "b"}}
		n := 2 + rng.IntN(30)
		for i := range n {
			kind := ir.KindHost
			if rng.IntN(2) == 0 {
				kind = ir.KindSwitch
			}
			id := g.AddNode(ir.NewNode(string(rune('a'+i)), kind))
			if rng.IntN(5) > 0 {
				g.JoinFabric(id, 0)
			}
		}
		for range rng.IntN(2 * n) {
			g.AddLink(ir.Link{A: ir.Port{Node: ir.NodeID(rng.IntN(n))}, B: ir.Port{Node: ir.NodeID(rng.IntN(n))}, Fabric: ir.FabricID(rng.IntN(2))})
		}
		v := newFabricView(g, 0)
		var swIDs []ir.LinkID
		for _, id := range v.links {
			if l := g.Link(id); g.Nodes[l.A.Node].Kind.IsSwitch() && g.Nodes[l.B.Node].Kind.IsSwitch() {
				swIDs = append(swIDs, id)
			}
		}
		sc := newCheckScratch(n)
		all := unionFind(v.members, v.allEnds(g), make([]int32, n))
		want := unionFind(v.members, linkEnds(g, v.links), make([]int32, n))
		samePartition(t, trial, "every link", v.members, all, want)
		switches := slices.Clone(v.switches) // and the edge links' switches, which checkEndpointRelay asks
		for _, e := range v.edges {
			switches = append(switches, e.sw)
		}
		sw := v.switchPieces(sc)
		want = unionFind(switches, linkEnds(g, swIDs), make([]int32, n))
		samePartition(t, trial, "switch links", switches, sw, want)
	}
}

// samePartition fails the test unless find and want put each two of
// nodes in one piece alike.
func samePartition(t *testing.T, trial int, what string, nodes []ir.NodeID, find, want func(int32) int32) {
	t.Helper()
	for _, x := range nodes {
		for _, y := range nodes {
			if (find(int32(x)) == find(int32(y))) != (want(int32(x)) == want(int32(y))) {
				t.Fatalf("trial %d, %s: nodes %d and %d together %v, want %v", trial, what, x, y, find(int32(x)) == find(int32(y)), want(int32(x)) == want(int32(y)))
			}
		}
	}
}
