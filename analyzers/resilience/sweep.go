// Package resilience answers "what happens when something breaks?": it
// fails risk groups of a compiled design (a switch, a link, a server, a
// rack, a rail, a plane, a unit), one at a time (N−1), two at a time (N−2)
// or as named scenarios, and reports for each what is left: the residual
// bisection as a proven interval and as a share of the intact design's,
// the ranks disconnected and degraded, and which workloads restart (a rank
// lost a link NCCL uses) or only slow down (their collectives' congestion
// on the surviving graph). docs/analyzers.md "## whatif" defines every
// number.
//
// The failure model is the one trusted tools use (NetGraph's risk groups,
// reference/handoffs.md): a failed element carries no traffic at all; a
// failed server takes its components; nothing is repaired or rerouted by
// hand, and routing adapts as the analyses model it (bisection is a
// property of the surviving graph; congestion routes on it).
package resilience

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/analyzers/flow"
	"github.com/topoc/topoc/analyzers/oversub"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// DefaultMaxScenarios is the most scenarios one sweep evaluates (after
// symmetry) unless Options.MaxScenarios says otherwise: a sweep costs one
// bisection search per scenario, 0.2–0.3 s each on the 1,016-GPU SuperPOD
// (docs/performance.md, "What-if sweeps"), so the default keeps a sweep
// of a shipped example to minutes. A budget, not a modelling value.
const DefaultMaxScenarios = 2000

// DefaultMaxQuickScenarios is the most scenarios one quickly evaluated
// sweep (Options.Quick, or over SearchBudget) takes unless
// Options.MaxScenarios says otherwise: a quick scenario of one switch or
// link costs 2–2.5 ms on the 131,072-GPU example (5,120 switches in
// 9.4–12.1 s, docs/performance.md "N−1 over every switch at 131,072
// GPUs"), so the default keeps such a sweep to about four minutes. A
// budget, not a modelling value.
const DefaultMaxQuickScenarios = 100_000

// DefaultIterations is the Monte Carlo draws per class unless
// Options.Iterations says otherwise: enough for a p99 resting on ten
// draws. A budget, not a modelling value.
const DefaultIterations = 1000

// MaxIterations is the most Monte Carlo draws one run makes: each draw is
// kept (its scenario's index) for the quantiles, and a quick draw costs
// about 5 ms on the 1,016-GPU SuperPOD (docs/performance.md), so 100,000
// draws are some eight minutes and under a megabyte. p99 then rests on
// 1,000 draws. A budget, not a modelling value.
const MaxIterations = 100_000

// SearchBudget is the most link-evaluations (scenarios × the design's
// links) one sweep spends on full bisection searches; a larger sweep is
// evaluated quickly instead (Options.Quick's method, the output says
// so), so `topoc whatif` on a 27,648-host fat-tree answers in seconds,
// not hours. A budget, not a modelling value: about a minute of search
// on the 2-core reference machine (docs/performance.md).
const SearchBudget = 5_000_000

// FlowBudget is the most link-evaluations (scenarios × the design's
// links) quick evaluations spend re-running the intact split's max-flow
// on the surviving graph, where the intact cut less its failed links does
// not meet the residual lower bound; beyond it a quick evaluation keeps
// that interval. A budget, not a modelling value: the fat-tree k=48
// aggregation sweep (1,152 scenarios × 82,944 links, 9.6 × 10⁷) takes
// 28.7 s on the 2-core reference machine with about half its scenarios
// re-run (docs/performance.md, "N−1 over every switch at 131,072 GPUs").
const FlowBudget = 100_000_000

// UniformBudget is the work (sources × arcs) one sweep's full searches
// share for the uniform multicommodity-flow bound, which routes from
// every endpoint and is computed where the hose bound does not fit the
// surviving graph; each scenario gets its share. Without the share a
// 128-leaf sweep of 512 DGX in eight tapered planes spent 2.6 s of its
// 2.8 s per scenario there, 4 min 22 s in all, for a bound below the
// residual one (trial 48). A budget, not a modelling value: the
// bisection analyzer's own for one fabric (about a second).
const UniformBudget = 300_000_000

