package resilience

import (
	"fmt"
	"math"
	"slices"
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
	// ScenariosTouching counts the scenarios (twins included) that fail
	// part of this fabric; 0 when the class's groups all lie in other
	// fabrics, so every number here is the intact one (a requirement
	// reading it holds by default: requirement-vacuous).
	ScenariosTouching int `json:"scenarios_touching"`
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
	// scenario leaves (FabricOutcome.Oversubscription; exact); null when
	// some scenario leaves a switch of the tier with downlinks and no
	// uplink, whose ratio is unbounded (a requirement on it cannot hold).
	Oversubscription map[string]*float64 `json:"oversubscription,omitempty"`
	// UnitOversubscription is, per unit kind wider than one switch (su,
	// pod, group, rail, plane, …), the worst endpoint injection ÷
	// capacity leaving a unit one scenario leaves (exact); null when some
	// scenario leaves a unit of the kind with endpoints and nothing
	// leaving it, whose ratio is unbounded (a requirement reading it then
	// cannot pass). UnitsCutOff is the most units of the kind one
	// scenario leaves so.
	UnitOversubscription map[string]*float64 `json:"unit_oversubscription,omitempty"`
	UnitsCutOff          map[string]int      `json:"units_cut_off,omitempty"`
	// Flows holds, per flow block on the fabric, the least of each of its
	// answers over the scenarios (a scenario that does not touch the
	// fabric keeps the intact answer).
	Flows map[string]WorstFlow `json:"flows,omitempty"`
	// Iterations and Seed are, for a failure policy
	// (fabric.<f>.whatif.<policy>), the Monte Carlo draws every number
	// here is over: the worst case is then the worst draw, a sample, not a
	// bound over every failure the policy can make. 0 for a sweep.
	Iterations int    `json:"iterations,omitempty"`
	Seed       uint64 `json:"seed,omitempty"`
	// P50 and P99 are, for a failure policy, the nearest-rank quantiles
	// over its draws in the direction of harm (Distribution).
	P50 *Quantiles `json:"p50,omitempty"`
	P99 *Quantiles `json:"p99,omitempty"`
	// RestartShare is, for a failure policy, per workload on the fabric
	// the share of draws that restart it (0 to 1).
	RestartShare map[string]float64 `json:"restart_share,omitempty"`
}

// Quantiles is one quantile of a policy's draws for one fabric. Its
// bisection is a proven interval for the quantile of the draws' unknown
// residual bisections: each draw's value lies between its ends, and a
// quantile is monotone in every value, so the quantile lies between the
// quantiles of the ends.
type Quantiles struct {
	Bisection         WorstBisection `json:"bisection"`
	RanksDisconnected int            `json:"ranks_disconnected"`
	RanksDegraded     int            `json:"ranks_degraded"`
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
	// Scenario names the scenario with the least lower bound. It is
	// empty, and left out of JSON, in a sampled sweep's p50 and p99,
	// whose ends are quantiles taken apart, not one scenario's.
	Scenario string `json:"scenario,omitempty"`
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
				w.seeTier(t, r, 0)
			}
			for k, r := range b.UnitOversubscription {
				if r != nil {
					w.seeUnit(k, *r, 0)
				}
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
			w.ScenariosTouching += max(o.Orbit, 1)
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
				w.seeTier(t.Tier, t.Ratio, t.WithoutUplinks)
			}
			for _, u := range f.UnitOversubscription {
				w.seeUnit(u.Kind, u.Ratio, u.CutOff)
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
		// A kind whose units nothing leaves, intact, has no ratio in any
		// scenario: null, which no requirement can pass (it read 0).
		for k, r := range b.UnitOversubscription {
			if r == nil {
				if w.UnitOversubscription == nil {
					w.UnitOversubscription, w.UnitsCutOff = map[string]*float64{}, map[string]int{}
				}
				w.UnitOversubscription[k] = nil
			}
		}
		w.Flows = worstFlows(g, rep, s, i)
		w.Bisection = bisectionBetween(lo, hi, loR, hiR, name)
		if s.Iterations > 0 {
			w.Iterations, w.Seed = s.Iterations, s.Seed
			for _, d := range s.Distributions {
				if d.Fabric != b.Fabric {
					continue
				}
				w.P50 = &Quantiles{Bisection: bisectionBetween(d.LowerBPSP50, d.UpperBPSP50, d.LowerRatioP50, d.UpperRatioP50, ""),
					RanksDisconnected: d.RanksDisconnectedP50, RanksDegraded: d.RanksDegradedP50}
				w.P99 = &Quantiles{Bisection: bisectionBetween(d.LowerBPSP99, d.UpperBPSP99, d.LowerRatioP99, d.UpperRatioP99, ""),
					RanksDisconnected: d.RanksDisconnectedP99, RanksDegraded: d.RanksDegradedP99}
			}
			for _, r := range s.Restarts {
				if workloadOn(g, r.Workload, i) {
					if w.RestartShare == nil {
						w.RestartShare = map[string]float64{}
					}
					w.RestartShare[r.Workload] = r.Share
				}
			}
		}
	}
	return out
}

