package bisection

import (
	"encoding/binary"
	"math"
	"slices"

	"github.com/topoc/topoc/analyzers/internal/maxflow"
	"github.com/topoc/topoc/analyzers/internal/unionfind"
)

// The server-cluster hose bound (LowerBoundMethod "hose_server_clusters").
//
// The whole-server bound (hose_whole.go) charges each server's NICs θ of
// their capacity, θ the taper above them, and the whole-leaf bound
// (hose_leaves.go) charges leaves but needs each endpoint under one leaf.
// Neither sees what a rail-optimized fabric or a dual-ToR segment forces:
// a server's NICs hang from several leaves (one per rail, or per rail and
// plane), and whichever side a leaf takes, its links to the servers on
// the other side are cut. 32 DGX on 8 rail leaves tapered 2:1 to the
// spines: every balanced split of whole servers cuts half the injection
// at the leaves, the bisection is 51.2 Tb/s, and the hose bound proves
// 25.6. This bound counts it, with the servers that share their leaves
// as one item.
//
// The argument. Group the servers into clusters: the servers whose NICs
// reach the same set of leaves, each leaf reached by one cluster only.
// Take any split A|B of the GPUs and its cut, every vertex on a side. The
// cut's links fall into disjoint sets: each server's internal and port
// links (NIC to leaf), and the links above the leaves.
//
//   - Upper part. Join the leaves into pieces, the components of the
//     links above them (a plane, or the whole fabric). In each piece p,
//     route from the leaves up the tiers in proportion to capacity, each
//     leaf a source of its uplinks' capacity U; θ_p as in the whole-leaf
//     bound (the least capacity ÷ up-load, or the pair routing where
//     leaves stripe unevenly). The links above piece p's leaves then
//     carry at least θ_p·min(U_p(A′), U_p(B′)), A′ the leaves on side A,
//     and the pieces' links are disjoint: the upper part is at least
//     Σ_p θ_p·U_p(X_p), the side X_p charged chosen per piece.
//   - A whole server on A (all its GPUs there) cuts at least the max-flow
//     from its GPUs to its leaves on B through its internal and port
//     links. Where the max-flow from its GPUs to all its leaves saturates
//     every port link (checked per kind of server), that flow's paths to
//     the leaves on B carry their port links' full capacity, so the cost
//     is exactly c_l summed over its leaves l on B, c_l its port capacity
//     to l. Likewise on B, over its leaves on A.
//   - A split server cuts at least its internal min cut for its count of
//     GPUs on A (hose_whole.go's table with nothing charged); its port
//     links are left out, which only lowers the bound.
//
// Within a cluster of S servers, each leaf's c_l the same for every
// server, with s_A servers whole on A and s_B on B, leaf l costs c_l·s_B
// + θ·U_l[X = A] on A and c_l·s_A + θ·U_l[X = B] on B; each leaf takes
// the cheaper. A cluster's cost with a GPUs on A is the least over s_A
// and the split servers (a min-plus table over their counts) of that sum
// and the splits' internal cuts. The least total with exactly |A| GPUs on
// A is a knapsack over the clusters, per choice of the X_p (2^pieces
// knapsacks); the bound is its least over the choices and |A| ∈ {⌊n/2⌋,
// ⌈n/2⌉}. Its argmin is a split, evaluated by max-flow as a candidate.
//
// Under up*/down* routing (routed.go's layering) the same bound holds. The
// hose routing above the leaves is valley-free. A whole server on A
// takes all of each internal link in its climbing copy (hose_whole.go's
// α = 1), on B in its descending copy, where the same max-flow saturates
// its port links. A leaf may take a third state, climbing copy on B and
// descending copy on A: its links to the servers on A are cut climbing,
// to those on B descending, c_l·(s_A + s_B) with no charge, never below
// the cheaper of the other two. Split servers take the routed internal
// table (hose_whole.go).
//
// Preconditions (else no bound): the gpu view, every endpoint a GPU of a
// server; the servers meet only through the fabric's switches; every
// server's links leave it to switches of the fabric; every port link
// saturated by its GPUs' max-flow; within a cluster the same kind of
// server with the same capacity to each leaf; at most clusterMaxPieces
// pieces with uplinks; and the work within clusterWork.

