package bisection

import (
	"github.com/topoc/topoc/analyzers/internal/maxflow"
	"github.com/topoc/topoc/analyzers/internal/routing"
	"github.com/topoc/topoc/compiler/ir"
)

// Routed is the bisection the design's routing can use, as an interval,
// beside the graph's: a cut the graph allows may need paths the routing
// never takes. Rates are bits per second per direction.
type Routed struct {
	// Routing names the routing: "up_down" (up*/down*, valley-free: a
	// path climbs the tiers to a switch above both ends and descends, as
	// ECMP over a BGP leaf-spine, RFC 7938, and InfiniBand's ftree and
	// updn engines route; links between switches of one tier are not
	// used) for tiered fabrics and NVLink domains, "up_down_zones" for
	// a composite (up*/down* inside each zone, a joining link between
	// two zones), "minimal" for a dragonfly (local, global, local
	// hops at most), or "shortest_path" where switches of one tier are
	// linked (congestion's engine routes shortest paths there).
	Routing string `json:"routing"`
	// LowerBoundBPS is proven by LowerBoundMethod under that routing:
	// the hose bound routes obliviously up and down, and the dragonfly's
	// uniform multicommodity-flow bound routes minimally; "none" (0)
	// when neither applies.
	LowerBoundBPS    float64 `json:"lower_bound_bps"`
	LowerBoundMethod string  `json:"lower_bound_method"`
	// UpperBoundBPS is the least flow the routing can carry across a
	// balanced split: for up_down, max-flow on the valley-free layering of
	// the analysis graph across the graph's certificate split and the
	// upper-switch affinity splits, at most the graph's own upper bound;
	// the graph's upper bound for minimal (no flow restricted to minimal
	// paths is computed, so it is the graph's cut).
	UpperBoundBPS float64 `json:"upper_bound_bps"`
	// LowerBoundRatio and UpperBoundRatio divide by the same half
	// injection as the graph's ratio.
	LowerBoundRatio float64 `json:"lower_bound_ratio"`
	UpperBoundRatio float64 `json:"upper_bound_ratio"`
}

// sameTierSwitchLinks reports whether a link of the fabric joins two of
// its switches (not a server's NVSwitch chips) of one tier, which
// up/down routing never uses.
func (m *model) sameTierSwitchLinks() bool {
	for _, id := range m.fabricLinks {
		l := m.g.Link(id)
		a, b := &m.g.Nodes[l.A.Node], &m.g.Nodes[l.B.Node]
		if a.Kind.IsSwitch() && b.Kind.IsSwitch() && a.Parent == ir.None && b.Parent == ir.None && a.TierName() == b.TierName() {
			return true
		}
	}
	return false
}

// upDownLayered is graph a's valley-free layering, built once and reused
// for every split evaluated on it (MaxFlow starts from the capacities
// each time).
type upDownLayered struct {
	a    *agraph
	g    *maxflow.Graph
	side []maxflow.Side
}

