package eval

import (
	"errors"
	"fmt"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// namedFunction is one entry of the function table.
type namedFunction struct {
	name string
	fn   function.Function
}

// functionTable lists the functions available in expressions, sorted by
// name, under Terraform's names. All but alltrue, anytrue, index and
// length are go-cty's stdlib functions; those four follow Terraform
// (go-cty has none of them): alltrue and anytrue fold a list of bools,
// index searches a list for a value and length also counts the
// characters of a string. format, formatlist, indent, join, replace (strlimits.go) and
// setproduct (limits.go) refuse, before building it, a result larger than
// MaxValueSize. The table is built on each call, so no caller can change
// another's functions.
func functionTable() []namedFunction {
	return []namedFunction{
		{"abs", stdlib.AbsoluteFunc},
		{"alltrue", boolFold(true)},
		{"anytrue", boolFold(false)},
		{"ceil", stdlib.CeilFunc},
		{"chomp", stdlib.ChompFunc},
		{"coalesce", stdlib.CoalesceFunc},
		{"coalescelist", stdlib.CoalesceListFunc},
		{"compact", stdlib.CompactFunc},
		{"concat", stdlib.ConcatFunc},
		{"contains", stdlib.ContainsFunc},
		{"csvdecode", boundedDecode(stdlib.CSVDecodeFunc, "csvdecode")},
		{"distinct", checkedDistinct()},
		{"element", stdlib.ElementFunc},
		{"flatten", stdlib.FlattenFunc},
		{"floor", stdlib.FloorFunc},
		{"format", boundedFormat()},
		{"formatlist", boundedFormatList()},
		{"indent", boundedIndent()},
		{"index", indexFunc()},
		{"join", boundedJoin()},
		{"jsondecode", boundedDecode(stdlib.JSONDecodeFunc, "jsondecode")},
		{"jsonencode", stdlib.JSONEncodeFunc},
		{"keys", stdlib.KeysFunc},
		{"length", lengthFunc()},
		{"log", stdlib.LogFunc},
		{"lookup", stdlib.LookupFunc},
		{"lower", stdlib.LowerFunc},
		{"max", stdlib.MaxFunc},
		{"merge", stdlib.MergeFunc},
		{"min", stdlib.MinFunc},
		{"parseint", stdlib.ParseIntFunc},
		{"pow", stdlib.PowFunc},
		{"range", checkedRange()},
		{"regex", boundedRegex(stdlib.RegexFunc, "regex")},
		{"regexall", boundedRegex(boundedRegexAll(), "regexall")},
		{"replace", boundedReplace()},
		{"reverse", stdlib.ReverseListFunc},
		{"setproduct", boundedSetProduct()},
		{"signum", stdlib.SignumFunc},
		{"slice", stdlib.SliceFunc},
		{"sort", stdlib.SortFunc},
		{"split", boundedSplit()},
		{"strrev", stdlib.ReverseFunc},
		{"substr", stdlib.SubstrFunc},
		{"title", stdlib.TitleFunc},
		{"tobool", stdlib.MakeToFunc(cty.Bool)},
		{"tolist", stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType))},
		{"tomap", stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType))},
		{"tonumber", stdlib.MakeToFunc(cty.Number)},
		{"toset", stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType))},
		{"tostring", stdlib.MakeToFunc(cty.String)},
		{"trim", stdlib.TrimFunc},
		{"trimprefix", stdlib.TrimPrefixFunc},
		{"trimspace", stdlib.TrimSpaceFunc},
		{"trimsuffix", stdlib.TrimSuffixFunc},
		{"upper", stdlib.UpperFunc},
		{"values", stdlib.ValuesFunc},
		{"zipmap", stdlib.ZipmapFunc},
	}
}

// Functions returns the functions available in topoc expressions, keyed
// by name (see functionTable for the list and its source, go-cty's
// stdlib). Each call returns a new map, which the caller may extend.
// Every function refuses arguments larger than MaxValueSize together
// (argsBounded).
func Functions() map[string]function.Function { return FunctionsOn(nil) }

// FunctionsOn is Functions with the work of every call charged to b (nil
// charges nothing): a step per ArgBytesPerStep of its arguments, besides
// the step the call itself takes (Meter). length(s) of a 4 MB string
// walks it and took 0.19 s, one step, so a loop of them ran for minutes
// within the step cap.
func FunctionsOn(b *Budget) map[string]function.Function {
	t := functionTable()
	m := make(map[string]function.Function, len(t))
	for _, f := range t {
		m[f.name] = argsBounded(f.name, f.fn, b)
	}
	return m
}

// ArgBytesPerStep is the argument size (MaxValueSize's units: bytes of
// strings and one per element) that costs one evaluation step: 64, so the
// step cap allows 128 MiB of arguments in all, a few seconds of the
// slowest function's work (length counts grapheme clusters at about 20
// MB/s). A modelling assumption.
const ArgBytesPerStep = 64

