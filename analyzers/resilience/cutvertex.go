package resilience

import "sort"

// The single-element fast path of survey: losing one switch or one link
// can only split the fabric where that element is a cut vertex or a
// bridge, and one depth-first search of the intact fabric finds every
// such split (Hopcroft and Tarjan, "Efficient algorithms for graph
// manipulation", CACM 16(6), 1973: the low-point numbering). With the
// subtree sums of that search, a scenario costs the failed element's
// degree and the rank owners it touches, not a pass over the fabric: an
// N−1 sweep over the 5,120 switches of examples/rail-optimized-131k
// would otherwise take 393,216 link unions per scenario. gonum's graph
// packages have strongly connected components but no cut vertices, so
// this is ours.

// dfsIndex is the depth-first search of one fabric's connectivity graph:
// its local nodes (fabricIndex) joined by the fabric's links, plus one
// hub vertex per transit server joined to the server's endpoints (the
// transit rule of survey). Subtrees are preorder intervals.
type dfsIndex struct {
	// start/to/edge is the adjacency in CSR form; edge is the link index
	// in fabricIndex.links, or -1 for a hub edge.
	start      []int32
	to, edge   []int32
	pre, last  []int32 // preorder number; last preorder number of the subtree
	low        []int32
	parent     []int32 // -1 at a root
	parentEdge []int32 // the tree edge's link index, -1 (root or hub edge)
	root       []int32 // each vertex's search root: its component's lowest vertex
	// subW and subN are each subtree's endpoint capacity (bits per
	// second, integral) and endpoint-list entries; subMin its lowest
	// vertex.
	subW   []int64
	subN   []int32
	subMin []int32
	// w is each endpoint node's capacity (its links'), n its entries in
	// the endpoint list that Residual keeps with nothing failed, residual0
	// their sum.
	w         []int64
	n         []int32
	residual0 int
	// order lists the vertices in preorder.
	order []int32
	// keptOwners0 counts the owners with an entry in the intact main part.
	keptOwners0 int
	// main is the intact main part's root (-1 when no piece has
	// capacity); runnerUp the most capacity of any other component.
	main     int32
	runnerUp int64
	// ownerEntries counts each owner's entries in the intact main part;
	// caps0 is each owner's capacity there.
	ownerEntries []int32
	caps0        []float64
}

// newDFSIndex searches fabric x; ok is false when a capacity is not a
// whole number of bits per second or the sums could overflow, where the
// exact comparison of piece capacities the fast path needs is not at
// hand (survey then always takes its full pass).
func newDFSIndex(x *fabricIndex) (*dfsIndex, bool) {
	if x.pieces > 1 {
		return nil, false // a main part per intact piece: the full pass's rule
	}
	nn := int32(len(x.nodes))
	nv := nn + int32(x.transit.n)
	d := &dfsIndex{w: make([]int64, nn), n: make([]int32, nn)}
	total := 0.0
	for i, c := range x.caps {
		if c != float64(int64(c)) || c < 0 {
			return nil, false
		}
		total += 2 * c
		for _, v := range x.ends[i] {
			if x.listed[v] > 0 {
				d.w[v] += int64(c)
			}
		}
	}
	if total > 1<<60 {
		return nil, false
	}
	// n counts the entries Residual keeps with nothing failed: the node
	// has a link and a listed port one of its own.
	for _, v := range x.eps {
		if d.w[v] > 0 {
			d.n[v]++
			d.residual0++
		}
	}
	// Adjacency: fabric links both ways, hub edges both ways.
	deg := make([]int32, nv+1)
	for _, e := range x.ends {
		deg[e[0]]++
		deg[e[1]]++
	}
	for v := int32(0); v < nn; v++ {
		if s := x.transit.of[v]; s >= 0 {
			deg[v]++
			deg[nn+s]++
		}
	}
	d.start = make([]int32, nv+1)
	for v := int32(0); v < nv; v++ {
		d.start[v+1] = d.start[v] + deg[v]
	}
	d.to, d.edge = make([]int32, d.start[nv]), make([]int32, d.start[nv])
	fill := append([]int32(nil), d.start[:nv]...)
	put := func(a, b, e int32) {
		d.to[fill[a]], d.edge[fill[a]] = b, e
		fill[a]++
	}
	for i, e := range x.ends {
		put(e[0], e[1], int32(i))
		put(e[1], e[0], int32(i))
	}
	for v := int32(0); v < nn; v++ {
		if s := x.transit.of[v]; s >= 0 {
			put(v, nn+s, -1)
			put(nn+s, v, -1)
		}
	}
	d.search(nv)
	d.ownerEntries = make([]int32, len(x.owners))
	d.caps0 = make([]float64, len(x.owners))
	counted := make([]bool, nn)
	for _, v := range x.eps {
		if d.main < 0 || d.root[v] != d.main || d.w[v] == 0 {
			continue
		}
		d.ownerEntries[x.owner[v]]++
		if !counted[v] {
			counted[v] = true
			d.caps0[x.owner[v]] += float64(d.w[v])
		}
	}
	for _, k := range d.ownerEntries {
		if k > 0 {
			d.keptOwners0++
		}
	}
	return d, true
}