// LightBudget is the most search work (bisection.SearchWork: arc visits,
// scenarios × the full search's on a graph of the design's links) one
// sweep spends at the full search's effort; a sweep that would pass it
// searches each scenario at bisection.Options.Light's (8 multilevel
// runs, no random restarts), which also tries the intact cut. A budget,
// not a modelling value: trial 50's 192 link scenarios of a 1,000-host
// leaf-spine (6.5 × 10⁷) took 16 s in full, so this is about 12 s on
// the 2-core reference machine; trial 51 found the light effort's upper
// ends up to 18% looser on multi-plane and three-tier designs, so it is
// kept for sweeps too large to search in full.
const LightBudget = 50_000_000

// Options selects what Run evaluates.
type Options struct {
	// Classes are the risk-group classes to sweep (Classes lists them);
	// nil means DefaultClasses.
	Classes []string
	// Depth is 1 (N−1, the default) or 2 (N−2: every pair of groups of a
	// class).
	Depth int
	// Scenarios are named scenarios, evaluated after the sweeps.
	Scenarios []Scenario
	// MaxScenarios caps each sweep's evaluations (0: DefaultMaxScenarios,
	// or DefaultMaxQuickScenarios for a sweep evaluated quickly).
	// A default sweep over the cap is skipped with a reason; a class asked
	// for by name over the cap is an error.
	MaxScenarios int
	// View is the bisection view (default bisection.ConfiguredView()).
	View bisection.View
	// Random, when above 0, makes each class's sweep a seeded Monte Carlo
	// run instead: Iterations draws (default DefaultIterations) of Random
	// distinct groups of the class, uniformly, from a PCG stream seeded
	// with Seed. Equal draws are evaluated once and counted
	// (Outcome.Occurrences); Sweep.Distributions gives p50 and p99.
	Random     int
	Iterations int
	Seed       uint64
	// Policies names failure policies (failure_policy blocks) to draw
	// from instead: each gives one Monte Carlo sweep of Iterations draws
	// (0: the policy's iterations, else DefaultIterations) from a stream
	// seeded with Seed when SeedGiven, else with the policy's seed
	// (default 1). It excludes Classes, Random and Scenarios.
	Policies  []string
	SeedGiven bool
	// Quick evaluates every scenario as a Monte Carlo draw is evaluated
	// (no bisection search beyond the intact cut, no re-routing of
	// collectives): the numbers stay proven, the intervals can be wider,
	// and workloads are "restart" or "survives". `topoc report` uses it.
	Quick bool
	// Bisection and Congestion, when set, are the intact design's
	// results in View, reused instead of computed again.
	Bisection  []bisection.Fabric
	Congestion *congestion.Result
}

// Scenario is an explicit what-if: elements failing together.
type Scenario struct {
	Name    string
	Failure ir.Failure
}

// DefaultClasses returns the classes a plain `topoc whatif` sweeps: every
// switch tier, every link kind between switches, racks, rails, planes and
// units. Single servers and endpoint links are left out: losing one takes
// exactly that server's share, which needs no search to know. So are
// the classes every link or cable is in (switch, link, cable), which
// the tiers and link kinds already sweep.
func DefaultClasses(g *ir.Graph) []string {
	endpointKinds := map[string]bool{}
	for _, l := range g.AllFabricLinks() {
		if l.Fabric != ir.None && (!g.Nodes[l.A.Node].FabricSwitch() || !g.Nodes[l.B.Node].FabricSwitch()) {
			endpointKinds[l.Kind.String()] = true
		}
	}
	var out []string
	for _, c := range Classes(g) {
		if c == ClassSwitch || c == ClassLink || c == ClassCable || c == ClassServer || endpointKinds[c] {
			continue
		}
		out = append(out, c)
	}
	return out
}

