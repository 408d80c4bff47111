package routing

import (
	"math"
	"slices"
)

// Route implements Engine.
func (t *Tiered) Route(d *Demand, opt Options, out *Loads) Result {
	if opt.Mode != Ideal {
		return t.routeWalks(d, opt, out)
	}
	var res Result
	T := t.top + 1
	n := t.p.Len()
	// Scratch reused across calls (an engine routes one call at a time).
	t.dUp = grow(t.dUp, n*T)
	t.in = grow(t.in, n*T)
	dUp, in := t.dUp, t.in
	for _, f := range d.Flows {
		tt := t.turn(f.Src, f.Dst)
		if tt < 0 {
			res.Unroutable++
			continue
		}
		if tt == 0 {
			continue
		}
		v := vec{f.Rate, f.Bytes}
		dUp[int(f.Src)*T+tt] = dUp[int(f.Src)*T+tt].plus(v)
		in[int(f.Dst)*T+tt] = in[int(f.Dst)*T+tt].plus(v)
	}
	for i := range d.Blocks {
		res.Unroutable += t.blockSums(&d.Blocks[i], dUp, in)
	}
	res.Unroutable += t.upPhase(dUp, out)
	res.Unroutable += t.downPhase(in, out)
	return res
}

// blockSums adds a block's demand to the per-source and per-destination
// sums by turnaround tier, using per-class sums of the sinks' weights and
// the sources' rates: a source s sends to the sinks in its tier-t class
// but not its tier-(t−1) class with turnaround t. Excluded pairs (same
// key) are subtracted one by one; a server holds a handful of them. It
// returns the number of sources with some sink they cannot reach.
func (t *Tiered) blockSums(b *Block, dUp, in []vec) int {
	T := t.top + 1
	nc := len(t.classes)
	t.vsum = grow(t.vsum, nc)
	t.ssum = grow(t.ssum, nc)
	vsum, ssum := t.vsum, t.ssum
	var total float64
	var chain []int32
	for _, s := range b.Src {
		chain = t.chain(s.Node, chain)
		for _, c := range chain {
			ssum[c] = ssum[c].plus(vec{s.Rate, s.Bytes})
		}
	}
	for _, k := range b.Dst {
		total += k.Weight
		chain = t.chain(k.Node, chain)
		for _, c := range chain {
			vsum[c] += k.Weight
		}
	}
	unroutable := 0
	for _, s := range b.Src {
		if s.Rate == 0 && s.Bytes == 0 {
			continue
		}
		chain = t.chain(s.Node, chain)
		if t.level[s.Node] != 0 || vsum[chain[len(chain)-1]] < total-1e-9*total {
			unroutable++
		}
		for tt := 1; tt < len(chain); tt++ {
			if v := vsum[chain[tt]] - vsum[chain[tt-1]]; v != 0 {
				i := int(s.Node)*T + tt
				dUp[i] = dUp[i].plus(vec{s.Rate * v, s.Bytes * v})
			}
		}
	}
	for _, k := range b.Dst {
		if k.Weight == 0 {
			continue
		}
		chain = t.chain(k.Node, chain)
		for tt := 1; tt < len(chain); tt++ {
			if v := ssum[chain[tt]].plus(ssum[chain[tt-1]].scale(-1)); !v.zero() {
				i := int(k.Node)*T + tt
				in[i] = in[i].plus(v.scale(k.Weight))
			}
		}
	}
	for _, g := range b.keyGroups() {
		for _, s := range g.src {
			for _, k := range g.dst {
				if s.Node == k.Node || !b.excluded(s, k) {
					continue
				}
				tt := t.turn(s.Node, k.Node)
				if tt <= 0 {
					continue
				}
				v := vec{-s.Rate * k.Weight, -s.Bytes * k.Weight}
				dUp[int(s.Node)*T+tt] = dUp[int(s.Node)*T+tt].plus(v)
				in[int(k.Node)*T+tt] = in[int(k.Node)*T+tt].plus(v)
			}
		}
	}
	return unroutable
}

