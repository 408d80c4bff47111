package resilience

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/analyzers/flow"
	"github.com/topoc/topoc/analyzers/oversub"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// baseline holds what every scenario is compared with: the intact
// design's bisection, rank capacities and workload results.
type baseline struct {
	g         *ir.Graph
	adj       ir.Adjacency
	bisection []bisection.Fabric
	// capBPS[f] maps each rank owner (see owner) of fabric f to the
	// capacity of its endpoint links on f, bits per second per direction.
	capBPS []map[ir.NodeID]float64
	// ranks[w] is workload w's placement (ir.Workload.Ranks).
	ranks      [][]ir.NodeID
	congestion *congestion.Result
	view       bisection.View
	// quick evaluates scenarios with bisection's Options.Quick (Monte
	// Carlo): the proven bounds against the intact cut, without search.
	quick bool
	// light runs each scenario's bisection search at bisection's
	// Options.Light effort: set for a sweep's scenarios, which try the
	// intact cut as well, not for named ones.
	light bool
	// uniform is the uniform bound's work budget of one scenario's search
	// (UniformBudget shared over the sweep; 0 for the analyzer's own).
	uniform float64
	// reflow lets a quick evaluation re-run the intact split's max-flow
	// on the surviving graph when the residual cut (residualCut) does not
	// meet the residual lower bound: set while the sweep is within
	// FlowBudget.
	reflow bool
	// units[f] is fabric f's scheduling units (units.go).
	units []unitMap
	// index[f] is fabric f's compact index (survey.go); ranks0[f][i] the
	// ranks of index[f].owners[i] (rankCount with nothing failed).
	index  []*fabricIndex
	ranks0 [][]int
	// scratch and cut are reused by every scenario: cut marks the failed
	// links by LinkID and is cleared after each.
	scratch scratch
	cut     []bool
	// dfs[f] is fabric f's depth-first index for single-element failures
	// (cutvertex.go), nil where it does not apply; one its scratch.
	dfs []*dfsIndex
	one oneScratch
	// residual0[f] counts the endpoint ports of fabric f that the intact
	// design cables (ir.Graph.Residual's rule with nothing failed): an
	// endpoint the design leaves uncabled is not lost by a failure.
	residual0 []int
	// oversub[f] is fabric f's intact oversubscription (ResidualTiers
	// starts from it).
	oversub []oversub.Fabric
}

// newBaseline analyzes the intact design; bis and cong, when not nil, are
// the bisection (in view) and congestion results already computed for it.
func newBaseline(g *ir.Graph, view bisection.View, bis []bisection.Fabric, cong *congestion.Result) *baseline {
	b := &baseline{g: g, adj: g.Adjacency(), view: view, bisection: bis, congestion: cong}
	for i := range g.Fabrics {
		if bis == nil {
			b.bisection = append(b.bisection, bisection.Compute(g, ir.FabricID(i), bisection.Options{View: view}))
		}
		caps, _ := ownerCaps(g, ir.FabricID(i), nil)
		b.capBPS = append(b.capBPS, caps)
	}
	for i := range g.Fabrics {
		b.units = append(b.units, b.newUnitMap(ir.FabricID(i)))
		x := newFabricIndex(g, ir.FabricID(i))
		b.index = append(b.index, x)
		d, _ := newDFSIndex(x) // nil where it does not apply
		b.dfs = append(b.dfs, d)
		b.oversub = append(b.oversub, oversub.Analyze(g, ir.FabricID(i)))
		r := make([]int, len(x.owners))
		for j, o := range x.owners {
			r[j] = b.rankCount(o, nil)
		}
		b.ranks0 = append(b.ranks0, r)
	}
	b.cut = make([]bool, g.NumLinks())
	none := make([]bool, len(g.Nodes))
	for _, x := range b.index {
		b.residual0 = append(b.residual0, x.survey(&b.scratch, none, b.cut).residual)
	}
	for i := range g.Workloads {
		b.ranks = append(b.ranks, g.Workloads[i].Ranks(g))
	}
	if len(g.Workloads) > 0 && b.congestion == nil {
		b.congestion = congestion.Analyze(g, func(*hcl.Diagnostic) {})
	}
	return b
}

