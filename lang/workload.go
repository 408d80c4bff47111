package lang

import (
	"github.com/hashicorp/hcl/v2"
)

// Workload is `workload "name" { ... }`: a training job placed on the
// fabric with its collectives. (Being built: issue 4.)
type Workload struct {
	Name      string
	DeclRange hcl.Range
}

func decodeWorkload(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *Workload {
	return &Workload{Name: b.Labels[0], DeclRange: b.DefRange}
}
