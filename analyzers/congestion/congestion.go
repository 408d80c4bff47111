// Package congestion routes every workload's collectives over the compiled
// fabric and reports where they collide and what that costs: per link
// direction, the offered load of every transfer under the collective's
// routing (ECMP hashing, ideal split, pinned; minimal, Valiant or UGAL on
// dragonflies); per collective, the congestion factor, the hottest links
// and the transfers behind them, realised ECMP collisions against the
// closed form, algbw and busbw (nccl-tests factors), the alpha-beta time
// with latencies from NCCL's model and the catalogue, and the gain of
// NVLS/SHARP in-network reduction; per workload, the step time with and
// without overlap and a scaling what-if table. docs/workloads.md gives the
// model, its formulas and sources, and what is exact or approximated.
package congestion

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"math"
	"sort"
	"strconv"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/analyzers/internal/routing"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// HotLinks is the number of busiest link directions listed per collective.
const HotLinks = 5

// TopFlows is the number of transfers named per hot link, and
// MaxAttributed the most candidate transfers whose share of a hot link is
// computed (the count of transfers crossing it is always complete).
const (
	TopFlows      = 3
	MaxAttributed = 4096
)

// Analyzer is the congestion analysis; its result is *Result.
var Analyzer = &analysis.Analyzer{
	Name: "congestion",
	Doc:  "route workloads' collectives on the fabric: congestion factor, hot links, busbw, time, scaling",
	Run: func(p *analysis.Pass) (any, error) {
		return Analyze(p.Graph, p.Report), nil
	},
}

// ResultOf reads the Analyzer's result, the workloads' collectives and link loads (analysis.Declare).
var ResultOf = analysis.Declare[*Result](Analyzer)

// Result is the analysis of every workload, in source order.
type Result struct {
	// Workloads holds one entry per workload block.
	Workloads []Workload
	// linkLoads is load ÷ capacity per LinkID (the larger direction) of
	// the phase with the highest congestion factor of any collective.
	linkLoads []float64
	// loadsFrom names the collective whose phase linkLoads holds.
	loadsFrom string
	// worstFabric and worst are that phase's highest load on a fabric
	// link and its congestion factor.
	worstFabric, worst float64
}

// LinkLoads returns, per LinkID, the load ÷ capacity of the collective
// phase that loads a fabric link most (the larger of the two
// directions), for the diagram heatmap, which draws fabric links: a
// tensor-parallel phase congested inside the servers' NVLink would show
// every fabric bundle at 0%. Ties, and designs whose workloads load no
// fabric link, go to the phase of the highest congestion factor. nil
// when no workload was analysed.
func (r *Result) LinkLoads() []float64 {
	if r == nil {
		return nil
	}
	return r.linkLoads
}

// LinkLoadsFrom names the collective whose phase
// LinkLoads holds, for a heatmap's caption: `workload "llm-70b",
// collective "gradients"`; "" when there is none.
func (r *Result) LinkLoadsFrom() string {
	if r == nil {
		return ""
	}
	return r.loadsFrom
}

// Analyze evaluates every workload of g, reporting diagnostics to report.
func Analyze(g *ir.Graph, report func(*hcl.Diagnostic)) *Result {
	res := &Result{Workloads: []Workload{}}
	if len(g.Workloads) == 0 {
		return res
	}
	s := newSystem(g)
	for i := range g.Workloads {
		res.Workloads = append(res.Workloads, evaluate(s, &g.Workloads[i], report, res))
	}
	return res
}

// job is a workload placed on a number of ranks.
type job struct {
	s     *system
	wl    *ir.Workload
	ranks []ir.NodeID
	par   ir.Parallelism
	fab   *plane
	nm    *nicMap
	loads *routing.Loads
	views [2]*routing.Loads
	// catalogue latency per switch on the fabric and in NVLink domains.
	swNet, swIntra float64
	// noInNetwork skips the in-network what-if (benchmarks).
	noInNetwork bool
}

