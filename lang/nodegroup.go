package lang

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
	"github.com/topoc/topoc/lang/units"
)

var nodeGroupSchema = schemaOf([]string{"model", "count", "name", "hostname"}, hcl.BlockHeaderSchema{Type: "rack"})

var rackSchema = schemaOf([]string{"per_rack", "first", "power_budget"})

// decodeNodeGroup decodes `node_group "dgx" { model, count, name,
// hostname, rack {} }`. name and hostname are templates evaluated once per
// server with count.index in scope; without name servers are "<group><i>"
// zero-padded, and without hostname they have no host name of their own.
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
		*diags = append(*diags, expansionLimit(g.Count.Range, "node_group count", g.Count.V))
		return g
	}
	for _, blk := range c.Blocks {
		ra := newAttrs(content(blk, rackSchema, diags), ctx, blk.DefRange)
		g.PerRack, g.FirstRack, g.RackPowerW = ra.int("per_rack"), ra.int("first"), ra.power("power_budget")
		if g.RackPowerW.Set && g.RackPowerW.V <= 0 {
			ra.diags = append(ra.diags, diag.Error(diag.InvalidValue, g.RackPowerW.Range, "power_budget out of range",
				fmt.Sprintf("power_budget = %q; a rack's power budget is above zero watts (\"40kW\").", units.Power(g.RackPowerW.V))))
			g.RackPowerW = Val[float64]{}
		}
		*diags = append(*diags, ra.diags...)
		checkRacks(g, diags)
	}
	nameAttr, templated := c.Attributes["name"]
	hostAttr, hosted := c.Attributes["hostname"]
	for i := int64(0); i < g.Count.V; i++ {
		var child *hcl.EvalContext
		if templated || hosted {
			child = eval.Child(ctx, map[string]cty.Value{"count": cty.ObjectVal(map[string]cty.Value{"index": cty.NumberIntVal(i)})})
		}
		if !templated {
			g.Names = append(g.Names, Val[string]{V: defaultServerName(g.Name, int(i), int(g.Count.V)), Range: b.DefRange, Set: true})
		} else {
			// References checked on the first server: every other
			// one's context has the same names, count.index another
			// value.
			str := eval.StringChecked
			if i == 0 {
				str = eval.String
			}
			s, d := str(nameAttr.Expr, child)
			if d.HasErrors() {
				*diags = append(*diags, d...)
				return g
			}
			// Checked as each name is made, not after all are: 100,000
			// names of megabytes each would be built before the
			// compiler's check.
			if len(s) > 4*MaxNameLen {
				*diags = append(*diags, CheckName("server name", s, nameAttr.Expr.Range()))
				return g
			}
			g.Names = append(g.Names, Val[string]{V: s, Range: nameAttr.Expr.Range(), Set: true})
		}
		if hosted {
			str := eval.StringChecked
			if i == 0 {
				str = eval.String
			}
			h, d := str(hostAttr.Expr, child)
			if d.HasErrors() {
				*diags = append(*diags, d...)
				return g
			}
			if d := CheckHostname(h, int(i), hostAttr.Expr.Range()); d != nil {
				*diags = append(*diags, d)
				return g
			}
			g.Hostnames = append(g.Hostnames, Val[string]{V: h, Range: hostAttr.Expr.Range(), Set: true})
		}
	}
	return g
}

// indexed mirrors gen.Indexed (lang may not import the compiler).
// defaultServerName names server i of n of a group without a name
// template: the group's name and the index ("dgx07"), with a hyphen
// between where the name ends in a digit, which would otherwise run into
// the index (group "h100": "h100-0", not "h1000").
func defaultServerName(group string, i, n int) string {
	if group != "" && group[len(group)-1] >= '0' && group[len(group)-1] <= '9' {
		group += "-"
	}
	return indexed(group, i, n)
}

func indexed(role string, i, n int) string {
	w := len(fmt.Sprint(max(n-1, 0)))
	return fmt.Sprintf("%s%0*d", role, w, i)
}

// checkRacks refuses a rack block whose servers would not fit racks
// numbered 0 to MaxRack-1: per_rack below 1, first below 0, or a last
// rack (first + (count-1)/per_rack) at MaxRack or above. The bad values
// are set to unset, so the compiler places the servers by default.
func checkRacks(g *NodeGroup, diags *hcl.Diagnostics) {
	if g.PerRack.Set && g.PerRack.V < 1 {
		*diags = append(*diags, diag.Error(diag.InvalidValue, g.PerRack.Range, "per_rack out of range",
			fmt.Sprintf("per_rack = %d: a rack holds one server or more.", g.PerRack.V)))
		g.PerRack = Val[int64]{}
	}
	if g.FirstRack.Set && (g.FirstRack.V < 0 || g.FirstRack.V >= MaxRack) {
		*diags = append(*diags, diag.Error(diag.InvalidValue, g.FirstRack.Range, "first out of range",
			fmt.Sprintf("first = %d: racks are numbered from 0 and stay below %d.", g.FirstRack.V, MaxRack)))
		g.FirstRack = Val[int64]{}
		return
	}
	if g.FirstRack.Set && g.PerRack.Set && g.Count.V > 0 {
		if last := g.FirstRack.V + (g.Count.V-1)/g.PerRack.V; last >= MaxRack {
			*diags = append(*diags, diag.Error(diag.InvalidValue, g.FirstRack.Range, "Racks out of range",
				fmt.Sprintf("first = %d with %d servers at %d per rack ends at rack %d; racks stay below %d.", g.FirstRack.V, g.Count.V, g.PerRack.V, last, MaxRack)))
			g.FirstRack = Val[int64]{}
		}
	}
}
