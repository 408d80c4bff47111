package congestion

// The JSON shapes of the congestion analysis (`workloads` of `topoc check
// --format json`; docs/json.md documents every field). Units are in the
// field names: _bps bits per second per direction, _bytes, _s seconds;
// ratios are plain numbers.

import (
	"bytes"
	"encoding/json"
)

// Workload is one workload's entry.
type Workload struct {
	Name    string `json:"name"`    // the block's label
	GPUs    int    `json:"gpus"`    // ranks placed (GPUs or implicit hosts)
	Servers int    `json:"servers"` // servers they span
	// hosts is true when the ranks are implicit hosts (fabric endpoints
	// with no GPU), which the text calls hosts, not GPUs.
	hosts bool
	// Fabric is the scale-out fabric ("" when none).
	Fabric      string      `json:"fabric,omitempty"`
	Placement   string      `json:"placement"`   // "packed", "spread" or "random"
	Parallelism Parallelism `json:"parallelism"` // the group sizes
	// Method is how the fabric was routed: "closed_form" or "bfs".
	Method string `json:"method,omitempty"`
	// MethodNote says why the closed form did not apply.
	MethodNote  string       `json:"method_note,omitempty"`
	Collectives []Collective `json:"collectives"` // derived from the model first, then the written ones in source order
	// ComputeDerivation says how the model block's compute time was
	// reached; absent when compute_time was written.
	ComputeDerivation string `json:"compute_derivation,omitempty"`
	// Step is the step-time model (with compute_time only, and only when
	// every collective can be routed).
	Step *Step `json:"step,omitempty"`
	// Scaling is the what-if table over GPU counts (with compute_time
	// and routable collectives only; a count whose collectives cannot all
	// be routed has no row).
	Scaling []ScalingRow `json:"scaling,omitempty"`
	// Levers are the what-ifs of the workload's lever blocks, in source
	// order (without a compute time, their step is their communication).
	Levers []LeverRow `json:"levers,omitempty"`
}

// Parallelism echoes the group sizes (Data × Tensor × Pipeline × Context
// = GPUs) and the rank order.
type Parallelism struct {
	Data     int    `json:"data"`     // data-parallel group size
	Tensor   int    `json:"tensor"`   // tensor-parallel group size
	Pipeline int    `json:"pipeline"` // pipeline stages
	Expert   int    `json:"expert"`   // expert-parallel group size (divides Data)
	Context  int    `json:"context"`  // context-parallel group size (1: sequences not split)
	Order    string `json:"order"`    // rank order, fastest first (ir.Parallelism.Order; ir.DefaultOrder when unset)
}

// Collective is one collective's result.
type Collective struct {
	Name      string `json:"name"`      // the block's label
	Op        string `json:"op"`        // "allreduce", "allgather", ...
	Algorithm string `json:"algorithm"` // "ring", "tree", "hierarchical", "nvls", "direct"
	Group     string `json:"group"`     // the parallel dimension it runs over
	// Groups is how many instances run concurrently; Ranks the ranks of
	// the largest (n in the formulas).
	Groups    int     `json:"groups"`
	Ranks     int     `json:"ranks"`
	SizeBytes float64 `json:"size_bytes"` // one rank's buffer (nccl-tests)
	PerStep   float64 `json:"per_step"`   // runs per training step
	// Derivation is the arithmetic and source of a collective derived
	// from the workload's model block; absent for a written one.
	Derivation string `json:"derivation,omitempty"`
	Order      string `json:"order"`   // "rail_aware" or "naive"
	Routing    string `json:"routing"` // "ecmp", "ideal" or "pinned"
	Path       string `json:"path"`    // "minimal", "valiant" or "ugal"
	// Flows counts the point-to-point transfers routed (rank pairs × ring
	// channels; AllToAll pairs); Unroutable those with no path.
	Flows int64 `json:"flows"`
	// Unroutable counts the transfers that have no path (the
	// collective-unroutable error). When it is above 0 the collective
	// never completes: Throughput, the times, AlgBWBPS and BusBWBPS are
	// 0 here and null in JSON (MarshalJSON), Phases and InNetwork absent,
	// and CongestionFactor and HotLinks cover the routed transfers only.
	Unroutable int `json:"unroutable,omitempty"`
	// CongestionFactor is the largest offered load ÷ capacity over every
	// link direction (docs/reference/design-brief.md "Congestion load"); Throughput is
	// min(1, 1/CongestionFactor), the share of its offered rate the
	// busiest link lets the traffic through.
	CongestionFactor float64 `json:"congestion_factor"`
	Throughput       float64 `json:"throughput"`
	// HotLinks are the busiest link directions of the worst phase.
	HotLinks []HotLink `json:"hot_links"`
	// ECMP compares realised hash collisions with the closed form
	// (routing = "ecmp" only).
	ECMP *ECMP `json:"ecmp,omitempty"`
	// ExpectedHashing is present when static hashing of an AllToAll was
	// replaced by its expectation, with the spread to expect around it:
	// past the queue pairs topoc walks one by one, and always for a UGAL
	// AllToAll (routed by router pair; analyzers/internal/routing).
	ExpectedHashing *ExpectedHashing `json:"expected_hashing,omitempty"`
	// AlgBWBPS = size ÷ time; BusBWBPS = AlgBWBPS × BusBWFactor
	// (nccl-tests), in bits per second.
	AlgBWBPS    float64 `json:"algbw_bps"`
	BusBWBPS    float64 `json:"busbw_bps"`
	BusBWFactor float64 `json:"busbw_factor"`
	// TimeS = LatencyS + BandwidthTimeS (alpha-beta), summed over phases.
	TimeS          float64 `json:"time_s"`
	LatencyS       float64 `json:"latency_s"`
	BandwidthTimeS float64 `json:"bandwidth_time_s"`
	// Phases lists multi-phase algorithms' phases (hierarchical, NVLS
	// across servers).
	Phases []Phase `json:"phases,omitempty"`
	// InNetwork is the gain of in-network reduction, where the switches
	// support it (AllReduce only).
	InNetwork *InNetwork `json:"in_network,omitempty"`
}

