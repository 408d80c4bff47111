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

// buildMembership indexes g in O(nodes + links) time and memory: one
// pass over the nodes, then one over the links counting each fabric's
// and each server's, and one filling them in, which reads again only
// the links it lists under servers (the count notes the fabrics of the
// links kept one by one, stretch by stretch).
func (g *Graph) buildMembership() *membership {
	b := newMemberBuild(g)
	g.links.eachSpan(b.countFlat, b.countRun)
	b.allocate()
	g.links.eachSpan(b.fillFlat, b.fillRun)
	return b.m
}

// memberBuild is buildMembership's work: the index it fills, and what it
// reads of the nodes, read once into 8 bytes a node (a node is 80, and
// there are half a million at 131,072 GPUs: each pass over them cost
// more than the lists they fill).
type memberBuild struct {
	g *Graph
	m *membership
	// parent is each node's Parent, None where it has none (or one
	// out of range); fabs its fabric list.
	parent []NodeID
	fabs   []fabList
	// within lists, per fabric, the composites it is a member of: a
	// composite fabric (Fabric.Members) lists its members' links with
	// its own, in LinkID order.
	within [][]FabricID
	// servers reads each run's internal links from its template (nil
	// for a run read link by link).
	servers map[*linkRun]*runServers
	// The lists' fill counts, by fabric and by node.
	linkFill, intFill []int32
	// stretches are the fabrics of the links kept one by one, in id
	// order, as countFlat met them; fillFlat reads them, at stretch,
	// where reading each link again streamed another 200 MB at
	// 1,048,576 GPUs (3,145,728 fabric links of 64 bytes).
	stretches []fabricStretch
	stretch   int
}

// fabricStretch is a stretch of links kept one by one, of consecutive
// ids up to end (excluded), all of one fabric (None: links inside
// servers).
type fabricStretch struct {
	end    LinkID
	fabric FabricID
}

// newMemberBuild reads g's nodes into their fabrics' and parents' lists
// (which need nothing of the links) and counts the fabrics' composites.
func newMemberBuild(g *Graph) *memberBuild {
	nf, nn := len(g.Fabrics), len(g.Nodes)
	m := &membership{nodes: nn, links: g.NumLinks(), fabrics: nf,
		nodeStart: make([]int32, nf+1), linkStart: make([]int32, nf+1), kidStart: make([]int32, nn+1), intStart: make([]int32, nn+1)}
	b := &memberBuild{g: g, m: m, parent: make([]NodeID, nn), fabs: make([]fabList, nn), within: make([][]FabricID, nf),
		servers: map[*linkRun]*runServers{}}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		b.parent[i], b.fabs[i] = None, n.fabrics
		if p := n.Parent; p >= 0 && int(p) < nn {
			b.parent[i] = p
			m.kidStart[p+1]++
		}
	}
	b.eachMembership(func(f FabricID, _ NodeID) { m.nodeStart[f+1]++ })
	prefixSums(m.nodeStart)
	prefixSums(m.kidStart)
	m.fabNodes = make([]NodeID, m.nodeStart[nf])
	m.kids = make([]NodeID, m.kidStart[nn])
	nodeFill := make([]int32, nf)
	b.eachMembership(func(f FabricID, n NodeID) {
		m.fabNodes[m.nodeStart[f]+nodeFill[f]] = n
		nodeFill[f]++
	})
	kidFill := make([]int32, nn)
	for i, p := range b.parent {
		if p != None {
			m.kids[m.kidStart[p]+kidFill[p]] = NodeID(i)
			kidFill[p]++
		}
	}
	for c := range g.Fabrics {
		for _, f := range g.Fabrics[c].Members {
			if f >= 0 && int(f) < nf {
				b.within[f] = append(b.within[f], FabricID(c))
			}
		}
	}
	return b
}

// eachMembership calls do with each fabric of each node, in NodeID
// order, once where a node's list repeats it.
func (b *memberBuild) eachMembership(do func(FabricID, NodeID)) {
	nf := len(b.m.nodeStart) - 1
	for i, fl := range b.fabs {
		if fl == 0 {
			continue // no fabric, most nodes: a server's components
		}
		fs := fabLists.at(uint32(fl))
		for j, f := range fs {
			if f >= 0 && int(f) < nf && (j == 0 || fs[j-1] != f) {
				do(f, NodeID(i))
			}
		}
	}
}