// upDownLayering returns the layering of graph a, and false when the
// fabric is not tiered or the layered graph would be too large. The
// layering (two copies of every vertex: U climbing, D descending) makes
// every source-to-sink path valley-free: an arc from a lower to a higher
// rank joins U copies, one from higher to lower joins D copies, and each
// vertex turns from U to D at no cost; links inside servers and between
// endpoints (rank 0) are in both copies (so the flow may count such a
// link once per copy: an upper bound, which is what it is used as), and
// links between switches of one tier in neither. The rank of a vertex is
// its tier's position plus one for switches of the fabric's tiers, 0 for
// everything else (endpoints, and the components of servers, their
// NVSwitch chips included).
func (m *model) upDownLayering(a *agraph) (*upDownLayered, bool) {
	tiers := m.fab.Tiers
	if len(tiers) == 0 || m.direct() || 2*a.fg.NumArcs() > maxFlowArcs {
		return nil, false
	}
	rankOf := map[string]int{}
	for i, t := range tiers {
		rankOf[t] = i + 1
	}
	n := int32(len(a.vnode))
	rank := make([]int, n)
	for v, node := range a.vnode {
		nd := &m.g.Nodes[node]
		if !nd.Kind.IsSwitch() || nd.Parent != ir.None {
			continue // endpoints and server internals (in-box NVSwitches too)
		}
		r, ok := rankOf[nd.TierName()]
		if !ok {
			return nil, false // a switch of no tier: up and down are undefined
		}
		rank[v] = r
	}
	b := maxflow.NewBuilder(int(2 * n))
	b.Grow(2*a.fg.NumArcs() + int(n)) // two arcs per arc at most (rank 0), and the turns
	total := 0.0
	for u := int32(0); u < n; u++ {
		lo, hi := a.fg.Arcs(u)
		for x := lo; x < hi; x++ {
			v, c := a.fg.Head(x), a.fg.Capacity(x)
			if c <= 0 {
				continue
			}
			total += c
			switch {
			case rank[u] < rank[v]:
				b.AddArc(u, v, c)
			case rank[u] > rank[v]:
				b.AddArc(n+u, n+v, c)
			case rank[u] == 0:
				b.AddArc(u, v, c)
				b.AddArc(n+u, n+v, c)
			}
		}
	}
	for v := int32(0); v < n; v++ {
		b.AddArc(v, n+v, total+1)
	}
	return &upDownLayered{a: a, g: b.Build(), side: make([]maxflow.Side, 2*n)}, true
}

// flow returns the flow up*/down* routing carries from the terminals in
// side A to those in side B.
func (l *upDownLayered) flow(inA []bool) float64 {
	n := int32(len(l.a.vnode))
	clear(l.side)
	for t, v := range l.a.tv {
		if v < 0 {
			continue
		}
		if inA[t] {
			l.side[v] = maxflow.Source
		} else {
			l.side[n+v] = maxflow.Sink
		}
	}
	return l.g.MaxFlow(l.side)
}