// HotLink is one of the busiest link directions of a collective.
type HotLink struct {
	// Link is "from -> to", the direction of the load.
	Link        string  `json:"link"`
	Kind        string  `json:"kind"`         // the link kind ("leaf_spine", "nvlink", ...)
	CapacityBPS float64 `json:"capacity_bps"` // one link's capacity per direction
	LoadBPS     float64 `json:"load_bps"`     // offered load on one link
	Utilization float64 `json:"utilization"`  // LoadBPS ÷ CapacityBPS
	// ParallelLinks is the number of parallel links (an NVLink bundle
	// between one GPU and one NVSwitch) that carry this load equally; the
	// other fields are per link.
	ParallelLinks int `json:"parallel_links"`
	// Flows counts the listed transfers that cross the link (AllToAll
	// pairs are aggregated and not counted); TopFlows names the largest
	// rank pairs, each with the summed load of its transfers (one per
	// ring channel).
	Flows    int        `json:"flows"`
	TopFlows []FlowLoad `json:"top_flows,omitempty"`
}

// FlowLoad is one rank pair's load on a link: the sum over its
// transfers.
type FlowLoad struct {
	Src     string  `json:"src"`      // sending rank's name
	Dst     string  `json:"dst"`      // receiving rank's name
	LoadBPS float64 `json:"load_bps"` // its load on one link
}

// ECMP holds static-hashing collision statistics over the decisions where
// n ≥ 2 queue pairs hashed onto the same m ≥ 2 next hops.
type ECMP struct {
	Decisions     int `json:"decisions"`      // decisions with n ≥ 2, m ≥ 2
	CollisionFree int `json:"collision_free"` // those without a shared link
	// ExpectedCollisionFree is Σ m!/((m−n)!·mⁿ) over the decisions, and
	// StddevCollisionFree its standard deviation under uniform hashing.
	ExpectedCollisionFree float64 `json:"expected_collision_free"`
	StddevCollisionFree   float64 `json:"stddev_collision_free"`
}

// ExpectedHashing reports that QPs queue pairs were routed by the
// expectation of static hashing (the even split) instead of one by one;
// RelativeError is about 1/√N for the N of them that cross the busiest
// fabric link: the relative standard deviation of its hashed load around
// the expectation.
type ExpectedHashing struct {
	QPs           float64 `json:"qps"`            // queue pairs routed by expectation
	RelativeError float64 `json:"relative_error"` // ≈ 1/√N at the busiest fabric link
}

// Phase is one phase of a multi-phase algorithm.
type Phase struct {
	Name             string  `json:"name"`              // "intra_reduce_scatter", ...
	TimeS            float64 `json:"time_s"`            // latency + bandwidth term
	CongestionFactor float64 `json:"congestion_factor"` // of this phase
}

// InNetwork is the estimate with in-network reduction.
type InNetwork struct {
	// Kind is "nvls" (NVLink SHARP inside an NVLink domain), "sharp" (the
	// fabric's switches reduce) or "nvls+sharp".
	Kind    string  `json:"kind"`
	TimeS   float64 `json:"time_s"`  // the estimate's time
	Speedup float64 `json:"speedup"` // the collective's time ÷ TimeS
}

// Step is the step-time model.
type Step struct {
	ComputeTimeS float64 `json:"compute_time_s"` // compute_time
	CommTimeS    float64 `json:"comm_time_s"`    // Σ collectives' time × per_step
	// HiddenTimeS is the data-parallel communication that runs during the
	// backward pass: min(overlap × its time, the backward pass), with the
	// model's overlap (0 without a model).
	HiddenTimeS  float64 `json:"hidden_time_s"`
	TimeS        float64 `json:"time_s"`         // compute + communication − hidden
	OverlapTimeS float64 `json:"overlap_time_s"` // max(compute, communication): every collective hidden
}