// owner is the node a fabric endpoint's capacity counts for: the server
// of a NIC, the GPU itself where a GPU is the endpoint (an NVLink
// domain), the implicit host itself.
func owner(g *ir.Graph, e ir.NodeID) ir.NodeID {
	n := &g.Nodes[e]
	if n.Kind == ir.KindGPU || n.Parent == ir.None {
		return e
	}
	return n.Parent
}

// ownerCaps sums, per rank owner, the capacity of fabric fid's links at
// the fabric's endpoint nodes; with keep, only endpoints keep accepts.
// It also returns the endpoint nodes counted.
func ownerCaps(g *ir.Graph, fid ir.FabricID, keep func(ir.NodeID) bool) (map[ir.NodeID]float64, []ir.NodeID) {
	caps := map[ir.NodeID]float64{}
	isEP := map[ir.NodeID]bool{}
	var eps []ir.NodeID
	for _, p := range g.Fabrics[fid].Endpoints {
		if !isEP[p.Node] && (keep == nil || keep(p.Node)) {
			isEP[p.Node] = true
			eps = append(eps, p.Node)
			caps[owner(g, p.Node)] += 0
		}
	}
	for _, id := range g.FabricLinks(fid) {
		l := g.Link(id)
		for _, e := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			if isEP[e] {
				caps[owner(g, e)] += l.CapacityBPS
			}
		}
	}
	return caps, eps
}

