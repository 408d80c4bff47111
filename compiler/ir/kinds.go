package ir

// kindsKey is Memo's key for Kinds.
type kindsKey struct{}

// Kinds returns every node's Kind, indexed by NodeID: a dense copy of
// one byte a node, for passes that read the kinds of many nodes in no
// order (the two ends of every fabric link). The node array serves
// each such read with a 64-byte cache line of its own, 35 MB of them
// at 131,072 GPUs, against half a megabyte here, which stays in cache.
// The copy is kept with Memo, so it is made once per built graph; a
// node's kind is set when the node is added and never changed. The
// slice is shared: callers must not modify it.
func (g *Graph) Kinds() []Kind {
	return Memo(g, kindsKey{}, func() []Kind {
		kinds := make([]Kind, len(g.Nodes))
		for i := range g.Nodes {
			kinds[i] = g.Nodes[i].Kind
		}
		return kinds
	})
}
