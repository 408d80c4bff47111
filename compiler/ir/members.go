package ir

import (
	"slices"
	"sync"
)

// membership is the per-fabric and per-server index of a built graph:
// compressed sparse rows of the nodes in each fabric, the links of each
// fabric, and the components of each server. Analyses that run once per
// fabric read it instead of scanning every node and link, which made a
// design of F fabrics cost O(F × graph): 4,000 four-port fat-trees took
// 19 s (issue 19).
type membership struct {
	nodes, links, fabrics int // the graph's sizes when built

	nodeStart []int32
	fabNodes  []NodeID
	linkStart []int32
	fabLinks  []LinkID
	kidStart  []int32
	kids      []NodeID
	intStart  []int32
	internal  []LinkID
}

// indexCache holds a graph's membership once built. Graphs made by New
// have one; a graph literal has none and builds the index on every call.
type indexCache struct {
	mu sync.Mutex
	m  *membership
	// islands is NVLinkIslands' answer, for islandNodes nodes and
	// islandLinks links.
	islands                  []int32
	islandNodes, islandLinks int
	// memo holds the facts Memo keeps, by key.
	memo map[any]*memoEntry
}

// forgetIndexes drops the membership index and the facts Memo keeps,
// for a change the node, link and fabric counts do not show (a node
// joining another fabric, a link changed in place).
func (g *Graph) forgetIndexes() {
	if g.cache == nil {
		return
	}
	g.cache.mu.Lock()
	g.cache.m = nil
	g.cache.memo = nil
	g.cache.mu.Unlock()
}

// members returns g's membership index, building it on first use and
// again whenever nodes, links or fabrics were added since (the compiler
// builds the graph in stages; analyses read it when it is complete).
func (g *Graph) members() *membership {
	if g.cache == nil {
		return g.buildMembership()
	}
	g.cache.mu.Lock()
	defer g.cache.mu.Unlock()
	if m := g.cache.m; m != nil && m.nodes == len(g.Nodes) && m.links == g.NumLinks() && m.fabrics == len(g.Fabrics) {
		return m
	}
	g.cache.m = g.buildMembership()
	return g.cache.m
}