// Run evaluates the intact design, the sweeps and the named scenarios of
// opt. Errors: an unknown class, a depth other than 1 or 2, or a class
// named in opt.Classes whose sweep exceeds the scenario budget.
func Run(g *ir.Graph, opt Options) (*Report, error) {
	if opt.Depth == 0 {
		opt.Depth = 1
	}
	if opt.Depth != 1 && opt.Depth != 2 {
		return nil, fmt.Errorf("depth %d: give 1 (N−1) or 2 (N−2)", opt.Depth)
	}
	if opt.Random < 0 || opt.Iterations < 0 {
		return nil, fmt.Errorf("random %d, iterations %d: give counts above 0", opt.Random, opt.Iterations)
	}
	if opt.Iterations > MaxIterations {
		return nil, fmt.Errorf("iterations %d: at most %d draws per run", opt.Iterations, MaxIterations)
	}
	if opt.Random > 0 && opt.Iterations == 0 {
		opt.Iterations = DefaultIterations
	}
	if len(opt.Policies) > 0 && (opt.Classes != nil || opt.Random > 0 || len(opt.Scenarios) > 0) {
		return nil, fmt.Errorf("a failure policy says what fails; give it alone, without classes, a random count or scenarios")
	}
	var policies []*ir.FailurePolicy
	for _, name := range opt.Policies {
		p := g.Policy(name)
		if p == nil {
			var known []string
			for i := range g.FailurePolicies {
				known = append(known, g.FailurePolicies[i].Name)
			}
			if len(known) == 0 {
				return nil, fmt.Errorf("policy %q: the design declares no failure_policy block (docs/resilience.md \"Failure policies\")", name)
			}
			hint := ""
			if c := diag.Closest(name, known); c != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", c)
			}
			return nil, fmt.Errorf("policy %q: no failure_policy of that name%s; the design's: %s", name, hint, strings.Join(known, ", "))
		}
		policies = append(policies, p)
	}
	if opt.Random > 0 && opt.Classes == nil {
		return nil, fmt.Errorf("a Monte Carlo run draws groups of the classes given with --sweep; name one")
	}
	if opt.View == "" {
		opt.View = bisection.ConfiguredView()
	}
	explicit := opt.Classes != nil
	classes := opt.Classes
	if !explicit && len(opt.Scenarios) == 0 && len(policies) == 0 {
		classes = DefaultClasses(g)
	}
	type plan struct {
		class  string
		groups []Group
		skip   string // why a default class is not swept
	}
	var plans []plan
	for _, c := range classes {
		gs, err := Groups(g, c)
		switch {
		case err != nil && explicit:
			return nil, err
		case err != nil:
			plans = append(plans, plan{class: c, skip: err.Error()})
		default:
			plans = append(plans, plan{class: c, groups: gs})
		}
	}
	b := newBaseline(g, opt.View, opt.Bisection, opt.Congestion)
	rep := &Report{Sweeps: []Sweep{}}
	for i := range g.Flows {
		f := flow.Compute(g, &g.Flows[i])
		rep.Flows = append(rep.Flows, FlowOutcome{Flow: f.Name, MaxFlowBPS: f.MaxFlowBPS, ECMPBPS: f.ECMP.BPS, WCMPBPS: f.WCMP.BPS})
	}
	for i := range g.Fabrics {
		f := &b.bisection[i]
		bf := BaselineFabric{Fabric: g.Fabrics[i].Name, LowerBoundBPS: f.LowerBoundBPS, UpperBoundBPS: f.UpperBoundBPS,
			LowerBoundRatio: f.LowerBoundRatio, UpperBoundRatio: f.UpperBoundRatio, Method: f.Method}
		for _, t := range b.oversub[i].Tiers {
			if bf.Oversubscription == nil {
				bf.Oversubscription = map[string]float64{}
			}
			bf.Oversubscription[t.Tier] = t.Ratio
		}
		for _, u := range oversub.ResidualUnits(g, &b.oversub[i], nil) {
			if bf.UnitOversubscription == nil {
				bf.UnitOversubscription = map[string]*float64{}
			}
			bf.UnitOversubscription[u.Kind] = nil
			if !u.Closed {
				bf.UnitOversubscription[u.Kind] = &u.IntactRatio
			}
		}
		rep.Baseline = append(rep.Baseline, bf)
	}
	b.quick = opt.Quick
	rep0 := twins(g, b.adj)
	if len(policies) > 0 {
		b.quick = true
		groupsOf := cachedGroups(g)
		for _, p := range policies {
			modes, err := resolvePolicy(g, b.adj, p, groupsOf)
			if err != nil {
				return nil, err
			}
			po := opt
			if po.Iterations == 0 {
				po.Iterations = cmp.Or(p.Iterations, DefaultIterations)
			}
			if !po.SeedGiven {
				po.Seed = p.Seed
			}
			b.reflow = po.Iterations*g.NumLinks() <= FlowBudget
			rep.Sweeps = append(rep.Sweeps, policyRun(b, p, modes, po))
		}
		return rep, nil
	}
	if opt.Random > 0 {
		b.quick = true
		b.reflow = opt.Iterations*g.NumLinks() <= FlowBudget
		for _, p := range plans {
			sw, err := monteCarlo(b, p.class, p.groups, opt)
			if err != nil {
				return nil, err
			}
			rep.Sweeps = append(rep.Sweeps, sw)
		}
		return rep, nil
	}
	for _, p := range plans {
		sw := Sweep{Class: p.class, Depth: opt.Depth, Groups: len(p.groups), Outcomes: []Outcome{}}
		if p.skip != "" {
			sw.Skipped, sw.Worst = p.skip, -1
			rep.Sweeps = append(rep.Sweeps, sw)
			continue
		}
		var todo []Outcome
		var failures []ir.Failure
		if opt.Depth == 1 {
			sw.Scenarios = len(p.groups)
			for _, o := range orbits(g, rep0, p.groups) {
				gr := p.groups[o.rep]
				todo = append(todo, Outcome{Class: p.class, Group: gr.Name, Orbit: len(o.members)})
				failures = append(failures, gr.Failure)
			}
		} else {
			n := len(p.groups)
			sw.Scenarios = n * (n - 1) / 2
			if sw.Scenarios <= max(opt.MaxScenarios, DefaultMaxQuickScenarios) {
				for i := 0; i < n; i++ {
					for j := i + 1; j < n; j++ {
						a, c := p.groups[i], p.groups[j]
						todo = append(todo, Outcome{Class: p.class, Group: a.Name + " + " + c.Name, Orbit: 1})
						failures = append(failures, union(a.Failure, c.Failure))
					}
				}
			}
		}
		quick := opt.Quick || len(todo)*g.NumLinks() > SearchBudget
		limit := opt.MaxScenarios
		switch {
		case limit > 0:
		case quick:
			limit = DefaultMaxQuickScenarios
		default:
			limit = DefaultMaxScenarios
		}
		if sw.Scenarios > 0 && (len(todo) > limit || len(todo) == 0) {
			sw.Skipped = fmt.Sprintf("%d scenarios to evaluate, over the budget of %d; raise --max-scenarios or sweep a narrower class", max(len(todo), sw.Scenarios), limit)
			if explicit {
				return nil, fmt.Errorf("class %q: %s", p.class, sw.Skipped)
			}
			sw.Worst = -1
			rep.Sweeps = append(rep.Sweeps, sw)
			continue
		}
		b.quick = quick
		b.light = float64(len(todo))*bisection.SearchWork(2*g.NumLinks(), false) > LightBudget
		b.uniform = UniformBudget / float64(len(todo))
		b.reflow = len(todo)*g.NumLinks() <= FlowBudget
		sw.Quick, sw.Light = b.quick, b.light && !b.quick
		for i, t := range todo {
			sw.Outcomes = append(sw.Outcomes, b.evaluate(t.Class, Group{Name: t.Group, Failure: failures[i]}, t.Orbit))
		}
		b.quick, b.light = opt.Quick, false
		sw.Evaluated = len(sw.Outcomes)
		sw.Worst = worst(sw.Outcomes)
		rep.Sweeps = append(rep.Sweeps, sw)
	}
	if len(opt.Scenarios) > 0 {
		sw := Sweep{Class: "scenario", Depth: 0, Groups: len(opt.Scenarios), Scenarios: len(opt.Scenarios), Outcomes: []Outcome{}}
		b.reflow = true
		b.uniform = UniformBudget / float64(len(opt.Scenarios))
		for _, s := range opt.Scenarios {
			sw.Outcomes = append(sw.Outcomes, b.evaluate("scenario", Group{Name: s.Name, Failure: s.Failure}, 1))
		}
		sw.Evaluated = len(sw.Outcomes)
		sw.Worst = worst(sw.Outcomes)
		rep.Sweeps = append(rep.Sweeps, sw)
	}
	return rep, nil
}

