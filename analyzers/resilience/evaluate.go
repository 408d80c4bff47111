package resilience

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/analyzers/flow"
	"github.com/topoc/topoc/compiler/ir"
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
	// ranks[w] is workload w's placement (congestion.Ranks).
	ranks      [][]ir.NodeID
	congestion *congestion.Result
	view       bisection.View
	// quick evaluates scenarios with bisection's Options.Quick (Monte
	// Carlo): the proven bounds against the intact cut, without search.
	quick bool
	// units[f] is fabric f's scheduling units (units.go).
	units []unitMap
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
	}
	for i := range g.Workloads {
		b.ranks = append(b.ranks, congestion.Ranks(g, &g.Workloads[i]))
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
		l := &g.Links[id]
		for _, e := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			if isEP[e] {
				caps[owner(g, e)] += l.CapacityBPS
			}
		}
	}
	return caps, eps
}

// mainPart returns a mask over r.Nodes of the nodes of fabric fid that
// lie in the fabric's main part: the connected piece of the fabric's
// surviving links holding the most endpoint capacity (ties to the piece
// with the lowest node). A
// server's endpoints count as joined when the fabric lets traffic cross
// servers (server_transit), as its internals then carry it.
func mainPart(r *ir.Graph, fid ir.FabricID) []bool {
	n := len(r.Nodes)
	parent := make([]int32, n)
	for i := range parent {
		parent[i] = -1 // not in the fabric's surviving links
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	add := func(x ir.NodeID) {
		if parent[x] < 0 {
			parent[x] = int32(x)
		}
	}
	union := func(a, b ir.NodeID) {
		add(a)
		add(b)
		ra, rb := find(int32(a)), find(int32(b))
		if ra < rb {
			parent[rb] = ra
		} else if rb < ra {
			parent[ra] = rb
		}
	}
	isEP := make([]bool, n)
	for _, p := range r.Fabrics[fid].Endpoints {
		isEP[p.Node] = true
	}
	transit := r.Fabrics[fid].Transit != 0
	firstOf := map[ir.NodeID]ir.NodeID{} // a server's first endpoint seen
	weight := make([]float64, n)
	for _, id := range r.FabricLinks(fid) {
		l := &r.Links[id]
		union(l.A.Node, l.B.Node)
		for _, e := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			if !isEP[e] {
				continue
			}
			weight[e] += l.CapacityBPS
			if s := r.Nodes[e].Parent; transit && s != ir.None && r.Nodes[e].Kind != ir.KindGPU {
				if first, ok := firstOf[s]; ok {
					union(first, e)
				} else {
					firstOf[s] = e
				}
			}
		}
	}
	total := make([]float64, n)
	for e, w := range weight {
		if w > 0 {
			total[find(int32(e))] += w
		}
	}
	best, bestW := int32(-1), -1.0
	for root, w := range total {
		if w > bestW && w > 0 {
			best, bestW = int32(root), w
		}
	}
	in := make([]bool, n)
	for x := range parent {
		if parent[x] >= 0 && find(int32(x)) == best {
			in[x] = true
		}
	}
	return in
}