func newJob(s *system, wl *ir.Workload, count int, loads *routing.Loads) *job {
	j := &job{s: s, wl: wl, loads: loads, par: wl.Parallelism, views: [2]*routing.Loads{loads.View(), loads.View()}}
	j.ranks = wl.Placement.Place(s.g, wl.Pool, count)
	if count != wl.Placement.Count {
		j.par.Data = count / (j.par.Tensor * j.par.Pipeline * j.par.ContextSize())
	}
	lat := map[string]float64{}
	for _, f := range wl.Switches {
		lat[f.Model] = f.LatencyS
	}
	if wl.Fabric != ir.None {
		j.fab = s.fabric(wl.Fabric)
		j.nm = s.nicsOf(wl.Fabric, j.ranks)
		for _, n := range j.fab.p.Nodes {
			if nd := &s.g.Nodes[n]; nd.Kind.IsSwitch() {
				j.swNet = max(j.swNet, lat[nd.ModelName()])
			}
		}
	}
	for _, n := range s.up.p.Nodes {
		if nd := &s.g.Nodes[n]; nd.Kind == ir.KindNVSwitch {
			j.swIntra = max(j.swIntra, lat[nd.ModelName()])
		}
	}
	return j
}

// outcome is one collective's routed phases.
type outcome struct {
	phases []phaseResult
	run    *run
	grps   [][]ir.NodeID
	time   float64
	// unroutable counts the transfers of every phase that have no path;
	// when it is above 0, time is that of the routed transfers only and
	// means nothing for the collective, which does not complete.
	unroutable int
}

// runCollective routes collective c (algorithm overridden by alg, and
// with SHARP when sharp is set) on the job's ranks.
func (j *job) runCollective(c *ir.Collective, alg string, sharp bool, snapshot func(*run, *phaseResult)) outcome {
	idx := j.par.Groups(len(j.ranks), c.Group)
	grps := make([][]ir.NodeID, len(idx))
	for i, g := range idx {
		grps[i] = make([]ir.NodeID, len(g))
		for k, r := range g {
			grps[i][k] = j.ranks[r]
		}
	}
	cc := *c
	cc.Algorithm = alg
	b := &builder{s: j.s, railAware: c.Order == "rail_aware"}
	var phs []phase
	if sharp {
		phs = b.twoLevel(j.wl.NVLS && alg == "nvls", true, c.SizeBytes, grps)
	} else {
		phs = b.phases(&cc, grps)
	}
	mode := routing.Ideal
	switch c.Routing {
	case "ecmp":
		mode = routing.Hash
	case "pinned":
		mode = routing.Pinned
	}
	var transit ir.Transit
	if j.wl.Fabric != ir.None {
		transit = j.s.g.Fabrics[j.wl.Fabric].Transit
	}
	r := &run{s: j.s, c: &cc, fab: j.fab, nm: j.nm, loads: j.loads, views: j.views, railAware: b.railAware, transit: transit,
		opt:     routing.Options{Mode: mode, Seed: c.Seed, Stats: mode == routing.Hash},
		swIntra: j.swIntra, swNetPerSwitch: j.swNet}
	out := outcome{run: r, grps: grps}
	salt := collectiveSalt(j.wl.Name, c.Name)
	for i := range phs {
		r.salt = salt<<8 | uint64(i)
		pr := r.routePhase(&phs[i], b.pace)
		if snapshot != nil {
			snapshot(r, &pr)
		}
		out.time += pr.time()
		out.unroutable += pr.unroutable
		out.phases = append(out.phases, pr)
	}
	return out
}

