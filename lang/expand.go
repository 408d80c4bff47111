package lang

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
	"github.com/topoc/topoc/lang/units"
)

// MaxExpansion caps the instances a design may expand to, over all its
// count and for_each meta-arguments and node_group servers together, so
// that a typo such as count = 1e9, or many blocks of large counts, is one
// diagnostic rather than minutes of evaluation or an out-of-memory. Each
// instance evaluates its block's expressions (about 45 µs for a custom
// link with two string templates, measured on the benchmark machine), so
// the cap bounds such a design's loading to about 6 s. The value is a
// modelling assumption: 8 times the 16,384 servers of a 131,072-GPU
// design, and 1,048,576 endpoints at 8 NICs per server.
const MaxExpansion = 1 << 17

// expansionBudget is MaxExpansion, as a variable so that tests can
// exercise the budget with small designs.
var expansionBudget int64 = MaxExpansion

// budgets holds the instances left to each design being decoded, keyed by
// the root evaluation context of that decode (see withBudget). A registry
// keyed by context, rather than a parameter, lets every block decoder
// charge the one budget through the context it already receives; it is
// safe for concurrent loads.
var budgets sync.Map // *hcl.EvalContext -> *atomic.Int64

// withBudget gives the decode under ctx (and every child context) a fresh
// budget of MaxExpansion instances; call the returned function when the
// decode ends.
func withBudget(ctx *hcl.EvalContext) (release func()) {
	left := &atomic.Int64{}
	left.Store(expansionBudget)
	budgets.Store(ctx, left)
	return func() { budgets.Delete(ctx) }
}

// spend takes n instances from the budget of the decode that ctx belongs
// to and reports whether they were there. A context outside any decode
// with a budget (a unit test's) checks n against MaxExpansion alone.
func spend(ctx *hcl.EvalContext, n int64) bool {
	for c := ctx; c != nil; c = c.Parent() {
		if b, ok := budgets.Load(c); ok {
			left := b.(*atomic.Int64)
			if left.Add(-n) < 0 {
				left.Add(n)
				return false
			}
			return true
		}
	}
	return n <= expansionBudget
}

// expansionLimit is the diagnostic for a count or for_each of n instances
// that would exceed the design's MaxExpansion budget.
func expansionLimit(rng hcl.Range, what string, n int64) *hcl.Diagnostic {
	return diag.Error(diag.ExpansionLimit, rng, what+" too large",
		fmt.Sprintf("This expands to %s instances; a design may expand to at most %s in all (count, for_each and node_group servers together). Check the value%s.",
			units.Count(int(min(n, math.MaxInt32))), units.Count(int(expansionBudget)), expansionAdvice(what)))
}

// expansionAdvice is the way round the budget for what expanded: a
// family block for switches and links written one by one; none for a
// node_group's servers, which every design writes that way (trial 56).
func expansionAdvice(what string) string {
	if what == "node_group count" {
		return ""
	}
	return ", or describe large fabrics with a family block (fat_tree, clos, dragonfly), which has no such limit"
}

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
		if !spend(ctx, n) {
			return nil, hcl.Diagnostics{expansionLimit(countAttr.Expr.Range(), "count", n)}
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
	if !spend(ctx, int64(v.LengthInt())) {
		return nil, hcl.Diagnostics{expansionLimit(at.Expr.Range(), "for_each", int64(v.LengthInt()))}
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
