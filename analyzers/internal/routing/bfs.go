package routing

import (
	"slices"

	"github.com/topoc/topoc/analyzers/internal/countsort"
)

// BFS is the exact engine for any plane: for each destination, one
// breadth-first search over transit nodes gives every node's distance, the
// next hops of a node are its neighbours one hop closer, and the demand
// towards that destination is pushed from the farthest node inwards,
// splitting evenly (Ideal) or following one hashed or pinned next hop per
// queue pair. Cost O(reachable nodes + links) per destination with demand.
// With link weights (Plane.SetWeights) the search is Dial's bucketed
// shortest-path algorithm and "one hop closer" means closer by the arc's
// weight.
type BFS struct {
	p       *Plane
	dist    []int32
	queue   []int32
	buckets [][]int32
	x       []vec
	cache   map[int32][]int32
	df      *dfIndex // Valiant and UGAL (valiant.go)
	pending []bool
	keep    []Arc // scratch of keepPort
}

// NewBFS returns the BFS engine of p.
func NewBFS(p *Plane) *BFS {
	e := &BFS{p: p, dist: make([]int32, p.Len()), x: make([]vec, p.Len())}
	for i := range e.dist {
		e.dist[i] = -1
	}
	return e
}

// Method implements Engine.
func (e *BFS) Method() string { return "bfs" }

// search fills e.dist with distances to d (through transit nodes only)
// and e.queue with the reached nodes in nondecreasing distance.
func (e *BFS) search(d int32) { e.searchFrom([]int32{d}) }

// searchUntil is search that may stop once every node of srcs is reached
// and the level holding the last of them is complete, so that every node
// on a shortest path from a source is found (srcs nil: search all).
func (e *BFS) searchUntil(d int32, srcs []int32) {
	if srcs == nil || e.p.weight != nil {
		e.search(d)
		return
	}
	for _, u := range e.queue {
		e.dist[u] = -1
	}
	e.queue = append(e.queue[:0], d)
	e.dist[d] = 0
	if e.pending == nil {
		e.pending = make([]bool, e.p.Len())
	}
	left := 0
	for _, s := range srcs {
		if s != d && !e.pending[s] {
			e.pending[s] = true
			left++
		}
	}
	stop := int32(-1)
	for i := 0; i < len(e.queue); i++ {
		u := e.queue[i]
		if stop >= 0 && e.dist[u] >= stop {
			break
		}
		if e.dist[u] > 0 && !e.p.Transit(u) {
			continue
		}
		for _, a := range e.p.Arcs(u) {
			if e.dist[a.To] < 0 {
				e.dist[a.To] = e.dist[u] + 1
				e.queue = append(e.queue, a.To)
				if e.pending[a.To] {
					e.pending[a.To] = false
					if left--; left == 0 {
						stop = e.dist[a.To]
					}
				}
			}
		}
	}
	for _, s := range srcs {
		e.pending[s] = false
	}
}

// searchFrom is search towards a set of targets (all at distance 0), as a
// dragonfly group is for the first leg of a Valiant path. Targets other
// than transit nodes are endpoints: the search leaves them but never
// passes through another endpoint.
func (e *BFS) searchFrom(targets []int32) {
	for _, u := range e.queue {
		e.dist[u] = -1
	}
	e.queue = e.queue[:0]
	if e.p.weight == nil {
		for _, t := range targets {
			e.dist[t] = 0
			e.queue = append(e.queue, t)
		}
		for i := 0; i < len(e.queue); i++ {
			u := e.queue[i]
			if e.dist[u] > 0 && !e.p.Transit(u) {
				continue
			}
			for _, a := range e.p.Arcs(u) {
				if e.dist[a.To] < 0 {
					e.dist[a.To] = e.dist[u] + 1
					e.queue = append(e.queue, a.To)
				}
			}
		}
		return
	}
	if e.p.maxWeight > dialMaxWeight {
		e.searchHeap(targets)
		return
	}
	// Dial's algorithm: buckets by distance, stale entries skipped.
	for i := range e.buckets {
		e.buckets[i] = e.buckets[i][:0]
	}
	push := func(u, d int32) {
		for int(d) >= len(e.buckets) {
			e.buckets = append(e.buckets, nil)
		}
		e.buckets[d] = append(e.buckets[d], u)
	}
	for _, t := range targets {
		e.dist[t] = 0
		push(t, 0)
	}
	for k := 0; k < len(e.buckets); k++ {
		for i := 0; i < len(e.buckets[k]); i++ {
			u := e.buckets[k][i]
			if e.dist[u] != int32(k) {
				continue // stale: u was reached more cheaply since
			}
			e.queue = append(e.queue, u)
			if k > 0 && !e.p.Transit(u) {
				continue
			}
			for _, a := range e.p.Arcs(u) {
				nd := int32(k) + e.p.weight[a.Slot/2]
				if e.dist[a.To] < 0 || nd < e.dist[a.To] {
					e.dist[a.To] = nd
					push(a.To, nd)
				}
			}
		}
	}
}

