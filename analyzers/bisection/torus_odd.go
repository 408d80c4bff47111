package bisection

import (
	"fmt"
	"math"
	"slices"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// Odd tori. No plane splits a torus whose sides are all odd into halves,
// so the cut across one dimension (torusShape.planeCut) does not apply,
// and the uniform multicommodity-flow bound stays below the bisection
// (5 × 5 routers: 10.4 links against 12). For the k-ary d-cube with k odd
// the bound below is exact.
//
// The lower bound compares the torus with the Hamming graph K_k^d (two
// routers adjacent when they differ in one coordinate). Route each
// Hamming edge along the shorter arc of its ring (unique for odd k): a
// ring link then carries (k² − 1)/8 of them, so any set S of routers has
// at least 8/(k² − 1) × its Hamming boundary on torus links. Lindsey
// (Amer. Math. Monthly 71, 1964) proved that initial segments of the
// lexicographic order have the most inside edges among all sets of their
// size in a product of cliques, hence the least boundary in the regular
// K_k^d: hammingBoundary. At ⌊N/2⌋ routers that gives 2(k^d − 1)/(k − 1)
// links, which slabs across one dimension and, recursively, half of the
// next cross-section (oddTorusSplit) meet: 12 links for 5 × 5, 16 for
// 7 × 7, 26 for 3 × 3 × 3 (values checked against exact enumeration of
// every split, TestOddTorusExact).

// hammingInside returns the edges inside the first s routers, in
// lexicographic order, of the Hamming graph K_k^d: q whole blocks of
// k^(d−1) (each a K_k^(d−1), with k^(d−1)·(d−1)(k−1)/2 edges), the first
// r routers of the next block, the edges joining the blocks' copies of
// one router (C(q, 2) per router of a block, and q for each of the r).
func hammingInside(k, d, s int) int {
	if d == 0 || s <= 1 {
		return 0
	}
	block := 1
	for range d - 1 {
		block *= k
	}
	q, r := s/block, s%block
	return q*block*(d-1)*(k-1)/2 + hammingInside(k, d-1, r) + q*(q-1)/2*block + q*r
}

// hammingBoundary returns the least number of edges leaving a set of s
// routers of K_k^d (Lindsey 1964): s·d(k − 1) − 2 × its inside edges.
func hammingBoundary(k, d, s int) int {
	return s*d*(k-1) - 2*hammingInside(k, d, s)
}

// oddCube reports whether the torus is a k-ary d-cube with k odd, at
// least 3, wrapped: the shape oddCubeBound proves.
func (s torusShape) oddCube() (k int, ok bool) {
	if !s.wrap || len(s.dims) == 0 {
		return 0, false
	}
	k = s.dims[0]
	if k < 3 || k%2 == 0 {
		return 0, false
	}
	for _, d := range s.dims {
		if d != k {
			return 0, false
		}
	}
	return k, true
}

// oddCubeBound returns a lower bound on the bisection of an odd k-ary
// d-cube, bits per second per direction: over x, the routers on side A,
// the terminals that must cross (|p·x − M/2|, as torusShape.bound
// counts them) plus the torus links 8·hammingBoundary(x)/(k² − 1) at
// least. False for other shapes.
func (s torusShape) oddCubeBound() (float64, bool) {
	k, ok := s.oddCube()
	if !ok {
		return 0, false
	}
	d := len(s.dims)
	cong := float64(k*k-1) / 8
	best := math.Inf(1)
	for x := 0; x <= s.routers; x++ {
		best = min(best, s.termBPS*s.mismatch(x)+s.linkBPS*float64(hammingBoundary(k, d, x))/cong)
	}
	return best, true
}

// oddCubeLinks is the bisection of the odd k-ary d-cube's routers,
// 2(k^d − 1)/(k − 1) links: Lindsey's bound at ⌊N/2⌋ routers.
func oddCubeLinks(k, d int) int {
	n := 1
	for range d {
		n *= k
	}
	return 2 * (n - 1) / (k - 1)
}

// oddTorusSplit returns side A of the staircase cut of a wrapped torus
// whose sides are all odd (and at least 3): across the largest dimension
// the first (k − 1)/2 slabs whole, then in the next slab the same cut of
// that cross-section, recursively, down to (k − 1)/2 routers of one ring;
// ⌊N/2⌋ routers in all, whose terminals are side A, with the ⌊p/2⌋
// terminals of one more router that a balanced split of p·N terminals
// needs when N is odd and p even or odd. False for other shapes.
func (m *model) oddTorusSplit(s torusShape) ([]ir.NodeID, bool) {
	if !s.wrap || len(s.dims) == 0 {
		return nil, false
	}
	for _, k := range s.dims {
		if k < 3 || k%2 == 0 {
			return nil, false
		}
	}
	// Dimensions from the largest (the last of equals) down.
	order := make([]int, len(s.dims))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return s.dims[b] - s.dims[a] })
	stride := make([]int, len(s.dims)) // router index stride of each dimension, dimension 0 fastest
	st := 1
	for i, k := range s.dims {
		stride[i] = st
		st *= k
	}
	onA := func(r int) bool {
		for _, dim := range order {
			c := r / stride[dim] % s.dims[dim]
			half := (s.dims[dim] - 1) / 2
			if c < half {
				return true
			}
			if c > half {
				return false
			}
		}
		return false // the one router in the middle of every dimension
	}
	var out, spare []ir.NodeID // spare: the terminals of side B's first router
	spareRouter := -1
	for i, t := range m.terms {
		r := i / s.p
		switch {
		case onA(r):
			out = append(out, t.node)
		case spareRouter < 0 || spareRouter == r:
			spareRouter = r
			spare = append(spare, t.node)
		}
	}
	need := s.terminals / 2
	if len(out) < need && need-len(out) <= len(spare) {
		out = append(out, spare[:need-len(out)]...)
	}
	return out, len(out) == need
}

// oddCubeFormula names the closed form an odd k-ary d-cube's bisection
// follows when its bound meets the cut found (v).
func (s torusShape) oddCubeFormula(v float64) (string, bool) {
	k, ok := s.oddCube()
	if !ok {
		return "", false
	}
	b, _ := s.oddCubeBound()
	if !meets(b, v) || !meets(v, b) {
		return "", false
	}
	d := len(s.dims)
	links := oddCubeLinks(k, d)
	terms := float64(s.terminals/2) * s.termBPS // cutting side A's terminals off
	if meets(v, float64(links)*s.linkBPS) && meets(float64(links)*s.linkBPS, v) {
		also := ""
		if meets(v, terms) && meets(terms, v) {
			also = fmt.Sprintf(", which cutting %d terminal links off their routers equals", s.terminals/2)
		}
		return fmt.Sprintf("2(k^d − 1)/(k − 1) = %d links × %s for the odd k-ary d-cube (k = %d, d = %d): slabs across one dimension, then the same cut of the next cross-section; proven by Lindsey's edge-isoperimetric theorem for K_k^d (1964) through a ring embedding of load (k² − 1)/8%s", links, units.Rate(s.linkBPS), k, d, also), true
	}
	return fmt.Sprintf("the least over the routers x on side A of the terminals that must cross plus 8 × Lindsey's least boundary of x routers in K_k^d ÷ (k² − 1) torus links (k = %d, d = %d; Lindsey 1964, ring embedding of load (k² − 1)/8), met by the cut found", k, d), true
}
