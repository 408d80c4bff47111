package routing

import (
	"cmp"
	"slices"
)

// dfAgg routes dense blocks on a dragonfly by router pair instead of by
// queue pair. Every terminal hangs off one router by one link, so all the
// traffic from the terminals of router a to those of router b shares one
// set of paths between the two routers: under the even split over next
// hops (Ideal, and the expectation of hashing), each of its queue pairs
// loads the routers' links alike, and only the two terminal links differ,
// which no choice of path changes. An AllToAll over T terminals on R
// routers is then R² commodities instead of T² queue pairs (278,784
// instead of 71,368,704 for the benchmark case, docs/performance.md).
// Router pairs and not group pairs: the pairs of one group pair take
// different paths (a router with its own global link to the other group
// sends on it directly, the others cross a local link first), so folding
// them further would move load between links. The tables cost O(R²·L)
// memory for L links per path: on a p=16 a=16 h=8 g=33 dragonfly, 5.7
// shares of 16 bytes per router pair, 26 MB for its 528 routers.
type dfAgg struct {
	x *dfIndex
	// cls are the endpoint classes: a router and a group (the terminals
	// of one router, unless labels differ), in (router, group) order.
	cls []aggClass
	// com are the commodities with demand, in (sink, source) class order.
	com []commodity
	// terms are the terminal links' demand, the same on every path.
	terms []termLoad
	// minOff indexes minSh by router pair b·R + a: the even-split shares
	// of a minimal path from router a to router b; minHops is their sum
	// of fractions, -1 where b is unreachable from a. Destination-major,
	// like the commodities, so that the rows one sink reads stay in cache.
	minOff  []int
	minSh   []Share
	minHops []float64
	// legOff indexes legSh and legArr by source class router slot ×
	// group position: the shares of the first Valiant leg from the router
	// to the nearest routers of the group, and where it arrives.
	legOff, arrOff []int
	legSh          []Share
	legArr         []arrival // node is a router index
	legHops        []float64 // the first leg's sum of fractions
	srcSlot        []int32   // router index → source slot in legOff, or -1
	sc             *dfScratch
	path           pathBuf
	// cap is each slot's capacity (Plane.CapacityBPS), read on every cost.
	cap []float64
}

// pathBuf collects the shares of one candidate path, summing the
// fractions of a slot met twice (two arrivals of a Valiant leg that
// leave by the same link); a stamp per slot makes clearing free.
type pathBuf struct {
	idx   []stampIdx
	stamp uint32
	sh    []Share
}

type stampIdx struct {
	stamp uint32
	at    int32
}

func (b *pathBuf) add(slot int32, f float64) {
	if x := &b.idx[slot]; x.stamp == b.stamp {
		b.sh[x.at].Frac += f
		return
	}
	b.idx[slot] = stampIdx{b.stamp, int32(len(b.sh))}
	b.sh = append(b.sh, Share{Slot: slot, Frac: f})
}

// reset empties b.
func (b *pathBuf) reset() {
	b.sh = b.sh[:0]
	if b.stamp++; b.stamp == 0 {
		clear(b.idx)
		b.stamp = 1
	}
}

// aggClass is one class of endpoints: their router and group.
type aggClass struct {
	r, g int32
	pos  int32 // index of g in dfIndex.ids, or -1
	// src and dst index terms: the class's terminal links as sources and
	// as sinks.
	src, dst []int32
}

// commodity is the demand from one class to another.
type commodity struct {
	cs, cd int32
	v      vec
	qps    float64 // queue pairs it stands for
}

// termLoad is the load of one terminal link direction: all of the
// terminal's sending (or receiving) demand.
type termLoad struct {
	slot int32
	v    vec
	pre  float64 // rate on the slot before the blocks
	cap  float64
}