// evaluate computes one scenario's outcome. The surviving graph
// (ir.Graph.Residual, a copy of every link) is built only for what needs
// it: a bisection search, re-routed collectives, flows. A quick
// evaluation that keeps the bisection's terminals needs none of them.
func (b *baseline) evaluate(class string, gr Group, orbitSize int) Outcome {
	g := b.g
	out := Outcome{Class: class, Group: gr.Name, Orbit: orbitSize, failure: gr.Failure}
	if class == ClassRack || declared(g, class) {
		out.Holds = holds(g, gr.Failure)
	}
	if class == ClassRack && networkRack(g, gr.Name) {
		// Its switches are where the cable plan put them: a rack sweep
		// that finds it worst judges topoc's placement as much as the
		// design (trial 59: all 36 leaves and 12 spines in one rack).
		out.Holds += ", in a network rack the cable plan filled, not the design"
	}
	domains := DomainsIntact{}
	dead := g.FailedNodes(gr.Failure)
	for _, id := range gr.Failure.Links {
		b.cut[id] = true
	}
	defer func() {
		for _, id := range gr.Failure.Links {
			b.cut[id] = false
		}
	}()
	var r *ir.Graph
	residual := func() *ir.Graph {
		if r == nil {
			r = g.Residual(gr.Failure)
		}
		return r
	}
	touched := b.touched(gr.Failure, dead)
	in := b.insideLoss(gr.Failure, dead)
	died := componentDied(g, dead)
	// The failed links, those of failed nodes included, each once.
	var failed []ir.LinkID
	failedLinks := func() []ir.LinkID {
		if failed == nil {
			failed = downLinks(b.adj, gr.Failure.Links, withComponents(g, gr.Failure.Nodes))
		}
		return failed
	}
	// lost[f][owner]: capacity left on fabric f, for owners that lost some.
	lost := make([]map[ir.NodeID]float64, len(g.Fabrics))
	for i := range g.Fabrics {
		fid := ir.FabricID(i)
		if !touched[i] {
			if g.Fabrics[fid].Family == ir.FamilyNVLinkDomain {
				domains.Total++
				domains.Intact++
			}
			continue
		}
		x := b.index[i]
		sv := b.survey(i, gr.Failure, dead, residual)
		fo := FabricOutcome{Fabric: g.Fabrics[fid].Name, StrandedEndpoints: sv.residual - sv.kept,
			LostEndpoints: b.residual0[i] - sv.residual}
		lost[i] = map[ir.NodeID]float64{}
		for j, o := range x.owners {
			c0, c1 := b.capBPS[i][o], sv.caps[j]
			all, live := b.ranks0[i][j], b.ranks0[i][j]
			if died || dead[o] { // only then can a rank of o have failed
				live = b.rankCount(o, dead)
			}
			stranded := 0
			if in != nil && in.hit[o] && !dead[o] {
				// Its NICs that no live GPU reaches any more carry nothing
				// for it; its GPUs that reach no NIC are cut off.
				var unreached float64
				unreached, stranded = b.serverReach(in, o, i, dead)
				c1 = max(0, c1-unreached)
				live -= min(stranded, live)
			}
			if c1 >= c0*(1-1e-12) && !dead[o] && live == all {
				continue
			}
			lost[i][o] = c1
			switch {
			case dead[o] || c1 == 0:
				fo.RanksDisconnected += all
			case c1 < c0*(1-1e-12):
				fo.RanksDegraded += live
				fo.RanksDisconnected += all - live
			default: // full capacity, some GPUs failed or cut off
				fo.RanksDisconnected += all - live
			}
		}
		fo.Units = b.units[i].intact(lost[i])
		fo.Oversubscription = b.tierOversub(i, dead, failedLinks())
		for _, u := range oversub.ResidualUnits(g, &b.oversub[i], failedLinks()) {
			if u.Closed {
				continue // no ratio, intact or after (BaselineFabric has it as null)
			}
			fo.UnitOversubscription = append(fo.UnitOversubscription, UnitOversub{Kind: u.Kind, Ratio: u.Ratio, IntactRatio: u.IntactRatio, Worst: u.Worst, CutOff: u.CutOff})
		}
		if g.Fabrics[fid].Family == ir.FamilyNVLinkDomain {
			domains.Total++
			if len(lost[i]) == 0 {
				domains.Intact++
			}
		}
		// The terminals stay when every rank owner keeps an endpoint (the
		// GPU view's terminals are the owners' GPUs) or, in the port view,
		// every endpoint port stays; the residual lower bound needs them
		// to.
		same := !died && sv.kept == len(g.Fabrics[fid].Endpoints)
		if b.view == bisection.ViewGPU {
			// A failed NIC, PCIe switch or NVSwitch leaves the GPUs,
			// the terminals, in place; a failed GPU does not.
			same = !gpuDied(g, dead) && sv.keptOwners == len(x.owners)
		}
		// Where the residual bound meets the residual cut the value is
		// proven without a search, quick or not (a whole plane lost:
		// (m−1)/m of the intact bisection); a quick evaluation keeps the
		// interval otherwise.
		var res bisection.Fabric
		fast := false
		if up, ok := b.residualCut(fid, failedLinks()); ok && same {
			res = quickBounds(b.residualBound(fid, gr.Failure, dead), up)
			fast = res.Method == bisection.MethodExact || (b.quick && !b.reflow)
		}
		if !fast {
			rg := residual()
			if sv.keptEP == nil { // the fast path does not list them
				sv = x.survey(&b.scratch, dead, b.cut)
			}
			// The split is over every surviving endpoint: those a
			// failure cut off the main part, and those whose own links
			// died with a switch (a failed leaf's hosts), included. A
			// balanced split may put the pieces on either side, so a
			// fabric that falls into two even halves has nothing
			// crossing, a bisection of 0, however well each half is
			// cabled inside. (Over the main part alone it read as
			// intact: a requirement on it passed with half the ranks
			// cut off.) Only failed devices' endpoints leave the split.
			rg.Fabrics[fid].Endpoints = survivingEndpoints(g.Fabrics[fid].Endpoints, rg.Fabrics[fid].Endpoints, dead)
			// The intact cut, tried on the surviving graph, is an upper
			// bound the search need not find again (and all a quick run
			// uses).
			opt := bisection.Options{View: b.view, Quick: b.quick, Light: b.light, UniformArcVisits: b.uniform}
			if sa := b.bisection[i].SideA(); sa != nil {
				opt.Splits = [][]ir.NodeID{sa}
			}
			if same {
				opt.KnownLowerBPS, opt.KnownLowerHow = b.residualBound(fid, gr.Failure, dead), "residual"
			}
			res = bisection.Compute(rg, fid, opt)
		}
		fo.set(&b.bisection[i], &res, same)
		out.Fabrics = append(out.Fabrics, fo)
	}
	if domains.Total > 0 {
		out.NVLinkDomains = &domains
	}
	out.Workloads = b.workloads(residual, dead, touched, lost, in)
	for i := range g.Flows {
		if f := g.Flows[i]; touched[f.Fabric] {
			f.From, f.To = alive(f.From, dead), alive(f.To, dead)
			fo := FlowOutcome{Flow: f.Name}
			// With one side all failed there is no flow, and nothing is
			// stranded: the failed ends account for it.
			if len(f.From) > 0 && len(f.To) > 0 {
				ends := len(f.From) + len(f.To)
				f.From, f.To = flow.Reachable(residual(), &f)
				fo.StrandedEnds = ends - len(f.From) - len(f.To)
			}
			if len(f.From) > 0 && len(f.To) > 0 {
				res := flow.Compute(residual(), &f)
				fo.MaxFlowBPS, fo.ECMPBPS, fo.WCMPBPS = res.MaxFlowBPS, res.ECMP.BPS, res.WCMP.BPS
			}
			out.Flows = append(out.Flows, fo)
		}
	}
	return out
}

