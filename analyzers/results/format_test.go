package results

import "testing"

// TestFormatValue: report values read as check prints them: counts with
// separators, ratios at three decimals, rates in lang/units' style,
// oversubscription as N:1.
func TestFormatValue(t *testing.T) {
	for _, c := range []struct {
		path string
		v    any
		want string
	}{
		{"links", 1024.0, "1,024"},
		{"bisection.ratio", 0.875, "0.875"},
		{"capacity_bps", 1.6384e15, "1.6384Pb/s"},
		{"bisection.bandwidth_bps", 102.4e12, "102.4Tb/s"},
		{"x", nil, "—"},
		{"oversubscription.end_to_end", 3.0, "3:1"},
		{"oversubscription.tiers.leaf.ratio", 0.96875, "0.969:1"},
	} {
		if got := FormatValue(c.path, c.v); got != c.want {
			t.Errorf("FormatValue(%q, %v) = %q, want %q", c.path, c.v, got, c.want)
		}
	}
}
