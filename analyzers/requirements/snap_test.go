package requirements

import (
	"math"
	"testing"
)

// nearFraction finds the fraction a float64 stands for, and none for a
// value that is not within a few units in the last place of one.
func TestNearFraction(t *testing.T) {
	for _, c := range []struct {
		x    float64
		p, q int64
		ok   bool
	}{
		{2.0 / 3, 2, 3, true}, {0.1 + 0.2, 3, 10, true}, {7.0 / 8, 7, 8, true},
		{0.5315797018348624, 37083, 69760, true}, // dragonfly-545's 74,166 links ÷ 139,520
		{1 - 1e-9, 0, 0, false}, {math.Pi, 0, 0, false}, {0, 0, 1, true}, {-2.0 / 3, -2, 3, true},
		{42, 42, 1, true}, {1e16, 0, 0, false},
	} {
		p, q, ok := nearFraction(c.x)
		if ok != c.ok || ok && (p != c.p || q != c.q) {
			t.Errorf("nearFraction(%v) = %d/%d %v, want %d/%d %v", c.x, p, q, ok, c.p, c.q, c.ok)
		}
	}
}
