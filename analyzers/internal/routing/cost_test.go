package routing

import (
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// LinkCost takes the design's cost, else three hops for a dragonfly's
// global link, else one hop; Weighted sees either.
func TestLinkCost(t *testing.T) {
	g := leafSpine(2, 2, 1, 1)
	if Weighted(g, 0) {
		t.Error("a leaf-spine without costs is weighted")
	}
	if c := LinkCost(g, new(g.Link(0))); c != 1 {
		t.Errorf("leaf_spine link costs %d, want 1", c)
	}
	g.LinkRef(0).Cost = 7
	if c := LinkCost(g, new(g.Link(0))); c != 7 || !Weighted(g, 0) {
		t.Errorf("a link of cost 7 costs %d (weighted %v)", c, Weighted(g, 0))
	}
	df := dragonflyGraph(1, 2, 1, 3)
	for _, l := range df.AllLinks() {
		want := int32(1)
		if l.Kind == ir.LinkGlobal {
			want = GlobalLinkWeight
		}
		if c := LinkCost(df, &l); c != want {
			t.Fatalf("dragonfly %s link costs %d, want %d", l.Kind, c, want)
		}
	}
}

// A plane whose links carry costs routes on the search, not the tiered
// closed form (which counts hops), and its shortest paths follow the
// costs: leaves 0 and 1 of a 2-spine leaf-spine, with leaf 0's link to
// spine 0 at cost 5 (Dial's buckets) or 5,000 (the heap), send everything
// through spine 1; at cost 1 they split evenly.
func TestCostsSteerShares(t *testing.T) {
	for _, tc := range []struct {
		cost           int32
		spine0, spine1 float64
	}{{5, 0, 2}, {5000, 0, 2}, {1, 1, 1}} {
		costsSteer(t, tc.cost, tc.spine0, tc.spine1)
	}
}

func costsSteer(t *testing.T, cost int32, spine0, spine1 float64) {
	t.Helper()
	g := leafSpine(2, 2, 1, 1)
	var host0, host1 ir.NodeID
	for i := range g.Nodes {
		switch g.Nodes[i].Name {
		case "host0_0":
			host0 = ir.NodeID(i)
		case "host1_0":
			host1 = ir.NodeID(i)
		}
	}
	for i := range g.NumLinks() {
		l := g.LinkRef(ir.LinkID(i))
		if g.Nodes[l.B.Node].Name == "spine0" && g.Nodes[l.A.Node].Name == "leaf0" {
			l.Cost = cost
		}
	}
	p := NewPlane(g, allLinks, Switches)
	p.SetWeights(func(l ir.Link) int32 { return LinkCost(g, &l) })
	eng, reason := NewEngine(p)
	if eng.Method() != "bfs" || reason != "links carry routing costs" {
		t.Fatalf("cost %d: method %s, reason %q; want the search because of the costs", cost, eng.Method(), reason)
	}
	shares := eng.Shares(Flow{Src: p.Local(host0), Dst: p.Local(host1), Rate: 1}, Options{})
	via := map[string]float64{}
	for _, s := range shares {
		l := g.Link(ir.LinkID(s.Slot / 2))
		for _, end := range []ir.NodeID{l.A.Node, l.B.Node} {
			if n := g.Nodes[end].Name; n == "spine0" || n == "spine1" {
				via[n] += s.Frac
			}
		}
	}
	// Each path through a spine crosses two of its links.
	if via["spine0"] != spine0 || via["spine1"] != spine1 {
		t.Errorf("cost %d: shares through the spines %v, want %g and %g", cost, via, spine0, spine1)
	}
}
