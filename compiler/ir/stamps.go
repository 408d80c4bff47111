package ir

import "sort"

// Stamp says where a server's internal links come from when the compiler
// stamped the server from its node model's template (compiler.stamp,
// AddInstance): analyses that work per server can then work once per
// template and carry the answer to every server stamped from it, instead
// of reading each server's links (issue 16: 967,000 links at 131,072
// GPUs, the same 59 in every server).
type Stamp struct {
	// Template identifies the template within the graph. The stamped
	// links of two servers with one Template are equal, link by link in
	// id order, but for their ends' node ids, which differ by the
	// difference of the two servers' ids, and their Origin (the node
	// group that stamped them); both ends of every stamped link lie in
	// its server (the host and its components).
	Template int32
	// First is the id of the server's first stamped link; its stamped
	// links have ids First to First+Links−1, in the template's order.
	First LinkID
	// Links is the number of stamped links.
	Links int32
	// Nodes is the number of the server's nodes, host first: host to
	// host+Nodes−1.
	Nodes int32
}

// StampOf returns the stamp of server host, the first node of its stamp.
// ok is false for any other node, and for a server whose links are not
// all kept as stamped: a residual graph that lost one of them keeps the
// rest one by one, as does a graph whose links were changed by LinkRef.
// A server's links may include links added later (InternalLinks lists
// them too); Stamp covers only the stamped ones.
func (g *Graph) StampOf(host NodeID) (Stamp, bool) {
	runs := g.links.runs
	// Runs are added in node order, as servers are stamped one after
	// another (AddInstance), so the last run starting at or before
	// host is the only one that can hold it. Were they not, a server
	// would be missed (ok false), never misread.
	k := sort.Search(len(runs), func(i int) bool { return runs[i].node0 > host }) - 1
	if k < 0 {
		return Stamp{}, false
	}
	r := &runs[k]
	off := host - r.node0
	if off%r.stride != 0 || int(off/r.stride) >= r.count {
		return Stamp{}, false
	}
	n := int32(len(r.tmpl))
	return Stamp{Template: r.template, First: r.first + LinkID(int32(off/r.stride)*n), Links: n, Nodes: int32(r.stride)}, true
}