// upPhase climbs tier by tier: a node splits what it carries for higher
// turnaround tiers evenly over its uplinks.
func (t *Tiered) upPhase(dUp []vec, out *Loads) int {
	T := t.top + 1
	lost := 0
	for lv := 0; lv < t.top; lv++ {
		for _, u := range t.byLevel[lv] {
			base := int(u) * T
			var tot vec
			for tt := lv + 1; tt < T; tt++ {
				tot = tot.plus(dUp[base+tt])
			}
			if tot.zero() {
				continue
			}
			ups := t.ups(u)
			if len(ups) == 0 {
				lost++
				continue
			}
			w := float64(weight(ups))
			for _, a := range ups {
				f := float64(a.Mult) / w
				out.add(a.Slot, tot.scale(f))
				pb := int(a.To) * T
				for tt := lv + 2; tt < T; tt++ {
					dUp[pb+tt] = dUp[pb+tt].plus(dUp[base+tt].scale(f))
				}
			}
		}
	}
	return lost
}

// downPhase descends from the turnaround tiers: per destination tier-1
// class κ and turnaround tier t, the traffic enters t's class spread as ρ
// and every switch splits it evenly over its links towards κ; the last hop
// splits each destination's arrivals over its own links.
func (t *Tiered) downPhase(in []vec, out *Loads) int {
	T := t.top + 1
	lost := 0
	inK := make(map[int64]vec)
	var keys []int64
	for _, d := range t.byLevel[0] {
		kappa := t.classes[t.cls[d]].parent
		for tt := 2; tt < T; tt++ {
			v := in[int(d)*T+tt]
			if v.zero() {
				continue
			}
			k := int64(kappa)*int64(T) + int64(tt)
			if _, ok := inK[k]; !ok {
				keys = append(keys, k)
			}
			inK[k] = inK[k].plus(v)
		}
	}
	// delta[k] is the arrival distribution over κ's members of traffic
	// with key k = (κ, t), t ≥ 2.
	delta := make(map[int64][]float64, len(keys))
	x := make([]vec, t.p.Len())
	var chain, live, nextLive []int32
	for _, k := range keys {
		kappa, tt := int32(k/int64(T)), int(k%int64(T))
		total := inK[k]
		chain = chain[:0]
		for c := kappa; c >= 0; c = t.classes[c].parent {
			chain = append(chain, c) // chain[i] is κ's ancestor class at tier i+1
		}
		if tt-1 >= len(chain) {
			lost++
			continue
		}
		topC := chain[tt-1]
		live = live[:0]
		for i, u := range t.classes[topC].members {
			if r := t.rho[topC][i]; r > 0 {
				x[u] = total.scale(r)
				live = append(live, u)
			}
		}
		for lv := tt; lv >= 2; lv-- {
			target := chain[lv-2]
			nextLive = nextLive[:0]
			for _, u := range live {
				arcs := t.downTo(u, target)
				if len(arcs) == 0 {
					lost++
					x[u] = vec{}
					continue
				}
				w := float64(weight(arcs))
				for _, a := range arcs {
					share := x[u].scale(float64(a.Mult) / w)
					out.add(a.Slot, share)
					if x[a.To].zero() {
						nextLive = append(nextLive, a.To)
					}
					x[a.To] = x[a.To].plus(share)
				}
				x[u] = vec{}
			}
			live, nextLive = nextLive, live
		}
		members := t.classes[kappa].members
		dl := make([]float64, len(members))
		for _, u := range live {
			if total[0] != 0 {
				dl[t.memberIdx[u]] = x[u][0] / total[0]
			} else {
				dl[t.memberIdx[u]] = x[u][1] / total[1]
			}
			x[u] = vec{}
		}
		delta[k] = dl
	}
	for _, d := range t.byLevel[0] {
		kappa := t.classes[t.cls[d]].parent
		if kappa < 0 {
			continue
		}
		base := int(d) * T
		any := false
		for tt := 1; tt < T; tt++ {
			any = any || !in[base+tt].zero()
		}
		if !any {
			continue
		}
		for i, w := range t.classes[kappa].members {
			arr := in[base+1].scale(t.rho[kappa][i])
			for tt := 2; tt < T; tt++ {
				if v := in[base+tt]; !v.zero() {
					arr = arr.plus(v.scale(delta[int64(kappa)*int64(T)+int64(tt)][i]))
				}
			}
			if arr.zero() {
				continue
			}
			arcs := t.downTo(w, t.cls[d])
			if len(arcs) == 0 {
				lost++
				continue
			}
			w := float64(weight(arcs))
			for _, a := range arcs {
				out.add(a.Slot, arr.scale(float64(a.Mult)/w))
			}
		}
	}
	return lost
}

