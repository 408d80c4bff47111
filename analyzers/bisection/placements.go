package bisection

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// placementWork caps the placement enumeration: placements tried ×
// (classes of like endpoints + links flipped per placement). A 20-router
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
	}
	// Endpoints with the same links (switch and capacity) cost the same
	// in every placement: one class each, with its count, so that a
	// placement sorts a leaf's worth of hosts as one.
	type contrib struct {
		class int32
		c     float64
	}
	var (
		count  []int     // endpoints per class
		clsTot []float64 // each class's endpoint's capacity
		by     = map[string]int32{}
		key    []byte
		perSw  = make([][]contrib, s) // what moving a switch changes
	)
	for t := range n {
		v := a.tv[t]
		first, end := fg.Arcs(v)
		key = key[:0]
		for x := first; x < end; x++ {
			key = fmt.Appendf(key, "%d:%g,", sw[fg.Head(x)], fg.Capacity(x))
		}
		c, seen := by[string(key)]
		if !seen {
			c = int32(len(count))
			by[string(key)] = c
			count, clsTot = append(count, 0), append(clsTot, tot[t])
			for x := first; x < end; x++ {
				j := sw[fg.Head(x)]
				perSw[j] = append(perSw[j], contrib{c, fg.Capacity(x)})
			}
		}
		count[c]++
	}
	classes := len(count)
	flips := 0
	for j := range s {
		first, end := fg.Arcs(switches[j])
		flips += len(perSw[j]) + int(end-first)
	}
	placementsN := 1 << (s - 1)
	if float64(placementsN)*float64(classes+flips/s+1) > placementWork {
		return cut{}, false
	}
	// Gray-code order: one switch moves between placements. Switch 0
	// stays on side B (the sides are interchangeable: both sizes ⌊n/2⌋
	// and ⌈n/2⌉ are tried on side A).
	inA := make([]bool, s)
	toA := make([]float64, classes) // capacity from a class's endpoint to side A
	sumToA, swCut := 0.0, 0.0
	type costed struct {
		diff  float64
		count int
	}
	diffs := make([]costed, classes)
	lo, hi := n/2, (n+1)/2
	best, bestMask, bestK := math.Inf(1), 0, lo
	mask := 0
	for i := 0; i < placementsN; i++ {
		if i > 0 {
			k := 1 + bits.TrailingZeros(uint(i)) // the switch that moves
			mask ^= 1 << (k - 1)
			toSideA := !inA[k]
			inA[k] = toSideA
			sign := 1.0
			if !toSideA {
				sign = -1
			}
			first, end := fg.Arcs(switches[k])
			for x := first; x < end; x++ {
				if j := sw[fg.Head(x)]; j >= 0 {
					if inA[j] == toSideA {
						swCut -= fg.Capacity(x)
					} else {
						swCut += fg.Capacity(x)
					}
				}
			}
			for _, e := range perSw[k] {
				toA[e.class] += sign * e.c
				sumToA += sign * float64(count[e.class]) * e.c
			}
		}
		// An endpoint on side A costs tot − toA, on side B toA: side A
		// takes the k whose difference is least.
		for c := range classes {
			diffs[c] = costed{clsTot[c] - 2*toA[c], count[c]}
		}
		slices.SortFunc(diffs, func(x, y costed) int { return cmp.Compare(x.diff, y.diff) })
		part, taken := swCut+sumToA, 0
		for _, d := range diffs {
			for _, k := range [2]int{lo, hi} {
				if taken < k && k <= taken+d.count {
					if v := part + float64(k-taken)*d.diff; v < best-1e-12*math.Max(1, v) {
						best, bestMask, bestK = v, mask, k
					}
				}
			}
			part += float64(d.count) * d.diff
			if taken += d.count; taken >= hi {
				break
			}
		}
	}
	// Rebuild the best placement's split and evaluate it exactly.
	side := make([]bool, s)
	for k := 1; k < s; k++ {
		side[k] = bestMask&(1<<(k-1)) != 0
	}
	type endpoint struct {
		t    int
		diff float64
	}
	cs := make([]endpoint, n)
	for t := range n {
		toA := 0.0
		v := a.tv[t]
		first, end := fg.Arcs(v)
		for x := first; x < end; x++ {
			if side[sw[fg.Head(x)]] {
				toA += fg.Capacity(x)
			}
		}
		cs[t] = endpoint{t, tot[t] - 2*toA}
	}
	slices.SortStableFunc(cs, func(x, y endpoint) int { return cmp.Compare(x.diff, y.diff) })
	split := make([]bool, n)
	for _, c := range cs[:bestK] {
		split[c.t] = true
	}
	c, ok := m.evaluate(a, split, fmt.Sprintf("every placement of the %d switches, endpoints placed best for each", s))
	return c, ok
}
