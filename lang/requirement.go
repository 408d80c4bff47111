package lang

import (
	"github.com/hashicorp/hcl/v2"
)

// Requirement is `requirement "name" { condition = ..., error_message = ... }`.
type Requirement struct {
	Name      string
	DeclRange hcl.Range
}

func decodeRequirement(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *Requirement {
	return &Requirement{Name: b.Labels[0], DeclRange: b.DefRange}
}
