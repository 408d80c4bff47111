package ir

// NodeMap maps the nodes of one part of a graph (a fabric's switches and
// endpoints) to values of T, with a default for nodes never set. It is a
// slice over every node when the part holds at least an eighth of the
// graph, and a Go map otherwise, so that a per-fabric analysis costs the
// size of its fabric rather than of the graph (a dense slice per fabric
// made F fabrics cost O(F × nodes)) while a large fabric keeps slice
// speed.
type NodeMap[T any] struct {
	dense  []T
	sparse map[NodeID]T
	fill   T
}

// NewNodeMap returns a NodeMap for about expected nodes of g, whose Get
// returns fill for a node never set.
func NewNodeMap[T any](g *Graph, expected int, fill T) NodeMap[T] {
	return NewNodeMapOver(len(g.Nodes), expected, fill)
}

// NewNodeMapOver is NewNodeMap for keys 0 to universe-1 that need not be
// node ids (the port view of bisection keys its terminals, which can
// outnumber the nodes).
func NewNodeMapOver[T any](universe, expected int, fill T) NodeMap[T] {
	m := NodeMap[T]{fill: fill}
	if expected*8 >= universe {
		m.dense = make([]T, universe)
		for i := range m.dense {
			m.dense[i] = fill
		}
		return m
	}
	m.sparse = make(map[NodeID]T, expected)
	return m
}

// Get returns the value of n, or the fill value.
func (m *NodeMap[T]) Get(n NodeID) T {
	if m.dense != nil {
		return m.dense[n]
	}
	if v, ok := m.sparse[n]; ok {
		return v
	}
	return m.fill
}

// Set sets the value of n.
func (m *NodeMap[T]) Set(n NodeID, v T) {
	if m.dense != nil {
		m.dense[n] = v
		return
	}
	m.sparse[n] = v
}
