package resilience

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// WorstCase is the worst of each number over one class's N−1 scenarios,
// for one fabric: the `fabric.<f>.whatif.<class>` object of the check
// report, which requirements read ("the worst single-spine loss keeps
// bisection ratio ≥ 0.9"). A scenario that does not touch the fabric
// counts with the intact numbers.
type WorstCase struct {
	// Scenarios and Evaluated are the sweep's (Sweep).
	Scenarios int `json:"scenarios"`
	Evaluated int `json:"evaluated"`
	// Bisection is the least residual bisection over the scenarios, a
	// proven interval: its lower end is the least lower bound, its upper
	// end the least upper bound (the minimum of unknowns each in its
	// interval lies between those).
	Bisection WorstBisection `json:"bisection"`
	// RanksDisconnected and RanksDegraded are the most ranks one scenario
	// disconnects or degrades on the fabric (the blast radius), with the
	// scenario that does it ("" when none does).
	RanksDisconnected int    `json:"ranks_disconnected"`
	RanksDegraded     int    `json:"ranks_degraded"`
	WorstRanks        string `json:"worst_ranks_scenario"`
	// WorkloadsRestarted is the most workloads on the fabric that one
	// scenario restarts.
	WorkloadsRestarted int `json:"workloads_restarted"`
	// IntactUnits is, per unit kind of the fabric (su, pod, group), the
	// fewest units one scenario leaves with every rank whole.
	IntactUnits map[string]int `json:"intact_units,omitempty"`
	// Oversubscription is, per tier with uplinks, the worst down ÷ up one
	// scenario leaves (FabricOutcome.Oversubscription; exact).
	Oversubscription map[string]float64 `json:"oversubscription,omitempty"`
	// Flows holds, per flow block on the fabric, the least of each of its
	// answers over the scenarios (a scenario that does not touch the
	// fabric keeps the intact answer).
	Flows map[string]WorstFlow `json:"flows,omitempty"`
}

// WorstFlow is a flow's least answers over a sweep.
type WorstFlow struct {
	MaxFlowBPS float64 `json:"max_flow_bps"`
	ECMPBPS    float64 `json:"ecmp_bps"`
	WCMPBPS    float64 `json:"wcmp_bps"`
}

// WorstBisection is WorstCase's bisection, in the fields of
// bisection.Fabric so that a requirement reads it the same way (ratio and
// bandwidth_bps hold the upper end when the ends differ).
type WorstBisection struct {
	BandwidthBPS    float64 `json:"bandwidth_bps"`
	Ratio           float64 `json:"ratio"`
	LowerBoundBPS   float64 `json:"lower_bound_bps"`
	UpperBoundBPS   float64 `json:"upper_bound_bps"`
	LowerBoundRatio float64 `json:"lower_bound_ratio"`
	UpperBoundRatio float64 `json:"upper_bound_ratio"`
	// Method is "exact" when the ends meet, else "bounded".
	Method string `json:"method"`
	// Scenario names the scenario with the least lower bound.
	Scenario string `json:"scenario"`
}

