package routing

// Groups returns the dragonfly group of every plane node, read from the
// node's unit label ("group"), or -1 for nodes outside any group.
func Groups(p *Plane) []int32 {
	out := make([]int32, p.Len())
	for i, n := range p.Nodes {
		out[i] = -1
		if nd := &p.G.Nodes[n]; nd.Unit == "group" {
			out[i] = nd.UnitIndex
		}
	}
	return out
}

// collect expands d into queue pairs, every pair of every block listed:
// Valiant and UGAL choose per queue pair, so they have no expectation
// shortcut (dragonflies small enough to list are the ones they serve).
func (e *BFS) collect(d *Demand, opt Options, res *Result) []qpWalk {
	var walks []qpWalk
	opt.MaxQPs = int(^uint(0) >> 1)
	walkFlows(d, opt, func(s, dst int32, id uint64, qp int32, v vec) bool {
		walks = append(walks, qpWalk{s, dst, id, qp, v})
		return true
	}, res)
	return walks
}

// dragonfly holds what Valiant and UGAL need about a dragonfly plane.
type dragonfly struct {
	groups  []int32
	routers map[int32][]int32 // group -> its routers (transit nodes)
	ids     []int32           // groups in increasing order
}

func (e *BFS) dragonfly(groups []int32) *dragonfly {
	df := &dragonfly{groups: groups, routers: map[int32][]int32{}}
	for u := int32(0); u < int32(e.p.Len()); u++ {
		if g := groups[u]; g >= 0 && e.p.Transit(u) {
			if _, ok := df.routers[g]; !ok {
				df.ids = append(df.ids, g)
			}
			df.routers[g] = append(df.routers[g], u)
		}
	}
	return df
}

// others lists the groups other than those of s and d.
func (df *dragonfly) others(s, d int32) []int32 {
	var out []int32
	for _, g := range df.ids {
		if g != df.groups[s] && g != df.groups[d] {
			out = append(out, g)
		}
	}
	return out
}

// groupDist returns the distances to the routers of group g (cached).
func (e *BFS) groupDist(df *dragonfly, g int32) []int32 {
	if e.gcache == nil {
		e.gcache = map[int32][]int32{}
	}
	if c, ok := e.gcache[g]; ok {
		return c
	}
	e.searchFrom(df.routers[g])
	c := make([]int32, len(e.dist))
	copy(c, e.dist)
	e.gcache[g] = c
	return c
}

// leg returns the shares of one queue pair from s towards the targets of
// dist (a node d ≥ 0, or a set of routers at distance 0 when d < 0), and
// where it arrives (target → fraction).
func (e *BFS) leg(dist []int32, s, d int32, opt Options, id uint64, qp int32) ([]Share, map[int32]float64) {
	acc := map[int32]float64{}
	arrive := map[int32]float64{}
	var order []int32
	add := func(slot int32, f float64) {
		if _, ok := acc[slot]; !ok {
			order = append(order, slot)
		}
		acc[slot] += f
	}
	var buf []Arc
	cur := map[int32]float64{s: 1}
	for len(cur) > 0 {
		next := map[int32]float64{}
		for _, u := range sortedKeys(cur) {
			if dist[u] == 0 {
				arrive[u] += cur[u]
				continue
			}
			buf = e.nextIn(dist, u, d, buf)
			if len(buf) == 0 {
				continue
			}
			w := weight(buf)
			if opt.Mode == Ideal {
				for _, a := range buf {
					add(a.Slot, cur[u]*float64(a.Mult)/float64(w))
					next[a.To] += cur[u] * float64(a.Mult) / float64(w)
				}
				continue
			}
			key, q := id, qp
			if opt.Mode == Pinned {
				key, q = uint64(uint32(d)), 0
			}
			a := buf[port(buf, hashPick(opt.Seed, key, q, u, int(w)))]
			add(a.Slot, cur[u])
			next[a.To] += cur[u]
		}
		cur = next
	}
	return sharesOf(order, acc), arrive
}

// pathShares returns the shares of one queue pair on a minimal path from
// s to d under opt.
func (e *BFS) pathShares(s, d int32, opt Options, id uint64, qp int32) []Share {
	sh, _ := e.leg(e.distances(d), s, d, opt, id, qp)
	return sh
}

