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
// candidates). The leaves reach the spines unevenly (2 links to half of
// them, 1 to the other half), so the proportional hose bound does not
// apply. Rebalanced, the traffic between two leaves of opposite striping
// crosses each spine over the lesser of their links to it, 8 × 400G for
// the 48 × 400G each leaf injects: θ = 3.2 ÷ 19.2 = 1/6, which meets the
// cut: exact.
func TestUnevenStripingCut(t *testing.T) {
	g := compileDir(t, "../../testdata/trust/roce-uneven-striping")
	r := Compute(g, fabricID(t, g, "backend"), Options{})
	if math.Abs(r.UpperBoundBPS-102.4e12) > 1 {
		t.Errorf("upper bound %s, want the 102.4Tb/s cut", units.Rate(r.UpperBoundBPS))
	}
	if r.Method != MethodExact || r.LowerBoundMethod != "hose_rebalanced" || r.LowerBoundBPS != r.UpperBoundBPS {
		t.Errorf("method %s, bounds %s–%s by %s: want exact, proven by the rebalanced hose bound", r.Method,
			units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), r.LowerBoundMethod)
	}
	if r.Gap == nil || *r.Gap != 1 {
		t.Errorf("gap %v, want 1", r.Gap)
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
	// The pods reach the super-spines unevenly (10 or 11 links each), so
	// the hose bound is rebalanced: each pod has 512 links up, and the
	// worst pair of pods meets over 496 of them (the lesser side at every
	// super-spine), so θ = 496/512 = 31/32.
	if r.LowerBoundMethod != "hose_rebalanced" || math.Abs(r.LowerBoundRatio-31.0/32) > 1e-9 {
		t.Errorf("lower bound ratio %.6f by %s, want 31/32 by hose_rebalanced", r.LowerBoundRatio, r.LowerBoundMethod)
	}
	// A non-blocking fabric whose pods divide evenly gets no note.
	h := compileDir(t, "../../examples/fat-tree-k8")
	if n := Compute(h, 0, Options{}).Note; n != "" {
		t.Errorf("fat-tree k=8: note %q, want none", n)
	}
}

// TestCustomDragonflyRouted: testdata/trust/custom-dragonfly, routers of
// one tier joined by local and global links. Congestion routes shortest
// paths there, so the routed bisection is "shortest_path", at most the
// graph's 400 Gb/s cut with no lower bound proven; up/down's layering,
// which leaves out links between switches of one tier, read 0.
func TestCustomDragonflyRouted(t *testing.T) {
	g := compileDir(t, "../../testdata/trust/custom-dragonfly")
	r := Compute(g, fabricID(t, g, "df"), Options{})
	if r.Method != MethodExact || math.Abs(r.UpperBoundBPS-400e9) > 1 || r.LowerBoundBPS != r.UpperBoundBPS {
		t.Errorf("graph: %s, %s–%s; want exact 400Gb/s", r.Method, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS))
	}
	rt := r.Routed
	if rt == nil || rt.Routing != "shortest_path" || rt.LowerBoundMethod != "none" || rt.LowerBoundBPS != 0 || rt.UpperBoundBPS != r.UpperBoundBPS {
		t.Fatalf("routed %+v, want shortest_path, none, 0 to the graph's 400Gb/s", rt)
	}
	var b strings.Builder
	WriteText(&b, &r)
	if !strings.Contains(b.String(), "routed   shortest path routing uses between 0b/s (no lower bound proven) and 400Gb/s") {
		t.Errorf("text:\n%s", b.String())
	}
}

// TestCustomDragonflyShortestPathBound: testdata/trust/custom-dragonfly-6x4x4
// (trial 58). The graph's lower bound is the uniform multicommodity-flow
// bound, whose routing takes shortest paths by hop count; with no link
// cost the routed (shortest-path) bisection has the same lower bound,
// and the whole-group cut of 9 × 200 Gb/s above.
func TestCustomDragonflyShortestPathBound(t *testing.T) {
	g := compileDir(t, "../../testdata/trust/custom-dragonfly-6x4x4")
	r := Compute(g, fabricID(t, g, "df"), Options{})
	if r.LowerBoundMethod != "uniform_multicommodity_flow" || r.LowerBoundBPS <= 0 || math.Abs(r.UpperBoundBPS-1.8e12) > 1 {
		t.Fatalf("graph: %s–%s by %s; want the uniform bound up to the 1.8Tb/s cut", units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), r.LowerBoundMethod)
	}
	rt := r.Routed
	if rt == nil || rt.Routing != "shortest_path" || rt.LowerBoundMethod != r.LowerBoundMethod || rt.LowerBoundBPS != r.LowerBoundBPS || rt.UpperBoundBPS != r.UpperBoundBPS {
		t.Errorf("routed %+v, want shortest_path with the graph's interval", rt)
	}
}