// clusterMaxPieces caps the pieces above the leaves whose charged sides
// are enumerated: 2^pieces knapsacks. A work budget, not a modelling
// value (a dual-plane fabric has 2 pieces).
const clusterMaxPieces = 4

// clusterWork caps the bound's dynamic programs: the knapsacks' steps
// (Σ over clusters of (GPUs + 1) × (⌈n/2⌉ + 1), per choice of charged
// sides) and each kind of cluster's table (about S³·g/6 steps for S
// servers of g GPUs), about half a second at the cap. A work budget,
// not a modelling value.
const clusterWork = 400_000_000

// clusterPrep is what the graph and the routed server-cluster bounds
// share on one analysis graph (model.cl, filled by the first call).
type clusterPrep struct {
	g        *agraph
	ok       bool
	items    []wsItem     // the servers, hose_whole.go's items
	kinds    []*srvKind   // per kind of server
	clusters []srvCluster // in order of their first server
	pieces   int
	// routedBound is the routed bound, set where a graph call's tables
	// served both (routedDone).
	routedDone  bool
	routedBound float64
}

// srvKind is one kind of server: its internal graph in local vertices,
// its GPUs' vertices, and its split tables (graph and routed, built on
// first use).
type srvKind struct {
	nv     int
	edges  []wsEdge
	termAt []int32
	split  [2]*wsCost
	// both is the lesser of the two split tables where they agree to a
	// relative 1e-9 (bothOK), nil where they differ.
	both     *wsCost
	bothDone bool
}

// srvCluster is the servers (indices into clusterPrep.items) that reach
// one set of leaves, and those leaves.
type srvCluster struct {
	servers []int32
	leaves  []clusterLeaf
	kind    int32 // every server's kind
	shape   int32 // clusters alike share a cost table (set per call)
}

// clusterLeaf is a leaf of a cluster: each server's port capacity to it
// (c, bits per second per direction), θ_p·U (charge) and its piece (-1
// when it has no uplinks: never charged).
type clusterLeaf struct {
	v         int32 // its vertex in the fabric graph
	c, charge float64
	piece     int32
}

