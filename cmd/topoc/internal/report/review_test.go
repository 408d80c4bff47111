package report

import "testing"

// The review's summary table prints a bounded bisection with its ends
// rounded outward, as check's text and the requirements table do (trial
// finding: the table said 0.307–0.595 where the requirement said
// 0.306–0.596 of the same interval).
func TestSummaryCellRoundsOutward(t *testing.T) {
	flat := map[string]any{
		"bisection.ratio": 0.59551, "bisection.lower_bound_ratio": 0.30649, "bisection.upper_bound_ratio": 0.59551,
		"bisection.bandwidth_bps": 4.4e12, "bisection.lower_bound_bps": 3.3e12, "bisection.upper_bound_bps": nil,
	}
	if got := summaryCell(flat, "bisection.ratio"); got != "0.306–0.596" {
		t.Errorf("ratio cell %q, want 0.306–0.596", got)
	}
	if got := summaryCell(flat, "bisection.bandwidth_bps"); got != "at least 3.3Tb/s" {
		t.Errorf("bandwidth cell %q, want at least 3.3Tb/s", got)
	}
}