// seeTier takes one scenario's worst ratio of tier t and its switches
// left without uplinks into w.
func (w *WorstCase) seeTier(t string, ratio float64, withoutUplinks int) {
	if w.Oversubscription == nil {
		w.Oversubscription = map[string]*float64{}
	}
	worse(w.Oversubscription, t, ratio, withoutUplinks > 0)
}

// worse keeps in m[k] the worst ratio seen, nil (unbounded) once some
// scenario is unbounded.
func worse(m map[string]*float64, k string, ratio float64, unbounded bool) {
	r, seen := m[k]
	switch {
	case unbounded || seen && r == nil:
		m[k] = nil
	case !seen || ratio > *r:
		m[k] = &ratio
	}
}

// seeUnit takes one scenario's worst ratio and units cut off of unit
// kind k into w.
func (w *WorstCase) seeUnit(k string, ratio float64, cutOff int) {
	if w.UnitOversubscription == nil {
		w.UnitOversubscription, w.UnitsCutOff = map[string]*float64{}, map[string]int{}
	}
	worse(w.UnitOversubscription, k, ratio, cutOff > 0)
	w.UnitsCutOff[k] = max(w.UnitsCutOff[k], cutOff)
}

// bisectionBetween is the interval [lo, hi] (bits per second per
// direction; loR, hiR as ratios) in WorstBisection's fields.
func bisectionBetween(lo, hi, loR, hiR float64, scenario string) WorstBisection {
	b := WorstBisection{BandwidthBPS: hi, Ratio: hiR, LowerBoundBPS: lo, UpperBoundBPS: hi,
		LowerBoundRatio: loR, UpperBoundRatio: hiR, Method: "exact", Scenario: scenario}
	if lo < hi*(1-1e-9) {
		b.Method = "bounded"
	}
	return b
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

// KnownClass reports whether c names a risk-group class of g or one of
// its failure policies: what `fabric.<f>.whatif.<c>` may read. The
// Analyzer reports any other at the reference (unknown-reference), and
// the requirements analyzer leaves it to that report.
func KnownClass(g *ir.Graph, c string) bool {
	return slices.Contains(Classes(g), c) || g.Policy(c) != nil
}

// Analyzer runs the N−1 sweeps the design's requirements read
// (`fabric.<f>.whatif.<class>`, docs/resilience.md), so `topoc check`
// evaluates a resilience requirement like any other. It sweeps nothing
// when no requirement reads a what-if: a sweep costs a bisection search
// per scenario.
var Analyzer = &analysis.Analyzer{
	Name:     "whatif",
	Doc:      "N−1 failure sweeps and failure-policy draws read by requirements: worst residual bisection, ranks lost and jobs restarted per risk-group class; p50 and p99 per policy",
	Requires: []*analysis.Analyzer{bisection.Analyzer, congestion.Analyzer},
	// Racks and cables are risk-group classes.
	ReadsCables: true,
	Run: func(p *analysis.Pass) (any, error) {
		g := p.Graph
		res := &Result{Fabrics: make([]map[string]WorstCase, len(g.Fabrics))}
		for _, err := range CheckPolicies(g) {
			p.Report(PolicyDiagnostic(g, err))
		}
		want, at := referencedClasses(g)
		if len(want) == 0 {
			return res, nil
		}
		names := Classes(g)
		for i := range g.FailurePolicies {
			names = append(names, g.FailurePolicies[i].Name)
		}
		var classes []string
		for _, c := range want {
			if KnownClass(g, c) {
				classes = append(classes, c)
				continue
			}
			detail := fmt.Sprintf("No risk-group class or failure policy %q in this design.", c)
			if s := diag.Closest(c, names); s != "" {
				detail += fmt.Sprintf(" Did you mean %q?", s)
			}
			detail += fmt.Sprintf(" Its classes and policies: %s. Derived classes come from the design's tiers, link kinds, racks, rails, planes and units; declare others with a risk_group block, policies with a failure_policy block (docs/resilience.md).", strings.Join(names, ", "))
			p.Report(diag.Error(diag.UnknownReference, at[c], "Unknown what-if class", detail))
		}
		bis := analysis.Result(p, bisection.ResultOf)
		cong := analysis.Result(p, congestion.ResultOf)
		view := bisection.ConfiguredView()
		if view != bisection.ViewGPU {
			bis = nil
		}
		for _, c := range classes {
			opt := Options{Classes: []string{c}, Bisection: bis, Congestion: cong, View: view}
			if g.Policy(c) != nil {
				opt.Classes, opt.Policies = nil, []string{c}
			}
			rep, err := Run(g, opt)
			if _, bad := err.(*PolicyError); bad {
				continue // reported above, at its rule
			}
			if err != nil {
				p.Report(diag.Warning(diag.CheckSkipped, at[c], "What-if sweep not run",
					fmt.Sprintf("The what-if run over %q that a requirement reads was not run: %v. Requirements that read fabric.<name>.whatif.%s cannot be evaluated.", c, err, c)))
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

// ResultOf reads the Analyzer's result, the what-if sweeps the requirements read (analysis.Declare).
var ResultOf = analysis.Declare[*Result](Analyzer)

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