func evaluate(s *system, wl *ir.Workload, report func(*hcl.Diagnostic), res *Result) Workload {
	g := s.g
	if s.loads == nil {
		// One set of loads for every workload: each phase resets the
		// cells it wrote, so the next starts from zero.
		s.loads = routing.NewLoads(g)
	}
	loads := s.loads
	j := newJob(s, wl, wl.Placement.Count, loads)
	out := Workload{Name: wl.Name, GPUs: len(j.ranks), Placement: wl.Placement.Strategy,
		Parallelism: Parallelism{Data: j.par.Data, Tensor: j.par.Tensor, Pipeline: j.par.Pipeline, Expert: j.par.Expert, Context: j.par.ContextSize(), Order: cmp.Or(j.par.Order, ir.DefaultOrder)},
		Collectives: []Collective{}, ComputeDerivation: wl.ComputeDerivation}
	servers := map[ir.NodeID]bool{}
	out.hosts = len(j.ranks) > 0
	for _, r := range j.ranks {
		servers[s.server(r)] = true
		out.hosts = out.hosts && g.Nodes[r].Kind != ir.KindGPU
	}
	out.Servers = len(servers)
	if j.fab != nil {
		out.Fabric = g.Fabrics[wl.Fabric].Name
		out.Method = j.fab.eng.Method()
		out.MethodNote = j.fab.reason
	}
	var comm, dp float64
	unroutable := false
	for ci := range wl.Collectives {
		c := &wl.Collectives[ci]
		snap := func(r *run, pr *phaseResult) {
			fab := fabricPeak(s, r.loads)
			if fab > res.worstFabric || fab == res.worstFabric && pr.cf > res.worst || res.linkLoads == nil {
				res.worst, res.worstFabric = pr.cf, fab
				res.linkLoads = linkUtil(s, r.loads, res.linkLoads)
				res.loadsFrom = fmt.Sprintf("workload %q, collective %q", wl.Name, c.Name)
			}
		}
		col := j.collective(c, snap, report)
		unroutable = unroutable || col.Unroutable > 0
		comm += col.TimeS * c.PerStep
		if gradientSync(c) {
			dp += col.TimeS * c.PerStep
		}
		out.Collectives = append(out.Collectives, col)
	}
	base := comm // without a compute time, levers compare communication
	if unroutable {
		// A step with a collective that never completes has no time, and
		// neither has anything compared with it.
		base = 0
	} else if wl.ComputeTimeS > 0 {
		t, hidden := stepTime(wl.ComputeTimeS, comm, dp, wl.BackwardTimeS, wl.Overlap)
		out.Step = &Step{ComputeTimeS: wl.ComputeTimeS, CommTimeS: comm, HiddenTimeS: hidden,
			TimeS: t, OverlapTimeS: math.Max(wl.ComputeTimeS, comm)}
		out.Scaling = scaling(s, wl, loads)
		base = t
	}
	for li := range wl.Levers {
		out.Levers = append(out.Levers, lever(s, wl, &wl.Levers[li], loads, base))
	}
	out.settle()
	return out
}

// gradientSync reports a collective of the data-parallel gradient sync,
// the communication that may run during the backward pass.
// collectiveSalt seeds the ECMP hash of a collective's flows from its
// workload's and its own name (FNV-1a, 64 bits), so that an edit
// elsewhere in the design (a node group added before it) does not move
// which of its flows collide; a salt from its position among the
// design's source ranges did (issue 16's review, 2026-12-06).
func collectiveSalt(workload, collective string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(workload))
	h.Write([]byte{0})
	h.Write([]byte(collective))
	return h.Sum64() >> 8 // room for the phase index below it
}

func gradientSync(c *ir.Collective) bool {
	return c.Group == "data" || c.Group == "data_context" || c.Group == "expert_data"
}

// stepTime is compute + communication − hidden, where hidden, the
// gradient sync run during the backward pass, is min(overlap × dp,
// backward): the sync cannot hide behind more than the backward pass.
func stepTime(compute, comm, dp, backward, overlap float64) (t, hidden float64) {
	hidden = math.Min(overlap*dp, backward)
	return compute + comm - hidden, hidden
}

