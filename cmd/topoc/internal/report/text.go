package report

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/analyzers/inventory"
	"github.com/topoc/topoc/analyzers/oversub"
	"github.com/topoc/topoc/analyzers/pcie"
	"github.com/topoc/topoc/analyzers/results"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// WriteText writes the human summary of `topoc check`: per fabric, the
// inventory and then one section per analysis that ran.
func WriteText(w io.Writer, fabrics []results.Fabric) {
	bodies, keys := make([]string, len(fabrics)), make([]string, len(fabrics))
	for i := range fabrics {
		bodies[i], keys[i] = fabricBody(&fabrics[i]), resultsKey(fabrics[i])
	}
	for i := 0; i < len(fabrics); {
		// Consecutive fabrics of one family whose results read the same
		// (one NVLink domain per rack: trial 59's 16 NVL72 racks printed
		// 16 identical blocks) are written once; only their cuts' node
		// names differ, and the JSON report holds each.
		j := i + 1
		for j < len(fabrics) && fabrics[j].Fabric.Family == fabrics[i].Fabric.Family &&
			keys[i] == keys[j] && slices.Equal(fabrics[j].Fabric.ServerTransit, fabrics[i].Fabric.ServerTransit) {
			j++
		}
		writeHeader(w, fabrics[i].Fabric, fabrics[j-1].Fabric.Name, j-i)
		io.WriteString(w, bodies[i])
		i = j
	}
}

// fabricBody is a fabric's summary below its header line.
func fabricBody(f *results.Fabric) string {
	var b strings.Builder
	writeInventory(&b, f.Fabric)
	if f.Bisection != nil {
		bisection.WriteText(&b, f.Bisection)
	}
	if f.Oversubscription != nil {
		oversub.WriteText(&b, f.Oversubscription)
	}
	if len(f.PCIe) > 0 {
		pcie.WriteText(&b, f.PCIe)
	}
	return b.String()
}

// resultsKey is f's summary with its cut's words left out: two fabrics
// whose keys are equal read the same but for the nodes their cuts run
// across.
func resultsKey(f results.Fabric) string {
	if f.Bisection != nil {
		b := *f.Bisection
		b.Certificate.Text = ""
		f.Bisection = &b
	}
	return fabricBody(&f)
}

// writeHeader writes a fabric's header line; n > 1 fabrics from f to the
// one named last are written as one, the first's summary shown.
func writeHeader(w io.Writer, f inventory.Fabric, last string, n int) {
	what := f.Family
	if len(f.ServerTransit) > 0 {
		what += ", server transit: " + strings.Join(f.ServerTransit, ", ")
	}
	if n > 1 {
		fmt.Fprintf(w, "fabric %q … %q (%s; %d fabrics with the same results, shown for the first)\n", f.Name, last, what, n)
		return
	}
	fmt.Fprintf(w, "fabric %q (%s)\n", f.Name, what)
}

func writeInventory(w io.Writer, f inventory.Fabric) {
	fmt.Fprintf(w, "  endpoints  %s (%s)\n", units.Count(f.Endpoints), joinCounts(f.EndpointsByKind))
	if f.Family == string(ir.FamilyTorus) {
		// A direct network: each router is the network side of one grid
		// point (a TPU-style chip's own router), not a tier of switches.
		fmt.Fprintf(w, "  routers    %s (one per grid point, its terminals attached: a direct network, no switch tier)\n", units.Count(f.Switches))
	} else {
		fmt.Fprintf(w, "  switches   %s (%s)\n", units.Count(f.Switches), joinCounts(f.SwitchesByTier))
	}
	fmt.Fprintf(w, "  links      %s (%s)\n", units.Count(f.Links), joinCounts(f.LinksByKind))
	if f.SwitchPorts > 0 {
		if f.SwitchPortsReserved > 0 {
			fmt.Fprintf(w, "  ports      %s used, %s reserved, %s free of %s\n", units.Count(f.SwitchPortsUsed), units.Count(f.SwitchPortsReserved), units.Count(f.SwitchPortsFree), units.Count(f.SwitchPorts))
		} else {
			fmt.Fprintf(w, "  ports      %s used, %s free of %s\n", units.Count(f.SwitchPortsUsed), units.Count(f.SwitchPortsFree), units.Count(f.SwitchPorts))
		}
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
		vals := valueTexts(r.Values)
		line := fmt.Sprintf("requirement %q: %s", r.Name, status)
		if len(vals) > 0 {
			line += " (" + strings.Join(vals, ", ") + ")"
		}
		fmt.Fprintln(w, line)
	}
}

// valueTexts writes the values a requirement read, "ref = value" each.
// Values of one field read from several elements of one list (a
// condition that filters a workload's collectives reads every
// collective's name and congestion) are written once, with the indices:
// "w.collectives[0..2].congestion_factor = [1.500, 1, 1]" (audit of
// issue 12: one line listed fourteen values, a filtered-out collective's
// congestion first).
func valueTexts(values []results.Value) []string {
	type field struct{ list, rest string }
	var order []field
	idx := map[field][]string{}
	texts := map[field][]string{}
	for _, v := range values {
		k, i := field{v.Ref, ""}, ""
		if m := listElement.FindStringSubmatch(v.Ref); m != nil {
			k, i = field{m[1], m[3]}, m[2]
		}
		if _, ok := texts[k]; !ok {
			order = append(order, k)
		}
		idx[k] = append(idx[k], i)
		texts[k] = append(texts[k], v.Text())
	}
	out := make([]string, 0, len(order))
	for _, k := range order {
		if len(texts[k]) == 1 || k.rest == "" {
			for j, t := range texts[k] {
				ref := k.list
				if k.rest != "" {
					ref = k.list + "[" + idx[k][j] + "]" + k.rest
				}
				out = append(out, ref+" = "+t)
			}
			continue
		}
		out = append(out, k.list+"["+indexText(idx[k])+"]"+k.rest+" = ["+strings.Join(texts[k], ", ")+"]")
	}
	return out
}

// indexText writes list indices read in order: "0..6" for a run of
// consecutive ones, else "0,2,5".
func indexText(idx []string) string {
	run := len(idx) > 2
	for j := 1; run && j < len(idx); j++ {
		a, _ := strconv.Atoi(idx[j-1])
		b, _ := strconv.Atoi(idx[j])
		run = b == a+1
	}
	if run {
		return idx[0] + ".." + idx[len(idx)-1]
	}
	return strings.Join(idx, ",")
}

// listElement splits a reference to a field of a list element: the list,
// the index, and the rest (".congestion_factor").
var listElement = regexp.MustCompile(`^(.*)\[([0-9]+)\](\..*)$`)

// WriteWorkloads writes the workloads section of `topoc check`: each
// collective's congestion, time and busbw, the step time and the scaling
// table (the congestion analyzer).
func WriteWorkloads(w io.Writer, ws []congestion.Workload) { congestion.WriteText(w, ws) }
