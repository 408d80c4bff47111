package compiler

import (
	"testing"

	"github.com/topoc/topoc/lang/diag"
)

// A cable plan that reports an error says so once its media are chosen
// (Build.CablesFail), before its passes over the cages end, so that
// `topoc check` does not analyse a graph Finish then drops (trial 67: an
// 80 km link no medium reaches beside a SuperPOD took 3 s instead of
// 0.02 s); Finish gives no graph and the cable-reach error, and a plan
// without an error says so. The design is two zones joined by 80 km
// links (dciZones), with a cable model that reaches 120 km or without.
func TestCablesFailKnownEarly(t *testing.T) {
	for _, zr := range []bool{false, true} {
		cfg, diags := loadSource(t, dciZones(zr))
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		fail := !zr
		b := Start(cfg, Options{})
		if g, _ := b.Graph(); g == nil {
			t.Fatalf("ZR %v: no graph while the cables are planned", zr)
		}
		if got := b.CablesFail(); got != fail {
			t.Errorf("ZR %v: CablesFail %v, want %v", zr, got, fail)
		}
		g, d := b.Finish()
		if reach := len(withCode(d, diag.CableReach)); (g == nil) != fail || (reach > 0) != fail {
			t.Errorf("ZR %v: graph %v, %d cable-reach errors; want a graph %v", zr, g != nil, reach, !fail)
		}
	}
}
