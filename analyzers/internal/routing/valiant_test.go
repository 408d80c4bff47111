package routing

import (
	"fmt"
	"math"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// dragonflyGraph builds g groups of a routers (a complete graph inside a
// group), p terminals per router and the a·h global ports of each group
// spread round-robin over the other groups (g−1 must divide a·h), links
// of 100 Gb/s, labelled with their group like the generator's.
func dragonflyGraph(p, a, h, g int) *ir.Graph {
	gr := ir.New()
	gr.AddFabric(ir.Fabric{Name: "df", Family: "dragonfly"})
	routers := make([][]ir.NodeID, g)
	for gi := 0; gi < g; gi++ {
		for r := 0; r < a; r++ {
			n := ir.NewNode(fmt.Sprintf("group%d/router%d", gi, r), ir.KindSwitch)
			n.UnitIndex = int32(gi)
			n.SetUnit("group")
			routers[gi] = append(routers[gi], gr.AddNode(n))
		}
		for i := 0; i < a; i++ {
			for j := i + 1; j < a; j++ {
				addLink(gr, routers[gi][i], routers[gi][j], 100e9, ir.LinkLocal)
			}
		}
	}
	free := make([]int, g) // next global port of each group
	per := a * h / (g - 1)
	for i := 0; i < g; i++ {
		for j := i + 1; j < g; j++ {
			for k := 0; k < per; k++ {
				x, y := routers[i][free[i]/h], routers[j][free[j]/h]
				free[i]++
				free[j]++
				addLink(gr, x, y, 100e9, ir.LinkGlobal)
			}
		}
	}
	for gi := 0; gi < g; gi++ {
		for r, rt := range routers[gi] {
			for t := 0; t < p; t++ {
				n := ir.NewNode(fmt.Sprintf("group%d/router%d/host%d", gi, r, t), ir.KindHost)
				n.UnitIndex = int32(gi)
				n.SetUnit("group")
				addLink(gr, gr.AddNode(n), rt, 100e9, ir.LinkTerminal)
			}
		}
	}
	return gr
}

// dragonflyPlane is the plane of dragonflyGraph with global links
// weighted 3, as the congestion analyzer weights them.
func dragonflyPlane(p, a, h, g int) (*Plane, *BFS, []int32) {
	gr := dragonflyGraph(p, a, h, g)
	pl := NewPlane(gr, allLinks, Switches)
	pl.SetWeights(func(l ir.Link) int32 {
		if l.Kind == ir.LinkGlobal {
			return 3
		}
		return 1
	})
	return pl, NewBFS(pl), Groups(pl)
}

// allToAll is every terminal sending rate to every other (one block),
// and the same pairs listed as flows.
func allToAll(p *Plane, rate float64, qps int32) (block, listed *Demand) {
	var b Block
	listed = &Demand{}
	eps := endpoints(p)
	for _, e := range eps {
		b.Src = append(b.Src, Source{Node: e, Rate: rate, Bytes: 2 * rate, Key: -1})
		b.Dst = append(b.Dst, Sink{Node: e, Weight: 1, Key: -1})
	}
	b.QPs = qps
	for i, s := range eps {
		for j, d := range eps {
			if s != d {
				listed.Flows = append(listed.Flows, Flow{Src: s, Dst: d, Rate: rate, Bytes: 2 * rate, QPs: qps, ID: uint64(i*len(eps) + j)})
			}
		}
	}
	return &Demand{Blocks: []Block{b}}, listed
}

func congestion(p *Plane, l *Loads) float64 {
	var cf float64
	for s := 0; s < l.Len(); s++ {
		if c := p.CapacityBPS(int32(s)); c > 0 {
			cf = math.Max(cf, l.Rate(s)/c)
		}
	}
	return cf
}

// TestValiantAggregateMatchesWalk: an AllToAll routed by router pair in
// aggregate loads every link direction as walking each of its pairs does,
// under Ideal (the same even split) and, beyond the walk budget, under
// Hash (whose expectation the even split is), on dragonflies with one and
// with two global links between each pair of groups; with exclusion keys
// (servers of two terminals) too.
func TestValiantAggregateMatchesWalk(t *testing.T) {
	for _, c := range [][4]int{{2, 4, 2, 9}, {2, 4, 2, 5}, {3, 3, 2, 4}} {
		p, e, groups := dragonflyPlane(c[0], c[1], c[2], c[3])
		blk, listed := allToAll(p, 1e9, 2)
		for keyed := range 2 {
			name := fmt.Sprintf("%v keyed=%d", c, keyed)
			if keyed == 1 {
				b := &blk.Blocks[0]
				for i := range b.Src {
					b.Src[i].Key, b.Dst[i].Key = int32(i/2), int32(i/2)
				}
				kept := listed.Flows[:0]
				eps := endpoints(p)
				idx := map[int32]int{}
				for i, u := range eps {
					idx[u] = i
				}
				for _, f := range listed.Flows {
					if idx[f.Src]/2 != idx[f.Dst]/2 {
						kept = append(kept, f)
					}
				}
				listed.Flows = kept
			}
			walked := NewLoads(p.G)
			if r := e.RouteValiant(listed, groups, Options{}, walked); r.Unroutable != 0 {
				t.Fatalf("%s: %+v", name, r)
			}
			agg := NewLoads(p.G)
			r := e.RouteValiant(blk, groups, Options{}, agg)
			if r.Unroutable != 0 || r.Expected || r.TotalQPs != float64(2*len(listed.Flows)) {
				t.Fatalf("%s: result %+v, want %d queue pairs, none hashed", name, r, 2*len(listed.Flows))
			}
			sameLoads(t, name+" ideal", walked, agg)
			exp := NewLoads(p.G)
			r = e.RouteValiant(blk, groups, Options{Mode: Hash, Seed: 3, MaxQPs: 100}, exp)
			if !r.Expected || r.ExpectedQPs != r.TotalQPs {
				t.Fatalf("%s: result %+v, want every queue pair routed by expectation", name, r)
			}
			sameLoads(t, name+" expectation", walked, exp)
		}
	}
}

// TestValiantAggregateFallback: a terminal on links to two routers cannot
// be folded onto one router, and the blocks are walked pair by pair (the
// same loads as the listed pairs).
func TestValiantAggregateFallback(t *testing.T) {
	g := dragonflyGraph(2, 4, 2, 9)
	last := ir.NodeID(len(g.Nodes) - 1)
	addLink(g, last, 0, 100e9, ir.LinkTerminal) // a second router for the last terminal
	p := NewPlane(g, allLinks, Switches)
	e := NewBFS(p)
	groups := Groups(p)
	if e.dfIndex(groups).aggregate(mustBlocks(allToAll(p, 1e9, 1)), &Result{}) != nil {
		t.Fatal("a dual-homed terminal was folded onto one router")
	}
	blk, listed := allToAll(p, 1e9, 1)
	walked, fell := NewLoads(g), NewLoads(g)
	e.RouteValiant(listed, groups, Options{}, walked)
	e.RouteValiant(blk, groups, Options{}, fell)
	sameLoads(t, "fallback", walked, fell)
}

func mustBlocks(blk, _ *Demand) []Block { return blk.Blocks }

// TestUGALAggregate: the aggregated UGAL of an AllToAll is deterministic,
// puts on the terminal links exactly what every path does, conserves the
// offered traffic, and its busiest link lies between a bound no routing
// beats and Valiant's even spread. The bound: every terminal link is
// full, and every pair in different groups crosses a global link, so the
// busiest global link carries at least their traffic ÷ the global links'
// capacity.
func TestUGALAggregate(t *testing.T) {
	for _, c := range [][4]int{{2, 4, 2, 9}, {4, 4, 2, 5}, {4, 8, 4, 9}, {8, 8, 4, 5}} {
		p, e, groups := dragonflyPlane(c[0], c[1], c[2], c[3])
		n := float64(len(endpoints(p)))
		blk, _ := allToAll(p, 100e9/(n-1), 1)
		mn, val := NewLoads(p.G), NewLoads(p.G)
		e.Route(blk, Options{}, mn)
		e.RouteValiant(blk, groups, Options{}, val)
		var ugal [2]*Loads
		for i := range ugal {
			ugal[i] = NewLoads(p.G)
			r := e.RouteUGAL(blk, groups, Options{Mode: Hash, Seed: 7}, ugal[i])
			if !r.Expected || r.ExpectedQPs != n*(n-1) || r.Unroutable != 0 {
				t.Fatalf("%v: result %+v", c, r)
			}
		}
		var inject float64
		for s := 0; s < ugal[0].Len(); s++ {
			if ugal[0].Rate(s) != ugal[1].Rate(s) || ugal[0].Bytes(s) != ugal[1].Bytes(s) {
				t.Fatalf("%v: slot %d differs between two runs", c, s)
			}
			if ugal[0].Rate(s) < 0 {
				t.Fatalf("%v: slot %d: negative load", c, s)
			}
			if p.G.Link(ir.LinkID(s/2)).Kind == ir.LinkTerminal {
				if !closeTo(ugal[0].Rate(s), mn.Rate(s), 1e-9) {
					t.Fatalf("%v: terminal slot %d: %g, every path gives %g", c, s, ugal[0].Rate(s), mn.Rate(s))
				}
				inject += ugal[0].Rate(s)
			}
		}
		if want := 2 * 100e9 * n; !closeTo(inject, want, 1e-9) {
			t.Errorf("%v: terminal links carry %g, want %g (every terminal sends and receives 100 Gb/s)", c, inject, want)
		}
		var inter, global float64
		for s := int32(0); s < int32(2*p.G.NumLinks()); s++ {
			if p.G.Link(ir.LinkID(s/2)).Kind == ir.LinkGlobal {
				global += p.CapacityBPS(s)
			}
		}
		for _, u := range endpoints(p) {
			for _, v := range endpoints(p) {
				if groups[u] != groups[v] {
					inter += 100e9 / (n - 1)
				}
			}
		}
		cu, cm, cv := congestion(p, ugal[0]), congestion(p, mn), congestion(p, val)
		if lower := math.Max(1, inter/global); cu < lower-1e-9 || cu > cv+1e-9 {
			t.Errorf("%v: UGAL congestion %g, want within [%g, Valiant's %g]", c, cu, lower, cv)
		}
		t.Logf("%v: minimal %.4f, UGAL %.4f, Valiant %.4f", c, cm, cu, cv)
	}
}

// TestDragonflyIndexDistances: the router-only distances of dfIndex (a
// terminal's shared with its router, plus its link) are the plane-wide
// search's, for every node towards every terminal and router, and
// towards every group's routers; a terminal on two routers gets its own.
func TestDragonflyIndexDistances(t *testing.T) {
	g := dragonflyGraph(2, 4, 2, 5)
	last := ir.NodeID(len(g.Nodes) - 1)
	addLink(g, last, 0, 100e9, ir.LinkTerminal) // dual-homed
	p := NewPlane(g, allLinks, Switches)
	p.SetWeights(func(l ir.Link) int32 {
		if l.Kind == ir.LinkGlobal {
			return 3
		}
		return 1
	})
	e := NewBFS(p)
	x := e.dfIndex(Groups(p))
	for d := int32(0); d < int32(p.Len()); d++ {
		want := e.distances(d)
		got := x.toNode(d)
		for u := int32(0); u < int32(p.Len()); u++ {
			if got.at(u) != want[u] {
				t.Fatalf("node %d to %d: %d, plane search %d", u, d, got.at(u), want[u])
			}
		}
	}
	for _, grp := range x.ids {
		var rs []int32
		for _, r := range x.grp[grp] {
			rs = append(rs, x.nodes[r])
		}
		e.searchFrom(rs)
		got := x.toGroup(grp)
		for u := int32(0); u < int32(p.Len()); u++ {
			if got.at(u) != e.dist[u] {
				t.Fatalf("node %d to group %d: %d, plane search %d", u, grp, got.at(u), e.dist[u])
			}
		}
	}
}

// TestValiantWithinGroupMinimal: traffic between two terminals of one
// group takes its minimal path under Valiant and UGAL, walked or in
// aggregate (sameGroupMinimal, as Kim et al. route it): two terminals on
// one router load no router–router link, two on routers of one group
// only the local link between those routers; a pair in two groups still
// goes through an intermediate group (two global hops).
func TestValiantWithinGroupMinimal(t *testing.T) {
	p, e, groups := dragonflyPlane(2, 4, 2, 9)
	local := func(name string) int32 {
		for i, n := range p.Nodes {
			if p.G.Nodes[n].Name == name {
				return int32(i)
			}
		}
		t.Fatalf("no node %s", name)
		return -1
	}
	load := func(l *Loads) (localBits, globalBits float64) {
		for id, lk := range p.G.AllLinks() {
			for _, s := range [2]int{2 * int(id), 2*int(id) + 1} {
				switch lk.Kind {
				case ir.LinkLocal:
					localBits += l.Rate(s)
				case ir.LinkGlobal:
					globalBits += l.Rate(s)
				}
			}
		}
		return
	}
	for _, c := range []struct {
		src, dst              string
		wantLocal, wantGlobal float64
	}{
		{"group0/router0/host0", "group0/router0/host1", 0, 0},
		{"group0/router0/host0", "group0/router2/host1", 1e9, 0},
		{"group0/router0/host0", "group5/router1/host0", -1, 2e9},
	} {
		s, d := local(c.src), local(c.dst)
		flow := &Demand{Flows: []Flow{{Src: s, Dst: d, Rate: 1e9, Bytes: 1e9, QPs: 1, ID: 1}}}
		block := &Demand{Blocks: []Block{{Src: []Source{{Node: s, Rate: 1e9, Bytes: 1e9, Key: -1}}, Dst: []Sink{{Node: d, Weight: 1, Key: -1}}, QPs: 1}}}
		for _, r := range []struct {
			name  string
			route func(*Demand, *Loads) Result
		}{
			{"valiant", func(dm *Demand, l *Loads) Result { return e.RouteValiant(dm, groups, Options{}, l) }},
			{"ugal", func(dm *Demand, l *Loads) Result { return e.RouteUGAL(dm, groups, Options{Mode: Hash, Seed: 1}, l) }},
		} {
			for _, dm := range []*Demand{flow, block} {
				l := NewLoads(p.G)
				if res := r.route(dm, l); res.Unroutable != 0 {
					t.Fatalf("%s %s→%s: unroutable", r.name, c.src, c.dst)
				}
				lb, gb := load(l)
				if c.wantLocal >= 0 && math.Abs(lb-c.wantLocal) > 1 || r.name == "valiant" && math.Abs(gb-c.wantGlobal) > 1 || c.wantGlobal == 0 && gb != 0 {
					t.Errorf("%s %s→%s (blocks %v): local %g b/s, global %g b/s; want local %g, global %g", r.name, c.src, c.dst,
						len(dm.Blocks) > 0, lb, gb, c.wantLocal, c.wantGlobal)
				}
			}
		}
	}
}
