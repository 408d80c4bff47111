package bisection

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/topoc/topoc/analyzers/internal/maxflow"
)

// topsMax is the most top switches placementsByTops enumerates (2¹⁵
// placements), and pieceMax the most switches of one piece below them it
// enumerates for each placement of the tops (2⁶ each): performance
// thresholds under placementWork's cap, not modelling values; a leaf of
// a two-tier Clos is a piece of one switch.
const (
	topsMax  = 16
	pieceMax = 6
)

// piece is a connected part of the fabric below its top switches: its
// own switches (a leaf, or the leaves that share dual-homed hosts) and
// its endpoints.
type piece struct {
	sw  []int32 // vertices
	eps []int32 // endpoint vertices
}

// placementsByTops is placements for a fabric with more switches than it
// enumerates whose switches split into tops, which hold no endpoint, and
// pieces below them that hang only from the tops (a two-tier Clos: the
// spines, and each leaf with its hosts). Every placement of the tops is
// enumerated (one held on side B); for each, a piece's least cost with h
// of its endpoints on side A is found by enumerating its own switches'
// placements and placing its endpoints best (as placements does), and the
// pieces are combined by a knapsack over h, whose least cost with ⌊n/2⌋
// or ⌈n/2⌉ endpoints on side A, plus the links among the tops that the
// placement crosses, is that placement's best cut. The least over
// placements is the bisection: every split is some placement of the tops
// and, in each piece, some placement of its switches and endpoints, and
// the pieces meet only at the tops. ok is false where the fabric is not
// so shaped or the work passes placementWork (uneven two-tier Clos past
// placementsMax switches: 21 leaves over 4 spines, 168 hosts).
func (m *model) placementsByTops(a *agraph) (cut, bool) {
	n := len(m.terms)
	nv := len(a.vnode)
	fg := a.fg
	if n < 2 {
		return cut{}, false
	}
	ep := make([]int32, nv) // terminal of an endpoint vertex, -1 for a switch
	for v := range ep {
		ep[v] = -1
		if a.weight[v] > 1 {
			return cut{}, false
		}
	}
	for t, v := range a.tv {
		if v < 0 || ep[v] >= 0 || a.weight[v] != 1 {
			return cut{}, false
		}
		ep[v] = int32(t)
	}
	for v := range nv {
		if ep[v] < 0 {
			continue
		}
		first, end := fg.Arcs(int32(v))
		for x := first; x < end; x++ {
			if ep[fg.Head(x)] >= 0 {
				return cut{}, false // endpoint to endpoint: costs not independent
			}
		}
	}
	// Tops: switches with no endpoint among their neighbours.
	top := make([]int32, nv) // index among the tops, -1 for others
	var tops []int32
	for v := range nv {
		top[v] = -1
		if ep[v] >= 0 {
			continue
		}
		first, end := fg.Arcs(int32(v))
		hasEP := false
		for x := first; x < end && !hasEP; x++ {
			hasEP = ep[fg.Head(x)] >= 0
		}
		if !hasEP {
			top[v] = int32(len(tops))
			tops = append(tops, int32(v))
		}
	}
	if len(tops) == 0 || len(tops) > topsMax {
		return cut{}, false
	}
	// Pieces: what is left, joined by its links that avoid the tops.
	pieceOf := make([]int32, nv)
	for v := range pieceOf {
		pieceOf[v] = -1
	}
	var pieces []piece
	for v := range nv {
		if top[v] >= 0 || pieceOf[v] >= 0 {
			continue
		}
		p := int32(len(pieces))
		pieces = append(pieces, piece{})
		stack := []int32{int32(v)}
		pieceOf[v] = p
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if ep[u] >= 0 {
				pieces[p].eps = append(pieces[p].eps, u)
			} else {
				pieces[p].sw = append(pieces[p].sw, u)
			}
			first, end := fg.Arcs(u)
			for x := first; x < end; x++ {
				if w := fg.Head(x); top[w] < 0 && pieceOf[w] < 0 {
					pieceOf[w] = p
					stack = append(stack, w)
				}
			}
		}
		if len(pieces[p].sw) > pieceMax {
			return cut{}, false
		}
	}
	// Work: per placement of the tops, each piece's placements × its
	// endpoints, and the knapsack over the pieces.
	placementsN := 1 << (len(tops) - 1)
	work := 0.0
	for _, p := range pieces {
		work += float64(int(1)<<len(p.sw)) * float64(len(p.eps)+len(p.sw)+1)
		work += float64(len(p.eps)+1) * float64(n/2+2)
	}
	if float64(placementsN)*work > placementWork {
		return cut{}, false
	}
	lo, hi := n/2, (n+1)/2
	inf := math.Inf(1)
	sideA := make([]bool, nv) // the placement being costed
	best, bestMask := inf, 0
	dp, next := make([]float64, hi+1), make([]float64, hi+1)
	costs := make([][]float64, len(pieces))
	for i := range pieces {
		costs[i] = make([]float64, len(pieces[i].eps)+1)
	}
	diffs := make([]float64, 0, n)
	// pieceCosts fills costs[i][h]: piece i's least cost with h of its
	// endpoints on side A, given the tops' sides in sideA.
	pieceCosts := func(i int) {
		p := &pieces[i]
		c := costs[i]
		for h := range c {
			c[h] = inf
		}
		for pm := 0; pm < 1<<len(p.sw); pm++ {
			for k, v := range p.sw {
				sideA[v] = pm&(1<<k) != 0
			}
			var sum float64
			sum, diffs = pieceSides(fg, p, sideA, ep, top, diffs[:0])
			c[0] = math.Min(c[0], sum)
			for h, d := range diffs {
				sum += d
				c[h+1] = math.Min(c[h+1], sum)
			}
		}
	}
	for mask := 0; mask < placementsN; mask++ {
		for k, v := range tops {
			sideA[v] = k > 0 && mask&(1<<(k-1)) != 0
		}
		topCut := 0.0
		for _, v := range tops {
			if !sideA[v] {
				continue
			}
			first, end := fg.Arcs(v)
			for x := first; x < end; x++ {
				if w := fg.Head(x); top[w] >= 0 && !sideA[w] {
					topCut += fg.Capacity(x)
				}
			}
		}
		for h := range dp {
			dp[h] = inf
		}
		dp[0] = topCut
		for i := range pieces {
			pieceCosts(i)
			addPiece(next, dp, costs[i])
			dp, next = next, dp
		}
		for _, k := range []int{lo, hi} {
			if v := dp[k]; v < best-1e-12*math.Max(1, v) {
				best, bestMask = v, mask
			}
		}
	}
	if math.IsInf(best, 1) {
		return cut{}, false
	}
	// Rebuild the best cut: the tops as placed, each piece at the
	// placement and count the knapsack chose, traced back.
	for k, v := range tops {
		sideA[v] = k > 0 && bestMask&(1<<(k-1)) != 0
	}
	all := make([][]float64, len(pieces)) // costs[i] for the best mask
	for i := range pieces {
		pieceCosts(i)
		all[i] = slices.Clone(costs[i])
	}
	// Forward tables, to trace the counts back.
	tables := make([][]float64, len(pieces)+1)
	tables[0] = make([]float64, hi+1)
	for h := range tables[0] {
		tables[0][h] = inf
	}
	tables[0][0] = 0
	for i := range pieces {
		tables[i+1] = make([]float64, hi+1)
		addPiece(tables[i+1], tables[i], all[i])
	}
	want := lo
	if tables[len(pieces)][hi] < tables[len(pieces)][lo] {
		want = hi
	}
	counts := make([]int, len(pieces))
	for i := len(pieces) - 1; i >= 0; i-- {
		for k := range all[i] {
			if k > want {
				break
			}
			if prev := tables[i][want-k]; prev != inf && math.Abs(prev+all[i][k]-tables[i+1][want]) <= 1e-9*math.Max(1, tables[i+1][want]) {
				counts[i], want = k, want-k
				break
			}
		}
	}
	split := make([]bool, n)
	vA := make([]bool, nv)
	for _, v := range tops {
		vA[v] = sideA[v]
	}
	for i := range pieces {
		p := &pieces[i]
		h := counts[i]
		bestPM, bestV := 0, inf
		for pm := 0; pm < 1<<len(p.sw); pm++ {
			for k, v := range p.sw {
				sideA[v] = pm&(1<<k) != 0
			}
			var v float64
			v, diffs = pieceSides(fg, p, sideA, ep, top, diffs[:0])
			for _, d := range diffs[:h] {
				v += d
			}
			if v < bestV-1e-12*math.Max(1, v) {
				bestPM, bestV = pm, v
			}
		}
		for k, v := range p.sw {
			sideA[v] = bestPM&(1<<k) != 0
			vA[v] = sideA[v]
		}
		type endpoint struct {
			v    int32
			diff float64
		}
		es := make([]endpoint, len(p.eps))
		for j, v := range p.eps {
			_, d := endpointCosts(fg, v, sideA)
			es[j] = endpoint{v, d}
		}
		slices.SortStableFunc(es, func(x, y endpoint) int { return cmp.Compare(x.diff, y.diff) })
		for _, e := range es[:h] {
			vA[e.v] = true
			split[ep[e.v]] = true
		}
	}
	return cut{value: crossing(fg, vA), inA: split, vA: vA, g: a,
		how: fmt.Sprintf("every placement of the %d top switches, and of the switches below them piece by piece, endpoints placed best for each", len(tops))}, true
}

