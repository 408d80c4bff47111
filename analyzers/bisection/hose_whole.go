package bisection

import (
	"encoding/binary"
	"math"
	"math/bits"

	"github.com/topoc/topoc/analyzers/internal/maxflow"
	"github.com/topoc/topoc/compiler/ir"
)

// The whole-server hose bound (LowerBoundMethod "hose_whole_servers").
//
// The hose bound (hose.go) proves every balanced split carries θ × the
// injection of its smaller side, counting each GPU's share of its
// server's NICs as if a server could be cut anywhere between its GPUs.
// It cannot: where ⌊n/2⌋ is not a multiple of the GPUs per server, some
// server is split, and splitting one costs its internal links (NVLink,
// PCIe), or else the split must take a different, dearer mix of whole
// servers. This bound counts that, exactly, and so closes intervals the
// fractional hose bound leaves open (DGX SuperPOD: 127 servers, half of
// 1,020 endpoints is 63¾ servers).
//
// The argument. Take any split A|B of the terminals and its cut, the
// vertices of the analysis graph each on a side. The cut's links are the
// fabric's and the servers' internal links, disjoint sets.
//
//   - Fabric part. Let A' be the endpoint nodes (NICs; GPUs with fabric
//     links; contracted servers' NICs) on side A, B' the rest, and W(e)
//     the capacity of e's fabric links. Route traffic from the endpoint
//     nodes up the tiers in proportion to capacity (hose.go's routing,
//     with the endpoint nodes as sources of weight W); when all of them
//     reach the top switches with the same distribution, any matrix in
//     which node e sends and receives at most θ·W(e) fits, θ the least
//     capacity ÷ up-load over the fabric's links (Duffield et al.,
//     SIGCOMM 1999). D(s,t) = θ·W(s)·W(t)/W(B') is such a matrix when
//     W(A') ≤ W(B') and sends θ·W(A') across, so the fabric part of the
//     cut is at least θ·min(W(A'), W(B')).
//   - Server part. A server's internal links in the cut are at least the
//     least internal cut with its GPUs and endpoint nodes on those sides.
//
// So the cut is at least min over the two sides X ∈ {A, B} of Σ over
// servers of (internal cut + θ·W of its endpoint nodes on X). For each
// server that is the minimum cut of its internal graph with its GPUs on
// A pinned to the source, the others to the sink, and each endpoint node
// e joined by θ·W(e) to the sink (X = A) or to the source (X = B): an
// exact max-flow per subset of its GPUs (2^GPUs of them, once per kind
// of server). A terminal outside a server (a host, an appliance NIC, a
// contracted server) is its own item: on A it costs θ·W when X = A,
// nothing when X = B, and the reverse. The least total over items with
// exactly |A| terminals on A is a knapsack over the items, solved
// exactly by dynamic programming over the terminal count; the bound is
// its least over X and over |A| ∈ {⌊n/2⌋, ⌈n/2⌉}. Its argmin is a split,
// evaluated by max-flow as a candidate: where it meets the bound, the
// bisection is exact.
//
// Preconditions (else no bound): the gpu view with servers; a tiered
// fabric (every switch names a tier); the servers meet only through
// fabric links (no NVLink domain in the analysis graph), no fabric link
// joins two servers or terminals directly; every endpoint node reaches
// the top switches with the same distribution; at most
// wholeServerMaxGPUs GPUs per server; and the knapsack within
// wholeServerWork.

// wholeServerMaxGPUs caps the GPUs of one server: its cost table takes
// 2 × 2^GPUs max-flows (2,048 at 10) on the server's internal graph, and
// the routed one that many per share α tried (wsAlphas and a/d). A work
// budget, not a modelling value: past it the bound is not tried.
const wholeServerMaxGPUs = 10

// wholeServerWork caps the knapsack: Σ over items of (terminals + 1) ×
// (⌈n/2⌉ + 1) steps, about 0.1 s at the cap (a byte of memory each). A
// work budget, not a modelling value, like wholeServerMaxGPUs.
const wholeServerWork = 40_000_000

