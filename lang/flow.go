package lang

import (
	"fmt"
	"path"
	"strconv"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
)

// Flow is `flow "name" { fabric, from, to }`: a capacity query between two
// groups of devices of one fabric, answered as an exact max-flow and as
// the flow ECMP and WCMP routing can place (docs/analyzers.md "flow").
type Flow struct {
	Name string
	// Fabric names the fabric whose links carry the flow (default: the
	// only fabric both groups are in).
	Fabric Val[string]
	// From and To are device names or path.Match globs: switches, hosts,
	// servers (standing for their NICs on the fabric), NICs or GPUs.
	From, To Val[[]string]
	// FromLabels and ToLabels are the label selectors of each end, the
	// objects of its list ({ su = 0, rail = 3 }): a device matches one
	// when it carries every label given (FlowLabelKeys, or a unit kind).
	FromLabels, ToLabels []map[string]string
	DeclRange            hcl.Range
}

// FlowLabelKeys are the labels a flow's selector may name besides unit
// kinds (su, pod, group, …): a switch's tier, a rail, plane or rack
// index, a device's model or role.
var FlowLabelKeys = []string{"tier", "rail", "plane", "rack", "model", "role"}

var flowSchema = schemaOf([]string{"fabric", "from", "to"})

func decodeFlow(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *Flow {
	a := newAttrs(content(b, flowSchema, diags), ctx, b.DefRange)
	f := &Flow{Name: b.Labels[0], Fabric: a.str("fabric"), DeclRange: b.DefRange}
	f.From, f.FromLabels = flowEnd(a, "from")
	f.To, f.ToLabels = flowEnd(a, "to")
	*diags = append(*diags, a.diags...)
	if a.diags.HasErrors() {
		return nil
	}
	for i, v := range []Val[[]string]{f.From, f.To} {
		if !v.Set || len(v.V)+len([][]map[string]string{f.FromLabels, f.ToLabels}[i]) == 0 {
			*diags = append(*diags, diag.Error(diag.InvalidValue, b.DefRange, "Flow without both ends",
				fmt.Sprintf("flow %q needs from and to, each a list of device names or globs (\"su0/node*\") or label selectors ({ su = 0 }).", f.Name)))
			return nil
		}
		for _, p := range v.V {
			if _, err := path.Match(p, ""); err != nil {
				*diags = append(*diags, diag.Error(diag.InvalidValue, v.Range, "Invalid device pattern",
					fmt.Sprintf("%q is not a valid pattern (%v); write a device name or a glob such as \"su0/node*\".", p, err)))
				return nil
			}
		}
	}
	return f
}

// flowEnd reads a flow end: a list whose strings are device names or
// globs and whose objects are label selectors ({ su = 0, rail = 3 }, each
// value a string or a whole number, kept as text). Errors go to a.diags.
func flowEnd(a *attrs, name string) (Val[[]string], []map[string]string) {
	at, ok := a.get(name)
	if !ok {
		return Val[[]string]{Range: a.block}, nil
	}
	out := Val[[]string]{V: []string{}, Range: at.Expr.Range(), Set: true}
	fail := func(detail string) (Val[[]string], []map[string]string) {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, at.Expr.Range(), "Invalid flow end", detail))
		return Val[[]string]{Range: at.Expr.Range()}, nil
	}
	v, d := eval.Value(at.Expr, a.ctx, "list of devices")
	if d.HasErrors() {
		a.diags = append(a.diags, d...)
		return Val[[]string]{Range: at.Expr.Range()}, nil
	}
	if !(v.Type().IsListType() || v.Type().IsTupleType() || v.Type().IsSetType()) {
		return fail(fmt.Sprintf("%s is a list of device names or globs (\"su0/node*\") and label selectors ({ su = 0, rail = 3 }).", name))
	}
	var labels []map[string]string
	for i, e := range v.AsValueSlice() {
		switch {
		case e.IsNull():
			return fail(fmt.Sprintf("Element %d of %s is null; give a device name, a glob or a label selector.", i, name))
		case e.Type() == cty.String:
			out.V = append(out.V, e.AsString())
		case e.Type().IsObjectType() || e.Type().IsMapType():
			sel := map[string]string{}
			for k, x := range e.AsValueMap() {
				switch {
				case x.IsNull():
					return fail(fmt.Sprintf("Label %q of element %d of %s is null.", k, i, name))
				case x.Type() == cty.String:
					sel[k] = x.AsString()
				case x.Type() == cty.Number && x.AsBigFloat().IsInt():
					n, _ := x.AsBigFloat().Int64()
					sel[k] = strconv.FormatInt(n, 10)
				default:
					return fail(fmt.Sprintf("Label %q of element %d of %s is a %s; a label is a string (tier = \"spine\") or a whole number (su = 0).", k, i, name, x.Type().FriendlyName()))
				}
			}
			if len(sel) == 0 {
				return fail(fmt.Sprintf("Element %d of %s is an empty selector, which would select every device; name labels such as { su = 0 }.", i, name))
			}
			labels = append(labels, sel)
		default:
			return fail(fmt.Sprintf("Element %d of %s is a %s; give a device name or glob (a string) or a label selector ({ su = 0 }).", i, name, e.Type().FriendlyName()))
		}
	}
	return out, labels
}
