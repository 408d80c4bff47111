// Package routing routes traffic over the IR graph and accumulates the load
// it puts on every link, per direction, the way equal-cost multipath
// (ECMP) switches forward it: at every hop a flow is split over, or hashed
// onto, the next hops that lie on a shortest path to its destination.
//
// A Plane is the routing view of one network (a fabric, the NVLink
// domains, the PCIe trees): a subset of the graph's links whose transit
// nodes are its switches. Two engines route on a plane:
//
//   - Tiered, for folded Clos and fat-tree fabrics and NVSwitch domains
//     (tiered.go): up/down routing in closed form by symmetry. It is exact
//     whenever the plane passes the checks in NewTiered (links join
//     adjacent tiers, switch down-sets nest, and every source sees the same
//     up-path distribution onto the switches of a tier), and it never lists
//     flows one by one: per-source and per-destination sums travel up and
//     down the tiers. This is what makes AllToAll over 131,072 GPUs cheap.
//   - BFS, for everything else (dragonflies, custom fabrics), exact on any
//     graph: one breadth-first search from each destination yields the
//     shortest-path next hops, and the demand towards that destination is
//     pushed down the resulting DAG from the farthest node inwards.
//
// Both produce the same loads where both apply (the tests compare them),
// and both support three ways of using equal-cost next hops: an ideal even
// split (packet spraying, adaptive routing), static ECMP hashing of each
// queue pair, and pinned destination routing (one port per destination per
// switch, as an InfiniBand forwarding table).
package routing

import (
	"github.com/topoc/topoc/compiler/ir"
)

// Arc is one direction of a plane link: from the node that owns the arc to
// To. Slot indexes load arrays: 2·LinkID for the A→B direction, 2·LinkID+1
// for B→A. On a bundled plane one arc stands for Mult parallel links of
// equal capacity (Slot is the first one's), which ECMP treats as Mult next
// hops; their loads are equal, so only the first link's slot is written
// and per-link loads are the slot's ÷ Mult.
type Arc struct {
	Slot int32 // load slot of the (first) link
	To   int32 // plane-local node at the far end
	Mult int32 // parallel links the arc stands for
}

// Link returns the arc's link.
func (a Arc) Link() ir.LinkID { return ir.LinkID(a.Slot / 2) }

// SlotOf returns the load slot of link l traversed from node from.
func SlotOf(g *ir.Graph, l ir.LinkID, from ir.NodeID) int32 {
	if g.Link(l).A.Node == from {
		return int32(l) * 2
	}
	return int32(l)*2 + 1
}

// Plane is a routing view of part of a graph: the links that include
// accepted, the nodes they join (renumbered densely in NodeID order), and
// which of those nodes forward traffic (transit) rather than only send and
// receive it.
type Plane struct {
	// G is the graph the plane views.
	G *ir.Graph
	// Nodes maps plane-local indices to graph nodes, in NodeID order.
	Nodes []ir.NodeID
	local []int32
	// start and arcs are a CSR index of each local node's outgoing arcs,
	// in LinkID order.
	start   []int32
	arcs    []Arc
	transit []bool
	mult    []int32
	// weight is each link's routing weight (nil: all 1); maxWeight the
	// largest.
	weight    []int32
	maxWeight int32
}

// SetWeights gives every link of the plane a routing weight (at least 1):
// shortest paths minimise the sum of weights. A dragonfly weights its
// global links above two local hops, so that a minimal path crosses one
// global link as Kim et al. (2008) define it, never two to save a local
// hop. Only the BFS engine honours weights.
func (p *Plane) SetWeights(w func(ir.Link) int32) {
	p.weight = make([]int32, p.G.NumLinks())
	for i, l := range p.G.AllLinks() {
		p.weight[i] = max(1, w(l))
		p.maxWeight = max(p.maxWeight, p.weight[i])
	}
}

// w returns the routing weight of arc a.
func (p *Plane) w(a Arc) int32 {
	if p.weight == nil {
		return 1
	}
	return p.weight[a.Slot/2]
}

// NewPlane builds the plane of g's links that include accepts; transit
// decides which nodes forward. Self-links are ignored. It costs
// O(nodes + links).
func NewPlane(g *ir.Graph, include func(ir.Link) bool, transit func(*ir.Node) bool) *Plane {
	return newPlane(g, include, transit, false)
}

// NewBundledPlane is NewPlane with consecutive parallel links of equal
// capacity (an HGX GPU's 4 or 5 NVLinks to one NVSwitch) folded into one
// arc of multiplicity Mult; a link that bundles physical links itself
// (ir.Link.Parallel) counts them all. Only the Ideal mode routes it exactly: a
// hashed queue pair would pick one link of the bundle.
func NewBundledPlane(g *ir.Graph, include func(ir.Link) bool, transit func(*ir.Node) bool) *Plane {
	return newPlane(g, include, transit, true)
}