// serverClusters returns the server-cluster hose bound on the full
// analysis graph (bits per second per direction) and the cut of its
// argmin split; ok is false where a precondition fails. With routed set
// it returns the bound under up*/down* routing instead, with no split.
func (m *model) serverClusters(full *agraph, routed bool) (bound float64, best cut, ok bool) {
	if m.view != ViewGPU || len(m.servers) == 0 || len(m.domainLinks) > 0 || m.direct() || len(m.terms) < 2 {
		return 0, cut{}, false
	}
	n := len(m.terms)
	lo, hi := n/2, (n+1)/2
	if (n+1)*(hi+1) > clusterWork {
		return 0, cut{}, false
	}
	if m.cl == nil || m.cl.g != full {
		m.cl = m.clusterPrepare(full)
	}
	p := m.cl
	if !p.ok {
		return 0, cut{}, false
	}
	// The tables are symmetric under swapping the sides (a cut and its
	// reverse: hose_whole.go's shares α are tried in pairs α, 1 − α),
	// so charged sides x at |A| = s cost what their complement does at
	// n − s: with both ⌊n/2⌋ and ⌈n/2⌉ tried, the choices with the
	// last piece charged on A (its bit clear) suffice.
	choices := max(1<<p.pieces/2, 1)
	work := 0
	for _, c := range p.clusters {
		work += (len(c.servers)*len(p.kinds[c.kind].termAt) + 1) * (hi + 1)
	}
	if work*choices > clusterWork {
		return 0, cut{}, false
	}
	mode := 0
	if routed {
		mode = 1
	}
	if p.routedDone && routed {
		return p.routedBound, cut{value: math.Inf(1)}, true
	}
	// Where every kind's routed split table is its graph table (to a
	// relative 1e-9: servers whose internal links split evenly between
	// the climbing and the descending copy), one knapsack over the lesser
	// of the two serves both: the routed bound's proof holds with any
	// smaller internal cut, and the graph's too.
	shared := true
	for _, c := range p.clusters {
		shared = shared && p.kinds[c.kind].sharedSplits() != nil
	}
	// Clusters alike share their tables: the kind, the server count and
	// the leaves' capacities, charges and pieces.
	shapes := map[string]int32{}
	var reps []int32 // a cluster of each shape
	for i := range p.clusters {
		c := &p.clusters[i]
		key := binary.AppendUvarint(nil, uint64(c.kind))
		key = binary.AppendUvarint(key, uint64(len(c.servers)))
		for _, l := range c.leaves {
			key = binary.LittleEndian.AppendUint64(key, math.Float64bits(l.c))
			key = binary.LittleEndian.AppendUint64(key, math.Float64bits(l.charge))
			key = binary.AppendVarint(key, int64(l.piece))
		}
		s, seen := shapes[string(key)]
		if !seen {
			s = int32(len(reps))
			shapes[string(key)] = s
			reps = append(reps, int32(i))
			S, g := len(c.servers), len(p.kinds[c.kind].termAt)
			if work += S * S * S * g / 6 * choices; work > clusterWork {
				return 0, cut{}, false
			}
		}
		c.shape = s
	}
	splits := make([]*splitTable, len(reps))
	for s, ci := range reps {
		c := &p.clusters[ci]
		t := p.kinds[c.kind].splitCosts(mode)
		if shared {
			t = p.kinds[c.kind].sharedSplits()
		}
		splits[s] = newSplitTable(t, len(c.servers))
	}
	bound = math.Inf(1)
	var bestTabs []clusterTable
	var bestChoice [][]int32
	bestSize := 0
	for x := range choices {
		tabs := make([]clusterTable, len(reps))
		for s, ci := range reps {
			tabs[s] = clusterCosts(&p.clusters[ci], splits[s], x)
		}
		dp, choice := clusterKnapsack(p.clusters, tabs, lo, hi)
		for _, size := range []int{lo, hi} {
			if dp[size] < bound {
				bound, bestSize, bestTabs, bestChoice = dp[size], size, tabs, choice
			}
		}
	}
	if bestTabs == nil || math.IsInf(bound, 1) {
		return 0, cut{}, false
	}
	if shared {
		p.routedDone, p.routedBound = true, bound
	}
	if routed {
		return bound, cut{value: math.Inf(1)}, true
	}
	// The argmin, clusters from the last back: in each, its first s_A
	// servers whole on A, then its split servers, the rest on B.
	inA := make([]bool, n)
	size := bestSize
	for i := len(p.clusters) - 1; i >= 0; i-- {
		c := &p.clusters[i]
		a := bestChoice[i][size]
		size -= int(a)
		t := bestTabs[c.shape]
		sA, j := int(t.sA[a]), int(t.j[a])
		r := int(a) - sA*len(p.kinds[c.kind].termAt)
		for _, srv := range c.servers[:sA] {
			for _, tm := range p.items[srv].terms {
				inA[tm] = true
			}
		}
		// The split servers, traced through the min-plus table.
		sp := splits[c.shape]
		for k := sA + j - 1; k >= sA; k-- {
			q := int(sp.last[k-sA+1][r])
			r -= q
			mask := sp.cost.pick[0][q]
			for b, tm := range p.items[c.servers[k]].terms {
				inA[tm] = mask&(1<<b) != 0
			}
		}
	}
	best, ok = m.evaluate(full, inA, "the server-cluster hose bound's least split")
	if !ok {
		best = cut{value: math.Inf(1)}
	}
	return bound, best, true
}

