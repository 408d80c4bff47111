package ir

import (
	"slices"
	"strconv"
)

// Transit is the set of server-internal paths a fabric's traffic may take
// from one server NIC of the fabric to another (the design's
// `server_transit`, lang.ServerTransits). The zero value is none: NICs
// of one server meet only through the fabric's own links.
type Transit uint8

// Transit paths.
const (
	// TransitNVLink: a GPU hands traffic over NVLink to a peer GPU of its
	// NVLink domain, which sends it from its own NIC (NCCL's PXN).
	TransitNVLink Transit = 1 << iota
	// TransitPCIe: a GPU sends from any NIC of its server over the PCIe
	// tree and the CPUs.
	TransitPCIe
)

var transitNames = [...]string{"nvlink", "pcie"}

// Has reports whether t allows every path of x.
func (t Transit) Has(x Transit) bool { return t&x == x && x != 0 }

// Names returns t's paths by their language names, in canonical order
// ("nvlink", "pcie"); nil when t is none.
func (t Transit) Names() []string {
	var out []string
	for i, n := range transitNames {
		if t&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// ParseTransit returns the Transit of a list of path names; unknown names
// are ignored (the language has refused them).
func ParseTransit(names []string) Transit {
	var t Transit
	for _, s := range names {
		for i, n := range transitNames {
			if s == n {
				t |= 1 << i
			}
		}
	}
	return t
}

// ScaleUpLink reports whether l joins GPUs and NVSwitches (NVLink, inside
// a server or in an nvlink_domain fabric): the links of the scale-up graph
// that NVLinkIslands, server transit and the congestion analyzer's NVLink
// plane all read.
func (g *Graph) ScaleUpLink(l Link) bool {
	return g.Nodes[l.A.Node].Kind.isScaleUp() && g.Nodes[l.B.Node].Kind.isScaleUp()
}

func (k Kind) isScaleUp() bool { return k == KindGPU || k == KindNVSwitch }

// NVLinkIslands returns each node's NVLink island: the connected piece of
// the scale-up graph (GPUs and NVSwitches, joined by the links between
// them, inside servers and in nvlink_domain fabrics) it belongs to,
// numbered from 0 in node order; -1 for nodes outside it. O(nodes +
// links) on the first call; a graph made by New keeps the answer until
// nodes or links are added (server transit asks once per fabric: eight
// times over 4.4 million nodes on an 8-plane design of 1,048,576 GPUs).
// The slice is shared; callers must not modify it.
func (g *Graph) NVLinkIslands() []int32 {
	c := g.cache
	if c == nil {
		return g.nvlinkIslands()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.islands == nil || c.islandNodes != len(g.Nodes) || c.islandLinks != g.NumLinks() {
		c.islands, c.islandNodes, c.islandLinks = g.nvlinkIslands(), len(g.Nodes), g.NumLinks()
	}
	return c.islands
}

// nvlinkIslands computes NVLinkIslands.
func (g *Graph) nvlinkIslands() []int32 {
	parent := make([]int32, len(g.Nodes))
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	join := func(x, y NodeID) {
		if g.Nodes[x].Kind.isScaleUp() && g.Nodes[y].Kind.isScaleUp() {
			if a, b := find(int32(x)), find(int32(y)); a != b {
				parent[max(a, b)] = min(a, b)
			}
		}
	}
	// A run's links are read off its template (their ends shifted per
	// server) rather than built one by one: most of a large design's
	// links are such server internals.
	g.links.eachSpan(func(_ LinkID, l *Link) { join(l.A.Node, l.B.Node) }, func(r *linkRun) {
		for inst := range r.count {
			base := r.node0 + NodeID(inst)*r.stride
			for j := range r.tmpl {
				join(r.tmpl[j].A.Node+base, r.tmpl[j].B.Node+base)
			}
		}
	})
	out := make([]int32, len(g.Nodes))
	ids := map[int32]int32{}
	for i := range g.Nodes {
		out[i] = -1
		if !g.Nodes[i].Kind.isScaleUp() {
			continue
		}
		r := find(int32(i))
		id, ok := ids[r]
		if !ok {
			id = int32(len(ids))
			ids[r] = id
		}
		out[i] = id
	}
	return out
}

// NearestGPUs returns the GPUs among gpus (the GPUs of nic's server)
// closest to nic: the closest NCCL path class, then the widest
// bottleneck, every tie included, in the order given. They are the GPUs
// NCCL relays through to send from nic under PXN (the GPU local to the
// NIC, src/graph/paths.cc); nil when none reaches it.
func (in *Internals) NearestGPUs(nic NodeID, gpus []NodeID) []NodeID {
	var near []NodeID
	var best Path
	for _, gpu := range gpus {
		p := in.Path(gpu, nic)
		switch {
		case p.Class == PathDIS:
		case len(near) == 0 || p.Class < best.Class || p.Class == best.Class && p.BottleneckBPS > best.BottleneckBPS:
			near, best = []NodeID{gpu}, p
		case p.Class == best.Class && p.BottleneckBPS == best.BottleneckBPS:
			near = append(near, gpu)
		}
	}
	return near
}

// Relays returns, for each of nics (the candidate NICs of one server, in
// NIC order), the GPU among gpus (the server's GPUs, in GPU order) that
// PXN relays through to send from it: the first GPU Affinities assigns
// the NIC (the GPU NCCL pairs with it), else the first of its
// NearestGPUs; None when no GPU reaches it.
func (in *Internals) Relays(gpus, nics []NodeID) []NodeID {
	out := make([]NodeID, len(nics))
	for i := range out {
		out[i] = None
	}
	idx := make(map[NodeID]int, len(nics))
	for i, n := range nics {
		idx[n] = i
	}
	for _, a := range in.Affinities(gpus, nics) {
		if i, ok := idx[a.NIC]; ok && a.NIC != None && out[i] == None {
			out[i] = a.GPU
		}
	}
	for i, n := range nics {
		if out[i] == None {
			if near := in.NearestGPUs(n, gpus); len(near) > 0 {
				out[i] = near[0]
			}
		}
	}
	return out
}

// TransitGroups returns the sets of fabric f's server NICs that the
// fabric's server transit (Fabric.Transit) joins outside the fabric's
// own links: under TransitPCIe every NIC of f on one server; under
// TransitNVLink the NICs whose relay GPUs (Internals.Relays) share an
// NVLink island, on one server or across the servers of an NVLink
// domain. Each group lists its NICs in NodeID order, groups by their
// first NIC; groups of one NIC are left out, and the result is nil when
// f has no transit. Servers of one model are built alike, so the relays
// are computed once per model and set of NIC positions.
func (g *Graph) TransitGroups(f FabricID) [][]NodeID { return g.TransitGroupsAfter(g, f) }

// TransitGroupsAfter is TransitGroups on g, a graph that survives a
// failure of intact (Graph.Residual): the relay GPUs come from intact,
// where the servers of one model are built alike (a failed server's
// internals are not), and the NVLink islands from g, so a failed GPU,
// NVSwitch or NVLink link breaks the groups it joined.
func (g *Graph) TransitGroupsAfter(intact *Graph, f FabricID) [][]NodeID {
	if f < 0 || int(f) >= len(g.Fabrics) || g.Fabrics[f].Transit == 0 {
		return nil
	}
	t := g.Fabrics[f].Transit
	// Slices over the graph's nodes, not maps: a what-if evaluates this
	// for the intact design and for surviving graphs, each with every
	// server NIC of the fabric.
	srvIdx := make([]int32, len(g.Nodes)) // a server's index in servers, plus one
	var servers []NodeID
	var counts []int32
	var nicList []NodeID
	for _, n := range g.FabricNodes(f) {
		if nd := &g.Nodes[n]; nd.Kind == KindNIC && nd.Parent != None {
			if srvIdx[nd.Parent] == 0 {
				servers = append(servers, nd.Parent)
				counts = append(counts, 0)
				srvIdx[nd.Parent] = int32(len(servers))
			}
			counts[srvIdx[nd.Parent]-1]++
			nicList = append(nicList, n)
		}
	}
	// byServer(i) lists server i's NICs in FabricNodes order (CSR).
	start := make([]int32, len(servers)+1)
	for i, c := range counts {
		start[i+1] = start[i] + c
	}
	flat := make([]NodeID, len(nicList))
	fill := slices.Clone(start[:len(servers)])
	for _, n := range nicList {
		i := srvIdx[g.Nodes[n].Parent] - 1
		flat[fill[i]] = n
		fill[i]++
	}
	byServer := func(i int) []NodeID { return flat[start[i]:start[i+1]] }
	parent := make([]NodeID, len(g.Nodes)) // union-find over nodes, -1 for a root
	for i := range parent {
		parent[i] = None
	}
	var find func(NodeID) NodeID
	find = func(x NodeID) NodeID {
		p := parent[x]
		if p == None {
			return x
		}
		r := find(p)
		parent[x] = r
		return r
	}
	union := func(a, b NodeID) {
		if ra, rb := find(a), find(b); ra != rb {
			parent[max(ra, rb)] = min(ra, rb)
		}
	}
	var islands []int32
	if t.Has(TransitNVLink) {
		islands = g.NVLinkIslands()
	}
	viaIsland := map[int32]NodeID{}
	nearest := map[string][][]int{} // model and NIC positions → relay GPU position per NIC
	posOf := make([]int32, len(g.Nodes))
	var key []byte
	for si, sv := range servers {
		nics := byServer(si)
		if t.Has(TransitPCIe) {
			for _, n := range nics[1:] {
				union(nics[0], n)
			}
		}
		if islands == nil {
			continue
		}
		kids := g.Children(sv)
		for i, k := range kids {
			posOf[k] = int32(i)
		}
		key = append(key[:0], g.Nodes[sv].ModelName()...)
		for _, n := range nics {
			key = append(key, ' ')
			key = strconv.AppendInt(key, int64(posOf[n]), 10)
		}
		near, ok := nearest[string(key)]
		if !ok {
			var gpus []NodeID
			for _, k := range kids {
				if g.Nodes[k].Kind == KindGPU {
					gpus = append(gpus, k)
				}
			}
			for _, r := range intact.InternalsOf([]NodeID{sv}).Relays(gpus, nics) {
				var ps []int
				if r != None {
					ps = append(ps, int(posOf[r]))
				}
				near = append(near, ps)
			}
			nearest[string(key)] = near
		}
		for i, n := range nics {
			for _, p := range near[i] {
				isl := islands[kids[p]]
				if isl < 0 {
					continue
				}
				if first, ok := viaIsland[isl]; ok {
					union(first, n)
				} else {
					viaIsland[isl] = n
				}
			}
		}
	}
	// The groups, by root in order of first appearance.
	rootIdx := make(map[NodeID]int32)
	var groups [][]NodeID
	for si := range servers {
		for _, n := range byServer(si) {
			r := find(n)
			i, ok := rootIdx[r]
			if !ok {
				i = int32(len(groups))
				rootIdx[r] = i
				groups = append(groups, nil)
			}
			groups[i] = append(groups[i], n)
		}
	}
	var out [][]NodeID
	for _, gr := range groups {
		if len(gr) > 1 {
			slices.Sort(gr)
			out = append(out, gr)
		}
	}
	slices.SortFunc(out, func(a, b []NodeID) int { return int(a[0]) - int(b[0]) })
	return out
}

// PeerRelay returns whether a GPU may pass NVLink traffic on to another
// GPU: true for the GPUs of servers whose node model joins GPUs directly
// (ServerModel.NVLinkPeers; DGX-1's cube-mesh), where GPUs with no link
// between them meet through a peer, as NCCL's PATH_NVB paths do
// (src/graph/paths.cc). GPUs that reach each other through NVSwitches
// never relay. The set of such models is worked out once, so the
// predicate costs a slice read per call.
func (g *Graph) PeerRelay() func(*Node) bool {
	mesh := map[string]bool{}
	for i := range g.ServerModels {
		if len(g.ServerModels[i].NVLinkPeers) > 0 {
			mesh[g.ServerModels[i].Name] = true
		}
	}
	if len(mesh) == 0 {
		return func(*Node) bool { return false }
	}
	return func(nd *Node) bool {
		return nd.Kind == KindGPU && nd.Parent != None && mesh[g.Nodes[nd.Parent].ModelName()]
	}
}