// aggregate folds blocks onto router pairs. It returns nil when an
// endpoint with demand is not a terminal on one link to one router (the
// dragonfly generator makes no other kind); the caller then walks every
// queue pair. Unroutable pairs are counted into res. Cost O(entries + C²)
// per block for C classes (C = R on a dragonfly), plus the tables:
// O(R·(R + links)) for the searches and O(R²·L·d) for the minimal
// shares (L links per path, d a router's ports).
func (x *dfIndex) aggregate(blocks []Block, res *Result) *dfAgg {
	p := x.p
	attach := func(u int32) (Arc, bool) {
		if x.rid[u] >= 0 {
			return Arc{}, false
		}
		arcs := p.Arcs(u)
		if len(arcs) != 1 || x.rid[arcs[0].To] < 0 {
			return Arc{}, false
		}
		return arcs[0], true
	}
	type key struct{ r, g int32 }
	keys := map[key]int32{}
	var order []key
	classOf := map[int32]int32{} // plane node → class, once numbered
	note := func(u int32) bool {
		a, ok := attach(u)
		if !ok {
			return false
		}
		k := key{x.rid[a.To], x.groups[u]}
		if _, ok := keys[k]; !ok {
			keys[k] = -1
			order = append(order, k)
		}
		return true
	}
	for bi := range blocks {
		b := &blocks[bi]
		for _, s := range b.Src {
			if (s.Rate != 0 || s.Bytes != 0) && !note(s.Node) {
				return nil
			}
		}
		for _, k := range b.Dst {
			if k.Weight != 0 && !note(k.Node) {
				return nil
			}
		}
	}
	slices.SortFunc(order, func(a, b key) int { return cmp.Or(cmp.Compare(a.r, b.r), cmp.Compare(a.g, b.g)) })
	a := &dfAgg{x: x, sc: x.scratch()}
	slots := 2 * p.G.NumLinks()
	a.path = pathBuf{idx: make([]stampIdx, slots), stamp: 1}
	a.cap = make([]float64, slots)
	for i := range a.cap {
		a.cap[i] = p.CapacityBPS(int32(i))
	}
	pos := map[int32]int32{}
	for i, g := range x.ids {
		pos[g] = int32(i)
	}
	for i, k := range order {
		keys[k] = int32(i)
		ps, ok := pos[k.g]
		if !ok {
			ps = -1
		}
		a.cls = append(a.cls, aggClass{r: k.r, g: k.g, pos: ps})
	}
	cOf := func(u int32) int32 {
		if c, ok := classOf[u]; ok {
			return c
		}
		arc, _ := attach(u)
		c := keys[key{x.rid[arc.To], x.groups[u]}]
		classOf[u] = c
		return c
	}
	C := len(a.cls)
	dem := make([]vec, C*C)
	qps := make([]float64, C*C)
	pairs := make([]float64, C*C)
	// Terminal totals per plane node: what it sends and what it receives.
	sendV := map[int32]vec{}
	recvV := map[int32]vec{}
	sr, sb, ns := make([]float64, C), make([]float64, C), make([]float64, C)
	w := make([]float64, C)
	for bi := range blocks {
		b := &blocks[bi]
		q := float64(max(b.QPs, 1))
		clear(sr)
		clear(sb)
		clear(ns)
		clear(w)
		var totR, totB, totW, nSrc, nDst float64
		for _, s := range b.Src {
			if s.Rate == 0 && s.Bytes == 0 {
				continue
			}
			c := cOf(s.Node)
			sr[c] += s.Rate
			sb[c] += s.Bytes
			ns[c] += s.count()
			totR += s.Rate
			totB += s.Bytes
			nSrc++
		}
		for _, k := range b.Dst {
			if k.Weight == 0 {
				continue
			}
			c := cOf(k.Node)
			w[c] += k.Weight
			totW += k.Weight
			nDst++
		}
		for cs := 0; cs < C; cs++ {
			if ns[cs] == 0 {
				continue
			}
			for cd := 0; cd < C; cd++ {
				if w[cd] == 0 {
					continue
				}
				i := cs*C + cd
				dem[i] = dem[i].plus(vec{sr[cs] * w[cd], sb[cs] * w[cd]})
				pairs[i] += ns[cs] * w[cd]
				qps[i] += ns[cs] * w[cd] * q
			}
		}
		// Excluded pairs (same node or same key) come off again; each
		// terminal's totals are its whole row (column) less them.
		exclS := map[int32]float64{} // sink weight a source may not send to
		exclD := map[int32]vec{}     // rate and bytes a sink may not receive
		partnersS := map[int32]float64{}
		partnersD := map[int32]float64{}
		for _, kg := range b.keyGroups() {
			for _, s := range kg.src {
				if s.Rate == 0 && s.Bytes == 0 {
					continue
				}
				for _, k := range kg.dst {
					if k.Weight == 0 || !b.excluded(s, k) {
						continue
					}
					i := int(cOf(s.Node))*C + int(cOf(k.Node))
					dem[i] = dem[i].plus(vec{-s.Rate * k.Weight, -s.Bytes * k.Weight})
					pairs[i] -= s.count() * k.Weight
					qps[i] -= s.count() * k.Weight * q
					exclS[s.Node] += k.Weight
					exclD[k.Node] = exclD[k.Node].plus(vec{s.Rate, s.Bytes})
					partnersS[s.Node]++
					partnersD[k.Node]++
				}
			}
		}
		for _, s := range b.Src {
			if s.Rate == 0 && s.Bytes == 0 {
				continue
			}
			if nDst-partnersS[s.Node] <= 0 {
				continue // every sink excluded
			}
			ww := totW - exclS[s.Node]
			sendV[s.Node] = sendV[s.Node].plus(vec{s.Rate * ww, s.Bytes * ww})
		}
		for _, k := range b.Dst {
			if k.Weight == 0 || nSrc-partnersD[k.Node] <= 0 {
				continue
			}
			e := exclD[k.Node]
			recvV[k.Node] = recvV[k.Node].plus(vec{k.Weight * (totR - e[0]), k.Weight * (totB - e[1])})
		}
	}
	for cd := 0; cd < C; cd++ {
		for cs := 0; cs < C; cs++ {
			i := cs*C + cd
			if pairs[i] <= 0 {
				continue // every pair excluded: no residue of the subtraction
			}
			a.com = append(a.com, commodity{cs: int32(cs), cd: int32(cd), v: dem[i], qps: qps[i]})
		}
	}
	addTerm := func(m map[int32]vec, down bool) {
		nodes := make([]int32, 0, len(m))
		for u := range m {
			nodes = append(nodes, u)
		}
		slices.Sort(nodes)
		for _, u := range nodes {
			arc, _ := attach(u)
			slot := arc.Slot
			if down {
				slot ^= 1
			}
			c := cOf(u)
			if down {
				a.cls[c].dst = append(a.cls[c].dst, int32(len(a.terms)))
			} else {
				a.cls[c].src = append(a.cls[c].src, int32(len(a.terms)))
			}
			a.terms = append(a.terms, termLoad{slot: slot, v: m[u], cap: p.CapacityBPS(slot)})
		}
	}
	addTerm(sendV, false)
	addTerm(recvV, true)
	a.tables(res)
	return a
}

