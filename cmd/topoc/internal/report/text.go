package report

import (
	"github.com/topoc/topoc/analyzers/results"

	"fmt"
	"io"
	"strings"

	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/analyzers/inventory"
	"github.com/topoc/topoc/analyzers/oversub"
	"github.com/topoc/topoc/analyzers/pcie"
	"github.com/topoc/topoc/lang/units"
)

// WriteText writes the human summary of `topoc check`: per fabric, the
// inventory and then one section per analysis that ran.
func WriteText(w io.Writer, fabrics []results.Fabric) {
	for _, f := range fabrics {
		writeInventory(w, f.Fabric)
		if f.Bisection != nil {
			bisection.WriteText(w, f.Bisection)
		}
		if f.Oversubscription != nil {
			oversub.WriteText(w, f.Oversubscription)
		}
		if len(f.PCIe) > 0 {
			pcie.WriteText(w, f.PCIe)
		}
	}
}

func writeInventory(w io.Writer, f inventory.Fabric) {
	if len(f.ServerTransit) > 0 {
		fmt.Fprintf(w, "fabric %q (%s, server transit: %s)\n", f.Name, f.Family, strings.Join(f.ServerTransit, ", "))
	} else {
		fmt.Fprintf(w, "fabric %q (%s)\n", f.Name, f.Family)
	}
	fmt.Fprintf(w, "  endpoints  %s (%s)\n", units.Count(f.Endpoints), joinCounts(f.EndpointsByKind))
	fmt.Fprintf(w, "  switches   %s (%s)\n", units.Count(f.Switches), joinCounts(f.SwitchesByTier))
	fmt.Fprintf(w, "  links      %s (%s)\n", units.Count(f.Links), joinCounts(f.LinksByKind))
	if f.SwitchPorts > 0 {
		fmt.Fprintf(w, "  ports      %s used, %s free of %s\n", units.Count(f.SwitchPortsUsed), units.Count(f.SwitchPortsFree), units.Count(f.SwitchPorts))
	}
	fmt.Fprintf(w, "  capacity   %s per direction, summed over links\n", units.Rate(f.CapacityBPS))
}

func joinCounts(cs []inventory.Count) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%s %s", units.Count(c.Count), c.Name)
	}
	return strings.Join(parts, ", ")
}

// WriteRequirements writes one line per requirement: its outcome and the
// results its condition read.
func WriteRequirements(w io.Writer, reqs []results.Requirement) {
	for _, r := range reqs {
		status := "ok"
		switch r.Status {
		case results.RequirementInvalid:
			status = "NOT EVALUATED (see its error)"
		case results.RequirementFailed:
			status = "FAILED"
		case results.RequirementUnproven:
			status = "UNPROVEN (see its warning)"
		}
		var vals []string
		for _, v := range r.Values {
			vals = append(vals, fmt.Sprintf("%s = %s", v.Ref, v.Text()))
		}
		line := fmt.Sprintf("requirement %q: %s", r.Name, status)
		if len(vals) > 0 {
			line += " (" + strings.Join(vals, ", ") + ")"
		}
		fmt.Fprintln(w, line)
	}
}

// WriteWorkloads writes the workloads section of `topoc check`: each
// collective's congestion, time and busbw, the step time and the scaling
// table (the congestion analyzer).
func WriteWorkloads(w io.Writer, ws []congestion.Workload) { congestion.WriteText(w, ws) }
