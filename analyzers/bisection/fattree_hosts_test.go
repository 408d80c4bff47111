package bisection

import (
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/lang/units"
)

// A k = 8 fat-tree of 400G switches whose edge down ports break out into
// two 200G lanes, with H hosts per edge switch: H = 8 fills every lane,
// k·(k/2)·H = 256 hosts at 200G over k/2 = 4 uplinks at 400G per edge,
// so 1:1 end to end and a bisection of k³/8 core links × 400G = 25.6
// Tb/s, half the injection (ratio 1, exact); H = 4 (the paper's k/2, on
// two broken-out ports) is 0.5:1 with ratio 1; H = 6, 0.75:1 (the
// oversubscription: analyzers/oversub's TestFatTreeBrokenOutHostsEndToEnd).
func TestFatTreeBrokenOutHosts(t *testing.T) {
	for _, c := range []struct {
		hpe      int
		bisectTb float64
	}{{8, 25.6}, {4, 12.8}, {6, 19.2}} {
		g := compiletest.Source(t, compiletest.BrokenOutFatTree(8, c.hpe))
		if n := len(g.Fabrics[0].Endpoints); n != 32*c.hpe {
			t.Fatalf("H = %d: %d hosts, want k·(k/2)·H = %d", c.hpe, n, 32*c.hpe)
		}
		r := Compute(g, 0, Options{})
		if want := c.bisectTb * 1e12; r.LowerBoundBPS != want || r.UpperBoundBPS != want || r.Ratio != 1 {
			t.Errorf("H = %d: bisection [%s, %s] ratio %v; want exactly %s, ratio 1", c.hpe, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), r.Ratio, units.Rate(want))
		}
	}
}
