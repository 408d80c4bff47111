package routing

import (
	"math"
	"slices"
)

// Groups returns the dragonfly group of every plane node, read from the
// node's unit label ("group"), or -1 for nodes outside any group.
func Groups(p *Plane) []int32 {
	out := make([]int32, p.Len())
	for i, n := range p.Nodes {
		out[i] = -1
		if nd := &p.G.Nodes[n]; nd.UnitName() == "group" {
			out[i] = nd.UnitIndex
		}
	}
	return out
}

// UGALCandidates is the number of Valiant groups a UGAL decision weighs
// against the minimal path; Kim et al. (2008) evaluate UGAL with one
// random intermediate, simulators commonly use one to four. A modelling
// assumption.
const UGALCandidates = 4

// UGALSlices is the number of equal slices in which the aggregated UGAL
// model (valiant_agg.go) places each router pair's demand, one slice per
// pair per round, every slice choosing its path on the loads placed so
// far. More slices follow the queue-pair greedy more closely and cost
// proportionally more: on the benchmark case (docs/performance.md) the
// congestion factor is 4.4% above that of 256 slices (one per queue pair
// there) with 16 slices, 2.1% with 32 and 0.9% with 64. A modelling
// assumption.
const UGALSlices = 32

// RouteValiant routes d over Valiant paths as Kim et al. (2008) define
// them on a dragonfly (after Valiant and Brebner 1981): each queue pair
// between two groups travels minimally to a random intermediate group
// other than its source's and destination's, then minimally to its
// destination; a queue pair within one group travels minimally
// (sameGroupMinimal). Under Ideal the
// traffic is spread evenly over every eligible group (the expected load);
// under Hash and Pinned each queue pair hashes onto one group.
//
// Listed flows are walked queue pair by queue pair. Dense blocks are too
// under Hash and Pinned while their queue pairs fit Options.MaxQPs;
// beyond it, and always under Ideal (where every queue pair of a router
// pair takes the same even split), they are routed by router pair in
// aggregate (valiant_agg.go): the even spread over groups and next hops,
// which is the expectation of the hashed choice. Cost: O(L·d) per walked
// queue pair (L the links of a path, d a router's ports), and O(R²·G·L)
// for the aggregate over R routers and G groups.
func (e *BFS) RouteValiant(d *Demand, groups []int32, opt Options, out *Loads) Result {
	var res Result
	x := e.dfIndex(groups)
	sc := x.scratch()
	walk := func(s, dst int32, id uint64, qp int32, v vec) bool {
		if s == dst {
			return true
		}
		td := x.toNode(dst)
		if td.at(s) < 0 {
			res.Unroutable++
			return true
		}
		mids := x.others(s, dst, sc.mids[:0])
		sc.mids = mids
		if len(mids) == 0 {
			sc.best = x.leg(td, s, opt, id, qp, sc, sc.best[:0], false)
			for _, sh := range sc.best {
				out.add(sh.Slot, v.scale(sh.Frac))
			}
			return true
		}
		if opt.Mode != Ideal {
			mids = mids[hashPick(opt.Seed, id, qp, -2, len(mids)):][:1]
		}
		for _, g := range mids {
			sc.best = x.valiant(g, td, s, opt, id, qp, sc, sc.best[:0])
			for _, sh := range sc.best {
				out.add(sh.Slot, v.scale(sh.Frac/float64(len(mids))))
			}
		}
		return true
	}
	over := e.walkDragonfly(d, opt, opt.Mode == Ideal, walk, &res)
	if len(over) > 0 {
		if a := x.aggregate(over, &res); a != nil {
			a.valiant(opt, out)
		} else {
			e.walkAll(over, opt, walk, &res)
		}
	}
	return res
}

