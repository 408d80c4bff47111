package eval

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// MaxFormatWidth caps the width and the precision of one format verb of
// format and formatlist (the 10 of "%10s", the 3 of "%.3f"). go-cty pads
// as fmt does, so "%999999999s" asks for a gigabyte before any size check
// can see the result. Names and columns in a design are tens of
// characters; 4,096 is generous. A modelling assumption.
const MaxFormatWidth = 4096

// The functions below are go-cty's string functions with the size of their
// result predicted from their arguments and refused, before it is built,
// when it would exceed MaxValueSize (the cap on a local value, limits.go).
// Each wrapped function has the parameters and results of go-cty's; only
// the refusal is added. HCL reports a function's error at the call (or, for
// an argument error, at that argument), so the diagnostic has a range.

// bounded wraps inner with check, which returns an error when the result
// of inner on args would be too large. check sees only known, non-null
// arguments: go-cty returns unknown for the rest without calling Impl.
func bounded(inner function.Function, desc string, check func(args []cty.Value) error) function.Function {
	return function.New(&function.Spec{
		Description: strings.TrimSpace(inner.Description() + " " + desc),
		Params:      inner.Params(),
		VarParam:    inner.VarParam(),
		// The check runs before the type too: some functions compute their
		// result to know its type (jsondecode decodes its text), so a
		// check in Impl alone comes after the cost.
		Type: func(args []cty.Value) (cty.Type, error) {
			if err := check(args); err != nil {
				return cty.NilType, err
			}
			return inner.ReturnTypeForValues(args)
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if err := check(args); err != nil {
				return cty.NilVal, err
			}
			return inner.Call(args)
		},
	})
}

// tooLarge is the error of a call whose result would pass MaxValueSize.
func tooLarge(fn string, size int) error {
	return fmt.Errorf("the result of %s would be at least %d bytes, more than the %d a value may hold; use smaller arguments", fn, size, MaxValueSize)
}

// knownString returns v's string when v is a known, non-null string.
func knownString(v cty.Value) (string, bool) {
	if !v.IsKnown() || v.IsNull() || v.Type() != cty.String {
		return "", false
	}
	return v.AsString(), true
}

// boundedFormat is format, with each verb's width and precision at most
// MaxFormatWidth and the result (the format text, plus each verb's width
// and precision, plus the arguments' sizes) at most MaxValueSize.
func boundedFormat() function.Function {
	return bounded(stdlib.FormatFunc, "Widths and precisions are limited to "+fmt.Sprint(MaxFormatWidth)+".", func(args []cty.Value) error {
		f, ok := knownString(args[0])
		if !ok {
			return nil
		}
		pad, err := formatPadding(f)
		if err != nil {
			return function.NewArgError(0, err)
		}
		size := len(f) + pad
		for _, a := range args[1:] {
			size += valueSize(a, MaxValueSize)
		}
		if size > MaxValueSize {
			return tooLarge("format", size)
		}
		return nil
	})
}

// boundedFormatList is formatlist, with format's limits applied to each of
// the result's elements (as many as the longest list argument).
func boundedFormatList() function.Function {
	return bounded(stdlib.FormatListFunc, "Widths and precisions are limited to "+fmt.Sprint(MaxFormatWidth)+".", func(args []cty.Value) error {
		f, ok := knownString(args[0])
		if !ok {
			return nil
		}
		pad, err := formatPadding(f)
		if err != nil {
			return function.NewArgError(0, err)
		}
		n, size := 1, 0
		for _, a := range args[1:] {
			size += valueSize(a, MaxValueSize)
			if a.IsKnown() && !a.IsNull() && a.CanIterateElements() && a.LengthInt() > n {
				n = a.LengthInt()
			}
		}
		if per := len(f) + pad; per > 0 && n > (MaxValueSize-size)/per {
			return tooLarge("formatlist", size+n*per)
		}
		return nil
	})
}