// union joins two failures.
func union(a, b ir.Failure) ir.Failure {
	return ir.Failure{Nodes: append(append([]ir.NodeID{}, a.Nodes...), b.Nodes...), Links: append(append([]ir.LinkID{}, a.Links...), b.Links...)}
}

// worst returns the index of the worst outcome (Sweep.Worst), -1 when
// there is none.
func worst(os []Outcome) int { return worstIn(os, "") }

// worstIn is worst counting only fabric's outcomes ("" for every
// fabric): a sweep whose groups lie in several fabrics (the spines of a
// backend and of a storage fabric) has a worst scenario in each. -1 when
// no outcome touches fabric. Over every fabric, the workloads a scenario
// forces to restart come first (trial 56: a frontend leaf that degraded
// as many ranks, with a looser residual bound, hid the backend leaf that
// restarts the training job), then ranks disconnected, degraded, and
// the least proven residual bisection.
func worstIn(os []Outcome, fabric string) int {
	type score struct {
		restarts, disc, degr int
		pct                  float64
	}
	at := func(o *Outcome) (score, bool) {
		s, touched := score{pct: 1e300}, fabric == ""
		if fabric == "" {
			for _, w := range o.Workloads {
				if w.Status == StatusRestart {
					s.restarts++
				}
			}
		}
		for _, f := range o.Fabrics {
			if fabric != "" && f.Fabric != fabric {
				continue
			}
			touched = true
			s.disc += f.RanksDisconnected
			s.degr += f.RanksDegraded
			s.pct = min(s.pct, f.LowerPercent)
		}
		return s, touched
	}
	best := -1
	var bs score
	for i := range os {
		s, ok := at(&os[i])
		if !ok {
			continue
		}
		if best < 0 || s.restarts > bs.restarts || s.restarts == bs.restarts && (s.disc > bs.disc || s.disc == bs.disc && (s.degr > bs.degr || s.degr == bs.degr && s.pct < bs.pct)) {
			best, bs = i, s
		}
	}
	return best
}