// LeverRow is one lever's what-if: the job with the lever's changes,
// routed on the same fabric and placement.
type LeverRow struct {
	Name    string   `json:"name"`    // the lever block's label
	Changes []string `json:"changes"` // what it sets, "gradient_dtype = fp8"
	// ComputeTimeS, CommTimeS, HiddenTimeS and StepTimeS are as in Step
	// (StepTimeS = compute + communication − hidden).
	ComputeTimeS float64 `json:"compute_time_s"`
	CommTimeS    float64 `json:"comm_time_s"`
	HiddenTimeS  float64 `json:"hidden_time_s"`
	StepTimeS    float64 `json:"step_time_s"`
	// Speedup is the job's step time ÷ the lever's (above 1: faster); 0
	// when the job's own collectives cannot all be routed.
	Speedup float64 `json:"speedup"`
	// Unroutable counts the lever's transfers that have no path; when it
	// is above 0 the lever's job never completes a step, and only Name,
	// Changes and ComputeTimeS are set.
	Unroutable int `json:"unroutable,omitempty"`
}

// ScalingRow is one row of the scaling what-if: the job placed on GPUs
// ranks (data parallelism grows, the other sizes stay), weak scaling at a
// fixed per-GPU batch, so throughput is proportional to GPUs ÷ step time.
type ScalingRow struct {
	GPUs         int     `json:"gpus"`           // ranks placed
	CommTimeS    float64 `json:"comm_time_s"`    // communication per step
	StepTimeS    float64 `json:"step_time_s"`    // compute + communication − hidden
	OverlapTimeS float64 `json:"overlap_time_s"` // max(compute, communication)
	// IdealSpeedup is GPUs ÷ the first row's GPUs; Speedup and
	// OverlapSpeedup the predicted throughput ratio without and with
	// overlap; Efficiency and OverlapEfficiency the ratio to ideal.
	IdealSpeedup      float64 `json:"ideal_speedup"`
	Speedup           float64 `json:"speedup"`
	OverlapSpeedup    float64 `json:"overlap_speedup"`
	Efficiency        float64 `json:"efficiency"`
	OverlapEfficiency float64 `json:"overlap_efficiency"`
}

// MarshalJSON writes c as its fields say, except that a collective that
// never completes (Unroutable above 0) has null for its throughput,
// times and bandwidths, and for its congestion factor too when no
// transfer was routed (Flows 0): a requirement that reads one is then
// invalid, never met by a 0.
func (c Collective) MarshalJSON() ([]byte, error) {
	type plain Collective
	if c.Unroutable == 0 {
		return marshal(plain(c))
	}
	// The outer fields shadow the embedded ones of the same names; the
	// congestion factor stays unless nothing was routed, when it
	// describes no transfer either.
	cf := &c.CongestionFactor
	if c.Flows == 0 {
		cf = nil
	}
	return marshal(struct {
		plain
		CongestionFactor *float64 `json:"congestion_factor"`
		Throughput       *float64 `json:"throughput"`
		AlgBWBPS         *float64 `json:"algbw_bps"`
		BusBWBPS         *float64 `json:"busbw_bps"`
		TimeS            *float64 `json:"time_s"`
		LatencyS         *float64 `json:"latency_s"`
		BandwidthTimeS   *float64 `json:"bandwidth_time_s"`
	}{plain: plain(c), CongestionFactor: cf})
}

// MarshalJSON writes r as its fields say, except that a lever whose job
// cannot be routed has null for its times and speed-up, and one whose
// job's own collectives cannot all be routed has a null speed-up.
func (r LeverRow) MarshalJSON() ([]byte, error) {
	type plain LeverRow
	if r.Unroutable == 0 && r.Speedup != 0 {
		return marshal(plain(r))
	}
	times := func(v float64) *float64 { // null when the job is unroutable
		if r.Unroutable > 0 {
			return nil
		}
		return &v
	}
	return marshal(struct {
		plain
		CommTimeS   *float64 `json:"comm_time_s"`
		HiddenTimeS *float64 `json:"hidden_time_s"`
		StepTimeS   *float64 `json:"step_time_s"`
		Speedup     *float64 `json:"speedup"`
	}{plain: plain(r), CommTimeS: times(r.CommTimeS), HiddenTimeS: times(r.HiddenTimeS), StepTimeS: times(r.StepTimeS)})
}

// marshal is json.Marshal without HTML escaping, as the report writes
// every other field ("a -> b", not "a -\u003e b"): a MarshalJSON's bytes
// are copied into the report as they are.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
