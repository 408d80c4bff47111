package eval

import (
	"fmt"
	"sort"
	"strings"

	"github.com/agext/levenshtein"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/diag"
)

// CheckReferences reports every reference in expr that names nothing in
// ctx (or its parents): an unknown root such as "each" outside for_each,
// an undeclared var.NAME or local.NAME, or an attribute an object value
// lacks (count.idx). Each is a diag.UnknownReference at the reference's
// range, with a "did you mean" suggestion when a close name exists.
// References of unknown type (cty.DynamicVal) are not checked further.
// The value helpers (Int, Rate, ...) call it before evaluating.
func CheckReferences(expr hcl.Expression, ctx *hcl.EvalContext) hcl.Diagnostics {
	return checkTraversals(expr.Variables(), scopeOf(ctx))
}

// scope is what references may name: each root with, when it is an
// object, its attribute names.
type scope map[string]*rootInfo

type rootInfo struct {
	// attrs are the names the root's object has; nil means unchecked.
	attrs map[string]bool
}

// scopeOf collects the variables of ctx and its parents; a child's
// variable hides a parent's of the same name.
func scopeOf(ctx *hcl.EvalContext) scope {
	sc := scope{}
	for c := ctx; c != nil; c = c.Parent() {
		for name, v := range c.Variables {
			if _, ok := sc[name]; ok {
				continue
			}
			info := &rootInfo{}
			if ty := v.Type(); ty.IsObjectType() {
				info.attrs = map[string]bool{}
				for a := range ty.AttributeTypes() {
					info.attrs[a] = true
				}
			}
			sc[name] = info
		}
	}
	return sc
}

// namesScope is a scope whose roots are objects with the given names.
func namesScope(roots map[string][]string) scope {
	sc := scope{}
	for root, names := range roots {
		info := &rootInfo{attrs: map[string]bool{}}
		for _, n := range names {
			info.attrs[n] = true
		}
		sc[root] = info
	}
	return sc
}

func checkTraversals(trs []hcl.Traversal, sc scope) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, tr := range trs {
		if d := checkTraversal(tr, sc); d != nil {
			diags = append(diags, d)
		}
	}
	return diags
}

// refName returns the name a traversal selects from its root object: the
// attribute of root.NAME or the string key of root["NAME"].
func refName(tr hcl.Traversal) (string, hcl.Range, bool) {
	if len(tr) < 2 {
		return "", hcl.Range{}, false
	}
	rng := hcl.RangeBetween(tr[0].SourceRange(), tr[1].SourceRange())
	switch s := tr[1].(type) {
	case hcl.TraverseAttr:
		return s.Name, rng, true
	case hcl.TraverseIndex:
		if s.Key.Type() == cty.String && s.Key.IsKnown() && !s.Key.IsNull() {
			return s.Key.AsString(), rng, true
		}
	}
	return "", hcl.Range{}, false
}

func checkTraversal(tr hcl.Traversal, sc scope) *hcl.Diagnostic {
	root := tr.RootName()
	info, ok := sc[root]
	if !ok {
		roots := sortedKeys(sc)
		avail := "Nothing can be referred to here; write a literal value."
		if len(roots) > 0 {
			avail = "Available here: " + strings.Join(roots, ", ") + "."
		}
		return diag.Error(diag.UnknownReference, tr[0].SourceRange(), "Unknown reference",
			fmt.Sprintf("There is nothing named %q here.%s %s", root, didYouMean(root, roots), avail))
	}
	if info.attrs == nil {
		return nil
	}
	name, rng, ok := refName(tr)
	if !ok {
		if root == "var" || root == "local" {
			return diag.Error(diag.InvalidValue, tr.SourceRange(), "Invalid reference",
				fmt.Sprintf("%q cannot be used on its own or with a computed key; refer to one name, e.g. %s.NAME.", root, root))
		}
		return nil
	}
	if info.attrs[name] {
		return nil
	}
	hint := didYouMean(name, sortedKeys(info.attrs))
	switch root {
	case "var":
		return diag.Error(diag.UnknownReference, rng, "Reference to undeclared variable",
			fmt.Sprintf("There is no variable named %q.%s Declare it with a variable %q block.", name, hint, name))
	case "local":
		return diag.Error(diag.UnknownReference, rng, "Reference to undeclared local value",
			fmt.Sprintf("There is no local value named %q.%s Define it in a locals block.", name, hint))
	}
	return diag.Error(diag.UnknownReference, rng, "Unknown reference",
		fmt.Sprintf("%s has no attribute named %q.%s Its attributes are: %s.", root, name, hint, strings.Join(sortedKeys(info.attrs), ", ")))
}

// didYouMean returns ` Did you mean "x"?` for the candidate closest to
// name by edit distance, when it is within 2 edits (and closer than the
// name's own length), else "".
func didYouMean(name string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		d := levenshtein.Distance(name, c, nil)
		if d < bestD && d < len(name) {
			best, bestD = c, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" Did you mean %q?", best)
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