// lever evaluates one lever: its collectives routed on the job's
// placement with the lever's parallelism, AllReduces reduced in the
// network where the lever asks and the parts make it faster.
func lever(s *system, wl *ir.Workload, l *ir.Lever, loads *routing.Loads, base float64) LeverRow {
	v := *wl
	v.Parallelism, v.Collectives = l.Parallelism, l.Collectives
	j := newJob(s, &v, v.Placement.Count, loads)
	var comm, dp float64
	unroutable := 0
	for ci := range v.Collectives {
		c := &v.Collectives[ci]
		col := j.collective(c, nil, nil)
		unroutable += col.Unroutable
		t := col.TimeS
		if l.InNetwork && col.InNetwork != nil && col.InNetwork.TimeS < t {
			t = col.InNetwork.TimeS
		}
		comm += t * c.PerStep
		if gradientSync(c) {
			dp += t * c.PerStep
		}
	}
	if unroutable > 0 {
		return LeverRow{Name: l.Name, Changes: l.Changes, ComputeTimeS: l.ComputeTimeS, Unroutable: unroutable}
	}
	t, hidden := stepTime(l.ComputeTimeS, comm, dp, l.BackwardTimeS, l.Overlap)
	row := LeverRow{Name: l.Name, Changes: l.Changes, ComputeTimeS: l.ComputeTimeS, CommTimeS: comm,
		HiddenTimeS: hidden, StepTimeS: t}
	if base > 0 {
		row.Speedup = base / t
	}
	return row
}

// collectiveOnly evaluates c without the in-network what-if or
// diagnostics (benchmarks).
func (j *job) collectiveOnly(c *ir.Collective) Collective {
	j.noInNetwork = true
	defer func() { j.noInNetwork = false }()
	return j.collective(c, nil, nil)
}

