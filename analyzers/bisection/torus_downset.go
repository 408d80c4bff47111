package bisection

import (
	"math"

	"github.com/topoc/topoc/compiler/ir"
)

// Tori and meshes of any sides: the compression bound. The uniform bound
// (torus.go) meets the cut across the largest dimension only when that
// dimension is even, and Lindsey's (torus_odd.go) needs every side the
// same odd k; a torus such as 7 × 4 (the cut across the 4 takes 14
// links, a staircase across the 7 takes 10) or 9 × 7 had kept an
// interval. This bound holds for every torus and mesh as built.
//
// The proof. Number the routers of each line (the routers that differ
// in one coordinate only) 0…k−1 in ring order. Compressing a set S of
// routers along dimension i replaces S's routers on every line along i
// by that many routers at positions 0, 1, …: an arc from position 0.
// This never adds to the links leaving S (the compression argument of
// Bollobás and Leader, "Edge-isoperimetric inequalities in the grid",
// Combinatorica 11, 1991, which carries over to rings):
//
//   - links along i: a line holding t routers of S with 0 < t < k loses
//     at least c links (c = 2 round a ring of k ≥ 3, 1 along a mesh line
//     or a ring of 2, built as one link), and an arc loses exactly c;
//   - links along another dimension j: they join the routers at one
//     position of two lines along i one step apart in j, and at least
//     |t − t′| of those pairs are cut when the lines hold t and t′
//     routers of S, which is what two arcs from position 0 cut.
//
// A compression keeps the count on every line and, unless S is already
// compressed along i, lowers the sum of its routers' coordinates, so
// compressing along each dimension in turn ends at a set compressed
// along all of them with no more links leaving it: a down-set D of the
// box [k₁] × … × [k_d] (with a router, every router at lower or equal
// coordinates). Its cut is Σᵢ cᵢ · Pᵢ(D), Pᵢ the lines along i that D
// meets without filling. So the fewest links leaving x routers, h(x), is
// the least of that over down-sets of x routers.
//
// The dynamic programme bounds that least from below. Split D along its
// first dimension into the cross-sections D₀ ⊇ D₁ ⊇ … ⊇ D_{k−1}, each a
// down-set of the cross-section box C (nested because D is a down-set).
// A line along the first dimension is met without being filled exactly
// where it crosses D₀ but not D_{k−1}, so P₁(D) = |D₀| − |D_{k−1}|, and
// every other line lies in one cross-section: the cut is
// c₁(|D₀| − |D_{k−1}|) + Σₓ cut_C(Dₓ) ≥ c₁(s₀ − s_{k−1}) + Σₓ H_C(sₓ)
// with sₓ = |Dₓ| non-increasing and H_C the same bound for C (0 for a
// single router). Minimizing over non-increasing sequences of sizes
// summing to x gives H(x) ≤ h(x); it drops only the requirement that
// the cross-sections that are best alone also nest, so it can stay
// below h(x) but never above. Any order of the dimensions gives a
// sound H; the bound takes the largest at each x over the orders tried.
// A balanced split with x routers on side A cuts at least the terminal
// links |p·x − M/2| (torusShape.bound), so the bisection is at least the
// least over x of terminal rate × that + link rate × H(x).
//
// The upper end it is compared with: the initial segments of the
// lexicographic order of the routers, for every order of the
// dimensions (slabs across the first, then the same in the next slab's
// cross-section), whose cuts are counted in closed form (lexCut). The
// cut across an even dimension and the staircase of an odd torus are
// such segments. On every torus and mesh of the package's brute-force
// test (every router set of every size) H meets h.

// downsetWork caps the compression bound's dynamic programme, in table
// cells visited (about 1.7 ns each: half a second on one core; a
// 25 × 23 × 21 torus takes 146 million). A budget, not a modelling
// value: past it the interval stays.
const downsetWork = 300_000_000

// downsetTable caps the dynamic programme's table, in cells of 4 bytes
// (64 MiB): memory, where downsetWork is time. A budget, not a modelling
// value.
const downsetTable = 16 << 20

// downsetInf stands for a table cell no sequence reaches.
const downsetInf = math.MaxInt32 / 4

