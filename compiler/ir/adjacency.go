package ir

// Adjacency is a compressed sparse row index of the links at each node:
// the links touching node n are Links[Start[n]:Start[n+1]], in LinkID order.
// A link joining a node to itself is listed once.
type Adjacency struct {
	Start []int32
	Links []LinkID
}

// Adjacency builds the CSR index of g's links. It costs O(nodes + links)
// time and memory; callers that need it repeatedly keep the result.
func (g *Graph) Adjacency() Adjacency {
	start := make([]int32, len(g.Nodes)+1)
	for _, l := range g.AllLinks() {
		start[l.A.Node+1]++
		if l.B.Node != l.A.Node {
			start[l.B.Node+1]++
		}
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	fill := make([]int32, len(g.Nodes))
	links := make([]LinkID, start[len(g.Nodes)])
	for id, l := range g.AllLinks() {
		a := l.A.Node
		links[start[a]+fill[a]] = id
		fill[a]++
		if b := l.B.Node; b != a {
			links[start[b]+fill[b]] = id
			fill[b]++
		}
	}
	return Adjacency{Start: start, Links: links}
}

// Of returns the links touching node n.
func (a Adjacency) Of(n NodeID) []LinkID {
	return a.Links[a.Start[n]:a.Start[n+1]]
}

// Other returns the node at the far end of link l from node n.
func (l Link) Other(n NodeID) NodeID {
	if l.A.Node == n {
		return l.B.Node
	}
	return l.A.Node
}
