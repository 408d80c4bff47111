package bisection

import (
	"fmt"
	"math/bits"
	"testing"

	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/lang/units"
)

// TestHammingBoundaryLindsey checks hammingBoundary, Lindsey's least
// boundary of s routers of K_k^d, against every subset of K_3^2, K_4^2,
// K_3^3 (2^27 subsets is too many: its sizes are checked up to 6 by
// every subset of that size containing router 0) and K_5^2 sizes up to 5.
func TestHammingBoundaryLindsey(t *testing.T) {
	for _, c := range []struct{ k, d, maxS int }{{3, 2, 9}, {4, 2, 16}, {3, 3, 6}, {5, 2, 5}} {
		n := 1
		for range c.d {
			n *= c.k
		}
		adj := make([]uint64, n)
		for a := range n {
			for b := range n {
				diff, x, y := 0, a, b
				for range c.d {
					if x%c.k != y%c.k {
						diff++
					}
					x, y = x/c.k, y/c.k
				}
				if diff == 1 {
					adj[a] |= 1 << b
				}
			}
		}
		best := make([]int, n+1)
		for i := range best {
			best[i] = 1 << 30
		}
		// Subsets of at most maxS routers, containing router 0 (the
		// graph is vertex-transitive) unless empty.
		var walk func(set uint64, next, size int)
		walk = func(set uint64, next, size int) {
			cut := 0
			for v := range n {
				if set>>v&1 == 1 {
					cut += bits.OnesCount64(adj[v] &^ set)
				}
			}
			best[size] = min(best[size], cut)
			if size == c.maxS {
				return
			}
			for v := next; v < n; v++ {
				walk(set|1<<v, v+1, size+1)
			}
		}
		walk(1, 1, 1)
		for s := 1; s <= c.maxS; s++ {
			if got := hammingBoundary(c.k, c.d, s); got != best[s] {
				t.Errorf("K_%d^%d, %d routers: Lindsey boundary %d, least by enumeration %d", c.k, c.d, s, got, best[s])
			}
		}
	}
}

// TestOddTorusExact: odd k-ary d-cubes get their exact bisection, proven:
// router bisections 2(k^d − 1)/(k − 1) (5 × 5: 12 links, 7 × 7: 16,
// 9 × 9: 20, 3 × 3 × 3: 26) and, with p terminals at rate t against
// unit torus links, the least of cutting terminals (t·⌊pN/2⌋) and the
// router cut plus ⌊p/2⌋ terminals: exact values by a transfer-matrix
// enumeration of every split (an independent program; the torus
// research of this stop), e.g. 5 × 5 with p = 2 at t = 1: 13, with p = 8:
// 16, 3 × 3 with p = 1: 4 (the terminals are cheaper to cut than 8
// links). Mixed odd sides are closed by the compression bound
// (torus_downset.go): 3 × 5 takes 8 links, exact by enumeration here.
func TestOddTorusExact(t *testing.T) {
	const link = 100e9
	for _, c := range []struct {
		dims  []int
		p     int
		t     float64 // terminal rate ÷ link rate
		links float64 // exact bisection in link capacities
	}{
		{[]int{5, 5}, 1, 4, 12}, {[]int{7, 7}, 1, 4, 16}, {[]int{9, 9}, 1, 4, 20}, {[]int{3, 3, 3}, 1, 4, 26},
		{[]int{5, 5}, 1, 1, 12}, {[]int{5, 5}, 2, 1, 13}, {[]int{5, 5}, 4, 1, 14}, {[]int{5, 5}, 8, 1, 16},
		{[]int{5, 5}, 2, 2, 14}, {[]int{5, 5}, 4, 4, 20}, {[]int{7, 7}, 2, 1, 17}, {[]int{7, 7}, 8, 1, 20},
		{[]int{3, 3}, 1, 1, 4}, {[]int{3, 3}, 2, 1, 9}, {[]int{11, 11}, 1, 4, 24},
	} {
		name := fmt.Sprintf("%v p=%d t=%g", c.dims, c.p, c.t)
		g, fid := torusCase(t, gen.Torus{Dims: c.dims, Wrap: true, P: c.p, TerminalBPS: c.t * link, LinkBPS: link})
		r := Compute(g, fid, Options{})
		want := c.links * link
		if !meets(r.LowerBoundBPS, want) || !meets(want, r.UpperBoundBPS) || !meets(r.UpperBoundBPS, want) {
			t.Errorf("%s: [%s, %s] (%s, %s), want exactly %s", name, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), r.Method, r.LowerBoundMethod, units.Rate(want))
			continue
		}
		if r.Method != MethodAnalytic && r.Method != MethodExact {
			t.Errorf("%s: method %s, want analytic or exact", name, r.Method)
		}
	}
	g, fid := torusCase(t, gen.Torus{Dims: []int{5, 3}, Wrap: true, P: 1, TerminalBPS: 4 * link, LinkBPS: link})
	if r := Compute(g, fid, Options{}); !meets(r.UpperBoundBPS, 8*link) || !meets(r.LowerBoundBPS, 8*link) || r.LowerBoundMethod != "torus_compression" {
		t.Errorf("5 × 3: [%s, %s] (%s), want exactly 8 links by the compression bound", units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), r.LowerBoundMethod)
	}
}
