package eval

import (
	"fmt"
	"math"
	"math/big"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// MaxInt is the largest magnitude Int and IntList accept: 2^31-1, so
// that every whole number of a design fits the 32-bit fields the IR keeps
// ports, radixes, racks and indices in. Narrowed unchecked, a radix of
// 4,294,967,297 became 1 and one of 2,147,483,648 a negative port count.
// No count, radix or index of a real fabric comes near it; rates, sizes
// and lengths are not whole numbers and have their own units.
const MaxInt = 1<<31 - 1

// value evaluates expr in ctx for a helper that wants a "what" (for
// messages). It checks references first, and rejects null values and
// values that are unknown because they depend on an earlier error.
func value(expr hcl.Expression, ctx *hcl.EvalContext, what string) (cty.Value, hcl.Diagnostics) {
	if diags := CheckReferences(expr, ctx); diags.HasErrors() {
		return cty.NilVal, diags
	}
	return checkedValue(expr, ctx, what)
}

// checkedValue is value for an expression whose references are already
// checked (CheckReferences) in a scope of the same names.
func checkedValue(expr hcl.Expression, ctx *hcl.EvalContext, what string) (cty.Value, hcl.Diagnostics) {
	v, diags := expr.Value(ctx)
	diags = evalDiags(diags)
	if diags.HasErrors() {
		return cty.NilVal, diags
	}
	// A primitive value holds no marks inside it, and Unmark does not
	// walk it as UnmarkDeep does (a server name template is evaluated
	// once per server: 16,384 times in examples/rail-optimized-131k).
	if v.Type().IsPrimitiveType() {
		v, _ = v.Unmark()
	} else {
		v, _ = v.UnmarkDeep()
	}
	if !v.IsWhollyKnown() {
		return cty.NilVal, append(diags, diag.Error(diag.InvalidValue, expr.Range(),
			"Value depends on an earlier error",
			fmt.Sprintf("This %s cannot be computed because it uses a variable or local value that has an error reported above; fix that error first.", what)))
	}
	if v.IsNull() {
		return cty.NilVal, append(diags, diag.Error(diag.InvalidValue, expr.Range(),
			"Missing value", fmt.Sprintf("The value is null; a %s is required here.", what)))
	}
	return v, diags
}

// unitValue evaluates expr to a unit literal of kind q and parses it.
func unitValue(q *units.Literal, expr hcl.Expression, ctx *hcl.EvalContext) (float64, hcl.Diagnostics) {
	v, diags := value(expr, ctx, q.Noun())
	if diags.HasErrors() {
		return 0, diags
	}
	rng := expr.Range()
	switch v.Type() {
	case cty.String:
	case cty.Number:
		return 0, append(diags, diag.Error(diag.InvalidUnit, rng, fmt.Sprintf("A %s needs a unit", q.Noun()),
			fmt.Sprintf("%s is a bare number; write the %s as a string with a unit, e.g. %s. Accepted units: %s.",
				v.AsBigFloat().Text('g', 10), q.Noun(), q.Examples(), q.Forms())))
	default:
		return 0, append(diags, diag.Error(diag.InvalidValue, rng, fmt.Sprintf("Invalid %s", q.Noun()),
			fmt.Sprintf("A %s is a string such as %s, not a %s.", q.Noun(), q.Examples(), v.Type().FriendlyName())))
	}
	f, err := q.Parse(v.AsString())
	if err != nil {
		return 0, append(diags, diag.Error(diag.InvalidUnit, rng, fmt.Sprintf("Invalid %s", q.Noun()), err.Error()))
	}
	return f, diags
}

// Rate evaluates expr, which must be a string rate literal ("400Gb/s"), and
// returns bits per second per direction (see units.ParseRate). A malformed
// literal or a bare number is a diag.InvalidUnit at expr's range.
func Rate(expr hcl.Expression, ctx *hcl.EvalContext) (float64, hcl.Diagnostics) {
	return unitValue(units.RateLiteral, expr, ctx)
}

// Size evaluates expr, which must be a string size literal ("141GB"), and
// returns bytes (see units.ParseSize). Errors are as for Rate.
func Size(expr hcl.Expression, ctx *hcl.EvalContext) (float64, hcl.Diagnostics) {
	return unitValue(units.SizeLiteral, expr, ctx)
}

// Length evaluates expr, which must be a string length literal ("3m"), and
// returns metres (see units.ParseLength). Errors are as for Rate.
func Length(expr hcl.Expression, ctx *hcl.EvalContext) (float64, hcl.Diagnostics) {
	return unitValue(units.LengthLiteral, expr, ctx)
}

// Power evaluates expr, which must be a string power literal ("15W",
// "10.2kW"), and returns watts (see units.ParsePower). Errors are as for
// Rate.
func Power(expr hcl.Expression, ctx *hcl.EvalContext) (float64, hcl.Diagnostics) {
	return unitValue(units.PowerLiteral, expr, ctx)
}

// Compute evaluates expr, which must be a string compute-throughput
// literal ("989TFLOP/s"), and returns FLOP/s (see units.ParseCompute).
// Errors are as for Rate.
func Compute(expr hcl.Expression, ctx *hcl.EvalContext) (float64, hcl.Diagnostics) {
	return unitValue(units.ComputeLiteral, expr, ctx)
}

// wholeNumber returns v as an int64 when it is a whole number of
// magnitude at most MaxInt, else a reason.
func wholeNumber(v cty.Value) (int64, string) {
	if v.IsNull() {
		return 0, "it is null"
	}
	if v.Type() != cty.Number {
		return 0, fmt.Sprintf("it is a %s", v.Type().FriendlyName())
	}
	bf := v.AsBigFloat()
	if bf.IsInf() {
		return 0, "it is infinite"
	}
	if !bf.IsInt() {
		return 0, fmt.Sprintf("%s has a fractional part", numberText(bf))
	}
	if new(big.Float).Abs(bf).Cmp(big.NewFloat(MaxInt)) > 0 {
		return 0, fmt.Sprintf("%s is beyond ±%d, the largest whole number a design may use", bf.Text('g', 10), MaxInt)
	}
	n, _ := bf.Int64()
	return n, ""
}

// Int evaluates expr to a whole number of magnitude at most MaxInt (2^53).
// Strings are not converted. A wrong type, a fraction or a value out of
// range is a diag.InvalidValue at expr's range.
func Int(expr hcl.Expression, ctx *hcl.EvalContext) (int64, hcl.Diagnostics) {
	v, diags := value(expr, ctx, "whole number")
	if diags.HasErrors() {
		return 0, diags
	}
	n, reason := wholeNumber(v)
	if reason != "" {
		return 0, append(diags, diag.Error(diag.InvalidValue, expr.Range(), "Whole number expected",
			fmt.Sprintf("A whole number such as 4 is required here, but %s.", reason)))
	}
	return n, diags
}

// String evaluates expr to a string. Numbers and bools are converted to
// their text as HCL does; anything else is a diag.InvalidValue at expr's
// range.
func String(expr hcl.Expression, ctx *hcl.EvalContext) (string, hcl.Diagnostics) {
	return stringOf(expr, ctx, value)
}

// StringChecked is String for an expression whose references the caller
// has checked (CheckReferences) in a context of the same variable names
// and object shapes as ctx: a name template evaluated once per count.index,
// where checking each of 16,384 evaluations again would cost a fifth of
// the load (docs/performance.md).
func StringChecked(expr hcl.Expression, ctx *hcl.EvalContext) (string, hcl.Diagnostics) {
	return stringOf(expr, ctx, checkedValue)
}

// stringOf evaluates expr to a string with get (value or checkedValue).
func stringOf(expr hcl.Expression, ctx *hcl.EvalContext, get func(hcl.Expression, *hcl.EvalContext, string) (cty.Value, hcl.Diagnostics)) (string, hcl.Diagnostics) {
	v, diags := get(expr, ctx, "string")
	if diags.HasErrors() {
		return "", diags
	}
	s, err := convert.Convert(v, cty.String)
	if err != nil {
		return "", append(diags, diag.Error(diag.InvalidValue, expr.Range(), "String expected",
			fmt.Sprintf("A string is required here, not a %s.", v.Type().FriendlyName())))
	}
	return s.AsString(), diags
}

// Bool evaluates expr to a bool. The strings "true" and "false" are
// converted as HCL does; anything else is a diag.InvalidValue at expr's
// range.
func Bool(expr hcl.Expression, ctx *hcl.EvalContext) (bool, hcl.Diagnostics) {
	v, diags := value(expr, ctx, "bool")
	if diags.HasErrors() {
		return false, diags
	}
	b, err := convert.Convert(v, cty.Bool)
	if err != nil {
		return false, append(diags, diag.Error(diag.InvalidValue, expr.Range(), "Bool expected",
			fmt.Sprintf("true or false is required here, not a %s.", v.Type().FriendlyName())))
	}
	return b.True(), diags
}

// elements returns the elements of a list, tuple or set value, in order
// (sets in cty's canonical order), or a diagnostic.
func elements(v cty.Value, expr hcl.Expression, what string) ([]cty.Value, *hcl.Diagnostic) {
	ty := v.Type()
	if !ty.IsListType() && !ty.IsTupleType() && !ty.IsSetType() {
		return nil, diag.Error(diag.InvalidValue, expr.Range(), "List expected",
			fmt.Sprintf("A list of %s such as [1, 2] is required here, not a %s.", what, ty.FriendlyName()))
	}
	return v.AsValueSlice(), nil
}

// IntList evaluates expr, a list, tuple or set, to whole numbers each of
// magnitude at most MaxInt. Errors are diag.InvalidValue at expr's range
// and name the offending element.
func IntList(expr hcl.Expression, ctx *hcl.EvalContext) ([]int64, hcl.Diagnostics) {
	v, diags := value(expr, ctx, "list of whole numbers")
	if diags.HasErrors() {
		return nil, diags
	}
	elems, d := elements(v, expr, "whole numbers")
	if d != nil {
		return nil, append(diags, d)
	}
	out := make([]int64, len(elems))
	for i, e := range elems {
		n, reason := wholeNumber(e)
		if reason != "" {
			return nil, append(diags, diag.Error(diag.InvalidValue, expr.Range(), "Whole number expected",
				fmt.Sprintf("Element %d of the list must be a whole number, but %s.", i, reason)))
		}
		out[i] = n
	}
	return out, diags
}

// StringList evaluates expr, a list, tuple or set, to strings; numbers and
// bools are converted as by String. Errors are diag.InvalidValue at expr's
// range and name the offending element.
func StringList(expr hcl.Expression, ctx *hcl.EvalContext) ([]string, hcl.Diagnostics) {
	v, diags := value(expr, ctx, "list of strings")
	if diags.HasErrors() {
		return nil, diags
	}
	elems, d := elements(v, expr, "strings")
	if d != nil {
		return nil, append(diags, d)
	}
	out := make([]string, len(elems))
	for i, e := range elems {
		s, err := convert.Convert(e, cty.String)
		if err != nil || s.IsNull() {
			return nil, append(diags, diag.Error(diag.InvalidValue, expr.Range(), "String expected",
				fmt.Sprintf("Element %d of the list must be a string, not a %s.", i, e.Type().FriendlyName())))
		}
		out[i] = s.AsString()
	}
	return out, diags
}

// numberText writes a number for a message exactly, cut to 48
// characters with an ellipsis (2 + 1e-40 shows as 2.0000…, not "2").
func numberText(bf *big.Float) string {
	t := bf.Text('g', -1)
	if len(t) > 48 {
		t = t[:48] + "…"
	}
	return t
}

// Number evaluates expr to a finite number (a weight, a probability).
// Strings are not converted. A wrong type or an infinite value is a
// diag.InvalidValue at expr's range.
func Number(expr hcl.Expression, ctx *hcl.EvalContext) (float64, hcl.Diagnostics) {
	v, diags := value(expr, ctx, "number")
	if diags.HasErrors() {
		return 0, diags
	}
	if v.Type() != cty.Number {
		return 0, append(diags, diag.Error(diag.InvalidValue, expr.Range(), "Number expected",
			fmt.Sprintf("A number such as 0.5 is required here, not a %s.", v.Type().FriendlyName())))
	}
	f, _ := v.AsBigFloat().Float64()
	if math.IsInf(f, 0) {
		return 0, append(diags, diag.Error(diag.InvalidValue, expr.Range(), "Number expected",
			"A finite number is required here."))
	}
	return f, diags
}

// Value evaluates expr to a wholly known, non-null value of any type,
// with the checks and diagnostics every typed reader here applies
// (undeclared references, errors of earlier values, null); what names
// the value expected, for the messages ("list of devices").
func Value(expr hcl.Expression, ctx *hcl.EvalContext, what string) (cty.Value, hcl.Diagnostics) {
	return value(expr, ctx, what)
}