// wsPrep is what the graph and the routed whole-server bounds share on
// one analysis graph: θ over the fabric and the knapsack's items
// (model.ws, filled by the first call).
type wsPrep struct {
	g     *agraph
	theta float64
	items []wsItem
	ok    bool
}

// wsItem is one item of the knapsack: a server's vertices in the full
// analysis graph, or one vertex holding terminals of its own.
type wsItem struct {
	verts []int32 // vertices of the full graph, ascending
	terms []int32 // the terminals on them, ascending
	kind  int32   // index into the cost tables
}

// wsCost is the cost table of one kind of item: cost[x][a] is the least
// cost with a of its terminals on side A when its endpoint nodes on side
// X (0: A, 1: B) are charged, +Inf where a is infeasible; pick[x][a] is a
// bitmask over the item's terminals (by position) that attains it.
type wsCost struct {
	cost [2][]float64
	pick [2][]uint32
}

// wholeServers returns the whole-server hose bound on the full analysis
// graph (bits per second per direction) and the cut of its argmin split;
// ok is false where a precondition fails.
//
// With routed set it returns the bound under up*/down* routing instead
// (routed.go), with no split: each item's internal graph is then layered
// as upDownLayering layers it, a climbing and a descending copy joined by
// free turns, a GPU on A a source in the climbing copy and one on B a
// sink in the descending copy, an endpoint node charged for its
// climbing copy on side A or its descending copy off it; the fabric
// part is the same hose routing, valley-free. Each internal link has
// half its capacity in each copy, so every flow of the layering is one
// the network carries: the bound holds for the routing itself, not only
// for the layering (which counts an internal link once per copy).
func (m *model) wholeServers(full *agraph, routed bool) (bound float64, best cut, ok bool) {
	if m.view != ViewGPU || len(m.servers) == 0 || len(m.domainLinks) > 0 || m.direct() || len(m.terms) < 2 {
		return 0, cut{}, false
	}
	n := len(m.terms)
	lo, hi := n/2, (n+1)/2
	// Every terminal and every server is at least one step per count: a
	// design past the work cap is turned away before any graph is built.
	if (n+len(m.servers))*(hi+1) > wholeServerWork {
		return 0, cut{}, false
	}
	if m.ws == nil || m.ws.g != full {
		p := &wsPrep{g: full}
		if p.theta, p.ok = m.portTheta(); p.ok {
			p.items, p.ok = m.wsItems(full)
		}
		m.ws = p
	}
	if !m.ws.ok {
		return 0, cut{}, false
	}
	theta, items := m.ws.theta, m.ws.items
	work := 0
	for _, it := range items {
		if len(it.terms) > wholeServerMaxGPUs {
			return 0, cut{}, false
		}
		work += (len(it.terms) + 1) * (hi + 1)
	}
	if work > wholeServerWork {
		return 0, cut{}, false
	}
	costs, ok := m.wsCosts(full, items, theta, routed)
	if !ok {
		return 0, cut{}, false
	}
	bound = math.Inf(1)
	bestX, bestSize := -1, 0
	var bestChoice [][]int8
	for x := 0; x < 2; x++ {
		dp, choice := wsKnapsack(items, costs, x, lo, hi)
		for _, size := range []int{lo, hi} {
			if dp[size] < bound {
				bound, bestX, bestSize, bestChoice = dp[size], x, size, choice
			}
		}
	}
	if bestX < 0 || math.IsInf(bound, 1) {
		return 0, cut{}, false
	}
	if routed {
		return bound, cut{value: math.Inf(1)}, true
	}
	// The argmin, items from the last back, is a split to evaluate.
	inA := make([]bool, n)
	size := bestSize
	for i := len(items) - 1; i >= 0; i-- {
		a := int(bestChoice[i][size])
		size -= a
		mask := costs[items[i].kind].pick[bestX][a]
		for j, t := range items[i].terms {
			inA[t] = mask&(1<<j) != 0
		}
	}
	best, ok = m.evaluate(full, inA, "the whole-server hose bound's least split")
	if !ok {
		best = cut{value: math.Inf(1)}
	}
	return bound, best, true
}