// collective evaluates one collective of the job and reports on it.
func (j *job) collective(c *ir.Collective, snap func(*run, *phaseResult), report func(*hcl.Diagnostic)) Collective {
	g := j.s.g
	col := Collective{Name: c.Name, Op: c.Op, Algorithm: c.Algorithm, Group: c.Group, SizeBytes: c.SizeBytes,
		PerStep: c.PerStep, Derivation: c.Derivation, Order: c.Order, Routing: c.Routing, Path: c.Path, HotLinks: []HotLink{}}
	o := j.runCollective(c, c.Algorithm, false, snap)
	defer j.s.release(&o)
	col.Groups = len(o.grps)
	for _, gr := range o.grps {
		col.Ranks = max(col.Ranks, len(gr))
	}
	rng := g.Range(c.Origin)
	if col.Ranks < 2 {
		if report != nil {
			report(diag.Info(diag.CollectiveTrivial, rng, "Collective moves nothing",
				fmt.Sprintf("Every %s group of workload %q holds one rank, so collective %q has no peers; check the parallelism block or the group.", c.Group, j.wl.Name, c.Name)))
		}
		return col
	}
	worst, unroutable := -1, o.unroutable
	var ecmp routing.ECMPStats
	var expected *ExpectedHashing
	for i, pr := range o.phases {
		col.Flows += int64(pr.flows)
		col.LatencyS += pr.latency
		col.BandwidthTimeS += pr.bwTime
		if worst < 0 || pr.cf > o.phases[worst].cf {
			worst = i
		}
		e := pr.fabRes.ECMP
		ecmp.Decisions += e.Decisions
		ecmp.CollisionFree += e.CollisionFree
		ecmp.ExpectedCollisionFree += e.ExpectedCollisionFree
		ecmp.VarianceCollisionFree += e.VarianceCollisionFree
		if pr.fabRes.Expected {
			expected = j.expectedOf(&pr)
		}
		if len(o.phases) > 1 {
			col.Phases = append(col.Phases, Phase{Name: pr.name, TimeS: pr.time(), CongestionFactor: settle(pr.cf)})
		}
	}
	col.TimeS = col.LatencyS + col.BandwidthTimeS
	wp := &o.phases[worst]
	col.CongestionFactor = settle(wp.cf)
	if col.CongestionFactor > 0 {
		col.Throughput = math.Min(1, 1/col.CongestionFactor)
	}
	col.HotLinks = j.hotLinks(o.run, wp)
	if c.Routing == "ecmp" && ecmp.Decisions > 0 {
		col.ECMP = &ECMP{Decisions: ecmp.Decisions, CollisionFree: ecmp.CollisionFree,
			ExpectedCollisionFree: ecmp.ExpectedCollisionFree, StddevCollisionFree: math.Sqrt(ecmp.VarianceCollisionFree)}
	}
	col.ExpectedHashing = expected
	col.BusBWFactor = BusBWFactor(c.Op, c.Algorithm, col.Ranks)
	if col.TimeS > 0 {
		col.AlgBWBPS = 8 * c.SizeBytes / col.TimeS
		col.BusBWBPS = col.AlgBWBPS * col.BusBWFactor
	}
	if c.Op == ir.OpAllReduce && c.Algorithm != "nvls" && !j.noInNetwork && unroutable == 0 {
		col.InNetwork = j.inNetwork(c, o)
	}
	if unroutable > 0 {
		// A collective with a transfer that has no path never completes:
		// no time, bandwidth or what-if is given for it, only the
		// congestion of the transfers that were routed.
		col.Unroutable = unroutable
		col.Throughput, col.TimeS, col.LatencyS, col.BandwidthTimeS = 0, 0, 0, 0
		col.AlgBWBPS, col.BusBWBPS, col.Phases = 0, 0, nil
	}
	if report == nil {
		return col
	}
	if unroutable > 0 {
		report(diag.Error(diag.CollectiveUnroutable, rng, "Collective cannot be routed",
			fmt.Sprintf("%s of collective %q of workload %q %s no path: the ranks share no NVLink domain and no fabric joins their NICs. Attach the servers to the workload's fabric or narrow the placement.",
				units.CountOf(unroutable, "transfer", "transfers"), c.Name, j.wl.Name, units.Agree(unroutable, "has", "have"))))
	}
	if col.CongestionFactor > 1+1e-9 && len(col.HotLinks) > 0 {
		h := col.HotLinks[0]
		if unroutable > 0 {
			// The collective never completes, so it runs at no rate; the
			// routed transfers' hot spot is still worth fixing.
			report(diag.Warning(diag.CollectiveCongested, rng, "Collective oversubscribes a link",
				fmt.Sprintf("The routed transfers of collective %q of workload %q offer %.2f× the capacity of %s (%s). %s",
					c.Name, j.wl.Name, col.CongestionFactor, h.Link, h.capacity(), advice(c, h.Kind))))
			return col
		}
		if scheduleBound(c, h.Kind) {
			// The model's pipeline schedule puts both sends on one
			// NIC; nothing in the design can change that, so it is
			// said, not warned.
			report(diag.Info(diag.CollectiveCongested, rng, "Pipeline sends share a NIC",
				fmt.Sprintf("Collective %q of workload %q, derived from the model, offers %.2f× the capacity of %s (%s), which lets %.0f%% of that through: in the steady 1F1B schedule a stage sends activations forward and gradients backward at once, so its NIC link carries both. The step time includes it; the fabric cannot change it (only more NIC bandwidth per GPU would).",
					c.Name, j.wl.Name, col.CongestionFactor, h.Link, h.capacity(), 100*col.Throughput)))
			return col
		}
		report(diag.Warning(diag.CollectiveCongested, rng, "Collective oversubscribes a link",
			fmt.Sprintf("Collective %q of workload %q offers %.2f× the capacity of %s (%s), which lets %.0f%% of that through. %s",
				c.Name, j.wl.Name, col.CongestionFactor, h.Link, h.capacity(), 100*col.Throughput, advice(c, h.Kind))))
	}
	return col
}

