package compiler

import (
	"fmt"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// compileFailurePolicies resolves the failure_policy blocks into
// ir.FailurePolicies once the risk groups are known. Errors: a rule whose
// class the design does not have (unknown-reference, with the nearest
// class), a policy named like a class (duplicate-name: requirements read
// both as fabric.<f>.whatif.<name>). Which groups a rule's match selects
// is checked where the groups are built (the whatif analyzer).
func compileFailurePolicies(s *state) {
	g := s.g
	if len(s.cfg.FailurePolicies) == 0 {
		return
	}
	classes := g.RiskClasses()
	known := map[string]bool{}
	for _, c := range classes {
		known[c] = true
	}
	for _, p := range s.cfg.FailurePolicies {
		if known[p.Name] || g.ClassTaken(p.Name) != "" {
			s.diags = append(s.diags, diag.Error(diag.DuplicateName, p.DeclRange, "Failure policy named like a class",
				fmt.Sprintf("failure_policy %q has the name of a risk-group class (of this design, or one topoc derives in others); requirements read both as fabric.<f>.whatif.%s. Rename the policy.", p.Name, p.Name)))
			continue
		}
		out := ir.FailurePolicy{Name: p.Name, Iterations: int(p.Iterations.V), Seed: 1, Origin: g.Origin(p.DeclRange)}
		if p.Seed.Set {
			out.Seed = uint64(p.Seed.V)
		}
		ok := true
		for _, m := range p.Modes {
			mode := ir.FailureMode{Name: m.Name, Weight: m.Weight.V, Origin: g.Origin(m.DeclRange)}
			for _, r := range m.Rules {
				if !known[r.Class.V] {
					detail := fmt.Sprintf("No risk-group class %q in this design.", r.Class.V)
					if c := suggest(r.Class.V, classes); c != "" {
						detail += fmt.Sprintf(" Did you mean %q?", c)
					}
					detail += fmt.Sprintf(" Its classes: %s. Derived classes come from the design's tiers, link kinds, racks, rails, planes and units; declare others with a risk_group block (docs/resilience.md).", strings.Join(classes, ", "))
					s.diags = append(s.diags, diag.Error(diag.UnknownReference, r.Class.Range, "Unknown risk-group class", detail))
					ok = false
					continue
				}
				mode.Rules = append(mode.Rules, ir.FailureRule{Class: r.Class.V, Select: ir.Selection(r.Select.V), Count: int(r.Count.V),
					Probability: r.Probability.V, Match: r.Match.V, WeightBy: ir.FailureWeight(r.WeightBy.V), Origin: g.Origin(r.DeclRange)})
			}
			out.Modes = append(out.Modes, mode)
		}
		if ok {
			g.FailurePolicies = append(g.FailurePolicies, out)
		}
	}
}
