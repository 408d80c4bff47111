package bisection

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/lang/units"
)

// torusAdjacency returns each router's neighbours as a bit set, routers
// numbered with dimension 0 fastest, built from the coordinates alone
// (not from the generator): one link to the next router of every line,
// and round the ring where wrap is set and the side is at least 3.
func torusAdjacency(dims []int, wrap bool) []uint32 {
	n := prod(dims)
	adj := make([]uint32, n)
	stride := 1
	for _, k := range dims {
		for r := range n {
			c := r / stride % k
			var next int
			switch {
			case c+1 < k:
				next = r + stride
			case wrap && k > 2:
				next = r - c*stride
			default:
				continue
			}
			adj[r] |= 1 << next
			adj[next] |= 1 << r
		}
		stride *= k
	}
	return adj
}

// exactRouterCuts returns h(x), the fewest links leaving any x routers,
// for x = 0…N, by evaluating every subset of the routers.
func exactRouterCuts(adj []uint32) []int {
	n := len(adj)
	h := make([]int, n+1)
	for i := range h {
		h[i] = 1 << 30
	}
	for set := uint32(0); set < 1<<n; set++ {
		cut := 0
		for v, rest := 0, set; rest != 0; v++ {
			if rest&1 == 1 {
				cut += bits.OnesCount32(adj[v] &^ set)
			}
			rest >>= 1
		}
		x := bits.OnesCount32(set)
		h[x] = min(h[x], cut)
	}
	return h
}

// TestCompressionBoundBruteForce holds the compression bound H(x) under
// the fewest links leaving x routers, h(x), found by evaluating every
// set of routers of every torus and mesh of at most 18 routers and one
// to three dimensions (sides 2 to 9); it must meet h at every x, which
// it does on all of them (the dynamic programme's relaxation, cross-
// sections that need not nest, costs nothing on these). The cheapest
// lexicographic segment must meet h(⌊N/2⌋) too, and lexCut must count
// the links leaving each segment as the adjacency does.
func TestCompressionBoundBruteForce(t *testing.T) {
	var shapes [][]int
	for a := 2; a <= 9; a++ {
		shapes = append(shapes, []int{a})
		for b := 2; a*b <= 18; b++ {
			shapes = append(shapes, []int{a, b})
			for c := 2; a*b*c <= 18; c++ {
				shapes = append(shapes, []int{a, b, c})
			}
		}
	}
	cases := 0
	for _, dims := range shapes {
		for _, wrap := range []bool{true, false} {
			name := fmt.Sprintf("%v wrap=%v", dims, wrap)
			n := prod(dims)
			adj := torusAdjacency(dims, wrap)
			h := exactRouterCuts(adj)
			s := torusShape{dims: dims, wrap: wrap, p: 1, routers: n, terminals: n, linkBPS: 1, termBPS: 1}
			hb, ok := s.downsetCuts()
			if !ok {
				t.Fatalf("%s: no bound", name)
			}
			for x := range h {
				if int(hb[x]) != h[x] {
					t.Errorf("%s, %d routers: bound %d, exact %d", name, x, hb[x], h[x])
				}
			}
			best := 1 << 30
			for _, order := range dimOrders(dims) {
				od := make([]int, len(order))
				for i, d := range order {
					od[i] = dims[d]
				}
				for x := 0; x <= n; x++ {
					if got, want := lexCut(od, wrap, x), lexSetCut(adj, dims, order, x); got != want {
						t.Fatalf("%s order %v, %d routers: lexCut %d, adjacency %d", name, order, x, got, want)
					}
				}
				best = min(best, lexCut(od, wrap, n/2))
			}
			if best != h[n/2] {
				t.Errorf("%s: cheapest lexicographic half %d, exact %d", name, best, h[n/2])
			}
			cases++
		}
	}
	t.Logf("%d tori and meshes, every router set", cases)
}

