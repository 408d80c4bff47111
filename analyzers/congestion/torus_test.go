package congestion

import (
	"fmt"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
)

// The torus ring order is a Hamiltonian path of the grid: over every
// shape of up to three sides of 2 to 5, the Gray code places each router
// once and each step changes one coordinate by one; where some side is
// even its last router neighbours its first through the wrap-around
// link of the slowest dimension.
func TestTorusGrayCode(t *testing.T) {
	for _, dims := range [][]int{{2}, {5}, {2, 2}, {3, 3}, {4, 3}, {3, 4}, {5, 2}, {2, 3, 4}, {3, 3, 3}, {5, 4, 3}, {3, 5, 5}, {4, 4, 4}} {
		order := grayDigits(dims)
		n := 1
		for _, k := range dims {
			n *= k
		}
		at := make([][]int, n) // the coordinates at each place
		coord := make([]int, len(dims))
		for r := range n {
			x := r
			for d, k := range dims {
				coord[d] = x % k
				x /= k
			}
			p := grayPos(coord, dims, order)
			if p < 0 || p >= int64(n) || at[p] != nil {
				t.Fatalf("%v: %v at place %d, taken or out of range", dims, coord, p)
			}
			at[p] = append([]int(nil), coord...)
		}
		step := func(a, b []int, wrap bool) bool {
			moved := 0
			for d := range a {
				switch diff := a[d] - b[d]; {
				case diff == 0:
				case diff == 1 || diff == -1 || wrap && (diff == dims[d]-1 || diff == 1-dims[d]):
					moved++
				default:
					return false
				}
			}
			return moved == 1
		}
		for p := 1; p < n; p++ {
			if !step(at[p-1], at[p], false) {
				t.Errorf("%v: place %d %v to %d %v is no step to a neighbour", dims, p-1, at[p-1], p, at[p])
			}
		}
		even := false
		for _, k := range dims {
			even = even || k%2 == 0
		}
		if even && n > 2 && !step(at[n-1], at[0], true) {
			t.Errorf("%v: the last router %v does not neighbour the first %v", dims, at[n-1], at[0])
		}
	}
}

// A ring AllReduce over the terminals of a torus or a mesh follows the
// routers' snake, each step to a neighbour: no link direction carries
// two of the ring's flows (congestion 1, every terminal at its link's
// rate), where rank order loaded the links of each row change twice
// (2 on a 4 × 4 torus, 3 on a 4 × 4 mesh: audit of issue 12).
func TestTorusRingFollowsLinks(t *testing.T) {
	for _, c := range []struct {
		dims string
		wrap bool
		p    int
	}{{"[4, 4]", true, 1}, {"[4, 4, 4]", true, 1}, {"[3, 4]", true, 1}, {"[4, 4]", false, 1}, {"[4, 4]", true, 2}, {"[6, 5]", false, 1}} {
		g := compiletest.Source(t, fmt.Sprintf(`
fabric "ici" {
  torus {
    dims      = %s
    wrap      = %v
    p         = %d
    link_rate = "400Gb/s"
  }
}
workload "job" {
  gpus = fabric.ici.endpoints
  collective "grads" {
    op    = "allreduce"
    size  = "1GB"
    group = "data"
  }
}
`, c.dims, c.wrap, c.p))
		res := Analyze(g, nil)
		col := res.Workloads[0].Collectives[0]
		if col.CongestionFactor != 1 {
			t.Errorf("dims %s, wrap %v, p %d: ring congestion %g, want 1 (hot: %+v)", c.dims, c.wrap, c.p, col.CongestionFactor, col.HotLinks[0])
		}
	}
}
