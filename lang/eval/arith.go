package eval

import (
	"errors"
	"math"

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
	// safeAdd, safeSubtract and safeMultiply refuse a result beyond
	// MaxMagnitude: go-cty numbers have no exponent limit, and writing
	// 1e100000000 as text (a message, tostring, a template) took minutes.
	safeAdd      = &hclsyntax.Operation{Impl: rangedArith(stdlib.AddFunc), Type: cty.Number}
	safeSubtract = &hclsyntax.Operation{Impl: rangedArith(stdlib.SubtractFunc), Type: cty.Number}
	safeMultiply = &hclsyntax.Operation{Impl: rangedArith(stdlib.MultiplyFunc), Type: cty.Number}
)

// MaxMagnitude is the largest magnitude a number of a design may reach:
// that of float64 (about 1.8e308), which every consumer of a number
// (JSON, the IR's rates and sizes) holds it as. go-cty's arbitrary
// precision otherwise lets an exponent grow to millions of digits, whose
// decimal text takes minutes to write.
const MaxMagnitude = math.MaxFloat64

// tooBig reports whether v is a known number beyond MaxMagnitude, or
// nonzero and nearer 0 than float64 can hold (not infinite: infinities
// are refused where they arise).
func tooBig(v cty.Value) bool {
	if !v.IsKnown() || v.IsNull() || v.Type() != cty.Number {
		return false
	}
	bf := v.AsBigFloat()
	if bf.IsInf() || bf.Sign() == 0 {
		return false
	}
	// By the binary exponent, without building the bounds: |v| is in
	// [2^(e-1), 2^e), float64 reaches below 2^1024 and down to 2^-1074.
	// Tiny numbers count too: 1e-100000000 is as slow to write as its
	// inverse.
	e := bf.MantExp(nil)
	return e > 1024 || e < -1073
}

// errTooBig is the error of an operation or call whose number is beyond
// MaxMagnitude.
var errTooBig = errors.New("the number is beyond ±1.8e308, the largest a design may use")

// rangedArith wraps a two-number go-cty operator function with the
// MaxMagnitude check of its result.
func rangedArith(inner function.Function) function.Function {
	return function.New(&function.Spec{
		Description: inner.Description() + " A result beyond ±1.8e308 is an error.",
		Params:      inner.Params(),
		Type:        function.StaticReturnType(cty.Number),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			v, err := inner.Call(args)
			if err == nil && tooBig(v) {
				return cty.NilVal, errTooBig
			}
			return v, err
		},
	})
}

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