// search numbers the vertices in preorder from each unvisited vertex in
// id order (so a root is its component's lowest vertex), with low points
// over edge ids (parallel links are separate edges) and subtree sums; it
// then picks the main part as survey does.
func (d *dfsIndex) search(nv int32) {
	d.pre, d.last, d.low = make([]int32, nv), make([]int32, nv), make([]int32, nv)
	d.parent, d.parentEdge, d.root = make([]int32, nv), make([]int32, nv), make([]int32, nv)
	d.subW, d.subN, d.subMin = make([]int64, nv), make([]int32, nv), make([]int32, nv)
	d.order = make([]int32, 0, nv)
	for v := range d.pre {
		d.pre[v] = -1
	}
	next := make([]int32, nv) // each vertex's next adjacency slot
	var stack []int32
	clock := int32(0)
	compW := map[int32]int64{}
	for r := int32(0); r < nv; r++ {
		if d.pre[r] >= 0 {
			continue
		}
		d.parent[r], d.parentEdge[r] = -1, -1
		visit := func(v int32) {
			d.pre[v], d.low[v], d.root[v] = clock, clock, r
			d.order = append(d.order, v)
			clock++
			next[v] = d.start[v]
			d.subMin[v] = v
			if int(v) < len(d.w) {
				d.subW[v], d.subN[v] = d.w[v], d.n[v]
			}
			stack = append(stack, v)
		}
		visit(r)
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			if next[v] < d.start[v+1] {
				k := next[v]
				next[v]++
				u, e := d.to[k], d.edge[k]
				switch {
				case d.pre[u] < 0:
					d.parent[u], d.parentEdge[u] = v, e
					if e < 0 {
						d.parentEdge[u] = -2 - k // a hub edge: unique per slot
					}
					visit(u)
				case u != d.parent[v] || !sameEdge(d, v, k):
					d.low[v] = min(d.low[v], d.pre[u])
				}
				continue
			}
			stack = stack[:len(stack)-1]
			d.last[v] = clock - 1
			if p := d.parent[v]; p >= 0 {
				d.low[p] = min(d.low[p], d.low[v])
				d.subW[p] += d.subW[v]
				d.subN[p] += d.subN[v]
				d.subMin[p] = min(d.subMin[p], d.subMin[v])
			}
		}
		compW[r] = d.subW[r]
	}
	d.main = -1
	var bestW int64
	for r := int32(0); r < nv; r++ {
		if w, ok := compW[r]; ok && w > bestW {
			d.main, bestW = r, w
		}
	}
	for r, w := range compW {
		if r != d.main {
			d.runnerUp = max(d.runnerUp, w)
		}
	}
}

// sameEdge reports whether adjacency slot k of v is the tree edge to v's
// parent (the one edge a low point must not use).
func sameEdge(d *dfsIndex, v, k int32) bool {
	e := d.edge[k]
	if e >= 0 {
		return d.parentEdge[v] == e
	}
	// A hub edge: the parent's slot was recorded; v's slot back to the
	// parent is the only hub edge between the two.
	return d.parentEdge[v] <= -2
}

// in reports whether vertex u lies in v's subtree.
func (d *dfsIndex) in(u, v int32) bool { return d.pre[v] <= d.pre[u] && d.pre[u] <= d.last[v] }

// intact is the survey of fabric x with nothing of it failed.
func (d *dfsIndex) intact(s *scratch, x *fabricIndex) survey {
	s.grow(x)
	kept := 0
	if d.main >= 0 {
		kept = int(d.subN[d.main])
	}
	caps := s.caps[:len(x.owners)]
	copy(caps, d.caps0)
	return survey{residual: d.residual0, kept: kept, keptOwners: d.keptOwners0, caps: caps}
}

// oneScratch is surveyOne's reusable memory.
type oneScratch struct {
	loss    []int64 // per local node: capacity lost
	removed []int32 // per owner: entries no longer kept
	touched []int32 // local endpoint nodes with a loss
	owners  []int32 // owners with removed entries
}

// piece is one part a failure leaves of the main component: the subtree
// of a separated child (c ≥ 0), or the rest (c = -1).
type piece struct {
	c     int32
	w     int64
	n     int32
	lowID int32
}