// buildMembership indexes g in O(nodes + links) time and memory.
func (g *Graph) buildMembership() *membership {
	m := &membership{nodes: len(g.Nodes), links: g.NumLinks(), fabrics: len(g.Fabrics)}
	nf, nn := len(g.Fabrics), len(g.Nodes)
	m.nodeStart = make([]int32, nf+1)
	m.linkStart = make([]int32, nf+1)
	m.kidStart = make([]int32, nn+1)
	for i := range g.Nodes {
		n := &g.Nodes[i]
		for j, f := range n.FabricIDs() {
			if f >= 0 && int(f) < nf && (j == 0 || n.FabricIDs()[j-1] != f) {
				m.nodeStart[f+1]++
			}
		}
		if p := n.Parent; p >= 0 && int(p) < nn {
			m.kidStart[p+1]++
		}
	}
	// A composite fabric (Fabric.Members) lists its members' links with
	// its own, in LinkID order.
	within := make([][]FabricID, nf) // fabric → the composites it is a member of
	for c := range g.Fabrics {
		for _, f := range g.Fabrics[c].Members {
			if f >= 0 && int(f) < nf {
				within[f] = append(within[f], FabricID(c))
			}
		}
	}
	countLink := func(f FabricID, n int32) {
		if f >= 0 && int(f) < nf {
			m.linkStart[f+1] += n
			for _, c := range within[f] {
				m.linkStart[c+1] += n
			}
		}
	}
	g.links.eachSpan(func(_ LinkID, l *Link) { countLink(l.Fabric, 1) }, func(r *linkRun) {
		for j := range r.tmpl {
			countLink(r.tmpl[j].Fabric, int32(r.count))
		}
	})
	prefix := func(s []int32) {
		for i := 1; i < len(s); i++ {
			s[i] += s[i-1]
		}
	}
	prefix(m.nodeStart)
	prefix(m.linkStart)
	prefix(m.kidStart)
	m.fabNodes = make([]NodeID, m.nodeStart[nf])
	m.fabLinks = make([]LinkID, m.linkStart[nf])
	m.kids = make([]NodeID, m.kidStart[nn])
	m.indexInternal(g)
	nodeFill := make([]int32, nf)
	linkFill := make([]int32, nf)
	kidFill := make([]int32, nn)
	for i := range g.Nodes {
		n := &g.Nodes[i]
		for j, f := range n.FabricIDs() {
			if f >= 0 && int(f) < nf && (j == 0 || n.FabricIDs()[j-1] != f) {
				m.fabNodes[m.nodeStart[f]+nodeFill[f]] = NodeID(i)
				nodeFill[f]++
			}
		}
		if p := n.Parent; p >= 0 && int(p) < nn {
			m.kids[m.kidStart[p]+kidFill[p]] = NodeID(i)
			kidFill[p]++
		}
	}
	fillLink := func(f FabricID, id LinkID) {
		if f >= 0 && int(f) < nf {
			m.fabLinks[m.linkStart[f]+linkFill[f]] = id
			linkFill[f]++
			for _, c := range within[f] {
				m.fabLinks[m.linkStart[c]+linkFill[c]] = id
				linkFill[c]++
			}
		}
	}
	g.links.eachSpan(func(id LinkID, l *Link) { fillLink(l.Fabric, id) }, func(r *linkRun) {
		if !slices.ContainsFunc(r.tmpl, func(l Link) bool { return l.Fabric != None }) {
			return
		}
		for inst := range r.count {
			first := r.first + LinkID(inst*len(r.tmpl))
			for j := range r.tmpl {
				fillLink(r.tmpl[j].Fabric, first+LinkID(j))
			}
		}
	})
	return m
}

// without returns the membership of a graph with m's nodes and fabrics
// and the links of m's graph that newID maps (a new id each, in the
// same order; -1 for a link left out), links in all: a residual graph's
// (Graph.Rewired), derived in one pass over m's lists instead of over
// every link (a what-if builds one per scenario). The node and server
// lists are shared, as the nodes are.
func (m *membership) without(newID []int32, links int) *membership {
	r := &membership{nodes: m.nodes, links: links, fabrics: m.fabrics,
		nodeStart: m.nodeStart, fabNodes: m.fabNodes, kidStart: m.kidStart, kids: m.kids}
	filter := func(start []int32, ids []LinkID) ([]int32, []LinkID) {
		outStart := make([]int32, len(start))
		out := make([]LinkID, 0, len(ids))
		for k := 0; k+1 < len(start); k++ {
			for _, id := range ids[start[k]:start[k+1]] {
				if n := newID[id]; n >= 0 {
					out = append(out, LinkID(n))
				}
			}
			outStart[k+1] = int32(len(out))
		}
		return outStart, out
	}
	r.linkStart, r.fabLinks = filter(m.linkStart, m.fabLinks)
	r.intStart, r.internal = filter(m.intStart, m.internal)
	return r
}