// routeWalks walks every queue pair along one path (Hash, Pinned), or a
// sample of them when a block has more pairs than the budget.
func (t *Tiered) routeWalks(d *Demand, opt Options, out *Loads) Result {
	var res Result
	var rec *statsRecorder
	if opt.Stats && opt.Mode == Hash {
		rec = &statsRecorder{m: map[uint64]*decision{}}
	}
	var ws walkScratch
	walk := func(s, dst int32, id uint64, qp int32, v vec) bool {
		return t.walkPath(opt, s, dst, id, qp, &ws, rec, func(slot int32) { out.add(slot, v) })
	}
	over := walkFlows(d, opt, walk, t.p.SendPorts, &res)
	res.ECMP = rec.stats()
	if len(over) > 0 {
		r := t.Route(&Demand{Blocks: over}, Options{Mode: Ideal}, out)
		res.Unroutable += r.Unroutable
	}
	return res
}

// walkScratch is the reusable state of one caller's walks.
type walkScratch struct {
	chain []int32
	keep  []Arc
	// climb and quot are the destination's own climb under Pinned (the
	// arc it takes from each tier) and the quotient of its position its
	// digit at each tier was taken from.
	climb []Arc
	quot  []int
	// digit and width are, per tier of the climb, the link its digit
	// chose among the up links (in port order) and the number of
	// switches those reach.
	digit, width []int
	near         []Arc
}

// walkPath walks one queue pair from s to dst, up to their turnaround
// tier and down, calling visit with the load slot of every link direction
// it takes; rec (nil to skip) records the hash decisions. It reports
// false when a tier offers no way on (the slots visited so far stand).
func (t *Tiered) walkPath(opt Options, s, dst int32, id uint64, qp int32, ws *walkScratch, rec *statsRecorder, visit func(slot int32)) bool {
	tt := t.turn(s, dst)
	if tt < 0 {
		return false
	}
	ws.chain = t.chain(dst, ws.chain)
	sw, slot, pinned := t.p.destPort(dst, qp)
	if opt.Mode == Pinned {
		t.climb(dst, qp, tt, pinned, sw, slot, ws)
	}
	u := s
	div := 1 // destination-mod-k's divisor at this tier (pickUp)
	for lv := 0; lv < tt; lv++ {
		ups := t.ups(u)
		if len(ups) == 0 {
			return false
		}
		if opt.Mode == Pinned && t.p.Transit(u) {
			ups = t.upsByPort(u) // destination-mod-k numbers the up ports
		}
		i := t.pickUp(opt, id, qp, u, dst, ups, &div)
		if t.p.Transit(u) { // a sender's own port choice is no hash decision
			rec.record(u, -1, i, int(weight(ups)))
		}
		a := ups[port(ups, i)]
		visit(a.Slot)
		u = a.To
	}
	for lv := tt; lv >= 1; lv-- {
		arcs := t.downTo(u, ws.chain[lv-1])
		if len(arcs) == 0 {
			return false
		}
		if pinned {
			arcs = keepPort(arcs, sw, slot, &ws.keep)
		}
		var a Arc
		if opt.Mode == Pinned {
			a = t.descend(arcs, ws, dst, lv)
		} else {
			i := t.pick(opt, id, qp, u, dst, arcs)
			rec.record(u, ws.chain[lv-1], i, int(weight(arcs)))
			a = arcs[port(arcs, i)]
		}
		visit(a.Slot)
		u = a.To
	}
	return true
}