// QuadraticElementsPerStep prices a collection argument of k elements at
// k²/256 steps (above 256 elements): go-cty converts a tuple argument to
// a list in time quadratic in its length (16,384 numbers took 4.6 s in
// convert.Convert, before the function runs), and distinct, contains and
// index compare pairwise, so a loop of such calls over a long list would
// run for minutes within the step cap. A modelling assumption.
const QuadraticElementsPerStep = 256

// argsBounded wraps fn with a refusal of arguments whose sizes (as
// MaxValueSize counts them) pass MaxValueSize together, and charges b the
// steps of their size. A value within the cap can still be handed to a
// function many times over without ever being stored in a local:
// jsonencode([for i in range(1024) : local.s]) with a 4 MB local.s shares
// one string 1,024 times in the list and asked jsonencode for 4 GB of
// text. Every function's result is within a small factor of its
// arguments, apart from those bounded by their own predictions (format
// widths, setproduct, split, regexall, range's 1,024 values), so the cap
// on arguments bounds every result.
func argsBounded(name string, fn function.Function, b *Budget) function.Function {
	return bounded(fn, "", func(args []cty.Value) error {
		n, steps := 0, int64(0)
		for _, a := range args {
			if n += valueSize(a, MaxValueSize-n); n > MaxValueSize {
				return fmt.Errorf("the arguments of %s hold more than %d bytes and elements together, more than a value may hold; pass smaller values", name, MaxValueSize)
			}
			if a.IsKnown() && !a.IsNull() && a.CanIterateElements() {
				if k := int64(a.LengthInt()); k > 256 {
					steps += k * k / QuadraticElementsPerStep
				}
			}
		}
		if b != nil {
			if d := b.work(steps+int64(n/ArgBytesPerStep), name); d != nil {
				return errors.New(d.Detail)
			}
		}
		return nil
	})
}

// indexFunc is Terraform's index(list, value): the position of the first
// element of list equal to value; an error when there is none.
func indexFunc() function.Function {
	return function.New(&function.Spec{
		Description: "Returns the index of the first element of list that equals value.",
		Params: []function.Parameter{
			{Name: "list", Type: cty.DynamicPseudoType},
			{Name: "value", Type: cty.DynamicPseudoType},
		},
		Type: function.StaticReturnType(cty.Number),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			list := args[0]
			if ty := list.Type(); !ty.IsListType() && !ty.IsTupleType() {
				return cty.NilVal, function.NewArgErrorf(0, "must be a list or tuple, not %s", ty.FriendlyName())
			}
			for it := list.ElementIterator(); it.Next(); {
				i, v := it.Element()
				eq, err := stdlib.Equal(v, args[1])
				if err != nil {
					return cty.NilVal, err
				}
				if !eq.IsKnown() {
					return cty.UnknownVal(cty.Number), nil
				}
				if eq.True() {
					return i, nil
				}
			}
			return cty.NilVal, errors.New("the value is not in the list")
		},
	})
}

// lengthFunc is Terraform's length(value): the number of characters
// (grapheme clusters) of a string, or of elements or attributes of a
// collection or structural value.
func lengthFunc() function.Function {
	return function.New(&function.Spec{
		Description: "Returns the number of characters of a string or of elements of a collection.",
		Params:      []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType}},
		Type: func(args []cty.Value) (cty.Type, error) {
			ty := args[0].Type()
			if ty == cty.String || ty.IsCollectionType() || ty.IsObjectType() || ty.IsTupleType() {
				return cty.Number, nil
			}
			return cty.NilType, function.NewArgErrorf(0, "must be a string, a collection or an object, not %s", ty.FriendlyName())
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if args[0].Type() == cty.String {
				return stdlib.Strlen(args[0])
			}
			return cty.NumberIntVal(int64(args[0].LengthInt())), nil
		},
	})
}

// boolFold is Terraform's alltrue (all true: every element true, and an
// empty list true) or anytrue (all false: some element true, and an empty
// list false), over a list of bools, so that a requirement can judge
// every item of a for-expression. A null element is an error rather than
// false: a result the report leaves null (a collective that never
// completes) must not pass a requirement, nor fail it silently. An
// unknown element gives an unknown result.
func boolFold(all bool) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "list", Type: cty.List(cty.Bool)}},
		Type:   function.StaticReturnType(cty.Bool),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if !args[0].IsWhollyKnown() {
				return cty.UnknownVal(cty.Bool), nil
			}
			i := 0
			for it := args[0].ElementIterator(); it.Next(); i++ {
				_, v := it.Element()
				if v.IsNull() {
					return cty.NilVal, function.NewArgErrorf(0, "element %d is null: a result the report leaves null (a collective that never completes, an unbounded ratio) cannot be judged; test it first (x == null || ...)", i)
				}
				if v.True() != all {
					return cty.BoolVal(!all), nil
				}
			}
			return cty.BoolVal(all), nil
		},
	})
}