// tables fills the minimal shares between routers and the first Valiant
// legs, and counts the commodities that have no minimal path.
func (a *dfAgg) tables(res *Result) {
	x := a.x
	R := len(x.nodes)
	sinks := make([]bool, R)
	a.srcSlot = make([]int32, R)
	for i := range a.srcSlot {
		a.srcSlot[i] = -1
	}
	var srcs []int32
	for _, c := range a.com {
		sinks[a.cls[c.cd].r] = true
		if r := a.cls[c.cs].r; a.srcSlot[r] < 0 {
			a.srcSlot[r] = int32(len(srcs))
			srcs = append(srcs, r)
		}
	}
	ideal := Options{Mode: Ideal}
	sc := a.sc
	a.minOff = make([]int, R*R+1)
	a.minHops = make([]float64, R*R)
	for i := range a.minHops {
		a.minHops[i] = -1
	}
	// By destination router: one search, then every router's even split.
	for b := int32(0); b < int32(R); b++ {
		var t target
		if sinks[b] {
			t = x.toNode(x.nodes[b])
		}
		for r := int32(0); r < int32(R); r++ {
			i := int(b)*R + int(r)
			a.minOff[i] = len(a.minSh)
			if !sinks[b] || t.of(r) < 0 {
				continue
			}
			a.minSh = x.leg(t, x.nodes[r], ideal, 0, 0, sc, a.minSh, false)
			var h float64
			for _, s := range a.minSh[a.minOff[i]:] {
				h += s.Frac
			}
			a.minHops[i] = h
		}
	}
	a.minOff[R*R] = len(a.minSh)
	G := len(x.ids)
	a.legOff = make([]int, len(srcs)*G+1)
	a.arrOff = make([]int, len(srcs)*G+1)
	for i, r := range srcs {
		for gi, g := range x.ids {
			k := i*G + gi
			a.legOff[k] = len(a.legSh)
			a.arrOff[k] = len(a.legArr)
			a.legSh = x.leg(x.toGroup(g), x.nodes[r], ideal, 0, 0, sc, a.legSh, true)
			var h float64
			for _, s := range a.legSh[a.legOff[k]:] {
				h += s.Frac
			}
			a.legHops = append(a.legHops, h)
			for _, v := range sc.arrivals {
				a.legArr = append(a.legArr, arrival{x.rid[v.node], v.frac})
			}
		}
	}
	a.legOff[len(srcs)*G] = len(a.legSh)
	a.arrOff[len(srcs)*G] = len(a.legArr)
	kept := a.com[:0]
	for _, c := range a.com {
		if a.minHops[int(a.cls[c.cd].r)*R+int(a.cls[c.cs].r)] < 0 {
			res.Unroutable += int(c.qps)
			continue
		}
		kept = append(kept, c)
	}
	a.com = kept
}