// lineCut returns the fewest links a line of k routers loses when a set
// meets it without filling it: 2 round a wrapped ring of k ≥ 3, else 1
// (a mesh line, or a ring of 2, which the generator builds as one link).
func lineCut(k int, wrap bool) int32 {
	if wrap && k > 2 {
		return 2
	}
	return 1
}

// downsetCuts returns H(0…N) for the box of dims, the first dimension
// split first, or false when the work would pass downsetWork.
func downsetCuts(dims []int, wrap bool) ([]int32, bool) {
	h := []int32{0, 0} // a single router: nothing to cut
	work := 0
	for i := len(dims) - 1; i >= 0; i-- {
		k, cn := dims[i], len(h)-1
		table := (cn + 1) * (k*cn + 1)
		if work += k * table; work > downsetWork || table > downsetTable {
			return nil, false
		}
		h = downsetLevel(k, lineCut(k, wrap), h)
	}
	return h, true
}

// downsetLevel returns H(0…k·|C|) for k cross-sections of a box C whose
// bound is inner (by size, 0…|C|), c the cut of one partial line along
// the new dimension: the least over non-increasing s₀ … s_{k−1} summing
// to x of c·(s₀ − s_{k−1}) + Σ inner[sⱼ]. f[v][σ] is the least of
// c·s₀ + Σ inner over the first j+1 sizes ending at v with sum σ. Each
// step takes the least over the previous size v′ ≥ v: going down from
// v = |C|, run holds the least of the previous step's rows v′ ≥ v, so
// row v is read into run before it is overwritten, and one table
// serves both steps. The work is O(k·|C|·N).
func downsetLevel(k int, c int32, inner []int32) []int32 {
	cn := len(inner) - 1
	n := k * cn
	w := n + 1
	f := make([]int32, (cn+1)*w)
	for i := range f {
		f[i] = downsetInf
	}
	for v := 0; v <= cn; v++ {
		f[v*w+v] = c*int32(v) + inner[v]
	}
	run := make([]int32, w)
	for j := 1; j < k; j++ {
		for s := range run {
			run[s] = downsetInf
		}
		top := min((j+1)*cn, n)
		for v := cn; v >= 0; v-- {
			row := f[v*w : (v+1)*w]
			for s, x := range row[:min(j*cn, n)+1] { // sums the previous step reaches
				run[s] = min(run[s], x)
			}
			for s := range v {
				row[s] = downsetInf
			}
			for s := v; s <= top; s++ {
				row[s] = min(inner[v]+run[s-v], downsetInf)
			}
			for s := top + 1; s < w; s++ {
				row[s] = downsetInf
			}
		}
	}
	h := make([]int32, w)
	for x := range h {
		best := int32(downsetInf)
		for v := 0; v <= cn; v++ {
			if fv := f[v*w+x]; fv < downsetInf {
				best = min(best, fv-c*int32(v))
			}
		}
		h[x] = best
	}
	return h
}

// compressionBound returns a lower bound on the bisection, bits per
// second per direction, by the compression argument above: the least
// over x of terminal rate × mismatch(x) + link rate × H(x); false as
// downsetCuts says.
func (s torusShape) compressionBound() (float64, bool) {
	h, ok := s.downsetCuts()
	if !ok {
		return 0, false
	}
	best := math.Inf(1)
	for x, hx := range h {
		best = min(best, s.termBPS*s.mismatch(x)+s.linkBPS*float64(hx))
	}
	return best, true
}

// downsetCuts returns H(0…N), links, over the dimensions from the
// longest down (the shortest cross-sections, so the smallest tables);
// false past downsetWork.
func (s torusShape) downsetCuts() ([]int32, bool) {
	return downsetCuts(longestFirst(s.dims), s.wrap)
}

// mismatch returns the fewest terminals on the other side from their
// router when x routers are on side A of a balanced split: |p·x − M/2|,
// against the nearer of ⌊M/2⌋ and ⌈M/2⌉.
func (s torusShape) mismatch(x int) float64 {
	on := float64(s.p * x)
	lo, hi := float64(s.terminals/2), float64((s.terminals+1)/2)
	return min(math.Abs(on-lo), math.Abs(on-hi))
}