// dialMaxWeight is the largest link weight Dial's algorithm takes: it
// visits one bucket per unit of distance, so with weights up to 16 and
// fabric paths of about ten links a search walks at most a few hundred
// buckets, no more than a heap's log factor over the same nodes, while
// IGP costs in the thousands would make it walk tens of thousands per
// destination. A performance threshold from that count, not a modelling
// value.
const dialMaxWeight = 16

// searchHeap is searchFrom's weighted search with a binary heap: the same
// distances, and e.queue in nondecreasing distance.
func (e *BFS) searchHeap(targets []int32) {
	var q DistQueue
	for _, t := range targets {
		e.dist[t] = 0
		q.Push(t, 0)
	}
	for q.Len() > 0 {
		u, d := q.Pop()
		if e.dist[u] != d {
			continue // stale: u was reached more cheaply since
		}
		e.queue = append(e.queue, u)
		if d > 0 && !e.p.Transit(u) {
			continue
		}
		for _, a := range e.p.Arcs(u) {
			nd := d + e.p.weight[a.Slot/2]
			if e.dist[a.To] < 0 || nd < e.dist[a.To] {
				e.dist[a.To] = nd
				q.Push(a.To, nd)
			}
		}
	}
}

// next returns u's arcs one hop closer to d (into a transit node or d).
func (e *BFS) next(u, d int32, buf []Arc) []Arc { return e.nextIn(e.dist, u, d, buf) }

// nextIn is next under the distances dist to d (d < 0: a set of transit
// targets).
func (e *BFS) nextIn(dist []int32, u, d int32, buf []Arc) []Arc {
	buf = buf[:0]
	du := dist[u]
	for _, a := range e.p.Arcs(u) {
		if dist[a.To] >= 0 && dist[a.To] == du-e.p.w(a) && (a.To == d || e.p.Transit(a.To)) {
			buf = append(buf, a)
		}
	}
	return buf
}

// Route implements Engine.
func (e *BFS) Route(d *Demand, opt Options, out *Loads) Result {
	if opt.Mode != Ideal {
		return e.routeWalks(d, opt, out)
	}
	var res Result
	type item struct {
		dst   int32
		flow  int32 // index into d.Flows, or -1
		block int32
		sink  int32
	}
	items := make([]item, 0, len(d.Flows))
	for i, f := range d.Flows {
		items = append(items, item{dst: f.Dst, flow: int32(i)})
	}
	for bi := range d.Blocks {
		for ki, k := range d.Blocks[bi].Dst {
			if k.Weight != 0 {
				items = append(items, item{dst: k.Node, flow: -1, block: int32(bi), sink: int32(ki)})
			}
		}
	}
	items = countsort.By(items, func(it item) int32 { return it.dst }, e.p.Len()) // demand lists run to millions
	var buf []Arc
	var srcs []int32
	for i := 0; i < len(items); {
		dst := items[i].dst
		// Search only as far as the farthest source: a GPU's PCIe path to
		// its NIC stops two hops out instead of sweeping the server.
		srcs = srcs[:0]
		for k := i; k < len(items) && items[k].dst == dst; k++ {
			if it := items[k]; it.flow >= 0 {
				srcs = append(srcs, d.Flows[it.flow].Src)
			} else {
				srcs = nil // a block: every source may send
				break
			}
		}
		e.searchUntil(dst, srcs)
		for ; i < len(items) && items[i].dst == dst; i++ {
			it := items[i]
			if it.flow >= 0 {
				f := d.Flows[it.flow]
				if f.Src == f.Dst {
					continue
				}
				if e.dist[f.Src] < 0 {
					res.Unroutable++
					continue
				}
				e.x[f.Src] = e.x[f.Src].plus(vec{f.Rate, f.Bytes})
				continue
			}
			b := &d.Blocks[it.block]
			k := b.Dst[it.sink]
			for _, s := range b.Src {
				if (s.Rate == 0 && s.Bytes == 0) || b.excluded(s, k) {
					continue
				}
				if e.dist[s.Node] < 0 {
					res.Unroutable++
					continue
				}
				e.x[s.Node] = e.x[s.Node].plus(vec{s.Rate * k.Weight, s.Bytes * k.Weight})
			}
		}
		for qi := len(e.queue) - 1; qi > 0; qi-- {
			u := e.queue[qi]
			if e.x[u].zero() {
				continue
			}
			buf = e.next(u, dst, buf)
			if len(buf) == 0 {
				res.Unroutable++
				e.x[u] = vec{}
				continue
			}
			w := float64(weight(buf))
			for _, a := range buf {
				share := e.x[u].scale(float64(a.Mult) / w)
				out.add(a.Slot, share)
				e.x[a.To] = e.x[a.To].plus(share)
			}
			e.x[u] = vec{}
		}
		e.x[dst] = vec{}
	}
	return res
}

// qpWalk is one queue pair to walk.
type qpWalk struct {
	s, d int32
	id   uint64
	qp   int32
	v    vec
}