// capacity is h's capacity as a diagnostic states it: one link's rate,
// and for a bundle, that it is each parallel link's.
func (h *HotLink) capacity() string {
	if h.ParallelLinks > 1 {
		return fmt.Sprintf("%s on each of %d parallel links", units.Rate(h.CapacityBPS), h.ParallelLinks)
	}
	return units.Rate(h.CapacityBPS)
}

// scheduleBound reports whether collective c's hottest link, of the
// given kind, is its endpoints' own because a model-derived pipeline
// exchange sends both ways at once (direction "both", as the 1F1B steady
// state does): a limit of the schedule, not of the fabric.
func scheduleBound(c *ir.Collective, kind string) bool {
	k, _ := ir.LookupLinkKind(kind)
	return c.Derivation != "" && c.Op == ir.OpSendRecv && c.Direction == "both" && (k == ir.LinkNodeLeaf || k == ir.LinkHostEdge || k == ir.LinkTerminal)
}

// advice suggests the usual remedy for a congested collective whose
// hottest link is of the given kind: links inside the servers and the
// links to the endpoints have no ECMP choice to blame.
func advice(c *ir.Collective, kind string) string {
	k, _ := ir.LookupLinkKind(kind)
	switch k {
	case ir.LinkPCIe, ir.LinkC2C, ir.LinkCPUCPU:
		return "The link is inside a server (" + kind + "): traffic that crosses the PCIe tree or the sockets (PCIe server transit, or a GPU far from its NIC) is limited by it. Relay over NVLink (server_transit = [\"nvlink\"]) where the GPUs have it, or keep each GPU on its nearest NIC."
	case ir.LinkNVLink, ir.LinkGPUNVSwitch:
		return "The link is NVLink (" + kind + "): traffic inside the NVLink domain and PXN relays to other rails share it."
	}
	switch {
	case c.Order == "naive":
		return "Order ranks rail-aware (order = \"rail_aware\") so rings leave each server once on the same rail."
	case c.Routing == "ecmp" && k != ir.LinkNodeLeaf && k != ir.LinkHostEdge && k != ir.LinkTerminal && c.Derivation != "":
		// A derived collective has no block to set flows_per_pair in
		// (trial 34); its workload's routing sets its routing.
		return "Hash collisions of static ECMP, or too little capacity on that path (see the oversubscription and, between zones, the links joining them), cause it. The model derives its collectives under the workload's routing (static ECMP here); routing = \"ideal\" on the workload (adaptive routing), or a written collective under another name with the same op, size and group and more flows_per_pair, shows whether spreading the queue pairs would help. Only more capacity helps the other."
	case c.Routing == "pinned" && k != ir.LinkNodeLeaf && k != ir.LinkHostEdge && k != ir.LinkTerminal:
		return "Forwarding tables that route by destination (routing = \"pinned\", a subnet manager's) put several destinations' traffic on that link, or the capacity on that path is short of what the collective offers (see the oversubscription). Adaptive routing (routing = \"ideal\" on the workload or the collective) shows whether spreading would help; only more capacity helps the other."
	case c.Routing == "ecmp" && k != ir.LinkNodeLeaf && k != ir.LinkHostEdge && k != ir.LinkTerminal:
		return "Hash collisions of static ECMP, or too little capacity on that path (see the oversubscription and, between zones, the links joining them), cause it; more queue pairs (flows_per_pair) or adaptive routing (routing = \"ideal\") spread hash collisions, and only more capacity helps the other."
	case c.Op == ir.OpSendRecv && c.Direction == "both" && (k == ir.LinkNodeLeaf || k == ir.LinkHostEdge || k == ir.LinkTerminal):
		return "The endpoint's own link is the limit, whatever the fabric: with direction = \"both\" a stage exchanges with both pipeline neighbours at once, so its link carries two transfers; direction = \"forward\" or \"backward\" models one wave at a time."
	case k == ir.LinkNodeLeaf || k == ir.LinkHostEdge || k == ir.LinkTerminal:
		return "The endpoint's own link is the limit, whatever the fabric: more traffic enters or leaves one NIC than its rate."
	}
	return "The fabric's capacity on that path is short of what the collective offers; check oversubscription."
}

