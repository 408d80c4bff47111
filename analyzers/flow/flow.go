// Package flow answers the design's capacity queries (`flow` blocks): how
// much traffic one group of devices can send another over a fabric, as an
// exact maximum flow with the cut that binds it, and as the flow that
// equal-cost (ECMP) and weighted-cost (WCMP) multipath routing place
// before their first link saturates, with the link that does.
//
// Definitions (docs/analyzers.md "flow"). Rates are bits per second per
// direction; a full-duplex link carries its capacity each way.
//
//   - Flow graph: the fabric's links, plus the internal links of every
//     server that holds an end of the flow inside it (a GPU) and, when the
//     fabric has server_transit, of every server (whose internals then
//     carry traffic between its NICs); never the internal links of a NIC
//     that is itself an end, which stands for its fabric ports.
//   - max_flow: the maximum flow from all sources together to all sinks
//     together (Dinic, analyzers/internal/maxflow); by max-flow/min-cut it
//     is the least capacity of links whose loss separates the groups.
//   - ecmp and wcmp: every source sends the same amount; at each node the
//     traffic is split over the next hops on shortest paths (hop count) to
//     the nearest sink, each parallel link its own next hop: equally
//     (ECMP, as hashing per flow splits a large number of flows) or in
//     proportion to the next-hop link's capacity (WCMP). The placed flow
//     grows until the first link direction is full, so it is the sources'
//     count times the least of capacity ÷ per-source load over the link
//     directions. These are the placement rules of NetGraph's
//     EQUAL_BALANCED and PROPORTIONAL flow placement (reference/
//     handoffs.md) with sources as separate origins.
package flow

import (
	"math"
	"sort"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/analyzers/internal/maxflow"
	"github.com/topoc/topoc/analyzers/internal/routing"
	"github.com/topoc/topoc/compiler/ir"
)

// Result is one flow block's answer: an entry of the report's "flows".
type Result struct {
	Name   string `json:"name"`
	Fabric string `json:"fabric"`
	// Sources and Sinks count the flow's ends (ir.Flow).
	Sources int `json:"sources"`
	Sinks   int `json:"sinks"`
	// MaxFlowBPS is the exact maximum flow; Cut the least set of links
	// that bounds it (the source side of a minimum cut).
	MaxFlowBPS float64 `json:"max_flow_bps"`
	Cut        Cut     `json:"min_cut"`
	// Utilization lists the busiest link directions of one maximum flow.
	Utilization []LinkLoad `json:"utilization"`
	// ECMP and WCMP are what the two routing rules place.
	ECMP Placement `json:"ecmp"`
	WCMP Placement `json:"wcmp"`
}

// Cut is a set of links that separates the flow's sources from its sinks.
type Cut struct {
	Links int     `json:"links"`
	BPS   float64 `json:"bps"`
	// Sample names up to MaxListed of them, in link order.
	Sample []string `json:"sample"`
}

// Placement is the flow a routing rule places.
type Placement struct {
	// BPS is the total flow placed when the first link direction fills;
	// ShareOfMaxFlow is BPS ÷ max_flow_bps (1 when the rule loses
	// nothing; 0 when there is no flow).
	BPS            float64 `json:"bps"`
	ShareOfMaxFlow float64 `json:"share_of_max_flow"`
	// Binding is the first link direction to fill ("A:port → B:port");
	// "" when nothing is placed.
	Binding string `json:"binding"`
	// Unreachable counts sources with no path to a sink; with any, the
	// placed flow is 0 (every source sends the same amount).
	Unreachable int `json:"unreachable_sources"`
	// Utilization lists the busiest link directions at that flow.
	Utilization []LinkLoad `json:"utilization"`
}

// LinkLoad is one link direction's load.
type LinkLoad struct {
	// Link names the direction, "A:port → B:port" (ir.Graph.PortName).
	Link        string  `json:"link"`
	LoadBPS     float64 `json:"load_bps"`
	CapacityBPS float64 `json:"capacity_bps"`
	Utilization float64 `json:"utilization"`
}

// MaxListed caps the links a cut sample or a utilization list names.
const MaxListed = 8