// RouteUGAL routes d with a UGAL-like choice (Singh 2005; Kim et al.
// 2008, UGAL-G with global knowledge of queues): traffic is placed a
// piece at a time, each piece on its minimal path or on one of
// UGALCandidates Valiant paths, whichever minimises hops × the highest
// utilisation it would meet given the load placed so far.
//
// A piece of a listed flow is a queue pair, placed in demand order, in
// O(UGALCandidates·L·d) (L the links of a path, d a router's ports).
// Dense blocks (an AllToAll: tens of millions of queue pairs over
// thousands of terminals) are placed by router pair in aggregate
// (valiant_agg.go): a piece is one of UGALSlices equal slices of a router
// pair's demand, placed round by round, with the even split over next
// hops (the expectation of hashing), in O(UGALSlices·R²·UGALCandidates·L)
// for R routers, whatever the number of terminals behind them.
func (e *BFS) RouteUGAL(d *Demand, groups []int32, opt Options, out *Loads) Result {
	var res Result
	x := e.dfIndex(groups)
	sc := x.scratch()
	cost := func(sh []Share, v vec) float64 {
		worst := 0.0
		for _, s := range sh {
			u := (out.Rate(int(s.Slot)) + v[0]*s.Frac) / e.p.CapacityBPS(s.Slot)
			worst = max(worst, u)
		}
		var hops float64
		for _, s := range sh {
			hops += s.Frac
		}
		return hops * worst
	}
	walk := func(s, dst int32, id uint64, qp int32, v vec) bool {
		if s == dst {
			return true
		}
		td := x.toNode(dst)
		if td.at(s) < 0 {
			res.Unroutable++
			return true
		}
		sc.best = x.leg(td, s, opt, id, qp, sc, sc.best[:0], false)
		bestCost := cost(sc.best, v)
		mids := x.others(s, dst, sc.mids[:0])
		sc.mids = mids
		var tried [UGALCandidates]int32
		nt := 0
		for c := 0; c < UGALCandidates && len(mids) > 0; c++ {
			g := mids[hashPick(opt.Seed, id, qp, int32(-3-c), len(mids))]
			if slices.Contains(tried[:nt], g) {
				continue
			}
			tried[nt] = g
			nt++
			sc.cand = x.valiant(g, td, s, opt, id, qp, sc, sc.cand[:0])
			if c2 := cost(sc.cand, v); c2 < bestCost {
				sc.best, sc.cand, bestCost = sc.cand, sc.best, c2
			}
		}
		for _, sh := range sc.best {
			out.add(sh.Slot, v.scale(sh.Frac))
		}
		return true
	}
	over := e.walkDragonfly(d, opt, true, walk, &res)
	if len(over) > 0 {
		if a := x.aggregate(over, &res); a != nil {
			a.ugal(opt, out)
		} else {
			e.walkAll(over, opt, walk, &res)
		}
	}
	return res
}

// walkDragonfly walks every queue pair of d's listed flows, in demand
// order, and returns the blocks left for the aggregate: all of them when
// aggregate is set, else those whose queue pairs exceed opt.MaxQPs (the
// rest it walks too). Aggregated blocks under Hash and Pinned are routed
// by the expectation of hashing, and res says so; under Ideal nothing is
// hashed.
func (e *BFS) walkDragonfly(d *Demand, opt Options, aggregate bool, walk walker, res *Result) []Block {
	if !aggregate {
		over := walkFlows(d, opt, walk, nil, res)
		if opt.Mode == Ideal {
			res.Expected, res.ExpectedQPs, res.ExpectedRateBPS = false, 0, 0
		}
		return over
	}
	walkFlows(&Demand{Flows: d.Flows}, opt, walk, nil, res)
	for bi := range d.Blocks {
		pairs, tot := d.Blocks[bi].totals()
		q := pairs * float64(max(d.Blocks[bi].QPs, 1))
		res.TotalQPs += q
		if opt.Mode != Ideal && q > 0 {
			res.Expected = true
			res.ExpectedQPs += q
			res.ExpectedRateBPS += tot[0]
		}
	}
	return d.Blocks
}

// walkAll walks every queue pair of blocks whatever their number: the
// fallback for blocks whose endpoints the aggregate cannot fold onto
// routers (see aggregate).
func (e *BFS) walkAll(blocks []Block, opt Options, walk walker, res *Result) {
	var r Result
	opt.MaxQPs = math.MaxInt
	walkFlows(&Demand{Blocks: blocks}, opt, walk, nil, &r)
	res.Unroutable += r.Unroutable
	res.Expected, res.ExpectedQPs, res.ExpectedRateBPS = false, 0, 0
}

