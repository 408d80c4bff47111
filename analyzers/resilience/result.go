package resilience

import (
	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/compiler/ir"
)

// The JSON shapes of `topoc whatif --format json` (docs/json.md, "whatif").
// Rates are bits per second per direction; percentages are of the intact
// design's value.

// Report is a what-if run: the intact design and every sweep.
type Report struct {
	// Baseline is the intact design's bisection per fabric.
	Baseline []BaselineFabric `json:"baseline"`
	// Flows holds the intact design's flow answers, in source order.
	Flows []FlowOutcome `json:"flows,omitempty"`
	// Sweeps holds one entry per class swept, in the order asked.
	Sweeps []Sweep `json:"sweeps"`
}

// BaselineFabric is one fabric's intact bisection.
type BaselineFabric struct {
	Fabric          string  `json:"fabric"`
	LowerBoundBPS   float64 `json:"lower_bound_bps"`
	UpperBoundBPS   float64 `json:"upper_bound_bps"`
	LowerBoundRatio float64 `json:"lower_bound_ratio"`
	UpperBoundRatio float64 `json:"upper_bound_ratio"`
	Method          string  `json:"method"`
	// Oversubscription is each tier's intact worst down ÷ up (the
	// oversubscription analyzer's Tiers), omitted when no tier has
	// uplinks.
	Oversubscription map[string]float64 `json:"oversubscription,omitempty"`
	// UnitOversubscription is each unit kind's intact worst injection ÷
	// leaving capacity (FabricOutcome.UnitOversubscription), omitted when
	// the fabric has no unit kind wider than one switch; nil (null) for a
	// kind whose units nothing leaves (planes joined only through the
	// servers: oversub.UnitKind.Closed).
	UnitOversubscription map[string]*float64 `json:"unit_oversubscription,omitempty"`
}

// Sweep is one class's scenarios: N−1 (each group alone), N−2 (each pair
// of groups) or the named scenarios of --fail (class "scenario").
type Sweep struct {
	Class string `json:"class"`
	// Depth is how many groups fail together: 1 or 2.
	Depth int `json:"depth"`
	// Groups is the number of risk groups of the class (for a policy, the
	// groups its rules match, summed over its rules); Scenarios the
	// scenarios they make (Groups for N−1, Groups·(Groups−1)/2 for N−2);
	// Evaluated those computed, one per orbit (the others are its twins:
	// the same numbers, proven by symmetry, see Outcome.Orbit).
	Groups    int `json:"groups"`
	Scenarios int `json:"scenarios"`
	Evaluated int `json:"evaluated"`
	// Worst is the index in Outcomes of the worst scenario: most ranks
	// disconnected, then most degraded, then the lowest proven residual
	// bisection (as a share of baseline), then the first.
	Worst int `json:"worst"`
	// Outcomes holds one entry per evaluated scenario, in group order.
	Outcomes []Outcome `json:"outcomes"`
	// Skipped says why the sweep was not run (over the scenario budget),
	// "" when it ran.
	Skipped string `json:"skipped,omitempty"`
	// Quick is true when the sweep's scenarios were evaluated quickly
	// (Options.Quick, or over SearchBudget): bisection bounds against the
	// intact cut without a new search, workloads judged by their ranks.
	Quick bool `json:"quick"`
	// Light is true when the sweep's scenarios were searched at
	// bisection's light effort (over LightBudget): each interval is as
	// proven, its upper end possibly looser than a full search's.
	Light bool `json:"light,omitempty"`
	// Iterations and Seed describe a Monte Carlo run (Options.Random;
	// Depth is then the groups per draw); 0 for a deterministic sweep.
	Iterations int    `json:"iterations,omitempty"`
	Seed       uint64 `json:"seed,omitempty"`
	// Policy names the failure policy of a policy run (Class is then
	// "policy"); Modes gives, in the policy's order, how often each mode
	// was drawn.
	Policy string      `json:"policy,omitempty"`
	Modes  []ModeDraws `json:"modes,omitempty"`
	// Distributions holds, for a Monte Carlo run, per fabric the p50 and
	// p99 of each number over the draws.
	Distributions []Distribution `json:"distributions,omitempty"`
	// Restarts holds, for a Monte Carlo run, per workload (in source
	// order) the draws that restart it.
	Restarts []Restarts `json:"restarts,omitempty"`
}

