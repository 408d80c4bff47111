package bisection

import (
	"math"
	"sort"

	"github.com/topoc/topoc/analyzers/internal/maxflow"
	"github.com/topoc/topoc/analyzers/internal/unionfind"
)

// maxBalanceWork bounds rebalanceTops: the arcs of all the pair flow
// problems together (Σ arcs and feeders × groups). The 31-pod
// rail-optimized fabric is 4.06 M (31 × 31 × 4,224: 465 pairs
// of 64 spines over 992 cores) and costs 1.2-1.7 s (docs/performance.md),
// so the bound keeps the work to about 6 s on 2 cores.
const maxBalanceWork = 16 << 20

// rebalanceTops proves the hose bound where endpoints reach the top tier
// with different distributions under proportional up-routing: the pods of
// a three-tier Clos whose core links cannot split evenly over the pods (31
// pods of 64 spines on 992 cores of 128 ports: each core takes 3 to 5
// links from each pod), or the leaves of a leaf-spine striped unevenly.
// It returns the congestion λ of the routing below (θ = 1 ÷ λ), or why it
// does not apply.
//
// Vertices: the tops (no up-links), the feeders (links up only to tops),
// the pre-feeders (links up only to feeders: the leaves of a three-tier
// Clos, the hosts or NIC ports of a leaf-spine) and the rest below. A
// group is a set of feeders joined by common pre-feeders (a pod's spines;
// one leaf). Below the pre-feeders the routing stays proportional; it
// loads each up-link of vertex v at inflow(v) ÷ upCap(v) times its
// capacity.
//
// The routing: traffic from a terminal of group G to one of group H
// leaves every pre-feeder x of G split over G's feeders by one
// distribution y (the same at every pre-feeder, so every terminal of G
// reaches the feeders with distribution y whatever its pre-feeders),
// climbs to the tops, descends to H's feeders with distribution y' and to
// the terminal by the reverse of its own up-routing. Per unit of G's
// injection W_G that is a flow x from G's feeders to H's through the tops
// both reach, loading
//
//	pre-feeder link (x, v) of G:  inflow(x)·y(v)   ≤ λ·cap
//	feeder-to-top link (v, c):    W_G·x(v, c)      ≤ λ·cap
//	top-to-feeder link (c, u):    W_H·x(c, u)      ≤ λ·cap
//	pre-feeder link (x', u) of H: inflow(x')·y'(u) ≤ λ·cap
//
// Every bound is proportional to λ, so the least λ_GH is 1 ÷ the max-flow
// F at λ = 1, a unit flowing at λ = 1 ÷ F (sources capped at m_G(v) = min over
// pre-feeders x of cap(x, v) ÷ inflow(x), sinks at m_H(u)). Traffic
// inside a group turns at the feeders: λ_GG = 1 ÷ Σ_v m_G(v).
//
// In the hose argument (hose.go) a terminal's traffic to the other side
// B splits over the groups H in proportion w(B ∩ H) ÷ w(B), a convex
// combination, so each link carries at most θ × its largest load over
// the pairs: θ = 1 ÷ max(λ below, max over pairs λ_GH) is sound. A pair
// routes through the tops both reach, so two groups that share no top
// make the bound inapplicable (up/down routing cannot join them: the
// partial mesh of issue 11).
func (m *model) rebalanceTops(fa *agraph, rank []int32, upCap []float64, src sources, inflow []float64) (float64, string) {
	fg := fa.fg
	name := func(v int32) string { return m.g.Nodes[fa.vnode[v]].Name }
	order, topIdx, ntop := m.upReach(fa, rank, upCap, src)
	if ntop == 0 {
		return 0, "no terminal injects"
	}
	// Roles: tops, then feeders, then pre-feeders, in rank order from the
	// top, each checked to link up only to the role above.
	const (
		below = iota
		preFeeder
		feeder
		top
	)
	role := make([]int8, len(fa.vnode))
	for _, v := range order {
		if topIdx[v] >= 0 {
			role[v] = top
			continue
		}
		ups := map[int8]bool{}
		lo, hi := fg.Arcs(v)
		for a := lo; a < hi; a++ {
			if w := fg.Head(a); rank[w] > rank[v] {
				ups[role[w]] = true
			}
		}
		switch {
		case ups[top] && len(ups) == 1:
			role[v] = feeder
		case ups[top]:
			return 0, "rebalancing the top tier does not apply: " + name(v) + " links both to the top tier and to a tier below it"
		case ups[feeder] && len(ups) == 1:
			role[v] = preFeeder
		case ups[feeder]:
			return 0, "rebalancing the top tier does not apply: " + name(v) + " links up both to switches just below the top tier and to lower ones"
		}
	}
	for i := range m.terms {
		for _, x := range src.at(i) {
			switch {
			case m.terms[i].inj() > 0 && role[x.v] == top:
				return 0, "rebalancing the top tier does not apply: " + m.name(i) + " attaches to a switch of the top tier itself (one tier of switches: nothing below it to rebalance)"
			case m.terms[i].inj() > 0 && role[x.v] == feeder:
				return 0, "rebalancing the top tier does not apply: " + m.name(i) + " attaches to a switch just below the top tier"
			}
		}
	}
	// Groups: union the feeders of each pre-feeder.
	parent := map[int32]int32{}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	worstBelow := 0.0 // the largest load ÷ capacity below the pre-feeder links
	for _, v := range order {
		switch role[v] {
		case feeder:
			parent[v] = v
		case preFeeder:
			if inflow[v] == 0 {
				continue
			}
			first := int32(-1)
			lo, hi := fg.Arcs(v)
			for a := lo; a < hi; a++ {
				if w := fg.Head(a); rank[w] > rank[v] {
					if first < 0 {
						first = find(w)
					} else if r := find(w); r != first {
						parent[r] = first
					}
				}
			}
		case below:
			if inflow[v] > 0 && upCap[v] > 0 {
				worstBelow = math.Max(worstBelow, inflow[v]/upCap[v])
			}
		}
	}
	// Each group's feeders, with m_G(v) and the links to the tops.
	gOf := map[int32]int{}
	var groups []balanceGroup
	for _, v := range order {
		if role[v] != feeder || inflow[v] == 0 {
			continue
		}
		r := find(v)
		gi, ok := gOf[r]
		if !ok {
			gi = len(groups)
			gOf[r] = gi
			groups = append(groups, balanceGroup{})
		}
		g := &groups[gi]
		g.feeders = append(g.feeders, v)
		g.share = append(g.share, math.Inf(1))
		g.w += inflow[v]
		lo, hi := fg.Arcs(v)
		for a := lo; a < hi; a++ {
			if w := fg.Head(a); topIdx[w] >= 0 {
				g.arcs = append(g.arcs, balanceArc{int32(len(g.feeders) - 1), topIdx[w], fg.Capacity(a)})
			}
		}
	}
	if len(groups) == 0 {
		return 0, "no terminal injects"
	}
	// m_G(v): a pre-feeder x with inflow caps v's share at cap(x,v) ÷
	// inflow(x), and at 0 when it has no link to v.
	local := map[int32]int32{} // feeder → index in its group
	most := 0                  // the most feeders in a group
	for _, g := range groups {
		for i, v := range g.feeders {
			local[v] = int32(i)
		}
		most = max(most, len(g.feeders))
	}
	// linked is a pre-feeder's capacity to each feeder of its group,
	// one array for all of them (a map each was 70 MB at a million GPUs).
	linked := make([]float64, most)
	for _, v := range order {
		if role[v] != preFeeder || inflow[v] == 0 {
			continue
		}
		gi, ok := gOf[find(fg.Head(firstUp(fg, rank, v)))]
		if !ok {
			continue // its feeders carry nothing
		}
		g := &groups[gi]
		lo, hi := fg.Arcs(v)
		mine := linked[:len(g.share)]
		clear(mine)
		for a := lo; a < hi; a++ {
			if w := fg.Head(a); rank[w] > rank[v] {
				if i := local[w]; int(i) < len(mine) {
					mine[i] += fg.Capacity(a)
				}
			}
		}
		for i := range g.share {
			g.share[i] = math.Min(g.share[i], mine[i]/inflow[v])
		}
	}
	work := 0
	for gi := range groups {
		groups[gi].aggregate()
		work += len(groups[gi].arcs) + 2*len(groups[gi].feeders)
	}
	if work*len(groups) > maxBalanceWork {
		return 0, "the fabric is too large to rebalance its top tier"
	}
	comp, split := m.balanceComponents(groups, src, func(v int32) (int, bool) {
		if role[v] != preFeeder {
			return 0, false
		}
		gi, ok := gOf[find(fg.Head(firstUp(fg, rank, v)))]
		return gi, ok
	})
	lambda := worstBelow
	for gi := range groups {
		g := &groups[gi]
		sum := 0.0
		for _, s := range g.share {
			sum += s
		}
		if sum == 0 {
			return 0, "rebalancing the top tier does not apply: no switch above " + name(g.feeders[0]) + " is reached from every switch below it"
		}
		lambda = math.Max(lambda, 1/sum)
		for hi := gi + 1; hi < len(groups); hi++ {
			if split && comp[gi] != comp[hi] {
				continue // no traffic between components (balanceComponents)
			}
			f := pairFlow(g, &groups[hi])
			if f == 0 {
				return 0, "rebalancing the top tier does not apply: " + name(g.feeders[0]) + " and " + name(groups[hi].feeders[0]) + " share no top switch, so up/down routing cannot join their endpoints"
			}
			lambda = math.Max(lambda, 1/f)
		}
	}
	return lambda, ""
}