// dfIndex is what Valiant and UGAL need about a dragonfly plane, on its
// routers only: terminals forward nothing, so every distance the walks
// read is a router's (or the walk's own first and last node's), and a
// distance vector costs R entries instead of the plane's nodes (about 17
// times fewer on a dragonfly with 16 terminals per router). Distances
// are exact shortest (weighted) paths through routers, as the BFS
// engine's search gives them.
type dfIndex struct {
	p      *Plane
	groups []int32 // plane node → group, or -1
	rid    []int32 // plane node → router index, or -1
	nodes  []int32 // router index → plane node
	// ids are the groups that hold routers, in order of their first
	// router (the order the hashed choice of a group indexes); grp their
	// routers (router indices) by group.
	ids []int32
	grp map[int32][]int32
	// toN and toG cache router distances to a plane node and to a
	// group's routers.
	toN     map[int32]target
	toG     map[int32]target
	buckets [][]int32
	sc      *dfScratch
}

// target is a routing target with the router distances to it: one plane
// node (node ≥ 0) or a group's routers (node < 0, all at distance 0).
// A terminal on one link to one router shares that router's vector: its
// distances are the router's plus the link's weight (off), since every
// path to it ends on that link.
type target struct {
	x    *dfIndex
	dist []int32 // per router index, -1 where unreachable
	off  int32
	node int32
}

// of returns router r's distance to the target, or -1.
func (t target) of(r int32) int32 {
	if d := t.dist[r]; d >= 0 {
		return d + t.off
	}
	return -1
}

// dfIndex returns the index of e's plane under groups, built on first
// use and kept while the same groups are passed.
func (e *BFS) dfIndex(groups []int32) *dfIndex {
	if x := e.df; x != nil && len(x.groups) == len(groups) && (len(groups) == 0 || &x.groups[0] == &groups[0]) {
		return x
	}
	p := e.p
	x := &dfIndex{p: p, groups: groups, rid: make([]int32, p.Len()), grp: map[int32][]int32{},
		toN: map[int32]target{}, toG: map[int32]target{}}
	for u := int32(0); u < int32(p.Len()); u++ {
		x.rid[u] = -1
		if p.Transit(u) {
			x.rid[u] = int32(len(x.nodes))
			x.nodes = append(x.nodes, u)
			if g := groups[u]; g >= 0 {
				if _, ok := x.grp[g]; !ok {
					x.ids = append(x.ids, g)
				}
				x.grp[g] = append(x.grp[g], x.rid[u])
			}
		}
	}
	e.df = x
	return x
}

// sameGroupMinimal: traffic whose source and destination are in one
// group (on one router, or two routers of the group) is routed
// minimally by Valiant and UGAL alike, never through another group, as
// Kim et al. (ISCA 2008) evaluate them and as their BookSim dragonfly
// routes it (src/networks/dragonfly.cpp, ugal_dragonflynew: "dest are
// in the same group, only use minimum routing"). Trial 58 saw a ring
// AllReduce's neighbours on one router sent out through another group,
// its congestion 7.0 under Valiant against 2.0 minimal.

// others lists into buf the groups other than those of s and d, in the
// order of ids: none when s and d share a group (sameGroupMinimal).
func (x *dfIndex) others(s, d int32, buf []int32) []int32 {
	if gs := x.groups[s]; gs >= 0 && gs == x.groups[d] {
		return buf // within one group: minimal only (sameGroupMinimal)
	}
	for _, g := range x.ids {
		if g != x.groups[s] && g != x.groups[d] {
			buf = append(buf, g)
		}
	}
	return buf
}

// toNode returns the router distances to plane node t (cached).
func (x *dfIndex) toNode(t int32) target {
	if c, ok := x.toN[t]; ok {
		return c
	}
	var c target
	if arcs := x.p.Arcs(t); x.rid[t] < 0 && len(arcs) == 1 && x.rid[arcs[0].To] >= 0 {
		r := x.toNode(arcs[0].To)
		c = target{x: x, dist: r.dist, off: x.p.w(arcs[0]), node: t}
	} else {
		var seeds []seed
		if r := x.rid[t]; r >= 0 {
			seeds = append(seeds, seed{r, 0})
		} else {
			for _, a := range arcs {
				if r := x.rid[a.To]; r >= 0 {
					seeds = append(seeds, seed{r, x.p.w(a)})
				}
			}
		}
		c = target{x: x, dist: x.search(seeds), node: t}
	}
	x.toN[t] = c
	return c
}

// toGroup returns the router distances to the routers of group g (cached).
func (x *dfIndex) toGroup(g int32) target {
	if c, ok := x.toG[g]; ok {
		return c
	}
	var seeds []seed
	for _, r := range x.grp[g] {
		seeds = append(seeds, seed{r, 0})
	}
	c := target{x: x, dist: x.search(seeds), node: -1}
	x.toG[g] = c
	return c
}

