package ir

// Paths between devices inside one server (GPU, NIC, PCIe switch, CPU,
// NVSwitch), classified the way NCCL classifies them, so that analyzers
// (GPU↔NIC placement) and emitters (NCCL topology XML) agree on one answer.

import "slices"

// PathClass is how two devices of one server reach each other, in NCCL's
// terms and order: the path types of NVIDIA/nccl src/graph/topo.h
// (PATH_LOC … PATH_DIS; docs/reference/nccl-topo-xml.md §6). A smaller
// class is a closer path, and the numeric values equal NCCL's, so a class
// compares directly with NCCL_NET_GDR_LEVEL or NCCL_P2P_LEVEL.
type PathClass uint8

// Path classes. Internals.Path produces LOC, NVL, NVB (between GPUs of a
// direct NVLink mesh), C2C, PIX, PXB, P2C, PHB, SYS and DIS; PXN (a GPU
// reaching a NIC through another GPU, which NCCL builds at run time for
// its proxies) and NET (between servers) are listed so the numbering
// matches NCCL and are never produced.
const (
	// PathLOC is a device and itself.
	PathLOC PathClass = iota
	// PathNVL is NVLink, directly or through NVSwitch chips.
	PathNVL
	// PathNVB is NVLink through one intermediate GPU, between GPUs of a
	// direct NVLink mesh that share no link.
	PathNVB
	// PathC2C is NVLink-C2C between a GPU and its CPU (Grace platforms).
	PathC2C
	// PathPIX traverses at most one PCIe switch: both devices under the
	// same switch.
	PathPIX
	// PathPXB traverses several PCIe switches without the CPU's root
	// complex (PCIe host bridge).
	PathPXB
	// PathP2C is a GPU over C2C to its CPU, then PCIe from that CPU to a
	// NIC (Grace platforms; NCCL 2.30 allows GPUDirect RDMA over it).
	PathP2C
	// PathPXN is a GPU reaching a NIC through another GPU (not produced).
	PathPXN
	// PathPHB traverses a CPU's root complex (PCIe host bridge).
	PathPHB
	// PathSYS crosses CPU sockets over the SMP interconnect (UPI, xGMI).
	PathSYS
	// PathNET is through the network (not produced).
	PathNET
	// PathDIS means no path inside the server: the devices belong to
	// different servers, or the server's links do not join them.
	PathDIS
)

var pathClassNames = [...]string{"LOC", "NVL", "NVB", "C2C", "PIX", "PXB", "P2C", "PXN", "PHB", "SYS", "NET", "DIS"}

// String returns NCCL's name of the class ("PIX"), as NCCL_DEBUG=INFO logs
// print it (topoPathTypeStr in NVIDIA/nccl src/graph/topo.cc).
func (c PathClass) String() string {
	if int(c) < len(pathClassNames) {
		return pathClassNames[c]
	}
	return "unknown"
}

// Path is a path between two devices of one server.
type Path struct {
	Class PathClass
	// BottleneckBPS is the smallest capacity of the path's links, in bits
	// per second per direction; 0 for PathLOC and PathDIS.
	BottleneckBPS float64
	// Links lists the path's links from the first device to the second;
	// nil for PathLOC and PathDIS.
	Links []LinkID
}

// Internals indexes the links inside servers (Link.Fabric == None: the
// "pcie", "c2c", "nvlink" and "cpu_cpu" links the compiler builds for node
// models) so that paths between a server's devices can be found without
// scanning the whole graph. Build it once with Graph.Internals and query
// it as often as needed; it does not see links added after it was built.
type Internals struct {
	g *Graph
	// adj is indexed by node id less lo: the index spans the node ids
	// from lo to lo + len(adj.Start) − 2.
	lo  NodeID
	adj Adjacency
}

// of returns the indexed links touching node n, none for a node outside
// the index's span.
func (in *Internals) of(n NodeID) []LinkID {
	i := n - in.lo
	if i < 0 || int(i) >= len(in.adj.Start)-1 {
		return nil
	}
	return in.adj.Of(i)
}

// Internals builds the index of g's server-internal links in
// O(nodes + links) time and memory.
func (g *Graph) Internals() *Internals {
	return g.internals(func(Link) bool { return true })
}