// surveyOne is survey for a failure that, within fabric x, fails exactly
// one node lv that is not an endpoint (link = -1), or exactly one link
// (by index in x.links; lv = -1) whose ends survive. ok is false where
// the fast path does not decide, and the caller runs survey: the element
// lies outside the main component, or the main part could change to
// another component. The result's keptEP is nil.
func (x *fabricIndex) surveyOne(d *dfsIndex, s *scratch, o *oneScratch, lv, link int32) (survey, bool) {
	C := d.main
	if C < 0 {
		return survey{}, false
	}
	s.grow(x)
	if len(o.loss) < len(x.nodes) {
		o.loss = make([]int64, len(x.nodes))
	}
	if len(o.removed) < len(x.owners) {
		o.removed = make([]int32, len(x.owners))
	}
	defer func() {
		for _, u := range o.touched {
			o.loss[u] = 0
		}
		for _, ow := range o.owners {
			o.removed[ow] = 0
		}
		o.touched, o.owners = o.touched[:0], o.owners[:0]
	}()
	lose := func(i, k int32) { // end k of link i loses the link
		u := x.ends[i][k]
		if x.listed[u] == 0 {
			return
		}
		if o.loss[u] == 0 {
			o.touched = append(o.touched, u)
		}
		o.loss[u] += int64(x.caps[i])
	}
	var sep []int32 // separated children, in preorder
	rest := true    // the rest of the component survives
	if lv >= 0 {
		if d.root[lv] != C || x.listed[lv] > 0 {
			return survey{}, false
		}
		rest = d.parent[lv] >= 0
		for k := d.start[lv]; k < d.start[lv+1]; k++ {
			i, u := d.edge[k], d.to[k]
			if i < 0 {
				return survey{}, false // a hub edge: lv is an endpoint
			}
			if x.ends[i][0] == lv {
				lose(i, 1)
			} else {
				lose(i, 0)
			}
			if d.parent[u] == lv && d.parentEdge[u] == i && (!rest || d.low[u] >= d.pre[lv]) {
				sep = append(sep, u)
			}
		}
	} else {
		a, b := x.ends[link][0], x.ends[link][1]
		if d.root[a] != C {
			return survey{}, false
		}
		lose(link, 0)
		lose(link, 1)
		for _, c := range [2]int32{a, b} {
			if p := d.parent[c]; p >= 0 && d.parentEdge[c] == link && d.low[c] > d.pre[p] {
				sep = append(sep, c) // a bridge
			}
		}
	}
	// Pieces and their capacities.
	pieces := make([]piece, 0, len(sep)+1)
	restW, restN := d.subW[C], d.subN[C]
	for _, c := range sep {
		pieces = append(pieces, piece{c: c, w: d.subW[c], n: d.subN[c], lowID: d.subMin[c]})
		restW -= d.subW[c]
		restN -= d.subN[c]
	}
	if rest {
		pieces = append(pieces, piece{c: -1, w: restW, n: restN, lowID: C})
	}
	pieceOf := func(u int32) int {
		j := sort.Search(len(sep), func(j int) bool { return d.pre[sep[j]] > d.pre[u] }) - 1
		if j >= 0 && d.in(u, sep[j]) {
			return j
		}
		return len(pieces) - 1 // the rest (present whenever u is outside every separated subtree)
	}
	// lost reports whether local vertex u's entries were kept and are no
	// longer: it had capacity and the failure took all of it (a port of a
	// node listed with several is a vertex of its own, newFabricIndex).
	lost := func(u int32) bool { return d.w[u] > 0 && d.w[u]-o.loss[u] <= 0 }
	drops := make([]int32, len(pieces))
	residualDrops := 0
	for _, u := range o.touched {
		j := pieceOf(u)
		pieces[j].w -= o.loss[u]
		if lost(u) {
			drops[j] += d.n[u]
			residualDrops += int(d.n[u])
		}
	}
	best := -1
	for j, p := range pieces {
		if p.w > 0 && (best < 0 || p.w > pieces[best].w || p.w == pieces[best].w && p.lowID < pieces[best].lowID) {
			best = j
		}
	}
	if best < 0 || pieces[best].w <= d.runnerUp {
		return survey{}, false // the main part may move to another component
	}
	out := survey{residual: d.residual0 - residualDrops, kept: int(pieces[best].n - drops[best])}
	caps := s.caps[:len(x.owners)]
	copy(caps, d.caps0)
	remove := func(ow int32, k int32) {
		if o.removed[ow] == 0 {
			o.owners = append(o.owners, ow)
		}
		o.removed[ow] += k
	}
	// Owners in the other pieces lose everything there; owners in the
	// main piece lose the failed links.
	for j, p := range pieces {
		if j == best {
			continue
		}
		lo, hi := d.pre[C], d.last[C]
		if p.c >= 0 {
			lo, hi = d.pre[p.c], d.last[p.c]
		}
		for pos := lo; pos <= hi; pos++ {
			u := d.order[pos]
			if p.c < 0 && (u == lv || pieceOf(u) != j) || int(u) >= len(x.nodes) || d.n[u] == 0 {
				continue
			}
			caps[x.owner[u]] -= float64(d.w[u])
			remove(x.owner[u], d.n[u])
		}
	}
	for _, u := range o.touched {
		if pieceOf(u) != best {
			continue
		}
		k := int32(0) // u's entries no longer kept
		if lost(u) {
			k = d.n[u]
		}
		switch {
		case d.n[u] == 0: // never counted in caps0
		case k == d.n[u]: // no entry of u is kept: none of its capacity counts
			caps[x.owner[u]] -= float64(d.w[u])
		default:
			caps[x.owner[u]] -= float64(o.loss[u])
		}
		if k > 0 {
			remove(x.owner[u], k)
		}
	}
	out.keptOwners = d.keptOwners0
	for _, ow := range o.owners {
		if d.ownerEntries[ow] > 0 && o.removed[ow] >= d.ownerEntries[ow] {
			out.keptOwners--
		}
	}
	out.caps = caps
	return out, true
}