// seed is a router with its initial distance.
type seed struct{ r, d int32 }

// search returns the shortest distances from the seeds to every router,
// through routers only: Dial's bucketed algorithm, as BFS.searchFrom
// runs it on the whole plane (terminals are never passed through, so
// leaving them out changes no router's distance).
func (x *dfIndex) search(seeds []seed) []int32 {
	dist := make([]int32, len(x.nodes))
	for i := range dist {
		dist[i] = -1
	}
	for i := range x.buckets {
		x.buckets[i] = x.buckets[i][:0]
	}
	push := func(r, d int32) {
		for int(d) >= len(x.buckets) {
			x.buckets = append(x.buckets, nil)
		}
		x.buckets[d] = append(x.buckets[d], r)
	}
	for _, s := range seeds {
		if dist[s.r] < 0 || s.d < dist[s.r] {
			dist[s.r] = s.d
			push(s.r, s.d)
		}
	}
	for k := 0; k < len(x.buckets); k++ {
		for i := 0; i < len(x.buckets[k]); i++ {
			r := x.buckets[k][i]
			if dist[r] != int32(k) {
				continue // stale
			}
			for _, a := range x.p.Arcs(x.nodes[r]) {
				v := x.rid[a.To]
				if v < 0 {
					continue
				}
				if nd := int32(k) + x.p.w(a); dist[v] < 0 || nd < dist[v] {
					dist[v] = nd
					push(v, nd)
				}
			}
		}
	}
	return dist
}

// at returns the distance of plane node u to the target (-1 when it has
// none): a router's from the vector, the target's 0, and a terminal's the
// least over its arcs, as the plane-wide search would give it.
func (t target) at(u int32) int32 {
	if u == t.node {
		return 0
	}
	x := t.x
	if r := x.rid[u]; r >= 0 {
		return t.of(r)
	}
	best := int32(-1)
	for _, a := range x.p.Arcs(u) {
		var c int32
		switch {
		case a.To == t.node:
			c = x.p.w(a)
		case x.rid[a.To] >= 0 && t.dist[x.rid[a.To]] >= 0:
			c = t.of(x.rid[a.To]) + x.p.w(a)
		default:
			continue
		}
		if best < 0 || c < best {
			best = c
		}
	}
	return best
}

// next returns u's arcs one hop closer to the target (into a router or
// the target itself), in arc order: BFS.nextIn on router distances.
func (t target) next(u, du int32, buf []Arc) []Arc {
	buf = buf[:0]
	x := t.x
	for _, a := range x.p.Arcs(u) {
		var dv int32
		switch {
		case a.To == t.node:
			dv = 0
		case x.rid[a.To] >= 0:
			dv = t.of(x.rid[a.To])
		default:
			continue
		}
		if dv >= 0 && dv == du-x.p.w(a) {
			buf = append(buf, a)
		}
	}
	return buf
}

// dfScratch holds the buffers of the walks, reused from queue pair to
// queue pair so that a walk allocates nothing.
type dfScratch struct {
	arcs       []Arc
	acc, merge slotAcc
	// cur and nxt are the frontier of an Ideal leg: nodes and their
	// fractions; val accumulates the next frontier by node.
	cur, nxt   []int32
	curV       []float64
	val        []float64
	on         []bool
	arrive     []int32
	arriveV    []float64
	arriveOn   []bool
	arrivals   []arrival
	via        []arrival
	first      []Share
	second     []Share
	best, cand []Share
	mids       []int32
}

// arrival is where a leg ends and the fraction that ends there.
type arrival struct {
	node int32
	frac float64
}

func (x *dfIndex) scratch() *dfScratch {
	if x.sc == nil {
		n := x.p.Len()
		slots := 2 * x.p.G.NumLinks()
		x.sc = &dfScratch{val: make([]float64, n), on: make([]bool, n), arriveV: make([]float64, n),
			arriveOn: make([]bool, n), acc: newSlotAcc(slots), merge: newSlotAcc(slots)}
	}
	return x.sc
}

// slotAcc sums fractions per slot and remembers the order in which slots
// were first written, as the map-and-order idiom of Shares does.
type slotAcc struct {
	v     []float64
	on    []bool
	order []int32
}

func newSlotAcc(n int) slotAcc { return slotAcc{v: make([]float64, n), on: make([]bool, n)} }

