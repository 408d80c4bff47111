package ir

// Flow is a compiled `flow` block: a capacity query from one group of
// nodes to another over one fabric (analyzers/flow).
type Flow struct {
	Name   string
	Fabric FabricID
	// From and To are the flow's sources and sinks: the selected nodes
	// that carry links of the fabric or of a server's internals (a
	// selected server stands for its components that do), sorted and
	// disjoint.
	From, To []NodeID
	Origin   OriginID
}