// ModeDraws is how often a policy run drew one of its modes.
type ModeDraws struct {
	Mode   string  `json:"mode"`
	Weight float64 `json:"weight"`
	Draws  int     `json:"draws"`
}

// Restarts is how often a Monte Carlo run's draws restart one workload.
type Restarts struct {
	Workload string `json:"workload"`
	// Draws is the number of draws that restart it; Share that ÷ the
	// iterations.
	Draws int     `json:"draws"`
	Share float64 `json:"share"`
}

// Distribution is one fabric's numbers over a Monte Carlo run's draws,
// nearest-rank quantiles in the direction of harm: a p99 bisection ratio
// is kept by 99% of draws, a p99 of ranks lost is not exceeded by 99%. A
// draw that does not touch the fabric counts with the intact numbers.
type Distribution struct {
	Fabric string `json:"fabric"`
	// The residual bisection's proven lower and upper ratio (of the intact
	// half injection).
	LowerRatioP50 float64 `json:"lower_bound_ratio_p50"`
	LowerRatioP99 float64 `json:"lower_bound_ratio_p99"`
	UpperRatioP50 float64 `json:"upper_bound_ratio_p50"`
	UpperRatioP99 float64 `json:"upper_bound_ratio_p99"`
	// The same ends in bits per second per direction.
	LowerBPSP50 float64 `json:"lower_bound_bps_p50"`
	LowerBPSP99 float64 `json:"lower_bound_bps_p99"`
	UpperBPSP50 float64 `json:"upper_bound_bps_p50"`
	UpperBPSP99 float64 `json:"upper_bound_bps_p99"`
	// Ranks disconnected and degraded.
	RanksDisconnectedP50 int `json:"ranks_disconnected_p50"`
	RanksDisconnectedP99 int `json:"ranks_disconnected_p99"`
	RanksDegradedP50     int `json:"ranks_degraded_p50"`
	RanksDegradedP99     int `json:"ranks_degraded_p99"`
}

// Outcome is what one scenario does to the design.
type Outcome struct {
	Class string `json:"class"`
	// Group names the failed group (for N−2, both, joined by " + ").
	Group string `json:"group"`
	// Holds says what devices the failed group holds, for a rack of the
	// cable plan or a declared risk group (whose names do not say it):
	// "8 spine switches", "4 DGX-H100 servers, 1 leaf switch"; absent
	// for other classes.
	Holds string `json:"holds,omitempty"`
	// Orbit is the number of scenarios this evaluation stands for: the
	// group and its twins (the same links to the same neighbours), which
	// give the same numbers by symmetry; 1 when it stands for itself.
	Orbit int `json:"orbit"`
	// Occurrences counts the Monte Carlo draws that gave this scenario
	// (absent in a deterministic sweep).
	Occurrences int `json:"occurrences,omitempty"`
	// Fabrics holds the fabrics the failure touches, in fabric order;
	// untouched fabrics keep their baseline.
	Fabrics []FabricOutcome `json:"fabrics"`
	// NVLinkDomains counts the design's NVLink domains (nvlink_domain
	// fabrics) and those whose GPUs all keep every NVLink link; absent
	// when the design has none.
	NVLinkDomains *DomainsIntact `json:"nvlink_domains,omitempty"`
	// Workloads holds every workload's fate, in source order.
	Workloads []WorkloadOutcome `json:"workloads,omitempty"`
	// Flows holds the flow blocks whose fabric the failure touches, in
	// source order, answered on the surviving graph without the failed
	// ends.
	Flows []FlowOutcome `json:"flows,omitempty"`
	// failure is what the scenario fails.
	failure ir.Failure
}