func (a *slotAcc) add(slot int32, f float64) {
	if !a.on[slot] {
		a.on[slot] = true
		a.order = append(a.order, slot)
	}
	a.v[slot] += f
}

// flush appends the sums to dst in first-write order and clears a.
func (a *slotAcc) flush(dst []Share) []Share {
	for _, s := range a.order {
		dst = append(dst, Share{Slot: s, Frac: a.v[s]})
		a.v[s], a.on[s] = 0, false
	}
	a.order = a.order[:0]
	return dst
}

// leg appends to dst the shares of one queue pair from s towards the
// target (BFS.leg): under Ideal split evenly over the next hops at every
// node, else one next hop hashed per node (or pinned per destination).
// With arrive set it records in sc.arrivals, by increasing node, where
// the leg ends and with what fraction. The order of the floating-point
// operations is BFS.leg's, so the shares are bit for bit the same.
func (x *dfIndex) leg(t target, s int32, opt Options, id uint64, qp int32, sc *dfScratch, dst []Share, arrive bool) []Share {
	sc.arrivals = sc.arrivals[:0]
	if opt.Mode != Ideal {
		// One path: every fraction is 1.
		u := s
		for {
			du := t.at(u)
			if du == 0 {
				if arrive {
					sc.arrivals = append(sc.arrivals, arrival{u, 1})
				}
				return dst
			}
			sc.arcs = t.next(u, du, sc.arcs)
			if len(sc.arcs) == 0 {
				return dst
			}
			key, q := id, qp
			if opt.Mode == Pinned {
				key, q = uint64(uint32(t.node)), 0
			}
			a := sc.arcs[port(sc.arcs, hashPick(opt.Seed, key, q, u, int(weight(sc.arcs))))]
			dst = append(dst, Share{Slot: a.Slot, Frac: 1})
			u = a.To
		}
	}
	sc.cur = append(sc.cur[:0], s)
	sc.curV = append(sc.curV[:0], 1)
	for len(sc.cur) > 0 {
		sc.nxt = sc.nxt[:0]
		for i, u := range sc.cur {
			cu := sc.curV[i]
			du := t.at(u)
			if du == 0 {
				if !sc.arriveOn[u] {
					sc.arriveOn[u] = true
					sc.arrive = append(sc.arrive, u)
				}
				sc.arriveV[u] += cu
				continue
			}
			sc.arcs = t.next(u, du, sc.arcs)
			if len(sc.arcs) == 0 {
				continue
			}
			w := weight(sc.arcs)
			for _, a := range sc.arcs {
				sc.acc.add(a.Slot, cu*float64(a.Mult)/float64(w))
				if !sc.on[a.To] {
					sc.on[a.To] = true
					sc.nxt = append(sc.nxt, a.To)
				}
				sc.val[a.To] += cu * float64(a.Mult) / float64(w)
			}
		}
		slices.Sort(sc.nxt)
		sc.cur = append(sc.cur[:0], sc.nxt...)
		sc.curV = sc.curV[:0]
		for _, u := range sc.cur {
			sc.curV = append(sc.curV, sc.val[u])
			sc.val[u], sc.on[u] = 0, false
		}
	}
	slices.Sort(sc.arrive)
	for _, u := range sc.arrive {
		if arrive {
			sc.arrivals = append(sc.arrivals, arrival{u, sc.arriveV[u]})
		}
		sc.arriveV[u], sc.arriveOn[u] = 0, false
	}
	sc.arrive = sc.arrive[:0]
	return sc.acc.flush(dst)
}

// valiant appends to dst the shares of one queue pair from s to the
// target td through group g (BFS.valiantShares): minimally to the
// nearest router of g, then minimally on to the target from wherever it
// arrived.
func (x *dfIndex) valiant(g int32, td target, s int32, opt Options, id uint64, qp int32, sc *dfScratch, dst []Share) []Share {
	sc.first = x.leg(x.toGroup(g), s, opt, id, qp, sc, sc.first[:0], true)
	// The second legs reuse sc.arrivals.
	sc.via = append(sc.via[:0], sc.arrivals...)
	for _, sh := range sc.first {
		sc.merge.add(sh.Slot, sh.Frac)
	}
	for _, a := range sc.via {
		sc.second = x.leg(td, a.node, opt, id, qp, sc, sc.second[:0], false)
		for _, sh := range sc.second {
			sc.merge.add(sh.Slot, a.frac*sh.Frac)
		}
	}
	return sc.merge.flush(dst)
}
