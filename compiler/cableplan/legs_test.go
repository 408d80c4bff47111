package cableplan

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// TestCableLegsAsSorted checks cableLegs, which counts ends into port
// slots, against the rule it implements done with comparison sorts: the
// ends sorted by (node, port, link, A before B); a port of several ends,
// or one broken-out lane, split; a split port's links led by its first
// (a B end whose A end is split staying with its A end); the legs then
// sorted by (fabric, leader, lane, link). The graphs are random: a few
// switches and hosts, links between random ports (negative ones too),
// some broken out, some on no fabric or an NVLink domain's.
func TestCableLegsAsSorted(t *testing.T) {
	for seed := range uint64(200) {
		g := randomCableGraph(rand.New(rand.NewPCG(seed, 16)))
		var cables []ir.LinkID
		for id, l := range g.AllFabricLinks() {
			if isCable(g, &l) {
				cables = append(cables, id)
			}
		}
		got, want := cableLegs(g, cables), sortedCableLegs(g, cables)
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: cableLegs\n%v\nwant\n%v", seed, got, want)
		}
	}
}

// randomCableGraph returns a small graph of switches and hosts whose
// links share ports often.
func randomCableGraph(r *rand.Rand) *ir.Graph {
	g := &ir.Graph{Fabrics: []ir.Fabric{{Name: "a", Family: ir.FamilyClos}, {Name: "b", Family: ir.FamilyClos}, {Name: "nv", Family: ir.FamilyNVLinkDomain}}}
	nodes := 2 + r.IntN(8)
	for range nodes {
		n := ir.Node{Kind: ir.KindHost, PortRateBPS: 400e9, Parent: ir.None}
		if r.IntN(2) == 0 {
			n.Kind, n.PortRateBPS = ir.KindSwitch, 800e9
		}
		g.Nodes = append(g.Nodes, n)
	}
	port := func() ir.Port {
		return ir.Port{Node: ir.NodeID(r.IntN(nodes)), Port: int32(r.IntN(5) - 1), Lane: int32(r.IntN(3))}
	}
	for range r.IntN(40) {
		l := ir.Link{A: port(), B: port(), CapacityBPS: 400e9, Breakout: int32(1 + r.IntN(2)), Fabric: ir.FabricID(r.IntN(4) - 1)}
		g.AddLink(l)
	}
	return g
}

// sortedCableLegs is cableLegs done with comparison sorts.
func sortedCableLegs(g *ir.Graph, cables []ir.LinkID) []cableLeg {
	type end struct {
		pt ir.Port
		i  int
		b  bool
	}
	var ends []end
	for i, id := range cables {
		l := g.Link(id)
		for side, pt := range [2]ir.Port{l.A, l.B} {
			if pt.Port >= 0 {
				ends = append(ends, end{pt, i, side == 1})
			}
		}
	}
	samePort := func(x, y end) bool { return x.pt.Node == y.pt.Node && x.pt.Port == y.pt.Port }
	slices.SortStableFunc(ends, func(x, y end) int {
		if x.pt.Node != y.pt.Node {
			return int(x.pt.Node - y.pt.Node)
		}
		return int(x.pt.Port - y.pt.Port)
	})
	ports := func(visit func([]end)) {
		for i := 0; i < len(ends); {
			j := i + 1
			for j < len(ends) && samePort(ends[j], ends[i]) {
				j++
			}
			visit(ends[i:j])
			i = j
		}
	}
	splitA, splitB := make([]bool, len(cables)), make([]bool, len(cables))
	ports(func(p []end) {
		l := g.Link(cables[p[0].i])
		if len(p) == 1 && !g.BrokenOut(p[0].pt, &l) {
			return
		}
		for _, e := range p {
			if e.b {
				splitB[e.i] = true
			} else {
				splitA[e.i] = true
			}
		}
	})
	leader := make([]int, len(cables))
	for i := range leader {
		leader[i] = i
	}
	ports(func(p []end) {
		if len(p) == 1 {
			return
		}
		first := -1
		for _, e := range p {
			if e.b && splitA[e.i] {
				continue
			}
			if first < 0 {
				first = e.i
			}
			leader[e.i] = first
		}
	})
	var legs []cableLeg
	for i, id := range cables {
		l := g.Link(id)
		lg := cableLeg{fabric: l.Fabric, leader: int32(cables[leader[i]]), lane: l.A.Lane, link: int32(id), cable: int32(i), split: splitA[i] || splitB[i]}
		if !splitA[i] && splitB[i] {
			lg.swap, lg.lane = true, l.B.Lane
		}
		legs = append(legs, lg)
	}
	slices.SortFunc(legs, func(x, y cableLeg) int {
		for _, d := range []int32{int32(x.fabric - y.fabric), x.leader - y.leader, x.lane - y.lane} {
			if d != 0 {
				return int(d)
			}
		}
		return int(x.link - y.link)
	})
	return legs
}