// Failure returns what the scenario fails (its representative's, for an
// orbit of twins).
func (o *Outcome) Failure() ir.Failure { return o.failure }

// FlowOutcome is a flow block's answer after a failure (analyzers/flow).
type FlowOutcome struct {
	Flow       string  `json:"flow"`
	MaxFlowBPS float64 `json:"max_flow_bps"`
	ECMPBPS    float64 `json:"ecmp_bps"`
	WCMPBPS    float64 `json:"wcmp_bps"`
	// StrandedEnds counts the ends that survive the failure but are cut
	// off from the other end (flow.Reachable): they are left out, as
	// failed ends are, and the answers are the survivors'. Omitted for
	// the intact answers.
	StrandedEnds int `json:"stranded_ends,omitempty"`
}

// FabricOutcome is one fabric after a failure.
type FabricOutcome struct {
	Fabric string `json:"fabric"`
	// LostEndpoints counts endpoint ports whose device or link failed;
	// StrandedEndpoints those still cabled but cut off from the fabric's
	// main part (the connected piece with the most endpoint capacity).
	LostEndpoints     int `json:"lost_endpoints"`
	StrandedEndpoints int `json:"stranded_endpoints"`
	// RanksDisconnected counts GPUs (or implicit hosts, or servers without
	// GPUs) left with no capacity on the fabric's main part, failed ones
	// included; RanksDegraded those that keep some but lost part of it (a
	// rail, a plane, a port of a dual-homed NIC).
	RanksDisconnected int `json:"ranks_disconnected"`
	RanksDegraded     int `json:"ranks_degraded"`
	// Bisection is the residual bisection over the surviving endpoints
	// of the main part, as a proven interval.
	LowerBoundBPS float64 `json:"lower_bound_bps"`
	UpperBoundBPS float64 `json:"upper_bound_bps"`
	Method        string  `json:"method"`
	// LowerBoundMethod proves the lower end, as bisection.Fabric's does,
	// or "residual" (resilience.md "The residual lower bound").
	LowerBoundMethod string `json:"lower_bound_method"`
	// LowerBoundRatio and UpperBoundRatio divide the residual bounds by
	// the intact design's half injection, so a lost spine of s reads
	// (s−1)/s and lost endpoints count against the ratio.
	LowerBoundRatio float64 `json:"lower_bound_ratio"`
	UpperBoundRatio float64 `json:"upper_bound_ratio"`
	// LowerPercent and UpperPercent bound the residual bisection as a
	// percentage of the intact one: residual lower ÷ intact upper and
	// residual upper ÷ intact lower (nil when the intact lower bound is
	// 0, which bounds nothing).
	LowerPercent float64  `json:"lower_percent_of_baseline"`
	UpperPercent *float64 `json:"upper_percent_of_baseline"`
	// Units counts, per unit kind of the fabric's access switches (su,
	// pod, group), the units whose ranks all stay whole.
	Units []UnitsIntact `json:"units,omitempty"`
	// Oversubscription is each tier's worst down ÷ up after the failure,
	// next to the intact one (the oversubscription analyzer's per-tier
	// ratio over the surviving switches and links; exact); omitted when
	// the fabric has no tier with uplinks.
	Oversubscription []TierOversub `json:"oversubscription,omitempty"`
	// UnitOversubscription is, per unit kind wider than one switch (su,
	// pod, group, rail, plane, su_rail, …), the worst endpoint injection
	// ÷ capacity leaving a unit after the failure, next to the intact
	// one (oversub.ResidualUnits; exact); omitted when the fabric has no
	// such kind.
	UnitOversubscription []UnitOversub `json:"unit_oversubscription,omitempty"`
}

// UnitOversub is one unit kind's end-to-end oversubscription after a
// failure.
type UnitOversub struct {
	Kind string `json:"kind"`
	// Ratio is the worst injection ÷ leaving capacity over the kind's
	// units that keep both, named by Worst; IntactRatio the intact
	// design's worst.
	Ratio       float64 `json:"ratio"`
	IntactRatio float64 `json:"intact_ratio"`
	Worst       string  `json:"worst"`
	// CutOff counts units that still inject but have no capacity left
	// leaving them (their traffic to the rest has no path).
	CutOff int `json:"cut_off"`
}