// didYouMean suggests the switch or server name nearest to a --fail item
// that matched nothing (diag.Closest: within 3 edits), as "; did you
// mean …?", or "" (trial 34: "spin03" for "spine03" got no hint). Only
// switches and servers are candidates, the names one fails by hand; a
// design's GPUs and NICs would make the search slow at scale.
func didYouMean(g *ir.Graph, item string) string {
	if strings.ContainsAny(item, "*?[") {
		return ""
	}
	var names []string
	for i := range g.Nodes {
		if n := &g.Nodes[i]; n.Kind == ir.KindSwitch || n.Kind == ir.KindHost {
			names = append(names, n.Name)
		}
	}
	if c := diag.Closest(item, names); c != "" {
		return fmt.Sprintf("; did you mean %q?", c)
	}
	return ""
}

// Resolve turns a --fail list into a failure: comma-separated node names
// or path.Match globs ("spine*", "su0/leaf[0-3]"), links as "A--B"
// (every link between nodes A and B), and, where an item names no node,
// cable ids of the cable plan as the cable sweep names them
// ("compute-0042", every link the cable carries: both of a twin-port
// cable's). Each item must match something; an item that matches
// nothing is an error naming it.
func Resolve(g *ir.Graph, spec string) (ir.Failure, error) {
	var f ir.Failure
	for _, item := range strings.Split(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if a, b, ok := ir.LinkPattern(item); ok {
			ids, err := linksBetween(g, a, b)
			if err != nil {
				return f, err
			}
			f.Links = append(f.Links, ids...)
			continue
		}
		if _, err := path.Match(item, ""); err != nil {
			return f, fmt.Errorf("--fail %q: %v", item, err)
		}
		if err := badNegation(item); err != nil {
			return f, err
		}
		n := 0
		for i := range g.Nodes {
			if ok, _ := path.Match(item, g.Nodes[i].Name); ok {
				f.Nodes = append(f.Nodes, ir.NodeID(i))
				n++
			}
		}
		if n == 0 && g.Cabling() != nil {
			for i, c := range g.Cabling().Cables {
				if ok, _ := path.Match(item, g.CableID(i)); ok {
					f.Links = append(f.Links, g.Cabling().Legs[c.Leg0:c.Leg0+c.Legs]...)
					n++
				}
			}
		}
		if n == 0 {
			// A rack of the cable plan, by the name a rack sweep prints
			// (trial 61: "--fail rack19" was refused): every device
			// mounted in it, as the sweep fails it (rackGroups).
			for _, gr := range rackGroups(g) {
				if ok, _ := path.Match(item, gr.Name); ok {
					f.Nodes = append(f.Nodes, gr.Failure.Nodes...)
					n++
				}
			}
		}
		if n == 0 {
			return f, fmt.Errorf("--fail %q: no device, cable or rack of the design has that name%s%s", item, didYouMean(g, item), globHint(g, item))
		}
	}
	sort.Slice(f.Nodes, func(i, j int) bool { return f.Nodes[i] < f.Nodes[j] })
	f.Nodes = slices.Compact(f.Nodes)
	return f, nil
}

