package eval

import (
	"errors"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// safeDivide and safeModulo replace HCL's / and % in design expressions
// (see Meter). go-cty divides by zero into an infinity, which then
// panics inside big.Float when taken modulo (go-cty 1.20's ModuloFunc
// re-panics what it does not recognize, and HCL prints the goroutine
// dump as the diagnostic), and it returns a for a % 0. A design has no
// use for infinities: both operators refuse a zero divisor and infinite
// operands, with the operands' types and precedence of HCL's.
var (
	safeDivide = &hclsyntax.Operation{Impl: checkedArith(stdlib.DivideFunc, "divide"), Type: cty.Number}
	safeModulo = &hclsyntax.Operation{Impl: checkedArith(stdlib.ModuloFunc, "take the remainder"), Type: cty.Number}
)

// checkedArith wraps a two-number go-cty operator function with the
// refusals above; what is done names the operation in the message.
func checkedArith(inner function.Function, what string) function.Function {
	return function.New(&function.Spec{
		Description: inner.Description() + " A zero divisor and infinite operands are errors.",
		Params:      inner.Params(),
		Type:        function.StaticReturnType(cty.Number),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			a, b := args[0].AsBigFloat(), args[1].AsBigFloat()
			switch {
			case b.Sign() == 0:
				return cty.NilVal, errors.New("cannot " + what + " by zero")
			case a.IsInf() || b.IsInf():
				return cty.NilVal, errors.New("cannot " + what + " with an infinite number")
			}
			return inner.Call(args)
		},
	})
}