// prefixSums turns counts into the start offsets of compressed rows.
func prefixSums(s []int32) {
	for i := 1; i < len(s); i++ {
		s[i] += s[i-1]
	}
}

// server returns the server of node n (its Parent, or n itself when it
// has none), None for n out of range.
func (b *memberBuild) server(n NodeID) NodeID {
	if n < 0 || int(n) >= len(b.parent) {
		return None
	}
	if p := b.parent[n]; p != None {
		return p
	}
	return n
}

// internalEnds returns the servers a link of no fabric is listed under,
// its ends' nodes shifted by base: each end's server, None for one out
// of range and for b's where it is a's.
func (b *memberBuild) internalEnds(l *Link, base NodeID) (NodeID, NodeID) {
	x, y := b.server(l.A.Node+base), b.server(l.B.Node+base)
	if y == x {
		y = None
	}
	return x, y
}

// countFabric counts n links of fabric f, and of the composites it is
// a member of.
func (b *memberBuild) countFabric(f FabricID, n int32) {
	if f >= 0 && int(f) < len(b.within) {
		b.m.linkStart[f+1] += n
		for _, c := range b.within[f] {
			b.m.linkStart[c+1] += n
		}
	}
}

// countInternal counts a link of no fabric under its servers.
func (b *memberBuild) countInternal(l *Link, base NodeID) {
	x, y := b.internalEnds(l, base)
	if x != None {
		b.m.intStart[x+1]++
	}
	if y != None {
		b.m.intStart[y+1]++
	}
}

// countFlat counts a link kept one by one, and notes its fabric.
func (b *memberBuild) countFlat(id LinkID, l *Link) {
	if n := len(b.stretches); n > 0 && b.stretches[n-1].end == id && b.stretches[n-1].fabric == l.Fabric {
		b.stretches[n-1].end++
	} else {
		b.stretches = append(b.stretches, fabricStretch{end: id + 1, fabric: l.Fabric})
	}
	if l.Fabric == None {
		b.countInternal(l, 0)
		return
	}
	b.countFabric(l.Fabric, 1)
}

// countRun counts a run's links: its fabric links by template, its
// internal links by template for each instance stamped as the first.
func (b *memberBuild) countRun(r *linkRun) {
	for j := range r.tmpl {
		b.countFabric(r.tmpl[j].Fabric, int32(r.count))
	}
	rs := b.runServersOf(r)
	for inst := range r.count {
		base := r.node0 + NodeID(inst)*r.stride
		if rs.matches(b, base) {
			for _, e := range rs.counts {
				b.m.intStart[base+e.off+1] += e.link
			}
			continue
		}
		for j := range r.tmpl {
			if l := &r.tmpl[j]; l.Fabric == None {
				b.countInternal(l, base)
			}
		}
	}
}

// allocate makes the link lists at the counts' sizes.
func (b *memberBuild) allocate() {
	m := b.m
	prefixSums(m.linkStart)
	prefixSums(m.intStart)
	m.fabLinks = make([]LinkID, m.linkStart[len(m.linkStart)-1])
	m.internal = make([]LinkID, m.intStart[len(m.intStart)-1])
	b.linkFill = make([]int32, len(m.linkStart)-1)
	b.intFill = make([]int32, len(m.intStart)-1)
}

// fillFabric lists link id under fabric f and the composites it is a
// member of.
func (b *memberBuild) fillFabric(f FabricID, id LinkID) {
	if f >= 0 && int(f) < len(b.within) {
		b.m.fabLinks[b.m.linkStart[f]+b.linkFill[f]] = id
		b.linkFill[f]++
		for _, c := range b.within[f] {
			b.m.fabLinks[b.m.linkStart[c]+b.linkFill[c]] = id
			b.linkFill[c]++
		}
	}
}

// fillServer lists link id under server n.
func (b *memberBuild) fillServer(n NodeID, id LinkID) {
	b.m.internal[b.m.intStart[n]+b.intFill[n]] = id
	b.intFill[n]++
}

// fillInternal lists link id of no fabric under its servers.
func (b *memberBuild) fillInternal(l *Link, base NodeID, id LinkID) {
	x, y := b.internalEnds(l, base)
	if x != None {
		b.fillServer(x, id)
	}
	if y != None {
		b.fillServer(y, id)
	}
}

