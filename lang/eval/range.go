package eval

import (
	"fmt"
	"math"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// MaxRangeValues caps range(): 2^20 values, enough for the server or GPU
// indices of a 131,072-GPU design in one call. go-cty's own range stops
// at 1,024 values, which forced setproduct workarounds on large designs;
// this one keeps go-cty's semantics (below) and refuses a range past the
// cap before building it, so memory stays bounded (MaxValueSize guards
// what later expressions make of it).
const MaxRangeValues = 1 << 20

// boundedRange is go-cty's range with MaxRangeValues in place of its
// 1,024: range(end), range(start, end) and range(start, end, step), numbers
// from start up to (or down to) but not including end; without a step it
// is 1, or −1 when end is below start. A zero step, or one whose sign
// moves away from end, is an error, as in go-cty.
func boundedRange() function.Function {
	return function.New(&function.Spec{
		Description: fmt.Sprintf("Returns a list of numbers spread evenly over a range, at most %d of them.", MaxRangeValues),
		VarParam:    &function.Parameter{Name: "params", Type: cty.Number},
		Type:        function.StaticReturnType(cty.List(cty.Number)),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			var start, end, step cty.Value
			switch len(args) {
			case 1:
				start, end, step = cty.Zero, args[0], cty.NumberIntVal(1)
				if args[0].LessThan(cty.Zero).True() {
					step = cty.NumberIntVal(-1)
				}
			case 2:
				start, end, step = args[0], args[1], cty.NumberIntVal(1)
				if args[1].LessThan(args[0]).True() {
					step = cty.NumberIntVal(-1)
				}
			case 3:
				start, end, step = args[0], args[1], args[2]
			default:
				return cty.NilVal, fmt.Errorf("must have one, two, or three arguments")
			}
			if step.Equals(cty.Zero).True() {
				return cty.NilVal, function.NewArgErrorf(2, "step must not be zero")
			}
			down := step.LessThan(cty.Zero).True()
			if down && end.GreaterThan(start).True() {
				return cty.NilVal, function.NewArgErrorf(1, "end must be less than start when step is negative")
			}
			if !down && end.LessThan(start).True() {
				return cty.NilVal, function.NewArgErrorf(1, "end must be greater than start when step is positive")
			}
			s, _ := start.AsBigFloat().Float64()
			e, _ := end.AsBigFloat().Float64()
			st, _ := step.AsBigFloat().Float64()
			if n := math.Ceil((e - s) / st); n > MaxRangeValues {
				return cty.NilVal, fmt.Errorf("range would hold %.0f values, more than the %d allowed; use a larger step or a smaller span", n, MaxRangeValues)
			}
			var vals []cty.Value
			for num := start; ; num = num.Add(step) {
				if down && num.LessThanOrEqualTo(end).True() || !down && num.GreaterThanOrEqualTo(end).True() {
					break
				}
				vals = append(vals, num)
			}
			if len(vals) == 0 {
				return cty.ListValEmpty(cty.Number), nil
			}
			return cty.ListVal(vals), nil
		},
	})
}