// survey is fabric i's survey under failure f: by the depth-first index
// when, within the fabric, f fails nothing, one node that is not an
// endpoint, or one link between surviving nodes; by the full pass
// otherwise. A fast result's keptEP is nil.
func (b *baseline) survey(i int, f ir.Failure, dead []bool, residual func() *ir.Graph) survey {
	x, d := b.index[i], b.dfs[i]
	if b.g.Fabrics[i].Transit != 0 && b.transitHit(f) {
		// The failure breaks scale-up paths the transit may take: the
		// groups come from the surviving graph.
		tr := newTransitGroups(len(x.nodes), residual().TransitGroupsAfter(b.g, ir.FabricID(i)), x.locals)
		return x.surveyWith(&b.scratch, dead, b.cut, tr)
	}
	if d != nil {
		lv, link, n := int32(-1), int32(-1), 0
		for _, node := range f.Nodes {
			for _, m := range append([]ir.NodeID{node}, b.g.Children(node)...) {
				for _, l := range x.locals(m) { // a node listed with several ports has one per port
					if l != lv {
						lv = l
						n++
					}
				}
			}
		}
		for _, id := range f.Links {
			if l := b.g.Link(id); !dead[l.A.Node] && !dead[l.B.Node] {
				if k := x.linkIndex(id); k >= 0 && k != link {
					link = k
					n++
				}
			}
		}
		switch {
		case n == 0:
			return d.intact(&b.scratch, x)
		case n == 1:
			if sv, ok := x.surveyOne(d, &b.scratch, &b.one, lv, link); ok {
				return sv
			}
		}
	}
	return x.survey(&b.scratch, dead, b.cut)
}

// tierOversub is fabric i's per-tier oversubscription after a failure,
// with the intact ratios beside.
func (b *baseline) tierOversub(i int, dead []bool, failed []ir.LinkID) []TierOversub {
	intact := map[string]float64{}
	for _, t := range b.oversub[i].Tiers {
		intact[t.Tier] = t.Ratio
	}
	var out []TierOversub
	for _, t := range oversub.ResidualTiers(b.g, &b.oversub[i], dead, failed) {
		out = append(out, TierOversub{Tier: t.Tier, Ratio: t.Ratio, IntactRatio: intact[t.Tier], Worst: t.Worst, WithoutUplinks: t.WithoutUplinks})
	}
	return out
}

// withComponents returns nodes and the components of the servers among
// them, each once: the nodes a failure of nodes fails
// (ir.Graph.FailedNodes as a list, in O(the failure) rather than a pass
// over the graph).
func withComponents(g *ir.Graph, nodes []ir.NodeID) []ir.NodeID {
	seen := map[ir.NodeID]bool{}
	var out []ir.NodeID
	add := func(n ir.NodeID) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, n := range nodes {
		add(n)
		for _, c := range g.Children(n) {
			add(c)
		}
	}
	return out
}