// setRouted fills r.Routed from the graph result r, its best cut and the
// lower bounds: up_down for tiered fabrics, minimal for direct networks
// (dragonfly, torus, whose bound under minimal routing is direct); nil
// for a fabric whose switches name no tiers, and for a composite.
//
// full is the full analysis graph where the graph's bounds built it (nil
// otherwise): the routed whole-server bound runs on it even when the
// certificate came from the contracted graph (a dual-port frontend NIC
// under 8 GPUs read 0.88–1 routed where the graph's own whole-server
// bound proved 1, trial 64).
func (m *model) setRouted(r *Fabric, best cut, full *agraph, hose hoseBound, direct float64, minimal bool) {
	var out *Routed
	switch {
	case m.fab.Composite():
		// Zones joined at any tier: up/down inside each zone, a joining
		// link between. The composite hose bound routes exactly so
		// (composite.go), and no routing carries more than the graph's
		// cut; without that bound the routing between zones is not
		// judged.
		if r.LowerBoundMethod != "hose_composite" {
			return
		}
		out = &Routed{Routing: "up_down_zones", LowerBoundBPS: r.LowerBoundBPS, LowerBoundMethod: "hose_composite", UpperBoundBPS: r.UpperBoundBPS}
	case m.direct():
		out = &Routed{Routing: "minimal", LowerBoundMethod: "none", UpperBoundBPS: r.UpperBoundBPS}
		if minimal && direct > 0 {
			out.LowerBoundBPS, out.LowerBoundMethod = min(direct, r.UpperBoundBPS), "uniform_multicommodity_flow"
		}
	case m.sameTierSwitchLinks():
		// Links between switches of one tier (a dragonfly cabled by
		// hand, peer links) are routed: congestion's engine is not the
		// tiered up/down one there but shortest paths (routing.NewEngine
		// falls back to BFS), which up/down's layering would leave out
		// and so read 0. No flow restricted to shortest paths is
		// computed, so the interval is the graph's cut above. Below: the
		// uniform multicommodity-flow bound routes every pair over its
		// shortest paths by hop count, itself a shortest-path routing,
		// so where it is the graph's lower bound and every link costs
		// one hop to congestion (routing.Weighted: no custom cost) it
		// bounds this routing too; else nothing is proven.
		out = &Routed{Routing: "shortest_path", LowerBoundMethod: "none", UpperBoundBPS: r.UpperBoundBPS}
		if r.LowerBoundMethod == "uniform_multicommodity_flow" && !routing.Weighted(m.g, m.fid) {
			out.LowerBoundBPS, out.LowerBoundMethod = r.LowerBoundBPS, r.LowerBoundMethod
		}
	case hose.ok && meets(hose.bound, r.UpperBoundBPS):
		// The hose bound is an oblivious up/down routing and meets the
		// graph's cut, which bounds every routing: the interval is closed
		// without a flow (the symmetric fabrics, 131,072 GPUs included).
		out = &Routed{Routing: "up_down", LowerBoundBPS: r.UpperBoundBPS, LowerBoundMethod: hose.method(), UpperBoundBPS: r.UpperBoundBPS}
	case best.g != nil && best.inA != nil:
		layered, ok := m.upDownLayering(best.g)
		if !ok {
			return
		}
		f := layered.flow(best.inA)
		// The routing's worst split need not be the graph's: leaves that
		// favour different upper switches are the routing's weak cut
		// (valley paths, which the graph's cut may use, are closed to
		// it). Those structure-aligned splits are evaluated too.
		for _, o := range m.affinityOrders() {
			for _, inA := range prefixSplits(best.g, len(m.terms), o.order) {
				f = min(f, layered.flow(inA))
			}
		}
		out = &Routed{Routing: "up_down", LowerBoundMethod: "none", UpperBoundBPS: min(f, r.UpperBoundBPS)}
		if hose.ok {
			out.LowerBoundBPS, out.LowerBoundMethod = min(hose.bound, out.UpperBoundBPS), hose.method()
		}
		// Where servers must be split, the whole-server bound under the
		// routing (hose_whole.go) can close what the hose bound leaves.
		if full == nil && best.g.mode == modeFull {
			full = best.g
		}
		if !meets(out.LowerBoundBPS, out.UpperBoundBPS) && full != nil && m.view == ViewGPU && m.hasGPUServers() && len(m.terms) > ExactEndpoints {
			if b, _, ok := m.wholeServers(full, true); ok && b > out.LowerBoundBPS {
				out.LowerBoundBPS, out.LowerBoundMethod = min(b, out.UpperBoundBPS), "hose_whole_servers"
			}
		}
		// Where leaves fill unevenly, the whole-leaf bound under the
		// routing (hose_leaves.go) likewise.
		if !meets(out.LowerBoundBPS, out.UpperBoundBPS) && len(m.terms) > ExactEndpoints {
			if b, _, ok := m.wholeLeaves(best.g, true); ok && b > out.LowerBoundBPS {
				out.LowerBoundBPS, out.LowerBoundMethod = min(b, out.UpperBoundBPS), "hose_whole_leaves"
			}
		}
		// Where servers hang from several leaves, the server-cluster
		// bound under the routing (hose_clusters.go), on the full graph
		// the graph's bound prepared (the certificate may be on the
		// contracted one).
		if !meets(out.LowerBoundBPS, out.UpperBoundBPS) && m.cl != nil && m.cl.ok {
			if b, _, ok := m.serverClusters(m.cl.g, true); ok && b > out.LowerBoundBPS {
				out.LowerBoundBPS, out.LowerBoundMethod = min(b, out.UpperBoundBPS), "hose_server_clusters"
			}
		}
	default:
		return
	}
	out.LowerBoundRatio = ratio(out.LowerBoundBPS, r.HalfInjectionBPS)
	out.UpperBoundRatio = ratio(out.UpperBoundBPS, r.HalfInjectionBPS)
	r.Routed = out
}
