package bisection

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/topoc/topoc/analyzers/internal/maxflow"

	"github.com/topoc/topoc/analyzers/internal/countsort"
)

// The multilevel search (Karypis and Kumar, "A Fast and High Quality
// Multilevel Scheme for Partitioning Irregular Graphs", SIAM J. Sci.
// Comput. 20(1), 1998, the scheme METIS implements): coarsen the graph by
// heavy-edge matching, bisect the coarsest graph by greedy growing from
// several seeds, then project back level by level, refining each with
// Fiduccia–Mattheyses. Only terminals weigh: switches and server
// components are free to go to either side. It finds cuts the
// structure-aligned halves miss (a dragonfly group split along its global
// links, an irregular fabric); its terminal split is then evaluated
// exactly by max-flow.

// level of the hierarchy: a graph, its terminal counts, and the map from
// each of its vertices to the next coarser level's.
type wlevel struct {
	fg   *maxflow.Graph
	w    []int32
	cmap []int32
}

const (
	mlRuns        = 8         // multilevel runs, best kept (METIS's ncuts)
	mlRunsSmall   = 48        // runs on graphs of at most mlSmallArcs arcs
	mlSmallArcs   = 20_000    // (each run costs well under a millisecond there)
	mlRestarts    = 64        // random-start FM runs on graphs of at most
	mlRestartArcs = 4_000     // this many arcs
	mlArcs        = 1_000_000 // no multilevel search above (2 runs above a tenth, 4 above a fiftieth)
	vcycles       = 3         // refinement V-cycles per run
	coarsest      = 48        // stop coarsening at this many vertices
	maxCoarsest   = 4000      // give up when coarsening stalls above this
	mlSeeds       = 8         // greedy-growing seeds on the coarsest graph
	maxLevels     = 40
)

// mlRunsFor is the multilevel search's runs on a graph of arcs arcs (0:
// no search above mlArcs), at Options.Light's effort when light.
func mlRunsFor(arcs int, light bool) int {
	switch {
	case arcs > mlArcs:
		return 0
	case arcs > mlArcs/10:
		return 2
	case arcs > mlArcs/50:
		return 4
	case arcs <= mlSmallArcs && !light:
		return mlRunsSmall
	}
	return mlRuns
}

// SearchWork estimates the multilevel search's work on an analysis graph
// of arcs arcs, in arc visits: its runs, and on a graph of at most
// mlRestartArcs arcs its random restarts, each about a pass over the
// arcs (refinement and a max-flow are a few more). At Options.Light's
// effort when light. A what-if sweep weighs its scenarios' searches with
// it (resilience.LightBudget).
func SearchWork(arcs int, light bool) float64 {
	runs := mlRunsFor(arcs, light)
	if arcs <= mlRestartArcs && !light {
		runs += mlRestarts
	}
	return float64(runs) * float64(arcs)
}

// multilevel returns the cut of the best of mlRuns runs of the
// multilevel search on the full graph a (fewer on large graphs), refined
// by iterated V-cycles. Each run visits the vertices in a different
// order when matching, from a fixed seed, so the result is
// deterministic.
func (m *model) multilevel(a *agraph) cut {
	runs := mlRunsFor(a.fg.NumArcs(), m.light)
	if runs == 0 {
		return cut{value: math.Inf(1)}
	}
	n := len(m.terms)
	balanced := func(vA []bool) bool {
		k := 0
		for _, v := range a.tv {
			if v >= 0 && vA[v] {
				k++
			}
		}
		return k == n/2 || k == (n+1)/2
	}
	var best []bool
	bestCut := math.Inf(1)
	small := cut{value: math.Inf(1)}
	var rng *rand.Rand
	for r := 0; r < runs; r++ {
		rng = rand.New(rand.NewPCG(uint64(r), 0x70c0c))
		vA := vcycle(a.fg, a.weight, n, nil, rng)
		if vA == nil {
			continue
		}
		if !balanced(vA) {
			if runs != mlRunsSmall {
				continue
			}
			balance(a, vA, n)
		}
		if c := cutOf(a.fg, vA); c < bestCut-1e-12*c {
			best, bestCut = vA, c
		}
		if runs == mlRunsSmall {
			// On a small graph every run's split is also refined and
			// evaluated exactly: the partition's own edge cut ranks
			// runs poorly when switches could move (max-flow re-places
			// them), and each costs well under a millisecond.
			if c := m.fm(a, m.splitCut(a, vA)); c.value < small.value-1e-12*c.value {
				small = c
			}
		}
	}
	if a.fg.NumArcs() <= mlRestartArcs && !m.light {
		// Random restarts: on a graph this small greedy growing from a few
		// seeds misses cuts that FM from a random balanced split finds.
		for r := 0; r < mlRestarts; r++ {
			rng = rand.New(rand.NewPCG(uint64(r), 0xfa11))
			inA := make([]bool, n)
			for i, k := range rng.Perm(n) {
				inA[k] = i < n/2
			}
			if c, ok := m.evaluate(a, inA, "Fiduccia–Mattheyses from a random split"); ok {
				if c = m.fm(a, c); c.value < small.value-1e-12*c.value {
					small = c
				}
			}
		}
	}
	if best == nil {
		return small
	}
	// Iterated V-cycles (Walshaw, "Multilevel refinement for
	// combinatorial optimisation problems", Ann. Oper. Res. 131, 2004):
	// coarsen again matching only within a side, and refine on the way
	// back up, while the cut shrinks.
	for range vcycles {
		next := vcycle(a.fg, a.weight, n, best, rng)
		if next == nil || !balanced(next) {
			break
		}
		c := cutOf(a.fg, next)
		if c >= bestCut-1e-12*bestCut {
			break
		}
		best, bestCut = next, c
	}
	inA := make([]bool, n)
	for i, v := range a.tv {
		inA[i] = v >= 0 && best[v]
	}
	c, ok := m.evaluate(a, inA, mlHow)
	if !ok || small.value < c.value {
		return small
	}
	return c
}