// downLinks returns the links a failure takes down, each once: its own
// links, then every link of its failed nodes (components included), in
// that order.
func downLinks(adj ir.Adjacency, links []ir.LinkID, nodes []ir.NodeID) []ir.LinkID {
	seen := map[ir.LinkID]bool{}
	out := make([]ir.LinkID, 0, len(links))
	add := func(id ir.LinkID) {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	for _, id := range links {
		add(id)
	}
	for _, n := range nodes {
		for _, id := range adj.Of(n) {
			add(id)
		}
	}
	return out
}

// survivingEndpoints returns, in eps order, the endpoints of a fabric
// (eps) that the residual graph keeps (kept, ir.Graph.Residual's list)
// and those whose node did not fail but whose link did: a host whose
// leaf failed is still a rank, cut off, and so is the port of a
// dual-port NIC or host whose link died while its other port lives.
// (Trial 33: dropping such ports changed the endpoints of the split, so
// a plane's leaf failing raised the port-view bisection from 0 to
// 800 Gb/s "exact".) Only a failed node's endpoints leave the split.
func survivingEndpoints(eps, kept []ir.Port, dead []bool) []ir.Port {
	keptPort := make(map[ir.Port]bool, len(kept))
	for _, p := range kept {
		keptPort[p] = true
	}
	out := make([]ir.Port, 0, len(eps))
	for _, p := range eps {
		if keptPort[p] || !dead[p.Node] {
			out = append(out, p)
		}
	}
	return out
}

// residualCut is an upper bound on fabric fid's bisection after a
// failure that keeps the terminals: the intact cut's value less the
// capacity of the failed links crossing it (failed lists each failed
// link once, those of failed nodes included). The same node partition is
// a balanced cut of the surviving graph, so its value bounds the
// bisection from above. ok is false when the intact result records no
// cut by links.
func (b *baseline) residualCut(fid ir.FabricID, failed []ir.LinkID) (float64, bool) {
	base := &b.bisection[fid]
	if _, ok := base.CutCrosses(0); !ok {
		return 0, false
	}
	up := base.UpperBoundBPS
	for _, id := range failed {
		if c, _ := base.CutCrosses(id); c {
			up -= b.g.Link(id).CapacityBPS
		}
	}
	return max(up, 0), true
}

// quickBounds is a quick evaluation's bisection from the residual lower
// bound and the intact cut re-evaluated (residualCut): exact when they
// meet.
func quickBounds(lower, upper float64) bisection.Fabric {
	r := bisection.Fabric{LowerBoundBPS: min(lower, upper), UpperBoundBPS: upper, BandwidthBPS: upper,
		Method: bisection.MethodBounded, LowerBoundMethod: "residual"}
	if lower >= upper*(1-1e-9) {
		r.Method, r.LowerBoundBPS = bisection.MethodExact, upper
	}
	return r
}

// componentDied reports whether a failure kills a server's component (a
// GPU) on its own or with its server: the bisection's terminals (GPUs)
// then change.
func componentDied(g *ir.Graph, dead []bool) bool {
	for n, d := range dead {
		if d && g.Nodes[n].Parent != ir.None {
			return true
		}
	}
	return false
}

// gpuDied reports whether a failure kills a GPU, on its own or with its
// server: the gpu view's terminals then change.
func gpuDied(g *ir.Graph, dead []bool) bool {
	for n, d := range dead {
		if d && g.Nodes[n].Kind == ir.KindGPU {
			return true
		}
	}
	return false
}

// alive returns the nodes of ns that did not fail.
func alive(ns []ir.NodeID, dead []bool) []ir.NodeID {
	var out []ir.NodeID
	for _, n := range ns {
		if !dead[n] {
			out = append(out, n)
		}
	}
	return out
}

// residualBound is a lower bound on fabric fid's bisection after failure
// f, valid when the failure leaves every endpoint in place (the same
// balanced splits): the intact lower bound less half the capacity of
// each link between a failed node and a surviving one, and less the
// capacity of each other failed link between surviving nodes. A link
// between two failed nodes costs nothing. Proof: take the least cut of
// the surviving graph and put the failed nodes back, each connected piece
// of them (joined by links between failed nodes) whole, on the side
// holding more of its links to the surviving nodes. No link joins two
// pieces, and a piece's own links do not cross, so each piece adds at
// most half of its links to the survivors; each failed link between
// survivors adds at most its own capacity. The result is a cut of the
// intact graph over the same balanced split, so it is at least the
// intact lower bound. Putting a whole failed plane back this way costs
// half its endpoint links only, so losing one of a fabric's m planes,
// joined only through the servers, proves (m−1)/m of the intact bound
// where failed nodes put back one by one proved (m−3)/m (DeepSeek-V3's
// plane: 7/8 against 5/8). Links outside the fabric's analysis graph
// count too, which only weakens the bound.
func (b *baseline) residualBound(fid ir.FabricID, f ir.Failure, dead []bool) float64 {
	g := b.g
	lb := b.bisection[fid].LowerBoundBPS
	for n, d := range dead {
		if !d {
			continue
		}
		for _, id := range b.adj.Of(ir.NodeID(n)) {
			if l := g.Link(id); !dead[l.Other(ir.NodeID(n))] {
				lb -= l.CapacityBPS / 2
			}
		}
	}
	for _, id := range f.Links {
		if l := g.Link(id); !dead[l.A.Node] && !dead[l.B.Node] {
			lb -= l.CapacityBPS
		}
	}
	return max(lb, 0)
}

// transitHit reports whether a failure takes a scale-up element (a GPU,
// an NVSwitch, a link between them), which server transit over NVLink may
// need.
func (b *baseline) transitHit(f ir.Failure) bool {
	g := b.g
	for _, id := range f.Links {
		if g.ScaleUpLink(g.Link(id)) {
			return true
		}
	}
	scaleUp := func(n ir.NodeID) bool { k := g.Nodes[n].Kind; return k == ir.KindGPU || k == ir.KindNVSwitch }
	for _, n := range f.Nodes {
		if scaleUp(n) {
			return true
		}
		for _, c := range g.Children(n) {
			if scaleUp(c) {
				return true
			}
		}
	}
	return false
}

// touched marks the fabrics a failure removes a link or a node of, and
// the fabrics with server transit when it takes a scale-up element.
func (b *baseline) touched(f ir.Failure, dead []bool) []bool {
	g := b.g
	t := make([]bool, len(g.Fabrics))
	if b.transitHit(f) {
		for i := range g.Fabrics {
			t[i] = t[i] || g.Fabrics[i].Transit != 0
		}
	}
	for _, id := range f.Links {
		l := g.Link(id)
		if l.Fabric != ir.None {
			t[l.Fabric] = true
			continue
		}
		// A link inside a server (NVLink, PCIe) is in the gpu view's
		// analysis graph of every fabric the server is on: a balanced
		// split may cut through it (the whole-server bound counts it).
		b.touchServer(t, l.A.Node)
		b.touchServer(t, l.B.Node)
	}
	for n, d := range dead {
		if !d {
			continue
		}
		for _, fid := range g.Nodes[n].FabricIDs() {
			t[fid] = true
		}
		// A failed component (a GPU) touches the fabrics its server is on.
		b.touchServer(t, ir.NodeID(n))
		for _, id := range b.adj.Of(ir.NodeID(n)) {
			if l := g.Link(id); l.Fabric != ir.None {
				t[l.Fabric] = true
			}
		}
	}
	// A composite holds its zones' links and devices: what touches a
	// zone touches it (an audit found a zone's failed leaf–spine links
	// left the composite unlisted, read intact, and a requirement on it
	// called vacuous).
	for c := range g.Fabrics {
		for _, m := range g.Fabrics[c].Members {
			t[c] = t[c] || t[m]
		}
	}
	return t
}

// touchServer marks in t the fabrics that the server of component n
// (n's Parent) is on; nothing for a node outside a server.
func (b *baseline) touchServer(t []bool, n ir.NodeID) {
	p := b.g.Nodes[n].Parent
	if p == ir.None {
		return
	}
	for fid := range b.g.Fabrics {
		if _, ok := b.capBPS[fid][p]; ok {
			t[fid] = true
		}
	}
}

// rankCount is the number of ranks an owner stands for that are not
// dead: a server's GPUs (the server itself when it has none), a GPU or an
// implicit host itself; an appliance (ir.Graph.ComputeNode) none.
func (b *baseline) rankCount(o ir.NodeID, dead []bool) int {
	g := b.g
	if _, compute := g.ComputeNode(o); g.Nodes[o].Kind == ir.KindHost && len(g.Children(o)) == 0 && !compute {
		return 0 // an appliance (UFM, a storage head) runs no rank
	}
	if g.Nodes[o].Kind == ir.KindGPU || g.Nodes[o].Kind == ir.KindHost && len(g.Children(o)) == 0 {
		if dead != nil && dead[o] {
			return 0
		}
		return 1
	}
	n, gpus := 0, 0
	for _, c := range g.Children(o) {
		if g.Nodes[c].Kind == ir.KindGPU {
			gpus++
			if dead == nil || !dead[c] {
				n++
			}
		}
	}
	if gpus == 0 {
		if dead != nil && dead[o] {
			return 0
		}
		return 1
	}
	return n
}

// workloads judges each workload: restart when a rank dies or loses an
// endpoint link it uses, else slowed or unaffected by its collectives'
// congestion on the surviving graph.
func (b *baseline) workloads(residual func() *ir.Graph, dead []bool, touched []bool, lost []map[ir.NodeID]float64, in *inside) []WorkloadOutcome {
	g := b.g
	if len(g.Workloads) == 0 {
		return nil
	}
	var out []WorkloadOutcome
	var after *congestion.Result
	for w := range g.Workloads {
		wl := &g.Workloads[w]
		wo := WorkloadOutcome{Workload: wl.Name, Status: StatusUnaffected}
		for _, rank := range b.ranks[w] {
			if why := b.rankLoss(rank, wl, dead, lost, in); why != "" {
				wo.Status, wo.Reason = StatusRestart, why
				break
			}
		}
		base := &b.congestion.Workloads[w]
		wo.BaselineCongestion = worstCF(base)
		if wo.Status == StatusUnaffected && b.quick {
			// A Monte Carlo run does not route the collectives again.
			wo.Status = StatusSurvives
		}
		if wo.Status == StatusUnaffected && wl.Fabric != ir.None && touched[wl.Fabric] {
			if after == nil {
				after = congestion.Analyze(residual(), func(*hcl.Diagnostic) {})
			}
			cf := worstCF(&after.Workloads[w])
			wo.Congestion = &cf
			if why := lostPaths(base, &after.Workloads[w]); why != "" {
				wo.Status, wo.Reason, wo.Congestion = StatusRestart, why, nil
			} else if why := slowedBy(base, &after.Workloads[w]); why != "" {
				wo.Status, wo.Reason = StatusSlowed, why
			}
		}
		out = append(out, wo)
	}
	return out
}

// rankLoss says why rank's loss restarts its workload, or "": the rank
// (or its server) failed, or lost capacity on the workload's fabric or
// on an NVLink domain it is in. NCCL aborts a communicator when any of
// its links, NICs or GPUs fails (NVIDIA/nccl#998; reference/handoffs.md
// "How trusted tools and operators model failures"), so a rank that loses
// an endpoint link it uses takes the whole job down.
func (b *baseline) rankLoss(rank ir.NodeID, wl *ir.Workload, dead []bool, lost []map[ir.NodeID]float64, in *inside) string {
	g := b.g
	if dead[rank] {
		return fmt.Sprintf("rank %s failed", g.Nodes[rank].Name)
	}
	if in != nil && wl.Fabric != ir.None && in.stranded[wl.Fabric][rank] {
		return fmt.Sprintf("rank %s reaches no NIC on fabric %q over its server's surviving links", g.Nodes[rank].Name, g.Fabrics[wl.Fabric].Name)
	}
	for f, m := range lost {
		if m == nil {
			continue
		}
		if ir.FabricID(f) != wl.Fabric && g.Fabrics[f].Family != ir.FamilyNVLinkDomain {
			continue
		}
		for _, o := range [2]ir.NodeID{rank, g.Nodes[rank].Parent} {
			if o == ir.None {
				continue
			}
			if c, ok := m[o]; ok && (dead[o] || c < b.capBPS[f][o]*(1-1e-12)) {
				if dead[o] {
					return fmt.Sprintf("rank %s's server %s failed", g.Nodes[rank].Name, g.Nodes[o].Name)
				}
				// NCCL aborts on a link, NIC or GPU of the rank's own
				// (a failed endpoint link or component), not on capacity
				// its links keep but that now leads to a smaller piece of
				// the fabric: transfers that lost their path are
				// lostPaths', and the rest reroute (trial 66: a plane's
				// aggregation tier down restarted a job whose traffic all
				// stayed on its rails' ToRs).
				if !b.ownLinkLost(o, ir.FabricID(f), dead) && (in == nil || !in.hit[o]) {
					continue
				}
				return fmt.Sprintf("%s lost %s of fabric %q (%s left on its main part, the largest piece that survives)", g.Nodes[o].Name, units.Rate(b.capBPS[f][o]-c), g.Fabrics[f].Name, units.Rate(c))
			}
		}
	}
	return ""
}

// lostPaths says which collective of a workload lost paths on the
// surviving graph, or "": transfers that had a route on the intact
// design and have none after the failure (every rank keeps its links,
// but no path joins some of them: a plane's spines all down). The
// connections of those transfers fail, so NCCL aborts the communicator
// as it does for a lost link (NVIDIA/nccl#998), and the job restarts;
// its congestion over the transfers left would hide that.
func lostPaths(base, after *congestion.Workload) string {
	for i := range after.Collectives {
		a := &after.Collectives[i]
		was := 0
		if i < len(base.Collectives) {
			was = base.Collectives[i].Unroutable
		}
		if a.Unroutable > was {
			return fmt.Sprintf("collective %q: %d of its %d transfers have no path left on the surviving fabric", a.Name, a.Unroutable-was, a.Flows)
		}
	}
	return ""
}

// worstCF is a workload's largest congestion factor over its
// collectives.
// slowedBy says which collective a failure slows, or "": the one whose
// congestion factor rises most (relative to before), else the one whose
// time rises most. Each collective is compared with itself: a workload
// whose worst collective kept its hot spot was "unaffected" while
// another collective slowed behind it (trial 59: ten of 32 spines
// failed, a third of the bisection lost).
func slowedBy(before, after *congestion.Workload) string {
	best, why := 1+1e-9, ""
	for i := range min(len(before.Collectives), len(after.Collectives)) {
		b, a := &before.Collectives[i], &after.Collectives[i]
		if b.CongestionFactor > 0 && a.CongestionFactor/b.CongestionFactor > best {
			best = a.CongestionFactor / b.CongestionFactor
			why = fmt.Sprintf("collective %q: its busiest link carries %.3g× its capacity, was %.3g×", b.Name, a.CongestionFactor, b.CongestionFactor)
		}
	}
	if why != "" {
		return why
	}
	for i := range min(len(before.Collectives), len(after.Collectives)) {
		b, a := &before.Collectives[i], &after.Collectives[i]
		if b.TimeS > 0 && a.TimeS/b.TimeS > best {
			best = a.TimeS / b.TimeS
			why = fmt.Sprintf("collective %q takes %s, was %s", b.Name, units.Seconds(a.TimeS, 3), units.Seconds(b.TimeS, 3))
		}
	}
	return why
}

func worstCF(w *congestion.Workload) float64 {
	cf := 0.0
	for _, c := range w.Collectives {
		cf = max(cf, c.CongestionFactor)
	}
	return cf
}

// networkRack reports whether the cable plan's rack name is a network
// rack: switches and appliances that the cabling stage placed, since a
// design places servers (node groups' rack blocks) and top-of-rack
// switches (a custom switch's rack) only in compute racks.
func networkRack(g *ir.Graph, name string) bool {
	if g.Racking() == nil {
		return false
	}
	for _, r := range g.Racking().Racks {
		if r.Name == name {
			return r.Role == "network"
		}
	}
	return false
}

// ownLinkLost reports whether owner o (a server, a GPU, a host) lost a
// link of its own on fabric f: one of its or its components' links in f
// failed, or ended at a failed node.
func (b *baseline) ownLinkLost(o ir.NodeID, f ir.FabricID, dead []bool) bool {
	g := b.g
	check := func(n ir.NodeID) bool {
		for _, id := range b.adj.Of(n) {
			l := g.Link(id)
			if g.InFabric(&l, f) && (b.cut[id] || dead[n] || dead[l.Other(n)]) {
				return true
			}
		}
		return false
	}
	if check(o) {
		return true
	}
	for _, c := range g.Children(o) {
		if check(c) {
			return true
		}
	}
	return false
}