func (e *BFS) routeWalks(d *Demand, opt Options, out *Loads) Result {
	var res Result
	var rec *statsRecorder
	if opt.Stats && opt.Mode == Hash {
		rec = &statsRecorder{m: map[uint64]*decision{}}
	}
	var walks []qpWalk
	over := walkFlows(d, opt, func(s, dst int32, id uint64, qp int32, v vec) bool {
		walks = append(walks, qpWalk{s, dst, id, qp, v})
		return true
	}, e.p.SendPorts, &res)
	walks = countsort.By(walks, func(w qpWalk) int32 { return w.d }, e.p.Len())
	var buf []Arc
	var srcs []int32
	for i := 0; i < len(walks); {
		dst := walks[i].d
		srcs = srcs[:0]
		for k := i; k < len(walks) && walks[k].d == dst; k++ {
			srcs = append(srcs, walks[k].s)
		}
		e.searchUntil(dst, srcs)
		for ; i < len(walks) && walks[i].d == dst; i++ {
			w := walks[i]
			if !e.walk(w, opt, out, rec, &buf, nil) {
				res.Unroutable++
			}
		}
	}
	res.ECMP = rec.stats()
	if len(over) > 0 {
		r := e.Route(&Demand{Blocks: over}, Options{Mode: Ideal}, out)
		res.Unroutable += r.Unroutable
	}
	return res
}

// walk follows one queue pair from w.s to w.d along the current search;
// visit, when set, receives every slot instead of out.
func (e *BFS) walk(w qpWalk, opt Options, out *Loads, rec *statsRecorder, buf *[]Arc, visit func(int32)) bool {
	if w.s == w.d {
		return true
	}
	if e.dist[w.s] < 0 {
		return false
	}
	sw, slot, pinned := e.p.destPort(w.d, w.qp)
	u := w.s
	for u != w.d {
		*buf = e.next(u, w.d, *buf)
		arcs := *buf
		if len(arcs) == 0 {
			return false
		}
		if pinned {
			arcs = keepPort(arcs, sw, slot, &e.keep)
		}
		m := int(weight(arcs))
		var i int
		switch {
		case !e.p.Transit(u):
			i = sourcePick(w.qp, m) // the sender's own port (sendports.go)
		case opt.Mode == Pinned:
			i = hashPick(opt.Seed, uint64(uint32(w.d)), 0, u, m)
		default:
			i = hashPick(opt.Seed, w.id, w.qp, u, m)
		}
		if e.p.Transit(u) { // a sender's own port choice is no hash decision
			rec.record(u, setKey(arcs), i, m)
		}
		a := arcs[port(arcs, i)]
		if visit != nil {
			visit(a.Slot)
		} else {
			out.add(a.Slot, w.v)
		}
		u = a.To
	}
	return true
}

// Shares implements Engine.
func (e *BFS) Shares(f Flow, opt Options) []Share {
	if f.Src == f.Dst {
		return nil
	}
	e.search(f.Dst)
	if e.dist[f.Src] < 0 {
		return nil
	}
	acc := map[int32]float64{}
	var order []int32
	add := func(slot int32, frac float64) {
		if _, ok := acc[slot]; !ok {
			order = append(order, slot)
		}
		acc[slot] += frac
	}
	var buf []Arc
	if opt.Mode != Ideal {
		q := spreadQPs(f.QPs, e.p.flowPorts(f.Src, f.Dst))
		for qp := int32(0); qp < q; qp++ {
			e.walk(qpWalk{s: f.Src, d: f.Dst, id: f.ID, qp: qp}, opt, nil, nil, &buf,
				func(slot int32) { add(slot, 1/float64(q)) })
		}
		return sharesOf(order, acc)
	}
	cur := map[int32]float64{f.Src: 1}
	for len(cur) > 0 {
		next := map[int32]float64{}
		for _, u := range sortedKeys(cur) {
			if u == f.Dst {
				continue
			}
			buf = e.next(u, f.Dst, buf)
			w := float64(weight(buf))
			for _, a := range buf {
				add(a.Slot, cur[u]*float64(a.Mult)/w)
				next[a.To] += cur[u] * float64(a.Mult) / w
			}
		}
		cur = next
	}
	return sharesOf(order, acc)
}

// distances returns the hop distances to d (cached per destination).
func (e *BFS) distances(d int32) []int32 {
	if e.cache == nil {
		e.cache = map[int32][]int32{}
	}
	if c, ok := e.cache[d]; ok {
		return c
	}
	e.search(d)
	c := slices.Clone(e.dist)
	e.cache[d] = c
	return c
}

// setKey identifies a set of next hops for the collision statistics, so
// that queue pairs towards different destinations that hash over the same
// links count as one decision, as in the tiered engine.
func setKey(arcs []Arc) int32 {
	h := uint64(len(arcs))
	for _, a := range arcs {
		h = mix(h ^ uint64(uint32(a.Slot)))
	}
	return int32(h & 0x7fffffff)
}
