package ir

import (
	"cmp"
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
// links) on the first call; a graph made by New keeps the answer (Memo)
// until nodes, links or fabrics are added or a link is changed in place
// (server transit asks once per fabric: eight times over 4.4 million
// nodes on an 8-plane design of 1,048,576 GPUs).
// The slice is shared; callers must not modify it.
func (g *Graph) NVLinkIslands() []int32 {
	islands, _ := g.nvlinkIslandsCounted()
	return islands
}

// islandsKey is Memo's key for nvlinkIslandsCounted.
type islandsKey struct{}

// countedIslands is each node's island and their number.
type countedIslands struct {
	of    []int32
	count int
}

// nvlinkIslandsCounted is NVLinkIslands with the number of islands,
// kept with Memo.
func (g *Graph) nvlinkIslandsCounted() ([]int32, int) {
	c := Memo(g, islandsKey{}, func() countedIslands {
		of, n := g.nvlinkIslands()
		return countedIslands{of, n}
	})
	return c.of, c.count
}

// nvlinkIslands computes NVLinkIslands and counts the islands. Its
// union-find points every node at one of no greater id, so that, read
// in node order, a node's parent already holds its island: the array
// becomes the answer in place, with no map from roots to islands.
func (g *Graph) nvlinkIslands() ([]int32, int) {
	kinds := g.Kinds()
	u := newPlaceUnion(len(g.Nodes))
	join := func(x, y NodeID) {
		if kinds[x].isScaleUp() && kinds[y].isScaleUp() {
			u.union(int32(x), int32(y))
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
	n := int32(0)
	for i, p := range u {
		switch {
		case !kinds[i].isScaleUp():
			u[i] = -1
		case p == int32(i): // the least node of its island
			u[i] = n
			n++
		default: // p < i: numbered already
			u[i] = u[p]
		}
	}
	return u, int(n)
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
	sn := g.serverNICs(f)
	// A union-find over the NICs' places in sn.nics, not over the graph's
	// nodes: 1,048,576 NICs of 4.4 million nodes on an 8-plane design.
	u := newPlaceUnion(len(sn.nics))
	var islands []int32
	var viaIsland []int32 // an island's first NIC's place, or -1
	if t.Has(TransitNVLink) {
		var count int
		islands, count = g.nvlinkIslandsCounted()
		viaIsland = make([]int32, count)
		for i := range viaIsland {
			viaIsland[i] = -1
		}
	}
	nearest := map[string][][]int{} // model and NIC positions → relay GPU position per NIC
	var key []byte
	for si, sv := range sn.servers {
		lo, hi := sn.start[si], sn.start[si+1]
		if t.Has(TransitPCIe) {
			for i := lo + 1; i < hi; i++ {
				u.union(lo, i)
			}
		}
		if islands == nil {
			continue
		}
		kids := g.Children(sv)
		nics := sn.nics[lo:hi]
		key = append(key[:0], g.Nodes[sv].ModelName()...)
		for _, n := range nics {
			key = append(key, ' ')
			key = strconv.AppendInt(key, int64(childPosition(kids, n)), 10)
		}
		near, ok := nearest[string(key)]
		if !ok {
			near = relayPositions(g, intact, sv, kids, nics)
			nearest[string(key)] = near
		}
		for i := range nics {
			for _, p := range near[i] {
				isl := islands[kids[p]]
				if isl < 0 {
					continue
				}
				if first := viaIsland[isl]; first >= 0 {
					u.union(first, lo+int32(i))
				} else {
					viaIsland[isl] = lo + int32(i)
				}
			}
		}
	}
	return u.groups(sn.nics)
}

// serverNICs is a fabric's server NICs grouped by server: the servers,
// and server i's NICs, in FabricNodes order, at nics[start[i]:start[i+1]].
type serverNICs struct {
	servers []NodeID
	start   []int32
	nics    []NodeID
}

// serverNICs returns fabric f's NICs that have a server, grouped by it.
// In a built design a server's components follow it in NodeID order, so
// the NICs come grouped and in server order, and are only sorted (by
// server, stably) when they do not: no array over every node to find a
// server's group by (4.4 million nodes for 1,048,576 NICs).
func (g *Graph) serverNICs(f FabricID) serverNICs {
	members := g.FabricNodes(f)
	type nicOf struct{ server, nic NodeID }
	nics := make([]nicOf, 0, len(members))
	grouped := true
	for _, n := range members {
		if nd := &g.Nodes[n]; nd.Kind == KindNIC && nd.Parent != None {
			if len(nics) > 0 && nd.Parent < nics[len(nics)-1].server {
				grouped = false
			}
			nics = append(nics, nicOf{nd.Parent, n})
		}
	}
	if !grouped {
		slices.SortStableFunc(nics, func(a, b nicOf) int { return cmp.Compare(a.server, b.server) })
	}
	sn := serverNICs{nics: make([]NodeID, len(nics))}
	for i, e := range nics {
		if i == 0 || e.server != nics[i-1].server {
			sn.servers = append(sn.servers, e.server)
			sn.start = append(sn.start, int32(i))
		}
		sn.nics[i] = e.nic
	}
	sn.start = append(sn.start, int32(len(nics)))
	return sn
}

// childPosition returns n's index among kids (a server's children, in
// NodeID order), or -1.
func childPosition(kids []NodeID, n NodeID) int {
	if i, ok := slices.BinarySearch(kids, n); ok {
		return i
	}
	return -1
}

// relayPositions returns, for each of nics (server sv's NICs in g), the
// position among kids (sv's children) of the GPU that PXN relays through
// to send from it, read off intact (Internals.Relays); none for a NIC no
// GPU reaches.
func relayPositions(g, intact *Graph, sv NodeID, kids, nics []NodeID) [][]int {
	var gpus []NodeID
	for _, k := range kids {
		if g.Nodes[k].Kind == KindGPU {
			gpus = append(gpus, k)
		}
	}
	near := make([][]int, 0, len(nics))
	for _, r := range intact.InternalsOf([]NodeID{sv}).Relays(gpus, nics) {
		var ps []int
		if r != None {
			ps = append(ps, childPosition(kids, r))
		}
		near = append(near, ps)
	}
	return near
}

// placeUnion is a union-find over places 0 to n-1, with path halving,
// whose union makes the lesser root the parent, so that a place's parent
// is never greater than it and a set's root is its least place:
// nvlinkIslands and groups number sets by that. (It is not
// analyzers/internal/unionfind, which the compiler cannot import and
// whose roots are any of their set.)
type placeUnion []int32

// newPlaceUnion returns n places, each a set of its own.
func newPlaceUnion(n int) placeUnion {
	u := make(placeUnion, n)
	for i := range u {
		u[i] = int32(i)
	}
	return u
}

// find returns x's set's root.
func (u placeUnion) find(x int32) int32 {
	for u[x] != x {
		u[x] = u[u[x]]
		x = u[x]
	}
	return x
}

// union joins a's set and b's.
func (u placeUnion) union(a, b int32) {
	if ra, rb := u.find(a), u.find(b); ra != rb {
		u[max(ra, rb)] = min(ra, rb)
	}
}

// groups returns the sets of nodes[i] whose places i u joins, as
// TransitGroups lists them: each in NodeID order, by first node, those
// of one node left out. The groups share one backing array (131,072
// groups at 1,048,576 GPUs, where appending to each allocated
// 400,000 times).
func (u placeUnion) groups(nodes []NodeID) [][]NodeID {
	size := make([]int32, len(u)) // by root: its group's size, then its fill offset
	for i := range u {
		size[u.find(int32(i))]++
	}
	n, total := 0, int32(0)
	for r, c := range size {
		if c > 1 && u[r] == int32(r) {
			n++
			total += c
		}
	}
	if n == 0 {
		return nil
	}
	flat := make([]NodeID, total)
	out := make([][]NodeID, 0, n)
	// A root is its group's least place (union keeps the lesser), so
	// groups are laid out in order of their first place.
	at := int32(0)
	for r, c := range size {
		if c > 1 && u[r] == int32(r) {
			out = append(out, flat[at:at:at+c])
			size[r] = int32(len(out)) // the group's index plus one
			at += c
		} else if u[r] == int32(r) {
			size[r] = 0
		}
	}
	for i := range u {
		if k := size[u.find(int32(i))]; k > 0 {
			out[k-1] = append(out[k-1], nodes[i])
		}
	}
	for _, gr := range out {
		slices.Sort(gr)
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