// balanceComponents joins the groups that share a top switch into
// components (comp, by group) and reports whether the routing may keep
// every flow inside one (split): true when there is more than one and
// every injecting terminal sends the same share of its traffic into each,
// attaching only at pre-feeders (groupOf maps such a vertex to its
// group). Then the flow from s to t can go, share by share, through each
// component on its own (s's share into component c meets t's share of c,
// the same fraction), and no pair of groups in different components
// carries any: the planes of a multi-plane fabric whose server transit
// spreads every GPU over all its NICs, joined only inside the servers.
// Groups of one component that share no top still cannot be joined (the
// partial mesh of issue 11).
func (m *model) balanceComponents(groups []balanceGroup, src sources, groupOf func(int32) (int, bool)) (comp []int, split bool) {
	comp = make([]int, len(groups))
	uf := unionfind.New(len(groups))
	byTop := map[int32]int32{}
	for gi := range groups {
		for _, t := range groups[gi].tops {
			if o, ok := byTop[t.top]; ok {
				uf.Union(int32(gi), o)
			} else {
				byTop[t.top] = int32(gi)
			}
		}
	}
	index := map[int32]int{}
	for gi := range groups {
		r := uf.Find(int32(gi))
		if _, ok := index[r]; !ok {
			index[r] = len(index)
		}
		comp[gi] = index[r]
	}
	if len(index) < 2 {
		return comp, false
	}
	var ref []float64
	for i := range m.terms {
		if m.terms[i].inj() == 0 {
			continue
		}
		share := make([]float64, len(index))
		for _, x := range src.at(i) {
			gi, ok := groupOf(x.v)
			if !ok {
				return comp, false
			}
			share[comp[gi]] += x.f
		}
		if ref == nil {
			ref = share
			continue
		}
		for c := range share {
			if math.Abs(share[c]-ref[c]) > 1e-9 {
				return comp, false
			}
		}
	}
	return comp, ref != nil
}