// addPiece sets next[h], for every h below len(next), to the least of
// dp[h − k] + costs[k]: the pieces so far with h − k endpoints on side A
// and one more piece with k (a min-plus convolution; ∞ where none).
func addPiece(next, dp, costs []float64) {
	for h := range next {
		next[h] = math.Inf(1)
	}
	for h, base := range dp {
		if math.IsInf(base, 1) {
			continue
		}
		for k, c := range costs {
			if h+k >= len(next) {
				break
			}
			next[h+k] = math.Min(next[h+k], base+c)
		}
	}
}

// crossing sums the capacity of the arcs of fg from side A (vA) to side
// B: the cut's value, each full-duplex link counted once.
func crossing(fg *maxflow.Graph, vA []bool) float64 {
	value := 0.0
	for v := range vA {
		if !vA[v] {
			continue
		}
		first, end := fg.Arcs(int32(v))
		for x := first; x < end; x++ {
			if !vA[fg.Head(x)] {
				value += fg.Capacity(x)
			}
		}
	}
	return value
}

// pieceSides returns piece p's cost with its switches placed as sideA
// says and every endpoint on side B (the links from its switches to the
// far side, each once, and from each endpoint to side A), and appended
// to diffs, sorted, each endpoint's cost on side A less its cost on side
// B: the piece with h endpoints on side A costs the first plus the h
// least of the second.
func pieceSides(fg *maxflow.Graph, p *piece, sideA []bool, ep, top []int32, diffs []float64) (float64, []float64) {
	base := 0.0
	for _, v := range p.sw {
		first, end := fg.Arcs(v)
		for x := first; x < end; x++ {
			w := fg.Head(x)
			if ep[w] >= 0 {
				continue
			}
			// A link to a top, counted from the piece's side; one inside
			// the piece, from its end on side A.
			if sideA[v] != sideA[w] && (top[w] >= 0 || sideA[v]) {
				base += fg.Capacity(x)
			}
		}
	}
	for _, v := range p.eps {
		onB, d := endpointCosts(fg, v, sideA)
		base += onB
		diffs = append(diffs, d)
	}
	slices.Sort(diffs)
	return base, diffs
}

// endpointCosts returns what endpoint vertex v costs on side B (its
// links to side A) and its cost on side A less that.
func endpointCosts(fg *maxflow.Graph, v int32, sideA []bool) (onB, diff float64) {
	tot := 0.0
	first, end := fg.Arcs(v)
	for x := first; x < end; x++ {
		tot += fg.Capacity(x)
		if sideA[fg.Head(x)] {
			onB += fg.Capacity(x)
		}
	}
	return onB, tot - 2*onB
}