// clusterPrepare finds the clusters, their leaves, the pieces above the
// leaves and each piece's θ; ok is false where a precondition fails.
func (m *model) clusterPrepare(full *agraph) *clusterPrep {
	p := &clusterPrep{g: full}
	fa := m.build(modeFabric)
	rank, why := m.tierRanks(fa)
	if why != "" {
		return p
	}
	upCap := upCaps(fa, rank)
	// The pieces: the leaves joined by the links above them. Past
	// clusterMaxPieces among the lowest tier's switches, no bound (a
	// fabric of 8 planes) before any server is read.
	uf := unionfind.New(len(fa.vnode))
	for v := int32(0); v < int32(len(fa.vnode)); v++ {
		if rank[v] < 0 {
			continue
		}
		lo, hi := fa.fg.Arcs(v)
		for a := lo; a < hi; a++ {
			if w := fa.fg.Head(a); rank[w] > rank[v] {
				uf.Union(v, w)
			}
		}
	}
	roots := map[int32]bool{}
	for v := int32(0); v < int32(len(fa.vnode)); v++ {
		if rank[v] == 0 && upCap[v] > 0 {
			if roots[uf.Find(v)] = true; len(roots) > clusterMaxPieces {
				return p
			}
		}
	}
	items, ok := m.wsItems(full)
	if !ok {
		return p
	}
	for _, it := range items {
		for _, t := range it.terms {
			if tm := m.terms[t]; tm.srv < 0 || tm.contracted || len(m.srvGPUs[tm.srv]) == 0 {
				return p // a host or an appliance: an item of its own, not built here
			}
		}
	}
	local := make([]int32, len(full.vnode))
	for i := range local {
		local[i] = -1
	}
	kinds := map[string]int32{}
	clusterOf := map[string]int32{}
	leafCluster := make([]int32, len(fa.vnode)) // leaf vertex → cluster + 1
	type port struct {
		leaf int32 // its fabric-graph vertex
		c    float64
	}
	var ports []port
	for k := range items {
		it := &items[k]
		out := make([]float64, len(it.verts))
		ports = ports[:0]
		foreign := false
		edges, termAt := itemInternals(full, it, local, func(j, h int32, c float64) {
			w := fa.vtx[full.vnode[h]]
			if w < 0 || rank[w] < 0 {
				foreign = true // a link out of the server to no switch of the fabric
			}
			out[j] += c
			ports = append(ports, port{w, c})
		})
		if foreign {
			return p
		}
		key := string(itemKey(len(it.verts), edges, out, termAt))
		kind, seen := kinds[key]
		if !seen {
			if !saturates(len(it.verts), edges, out, termAt) {
				return p
			}
			kind = int32(len(p.kinds))
			kinds[key] = kind
			p.kinds = append(p.kinds, &srvKind{nv: len(it.verts), edges: edges, termAt: termAt})
		}
		// The server's leaves and its capacity to each, by leaf vertex.
		slices.SortFunc(ports, func(x, y port) int { return int(x.leaf - y.leaf) })
		var leaves []int32
		var caps []float64
		for _, pt := range ports {
			if len(leaves) > 0 && leaves[len(leaves)-1] == pt.leaf {
				caps[len(caps)-1] += pt.c
				continue
			}
			leaves, caps = append(leaves, pt.leaf), append(caps, pt.c)
		}
		lkey := make([]byte, 0, 4*len(leaves))
		for _, l := range leaves {
			lkey = binary.AppendUvarint(lkey, uint64(l))
		}
		ci, seen := clusterOf[string(lkey)]
		if !seen {
			ci = int32(len(p.clusters))
			clusterOf[string(lkey)] = ci
			c := srvCluster{kind: kind}
			for i, l := range leaves {
				if leafCluster[l] != 0 {
					return p // a leaf shared by servers with different leaves
				}
				leafCluster[l] = ci + 1
				c.leaves = append(c.leaves, clusterLeaf{v: l, c: caps[i], piece: -1})
			}
			p.clusters = append(p.clusters, c)
		}
		c := &p.clusters[ci]
		if c.kind != kind {
			return p
		}
		for i := range leaves {
			if c.leaves[i].c != caps[i] {
				return p
			}
		}
		c.servers = append(c.servers, int32(k))
	}
	pieceOf := map[int32]int32{}
	var pieceLeaves [][]int32
	for i := range p.clusters {
		for j := range p.clusters[i].leaves {
			l := &p.clusters[i].leaves[j]
			v := l.v
			if upCap[v] == 0 {
				continue
			}
			r := uf.Find(v)
			pc, seen := pieceOf[r]
			if !seen {
				pc = int32(len(pieceLeaves))
				pieceOf[r] = pc
				pieceLeaves = append(pieceLeaves, nil)
			}
			pieceLeaves[pc] = append(pieceLeaves[pc], v)
			l.piece = pc
		}
	}
	if len(pieceLeaves) > clusterMaxPieces {
		return p
	}
	theta := make([]float64, len(pieceLeaves))
	for pc, ls := range pieceLeaves {
		t, ok := m.pieceTheta(fa, rank, upCap, ls)
		if !ok {
			return p
		}
		theta[pc] = t
	}
	for i := range p.clusters {
		for j := range p.clusters[i].leaves {
			if l := &p.clusters[i].leaves[j]; l.piece >= 0 {
				l.charge = theta[l.piece] * upCap[l.v]
			}
		}
	}
	p.items, p.pieces, p.ok = items, len(pieceLeaves), true
	return p
}

