package ir

import (
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
)

// View is a read-only, undirected, unweighted gonum graph over the nodes
// and links of a Graph, optionally restricted to one fabric (with node
// internals when the fabric is built on real servers). Parallel links
// collapse into one gonum edge, as gonum's simple-graph interfaces require;
// capacity-aware analyses use the Graph's own arrays instead (docs/reference/design-brief.md:
// gonum graphs cost about ten times the memory of the flat arrays).
//
// gonum node ids are the NodeIDs, so results map back without a table.
type View struct {
	g    *Graph
	adj  Adjacency
	keep func(LinkID) bool
	node func(NodeID) bool
}

// GonumView returns a view over every node and link of g.
func (g *Graph) GonumView() *View {
	return &View{g: g, adj: g.Adjacency(), keep: func(LinkID) bool { return true }, node: func(NodeID) bool { return true }}
}

// FabricView returns a view over fabric f: its links, the links inside the
// servers whose components it touches, and the nodes those links join.
func (g *Graph) FabricView(f FabricID) *View {
	inNode := make([]bool, len(g.Nodes))
	inLink := make([]bool, g.NumLinks())
	servers := map[NodeID]bool{}
	for id, l := range g.AllLinks() {
		if g.InFabric(&l, f) {
			inLink[id] = true
			inNode[l.A.Node], inNode[l.B.Node] = true, true
			for _, n := range [2]NodeID{l.A.Node, l.B.Node} {
				if p := g.Nodes[n].Parent; p != None {
					servers[p] = true
				}
			}
		}
	}
	if len(servers) > 0 {
		for id, l := range g.AllLinks() {
			if l.Fabric != None {
				continue
			}
			pa, pb := g.Nodes[l.A.Node].Parent, g.Nodes[l.B.Node].Parent
			if (pa != None && servers[pa]) || (pb != None && servers[pb]) {
				inLink[id] = true
				inNode[l.A.Node], inNode[l.B.Node] = true, true
			}
		}
	}
	return &View{g: g, adj: g.Adjacency(),
		keep: func(l LinkID) bool { return inLink[l] },
		node: func(n NodeID) bool { return inNode[n] }}
}

type gnode int64

func (n gnode) ID() int64 { return int64(n) }

type gedge struct{ f, t gnode }

func (e gedge) From() graph.Node         { return e.f }
func (e gedge) To() graph.Node           { return e.t }
func (e gedge) ReversedEdge() graph.Edge { return gedge{e.t, e.f} }

// Node implements graph.Graph.
func (v *View) Node(id int64) graph.Node {
	if id < 0 || id >= int64(len(v.g.Nodes)) || !v.node(NodeID(id)) {
		return nil
	}
	return gnode(id)
}

// Nodes implements graph.Graph, in NodeID order.
func (v *View) Nodes() graph.Nodes {
	var ns []graph.Node
	for i := range v.g.Nodes {
		if v.node(NodeID(i)) {
			ns = append(ns, gnode(i))
		}
	}
	return iterator.NewOrderedNodes(ns)
}

func (v *View) neighbours(id int64) []graph.Node {
	if v.Node(id) == nil {
		return nil
	}
	seen := map[NodeID]bool{}
	var ns []graph.Node
	for _, l := range v.adj.Of(NodeID(id)) {
		if !v.keep(l) {
			continue
		}
		o := v.g.Link(l).Other(NodeID(id))
		if !seen[o] {
			seen[o] = true
			ns = append(ns, gnode(o))
		}
	}
	return ns
}

// From implements graph.Graph.
func (v *View) From(id int64) graph.Nodes {
	return iterator.NewOrderedNodes(v.neighbours(id))
}

// HasEdgeBetween implements graph.Graph.
func (v *View) HasEdgeBetween(x, y int64) bool { return v.Edge(x, y) != nil }

// Edge implements graph.Graph.
func (v *View) Edge(x, y int64) graph.Edge {
	if v.Node(x) == nil || v.Node(y) == nil {
		return nil
	}
	for _, l := range v.adj.Of(NodeID(x)) {
		if v.keep(l) && v.g.Link(l).Other(NodeID(x)) == NodeID(y) {
			return gedge{gnode(x), gnode(y)}
		}
	}
	return nil
}

// EdgeBetween implements graph.Undirected.
func (v *View) EdgeBetween(x, y int64) graph.Edge { return v.Edge(x, y) }

var _ graph.Undirected = (*View)(nil)
