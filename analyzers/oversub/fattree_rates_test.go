package oversub_test

import (
	"fmt"
	"math"
	"testing"

	unit "github.com/topoc/topoc/lang/units"
)

// TestFatTreeTierRatesSweep: in a k-ary fat-tree whose host,
// edge–aggregation and aggregation–core links run at h, l and c, an edge
// switch tapers h:l (k/2 hosts down, k/2 uplinks), an aggregation switch
// l:c, and a pod, whose k²/4 hosts leave it over k²/4 core links, h:c;
// end to end is the worse of edge and pod, h ÷ min(l, c). Over k = 4, 6,
// 8 and every rate from 100G to 400G at each tier (issue 12: per-tier
// fat_tree rates had single-case tests only).
func TestFatTreeTierRatesSweep(t *testing.T) {
	rates := []float64{100e9, 200e9, 400e9}
	for _, k := range []int{4, 6, 8} {
		for _, h := range rates {
			for _, l := range rates {
				for _, c := range rates {
					f := fabric(t, loadSource(t, fmt.Sprintf(`
fabric "ft" {
  fat_tree {
    k         = %d
    host_rate = %q
    link_rate = %q
    core_rate = %q
  }
}`, k, unit.Rate(h), unit.Rate(l), unit.Rate(c))), "ft")
					what := fmt.Sprintf("k = %d, %s/%s/%s", k, unit.Rate(h), unit.Rate(l), unit.Rate(c))
					if len(f.Tiers) < 2 || !near(f.Tiers[0].Ratio, h/l) || !near(f.Tiers[1].Ratio, l/c) {
						t.Errorf("%s: tiers %+v; want edge %g, aggregation %g", what, f.Tiers, h/l, l/c)
					}
					if want := h / math.Min(l, c); f.EndToEnd == nil || !near(*f.EndToEnd, want) {
						t.Errorf("%s: end to end %v; want %g", what, f.EndToEnd, want)
					}
				}
			}
		}
	}
}