// fillFlat lists a link kept one by one, of the fabric countFlat noted
// (links come in id order).
func (b *memberBuild) fillFlat(id LinkID, l *Link) {
	for b.stretches[b.stretch].end <= id {
		b.stretch++
	}
	f := b.stretches[b.stretch].fabric
	if f == None {
		b.fillInternal(l, 0, id)
		return
	}
	b.fillFabric(f, id)
}

// fillRun lists a run's links, as countRun counted them.
func (b *memberBuild) fillRun(r *linkRun) {
	onFabric := slices.ContainsFunc(r.tmpl, func(l Link) bool { return l.Fabric != None })
	rs := b.servers[r]
	for inst := range r.count {
		first, base := r.first+LinkID(inst*len(r.tmpl)), r.node0+NodeID(inst)*r.stride
		if onFabric {
			for j := range r.tmpl {
				b.fillFabric(r.tmpl[j].Fabric, first+LinkID(j))
			}
		}
		if rs.matches(b, base) {
			for _, e := range rs.ends {
				b.fillServer(base+e.off, first+LinkID(e.link))
			}
			continue
		}
		for j := range r.tmpl {
			if l := &r.tmpl[j]; l.Fabric == None {
				b.fillInternal(l, base, first+LinkID(j))
			}
		}
	}
}

// runServers is a run's internal links (those of no fabric) by server,
// read from its template. Every instance whose nodes have the servers
// the run's first instance's have, less the instance's first node (as
// the servers compiler.stamp makes do), lists its link j under the same
// servers, shifted by its first node: reading them from the template
// spares the two lookups per link (966,656 internal links at 131,072
// GPUs) that an instance stamped otherwise still takes.
type runServers struct {
	// rel is each template node's server, less the instance's first
	// node.
	rel []NodeID
	// ends lists the servers of each internal link's ends, in link
	// order, b's where it is not a's: link is the link's index in the
	// template.
	ends []serverEnd
	// counts is, per server of ends, the number of its ends (in link).
	counts []serverEnd
}

// serverEnd is a template link's index and the server it is listed
// under, less the instance's first node.
type serverEnd struct {
	off  NodeID
	link int32
}

// runServersOf returns run r's internal links by server, and keeps them
// for fillRun; nil when some internal link of its template ends outside
// its instance, or its nodes are not all in the graph.
func (b *memberBuild) runServersOf(r *linkRun) *runServers {
	if r.node0 < 0 || r.stride <= 0 || int(r.node0)+r.count*int(r.stride) > len(b.parent) {
		return nil
	}
	rs := &runServers{rel: make([]NodeID, r.stride)}
	for k := range rs.rel {
		rs.rel[k] = b.server(r.node0+NodeID(k)) - r.node0
	}
	in := func(n NodeID) bool { return n >= 0 && n < r.stride }
	for j := range r.tmpl {
		l := &r.tmpl[j]
		if l.Fabric != None {
			continue
		}
		if !in(l.A.Node) || !in(l.B.Node) {
			return nil
		}
		x, y := rs.rel[l.A.Node], rs.rel[l.B.Node]
		rs.add(x, j)
		if y != x {
			rs.add(y, j)
		}
	}
	b.servers[r] = rs
	return rs
}

// add lists template link j under server off.
func (rs *runServers) add(off NodeID, j int) {
	rs.ends = append(rs.ends, serverEnd{off, int32(j)})
	for i := range rs.counts {
		if rs.counts[i].off == off {
			rs.counts[i].link++
			return
		}
	}
	rs.counts = append(rs.counts, serverEnd{off, 1})
}

// matches reports whether the instance whose first node is base has the
// servers of the run's first instance (false for a nil rs).
func (rs *runServers) matches(b *memberBuild, base NodeID) bool {
	if rs == nil {
		return false
	}
	for k, rel := range rs.rel {
		if b.server(base+NodeID(k)) != base+rel {
			return false
		}
	}
	return true
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

// Servers returns the nodes some node names as its Parent (the servers
// whose components they are), in NodeID order: read off the index of
// children, not every node's Parent (4.4 million nodes of 64 bytes at
// 1,048,576 GPUs).
func (g *Graph) Servers() []NodeID {
	m := g.members()
	var out []NodeID
	for n := range m.nodes {
		if m.kidStart[n+1] > m.kidStart[n] {
			out = append(out, NodeID(n))
		}
	}
	return out
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