// InternalsOf returns an index that answers for the internal links of the
// given servers (a server is the Parent of its components): their links
// alone, read from the membership index, in O(their links) after the
// membership is built. Paths inside one server never leave it, so a
// caller asking server by server gets the answers the index of every
// server gives, without building it (0.9 s at 1,048,576 GPUs, where the
// server transit needs one server per node model). Asked about a node of
// another server, the index finds no link.
func (g *Graph) InternalsOf(servers []NodeID) *Internals {
	keep := make(map[NodeID]bool, len(servers))
	var ids []LinkID
	for _, s := range servers {
		if s < 0 || int(s) >= len(g.Nodes) || keep[s] {
			continue
		}
		keep[s] = true
		for _, id := range g.InternalLinks(s) {
			if l := g.Link(id); internalLink(l) && g.Nodes[l.A.Node].Parent == s {
				ids = append(ids, id)
			}
		}
	}
	if len(keep) > 1 {
		slices.Sort(ids)
		ids = slices.Compact(ids)
	}
	return g.internalsOver(ids)
}

// internalLink reports a link the Internals index holds: of no fabric,
// between two different nodes.
func internalLink(l Link) bool { return l.Fabric == None && l.A.Node != l.B.Node }

// internals builds the CSR index of the internal links that pass keep.
func (g *Graph) internals(keep func(Link) bool) *Internals {
	n := 0
	for _, l := range g.AllLinks() {
		if internalLink(l) && keep(l) {
			n++
		}
	}
	ids := make([]LinkID, 0, n)
	for id, l := range g.AllLinks() {
		if internalLink(l) && keep(l) {
			ids = append(ids, id)
		}
	}
	return g.internalsOver(ids)
}