// portTheta returns θ for the endpoint nodes as sources (each weighted
// by its fabric capacity) routed up the tiers in proportion to capacity,
// over the fabric's links only; ok is false when the fabric is not
// tiered or the endpoint nodes reach the top switches with different
// distributions.
func (m *model) portTheta() (float64, bool) {
	fa := m.build(modeFabric)
	rank, why := m.tierRanks(fa)
	if why != "" {
		return 0, false
	}
	fa.indexNodes(len(m.g.Nodes))
	upCap := upCaps(fa, rank)
	inflow := make([]float64, len(fa.vnode))
	sources := make([][]att2, len(m.epNodes))
	for i, e := range m.epNodes {
		v, w := fa.tv0(e), m.epCap.Get(e)
		if v < 0 || w == 0 {
			continue
		}
		inflow[v] += w
		sources[i] = []att2{{v, 1}}
	}
	skip := func(i int) bool { return len(sources[i]) == 0 }
	name := func(i int) string { return m.g.Nodes[m.epNodes[i]].Name }
	if m.sameTops(fa, rank, upCap, sourceLists(sources), skip, name) != "" {
		return 0, false
	}
	theta := upTheta(fa, rank, upCap, inflow)
	if math.IsInf(theta, 1) || theta <= 0 {
		return 0, false
	}
	return theta, true
}

// wsItems returns the knapsack's items in terminal order: each server
// with GPUs (its components' vertices), then every other terminal vertex
// on its own. ok is false when an arc leaving an item reaches another
// item (a server joined to another outside the fabric's switches).
func (m *model) wsItems(full *agraph) ([]wsItem, bool) {
	g := m.g
	itemOf := make([]int32, len(full.vnode))
	for i := range itemOf {
		itemOf[i] = -1
	}
	var items []wsItem
	add := func(v int32) {
		if itemOf[v] < 0 {
			itemOf[v] = int32(len(items) - 1)
			items[len(items)-1].verts = append(items[len(items)-1].verts, v)
		}
	}
	for i := range m.terms {
		v := full.tv[i]
		if v < 0 {
			return nil, false
		}
		if itemOf[v] >= 0 {
			continue
		}
		items = append(items, wsItem{})
		if s := m.terms[i].srv; s >= 0 && !m.terms[i].contracted && len(m.srvGPUs[s]) > 0 {
			srv := m.servers[s]
			for _, c := range append([]ir.NodeID{srv}, g.Children(srv)...) {
				if u := full.vtx[m.merged(c, modeFull)]; u >= 0 {
					add(u)
				}
			}
		}
		add(v)
	}
	for i := range m.terms {
		it := &items[itemOf[full.tv[i]]]
		it.terms = append(it.terms, int32(i))
	}
	fg := full.fg
	for k := range items {
		for _, v := range items[k].verts {
			lo, hi := fg.Arcs(v)
			for a := lo; a < hi; a++ {
				if o := itemOf[fg.Head(a)]; o >= 0 && o != int32(k) {
					return nil, false
				}
			}
		}
	}
	return items, true
}