// Analyzer answers every flow block; its result is []Result in source
// order.
var Analyzer = &analysis.Analyzer{
	Name: "flow",
	Doc:  "capacity queries between device groups: exact max-flow and its cut, ECMP and WCMP placement",
	Run: func(p *analysis.Pass) (any, error) {
		out := []Result{}
		for i := range p.Graph.Flows {
			out = append(out, Compute(p.Graph, &p.Graph.Flows[i]))
		}
		return out, nil
	},
}

// ResultOf reads the Analyzer's result, the flow blocks' results, in design order (analysis.Declare).
var ResultOf = analysis.Declare[[]Result](Analyzer)

// network is a flow's graph: local vertices, arcs and their links.
type network struct {
	g      *ir.Graph
	vertex map[ir.NodeID]int32
	nodes  []ir.NodeID
	fg     *maxflow.Graph
	link   []ir.LinkID // per arc
	fwd    []bool      // per arc: runs from the link's A end to its B end
	cost   []int32     // per arc: its link's routing.LinkCost
}

// Compute answers one flow on g.
func Compute(g *ir.Graph, f *ir.Flow) Result {
	n := build(g, f)
	r := Result{Name: f.Name, Fabric: g.Fabrics[f.Fabric].Name, Sources: len(f.From), Sinks: len(f.To),
		Utilization: []LinkLoad{}, Cut: Cut{Sample: []string{}}}
	side := make([]maxflow.Side, len(n.nodes))
	for _, x := range f.From {
		if v, ok := n.vertex[x]; ok {
			side[v] = maxflow.Source
		}
	}
	for _, x := range f.To {
		if v, ok := n.vertex[x]; ok {
			side[v] = maxflow.Sink
		}
	}
	r.MaxFlowBPS = n.fg.MaxFlow(side)
	inS := n.fg.SourceSide(nil)
	load := make([]float64, n.fg.NumArcs())
	for a := range load {
		load[a] = max(0, n.fg.Flow(int32(a)))
	}
	r.Utilization = n.busiest(load)
	seen := map[ir.LinkID]bool{}
	for v := int32(0); v < int32(len(n.nodes)); v++ {
		if !inS[v] {
			continue
		}
		first, end := n.fg.Arcs(v)
		for a := first; a < end; a++ {
			if h := n.fg.Head(a); !inS[h] && n.fg.Capacity(a) > 0 && !seen[n.link[a]] {
				seen[n.link[a]] = true
				r.Cut.Links++
				r.Cut.BPS += n.fg.Capacity(a)
			}
		}
	}
	ids := make([]ir.LinkID, 0, len(seen))
	for id := range seen {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids[:min(len(ids), MaxListed)] {
		r.Cut.Sample = append(r.Cut.Sample, g.LinkName(id))
	}
	r.ECMP = n.place(f, side, false, r.MaxFlowBPS)
	r.WCMP = n.place(f, side, true, r.MaxFlowBPS)
	return r
}

// build assembles the flow graph (package doc).
func build(g *ir.Graph, f *ir.Flow) *network {
	n := &network{g: g, vertex: map[ir.NodeID]int32{}}
	vtx := func(x ir.NodeID) int32 {
		if v, ok := n.vertex[x]; ok {
			return v
		}
		n.vertex[x] = int32(len(n.nodes))
		n.nodes = append(n.nodes, x)
		return n.vertex[x]
	}
	var links []ir.LinkID
	links = append(links, g.FabricLinks(f.Fabric)...)
	servers := map[ir.NodeID]bool{}
	for _, x := range append(append([]ir.NodeID{}, f.From...), f.To...) {
		if nd := &g.Nodes[x]; nd.Parent != ir.None && !nd.InFabric(f.Fabric) {
			servers[nd.Parent] = true
		}
	}
	if g.Fabrics[f.Fabric].Transit != 0 {
		for _, id := range g.FabricLinks(f.Fabric) {
			l := g.Link(id)
			for _, x := range [2]ir.NodeID{l.A.Node, l.B.Node} {
				if p := g.Nodes[x].Parent; p != ir.None {
					servers[p] = true
				}
			}
		}
	}
	srv := make([]ir.NodeID, 0, len(servers))
	for s := range servers {
		srv = append(srv, s)
	}
	sort.Slice(srv, func(i, j int) bool { return srv[i] < srv[j] })
	// A NIC end stands for its fabric port: traffic it sends or takes
	// does not also pass through its server's PCIe (which would add the
	// server's other NICs to it).
	nicEnd := map[ir.NodeID]bool{}
	for _, x := range append(append([]ir.NodeID{}, f.From...), f.To...) {
		if g.Nodes[x].InFabric(f.Fabric) && g.Nodes[x].Parent != ir.None {
			nicEnd[x] = true
		}
	}
	for _, s := range srv {
		for _, id := range g.InternalLinks(s) {
			if l := g.Link(id); !nicEnd[l.A.Node] && !nicEnd[l.B.Node] {
				links = append(links, id)
			}
		}
	}
	for _, x := range f.From {
		vtx(x)
	}
	for _, x := range f.To {
		vtx(x)
	}
	type edge struct {
		a, b int32
		id   ir.LinkID
	}
	var edges []edge
	done := map[ir.LinkID]bool{}
	for _, id := range links {
		if done[id] {
			continue
		}
		done[id] = true
		l := g.Link(id)
		edges = append(edges, edge{vtx(l.A.Node), vtx(l.B.Node), id})
	}
	b := maxflow.NewBuilder(len(n.nodes))
	b.Grow(len(edges))
	for _, e := range edges {
		b.AddEdge(e.a, e.b, g.Link(e.id).CapacityBPS)
	}
	n.fg = b.Build()
	// Map each arc to its link: arcs of a vertex are in edge order (the
	// Builder's contract), so walking the edges again in that order per
	// vertex recovers them.
	n.link = make([]ir.LinkID, n.fg.NumArcs())
	n.fwd = make([]bool, n.fg.NumArcs())
	next := make([]int32, len(n.nodes))
	for v := range n.nodes {
		next[v], _ = n.fg.Arcs(int32(v))
	}
	for _, e := range edges {
		a := next[e.a]
		next[e.a]++
		n.link[a], n.fwd[a] = e.id, true
		rb := next[e.b]
		next[e.b]++
		n.link[rb], n.fwd[rb] = e.id, false
	}
	n.cost = make([]int32, len(n.link))
	for a, id := range n.link {
		n.cost[a] = routing.LinkCost(g, new(g.Link(id)))
	}
	return n
}

// place routes one unit from every source over the shortest-path DAG to
// the nearest sink, split equally (ECMP) or by capacity (WCMP) per next
// hop, and scales it to the first full link direction.
func (n *network) place(f *ir.Flow, side []maxflow.Side, weighted bool, maxFlow float64) Placement {
	p := Placement{Utilization: []LinkLoad{}}
	nv := int32(len(n.nodes))
	dist := n.distances(side)
	inflow := make([]float64, nv)
	for _, x := range f.From {
		v := n.vertex[x]
		if dist[v] < 0 {
			p.Unreachable++
			continue
		}
		inflow[v]++
	}
	if p.Unreachable > 0 || len(f.From) == 0 {
		return p
	}
	order := make([]int32, 0, nv)
	for v := int32(0); v < nv; v++ {
		if dist[v] > 0 {
			order = append(order, v)
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return dist[order[i]] > dist[order[j]] })
	load := make([]float64, n.fg.NumArcs())
	for _, v := range order {
		if inflow[v] == 0 {
			continue
		}
		first, end := n.fg.Arcs(v)
		total := 0.0
		for a := first; a < end; a++ {
			if u := n.fg.Head(a); dist[u] >= 0 && dist[u]+n.cost[a] == dist[v] && n.fg.Capacity(a) > 0 {
				total += weight(n.fg.Capacity(a), weighted)
			}
		}
		for a := first; a < end; a++ {
			if u := n.fg.Head(a); dist[u] >= 0 && dist[u]+n.cost[a] == dist[v] && n.fg.Capacity(a) > 0 {
				share := inflow[v] * weight(n.fg.Capacity(a), weighted) / total
				load[a] += share
				inflow[u] += share
			}
		}
	}
	scale, bind := math.Inf(1), int32(-1)
	for a, l := range load {
		if l > 0 {
			if s := n.fg.Capacity(int32(a)) / l; s < scale {
				scale, bind = s, int32(a)
			}
		}
	}
	if bind < 0 {
		return p
	}
	p.BPS = scale * float64(len(f.From))
	if maxFlow > 0 {
		p.ShareOfMaxFlow = min(1, p.BPS/maxFlow)
	}
	p.Binding = n.direction(bind)
	for a := range load {
		load[a] *= scale
	}
	p.Utilization = n.busiest(load)
	return p
}

// distances returns every vertex's least cost to a sink (-1 when none is
// reachable), over arcs with capacity, each costing its link's
// routing.LinkCost: Dijkstra's algorithm from the sinks (costs are whole
// numbers, so equal costs compare exactly and every lowest-cost next hop
// is found). With every cost 1 it is the hop count.
func (n *network) distances(side []maxflow.Side) []int32 {
	nv := int32(len(n.nodes))
	dist := make([]int32, nv)
	var q routing.DistQueue
	for v := int32(0); v < nv; v++ {
		dist[v] = -1
		if side[v] == maxflow.Sink {
			dist[v] = 0
			q.Push(v, 0)
		}
	}
	done := make([]bool, nv)
	for q.Len() > 0 {
		v, _ := q.Pop()
		if done[v] {
			continue
		}
		done[v] = true
		first, end := n.fg.Arcs(v)
		for a := first; a < end; a++ {
			// u → v has capacity when v → u does (full duplex), at the
			// same link's cost.
			u := n.fg.Head(a)
			if n.fg.Capacity(a) <= 0 || done[u] {
				continue
			}
			if d := dist[v] + n.cost[a]; dist[u] < 0 || d < dist[u] {
				dist[u] = d
				q.Push(u, d)
			}
		}
	}
	return dist
}

// weight is a next hop's share weight: 1 per link for ECMP, its capacity
// for WCMP.
func weight(c float64, weighted bool) float64 {
	if weighted {
		return c
	}
	return 1
}

// direction names arc a as "A:port → B:port" in its direction.
func (n *network) direction(a int32) string {
	l := n.g.Link(n.link[a])
	from, to := l.A, l.B
	if !n.fwd[a] {
		from, to = l.B, l.A
	}
	return n.g.Nodes[from.Node].Name + ":" + n.g.PortName(from, &l) + " → " + n.g.Nodes[to.Node].Name + ":" + n.g.PortName(to, &l)
}

// busiest lists the MaxListed link directions of highest load ÷
// capacity (ties in arc order).
func (n *network) busiest(load []float64) []LinkLoad {
	idx := make([]int32, 0)
	for a, l := range load {
		if l > 0 {
			idx = append(idx, int32(a))
		}
	}
	util := func(a int32) float64 { return load[a] / n.fg.Capacity(a) }
	sort.SliceStable(idx, func(i, j int) bool { return util(idx[i]) > util(idx[j]) })
	out := []LinkLoad{}
	for _, a := range idx[:min(len(idx), MaxListed)] {
		out = append(out, LinkLoad{Link: n.direction(a), LoadBPS: load[a], CapacityBPS: n.fg.Capacity(a), Utilization: util(a)})
	}
	return out
}

// Reachable returns the ends of f that can exchange traffic on g: the
// sources with a path to some sink and the sinks with a path from some
// source, over links with capacity (the flow graph Compute uses), each
// in f's order. A what-if leaves out the ends a failure strands, as it
// leaves out the failed ones: a cut-off source can send nothing, and
// under the placements' equal demand it would make every source's share
// 0.
func Reachable(g *ir.Graph, f *ir.Flow) (from, to []ir.NodeID) {
	n := build(g, f)
	side := make([]maxflow.Side, len(n.nodes))
	mark := func(ends []ir.NodeID, s maxflow.Side) {
		for i := range side {
			side[i] = 0
		}
		for _, x := range ends {
			if v, ok := n.vertex[x]; ok {
				side[v] = s
			}
		}
	}
	mark(f.To, maxflow.Sink)
	toSinks := n.distances(side)
	mark(f.From, maxflow.Sink) // distances from the sources, links being full duplex
	fromSources := n.distances(side)
	keep := func(ends []ir.NodeID, dist []int32) []ir.NodeID {
		var out []ir.NodeID
		for _, x := range ends {
			if v, ok := n.vertex[x]; ok && dist[v] >= 0 {
				out = append(out, x)
			}
		}
		return out
	}
	return keep(f.From, toSinks), keep(f.To, fromSources)
}