// dimOrders returns the orders of the dimensions (indices into dims) the
// lexicographic cuts try: every permutation for up to four dimensions;
// else the sides from the longest down (the last of equals first) and
// its rotations.
func dimOrders(dims []int) [][]int {
	d := len(dims)
	if d <= 4 {
		var out [][]int
		perm := make([]int, d)
		used := make([]bool, d)
		var rec func(i int)
		rec = func(i int) {
			if i == d {
				out = append(out, append([]int(nil), perm...))
				return
			}
			for v := range d {
				if !used[v] {
					used[v], perm[i] = true, v
					rec(i + 1)
					used[v] = false
				}
			}
		}
		rec(0)
		return out
	}
	base := longestOrder(dims)
	out := make([][]int, d)
	for r := range d {
		out[r] = append(append([]int(nil), base[r:]...), base[:r]...)
	}
	return out
}

// lexCut returns the links leaving the first x routers in the
// lexicographic order of dims (the first dimension slowest): q whole
// slabs across the first dimension and, in slab q, the first r routers
// of its cross-section. A line along the first dimension then holds q
// or q + 1 of them; the other dimensions' lines are met partly only in
// slab q, as the cross-section's own first r routers meet them.
func lexCut(dims []int, wrap bool, x int) int {
	if len(dims) == 0 {
		return 0
	}
	k := dims[0]
	cn := 1
	for _, d := range dims[1:] {
		cn *= d
	}
	q, r := x/cn, x%cn
	partial := 0
	if q > 0 && q < k {
		partial += cn - r
	}
	if q+1 > 0 && q+1 < k {
		partial += r
	}
	return int(lineCut(k, wrap))*partial + lexCut(dims[1:], wrap, r)
}

// torusLexSplit returns side A of the cheapest lexicographic split of
// the torus: over every order dimOrders gives and every count x of
// routers, the least terminal rate × mismatch(x) + link rate ×
// lexCut; its routers' terminals, less those that must cross or with
// those of the next routers that must, so that side A holds ⌊M/2⌋
// terminals (the complement's when x is nearer ⌈M/2⌉). Terminals are
// the fabric's endpoints in router order, dimension 0 fastest
// (gen.BuildTorus).
func (m *model) torusLexSplit(s torusShape) []ir.NodeID {
	bestCost, bestOrder, bestX := math.Inf(1), []int(nil), 0
	for _, order := range dimOrders(s.dims) {
		dims := make([]int, len(order))
		for i, d := range order {
			dims[i] = s.dims[d]
		}
		for x := 0; x <= s.routers; x++ {
			cost := s.termBPS*s.mismatch(x) + s.linkBPS*float64(lexCut(dims, s.wrap, x))
			if cost < bestCost {
				bestCost, bestOrder, bestX = cost, order, x
			}
		}
	}
	stride := make([]int, len(s.dims))
	st := 1
	for i, k := range s.dims {
		stride[i] = st
		st *= k
	}
	// rank of router r in the order: its coordinates, the order's first
	// dimension most significant.
	rank := func(r int) int {
		v := 0
		for _, d := range bestOrder {
			v = v*s.dims[d] + r/stride[d]%s.dims[d]
		}
		return v
	}
	need := s.terminals / 2
	inS := func(r int) bool { return rank(r) < bestX }
	lo := float64(need)
	if math.Abs(float64(s.p*bestX)-lo) > s.mismatch(bestX) {
		// Nearer ⌈M/2⌉: side A is the complement, N − x routers.
		inS = func(r int) bool { return rank(r) >= bestX }
	}
	var out, rest []ir.NodeID
	for i, t := range m.terms {
		if inS(i / s.p) {
			out = append(out, t.node)
		} else {
			rest = append(rest, t.node)
		}
	}
	switch {
	case len(out) > need:
		out = out[:need]
	case len(out) < need:
		out = append(out, rest[:need-len(out)]...)
	}
	return out
}

// longestOrder returns the indices of dims from the longest side down,
// the last of equals first.
func longestOrder(dims []int) []int {
	order := make([]int, len(dims))
	for i := range order {
		order[i] = i
	}
	// By insertion: a torus has few dimensions.
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && (dims[order[j]] > dims[order[j-1]] || dims[order[j]] == dims[order[j-1]] && order[j] > order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}

// longestFirst returns dims' sides from the longest down.
func longestFirst(dims []int) []int {
	out := make([]int, len(dims))
	for i, d := range longestOrder(dims) {
		out[i] = dims[d]
	}
	return out
}