// climb fills ws.climb and ws.quot with destination d's own
// destination-mod-k climb to tier tt, from the destination port the
// queue pair targets when it is pinned to one (destPort). It stops early
// where a switch has no way up.
func (t *Tiered) climb(d, qp int32, tt int, pinned bool, sw, slot int32, ws *walkScratch) {
	ws.climb, ws.quot, ws.digit, ws.width = ws.climb[:0], ws.quot[:0], ws.digit[:0], ws.width[:0]
	u, div := d, 1
	for lv := 0; lv < tt; lv++ {
		ups := t.ups(u)
		if len(ups) == 0 {
			return
		}
		if t.p.Transit(u) {
			ups = t.upsByPort(u)
		}
		q := int(t.pos[d]) / div
		var a Arc
		found := false
		if lv == 0 && pinned {
			for _, x := range ups {
				if x.To == sw && x.Slot == slot^1 {
					a, found = x, true
				}
			}
		}
		digit, width := 0, 1
		if !found {
			if t.p.Transit(u) {
				width = distinctHeads(ups)
			}
			digit = t.pickUp(Options{Mode: Pinned}, 0, qp, u, d, ups, &div)
			a = ups[port(ups, digit)]
		}
		ws.climb, ws.quot = append(ws.climb, a), append(ws.quot, q)
		ws.digit, ws.width = append(ws.digit, digit), append(ws.width, width)
		u = a.To
	}
}

// pick chooses one of the next hops arcs at u on the way down: the
// sender's own choice at a node that does not forward (sendports.go),
// else the switch's hash (Pinned descends by descend).
func (t *Tiered) pick(opt Options, id uint64, qp, u, dst int32, arcs []Arc) int {
	div := 1
	return t.pickUp(opt, id, qp, u, dst, arcs, &div)
}

// pickUp chooses one of the links arcs at u on the way up, as an index
// among their weight(arcs) links: the sender's own choice at a node that
// does not forward, destination-mod-k under Pinned (pinnedUp, *div the
// divisor of this tier, updated for the next), else a seeded hash.
func (t *Tiered) pickUp(opt Options, id uint64, qp, u, dst int32, arcs []Arc, div *int) int {
	m := int(weight(arcs))
	if !t.p.Transit(u) {
		return sourcePick(qp, m)
	}
	if opt.Mode == Pinned {
		return pinnedUp(arcs, int(t.pos[dst]), div)
	}
	return hashPick(opt.Seed, id, qp, u, m)
}

// walker walks one queue pair and reports whether it found a path.
type walker func(s, d int32, id uint64, qp int32, v vec) bool

