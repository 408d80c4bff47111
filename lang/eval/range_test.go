package eval

import (
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"
)

// TestRange: go-cty's range semantics (direction from the arguments,
// fractional steps, an empty range) with the cap lifted from 1,024 to
// MaxRangeValues, refused before any value is built.
func TestRange(t *testing.T) {
	f := boundedRange()
	n := func(xs ...float64) []cty.Value {
		var out []cty.Value
		for _, x := range xs {
			out = append(out, cty.NumberFloatVal(x))
		}
		return out
	}
	for _, c := range []struct {
		args []cty.Value
		want []float64
	}{
		{n(3), []float64{0, 1, 2}},
		{n(-3), []float64{0, -1, -2}},
		{n(2, 5), []float64{2, 3, 4}},
		{n(5, 2), []float64{5, 4, 3}},
		{n(1, 2, 0.25), []float64{1, 1.25, 1.5, 1.75}},
		{n(0), nil},
	} {
		v, err := f.Call(c.args)
		if err != nil {
			t.Fatalf("range%v: %v", c.args, err)
		}
		if v.LengthInt() != len(c.want) {
			t.Fatalf("range%v: %d values, want %v", c.args, v.LengthInt(), c.want)
		}
		for i, x := range v.AsValueSlice() {
			if got, _ := x.AsBigFloat().Float64(); got != c.want[i] {
				t.Errorf("range%v[%d] = %g, want %g", c.args, i, got, c.want[i])
			}
		}
	}
	if v, err := f.Call(n(5000)); err != nil || v.LengthInt() != 5000 {
		t.Errorf("range(5000): %v, %v values; go-cty stopped at 1,024", err, v.LengthInt())
	}
	if _, err := f.Call(n(MaxRangeValues + 1)); err == nil || !strings.Contains(err.Error(), "more than the") {
		t.Errorf("range past the cap: %v", err)
	}
	for _, bad := range [][]cty.Value{n(0, 5, 0), n(0, 5, -1), n(5, 0, 1)} {
		if _, err := f.Call(bad); err == nil {
			t.Errorf("range%v: want an error", bad)
		}
	}
}