// evaluate computes one scenario's outcome.
func (b *baseline) evaluate(class string, gr Group, orbitSize int) Outcome {
	g := b.g
	out := Outcome{Class: class, Group: gr.Name, Orbit: orbitSize, failure: gr.Failure}
	domains := DomainsIntact{}
	r := g.Residual(gr.Failure)
	dead := g.FailedNodes(gr.Failure)
	touched := b.touched(gr.Failure, dead)
	// lost[f][owner]: capacity left on fabric f, for owners that lost some.
	lost := make([]map[ir.NodeID]float64, len(g.Fabrics))
	for i := range g.Fabrics {
		fid := ir.FabricID(i)
		if !touched[i] {
			if g.Fabrics[fid].Family == "nvlink_domain" {
				domains.Total++
				domains.Intact++
			}
			continue
		}
		main := mainPart(r, fid)
		kept := r.Fabrics[fid].Endpoints[:0:0]
		for _, p := range r.Fabrics[fid].Endpoints {
			if main[p.Node] {
				kept = append(kept, p)
			}
		}
		stranded := len(r.Fabrics[fid].Endpoints) - len(kept)
		r.Fabrics[fid].Endpoints = kept
		caps, _ := ownerCaps(r, fid, func(n ir.NodeID) bool { return main[n] })
		fo := FabricOutcome{Fabric: g.Fabrics[fid].Name, StrandedEndpoints: stranded,
			LostEndpoints: len(g.Fabrics[fid].Endpoints) - len(kept) - stranded}
		lost[i] = map[ir.NodeID]float64{}
		for o, c0 := range b.capBPS[i] {
			c1 := caps[o]
			all, live := b.rankCount(o, nil), b.rankCount(o, dead)
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
			default: // full capacity, some GPUs failed
				fo.RanksDisconnected += all - live
			}
		}
		fo.Units = b.units[i].intact(lost[i])
		if g.Fabrics[fid].Family == "nvlink_domain" {
			whole := len(lost[i]) == 0
			domains.Total++
			if whole {
				domains.Intact++
			}
		}
		// The intact cut, tried on the surviving graph, is an upper bound
		// the search need not find again (and all a quick run uses).
		opt := bisection.Options{View: b.view, Quick: b.quick}
		if sa := b.bisection[i].SideA(); sa != nil {
			opt.Splits = [][]ir.NodeID{sa}
		}
		same := len(kept) == len(g.Fabrics[fid].Endpoints) && !componentDied(g, dead)
		if same {
			opt.KnownLowerBPS, opt.KnownLowerHow = b.residualBound(fid, gr.Failure, dead), "residual"
		}
		res := bisection.Compute(r, fid, opt)
		fo.set(&b.bisection[i], &res, same)
		out.Fabrics = append(out.Fabrics, fo)
	}
	if domains.Total > 0 {
		out.NVLinkDomains = &domains
	}
	out.Workloads = b.workloads(r, dead, touched, lost)
	for i := range g.Flows {
		if f := g.Flows[i]; touched[f.Fabric] {
			f.From, f.To = alive(f.From, dead), alive(f.To, dead)
			res := flow.Compute(r, &f)
			out.Flows = append(out.Flows, FlowOutcome{Flow: f.Name, MaxFlowBPS: res.MaxFlowBPS, ECMPBPS: res.ECMP.BPS, WCMPBPS: res.WCMP.BPS})
		}
	}
	return out
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
// balanced splits): the intact lower bound less, for each failed node,
// half the capacity of its links and, for each other failed link, its
// capacity. Proof: take the least cut of the surviving graph and put the
// failed nodes back one by one, each on the side where more of its
// capacity to the nodes already placed lies; that adds at most half of
// each node's capacity to the cut, and a failed link adds at most its own,
// giving a cut of the intact graph, which is at least the intact lower
// bound. Links outside the fabric's analysis graph count too, which only
// weakens the bound.
func (b *baseline) residualBound(fid ir.FabricID, f ir.Failure, dead []bool) float64 {
	g := b.g
	lb := b.bisection[fid].LowerBoundBPS
	for n, d := range dead {
		if !d {
			continue
		}
		c := 0.0
		for _, id := range b.adj.Of(ir.NodeID(n)) {
			c += g.Links[id].CapacityBPS
		}
		lb -= c / 2
	}
	for _, id := range f.Links {
		if l := &g.Links[id]; !dead[l.A.Node] && !dead[l.B.Node] {
			lb -= l.CapacityBPS
		}
	}
	return max(lb, 0)
}

// touched marks the fabrics a failure removes a link or a node of.
func (b *baseline) touched(f ir.Failure, dead []bool) []bool {
	g := b.g
	t := make([]bool, len(g.Fabrics))
	for _, id := range f.Links {
		if l := &g.Links[id]; l.Fabric != ir.None {
			t[l.Fabric] = true
		}
	}
	for n, d := range dead {
		if !d {
			continue
		}
		for _, fid := range g.Nodes[n].Fabrics {
			t[fid] = true
		}
		// A failed component (a GPU) touches the fabrics its server is on.
		if p := g.Nodes[n].Parent; p != ir.None {
			for fid := range g.Fabrics {
				if _, ok := b.capBPS[fid][p]; ok {
					t[fid] = true
				}
			}
		}
		for _, id := range b.adj.Of(ir.NodeID(n)) {
			if l := &g.Links[id]; l.Fabric != ir.None {
				t[l.Fabric] = true
			}
		}
	}
	return t
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
func (b *baseline) workloads(r *ir.Graph, dead []bool, touched []bool, lost []map[ir.NodeID]float64) []WorkloadOutcome {
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
			if why := b.rankLoss(rank, wl, dead, lost); why != "" {
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
				after = congestion.Analyze(r, func(*hcl.Diagnostic) {})
			}
			cf := worstCF(&after.Workloads[w])
			wo.Congestion = &cf
			if cf > wo.BaselineCongestion*(1+1e-9) {
				wo.Status = StatusSlowed
				wo.Reason = fmt.Sprintf("its busiest link carries %.3g× its capacity, was %.3g×", cf, wo.BaselineCongestion)
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
func (b *baseline) rankLoss(rank ir.NodeID, wl *ir.Workload, dead []bool, lost []map[ir.NodeID]float64) string {
	g := b.g
	if dead[rank] {
		return fmt.Sprintf("rank %s failed", g.Nodes[rank].Name)
	}
	for f, m := range lost {
		if m == nil {
			continue
		}
		if ir.FabricID(f) != wl.Fabric && g.Fabrics[f].Family != "nvlink_domain" {
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
				return fmt.Sprintf("%s lost %s of fabric %q (%s left)", g.Nodes[o].Name, bisection.RateText(b.capBPS[f][o]-c), g.Fabrics[f].Name, bisection.RateText(c))
			}
		}
	}
	return ""
}

// worstCF is a workload's largest congestion factor over its
// collectives.
func worstCF(w *congestion.Workload) float64 {
	cf := 0.0
	for _, c := range w.Collectives {
		cf = max(cf, c.CongestionFactor)
	}
	return cf
}