// Worst returns, per fabric of rep (in fabric order), the worst case of
// sweep s.
func Worst(g *ir.Graph, rep *Report, s *Sweep) []WorstCase {
	out := make([]WorstCase, len(rep.Baseline))
	for i, b := range rep.Baseline {
		w := &out[i]
		w.Scenarios, w.Evaluated = s.Scenarios, s.Evaluated
		inf := math.Inf(1)
		lo, hi, loR, hiR := inf, inf, inf, inf
		name := ""
		// A scenario that does not touch the fabric leaves it intact.
		intact := func() {
			if b.LowerBoundBPS < lo {
				lo, loR, name = b.LowerBoundBPS, b.LowerBoundRatio, "none (the fabric stays intact)"
			}
			hi, hiR = min(hi, b.UpperBoundBPS), min(hiR, b.UpperBoundRatio)
			for t, r := range b.Oversubscription {
				if w.Oversubscription == nil {
					w.Oversubscription = map[string]float64{}
				}
				w.Oversubscription[t] = max(w.Oversubscription[t], r)
			}
		}
		if len(s.Outcomes) == 0 {
			intact()
		}
		for k := range s.Outcomes {
			o := &s.Outcomes[k]
			var f *FabricOutcome
			for j := range o.Fabrics {
				if o.Fabrics[j].Fabric == b.Fabric {
					f = &o.Fabrics[j]
				}
			}
			if f == nil {
				intact()
				continue
			}
			if f.LowerBoundBPS < lo {
				lo, loR, name = f.LowerBoundBPS, f.LowerBoundRatio, o.Group
			}
			hi, hiR = min(hi, f.UpperBoundBPS), min(hiR, f.UpperBoundRatio)
			if f.RanksDisconnected > w.RanksDisconnected || f.RanksDisconnected == w.RanksDisconnected && f.RanksDegraded > w.RanksDegraded {
				w.WorstRanks = o.Group
			}
			for _, u := range f.Units {
				if w.IntactUnits == nil {
					w.IntactUnits = map[string]int{}
				}
				if v, ok := w.IntactUnits[u.Kind]; !ok || u.Intact < v {
					w.IntactUnits[u.Kind] = u.Intact
				}
			}
			for _, t := range f.Oversubscription {
				if w.Oversubscription == nil {
					w.Oversubscription = map[string]float64{}
				}
				w.Oversubscription[t.Tier] = max(w.Oversubscription[t.Tier], t.Ratio)
			}
			w.RanksDisconnected = max(w.RanksDisconnected, f.RanksDisconnected)
			w.RanksDegraded = max(w.RanksDegraded, f.RanksDegraded)
			n := 0
			for _, wo := range o.Workloads {
				if wo.Status == StatusRestart && workloadOn(g, wo.Workload, i) {
					n++
				}
			}
			w.WorkloadsRestarted = max(w.WorkloadsRestarted, n)
		}
		w.Flows = worstFlows(g, rep, s, i)
		w.Bisection = WorstBisection{BandwidthBPS: hi, Ratio: hiR, LowerBoundBPS: lo, UpperBoundBPS: hi,
			LowerBoundRatio: loR, UpperBoundRatio: hiR, Method: "exact", Scenario: name}
		if lo < hi*(1-1e-9) {
			w.Bisection.Method = "bounded"
		}
	}
	return out
}

// worstFlows is the least of each answer of the flows on fabric f over
// the outcomes of s, starting from the intact answers (rep.Flows) when
// some outcome leaves the flow untouched; nil without flows.
func worstFlows(g *ir.Graph, rep *Report, s *Sweep, f int) map[string]WorstFlow {
	var out map[string]WorstFlow
	for k, fl := range g.Flows {
		if int(fl.Fabric) != f {
			continue
		}
		if out == nil {
			out = map[string]WorstFlow{}
		}
		inf := math.Inf(1)
		w := WorstFlow{inf, inf, inf}
		take := func(m, e, wc float64) {
			w.MaxFlowBPS, w.ECMPBPS, w.WCMPBPS = min(w.MaxFlowBPS, m), min(w.ECMPBPS, e), min(w.WCMPBPS, wc)
		}
		untouched := len(s.Outcomes) == 0
		for _, o := range s.Outcomes {
			found := false
			for _, x := range o.Flows {
				if x.Flow == fl.Name {
					take(x.MaxFlowBPS, x.ECMPBPS, x.WCMPBPS)
					found = true
				}
			}
			untouched = untouched || !found
		}
		if untouched && k < len(rep.Flows) {
			x := rep.Flows[k]
			take(x.MaxFlowBPS, x.ECMPBPS, x.WCMPBPS)
		}
		out[fl.Name] = w
	}
	return out
}

// workloadOn reports whether the workload named w runs on fabric f.
func workloadOn(g *ir.Graph, w string, f int) bool {
	for i := range g.Workloads {
		if g.Workloads[i].Name == w {
			return g.Workloads[i].Fabric == ir.FabricID(f)
		}
	}
	return false
}

