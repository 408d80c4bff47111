package lang

import "testing"

// CompleteOrder puts the dimensions an order leaves out where
// Megatron-Core's default "tp-cp-dp-pp" puts them: tp first, cp after
// tp, dp before pp, pp last.
func TestCompleteOrder(t *testing.T) {
	for in, want := range map[string]string{"tp-dp": "tp-cp-dp-pp", "dp": "tp-cp-dp-pp", "pp-dp": "tp-cp-pp-dp",
		"tp-cp-pp-dp": "tp-cp-pp-dp", "tp-ep-dp": "tp-cp-ep-dp-pp", "pp": "tp-cp-dp-pp", "cp-tp": "cp-tp-dp-pp"} {
		if got, _ := CompleteOrder(in); got != want {
			t.Errorf("CompleteOrder(%q) = %q, want %q", in, got, want)
		}
		if !isOrder(in) {
			t.Errorf("isOrder(%q) = false", in)
		}
	}
	for _, bad := range []string{"", "tp-tp", "xp", "tp-ep-cp-dp"} {
		if isOrder(bad) {
			t.Errorf("isOrder(%q) = true", bad)
		}
	}
}