// wsCosts fills each item's kind and returns the cost table of each
// kind; items whose internal graphs, charges and terminals are alike
// share one (a server model's 2^GPUs max-flows are run once).
func (m *model) wsCosts(full *agraph, items []wsItem, theta float64, routed bool) ([]wsCost, bool) {
	kinds := map[string]int32{}
	var costs []wsCost
	local := make([]int32, len(full.vnode))
	for i := range local {
		local[i] = -1
	}
	for k := range items {
		it := &items[k]
		// Each vertex's charge: θ × the capacity of its arcs that leave
		// the item.
		charge := make([]float64, len(it.verts))
		edges, termAt := itemInternals(full, it, local, func(j, _ int32, c float64) {
			charge[j] += theta * c
		})
		key := itemKey(len(it.verts), edges, charge, termAt)
		if kind, ok := kinds[string(key)]; ok {
			it.kind = kind
			continue
		}
		c := wsItemCosts(len(it.verts), edges, charge, termAt, routed)
		if math.IsInf(c.cost[0][len(termAt)], 1) && math.IsInf(c.cost[1][0], 1) {
			return nil, false
		}
		it.kind = int32(len(costs))
		kinds[string(key)] = it.kind
		costs = append(costs, c)
	}
	return costs, true
}

// itemInternals returns item it's internal edges (each once, between
// its local vertices: its position in it.verts) and each terminal's local
// vertex; leave sees each arc that leaves the item, by local vertex, head
// and capacity, in arc order. local maps full's vertices to local ones,
// -1 for all on entry, and is left so.
func itemInternals(full *agraph, it *wsItem, local []int32, leave func(j, head int32, c float64)) ([]wsEdge, []int32) {
	fg := full.fg
	for j, v := range it.verts {
		local[v] = int32(j)
	}
	var edges []wsEdge
	for j, v := range it.verts {
		lo, hi := fg.Arcs(v)
		for a := lo; a < hi; a++ {
			h := fg.Head(a)
			switch lh := local[h]; {
			case lh < 0:
				leave(int32(j), h, fg.Capacity(a))
			case lh > int32(j):
				edges = append(edges, wsEdge{int32(j), lh, fg.Capacity(a)})
			}
		}
	}
	termAt := make([]int32, len(it.terms))
	for j, t := range it.terms {
		termAt[j] = local[full.tv[t]]
	}
	for _, v := range it.verts {
		local[v] = -1
	}
	return edges, termAt
}

// itemKey is the identity of an item's kind: its vertex count, internal
// edges, a value per vertex (a charge, or the capacity leaving it) and
// terminals' vertices. Items with equal keys share their tables.
func itemKey(nv int, edges []wsEdge, perVertex []float64, termAt []int32) []byte {
	key := binary.AppendUvarint(nil, uint64(nv))
	for _, e := range edges {
		key = binary.AppendUvarint(key, uint64(e.u))
		key = binary.AppendUvarint(key, uint64(e.v))
		key = binary.LittleEndian.AppendUint64(key, math.Float64bits(e.c))
	}
	for _, c := range perVertex {
		key = binary.LittleEndian.AppendUint64(key, math.Float64bits(c))
	}
	for _, t := range termAt {
		key = binary.AppendUvarint(key, uint64(t))
	}
	return key
}

// wsEdge is an internal link of an item, between its local vertices u
// and v, of capacity c bits per second per direction.
type wsEdge struct {
	u, v int32
	c    float64
}

// wsAlphas are the shares of each internal link's capacity the routed
// layering gives its climbing copy (the descending copy has the rest);
// the terminal fraction on A, a/d, is tried too.
var wsAlphas = []float64{0.5, 1, 0}