func newPlane(g *ir.Graph, include func(ir.Link) bool, transit func(*ir.Node) bool, bundle bool) *Plane {
	p := &Plane{G: g, local: make([]int32, len(g.Nodes))}
	for i := range p.local {
		p.local[i] = -1
	}
	// mult[i] > 0 marks link i as the first of a bundle of mult links;
	// 0 means not in the plane or a later member of a bundle.
	p.mult = make([]int32, g.NumLinks())
	count := make([]int32, len(g.Nodes))
	first := -1
	for i, l := range g.AllLinks() {
		if l.A.Node == l.B.Node || !include(l) {
			first = -1
			continue
		}
		if bundle && first >= 0 {
			f := g.Link(ir.LinkID(first))
			if f.A.Node == l.A.Node && f.B.Node == l.B.Node && f.PhysicalBPS() == l.PhysicalBPS() {
				p.mult[first] += l.Physical()
				continue
			}
		}
		first = int(i)
		p.mult[i] = l.Physical()
		count[l.A.Node]++
		count[l.B.Node]++
	}
	for n, c := range count {
		if c > 0 {
			p.local[n] = int32(len(p.Nodes))
			p.Nodes = append(p.Nodes, ir.NodeID(n))
		}
	}
	p.start = make([]int32, len(p.Nodes)+1)
	for i, n := range p.Nodes {
		p.start[i+1] = p.start[i] + count[n]
	}
	p.arcs = make([]Arc, p.start[len(p.Nodes)])
	fill := make([]int32, len(p.Nodes))
	p.transit = make([]bool, len(p.Nodes))
	for i, n := range p.Nodes {
		p.transit[i] = transit(&g.Nodes[n])
	}
	for i, l := range g.AllLinks() {
		m := p.mult[i]
		if m == 0 {
			continue
		}
		a, b := p.local[l.A.Node], p.local[l.B.Node]
		p.arcs[p.start[a]+fill[a]] = Arc{Slot: int32(i) * 2, To: b, Mult: m}
		fill[a]++
		p.arcs[p.start[b]+fill[b]] = Arc{Slot: int32(i)*2 + 1, To: a, Mult: m}
		fill[b]++
	}
	return p
}

// Mult returns the number of parallel physical links that slot's arc
// stands for (1 on an unbundled plane but for a link that is itself a
// bundle, ir.Link.Parallel; 0 for a slot outside the plane or a later
// member of a bundle).
func (p *Plane) Mult(slot int32) int32 { return p.mult[slot/2] }

// Bundle returns the IR links folded into the arc whose first link is l:
// consecutive links whose physical links (ir.Link.Physical) add up to the
// arc's Mult.
func (p *Plane) Bundle(l ir.LinkID) []ir.LinkID {
	var out []ir.LinkID
	m := p.mult[l]
	for n := int32(0); n < m && int(l) < p.G.NumLinks(); l++ {
		out = append(out, l)
		n += p.G.Link(l).Physical()
	}
	return out
}

// weight is the number of next hops (links) behind arcs.
func weight(arcs []Arc) int32 {
	var w int32
	for _, a := range arcs {
		w += a.Mult
	}
	return w
}

// port returns the arc holding the i-th of the links behind arcs.
func port(arcs []Arc, i int) int {
	for k, a := range arcs {
		if i < int(a.Mult) {
			return k
		}
		i -= int(a.Mult)
	}
	return len(arcs) - 1
}

// Local returns the plane-local index of graph node n, or -1 when n has no
// link in the plane.
func (p *Plane) Local(n ir.NodeID) int32 {
	if int(n) < 0 || int(n) >= len(p.local) {
		return -1
	}
	return p.local[n]
}

// Len is the number of plane nodes.
func (p *Plane) Len() int { return len(p.Nodes) }

// Arcs returns the outgoing arcs of plane node u.
func (p *Plane) Arcs(u int32) []Arc { return p.arcs[p.start[u]:p.start[u+1]] }

// Transit reports whether plane node u forwards traffic.
func (p *Plane) Transit(u int32) bool { return p.transit[u] }

// CapacityBPS returns the capacity of one physical link under slot s
// (ir.Link.PhysicalBPS: an arc of Mult m carries m of them), bits per
// second per direction.
func (p *Plane) CapacityBPS(s int32) float64 { return p.G.Link(ir.LinkID(s / 2)).PhysicalBPS() }

// Switches is the usual transit rule: packet switches and NVSwitch chips
// forward, every other node only sends and receives.
func Switches(n *ir.Node) bool { return n.Kind.IsSwitch() }
