package eval

import (
	"fmt"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// boundedSetProduct is go-cty's setproduct, refused when the product would
// hold more than MaxValueSize elements. range() is capped at 1,024 values
// by go-cty, but setproduct(range(1024), range(1024), range(1024)) asks
// for 10^9 tuples, which exhausts memory before any later cap can look at
// the result.
func boundedSetProduct() function.Function {
	inner := stdlib.SetProductFunc
	return function.New(&function.Spec{
		Description: "Calculates the Cartesian product of the given collections, up to " + fmt.Sprint(MaxValueSize) + " elements.",
		Params:      inner.Params(),
		VarParam:    inner.VarParam(),
		Type: func(args []cty.Value) (cty.Type, error) {
			return inner.ReturnTypeForValues(args)
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			n := 1
			for _, a := range args {
				if !a.IsKnown() || a.IsNull() || !a.CanIterateElements() {
					break // setproduct itself reports these
				}
				if n *= a.LengthInt(); n > MaxValueSize {
					return cty.NilVal, fmt.Errorf("the product has more than %d elements; use smaller collections", MaxValueSize)
				}
				if n == 0 {
					break
				}
			}
			return inner.Call(args)
		},
	})
}

// checkedRange is go-cty's range with a zero step refused by name:
// go-cty counts a zero step toward its 1,024-value cap and reports "more
// than 1024 values were generated", which sends the reader looking for a
// large range.
func checkedRange() function.Function {
	return bounded(stdlib.RangeFunc, "", func(args []cty.Value) error {
		if len(args) == 3 && args[2].IsKnown() && !args[2].IsNull() && args[2].Type() == cty.Number && args[2].AsBigFloat().Sign() == 0 {
			return fmt.Errorf("the step of range must not be zero")
		}
		return nil
	})
}