// wsItemCosts returns the cost table of an item of nv vertices with the
// given internal edges, charges (θ × fabric capacity per vertex) and
// terminals (termAt: each terminal's vertex).
//
// Graph bound: per subset of the terminals on A, the min cut of the
// internal graph with them on the source side, the others on the sink
// side, and each charged vertex joined to the sink (X = A) or source
// (X = B).
//
// Routed bound: per subset, the layering of upDownLayering (climbing copy j,
// descending copy nv+j, the turn j → nv+j never cut), a terminal on A
// the source at its climbing copy and one on B the sink at its
// descending copy, a charged vertex joined from its climbing copy to the
// sink (X = A) or from the source to its descending copy (X = B). Each
// internal link gives a share α of its capacity to the climbing copy and
// 1 − α to the descending one, so a flow of the layering is a routing of
// the network (it uses a link at most α·c + (1 − α)·c). α may depend on
// the subset, since the flow it bounds is built for one split, but not
// on the case (the proof takes one layering for both): of wsAlphas and
// a/d, the α whose two case costs sum highest (all in the climbing copy
// for a server wholly on A, whose traffic only climbs out of it).
func wsItemCosts(nv int, edges []wsEdge, charge []float64, termAt []int32, routed bool) wsCost {
	d := len(termAt)
	if !routed {
		var masks [2][]float64
		for x := 0; x < 2; x++ {
			masks[x] = wsMaskCosts(wsGraph(nv, edges, charge, x, -1), termAt, termAt, int32(nv), int32(nv)+1)
		}
		return wsByCount(masks, d)
	}
	sinkAt := make([]int32, d)
	for j, v := range termAt {
		sinkAt[j] = int32(nv) + v
	}
	src, sink := int32(2*nv), int32(2*nv)+1
	var masks [2][]float64
	for x := range masks {
		masks[x] = make([]float64, 1<<d)
		for i := range masks[x] {
			masks[x][i] = -1
		}
	}
	tried := map[float64]bool{}
	try := func(alpha float64, only int) {
		var per [2][]float64
		for x := 0; x < 2; x++ {
			per[x] = wsMaskCosts(wsGraph(nv, edges, charge, x, alpha), termAt, sinkAt, src, sink)
		}
		for mask := range per[0] {
			if only >= 0 && bits.OnesCount32(uint32(mask)) != only {
				continue
			}
			if per[0][mask]+per[1][mask] > masks[0][mask]+masks[1][mask] {
				masks[0][mask], masks[1][mask] = per[0][mask], per[1][mask]
			}
		}
	}
	for _, alpha := range wsAlphas {
		tried[alpha] = true
		try(alpha, -1)
	}
	for a := 1; a < d; a++ {
		if alpha := float64(a) / float64(d); !tried[alpha] {
			try(alpha, a)
		}
	}
	return wsByCount(masks, d)
}

// wsGraph builds an item's flow network for case x (0: a charged vertex
// on A pays, 1: one on B pays): the plain internal graph when alpha < 0,
// else the routed layering with share alpha in the climbing copy. The
// source and sink are the last two vertices.
func wsGraph(nv int, edges []wsEdge, charge []float64, x int, alpha float64) *maxflow.Graph {
	n := int32(nv)
	if alpha < 0 {
		b := maxflow.NewBuilder(nv + 2)
		for _, e := range edges {
			b.AddEdge(e.u, e.v, e.c)
		}
		for j, ch := range charge {
			switch {
			case ch == 0:
			case x == 0:
				b.AddArc(int32(j), n+1, ch) // on A, charged
			default:
				b.AddArc(n, int32(j), ch) // on B, charged
			}
		}
		return b.Build()
	}
	b := maxflow.NewBuilder(2*nv + 2)
	src, sink := 2*n, 2*n+1
	total := 1.0
	for _, e := range edges {
		if up := alpha * e.c; up > 0 {
			b.AddEdge(e.u, e.v, up)
		}
		if down := (1 - alpha) * e.c; down > 0 {
			b.AddEdge(n+e.u, n+e.v, down)
		}
		total += e.c
	}
	for j, ch := range charge {
		total += ch
		switch {
		case ch == 0:
		case x == 0:
			b.AddArc(int32(j), sink, ch) // climbing copy on A, charged
		default:
			b.AddArc(src, n+int32(j), ch) // descending copy on B, charged
		}
	}
	for j := int32(0); j < n; j++ {
		b.AddArc(j, n+j, total) // the free turn: never cut
	}
	return b.Build()
}

