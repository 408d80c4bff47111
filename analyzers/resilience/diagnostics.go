package resilience

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// Diagnostics turns the worst scenario of each sweep of r into an info
// diagnostic (whatif-worst) at the design line of the failed group's first
// device, or of its first link, for SARIF viewers: code review tools then
// show each risk class's worst failure next to the block that made it.
func Diagnostics(g *ir.Graph, r *Report) hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, s := range r.Sweeps {
		if s.Worst < 0 || s.Worst >= len(s.Outcomes) {
			continue
		}
		o := &s.Outcomes[s.Worst]
		var rng hcl.Range
		if f := o.Failure(); len(f.Nodes) > 0 {
			rng = g.Range(g.Nodes[f.Nodes[0]].Origin)
		} else if len(f.Links) > 0 {
			rng = g.Range(g.Link(f.Links[0]).Origin)
		}
		var parts []string
		for _, f := range o.Fabrics {
			parts = append(parts, fmt.Sprintf("fabric %q keeps a bisection %s (%.1f%% of intact or more), %d ranks disconnected, %d degraded",
				f.Fabric, Interval(f.LowerBoundBPS, f.UpperBoundBPS), f.LowerPercent, f.RanksDisconnected, f.RanksDegraded))
		}
		for _, w := range o.Workloads {
			if w.Status == StatusRestart {
				parts = append(parts, fmt.Sprintf("workload %q restarts (%s)", w.Workload, w.Reason))
			}
		}
		what := fmt.Sprintf("N−%d over %s (%d scenarios)", s.Depth, s.Class, s.Scenarios)
		switch {
		case s.Class == "scenario":
			what = fmt.Sprintf("the named scenarios (%d)", s.Scenarios)
		case s.Policy != "":
			what = fmt.Sprintf("failure policy %q (%d draws, %d distinct)", s.Policy, s.Iterations, s.Evaluated)
		case s.Iterations > 0:
			what = fmt.Sprintf("Monte Carlo over %s (%d draws of %d groups, %d distinct)", s.Class, s.Iterations, s.Depth, s.Evaluated)
		}
		out = append(out, diag.Info(diag.WhatifWorst, rng, "Worst failure of a what-if sweep",
			fmt.Sprintf("Of %s, %s is the worst: %s. docs/resilience.md defines each number.", what, o.Group, strings.Join(parts, "; "))))
	}
	return out
}
