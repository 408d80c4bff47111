// Package results assembles the analyzers' results into one object per
// fabric: the object `topoc check --format json` prints (field names
// fixed by docs/reference/design-brief.md, documented in docs/json.md)
// and requirement conditions read, so a condition names exactly what the
// JSON report shows: fabric.compute.bisection.ratio is the "ratio" field
// of the "bisection" object of the fabric named "compute". It is not an
// analyzer; it reads each analyzer's result through its typed accessor
// (analysis.Declare), so a changed result type is a compile error here.
// Writing the object for people is cmd/topoc/internal/report's job.
package results

import (
	"strings"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/analyzers/flow"
	"github.com/topoc/topoc/analyzers/inventory"
	"github.com/topoc/topoc/analyzers/oversub"
	"github.com/topoc/topoc/analyzers/pcie"
	"github.com/topoc/topoc/analyzers/resilience"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// Sources are the analyzers whose results the report (and so a
// requirement) can hold, in the order they feed it.
var Sources = []*analysis.Analyzer{inventory.Analyzer, bisection.Analyzer, oversub.Analyzer, pcie.Analyzer, congestion.Analyzer, resilience.Analyzer, flow.Analyzer}

// Fabric is one entry of the report's "fabrics" array: the inventory
// fields inline, then one object per analysis that ran (absent otherwise).
type Fabric struct {
	inventory.Fabric
	// Bisection is the bisection analyzer's result.
	Bisection *bisection.Fabric `json:"bisection,omitempty"`
	// Oversubscription is the oversubscription analyzer's result.
	Oversubscription *oversub.Fabric `json:"oversubscription,omitempty"`
	// PCIe lists, per node model whose NICs are endpoints of this fabric,
	// the GPU↔NIC paths inside one server (the pcie analyzer).
	PCIe []pcie.Model `json:"pcie,omitempty"`
	// Whatif holds, per risk-group class a requirement reads, the worst
	// case of its N−1 sweep on this fabric (the whatif analyzer,
	// docs/resilience.md); absent when no requirement reads one.
	Whatif map[string]resilience.WorstCase `json:"whatif,omitempty"`
}

// Fabrics assembles the report for every fabric from the results of the
// analyzers that ran; of returns an analyzer's result or nil. It returns
// nil when the inventory did not run.
func Fabrics(of func(*analysis.Analyzer) any) []Fabric {
	inv, ok := inventory.ResultOf.From(of)
	if !ok {
		return nil
	}
	out := make([]Fabric, len(inv))
	bis, _ := bisection.ResultOf.From(of)
	over, _ := oversub.ResultOf.From(of)
	paths, _ := pcie.ResultOf.From(of)
	wi, _ := resilience.ResultOf.From(of)
	for i := range inv {
		out[i] = Fabric{Fabric: inv[i]}
		if i < len(bis) {
			out[i].Bisection = &bis[i]
		}
		if i < len(over) {
			out[i].Oversubscription = &over[i]
		}
		if paths != nil && i < len(paths.Fabrics) {
			out[i].PCIe = paths.Fabrics[i]
		}
		if wi != nil && i < len(wi.Fabrics) {
			out[i].Whatif = wi.Fabrics[i]
		}
	}
	return out
}

// Check is the object `topoc check --format json` prints.
type Check struct {
	OK          bool                  `json:"ok"`
	Diagnostics []diag.JSONDiagnostic `json:"diagnostics"`
	Fabrics     []Fabric              `json:"fabrics"`
	// Requirements lists the outcome of every requirement block, in source
	// order (empty when the design has none or did not compile).
	Requirements []Requirement `json:"requirements"`
	// Workloads lists every workload's collectives routed on the fabric
	// (the congestion analyzer), in source order; absent when the design
	// has none or the analyzer did not run.
	Workloads []congestion.Workload `json:"workloads,omitempty"`
	// Flows lists every flow block's answer (the flow analyzer), in
	// source order; absent when the design has none.
	Flows []flow.Result `json:"flows,omitempty"`
}

// Flows returns the flow analyzer's results, or nil when it did not run
// or the design has no flow block.
func Flows(of func(*analysis.Analyzer) any) []flow.Result {
	if r, ok := flow.ResultOf.From(of); ok && len(r) > 0 {
		return r
	}
	return nil
}

// Workloads returns the congestion analyzer's workloads, or nil when it
// did not run.
func Workloads(of func(*analysis.Analyzer) any) []congestion.Workload {
	if r, ok := congestion.ResultOf.From(of); ok && r != nil && len(r.Workloads) > 0 {
		return r.Workloads
	}
	return nil
}

// Interval names a quantity of a fabric's report that can be a proven
// interval rather than a value: field Field of the fabric's object Object,
// whose proven ends are the sibling fields Lower and Upper (a null Upper
// is +∞: no upper bound is known). The fields of
// one Object are one unknown (bisection's ratio is its bandwidth ÷ a fixed
// half injection), so they move to their lower or upper ends together.
type Interval struct{ Object, Field, Lower, Upper string }

// Intervals are the report's bounded quantities. A requirement reads each
// at both ends (docs/language.md "requirement").
var Intervals = []Interval{
	{"bisection", "ratio", "lower_bound_ratio", "upper_bound_ratio"},
	{"bisection", "bandwidth_bps", "lower_bound_bps", "upper_bound_bps"},
	// Per switch, end to end is only known from below (basis
	// "per_switch": its upper bound is null, read as unbounded).
	{"oversubscription", "end_to_end", "end_to_end_lower_bound", "end_to_end_upper_bound"},
}

// The values of Requirement.Status.
const (
	// RequirementMet: the condition holds at every end of every interval
	// it reads, so it holds for the design.
	RequirementMet = "met"
	// RequirementFailed: the condition fails at every end.
	RequirementFailed = "failed"
	// RequirementUnproven: it holds at some ends and fails at others, or
	// reads an interval in a way its ends cannot decide.
	RequirementUnproven = "unproven"
	// RequirementInvalid: it could not be evaluated.
	RequirementInvalid = "invalid"
)

// Requirement is the outcome of one requirement block: the "requirements"
// array of the JSON report.
type Requirement struct {
	Name string `json:"name"`
	// OK is true when the requirement is met (Status "met"): proven for
	// the design, never on an upper bound alone.
	OK bool `json:"ok"`
	// Status is "met", "failed", "unproven" or "invalid".
	Status string `json:"status"`
	// Message is the evaluated error_message of a failed requirement.
	Message string `json:"message,omitempty"`
	// Values are the results the condition refers to, as evaluated
	// ("fabric.compute.bisection.ratio" → 0.333), in source order.
	Values []Value `json:"values"`
}

// Value is one named result a requirement read. For a bounded quantity
// (Intervals) whose ends differ, Lower and Upper are its proven ends (Upper
// nil when it is unbounded above) and Value is what the fabric object
// holds (the upper end of a bisection, the lower end of a per-switch end
// to end).
type Value struct {
	Ref   string   `json:"ref"`
	Value any      `json:"value"`
	Lower *float64 `json:"lower,omitempty"`
	Upper *float64 `json:"upper,omitempty"`
}

// Text formats v for people: "0.333", "0.000–1.000" for an interval, or
// "at least 1:1" for one known only from below.
func (v Value) Text() string {
	switch {
	case v.Lower != nil && v.Upper != nil:
		return formatEnd(v.Ref, *v.Lower, units.Down) + "–" + formatEnd(v.Ref, *v.Upper, units.Up)
	case v.Lower != nil:
		return "at least " + formatEnd(v.Ref, *v.Lower, units.Down)
	case v.Value == nil:
		return "null"
	}
	return FormatValue(v.Ref, v.Value)
}

// formatEnd writes one end of a proven interval rounded away from the
// value it bounds (a lower end down, an upper end up), so the printed
// interval still holds it, as check prints the bisection: ratios at three
// decimals, rates at six digits, other quantities as FormatValue.
func formatEnd(path string, v float64, r units.Rounding) string {
	switch {
	case strings.HasSuffix(path, "_bps"):
		return units.RateBound(v, 6, r)
	case strings.HasSuffix(path, "ratio") && !IsOversubscription(path):
		return units.FixedBound(v, 3, r)
	}
	return FormatValue(path, v)
}
