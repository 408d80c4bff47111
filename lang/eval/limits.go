package eval

import (
	"fmt"
	"strings"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// MaxCallElements caps the elements one function call may build:
// 1,048,576. go-cty holds each element behind an interface, a number as a
// *big.Float (ElementCost), so setproduct(range(1024), range(1024),
// range(4)), 4 Mi tuples of 3, peaked at 1.5 GB before any cap saw the
// result, and split("", s) of a 4 MB string at 438 MB. A design's lists
// hold thousands of elements. A modelling assumption.
const MaxCallElements = 1 << 20

// MaxDecodeBytes caps the text jsondecode and csvdecode read: 256 KiB.
// go-cty decodes JSON through a token stream at about 350 KB/s here (4 MB
// took 11.5 s and 688 MB), and a table written into a design is a few
// kilobytes. A modelling assumption.
const MaxDecodeBytes = 256 << 10

// boundedSetProduct is go-cty's setproduct, refused when the product's
// tuples and their elements would pass MaxCallElements. range() is capped
// at 1,024 values by go-cty, but setproduct(range(1024), range(1024),
// range(1024)) asks for 10^9 tuples, which exhausts memory before any
// later cap can look at the result.
func boundedSetProduct() function.Function {
	inner := stdlib.SetProductFunc
	return function.New(&function.Spec{
		Description: "Calculates the Cartesian product of the given collections, up to " + fmt.Sprint(MaxCallElements) + " elements in all.",
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
				if n *= a.LengthInt(); n*(len(args)+1) > MaxCallElements {
					return cty.NilVal, fmt.Errorf("the product has more than %d tuples of %d, more than the %d elements a call may build; use smaller collections", n, len(args), MaxCallElements)
				}
				if n == 0 {
					break
				}
			}
			return inner.Call(args)
		},
	})
}

// boundedSplit is go-cty's split, refused when the pieces would pass
// MaxCallElements (split("", s) makes one per byte).
func boundedSplit() function.Function {
	return bounded(stdlib.SplitFunc, "", func(args []cty.Value) error {
		sep, ok1 := knownString(args[0])
		str, ok2 := knownString(args[1])
		if !ok1 || !ok2 {
			return nil
		}
		n := len(str)
		if sep != "" {
			n = strings.Count(str, sep) + 1
		}
		if n > MaxCallElements {
			return fmt.Errorf("split would make %d pieces, more than the %d elements a call may build", n, MaxCallElements)
		}
		return nil
	})
}

// boundedRegexAll is go-cty's regexall, refused on a string long enough
// that its matches could pass MaxCallElements (a pattern that matches the
// empty string matches at every byte).
func boundedRegexAll() function.Function {
	return bounded(stdlib.RegexAllFunc, "", func(args []cty.Value) error {
		if str, ok := knownString(args[1]); ok && len(str)+1 > MaxCallElements {
			return fmt.Errorf("regexall over %d bytes could make more than the %d elements a call may build; match a shorter string", len(str), MaxCallElements)
		}
		return nil
	})
}

// boundedDecode is jsondecode or csvdecode, refused on text longer than
// MaxDecodeBytes.
func boundedDecode(inner function.Function, name string) function.Function {
	return bounded(inner, "", func(args []cty.Value) error {
		if str, ok := knownString(args[0]); ok && len(str) > MaxDecodeBytes {
			return fmt.Errorf("%s reads at most %d bytes, and this text has %d; a table in a design is a few kilobytes", name, MaxDecodeBytes, len(str))
		}
		return nil
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