// formatPadding returns the sum of the widths and precisions of the verbs
// of a go-cty format string (%[flags][[argnum]][width][.precision]verb), or
// an error naming the first verb whose width or precision passes
// MaxFormatWidth. It reads only the numbers; go-cty reports malformed
// verbs itself.
func formatPadding(f string) (int, error) {
	total := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		start := i
		i++
		if i < len(f) && f[i] == '%' {
			continue
		}
		for i < len(f) && strings.IndexByte("+- #0[].0123456789", f[i]) >= 0 {
			if f[i] < '0' || f[i] > '9' {
				i++
				continue
			}
			j := i
			for i < len(f) && f[i] >= '0' && f[i] <= '9' {
				i++
			}
			// Leading zeros are the zero-padding flag ("%04096d").
			num := strings.TrimLeft(f[j:i], "0")
			if len(num) > 4 || atoi(num) > MaxFormatWidth {
				end := min(i+1, len(f))
				return 0, fmt.Errorf("the verb %q asks for %s characters; widths and precisions are limited to %d", f[start:end], num, MaxFormatWidth)
			}
			total += atoi(num)
		}
		i-- // the loop's i++ steps onto the verb letter
	}
	return total, nil
}

// atoi parses a run of at most four decimal digits.
func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = 10*n + int(c-'0')
	}
	return n
}

// boundedIndent is indent, refusing a negative number of spaces and a
// result of more than MaxValueSize: spaces × newlines + the string's length. go-cty builds the padding
// before it looks for a newline, so more than MaxValueSize spaces are
// refused even for a string with none.
func boundedIndent() function.Function {
	return bounded(stdlib.IndentFunc, "The result is limited to "+fmt.Sprint(MaxValueSize)+" bytes.", func(args []cty.Value) error {
		s, ok := knownString(args[1])
		if !ok || !args[0].IsKnown() || args[0].IsNull() {
			return nil
		}
		n := args[0].AsBigFloat()
		if n.Sign() < 0 {
			// go-cty passes it to strings.Repeat, which panics.
			return function.NewArgErrorf(0, "must not be negative")
		}
		if n.Cmp(big.NewFloat(MaxValueSize)) > 0 {
			return function.NewArgErrorf(0, "%s spaces is more than the %d a value may hold", n.Text('f', 0), MaxValueSize)
		}
		spaces, _ := n.Int64()
		if size := int64(len(s)) + spaces*int64(strings.Count(s, "\n")); size > MaxValueSize {
			return tooLarge("indent", int(size))
		}
		return nil
	})
}

// boundedJoin is join, refusing a result of more than MaxValueSize: the
// elements' lengths plus a separator between each two.
func boundedJoin() function.Function {
	return bounded(stdlib.JoinFunc, "The result is limited to "+fmt.Sprint(MaxValueSize)+" bytes.", func(args []cty.Value) error {
		sep, ok := knownString(args[0])
		if !ok {
			return nil
		}
		size, n := 0, 0
		for _, list := range args[1:] {
			if !list.IsKnown() || list.IsNull() || !list.CanIterateElements() {
				return nil // join itself reports these
			}
			for it := list.ElementIterator(); it.Next(); {
				_, e := it.Element()
				if s, ok := knownString(e); ok {
					size += len(s)
				}
				n++
			}
		}
		if n > 1 {
			size += (n - 1) * len(sep)
		}
		if size > MaxValueSize {
			return tooLarge("join", size)
		}
		return nil
	})
}

// boundedReplace is replace, refusing a result of more than MaxValueSize:
// the string's length plus, for each match, the replacement's length less
// the substring's (an empty substring matches before every character and
// at the end, as strings.ReplaceAll does).
func boundedReplace() function.Function {
	return bounded(stdlib.ReplaceFunc, "The result is limited to "+fmt.Sprint(MaxValueSize)+" bytes.", func(args []cty.Value) error {
		s, ok1 := knownString(args[0])
		sub, ok2 := knownString(args[1])
		repl, ok3 := knownString(args[2])
		if !ok1 || !ok2 || !ok3 || len(repl) <= len(sub) {
			return nil
		}
		n := int64(strings.Count(s, sub))
		if size := int64(len(s)) + n*int64(len(repl)-len(sub)); size > MaxValueSize {
			return tooLarge("replace", int(min(size, 1<<62)))
		}
		return nil
	})
}