const mlHow = "multilevel bisection (heavy-edge matching, greedy growing, Fiduccia–Mattheyses)"

// splitCut evaluates the terminal split of vertex partition vA exactly.
func (m *model) splitCut(a *agraph, vA []bool) cut {
	inA := make([]bool, len(m.terms))
	for i, v := range a.tv {
		inA[i] = v >= 0 && vA[v]
	}
	c, ok := m.evaluate(a, inA, mlHow)
	if !ok {
		return cut{value: math.Inf(1)}
	}
	return c
}

// vcycle coarsens fg (matching only vertices on the same side of part
// when part is given), bisects the coarsest graph (or projects part onto
// it), and refines back to fg. It returns nil when coarsening stalls on
// a large graph.
func vcycle(fg *maxflow.Graph, w []int32, n int, part []bool, rng *rand.Rand) []bool {
	levels := []wlevel{{fg: fg, w: w}}
	parts := [][]bool{part}
	maxW := int32(max(2, n/40))
	for len(levels) < maxLevels {
		top := &levels[len(levels)-1]
		if top.fg.N() <= coarsest {
			break
		}
		cfg, cw, cmap := coarsen(top.fg, top.w, maxW, rng, parts[len(parts)-1])
		if cfg.N() > top.fg.N()*9/10 {
			break
		}
		top.cmap = cmap
		levels = append(levels, wlevel{fg: cfg, w: cw})
		var cp []bool
		if p := parts[len(parts)-1]; p != nil {
			cp = make([]bool, cfg.N())
			for v, c := range cmap {
				cp[c] = p[v]
			}
		}
		parts = append(parts, cp)
	}
	c := levels[len(levels)-1]
	vA := parts[len(parts)-1]
	if vA == nil {
		if c.fg.N() > maxCoarsest {
			return nil // coarsening stalled: too costly to grow
		}
		vA = growBest(c.fg, c.w, n)
	} else {
		vA = slices.Clone(vA)
		fmPass(c.fg, c.w, vA, n, fmSlack(c.w, n))
	}
	for l := len(levels) - 2; l >= 0; l-- {
		fine := levels[l]
		fv := make([]bool, fine.fg.N())
		for v := range fv {
			fv[v] = vA[fine.cmap[v]]
		}
		vA = fv
		fmPass(fine.fg, fine.w, vA, n, fmSlack(fine.w, n))
	}
	return vA
}

