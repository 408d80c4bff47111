package lang

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

// Requirement is `requirement "name" { condition = ..., error_message = ... }`:
// a design rule checked after analysis, with the analyzers' results in
// scope (`fabric.<name>.<field>` names a field of the JSON report's fabric
// entry; docs/language.md lists them). The expressions stay unevaluated
// here: their values exist only once the analyzers have run.
type Requirement struct {
	Name string
	// Condition must evaluate to a bool; false fails the requirement.
	Condition hcl.Expression
	// ErrorMessage is a string expression (a template may quote results);
	// nil when the block has none.
	ErrorMessage hcl.Expression
	// Scope holds the design's variables, locals and functions, which the
	// expressions may use beside the results.
	Scope *hcl.EvalContext
	// Severity is "error" (default) or "warning".
	Severity  Val[string]
	DeclRange hcl.Range
}

// RequirementRoots are the names a requirement expression may start with.
var RequirementRoots = []string{"fabric", "workload", "flow", "var", "local"}

var requirementSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{
	{Name: "condition", Required: true},
	{Name: "error_message", Required: true},
	{Name: "severity"},
}}

func decodeRequirement(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *Requirement {
	c, d := b.Body.Content(requirementSchema)
	*diags = append(*diags, d...)
	if d.HasErrors() {
		return nil
	}
	r := &Requirement{Name: b.Labels[0], Scope: ctx, DeclRange: b.DefRange,
		Condition: c.Attributes["condition"].Expr, ErrorMessage: c.Attributes["error_message"].Expr}
	a := newAttrs(c, ctx, b.DefRange)
	r.Severity = a.str("severity")
	*diags = append(*diags, a.diags...)
	if r.Severity.Set && r.Severity.V != "error" && r.Severity.V != "warning" {
		*diags = append(*diags, diag.Error(diag.InvalidValue, r.Severity.Range, "Invalid severity",
			fmt.Sprintf("severity is %q; write \"error\" (the default) or \"warning\".", r.Severity.V)))
	}
	for _, expr := range []hcl.Expression{r.Condition, r.ErrorMessage} {
		for _, t := range expr.Variables() {
			root := t.RootName()
			ok := false
			for _, want := range RequirementRoots {
				ok = ok || root == want
			}
			if !ok {
				*diags = append(*diags, diag.Error(diag.UnknownReference, t.SourceRange(), "Unknown name in requirement",
					fmt.Sprintf("%q is not in scope; a requirement may refer to %s.", root, strings.Join(RequirementRoots, ", "))))
			}
		}
	}
	return r
}
