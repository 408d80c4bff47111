package bisection

import (
	"math"
	"strings"
	"testing"
)

// Four DGX H100 (8 × 400G) and four DGX A100 (8 × 200G) on two leaves
// with as much up as down: the least balanced cut puts the A100s on one
// side and carries their 6.4 Tb/s, 2/3 of half the 19.2 Tb/s injection,
// as the ratio's definition reads it; the note says why, and that the
// hose bound (θ = 1) proves every split carries its smaller side's
// injection (trial finding: "non-blocking" failed ratio >= 1 with no
// word). The same fabric of H100s alone is 1, with no note.
func TestMixedRateNote(t *testing.T) {
	design := func(second string) string {
		return `
node_group "h" {
  model = "DGX-H100"
  count = 4
}
node_group "a" {
  model = "` + second + `"
  count = 4
}
fabric "f" {
  clos {
    endpoints = [node_group.h.nics.compute, node_group.a.nics.compute]
    tier "leaf" {
      model = "QM9700"
      count = 2
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
    }
  }
}
`
	}
	g := compileHCL(t, design("DGX-A100"))
	r := Compute(g, fabricID(t, g, "f"), Options{})
	if math.Abs(r.LowerBoundBPS-6.4e12) > 1 || math.Abs(r.UpperBoundBPS-6.4e12) > 1 || math.Abs(r.Ratio-2.0/3) > 1e-9 {
		t.Errorf("bisection %g–%g b/s, ratio %g; want exactly 6.4 Tb/s, 2/3", r.LowerBoundBPS, r.UpperBoundBPS, r.Ratio)
	}
	if !strings.Contains(r.Note, "from 200Gb/s to 400Gb/s") || !strings.Contains(r.Note, "θ = 1") || r.indivisible {
		t.Errorf("note %q (indivisible %v); want the mixed-rate note", r.Note, r.indivisible)
	}
	g = compileHCL(t, design("DGX-H100"))
	if r := Compute(g, fabricID(t, g, "f"), Options{}); math.Abs(r.Ratio-1) > 1e-9 || r.Note != "" {
		t.Errorf("H100 only: ratio %g, note %q; want 1 and none", r.Ratio, r.Note)
	}
}