// walkFlows runs walk over every queue pair of d's flows and, when their
// queue pairs fit the budget, of its blocks; otherwise it returns the
// blocks for the caller to route by the expectation of hashing (shared by
// both engines).
// A flow between ends of several ports (ports(n) of each end, nil for
// one port each) has its queue pairs spread over the larger count
// (sendports.go).
func walkFlows(d *Demand, opt Options, walk walker, ports func(n int32) int32, res *Result) (over []Block) {
	if ports == nil {
		ports = func(int32) int32 { return 1 }
	}
	budget := opt.MaxQPs
	if budget <= 0 {
		budget = DefaultMaxQPs
	}
	for _, f := range d.Flows {
		q := spreadQPs(f.QPs, max(ports(f.Src), ports(f.Dst)))
		v := vec{f.Rate, f.Bytes}.scale(1 / float64(q))
		for qp := int32(0); qp < q; qp++ {
			if !walk(f.Src, f.Dst, f.ID, qp, v) {
				res.Unroutable++
				break
			}
		}
		res.TotalQPs += float64(q)
	}
	var all float64
	pairs := make([]float64, len(d.Blocks))
	tots := make([]vec, len(d.Blocks))
	for bi := range d.Blocks {
		pairs[bi], tots[bi] = d.Blocks[bi].totals()
		// The most any pair spreads over: O(sources + sinks), where a
		// block of a 131,072-rank AllToAll has 2^34 pairs.
		most := int32(1)
		for _, src := range d.Blocks[bi].Src {
			most = max(most, ports(src.Node))
		}
		for _, dst := range d.Blocks[bi].Dst {
			most = max(most, ports(dst.Node))
		}
		all += pairs[bi] * float64(spreadQPs(d.Blocks[bi].QPs, most))
	}
	res.TotalQPs += all
	if all > float64(budget) {
		res.Expected, res.ExpectedQPs = true, all
		for _, t := range tots {
			res.ExpectedRateBPS += t[0]
		}
		return d.Blocks
	}
	for bi := range d.Blocks {
		b := &d.Blocks[bi]
		for _, s := range b.Src {
			for _, k := range b.Dst {
				q := spreadQPs(b.QPs, max(ports(s.Node), ports(k.Node)))
				if k.Weight == 0 || (s.Rate == 0 && s.Bytes == 0) || b.excluded(s, k) {
					continue
				}
				// One identity per rank pair the entries stand for.
				reps := int(math.Round(s.count() * max(k.Weight, 1)))
				v := vec{s.Rate * k.Weight, s.Bytes * k.Weight}.scale(1 / float64(int(q)*reps))
				for rep := 0; rep < reps; rep++ {
					id := mix(b.ID ^ uint64(uint32(s.Node))<<32 ^ uint64(uint32(k.Node)) ^ mix(uint64(rep)))
					for qp := int32(0); qp < q; qp++ {
						if !walk(s.Node, k.Node, id, qp, v) {
							res.Unroutable++
							break
						}
					}
				}
			}
		}
	}
	return nil
}

// Shares implements Engine.
func (t *Tiered) Shares(f Flow, opt Options) []Share {
	acc := map[int32]float64{}
	var order []int32
	add := func(slot int32, frac float64) {
		if _, ok := acc[slot]; !ok {
			order = append(order, slot)
		}
		acc[slot] += frac
	}
	tt := t.turn(f.Src, f.Dst)
	if tt <= 0 {
		return nil
	}
	if opt.Mode != Ideal {
		q := spreadQPs(f.QPs, t.p.flowPorts(f.Src, f.Dst))
		var ws walkScratch
		for qp := int32(0); qp < q; qp++ {
			t.walkPath(opt, f.Src, f.Dst, f.ID, qp, &ws, nil, func(slot int32) { add(slot, 1/float64(q)) })
		}
		return sharesOf(order, acc)
	}
	cur := map[int32]float64{f.Src: 1}
	for lv := 0; lv < tt; lv++ {
		next := map[int32]float64{}
		for _, u := range sortedKeys(cur) {
			ups := t.ups(u)
			w := float64(weight(ups))
			for _, a := range ups {
				add(a.Slot, cur[u]*float64(a.Mult)/w)
				next[a.To] += cur[u] * float64(a.Mult) / w
			}
		}
		cur = next
	}
	chain := t.chain(f.Dst, nil)
	for lv := tt; lv >= 1; lv-- {
		next := map[int32]float64{}
		for _, u := range sortedKeys(cur) {
			arcs := t.downTo(u, chain[lv-1])
			w := float64(weight(arcs))
			for _, a := range arcs {
				add(a.Slot, cur[u]*float64(a.Mult)/w)
				next[a.To] += cur[u] * float64(a.Mult) / w
			}
		}
		cur = next
	}
	return sharesOf(order, acc)
}

func sortedKeys(m map[int32]float64) []int32 {
	keys := make([]int32, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func sharesOf(order []int32, acc map[int32]float64) []Share {
	out := make([]Share, len(order))
	for i, s := range order {
		out[i] = Share{Slot: s, Frac: acc[s]}
	}
	return out
}

// grow returns s with length n and every element zero, reusing its array
// when it is large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}