// valiantShares returns the shares of one queue pair from s to d through
// intermediate group g: minimally to the nearest router of g, then
// minimally on to d from wherever it arrived.
func (e *BFS) valiantShares(df *dragonfly, g, s, d int32, opt Options, id uint64, qp int32) []Share {
	first, arrive := e.leg(e.groupDist(df, g), s, -1, opt, id, qp)
	acc := map[int32]float64{}
	var order []int32
	for _, x := range first {
		order = append(order, x.Slot)
		acc[x.Slot] += x.Frac
	}
	dd := e.distances(d)
	for _, x := range sortedKeys(arrive) {
		second, _ := e.leg(dd, x, d, opt, id, qp)
		for _, sh := range second {
			if _, ok := acc[sh.Slot]; !ok {
				order = append(order, sh.Slot)
			}
			acc[sh.Slot] += arrive[x] * sh.Frac
		}
	}
	return sharesOf(order, acc)
}

// RouteValiant routes d over Valiant paths as Kim et al. (2008) define
// them on a dragonfly (after Valiant and Brebner 1981): each queue pair
// travels minimally to a random intermediate group other than its source's
// and destination's, then minimally to its destination. Under Ideal the
// traffic is spread evenly over every eligible group (the expected load);
// under Hash and Pinned each queue pair hashes onto one group.
func (e *BFS) RouteValiant(d *Demand, groups []int32, opt Options, out *Loads) Result {
	var res Result
	df := e.dragonfly(groups)
	for _, w := range e.collect(d, opt, &res) {
		if w.s == w.d {
			continue
		}
		if e.distances(w.d)[w.s] < 0 {
			res.Unroutable++
			continue
		}
		mids := df.others(w.s, w.d)
		if len(mids) == 0 {
			for _, x := range e.pathShares(w.s, w.d, opt, w.id, w.qp) {
				out.add(x.Slot, w.v.scale(x.Frac))
			}
			continue
		}
		if opt.Mode != Ideal {
			mids = mids[hashPick(opt.Seed, w.id, w.qp, -2, len(mids)):][:1]
		}
		for _, g := range mids {
			for _, x := range e.valiantShares(df, g, w.s, w.d, opt, w.id, w.qp) {
				out.add(x.Slot, w.v.scale(x.Frac/float64(len(mids))))
			}
		}
	}
	return res
}

// UGALCandidates is the number of Valiant groups a UGAL decision weighs
// against the minimal path; Kim et al. (2008) evaluate UGAL with one
// random intermediate, simulators commonly use one to four. A modelling
// assumption.
const UGALCandidates = 4

// RouteUGAL routes d with a UGAL-like choice (Singh 2005; Kim et al.
// 2008, UGAL-G with global knowledge of queues): queue pairs are placed
// one at a time, in demand order, each on its minimal path or on one of
// UGALCandidates Valiant paths, whichever minimises hops × the highest
// utilisation the queue pair would meet given the load placed so far.
func (e *BFS) RouteUGAL(d *Demand, groups []int32, opt Options, out *Loads) Result {
	var res Result
	df := e.dragonfly(groups)
	cost := func(sh []Share, v vec) float64 {
		worst := 0.0
		for _, x := range sh {
			u := (out.Rate(int(x.Slot)) + v[0]*x.Frac) / e.p.CapacityBPS(x.Slot)
			worst = max(worst, u)
		}
		var hops float64
		for _, x := range sh {
			hops += x.Frac
		}
		return hops * worst
	}
	for _, w := range e.collect(d, opt, &res) {
		if w.s == w.d {
			continue
		}
		if e.distances(w.d)[w.s] < 0 {
			res.Unroutable++
			continue
		}
		best := e.pathShares(w.s, w.d, opt, w.id, w.qp)
		bestCost := cost(best, w.v)
		mids := df.others(w.s, w.d)
		tried := map[int32]bool{}
		for c := 0; c < UGALCandidates && len(mids) > 0; c++ {
			g := mids[hashPick(opt.Seed, w.id, w.qp, int32(-3-c), len(mids))]
			if tried[g] {
				continue
			}
			tried[g] = true
			sh := e.valiantShares(df, g, w.s, w.d, opt, w.id, w.qp)
			if c2 := cost(sh, w.v); c2 < bestCost {
				best, bestCost = sh, c2
			}
		}
		for _, x := range best {
			out.add(x.Slot, w.v.scale(x.Frac))
		}
	}
	return res
}
