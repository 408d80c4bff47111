package eval

import (
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// boundedSetProduct agrees with go-cty's setproduct below the cap and
// refuses a product past MaxValueSize without building it.
func TestBoundedSetProduct(t *testing.T) {
	small := []cty.Value{
		cty.ListVal([]cty.Value{cty.NumberIntVal(0), cty.NumberIntVal(1), cty.NumberIntVal(2)}),
		cty.SetVal([]cty.Value{cty.StringVal("x"), cty.StringVal("y")}),
	}
	got, err := boundedSetProduct().Call(small)
	want, err2 := stdlib.SetProductFunc.Call(small)
	if err != nil || err2 != nil || !got.RawEquals(want) || got.LengthInt() != 6 {
		t.Fatalf("setproduct = %#v, %v; want %#v, %v", got, err, want, err2)
	}
	big := make([]cty.Value, 1024)
	for i := range big {
		big[i] = cty.NumberIntVal(int64(i))
	}
	l := cty.ListVal(big)
	if _, err := boundedSetProduct().Call([]cty.Value{l, l, l}); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Fatalf("1024^3 product: err %v, want a refusal", err)
	}
}

// valueSize counts string bytes plus one per element, nested, and stops
// early past its limit.
func TestValueSize(t *testing.T) {
	v := cty.ObjectVal(map[string]cty.Value{"a": cty.StringVal("abcd"), "b": cty.ListVal([]cty.Value{cty.True, cty.False})})
	// object 1 + ("a": 1 + string 1+4) + ("b": 1 + list 1 + 2×(1+1))
	if got := valueSize(v, 100); got != 1+(1+5)+(1+1+2*(1+1)) {
		t.Errorf("valueSize = %d, want 13", got)
	}
	if got := valueSize(cty.StringVal(strings.Repeat("x", 1000)), 10); got <= 10 {
		t.Errorf("valueSize of 1000 bytes with limit 10 = %d, want > 10", got)
	}
}

// checkedRange gives what go-cty's range gives up to MaxRange values and
// past it says what to write instead (audit of issue 12: go-cty's own
// message named no way out).
func TestCheckedRange(t *testing.T) {
	n := func(xs ...int64) []cty.Value {
		var out []cty.Value
		for _, x := range xs {
			out = append(out, cty.NumberIntVal(x))
		}
		return out
	}
	for _, ok := range [][]cty.Value{n(1024), n(0, 2048, 2), n(5, -1019), n(3)} {
		got, err := checkedRange().Call(ok)
		want, _ := stdlib.RangeFunc.Call(ok)
		if err != nil || !got.RawEquals(want) {
			t.Errorf("range%v = %v, %v; want %v", ok, got.GoString(), err, want.GoString())
		}
	}
	for _, c := range []struct {
		args []cty.Value
		msg  string
	}{
		{n(2000), "range would give 2000 values"},
		{n(0, 3000, 2), "range would give 1500 values"},
		{n(10, -2000), "range would give 2010 values"},
	} {
		_, err := checkedRange().Call(c.args)
		if err == nil || !strings.Contains(err.Error(), c.msg) || !strings.Contains(err.Error(), "setproduct(range(1024)") {
			t.Errorf("range%v: error %v; want %q and the setproduct way out", c.args, err, c.msg)
		}
	}
}