// Result is the whatif analyzer's result: per fabric (in fabric order) the
// worst case of each class the requirements read; nil maps when they read
// none.
type Result struct {
	Fabrics []map[string]WorstCase
}

// Analyzer runs the N−1 sweeps the design's requirements read
// (`fabric.<f>.whatif.<class>`, docs/resilience.md), so `topoc check`
// evaluates a resilience requirement like any other. It sweeps nothing
// when no requirement reads a what-if: a sweep costs a bisection search
// per scenario.
var Analyzer = &analysis.Analyzer{
	Name:     "whatif",
	Doc:      "N−1 failure sweeps read by requirements: worst residual bisection, ranks lost and jobs restarted per risk-group class",
	Requires: []*analysis.Analyzer{bisection.Analyzer, congestion.Analyzer},
	Run: func(p *analysis.Pass) (any, error) {
		g := p.Graph
		res := &Result{Fabrics: make([]map[string]WorstCase, len(g.Fabrics))}
		want, at := referencedClasses(g)
		if len(want) == 0 {
			return res, nil
		}
		known := map[string]bool{}
		for _, c := range Classes(g) {
			known[c] = true
		}
		var classes []string
		for _, c := range want {
			if known[c] {
				classes = append(classes, c)
				continue
			}
			detail := fmt.Sprintf("No risk-group class %q in this design.", c)
			if s := diag.Closest(c, Classes(g)); s != "" {
				detail += fmt.Sprintf(" Did you mean %q?", s)
			}
			detail += fmt.Sprintf(" Its classes: %s. Derived classes come from the design's tiers, link kinds, racks, rails, planes and units; declare others with a risk_group block (docs/resilience.md).", strings.Join(Classes(g), ", "))
			p.Report(diag.Error(diag.UnknownReference, at[c], "Unknown what-if class", detail))
		}
		bis := analysis.Result[[]bisection.Fabric](p, bisection.Analyzer)
		cong := analysis.Result[*congestion.Result](p, congestion.Analyzer)
		if bisection.DefaultView != bisection.ViewGPU {
			bis = nil
		}
		for _, c := range classes {
			rep, err := Run(g, Options{Classes: []string{c}, Bisection: bis, Congestion: cong, View: bisection.DefaultView})
			if err != nil {
				p.Report(diag.Warning(diag.CheckSkipped, at[c], "What-if sweep not run",
					fmt.Sprintf("The N−1 sweep over %q that a requirement reads was not run: %v. Requirements that read fabric.<name>.whatif.%s cannot be evaluated.", c, err, c)))
				continue
			}
			for i, w := range Worst(g, rep, &rep.Sweeps[0]) {
				if res.Fabrics[i] == nil {
					res.Fabrics[i] = map[string]WorstCase{}
				}
				res.Fabrics[i][c] = w
			}
		}
		return res, nil
	},
}

// referencedClasses returns the what-if classes the requirements read by
// name (fabric.<f>.whatif.<class>), sorted, with the range of the first
// reference to each.
func referencedClasses(g *ir.Graph) ([]string, map[string]hcl.Range) {
	at := map[string]hcl.Range{}
	for _, r := range g.Requirements {
		for _, e := range []hcl.Expression{r.Condition, r.ErrorMessage} {
			if e == nil {
				continue
			}
			for _, t := range e.Variables() {
				if t.RootName() != "fabric" || len(t) < 4 {
					continue
				}
				if a, ok := t[2].(hcl.TraverseAttr); !ok || a.Name != "whatif" {
					continue
				}
				c := ""
				switch st := t[3].(type) {
				case hcl.TraverseAttr:
					c = st.Name
				case hcl.TraverseIndex:
					if st.Key.Type() == cty.String && st.Key.IsKnown() && !st.Key.IsNull() {
						c = st.Key.AsString()
					}
				}
				if _, seen := at[c]; c != "" && !seen {
					at[c] = t.SourceRange()
				}
			}
		}
	}
	out := make([]string, 0, len(at))
	for c := range at {
		out = append(out, c)
	}
	sort.Strings(out)
	return out, at
}