// expectedOf states the spread around the expectation of hashing at the
// busiest fabric link: its N expected queue pairs (its share of the
// blocks' offered rate times their queue pairs) land on it independently,
// so its hashed load deviates by about 1/√N.
func (j *job) expectedOf(pr *phaseResult) *ExpectedHashing {
	fr := pr.fabRes
	e := &ExpectedHashing{QPs: fr.ExpectedQPs}
	for _, t := range pr.top {
		if j.s.g.Link(ir.LinkID(t.slot/2)).Fabric != j.wl.Fabric || fr.ExpectedRateBPS <= 0 {
			continue
		}
		if n := t.rate / fr.ExpectedRateBPS * fr.ExpectedQPs; n > 0 {
			e.RelativeError = 1 / math.Sqrt(n)
		}
		break
	}
	return e
}

// hotLinks names the busiest link directions of a phase and the listed
// transfers that load them most.
func (j *job) hotLinks(r *run, pr *phaseResult) []HotLink {
	g := j.s.g
	out := []HotLink{}
	for _, t := range pr.top {
		l := g.Link(ir.LinkID(t.slot / 2))
		from, to := l.A.Node, l.B.Node
		if t.slot%2 == 1 {
			from, to = to, from
		}
		m := j.s.mult(t.slot)
		h := HotLink{Link: g.Nodes[from].Name + " -> " + g.Nodes[to].Name, Kind: l.Kind.String(),
			CapacityBPS: l.PhysicalBPS(), LoadBPS: settle(t.rate / m), Utilization: settle(t.util), ParallelLinks: int(m)}
		var pl *plane
		var flows []routing.Flow
		var of []int32
		opt := routing.Options{}
		switch {
		case j.fab != nil && l.Fabric == j.wl.Fabric:
			pl, flows, of, opt = j.fab, pr.legs.fab.Flows, pr.legs.fabOf, r.opt
			if r.c.Path != "minimal" {
				flows = nil // non-minimal paths: not attributed
			}
		case scaleUp(g)(l):
			pl, flows, of = j.s.up, pr.legs.up.Flows, pr.legs.upOf
		default:
			pl, flows, of = j.s.pcie, pr.legs.pcie.Flows, pr.legs.pcieOf
		}
		// A rank pair's transfers (one per ring channel) are listed as
		// one entry with their summed load.
		var tops []FlowLoad
		pairAt := map[[2]ir.NodeID]int{}
		done := 0
		may := pl.eng.MayCross(t.slot)
		for i, f := range flows {
			if of[i] < 0 || !may(f.Src, f.Dst) {
				continue
			}
			if done >= MaxAttributed {
				h.Flows++
				continue
			}
			done++
			for _, sh := range pl.eng.Shares(f, opt) {
				if sh.Slot == t.slot && sh.Frac > 0 {
					h.Flows++
					x := pr.xfers[of[i]]
					key := [2]ir.NodeID{x.src, x.dst}
					if k, ok := pairAt[key]; ok {
						tops[k].LoadBPS += sh.Frac * f.Rate / m
						continue
					}
					pairAt[key] = len(tops)
					tops = append(tops, FlowLoad{Src: g.Nodes[x.src].Name, Dst: g.Nodes[x.dst].Name, LoadBPS: sh.Frac * f.Rate / m})
				}
			}
		}
		for k := range tops {
			tops[k].LoadBPS = settle(tops[k].LoadBPS)
		}
		sort.SliceStable(tops, func(a, b int) bool { return tops[a].LoadBPS > tops[b].LoadBPS })
		if len(tops) > TopFlows {
			tops = tops[:TopFlows]
		}
		h.TopFlows = tops
		out = append(out, h)
	}
	return out
}

