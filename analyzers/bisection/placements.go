package bisection

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// placementWork caps the placement enumeration: placements tried ×
// (endpoint vertices + links flipped per placement). A 20-router
// dragonfly of 40 terminals (2¹⁹ placements, 2.4·10⁷ units) takes 0.13 s
// on this project's 2-core VM, so the cap is about a quarter of a second;
// a performance threshold, not a modelling value.
const placementWork = 1 << 25

// placementsMax is the most switches the enumeration places (2¹⁹
// placements with one switch held on side B).
const placementsMax = 20

// placements returns the exact bisection of a fabric whose endpoints
// hang directly from a few switches, by enumerating every placement of
// the switches: with the switches placed, each endpoint vertex costs the
// capacity from it to the far side, on either side and independently of
// the others, so the best balanced split puts on side A the k endpoints
// whose cost there less their cost on side B is least (k = ⌊n/2⌋ or
// ⌈n/2⌉). The minimum over placements is the bisection; the search's
// candidates and vertex moves can miss it where the cheapest split
// groups leaves that the orderings do not put together (uneven
// striping: two leaves whose doubled uplinks go to one spine, with that
// spine; audit of issue 11, a 40-host Clos at 5.2 against 5.6 Tb/s).
//
// It applies, ok true, when every vertex of a that holds endpoints holds
// one, has links only to vertices without endpoints (switches, in the
// host and port views), there are at most placementsMax of those, and
// the work fits placementWork. The cut returned is evaluated again by
// max-flow on a, so its value is a real cut's, free of the enumeration's
// running sums.
func (m *model) placements(a *agraph) (cut, bool) {
	n := len(m.terms)
	nv := len(a.vnode)
	if n < 2 {
		return cut{}, false
	}
	// Switch vertices are numbered 0 … S−1 in sw, endpoint vertices
	// 0 … n−1 by terminal.
	sw := make([]int32, nv)
	var switches []int32
	for v := range nv {
		switch a.weight[v] {
		case 0:
			sw[v] = int32(len(switches))
			switches = append(switches, int32(v))
		case 1:
			sw[v] = -1
		default:
			return cut{}, false
		}
	}
	s := len(switches)
	if s == 0 || s > placementsMax {
		return cut{}, false
	}
	ep := make([]int32, nv) // terminal of an endpoint vertex
	for v := range ep {
		ep[v] = -1
	}
	for t, v := range a.tv {
		if v < 0 || ep[v] >= 0 {
			return cut{}, false
		}
		ep[v] = int32(t)
	}
	fg := a.fg
	tot := make([]float64, n) // capacity of each endpoint's links
	arcs := 0
	for v := range nv {
		first, end := fg.Arcs(int32(v))
		for x := first; x < end; x++ {
			w := fg.Head(x)
			if sw[v] < 0 && sw[w] < 0 {
				return cut{}, false // endpoint to endpoint
			}
			if sw[v] < 0 {
				tot[ep[v]] += fg.Capacity(x)
			}
		}
		if sw[v] >= 0 {
			arcs += int(end - first)
		}
	}
	placementsN := 1 << (s - 1)
	if float64(placementsN)*float64(n+arcs/s+1) > placementWork {
		return cut{}, false
	}
	// Gray-code order: one switch moves between placements. Switch 0
	// stays on side B (the sides are interchangeable: both sizes ⌊n/2⌋
	// and ⌈n/2⌉ are tried on side A).
	inA := make([]bool, s)
	toA := make([]float64, n) // capacity from each endpoint to side A
	sumToA, swCut := 0.0, 0.0
	diffs := make([]float64, n)
	lo, hi := n/2, (n+1)/2
	best, bestMask, bestK := math.Inf(1), 0, lo
	mask := 0
	for i := 0; i < placementsN; i++ {
		if i > 0 {
			k := 1 + bits.TrailingZeros(uint(i)) // the switch that moves
			mask ^= 1 << (k - 1)
			u := switches[k]
			toSideA := !inA[k]
			inA[k] = toSideA
			sign := 1.0
			if !toSideA {
				sign = -1
			}
			first, end := fg.Arcs(u)
			for x := first; x < end; x++ {
				w, c := fg.Head(x), fg.Capacity(x)
				if j := sw[w]; j >= 0 {
					if inA[j] == toSideA {
						swCut -= c
					} else {
						swCut += c
					}
					continue
				}
				toA[ep[w]] += sign * c
				sumToA += sign * c
			}
		}
		// An endpoint on side A costs tot − toA, on side B toA.
		for t := range n {
			diffs[t] = tot[t] - 2*toA[t]
		}
		slices.Sort(diffs)
		part := swCut + sumToA
		for j, d := range diffs[:hi] {
			part += d
			if (j+1 == lo || j+1 == hi) && part < best-1e-12*math.Max(1, part) {
				best, bestMask, bestK = part, mask, j+1
			}
		}
	}
	// Rebuild the best placement's split and evaluate it exactly.
	side := make([]bool, s)
	for k := 1; k < s; k++ {
		side[k] = bestMask&(1<<(k-1)) != 0
	}
	type costed struct {
		t    int
		diff float64
	}
	cs := make([]costed, n)
	for t := range n {
		toA := 0.0
		v := a.tv[t]
		first, end := fg.Arcs(v)
		for x := first; x < end; x++ {
			if side[sw[fg.Head(x)]] {
				toA += fg.Capacity(x)
			}
		}
		cs[t] = costed{t, tot[t] - 2*toA}
	}
	slices.SortStableFunc(cs, func(x, y costed) int {
		switch {
		case x.diff < y.diff:
			return -1
		case x.diff > y.diff:
			return 1
		}
		return 0
	})
	split := make([]bool, n)
	for _, c := range cs[:bestK] {
		split[c.t] = true
	}
	c, ok := m.evaluate(a, split, fmt.Sprintf("every placement of the %d switches, endpoints placed best for each", s))
	return c, ok
}