// lexSetCut counts, on the adjacency, the links leaving the first x
// routers in the lexicographic order of dims' coordinates in order
// (its first dimension slowest).
func lexSetCut(adj []uint32, dims, order []int, x int) int {
	stride := make([]int, len(dims))
	st := 1
	for i, k := range dims {
		stride[i] = st
		st *= k
	}
	var set uint32
	for r := range adj {
		rank := 0
		for _, d := range order {
			rank = rank*dims[d] + r/stride[d]%dims[d]
		}
		if rank < x {
			set |= 1 << r
		}
	}
	cut := 0
	for r := range adj {
		if set>>r&1 == 1 {
			cut += bits.OnesCount32(adj[r] &^ set)
		}
	}
	return cut
}

// TestTorusAnalysisClosed runs the whole analysis on tori and meshes of
// 6 to 18 routers with 2 or 3 terminals each (past ExactEndpoints, so no
// enumeration closes them) and terminals faster than, as fast as and
// slower than the links. Every one must end closed at the exact
// bisection: the least over x routers on side A and ⌊M/2⌋ or ⌈M/2⌉
// terminals T of terminal rate × |p·x − T| + link rate × h(x), with
// h(x) by evaluating every set of routers (exactRouterCuts): a split
// with x routers on A cuts at least h(x) links between routers and
// |p·x − T| terminal links, and the best set of x routers with the
// terminals placed to match cuts exactly that.
func TestTorusAnalysisClosed(t *testing.T) {
	const link = 100e9
	var shapes [][]int
	for a := 3; a <= 9; a++ {
		for b := 2; a*b <= 18; b++ {
			shapes = append(shapes, []int{a, b})
			for c := 2; c <= b && a*b*c <= 18; c++ {
				shapes = append(shapes, []int{a, b, c})
			}
		}
	}
	cases, compression := 0, 0
	for _, dims := range shapes {
		for _, wrap := range []bool{true, false} {
			n := prod(dims)
			h := exactRouterCuts(torusAdjacency(dims, wrap))
			for _, p := range []int{2, 3} {
				for _, rate := range []float64{4, 1, 0.5} {
					name := fmt.Sprintf("%v wrap=%v p=%d terminals at %g× the link rate", dims, wrap, p, rate)
					m := n * p
					want := math.Inf(1)
					for x := 0; x <= n; x++ {
						for _, side := range []int{m / 2, (m + 1) / 2} {
							want = min(want, rate*link*math.Abs(float64(p*x-side))+link*float64(h[x]))
						}
					}
					g, fid := torusCase(t, gen.Torus{Dims: dims, Wrap: wrap, P: p, TerminalBPS: rate * link, LinkBPS: link})
					r := Compute(g, fid, Options{})
					if !meets(r.LowerBoundBPS, want) || !meets(want, r.UpperBoundBPS) || !meets(r.UpperBoundBPS, want) {
						t.Errorf("%s: [%s, %s] (%s, %s), want exactly %s", name, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), r.Method, r.LowerBoundMethod, units.Rate(want))
					}
					if r.LowerBoundMethod == "torus_compression" {
						compression++
					}
					cases++
				}
			}
		}
	}
	if compression == 0 {
		t.Errorf("no case closed by the compression bound")
	}
	t.Logf("%d tori and meshes closed, %d by the compression bound", cases, compression)
}

// TestTorusCompressionOverBudget: a torus whose compression programme
// would pass its budget (31 × 29 × 27, 24,273 routers) keeps an
// interval, and its lower_bound_note says why.
func TestTorusCompressionOverBudget(t *testing.T) {
	g, fid := torusCase(t, gen.Torus{Dims: []int{31, 29, 27}, Wrap: true, P: 1, TerminalBPS: 100e9, LinkBPS: 100e9})
	r := Compute(g, fid, Options{})
	if r.Method != MethodBounded || !strings.Contains(r.LowerBoundNote, "torus compression bound was not computed") {
		t.Errorf("31 × 29 × 27: %s (%s), note %q; want bounded with the budget named", r.Method, r.LowerBoundMethod, r.LowerBoundNote)
	}
}
