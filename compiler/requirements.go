package compiler

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// compileRequirements copies the requirement blocks into the IR and checks
// that every `fabric.<name>` and `workload.<name>` they mention exists, so
// a typo in a name is reported here, at its range, with a suggestion. The
// fields after the name are checked when the condition is evaluated,
// against the results that exist (analyzers/requirements).
func compileRequirements(s *state) {
	known := map[string][]string{}
	for _, f := range s.cfg.Fabrics {
		known["fabric"] = append(known["fabric"], f.Name)
	}
	for _, w := range s.cfg.Workloads {
		known["workload"] = append(known["workload"], w.Name)
	}
	for _, f := range s.cfg.Flows {
		known["flow"] = append(known["flow"], f.Name)
	}
	for _, r := range s.cfg.Requirements {
		ok := true
		for _, expr := range []hcl.Expression{r.Condition, r.ErrorMessage} {
			for _, t := range expr.Variables() {
				root := t.RootName()
				if root != "fabric" && root != "workload" && root != "flow" {
					continue
				}
				if len(t) < 2 {
					s.diags = append(s.diags, diag.Error(diag.UnknownReference, t.SourceRange(), "Incomplete reference",
						fmt.Sprintf("Name the %s: %s.<name>.<field>.", root, root)))
					ok = false
					continue
				}
				step, isAttr := t[1].(hcl.TraverseAttr)
				if !isAttr {
					s.diags = append(s.diags, diag.Error(diag.UnknownReference, t.SourceRange(), "Invalid reference",
						fmt.Sprintf("Write %s.<name>.<field>, naming the %s.", root, root)))
					ok = false
					continue
				}
				if !contains(known[root], step.Name) {
					if root == "fabric" {
						s.diags = append(s.diags, s.unknownFabric(step.Name, t.SourceRange(), known[root]))
					} else {
						s.diags = append(s.diags, unknown(root, step.Name, t.SourceRange(), known[root]))
					}
					ok = false
				}
			}
		}
		if ok {
			s.g.Requirements = append(s.g.Requirements, ir.Requirement{Name: r.Name, Condition: r.Condition,
				ErrorMessage: r.ErrorMessage, Scope: r.Scope, Warning: r.Severity.V == "warning", Origin: s.g.Origin(r.DeclRange)})
		}
	}
}