// indexInternal lists each link of no fabric under the server of each of
// its ends (a node's Parent, or the node itself when it has none), once
// when both ends share it, in LinkID order.
func (m *membership) indexInternal(g *Graph) {
	nn := len(g.Nodes)
	// Each node's server, read once from the nodes into 4 bytes a node:
	// the two passes below look up both ends of every internal link
	// (967,000 at 131,072 GPUs), and reading Parent from the node array
	// each time loaded a whole node per end.
	server := make([]NodeID, nn)
	for i := range g.Nodes {
		server[i] = NodeID(i)
		if p := g.Nodes[i].Parent; p >= 0 && int(p) < nn {
			server[i] = p
		}
	}
	key := func(n NodeID) NodeID {
		if n < 0 || int(n) >= nn {
			return None
		}
		return server[n]
	}
	m.intStart = make([]int32, nn+1)
	each := func(do func(k NodeID, id LinkID)) {
		link := func(id LinkID, l *Link, base NodeID) {
			if l.Fabric != None {
				return
			}
			a, b := key(l.A.Node+base), key(l.B.Node+base)
			if a != None {
				do(a, id)
			}
			if b != None && b != a {
				do(b, id)
			}
		}
		g.links.eachSpan(func(id LinkID, l *Link) { link(id, l, 0) }, func(r *linkRun) {
			for inst := range r.count {
				first, base := r.first+LinkID(inst*len(r.tmpl)), r.node0+NodeID(inst)*r.stride
				for j := range r.tmpl {
					link(first+LinkID(j), &r.tmpl[j], base)
				}
			}
		})
	}
	each(func(k NodeID, _ LinkID) { m.intStart[k+1]++ })
	for i := 1; i < len(m.intStart); i++ {
		m.intStart[i] += m.intStart[i-1]
	}
	m.internal = make([]LinkID, m.intStart[nn])
	fill := make([]int32, nn)
	each(func(k NodeID, id LinkID) {
		m.internal[m.intStart[k]+fill[k]] = id
		fill[k]++
	})
}

// InternalLinks returns the links of no fabric (PCIe, NVLink, C2C and
// CPU links inside a server) with an end at server n or one of its
// components, in LinkID order. The slice is shared; callers must not
// modify it.
func (g *Graph) InternalLinks(n NodeID) []LinkID {
	m := g.members()
	if n < 0 || int(n) >= m.nodes {
		return nil
	}
	return m.internal[m.intStart[n]:m.intStart[n+1]]
}

// FabricNodes returns the nodes whose FabricIDs list f, in NodeID order.
// The slice is shared; callers must not modify it.
func (g *Graph) FabricNodes(f FabricID) []NodeID {
	m := g.members()
	if f < 0 || int(f) >= m.fabrics {
		return nil
	}
	return m.fabNodes[m.nodeStart[f]:m.nodeStart[f+1]]
}

// FabricLinks returns the links of fabric f, in LinkID order: for a
// composite fabric (Fabric.Members) its own joining links and its
// members' links. The slice
// is shared; callers must not modify it.
func (g *Graph) FabricLinks(f FabricID) []LinkID {
	m := g.members()
	if f < 0 || int(f) >= m.fabrics {
		return nil
	}
	return m.fabLinks[m.linkStart[f]:m.linkStart[f+1]]
}

// InFabric reports whether link l is one of fabric f's: its own, or, for
// a composite fabric, one of its members' (as FabricLinks lists them).
func (g *Graph) InFabric(l *Link, f FabricID) bool {
	if l.Fabric == f {
		return true
	}
	if f < 0 || int(f) >= len(g.Fabrics) {
		return false
	}
	for _, m := range g.Fabrics[f].Members {
		if l.Fabric == m {
			return true
		}
	}
	return false
}

// Children returns the nodes whose Parent is n (a server's GPUs, NICs,
// NVSwitches, CPUs and PCIe switches), in NodeID order. The slice is
// shared; callers must not modify it.
func (g *Graph) Children(n NodeID) []NodeID {
	m := g.members()
	if n < 0 || int(n) >= m.nodes {
		return nil
	}
	return m.kids[m.kidStart[n]:m.kidStart[n+1]]
}

// HasServerNICs reports whether some endpoint of fabric f is a component
// of a server (a NIC of a node group) rather than an implicit host or an
// appliance.
func (g *Graph) HasServerNICs(f FabricID) bool {
	for _, p := range g.Fabrics[f].Endpoints {
		if g.Nodes[p.Node].Parent != None {
			return true
		}
	}
	return false
}
