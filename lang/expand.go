package lang

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
)

// MaxExpansion caps the instances one count or for_each may produce, so a
// typo such as count = 1e9 is a diagnostic rather than an out-of-memory.
// The value is a modelling assumption: ten times the largest element count
// of a 131,072-GPU design's single block.
const MaxExpansion = 10_000_000

// metaSchema holds the meta-arguments every expandable block accepts.
var metaAttrs = []hcl.AttributeSchema{{Name: "count"}, {Name: "for_each"}}

// instance is one expansion of a block: its evaluation context (with
// count.index or each.key/each.value) and a display suffix for names.
type instance struct {
	ctx   *hcl.EvalContext
	index int
	key   string
}

// expand evaluates count or for_each of a block's content and returns one
// instance per element. With neither, it returns a single instance with
// index 0. count and for_each together are an error.
func expand(content *hcl.BodyContent, ctx *hcl.EvalContext, block hcl.Range) ([]instance, hcl.Diagnostics) {
	countAttr, hasCount := content.Attributes["count"]
	eachAttr, hasEach := content.Attributes["for_each"]
	switch {
	case hasCount && hasEach:
		return nil, hcl.Diagnostics{diag.Error(diag.InvalidValue, eachAttr.Range,
			"Both count and for_each", "A block may use count or for_each, not both; remove one.")}
	case hasCount:
		n, d := eval.Int(countAttr.Expr, ctx)
		if d.HasErrors() {
			return nil, d
		}
		if n < 0 {
			return nil, hcl.Diagnostics{diag.Error(diag.InvalidValue, countAttr.Expr.Range(),
				"Negative count", fmt.Sprintf("count is %d; it must be zero or more.", n))}
		}
		if n > MaxExpansion {
			return nil, hcl.Diagnostics{diag.Error(diag.ExpansionLimit, countAttr.Expr.Range(),
				"count too large", fmt.Sprintf("count is %d; at most %d instances per block are allowed.", n, MaxExpansion))}
		}
		out := make([]instance, n)
		for i := range out {
			out[i] = instance{index: i, ctx: eval.Child(ctx, map[string]cty.Value{
				"count": cty.ObjectVal(map[string]cty.Value{"index": cty.NumberIntVal(int64(i))})})}
		}
		return out, nil
	case hasEach:
		return expandEach(eachAttr, ctx)
	}
	return []instance{{ctx: ctx}}, nil
}

func expandEach(at *hcl.Attribute, ctx *hcl.EvalContext) ([]instance, hcl.Diagnostics) {
	v, d := at.Expr.Value(ctx)
	if d.HasErrors() {
		return nil, d
	}
	bad := hcl.Diagnostics{diag.Error(diag.InvalidValue, at.Expr.Range(), "Invalid for_each",
		"for_each takes a known map, set or list (e.g. setproduct(range(4), range(2)) or toset([\"a\", \"b\"])).")}
	if v.IsNull() || !v.IsWhollyKnown() || !v.CanIterateElements() {
		return nil, bad
	}
	if v.LengthInt() > MaxExpansion {
		return nil, hcl.Diagnostics{diag.Error(diag.ExpansionLimit, at.Expr.Range(), "for_each too large",
			fmt.Sprintf("for_each has %d elements; at most %d are allowed.", v.LengthInt(), MaxExpansion))}
	}
	isMap := v.Type().IsMapType() || v.Type().IsObjectType()
	var out []instance
	i := 0
	for it := v.ElementIterator(); it.Next(); i++ {
		k, e := it.Element()
		key := cty.NumberIntVal(int64(i))
		keyText := fmt.Sprint(i)
		if isMap {
			key = k
			keyText = k.AsString()
		} else if e.Type() == cty.String && !e.IsNull() {
			key = e
			keyText = e.AsString()
		}
		out = append(out, instance{index: i, key: keyText, ctx: eval.Child(ctx, map[string]cty.Value{
			"each": cty.ObjectVal(map[string]cty.Value{"key": key, "value": e})})})
	}
	return out, nil
}
