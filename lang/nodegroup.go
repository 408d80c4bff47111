package lang

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
)

var nodeGroupSchema = schemaOf([]string{"model", "count", "name"}, hcl.BlockHeaderSchema{Type: "rack"})

var rackSchema = schemaOf([]string{"per_rack", "first"})

// decodeNodeGroup decodes `node_group "dgx" { model, count, name, rack {} }`.
// name is a template evaluated once per server with count.index in scope;
// without it servers are "<group><i>" zero-padded.
func decodeNodeGroup(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *NodeGroup {
	c := content(b, nodeGroupSchema, diags)
	a := newAttrs(c, ctx, b.DefRange)
	g := &NodeGroup{Name: b.Labels[0], DeclRange: b.DefRange, Model: a.str("model"), Count: a.int("count")}
	requireSet(a, "model", g.Model.Set, "node_group")
	if !g.Count.Set {
		if _, ok := a.get("count"); !ok {
			g.Count = Val[int64]{V: 1, Range: b.DefRange}
		}
	}
	*diags = append(*diags, a.diags...)
	if g.Count.V < 0 {
		*diags = append(*diags, diag.Error(diag.InvalidValue, g.Count.Range, "Negative count",
			fmt.Sprintf("count is %d; a node group holds zero or more servers.", g.Count.V)))
		return g
	}
	if !spend(ctx, g.Count.V) {
		*diags = append(*diags, expansionLimit(g.Count.Range, "count", g.Count.V))
		return g
	}
	for _, blk := range c.Blocks {
		ra := newAttrs(content(blk, rackSchema, diags), ctx, blk.DefRange)
		g.PerRack, g.FirstRack = ra.int("per_rack"), ra.int("first")
		*diags = append(*diags, ra.diags...)
	}
	nameAttr, templated := c.Attributes["name"]
	for i := int64(0); i < g.Count.V; i++ {
		if !templated {
			g.Names = append(g.Names, Val[string]{V: indexed(g.Name, int(i), int(g.Count.V)), Range: b.DefRange, Set: true})
			continue
		}
		child := eval.Child(ctx, map[string]cty.Value{"count": cty.ObjectVal(map[string]cty.Value{"index": cty.NumberIntVal(i)})})
		s, d := eval.String(nameAttr.Expr, child)
		if d.HasErrors() {
			*diags = append(*diags, d...)
			return g
		}
		g.Names = append(g.Names, Val[string]{V: s, Range: nameAttr.Expr.Range(), Set: true})
	}
	return g
}

// indexed mirrors gen.Indexed (lang may not import the compiler).
func indexed(role string, i, n int) string {
	w := len(fmt.Sprint(max(n-1, 0)))
	return fmt.Sprintf("%s%0*d", role, w, i)
}