// minShares returns the even-split shares of a minimal path between two
// routers.
func (a *dfAgg) minShares(r, b int32) []Share {
	i := int(b)*len(a.x.nodes) + int(r)
	return a.minSh[a.minOff[i]:a.minOff[i+1]]
}

// mids returns the eligible intermediate groups of commodity c: the
// groups other than the source's and the sink's, in the order of
// dfIndex.ids, as their count and the two positions to skip (see midAt);
// none when source and sink share a group (sameGroupMinimal).
func (a *dfAgg) mids(c commodity) (n int, lo, hi int32) {
	if g := a.cls[c.cs].g; g >= 0 && g == a.cls[c.cd].g {
		return 0, -1, -1 // within one group: minimal only (sameGroupMinimal)
	}
	lo, hi = a.cls[c.cs].pos, a.cls[c.cd].pos
	if lo > hi {
		lo, hi = hi, lo
	}
	if lo == hi {
		lo = -1
	}
	n = len(a.x.ids)
	if hi >= 0 {
		n--
	}
	if lo >= 0 {
		n--
	}
	return n, lo, hi
}

// midAt is the position in dfIndex.ids of the j-th eligible group, lo
// and hi (lo < hi, or -1) being the positions mids skips.
func midAt(j int, lo, hi int32) int {
	if lo >= 0 && j >= int(lo) {
		j++
	}
	if hi >= 0 && j >= int(hi) {
		j++
	}
	return j
}

// mergeValiant adds to a.path the even-split shares of a Valiant path
// of commodity c through the group at position gi, scaled by f: the first
// leg from the source router, then from every arrival minimally to the
// sink router. It reports false when the first leg arrives nowhere.
func (a *dfAgg) mergeValiant(c commodity, gi int, f float64) bool {
	G := len(a.x.ids)
	k := int(a.srcSlot[a.cls[c.cs].r])*G + gi
	arr := a.legArr[a.arrOff[k]:a.arrOff[k+1]]
	if len(arr) == 0 {
		return false
	}
	m := &a.path
	for _, s := range a.legSh[a.legOff[k]:a.legOff[k+1]] {
		m.add(s.Slot, f*s.Frac)
	}
	b := a.cls[c.cd].r
	for _, v := range arr {
		for _, s := range a.minShares(v.node, b) {
			m.add(s.Slot, f*v.frac*s.Frac)
		}
	}
	return true
}

// mergeMin adds to a.path the even-split shares of commodity c's
// minimal path.
func (a *dfAgg) mergeMin(c commodity) {
	for _, s := range a.minShares(a.cls[c.cs].r, a.cls[c.cd].r) {
		a.path.add(s.Slot, s.Frac)
	}
}

// place adds v times the shares in a.path to out and empties it.
func (a *dfAgg) place(v vec, out *Loads) {
	for _, s := range a.path.sh {
		out.add(s.Slot, v.scale(s.Frac))
	}
	a.path.reset()
}

// addTerms adds the terminal links' loads: every queue pair crosses its
// two terminal links whatever path it takes.
func (a *dfAgg) addTerms(out *Loads) {
	for _, t := range a.terms {
		out.add(t.slot, t.v)
	}
}

// valiant adds the expected Valiant loads: every commodity spread evenly
// over its eligible groups, each even-split (the expectation of hashing
// both the group and the next hops). O(C²·G·L).
func (a *dfAgg) valiant(opt Options, out *Loads) {
	for _, c := range a.com {
		n, lo, hi := a.mids(c)
		if n == 0 {
			a.mergeMin(c)
		} else {
			for j := 0; j < n; j++ {
				a.mergeValiant(c, midAt(j, lo, hi), 1/float64(n))
			}
		}
		a.place(c.v, out)
	}
	a.addTerms(out)
}

