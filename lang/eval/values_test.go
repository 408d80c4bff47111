package eval

import (
	"reflect"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/diag"
)

func testCtx() *hcl.EvalContext {
	return &hcl.EvalContext{
		Variables: map[string]cty.Value{
			"var": cty.ObjectVal(map[string]cty.Value{
				"rate":   cty.StringVal("400Gb/s"),
				"broken": cty.DynamicVal,
			}),
		},
		Functions: Functions(),
	}
}

func TestUnitHelpers(t *testing.T) {
	ctx := testCtx()
	ok := []struct {
		f    func(hcl.Expression, *hcl.EvalContext) (float64, hcl.Diagnostics)
		src  string
		want float64
	}{
		{Rate, `"400Gb/s"`, 400e9},
		{Rate, `var.rate`, 400e9},
		{Rate, `"${2 * 25}GB/s"`, 4e11},
		{Size, `"1GiB"`, 1073741824},
		{Length, `"2km"`, 2000},
	}
	for _, c := range ok {
		got, diags := c.f(expr(t, c.src), ctx)
		noDiags(t, diags)
		if got != c.want {
			t.Errorf("%s = %v, want %v", c.src, got, c.want)
		}
	}
	bad := []struct {
		f      func(hcl.Expression, *hcl.EvalContext) (float64, hcl.Diagnostics)
		src    string
		code   diag.Code
		detail string
	}{
		{Rate, `400`, diag.InvalidUnit, "bare number"},
		{Rate, `"400G"`, diag.InvalidUnit, `did you mean "400Gb/s"`},
		{Rate, `true`, diag.InvalidValue, "not a bool"},
		{Rate, `var.rat`, diag.UnknownReference, `Did you mean "rate"?`},
		{Rate, `var.broken`, diag.InvalidValue, "error reported above"},
		{Rate, `null`, diag.InvalidValue, "null"},
		{Size, `141`, diag.InvalidUnit, "bare number"},
		{Length, `"3 meters"`, diag.InvalidUnit, `did you mean "3m"`},
	}
	for _, c := range bad {
		_, diags := c.f(expr(t, c.src), ctx)
		d := wantOne(t, diags, c.code, c.detail)
		if d.Subject == nil || d.Subject.Filename != "expr.hcl" {
			t.Errorf("%s: subject %v, want the expression's range", c.src, d.Subject)
		}
	}
}

func TestInt(t *testing.T) {
	ctx := testCtx()
	for src, want := range map[string]int64{"4": 4, "-3": -3, "2 * 8": 16, "2147483647": 1<<31 - 1, "-2147483647": -(1<<31 - 1), "length([1,2])": 2} {
		got, diags := Int(expr(t, src), ctx)
		noDiags(t, diags)
		if got != want {
			t.Errorf("Int(%s) = %d, want %d", src, got, want)
		}
	}
	for src, detail := range map[string]string{
		"2.5":        "fractional",
		"2147483648": "beyond ±2147483647",
		"4294967297": "beyond ±2147483647",
		"2 + 1e-40":  "2.0000000000000000000000000000000000000001 has a fractional part",
		`"4"`:        "string",
		"[1]":        "tuple",
	} {
		_, diags := Int(expr(t, src), ctx)
		wantOne(t, diags, diag.InvalidValue, detail)
	}
}

func TestScalarsAndLists(t *testing.T) {
	ctx := testCtx()
	s, diags := String(expr(t, `"pod${1}"`), ctx)
	noDiags(t, diags)
	if s != "pod1" {
		t.Errorf("String = %q", s)
	}
	if s, _ := String(expr(t, `7`), ctx); s != "7" {
		t.Errorf("String(7) = %q", s)
	}
	_, diags = String(expr(t, `[1]`), ctx)
	wantOne(t, diags, diag.InvalidValue)

	b, diags := Bool(expr(t, `1 < 2`), ctx)
	noDiags(t, diags)
	if !b {
		t.Error("Bool(1 < 2) = false")
	}
	_, diags = Bool(expr(t, `3`), ctx)
	wantOne(t, diags, diag.InvalidValue)

	ints, diags := IntList(expr(t, `range(2, 5)`), ctx)
	noDiags(t, diags)
	if !reflect.DeepEqual(ints, []int64{2, 3, 4}) {
		t.Errorf("IntList = %v", ints)
	}
	ints, diags = IntList(expr(t, `toset([3, 1])`), ctx)
	noDiags(t, diags)
	if !reflect.DeepEqual(ints, []int64{1, 3}) {
		t.Errorf("IntList(set) = %v", ints)
	}
	_, diags = IntList(expr(t, `[1, 2.5]`), ctx)
	wantOne(t, diags, diag.InvalidValue, "Element 1")
	_, diags = IntList(expr(t, `[1, null]`), ctx)
	wantOne(t, diags, diag.InvalidValue, "null")
	_, diags = IntList(expr(t, `4`), ctx)
	wantOne(t, diags, diag.InvalidValue, "list")

	strs, diags := StringList(expr(t, `["a", 1, true]`), ctx)
	noDiags(t, diags)
	if !reflect.DeepEqual(strs, []string{"a", "1", "true"}) {
		t.Errorf("StringList = %v", strs)
	}
	_, diags = StringList(expr(t, `["a", ["b"]]`), ctx)
	wantOne(t, diags, diag.InvalidValue, "Element 1")
}