// wsMaskCosts returns, per bitmask over the terminals (set: on A), the
// max-flow of fg with terminal j at srcAt[j] on the source side when on
// A, at sinkAt[j] on the sink side when on B, and src and sink pinned;
// +Inf for masks that put one vertex on both sides.
func wsMaskCosts(fg *maxflow.Graph, srcAt, sinkAt []int32, src, sink int32) []float64 {
	d := len(srcAt)
	out := make([]float64, 1<<d)
	side := make([]maxflow.Side, fg.N())
	for mask := range out {
		for i := range side {
			side[i] = maxflow.Free
		}
		side[src], side[sink] = maxflow.Source, maxflow.Sink
		ok := true
		for j := range srcAt {
			v, s := sinkAt[j], maxflow.Sink
			if mask&(1<<j) != 0 {
				v, s = srcAt[j], maxflow.Source
			}
			if side[v] != maxflow.Free && side[v] != s {
				ok = false
				break
			}
			side[v] = s
		}
		out[mask] = math.Inf(1)
		if ok {
			out[mask] = fg.MaxFlow(side)
		}
	}
	return out
}

// wsByCount turns per-mask costs into a cost table: per case and count
// a, the least cost over the masks of a terminals, and the first mask
// that attains it.
func wsByCount(masks [2][]float64, d int) wsCost {
	var c wsCost
	for x := 0; x < 2; x++ {
		c.cost[x] = make([]float64, d+1)
		c.pick[x] = make([]uint32, d+1)
		for a := range c.cost[x] {
			c.cost[x][a] = math.Inf(1)
		}
		for mask, v := range masks[x] {
			if a := bits.OnesCount32(uint32(mask)); v < c.cost[x][a] {
				c.cost[x][a], c.pick[x][a] = v, uint32(mask)
			}
		}
	}
	return c
}

// wsKnapsack returns dp[s] for s = lo and hi, the least Σ cost over the
// items with s of their terminals on side A when side x is charged, and
// each item's choice for each s (the terminals it puts on A), for the
// backward walk from lo or hi that recovers the argmin. Ties keep the
// fewer terminals on A, so the walk from the last item back leaves the
// last items on B and the first on A, the endpoint order's halves.
//
// After item i only the counts from which lo can still be reached and
// that the items so far can fill are kept (a band: at least lo less what
// the later items can add, at most hi and what the items so far hold);
// the walk back from lo or hi stays inside it, and the dp returned is
// +Inf outside it.
// The band is a triangle of the count-by-item table, half of it.
func wsKnapsack(items []wsItem, costs []wsCost, x, lo, hi int) ([]float64, [][]int8) {
	inf := math.Inf(1)
	dp := make([]float64, hi+1)
	next := make([]float64, hi+1)
	for s := range dp {
		dp[s] = inf
	}
	dp[0] = 0
	later := 0 // terminals of the items after the current one
	for _, it := range items {
		later += len(it.terms)
	}
	choice := make([][]int8, len(items))
	from, to := 0, 0 // the band of dp (before the current item)
	for i, it := range items {
		c := costs[it.kind].cost[x]
		later -= len(it.terms)
		nFrom, nTo := max(0, lo-later), min(hi, to+len(c)-1)
		ch := make([]int8, hi+1)
		for s := nFrom; s <= nTo; s++ {
			next[s] = inf
		}
		for a, ca := range c {
			// dp[s−a] is finite only for s−a within [from, to].
			s0, s1 := max(nFrom, from+a), min(nTo, to+a)
			if s0 > s1 {
				continue
			}
			src := dp[s0-a : s1-a+1]
			dst, chs := next[s0:s1+1], ch[s0:s1+1]
			dst, chs = dst[:len(src)], chs[:len(src)]
			for k, d := range src {
				if v := d + ca; v < dst[k] {
					dst[k], chs[k] = v, int8(a)
				}
			}
		}
		choice[i] = ch
		dp, next = next, dp
		from, to = nFrom, nTo
	}
	for s := range dp {
		if s < from || s > to {
			dp[s] = inf // stale, outside the band
		}
	}
	return dp, choice
}
