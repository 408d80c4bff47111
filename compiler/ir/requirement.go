package ir

import "github.com/hashicorp/hcl/v2"

// Requirement is a compiled `requirement` block: a condition over the
// analyzers' results, checked by analyzers/requirements after analysis.
// The expressions are kept unevaluated because their inputs (bisection,
// oversubscription, workload results) exist only after analysis.
type Requirement struct {
	Name string
	// Condition evaluates to a bool in Scope extended with the results
	// (`fabric.<name>.<field>`, `workload.<name>.<field>`).
	Condition hcl.Expression
	// ErrorMessage evaluates to the string reported when Condition is false.
	ErrorMessage hcl.Expression
	// Scope holds the design's variables, locals and functions.
	Scope *hcl.EvalContext
	// Warning makes a failed requirement a warning instead of an error.
	Warning bool
	Origin  OriginID
}
