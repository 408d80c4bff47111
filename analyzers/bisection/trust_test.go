package bisection

import (
	"math"
	"strings"
	"testing"

	"github.com/topoc/topoc/lang/units"
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
		t.Errorf("upper bound %s, want the 102.4Tb/s cut", units.Rate(r.UpperBoundBPS))
	}
	if r.Method != MethodBounded || !(r.LowerBoundBPS > 0 && r.LowerBoundBPS <= r.UpperBoundBPS) {
		t.Errorf("method %s, bounds %s–%s: want a bounded interval with a positive lower bound", r.Method,
			units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS))
	}
	if r.Gap == nil || math.Abs(*r.Gap-r.UpperBoundBPS/r.LowerBoundBPS) > 1e-12 {
		t.Errorf("gap %v, want upper ÷ lower", r.Gap)
	}
	if math.Abs(r.UpperBoundRatio-102.4/614.4) > 1e-9 || r.Ratio != r.UpperBoundRatio {
		t.Errorf("ratio %v, upper ratio %v, want 1/6 for both", r.Ratio, r.UpperBoundRatio)
	}
}

// TestIndivisibleSplitNote: testdata/trust/clos-3tier-6pods, 1:1 at every
// tier, 6 pods, 48 super-spines of 64 links (10 or 11 per pod). The best
// cut is below full bisection and the result says why, naming the tier.
func TestIndivisibleSplitNote(t *testing.T) {
	g := compileDir(t, "../../testdata/trust/clos-3tier-6pods")
	r := Compute(g, 0, Options{})
	if r.UpperBoundRatio >= 1 || r.UpperBoundRatio < 0.95 {
		t.Errorf("upper bound ratio %.4f, want just below 1", r.UpperBoundRatio)
	}
	if !strings.Contains(r.Note, "each super_spine switch") || !strings.Contains(r.Note, "64 links down over 6 pods, 10 to 11 per pod") {
		t.Errorf("note %q, want the super_spine tier's 64 links over 6 pods", r.Note)
	}
	// A non-blocking fabric whose pods divide evenly gets no note.
	h := compileDir(t, "../../examples/fat-tree-k8")
	if n := Compute(h, 0, Options{}).Note; n != "" {
		t.Errorf("fat-tree k=8: note %q, want none", n)
	}
}