// settle rounds a load, a time or a ratio of them to 12 significant
// digits: a sum of shares carries the residue of floating point (an exact
// factor of 1 comes out 1.0000000000000002), which a requirement such as
// congestion_factor <= 1 or overlap_efficiency <= 1 would read as a
// failure while the text shows 1.00. The model's rates and fractions have a few significant digits,
// so 12 keep all that means anything and drop only that residue.
func settle(x float64) float64 {
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return x
	}
	v, err := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 12, 64), 64)
	if err != nil {
		return x
	}
	return v
}

// inNetwork estimates an AllReduce with in-network reduction: NVLS when
// every GPU's NVSwitches reduce (ir.Workload.NVLS) and SHARP when every
// switch of the fabric does (switch_model sharp = true) and the groups
// span servers. The estimate keeps the collective's routing and order.
func (j *job) inNetwork(c *ir.Collective, base outcome) *InNetwork {
	spans := false
	for _, gr := range base.grps {
		for _, m := range gr {
			spans = spans || !j.s.sameIsland(m, gr[0])
		}
	}
	sharp := spans && j.fab != nil && j.fabricSHARP()
	nvls := j.wl.NVLS
	if !sharp && !nvls {
		return nil
	}
	alg := "hierarchical"
	if nvls {
		alg = "nvls"
	}
	o := j.runCollective(c, alg, sharp, nil)
	defer j.s.release(&o)
	if o.time <= 0 {
		return nil
	}
	// Name what the estimate used: NVLS where some server reduces inside,
	// SHARP where the fabric does.
	usedNVLS, usedSHARP := false, false
	for _, ph := range o.phases {
		usedNVLS = usedNVLS || ph.nvls
		usedSHARP = usedSHARP || ph.sharp
	}
	kind := "nvls"
	switch {
	case usedNVLS && usedSHARP:
		kind = "nvls+sharp"
	case usedSHARP:
		kind = "sharp"
	case !usedNVLS:
		return nil
	}
	return &InNetwork{Kind: kind, TimeS: o.time, Speedup: base.time / o.time}
}

// fabricSHARP reports whether every switch of the job's fabric has a
// SHARP-capable model.
func (j *job) fabricSHARP() bool {
	ok := map[string]bool{}
	for _, f := range j.wl.Switches {
		ok[f.Model] = f.SHARP
	}
	any := false
	for _, n := range j.fab.p.Nodes {
		if nd := &j.s.g.Nodes[n]; nd.Kind.IsSwitch() {
			if !ok[nd.ModelName()] {
				return false
			}
			any = true
		}
	}
	return any
}

// fabricPeak is the highest load ÷ capacity l puts on a link of a fabric
// (not inside a server), as linkUtil measures it.
func fabricPeak(s *system, l *routing.Loads) float64 {
	peak := 0.0
	for _, slot := range l.Touched() {
		if !s.inFabric[slot/2] {
			continue
		}
		if c := s.slotCapBPS(slot); c > 0 {
			peak = math.Max(peak, l.Rate(int(slot))/c)
		}
	}
	return peak
}

// linkUtil fills dst (reused when large enough) with load ÷ capacity per
// link, the larger direction; the links of an NVLink bundle share its load.
func linkUtil(s *system, l *routing.Loads, dst []float64) []float64 {
	g := s.g
	if len(dst) != g.NumLinks() {
		dst = make([]float64, g.NumLinks())
	} else {
		clear(dst)
	}
	for _, slot := range l.Touched() {
		link := ir.LinkID(slot / 2)
		c := s.slotCapBPS(slot)
		if c <= 0 {
			continue
		}
		u := l.Rate(int(slot)) / c
		if m := s.up.p.Mult(slot); m > 1 {
			for _, x := range s.up.p.Bundle(link) {
				dst[x] = math.Max(dst[x], u)
			}
			continue
		}
		dst[link] = math.Max(dst[link], u)
	}
	return dst
}