// TierOversub is one tier's oversubscription after a failure.
type TierOversub struct {
	Tier string `json:"tier"`
	// Ratio is the worst down ÷ up of the tier's surviving switches that
	// keep uplinks, named by Worst; IntactRatio the intact design's.
	Ratio       float64 `json:"ratio"`
	IntactRatio float64 `json:"intact_ratio"`
	Worst       string  `json:"worst"`
	// WithoutUplinks counts the tier's switches left with downlinks but
	// no uplink (their endpoints reach the fabric only through them).
	WithoutUplinks int `json:"without_uplinks"`
}

// DomainsIntact counts NVLink domains after a failure.
type DomainsIntact struct {
	Total  int `json:"total"`
	Intact int `json:"intact"`
}

// The values of WorkloadOutcome.Status.
const (
	// StatusUnaffected: no rank lost anything and no collective is more
	// congested on the surviving graph.
	StatusUnaffected = "unaffected"
	// StatusSlowed: every rank keeps its links, but some collective's
	// busiest link is more loaded than before (traffic rerouted), or the
	// collective takes longer; each collective is compared with itself.
	StatusSlowed = "slowed"
	// StatusRestart: a rank failed or lost an endpoint link it uses; NCCL
	// aborts the communicator (NVIDIA/nccl#998) and the job restarts from
	// its last checkpoint.
	StatusRestart = "restart"
	// StatusSurvives: no rank lost anything; a Monte Carlo run does not
	// route the collectives again, so whether they slow is not known.
	StatusSurvives = "survives"
)

// WorkloadOutcome is one workload's fate in a scenario.
type WorkloadOutcome struct {
	Workload string `json:"workload"`
	// Status is StatusUnaffected, StatusSlowed, StatusRestart or (Monte
	// Carlo) StatusSurvives.
	Status string `json:"status"`
	// Reason names the first rank lost and how, or the congestion change.
	Reason string `json:"reason,omitempty"`
	// BaselineCongestion is the largest congestion factor over the
	// workload's collectives on the intact design; Congestion the same on
	// the surviving graph (absent when the job restarts or its fabric is
	// untouched).
	BaselineCongestion float64  `json:"baseline_congestion_factor"`
	Congestion         *float64 `json:"congestion_factor,omitempty"`
}

// set fills the bisection fields from the intact (base) and residual
// (res) results. With the same terminals (same, no endpoint or GPU lost)
// the residual cannot exceed the intact bisection (removing links never
// raises a cut over the same balanced splits), so the intact upper bound
// caps the residual one and the share of intact is at most 100%.
func (fo *FabricOutcome) set(base, res *bisection.Fabric, same bool) {
	fo.LowerBoundBPS, fo.UpperBoundBPS, fo.Method, fo.LowerBoundMethod = res.LowerBoundBPS, res.UpperBoundBPS, res.Method, res.LowerBoundMethod
	if same && base.UpperBoundBPS < fo.UpperBoundBPS {
		fo.UpperBoundBPS = base.UpperBoundBPS
		if fo.LowerBoundBPS >= fo.UpperBoundBPS*(1-1e-9) {
			fo.LowerBoundBPS, fo.Method = fo.UpperBoundBPS, bisection.MethodExact
		}
	}
	if h := base.HalfInjectionBPS; h > 0 {
		fo.LowerBoundRatio, fo.UpperBoundRatio = fo.LowerBoundBPS/h, fo.UpperBoundBPS/h
	}
	if base.UpperBoundBPS > 0 {
		fo.LowerPercent = 100 * fo.LowerBoundBPS / base.UpperBoundBPS
	}
	if base.LowerBoundBPS > 0 {
		u := 100 * fo.UpperBoundBPS / base.LowerBoundBPS
		if same {
			u = min(u, 100)
		}
		fo.UpperPercent = &u
	}
}
