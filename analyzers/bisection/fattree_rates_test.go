package bisection

import (
	"fmt"
	"math"
	"testing"

	"github.com/topoc/topoc/lang/units"
)

// TestFatTreeTierRatesSweep: a k-ary fat-tree whose host, edge–aggregation
// and aggregation–core links run at h, l and c has bisection
// (k³/8)·min(h, l, c): half the hosts, their edge switches' uplinks or
// half the core links, whichever is thinner (Al-Fares et al., SIGCOMM
// 2008, for one rate; the hose bound is met by one of the three cuts).
// Over k = 4, 6, 8 and every rate from 100G to 400G at each tier
// (issue 12: per-tier fat_tree rates had single-case tests only), the
// value is that and never a bounded interval.
func TestFatTreeTierRatesSweep(t *testing.T) {
	rates := []float64{100e9, 200e9, 400e9}
	for _, k := range []int{4, 6, 8} {
		for _, h := range rates {
			for _, l := range rates {
				for _, c := range rates {
					g := compileHCL(t, fmt.Sprintf(`
fabric "ft" {
  fat_tree {
    k         = %d
    host_rate = %q
    link_rate = %q
    core_rate = %q
  }
}`, k, units.Rate(h), units.Rate(l), units.Rate(c)))
					r := Compute(g, 0, Options{})
					want := float64(k*k*k/8) * math.Min(h, math.Min(l, c))
					if r.Method == MethodBounded || math.Abs(r.BandwidthBPS-want) > 1e-9*want {
						t.Errorf("k = %d, %s/%s/%s: bisection %s %s; want %s", k, units.Rate(h), units.Rate(l), units.Rate(c), r.Method, units.Rate(r.BandwidthBPS), units.Rate(want))
					}
				}
			}
		}
	}
}
