package bisection

import (
	"math"
	"testing"
)

// TestUnevenStripingCut: examples/roce-leaf-spine-2plane with down = 52,
// up = 12 (testdata/trust/roce-uneven-striping). The cut "even racks +
// spines 0–3 | odd racks + spines 4–7" crosses 2 planes × 16 leaves × (4
// + 4) links of 400G = 102.4 Tb/s; the search must find it (the totals
// suggest 140.8 Tb/s, which topoc reported before the spine-affinity
// candidates), and the lower bound must stay below it.
func TestUnevenStripingCut(t *testing.T) {
	g := compileDir(t, "../../testdata/trust/roce-uneven-striping")
	r := Compute(g, fabricID(t, g, "backend"), Options{})
	if math.Abs(r.UpperBoundBPS-102.4e12) > 1 {
		t.Errorf("upper bound %s, want the 102.4Tb/s cut", rateText(r.UpperBoundBPS))
	}
	if r.Method != MethodBounded || !(r.LowerBoundBPS > 0 && r.LowerBoundBPS <= r.UpperBoundBPS) {
		t.Errorf("method %s, bounds %s–%s: want a bounded interval with a positive lower bound", r.Method,
			rateText(r.LowerBoundBPS), rateText(r.UpperBoundBPS))
	}
	if r.Gap == nil || math.Abs(*r.Gap-r.UpperBoundBPS/r.LowerBoundBPS) > 1e-12 {
		t.Errorf("gap %v, want upper ÷ lower", r.Gap)
	}
	if math.Abs(r.UpperBoundRatio-102.4/614.4) > 1e-9 || r.Ratio != r.UpperBoundRatio {
		t.Errorf("ratio %v, upper ratio %v, want 1/6 for both", r.Ratio, r.UpperBoundRatio)
	}
}
