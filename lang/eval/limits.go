package eval

import (
	"fmt"
	"math"
	"regexp/syntax"
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
		if n, ok := rangeLength(args); ok && n > MaxRange {
			return fmt.Errorf("range would give %.0f values, more than the %d it gives at most (go-cty's cap); combine ranges, as setproduct(range(1024), range(%d)), or put count on the block itself (docs/language.md, functions)", n, MaxRange, int(math.Ceil(n/MaxRange)))
		}
		return nil
	})
}

// MaxRange is the most values range gives: go-cty's RangeFunc refuses
// more than 1,024 (cty/function/stdlib/sequence.go), with a message that
// names no way out; checkedRange says what to write instead.
const MaxRange = 1024

// rangeLength is the number of values range(args...) would give, when
// every argument is a known number.
func rangeLength(args []cty.Value) (float64, bool) {
	num := make([]float64, len(args))
	for i, a := range args {
		if !a.IsKnown() || a.IsNull() || a.Type() != cty.Number {
			return 0, false
		}
		num[i], _ = a.AsBigFloat().Float64()
	}
	start, end, step := 0.0, 0.0, 1.0
	switch len(num) {
	case 1:
		end = num[0]
	case 2, 3:
		start, end = num[0], num[1]
		if end < start {
			step = -1
		}
		if len(num) == 3 {
			step = num[2]
		}
	default:
		return 0, false
	}
	if step == 0 || (end-start)/step <= 0 {
		return 0, true
	}
	return math.Ceil((end - start) / step), true
}

// MaxDistinctQuadratic caps the elements distinct compares pairwise: go-
// cty's DistinctFunc compares each element with every one kept so far,
// about 2 µs a comparison, so 8,192 elements took over 30 s.
// checkedDistinct keys strings, numbers and bools in a map instead, and
// leaves only lists of other values (objects, lists) to the pairwise
// comparison, up to this many.
const MaxDistinctQuadratic = 1024

// checkedDistinct is go-cty's distinct in linear time for a list of
// strings, numbers or bools (the lists a design dedupes), and go-cty's
// own, refused past MaxDistinctQuadratic elements, for any other list.
func checkedDistinct() function.Function {
	inner := stdlib.DistinctFunc
	return function.New(&function.Spec{
		Description: inner.Description() + " Lists of other than strings, numbers and bools are limited to " + fmt.Sprint(MaxDistinctQuadratic) + " elements.",
		Params:      inner.Params(),
		Type: func(args []cty.Value) (cty.Type, error) {
			return inner.ReturnTypeForValues(args)
		},
		Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
			l := args[0]
			et := l.Type().ElementType()
			if !l.IsWhollyKnown() || l.LengthInt() <= 1 || !et.IsPrimitiveType() {
				if l.IsKnown() && !l.IsNull() && l.LengthInt() > MaxDistinctQuadratic {
					return cty.NilVal, fmt.Errorf("distinct compares a list of %d %s elements pairwise, more than %d; pass a list of strings, numbers or bools, or a shorter one", l.LengthInt(), et.FriendlyName(), MaxDistinctQuadratic)
				}
				return inner.Call(args)
			}
			seen := map[string]bool{}
			var out []cty.Value
			for it := l.ElementIterator(); it.Next(); {
				_, v := it.Element()
				key := "null"
				if !v.IsNull() {
					switch et {
					case cty.String:
						key = "s" + v.AsString()
					case cty.Number:
						key = "n" + v.AsBigFloat().Text('g', -1)
					case cty.Bool:
						key = fmt.Sprint(v.True())
					}
				}
				if !seen[key] {
					seen[key] = true
					out = append(out, v)
				}
			}
			return cty.ListVal(out), nil
		},
	})
}

// MaxRegexSize caps a regular expression's size with its repeats
// expanded ("a{1000}" is 1,000 literals): 10,000. Go's regexp compiles
// the expansion on every call (nothing caches it), and a 21 KB pattern of
// a{1000} repeats took 5 s and 600 MB per call. A modelling assumption.
const MaxRegexSize = 10_000

// regexSize is the size of re with its repeats expanded, saturating at
// MaxRegexSize+1.
func regexSize(re *syntax.Regexp) int {
	n := 1
	for _, sub := range re.Sub {
		n += regexSize(sub)
	}
	if re.Op == syntax.OpRepeat {
		times := max(re.Max, re.Min, 1)
		n = min(n*times, MaxRegexSize+1)
	}
	if re.Op == syntax.OpLiteral {
		n += len(re.Rune)
	}
	return min(n, MaxRegexSize+1)
}

// boundedRegex is regex or regexall with the pattern (the first
// argument) refused when its expanded size passes MaxRegexSize. A pattern
// that does not parse is left to go-cty, which reports it.
func boundedRegex(inner function.Function, name string) function.Function {
	return bounded(inner, "", func(args []cty.Value) error {
		p, ok := knownString(args[0])
		if !ok {
			return nil
		}
		re, err := syntax.Parse(p, syntax.Perl)
		if err != nil {
			return nil
		}
		if regexSize(re) > MaxRegexSize {
			return fmt.Errorf("the pattern of %s expands to more than %d instructions with its repeats; write a shorter pattern", name, MaxRegexSize)
		}
		return nil
	})
}