// pieceTheta is θ for the leaves of one piece routed up in proportion to
// capacity (upTheta) where they reach the top switches alike, else the
// pair routing of leafPairTheta; ok is false when neither applies.
func (m *model) pieceTheta(fa *agraph, rank []int32, upCap []float64, leaves []int32) (float64, bool) {
	attach := make([][]att2, len(leaves))
	inflow := make([]float64, len(fa.vnode))
	items := make([]leafItem, len(leaves))
	for i, v := range leaves {
		attach[i] = []att2{{v, 1}}
		inflow[v] = upCap[v]
		items[i] = leafItem{v: v}
	}
	skip := func(int) bool { return false }
	name := func(i int) string { return m.g.Nodes[fa.vnode[leaves[i]]].Name }
	var theta float64
	if m.sameTops(fa, rank, upCap, sourceLists(attach), skip, name) == "" {
		theta = upTheta(fa, rank, upCap, inflow)
	} else {
		var ok bool
		if theta, ok = leafPairTheta(fa, rank, upCap, items); !ok {
			return 0, false
		}
	}
	if math.IsInf(theta, 1) || theta <= 0 {
		return 0, false
	}
	return theta, true
}

// saturates reports whether the max-flow from a server's GPUs (termAt)
// to its links out (out[j]: the capacity leaving local vertex j) fills
// every one of those links, to a relative 1e-9.
func saturates(nv int, edges []wsEdge, out []float64, termAt []int32) bool {
	b := maxflow.NewBuilder(nv + 1)
	total := 0.0
	for _, e := range edges {
		b.AddEdge(e.u, e.v, e.c)
	}
	for j, c := range out {
		if c > 0 {
			b.AddArc(int32(j), int32(nv), c)
			total += c
		}
	}
	fg := b.Build()
	side := make([]maxflow.Side, nv+1)
	for _, v := range termAt {
		side[v] = maxflow.Source
	}
	side[nv] = maxflow.Sink
	return fg.MaxFlow(side) >= total*(1-1e-9)
}

// splitCosts returns the kind's internal cut per count of GPUs on A with
// nothing charged (mode 0: the graph, 1: the up*/down* layering), built
// once.
func (k *srvKind) splitCosts(mode int) *wsCost {
	if k.split[mode] == nil {
		c := wsItemCosts(k.nv, k.edges, make([]float64, k.nv), k.termAt, mode == 1)
		k.split[mode] = &c
	}
	return k.split[mode]
}

// sharedSplits returns the entrywise lesser of the graph and the routed
// split tables where they agree to a relative 1e-9, else nil.
func (k *srvKind) sharedSplits() *wsCost {
	if k.bothDone {
		return k.both
	}
	k.bothDone = true
	g, r := k.splitCosts(0), k.splitCosts(1)
	both := wsCost{pick: g.pick}
	for x := range g.cost {
		both.cost[x] = make([]float64, len(g.cost[x]))
		for a, v := range g.cost[x] {
			w := r.cost[x][a]
			if math.Abs(v-w) > 1e-9*max(math.Abs(v), math.Abs(w)) {
				return nil
			}
			both.cost[x][a] = min(v, w)
		}
	}
	k.both = &both
	return k.both
}

// splitTable is the min-plus table of split servers: least[j][r] the
// least internal cut of j servers, each split (1 to g−1 GPUs on A), with
// r GPUs on A in all (+Inf where none), and last[j][r] the count the
// j-th of them takes.
type splitTable struct {
	cost  *wsCost
	least [][]float64
	last  [][]int32
}

// newSplitTable builds the table for up to s split servers.
func newSplitTable(c *wsCost, s int) *splitTable {
	g := len(c.cost[0]) - 1
	t := &splitTable{cost: c, least: make([][]float64, s+1), last: make([][]int32, s+1)}
	t.least[0], t.last[0] = []float64{0}, []int32{0}
	for j := 1; j <= s; j++ {
		width := j*max(g-1, 0) + 1
		t.least[j] = make([]float64, width)
		t.last[j] = make([]int32, width)
		for r := range t.least[j] {
			t.least[j][r] = math.Inf(1)
			for q := 1; q < g && q <= r; q++ {
				if r-q >= len(t.least[j-1]) {
					continue
				}
				if v := t.least[j-1][r-q] + c.cost[0][q]; v < t.least[j][r] {
					t.least[j][r], t.last[j][r] = v, int32(q)
				}
			}
		}
	}
	return t
}