// coarsen matches each vertex with the unmatched neighbour it shares the
// most capacity with (heavy-edge matching), visiting vertices by
// increasing degree (ties in the order rng shuffles them), never making a
// vertex of more than maxW terminals nor joining the two sides of part
// (when given),
// and returns the contracted graph (parallel edges merged), its terminal
// counts and the vertex map.
func coarsen(fg *maxflow.Graph, w []int32, maxW int32, rng *rand.Rand, part []bool) (*maxflow.Graph, []int32, []int32) {
	same := func(u, v int32) bool { return part == nil || part[u] == part[v] }
	n := fg.N()
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	order = byDegree(fg, order)
	match := make([]int32, n)
	for i := range match {
		match[i] = -1
	}
	acc := make([]float64, n)
	for _, v := range order {
		if match[v] >= 0 {
			continue
		}
		lo, hi := fg.Arcs(v)
		for x := lo; x < hi; x++ {
			acc[fg.Head(x)] += fg.Capacity(x)
		}
		best, bestC := v, 0.0
		for x := lo; x < hi; x++ {
			u := fg.Head(x)
			if match[u] < 0 && u != v && w[u]+w[v] <= maxW && acc[u] > bestC && same(u, v) {
				best, bestC = u, acc[u]
			}
		}
		for x := lo; x < hi; x++ {
			acc[fg.Head(x)] = 0
		}
		match[v], match[best] = best, v
	}
	// Two-hop matching (as METIS does for leaves): vertices left alone
	// whose links all go to one neighbour (hosts of a leaf switch) pair up
	// with each other.
	lone := map[int32]int32{}
	for _, v := range order {
		if match[v] != v {
			continue
		}
		lo, hi := fg.Arcs(v)
		if hi == lo {
			continue
		}
		u := fg.Head(lo)
		for x := lo + 1; x < hi && u >= 0; x++ {
			if fg.Head(x) != u {
				u = -1
			}
		}
		if u < 0 {
			continue
		}
		if part != nil && part[v] {
			u += int32(fg.N()) // keep the two sides' hosts apart
		}
		if p, ok := lone[u]; ok && w[p]+w[v] <= maxW {
			match[v], match[p] = p, v
			delete(lone, u)
		} else {
			lone[u] = v
		}
	}
	cmap := make([]int32, n)
	nc := int32(0)
	for v := int32(0); v < int32(n); v++ {
		if u := match[v]; u >= v {
			cmap[v], cmap[u] = nc, nc
			nc++
		}
	}
	// A coarse vertex is one fine vertex or a matched pair: members
	// v and match[v], listed from the lower.
	cw := make([]int32, nc)
	first := make([]int32, nc)
	for v := int32(n) - 1; v >= 0; v-- {
		cw[cmap[v]] += w[v]
		first[cmap[v]] = v
	}
	b := maxflow.NewBuilder(int(nc))
	b.Grow(fg.NumArcs() / 2)
	cacc := make([]float64, nc)
	var touched []int32
	for cv := int32(0); cv < nc; cv++ {
		touched = touched[:0]
		members := [2]int32{first[cv], match[first[cv]]}
		for i, v := range members {
			if i == 1 && v == members[0] {
				break // a vertex left alone
			}
			lo, hi := fg.Arcs(v)
			for x := lo; x < hi; x++ {
				cu := cmap[fg.Head(x)]
				if cu <= cv {
					continue // each edge once, from its lower end
				}
				if cacc[cu] == 0 {
					touched = append(touched, cu)
				}
				cacc[cu] += fg.Capacity(x)
			}
		}
		slices.Sort(touched)
		for _, cu := range touched {
			b.AddEdge(cv, cu, cacc[cu])
			cacc[cu] = 0
		}
	}
	return b.Build(), cw, cmap
}

// byDegree returns order stably sorted by increasing degree in fg: a
// counting sort, as degrees are small integers and the coarsening sorts
// every level of every V-cycle.
func byDegree(fg *maxflow.Graph, order []int32) []int32 {
	deg := func(v int32) int32 { lo, hi := fg.Arcs(v); return hi - lo }
	maxDeg := int32(0)
	for _, v := range order {
		maxDeg = max(maxDeg, deg(v))
	}
	if int(maxDeg) > 4*len(order) { // a few hubs: the comparison sort is cheaper
		slices.SortStableFunc(order, func(x, y int32) int { return int(deg(x)) - int(deg(y)) })
		return order
	}
	return countsort.By(order, deg, int(maxDeg)+1)
}

// growBest bisects a small graph by greedy graph growing (George and Liu;
// Karypis and Kumar §4.1) from mlSeeds seeds spread by breadth-first
// distance, refines each by FM, and returns the least balanced cut.
func growBest(fg *maxflow.Graph, w []int32, n int) []bool {
	nv := fg.N()
	var best []bool
	bestCut := math.Inf(1)
	seeds := spreadSeeds(fg, mlSeeds)
	for _, s := range seeds {
		vA := grow(fg, w, n, s)
		fmPass(fg, w, vA, n, fmSlack(w, n))
		wA := 0
		for v := 0; v < nv; v++ {
			if vA[v] {
				wA += int(w[v])
			}
		}
		c := cutOf(fg, vA)
		balanced := wA == n/2 || wA == (n+1)/2
		if balanced && c < bestCut {
			best, bestCut = vA, c
		}
		if best == nil {
			best = vA
		}
	}
	return best
}