// internalsOver builds the CSR index of the links ids, in their order
// (a server's internal link is built from its template when read), over
// the span of node ids their ends take: a server's nodes are numbered
// together, so the index of one server is the size of that server.
func (g *Graph) internalsOver(ids []LinkID) *Internals {
	ends := make([][2]NodeID, len(ids))
	lo, hi := NodeID(len(g.Nodes)), NodeID(0)
	for k, id := range ids {
		l := g.Link(id)
		ends[k] = [2]NodeID{l.A.Node, l.B.Node}
		lo, hi = min(lo, l.A.Node, l.B.Node), max(hi, l.A.Node+1, l.B.Node+1)
	}
	if len(ids) == 0 {
		lo, hi = 0, 0
	}
	span := int(hi - lo)
	start := make([]int32, span+1)
	for _, e := range ends {
		start[e[0]-lo+1]++
		start[e[1]-lo+1]++
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	fill := make([]int32, span)
	links := make([]LinkID, start[span])
	for k, id := range ids {
		for _, n := range ends[k] {
			links[start[n-lo]+fill[n-lo]] = id
			fill[n-lo]++
		}
	}
	return &Internals{g: g, lo: lo, adj: Adjacency{Start: start, Links: links}}
}

// PCIePath classifies the path between a GPU and a NIC (or any two
// devices) of one server and returns its class and bottleneck rate in
// bits per second per direction. It builds the Internals index on every
// call (O(nodes + links)); callers that ask about many pairs build it once
// with Graph.Internals and call Internals.Path.
func (g *Graph) PCIePath(gpu, nic NodeID) (PathClass, float64) {
	p := g.Internals().Path(gpu, nic)
	return p.Class, p.BottleneckBPS
}

// hopClass is the class one internal link contributes to a path, after
// NCCL's ncclTopoSetPaths (src/graph/paths.cc): a PCIe link is PIX, PXB
// when it joins two PCIe switches, PHB when one end is a CPU (its root
// complex); NVLink is NVL, C2C is C2C, the inter-socket link is SYS. A
// link kind topoc does not know is taken as PCIe.
func (in *Internals) hopClass(l *Link) PathClass {
	a, b := in.g.Nodes[l.A.Node].Kind, in.g.Nodes[l.B.Node].Kind
	switch l.Kind {
	case LinkNVLink, LinkGPUNVSwitch:
		return PathNVL
	case LinkC2C:
		return PathC2C
	case LinkCPUCPU:
		return PathSYS
	}
	switch {
	case a == KindCPU || b == KindCPU:
		return PathPHB
	case a == KindPCIeSwitch && b == KindPCIeSwitch:
		return PathPXB
	}
	return PathPIX
}

// transit reports whether a path may pass through a node of kind k: only
// PCIe switches, CPUs and NVSwitch chips forward traffic; NCCL never routes
// a GPU↔NIC path through another GPU or NIC (PXN aside).
func transit(k Kind) bool { return k == KindPCIeSwitch || k == KindCPU || k == KindNVSwitch }

// label is the best path found so far to one node.
type label struct {
	hops  int32
	bw    float64
	class PathClass
	via   LinkID // link into the node, -1 at the start
}

// Path returns the path between devices a and b of one server, chosen as
// NCCL's ncclTopoSetPaths chooses it (src/graph/paths.cc): the fewest
// hops, then the widest (largest bottleneck), then the closest class; the
// class is the largest hop class on the path (see hopClass), and a PHB
// path that leaves a GPU over C2C to reach a NIC is P2C, as NCCL 2.30
// reclassifies it. Ties are broken by link order, so the answer is
// deterministic. Devices of different servers, or ids out of range, give
// PathDIS.
func (in *Internals) Path(a, b NodeID) Path {
	g := in.g
	if a < 0 || b < 0 || int(a) >= len(g.Nodes) || int(b) >= len(g.Nodes) {
		return Path{Class: PathDIS}
	}
	if a == b {
		return Path{Class: PathLOC}
	}
	if g.Nodes[a].Parent == None || g.Nodes[a].Parent != g.Nodes[b].Parent {
		return Path{Class: PathDIS}
	}
	// Level-synchronous BFS over the server's internal links: a node's
	// label is final once its level has been expanded, and among paths of
	// the same length the widest, then closest, wins.
	best := map[NodeID]*label{a: {hops: 0, bw: -1, class: PathLOC, via: -1}}
	frontier := []NodeID{a}
	for len(frontier) > 0 && best[b] == nil {
		var next []NodeID
		for _, n := range frontier {
			cur := best[n]
			relay := n != a && !transit(g.Nodes[n].Kind) && in.nvbRelay(a, n, cur)
			if n != a && !transit(g.Nodes[n].Kind) && !relay {
				continue
			}
			for _, lid := range in.of(n) {
				l := g.Link(lid)
				o := l.Other(n)
				if relay && (l.Kind != LinkNVLink || g.Nodes[o].Kind != KindGPU) {
					continue
				}
				bw := l.CapacityBPS
				if cur.bw >= 0 {
					bw = min(bw, cur.bw)
				}
				class := max(cur.class, in.hopClass(&l))
				if relay {
					class = max(class, PathNVB)
				}
				cand := &label{hops: cur.hops + 1, bw: bw, class: class, via: lid}
				old, seen := best[o]
				switch {
				case !seen:
					best[o] = cand
					next = append(next, o)
				case old.hops == cand.hops && (cand.bw > old.bw || (cand.bw == old.bw && cand.class < old.class)):
					best[o] = cand
				}
			}
		}
		frontier = next
	}
	end := best[b]
	if end == nil {
		return Path{Class: PathDIS}
	}
	links := make([]LinkID, end.hops)
	for n, i := b, end.hops-1; n != a; i-- {
		lid := best[n].via
		links[i] = lid
		n = g.Link(lid).Other(n)
	}
	p := Path{Class: end.class, BottleneckBPS: end.bw, Links: links}
	if p.Class == PathPHB && in.c2cGPUToNIC(a, b, links) {
		p.Class = PathP2C
	}
	return p
}

// nvbRelay reports whether a path from a that has reached GPU n may go on
// through it: NCCL lets a GPU↔GPU path pass one intermediate GPU over
// NVLink, in and out (PATH_NVB; ncclTopoSetPaths in src/graph/paths.cc),
// which is how GPUs of a direct NVLink mesh with no link between them
// (DGX-1's cube-mesh) reach each other.
func (in *Internals) nvbRelay(a, n NodeID, cur *label) bool {
	g := in.g
	return g.Nodes[a].Kind == KindGPU && g.Nodes[n].Kind == KindGPU && cur.hops == 1 && g.Link(cur.via).Kind == LinkNVLink
}

// c2cGPUToNIC reports whether a path joins a GPU and a NIC and leaves the
// GPU over an NVLink-C2C link (NCCL's P2C case).
func (in *Internals) c2cGPUToNIC(a, b NodeID, links []LinkID) bool {
	g := in.g
	ka, kb := g.Nodes[a].Kind, g.Nodes[b].Kind
	switch {
	case ka == KindGPU && kb == KindNIC:
		return g.Link(links[0]).Kind == LinkC2C
	case ka == KindNIC && kb == KindGPU:
		return g.Link(links[len(links)-1]).Kind == LinkC2C
	}
	return false
}

// HostLinkBPS returns the capacity of device n's host links: the internal
// links on its host interface (port -1, the PCIe or C2C side of a GPU or
// NIC), summed (a NIC with two host links, as Socket Direct cards have,
// gets both), in bits per second per direction; 0 when it has none.
func (in *Internals) HostLinkBPS(n NodeID) float64 {
	if n < 0 || int(n) >= len(in.g.Nodes) {
		return 0
	}
	sum := 0.0
	for _, lid := range in.of(n) {
		l := in.g.Link(lid)
		if (l.A.Node == n && l.A.Port < 0) || (l.B.Node == n && l.B.Port < 0) {
			sum += l.CapacityBPS
		}
	}
	return sum
}