// clusterTable is a cluster's cost per count a of GPUs on A, for one
// choice of charged sides, and the whole servers on A (sA) and split
// servers (j) that attain it.
type clusterTable struct {
	cost  []float64
	sA, j []int32
}

// clusterCosts returns the cost table of cluster c for the charged sides
// x (bit p clear: piece p's leaves on A are charged; set: on B).
func clusterCosts(c *srvCluster, sp *splitTable, x int) clusterTable {
	S := len(c.servers)
	g := len(sp.cost.cost[0]) - 1
	// leafCost[sA][sB], the leaves' least cost with sA servers whole on A
	// and sB on B.
	leafCost := make([][]float64, S+1)
	for sA := range leafCost {
		leafCost[sA] = make([]float64, S+1-sA)
		for sB := range leafCost[sA] {
			sum := 0.0
			for _, l := range c.leaves {
				chA, chB := 0.0, 0.0
				if l.piece >= 0 {
					if x&(1<<l.piece) == 0 {
						chA = l.charge
					} else {
						chB = l.charge
					}
				}
				sum += min(l.c*float64(sB)+chA, l.c*float64(sA)+chB)
			}
			leafCost[sA][sB] = sum
		}
	}
	t := clusterTable{cost: make([]float64, S*g+1), sA: make([]int32, S*g+1), j: make([]int32, S*g+1)}
	for a := range t.cost {
		t.cost[a] = math.Inf(1)
	}
	for sA := 0; sA <= S; sA++ {
		for j := 0; sA+j <= S; j++ {
			row := sp.least[j]
			for r, v := range row {
				if math.IsInf(v, 1) {
					continue
				}
				a := sA*g + r
				if cost := v + leafCost[sA][S-sA-j]; cost < t.cost[a] {
					t.cost[a], t.sA[a], t.j[a] = cost, int32(sA), int32(j)
				}
			}
		}
	}
	return t
}

// clusterKnapsack returns dp[s], the least Σ cost over the clusters with
// s of their GPUs on side A for s in [lo, hi] (+Inf elsewhere), and each
// cluster's count on A per running s for the backward walk. After each
// cluster only the counts from which [lo, hi] stays reachable are kept.
// Ties keep the fewer on A.
func clusterKnapsack(clusters []srvCluster, tabs []clusterTable, lo, hi int) ([]float64, [][]int32) {
	inf := math.Inf(1)
	rest := 0 // the GPUs of the clusters not yet taken
	for _, c := range clusters {
		rest += len(tabs[c.shape].cost) - 1
	}
	dp := make([]float64, hi+1)
	next := make([]float64, hi+1)
	for s := range dp {
		dp[s] = inf
	}
	dp[0] = 0
	winLo, winHi := 0, 0 // the counts dp holds
	choice := make([][]int32, len(clusters))
	// Each table reversed, rev[t−a] = cost[a], so that the inner loop
	// walks dp and rev forward together (no bounds checks in it).
	revs := make([][]float64, len(tabs))
	for k, tab := range tabs {
		revs[k] = slices.Clone(tab.cost)
		slices.Reverse(revs[k])
	}
	for i := range clusters {
		rev := revs[clusters[i].shape]
		t := len(rev) - 1
		rest -= t
		nLo, nHi := max(winLo, lo-rest), min(winHi+t, hi)
		ch := make([]int32, hi+1)
		for s := range next {
			next[s] = inf
		}
		for s := nLo; s <= nHi; s++ {
			aLo, aHi := max(0, s-winHi), min(t, s-winLo)
			best, arg := inf, int32(0)
			if aLo <= aHi {
				// k runs over a = aHi − k, from aLo up as k falls.
				d := dp[s-aHi : s-aLo+1]
				e := rev[t-aHi : t-aLo+1]
				e = e[:len(d)]
				for k := len(d) - 1; k >= 0; k-- {
					if v := d[k] + e[k]; v < best {
						best, arg = v, int32(aHi-k)
					}
				}
			}
			next[s], ch[s] = best, arg
		}
		choice[i] = ch
		dp, next = next, dp
		winLo, winHi = nLo, nHi
	}
	return dp, choice
}