// grow adds vertices to side A from seed s, always the frontier vertex
// whose move lowers the cut most, until A holds ⌊n/2⌋ terminals.
func grow(fg *maxflow.Graph, w []int32, n int, s int32) []bool {
	nv := fg.N()
	vA := make([]bool, nv)
	gain := make([]float64, nv) // capacity into A minus capacity out of A
	inFrontier := make([]bool, nv)
	var frontier []int32
	add := func(v int32) {
		vA[v] = true
		lo, hi := fg.Arcs(v)
		for x := lo; x < hi; x++ {
			u := fg.Head(x)
			gain[u] += 2 * fg.Capacity(x)
			if !vA[u] && !inFrontier[u] {
				inFrontier[u] = true
				frontier = append(frontier, u)
			}
		}
	}
	for v := int32(0); v < int32(nv); v++ {
		lo, hi := fg.Arcs(v)
		for x := lo; x < hi; x++ {
			gain[v] -= fg.Capacity(x)
		}
	}
	wA := int(w[s])
	add(s)
	for wA < n/2 {
		bi := -1
		for i, v := range frontier {
			if vA[v] {
				continue
			}
			if bi < 0 || gain[v] > gain[frontier[bi]] {
				bi = i
			}
		}
		if bi < 0 {
			// Disconnected: take any vertex not yet in A.
			for v := int32(0); v < int32(nv); v++ {
				if !vA[v] {
					frontier = append(frontier, v)
					bi = len(frontier) - 1
					break
				}
			}
			if bi < 0 {
				break
			}
		}
		v := frontier[bi]
		frontier[bi] = frontier[len(frontier)-1]
		frontier = frontier[:len(frontier)-1]
		wA += int(w[v])
		add(v)
	}
	return vA
}

// spreadSeeds picks k vertices: 0, then repeatedly the vertex farthest
// (breadth-first) from those picked.
func spreadSeeds(fg *maxflow.Graph, k int) []int32 {
	nv := fg.N()
	dist := make([]int32, nv)
	for i := range dist {
		dist[i] = math.MaxInt32
	}
	seeds := []int32{0}
	for len(seeds) < k && len(seeds) < nv {
		// Multi-source BFS from the newest seed, keeping minima.
		q := []int32{seeds[len(seeds)-1]}
		dist[q[0]] = 0
		for i := 0; i < len(q); i++ {
			v := q[i]
			lo, hi := fg.Arcs(v)
			for x := lo; x < hi; x++ {
				if u := fg.Head(x); dist[u] > dist[v]+1 {
					dist[u] = dist[v] + 1
					q = append(q, u)
				}
			}
		}
		far := int32(-1)
		for v := int32(0); v < int32(nv); v++ {
			if !slices.Contains(seeds, v) && (far < 0 || dist[v] > dist[far]) {
				far = v
			}
		}
		if far < 0 {
			break
		}
		seeds = append(seeds, far)
	}
	return seeds
}

// cutOf sums the capacity of the edges leaving side A.
func cutOf(fg *maxflow.Graph, vA []bool) float64 {
	c := 0.0
	for v := int32(0); v < int32(fg.N()); v++ {
		if !vA[v] {
			continue
		}
		lo, hi := fg.Arcs(v)
		for x := lo; x < hi; x++ {
			if !vA[fg.Head(x)] {
				c += fg.Capacity(x)
			}
		}
	}
	return c
}

// balance moves terminal vertices of partition vA from the heavier side
// to the lighter until the sides hold ⌊n/2⌋ and ⌈n/2⌉ terminals, each
// time the one with the most capacity towards the other side less that
// to its own (as METIS's users rebalance its split; docs/reference/design-brief.md "METIS as
// an oracle"). Contracted vertices holding several terminals are not
// moved, so the result may stay unbalanced; the caller checks.
func balance(a *agraph, vA []bool, n int) {
	count := 0
	for _, v := range a.tv {
		if v >= 0 && vA[v] {
			count++
		}
	}
	pull := func(v int32) float64 {
		c := 0.0
		lo, hi := a.fg.Arcs(v)
		for x := lo; x < hi; x++ {
			if vA[a.fg.Head(x)] != vA[v] {
				c += a.fg.Capacity(x)
			} else {
				c -= a.fg.Capacity(x)
			}
		}
		return c
	}
	for count > (n+1)/2 || count < n/2 {
		heavy := count > (n+1)/2
		best, bestPull := int32(-1), math.Inf(-1)
		for _, v := range a.tv {
			if v >= 0 && vA[v] == heavy && a.weight[v] == 1 {
				if p := pull(v); p > bestPull {
					best, bestPull = v, p
				}
			}
		}
		if best < 0 {
			return
		}
		vA[best] = !heavy
		if heavy {
			count--
		} else {
			count++
		}
	}
}