// linksBetween returns every link joining a node that a names to one
// that b names, each a name or a path.Match glob ("leaf0--spine*").
func linksBetween(g *ir.Graph, a, b string) ([]ir.LinkID, error) {
	for _, p := range []string{a, b} {
		if _, err := path.Match(p, ""); err != nil {
			return nil, fmt.Errorf("--fail %q: %v", a+"--"+b, err)
		}
		if err := badNegation(a + "--" + b); err != nil {
			return nil, err
		}
	}
	out := g.LinksBetween(a, b)
	if len(out) == 0 {
		return nil, fmt.Errorf("--fail %q: no link joins a device matching %q to one matching %q%s", a+"--"+b, a, b, globHint(g, a, b))
	}
	return out, nil
}

// globHint is advice for a glob that matched nothing: names are paths
// ("group03/router00"), and in path.Match a * stops at a '/'. Trial 58
// wrote "group03/router00--group*" for a router's links to other groups;
// where the pattern with "/*" added matches a device, that is suggested.
func globHint(g *ir.Graph, patterns ...string) string {
	for _, p := range patterns {
		if !strings.ContainsAny(p, "*?[") {
			continue
		}
		deeper := p + "/*"
		for i := range g.Nodes {
			if ok, _ := path.Match(deeper, g.Nodes[i].Name); ok {
				return fmt.Sprintf(" (a glob's * stops at '/', and device names are paths: %q matches %q; write %q)", deeper, g.Nodes[i].Name, deeper)
			}
		}
	}
	return ""
}

// badNegation refuses a glob class written "[!x]", which path.Match reads
// as the characters '!' and 'x' (Go negates with "[^x]"): trial 58's
// "group[!0]*" quietly matched group0 too.
func badNegation(item string) error {
	if strings.Contains(item, "[!") {
		return fmt.Errorf("--fail %q: a glob's class negates with \"[^x]\", not \"[!x]\" (which matches '!' or x)", item)
	}
	return nil
}
