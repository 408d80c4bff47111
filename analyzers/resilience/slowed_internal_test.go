package resilience

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/analyzers/congestion"
)

// A failure that leaves a workload's worst collective as it was but
// loads another one more slows the workload: trial 59 failed ten of 32
// spines, a third of the bisection, and read "unaffected" because one
// collective's ECMP hot spot of 4× stayed the worst. Each collective is
// compared with itself, congestion first, then time.
func TestSlowedByEachCollective(t *testing.T) {
	wl := func(cfA, cfB, tB float64) *congestion.Workload {
		return &congestion.Workload{Collectives: []congestion.Collective{
			{Name: "a2a", CongestionFactor: cfA, TimeS: 1},
			{Name: "ring", CongestionFactor: cfB, TimeS: tB},
		}}
	}
	for _, tc := range []struct {
		after *congestion.Workload
		want  string
	}{
		{wl(4, 1, 1e-3), ""},
		{wl(4, 1.5, 1.5e-3), `collective "ring": its busiest link carries 1.5× its capacity, was 1×`},
		{wl(4, 1, 2e-3), `collective "ring" takes 2ms, was 1ms`},
		{wl(3, 1, 1e-3), ""}, // less congested: not slowed
	} {
		got := slowedBy(wl(4, 1, 1e-3), tc.after)
		if got != tc.want || tc.want != "" && !strings.HasPrefix(got, "collective") {
			t.Errorf("after %+v: %q, want %q", tc.after.Collectives, got, tc.want)
		}
	}
}