// firstUp returns v's first up-arc.
func firstUp(fg *maxflow.Graph, rank []int32, v int32) int32 {
	lo, hi := fg.Arcs(v)
	for a := lo; a < hi; a++ {
		if rank[fg.Head(a)] > rank[v] {
			return a
		}
	}
	return lo
}

// balanceGroup is one group of rebalanceTops: its feeders (analysis
// vertices) with their shares m_G (the most of a unit each may take at
// λ = 1), the group's injection w, and its links to the tops, also summed
// per top.
type balanceGroup struct {
	feeders []int32
	share   []float64
	w       float64
	arcs    []balanceArc
	tops    []balanceTop
}

// balanceArc is a link from a group's feeder (index into its feeders) to
// a top (top index), of capacity cap.
type balanceArc struct {
	feeder, top int32
	cap         float64
}

// balanceTop is the capacity from a group's feeders to one top.
type balanceTop struct {
	top int32
	cap float64
}

// aggregate fills g.tops from g.arcs, in top order.
func (g *balanceGroup) aggregate() {
	byTop := map[int32]float64{}
	for _, a := range g.arcs {
		byTop[a.top] += a.cap
	}
	g.tops = g.tops[:0]
	for t, c := range byTop {
		g.tops = append(g.tops, balanceTop{t, c})
	}
	sort.Slice(g.tops, func(i, j int) bool { return g.tops[i].top < g.tops[j].top })
}

// pairFlow returns the max-flow F of rebalanceTops's pair
// network at λ = 1: source → g's feeders (capacity m_g), → the tops both
// reach (cap ÷ W_g), → h's feeders (cap ÷ W_h), → sink (m_h); every
// capacity scales with λ, so a unit flows at λ = 1 ÷ F. 0 when the groups
// share no top.
func pairFlow(g, h *balanceGroup) float64 {
	var common []int32
	through := 0.0 // Σ over shared tops of the lesser side's capacity
	for i, j := 0, 0; i < len(g.tops) && j < len(h.tops); {
		switch a, b := g.tops[i], h.tops[j]; {
		case a.top < b.top:
			i++
		case a.top > b.top:
			j++
		default:
			common = append(common, a.top)
			through += math.Min(a.cap/g.w, b.cap/h.w)
			i, j = i+1, j+1
		}
	}
	if len(common) == 0 {
		return 0
	}
	if len(g.feeders) == 1 && len(h.feeders) == 1 {
		// One feeder each: only the tops' two sides and the shares limit.
		return min(g.share[0], h.share[0], through)
	}
	local := make(map[int32]int32, len(common))
	for i, c := range common {
		local[c] = int32(i)
	}
	ng, nc, nh := int32(len(g.feeders)), int32(len(common)), int32(len(h.feeders))
	src, sink := ng+nc+nh, ng+nc+nh+1
	b := maxflow.NewBuilder(int(sink) + 1)
	for f, s := range g.share {
		b.AddArc(src, int32(f), s)
	}
	for _, a := range g.arcs {
		if c, ok := local[a.top]; ok {
			b.AddArc(a.feeder, ng+c, a.cap/g.w)
		}
	}
	for _, a := range h.arcs {
		if c, ok := local[a.top]; ok {
			b.AddArc(ng+c, ng+nc+a.feeder, a.cap/h.w)
		}
	}
	for f, s := range h.share {
		b.AddArc(ng+nc+int32(f), sink, s)
	}
	side := make([]maxflow.Side, sink+1)
	side[src], side[sink] = maxflow.Source, maxflow.Sink
	return b.Build().MaxFlow(side)
}