// ugal places every commodity in UGALSlices equal slices, one round at a
// time and, within a round, in commodity order, each slice on its minimal
// path or on one of UGALCandidates hashed Valiant groups, whichever
// minimises hops × the highest utilisation it would meet, as a queue pair
// does under RouteUGAL. The terminal links, which every candidate shares,
// enter as their load at the end of the round (they carry the same share
// of every commodity whatever its path). O(UGALSlices·C²·UGALCandidates·L).
func (a *dfAgg) ugal(opt Options, out *Loads) {
	x := a.x
	R := len(x.nodes)
	G := len(x.ids)
	floorS := make([]float64, len(a.cls))
	floorD := make([]float64, len(a.cls))
	for i := range a.terms {
		a.terms[i].pre = out.Rate(int(a.terms[i].slot))
	}
	util := func(t int32, f float64) float64 {
		tl := &a.terms[t]
		return (tl.pre + f*tl.v[0]) / tl.cap
	}
	// worst is the highest utilisation over shares with the slice's rate
	// v added (at least w).
	worst := func(sh []Share, v, w float64) float64 {
		for _, s := range sh {
			w = max(w, (out.cells[s.Slot].rate+v*s.Frac)/a.cap[s.Slot])
		}
		return w
	}
	for k := 0; k < UGALSlices; k++ {
		f := float64(k+1) / UGALSlices
		for i, c := range a.cls {
			floorS[i], floorD[i] = 0, 0
			for _, t := range c.src {
				floorS[i] = max(floorS[i], util(t, f))
			}
			for _, t := range c.dst {
				floorD[i] = max(floorD[i], util(t, f))
			}
		}
		for _, c := range a.com {
			v := c.v.scale(1.0 / UGALSlices)
			floor := max(floorS[c.cs], floorD[c.cd])
			rs, rd := a.cls[c.cs].r, a.cls[c.cd].r
			// A path's hops are its fractions' sum, its two terminal
			// links included.
			bestCost := (2 + a.minHops[int(rd)*R+int(rs)]) * worst(a.minShares(rs, rd), v[0], floor)
			best := -1
			n, lo, hi := a.mids(c)
			id := mix(uint64(uint32(x.nodes[rs]))<<32 | uint64(uint32(x.nodes[rd])))
			src := int(a.srcSlot[rs]) * G
			var tried [UGALCandidates]int
			nt := 0
		cands:
			for ci := 0; ci < UGALCandidates && n > 0; ci++ {
				gi := midAt(hashPick(opt.Seed, id, int32(k), int32(-3-ci), n), lo, hi)
				if slices.Contains(tried[:nt], gi) {
					continue
				}
				tried[nt] = gi
				nt++
				kk := src + gi
				arr := a.legArr[a.arrOff[kk]:a.arrOff[kk+1]]
				if len(arr) == 0 {
					continue
				}
				hops := 2 + a.legHops[kk]
				for _, y := range arr {
					hops += y.frac * a.minHops[int(rd)*R+int(y.node)]
				}
				// Every share's own utilisation bounds the worst from
				// below (a slot that two arrivals share carries more, and
				// rounding is monotonic), so a candidate whose bound
				// already reaches the best cost cannot win, and most are
				// rejected before their shares merge.
				if hops*floor >= bestCost {
					continue
				}
				for _, s := range a.legSh[a.legOff[kk]:a.legOff[kk+1]] {
					if hops*((out.cells[s.Slot].rate+v[0]*s.Frac)/a.cap[s.Slot]) >= bestCost {
						continue cands
					}
				}
				for _, y := range arr {
					for _, s := range a.minShares(y.node, rd) {
						if hops*((out.cells[s.Slot].rate+v[0]*(y.frac*s.Frac))/a.cap[s.Slot]) >= bestCost {
							continue cands
						}
					}
				}
				a.mergeValiant(c, gi, 1)
				if c2 := hops * worst(a.path.sh, v[0], floor); c2 < bestCost {
					best, bestCost = gi, c2
				}
				a.path.reset()
			}
			if best < 0 {
				for _, s := range a.minShares(rs, rd) {
					out.add(s.Slot, v.scale(s.Frac))
				}
				continue
			}
			a.mergeValiant(c, best, 1)
			a.place(v, out)
		}
	}
	a.addTerms(out)
}
