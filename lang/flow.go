package lang

import (
	"fmt"
	"path"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
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
	From, To  Val[[]string]
	DeclRange hcl.Range
}

var flowSchema = schemaOf([]string{"fabric", "from", "to"})

func decodeFlow(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *Flow {
	a := newAttrs(content(b, flowSchema, diags), ctx, b.DefRange)
	f := &Flow{Name: b.Labels[0], Fabric: a.str("fabric"), From: a.strs("from"), To: a.strs("to"), DeclRange: b.DefRange}
	*diags = append(*diags, a.diags...)
	for _, v := range []Val[[]string]{f.From, f.To} {
		if !v.Set || len(v.V) == 0 {
			*diags = append(*diags, diag.Error(diag.InvalidValue, b.DefRange, "Flow without both ends",
				fmt.Sprintf("flow %q needs from and to, each a list of device names or globs (\"su0/node*\").", f.Name)))
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
