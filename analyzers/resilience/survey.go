package resilience

import (
	"cmp"
	"slices"
	"sort"

	"github.com/topoc/topoc/compiler/ir"
)

// fabricIndex is one fabric's links and endpoints in compact form, built
// once per baseline, so that a scenario's connectivity and capacity pass
// (survey) reads a few flat arrays instead of copying the graph
// (ir.Graph.Residual copies every link, 1.2 s at 131,072 GPUs). Local
// node ids follow node ids, so the lowest local id of a piece is its
// lowest node, as mainPart's tie rule needs.
type fabricIndex struct {
	links []ir.LinkID // the fabric's links, in LinkID order
	ends  [][2]int32  // each link's ends, local ids
	caps  []float64   // each link's capacity, bits per second per direction
	nodes []ir.NodeID // local id → node
	// listed counts how often the fabric lists each local node as an
	// endpoint (0: not an endpoint).
	listed []int32
	// eps is the fabric's endpoint list as local ids (a port of a node
	// listed more than once is a vertex of its own: newFabricIndex).
	eps []int32
	// owner maps each local endpoint node to its rank owner's index in
	// owners (-1 elsewhere); owners is sorted by node id.
	owner  []int32
	owners []ir.NodeID
	// transit is the fabric's transit groups with nothing failed.
	transit transitGroups
	// piece is each local vertex's piece with nothing failed (its lowest
	// vertex; -1 for a vertex without links), pieces how many there are:
	// each intact piece has its own main part after a failure.
	piece  []int32
	pieces int
	// iota holds 0, 1, 2, … for locals' slices.
	iota []int32
}

// transitGroups numbers the groups of NICs that a fabric's server transit
// joins outside its links (ir.Graph.TransitGroups), for survey's transit
// rule: of maps each local node to its group, -1 for none; n counts them.
type transitGroups struct {
	of []int32
	n  int
}

// newTransitGroups numbers groups (node lists of the graph) over a
// fabric of n local vertices; at maps a node to its local vertices (none:
// not in the fabric; one per port for a node listed with several).
func newTransitGroups(n int, groups [][]ir.NodeID, at func(ir.NodeID) []int32) transitGroups {
	t := transitGroups{of: make([]int32, n)}
	for i := range t.of {
		t.of[i] = -1
	}
	for _, grp := range groups {
		for _, node := range grp {
			for _, l := range at(node) {
				t.of[l] = int32(t.n)
			}
		}
		t.n++
	}
	return t
}

// newFabricIndex builds fabric fid's index.
//
// An endpoint node the fabric lists with several ports (a host or NIC
// with one port in each plane) gets a local vertex per port, so that no
// piece is joined through it: a host does not forward between its ports.
// Planes that meet only at such endpoints are then pieces of their own,
// intact, and each has its own main part (piece): a plane whose spines
// all failed leaves its hosts only their other ports' capacity (trial 50:
// 1,000 dual-port hosts read 0 ranks degraded after plane 0's spines
// failed, the planes joined through the hosts). Server transit still
// joins a server's NICs, port vertices included.
func newFabricIndex(g *ir.Graph, fid ir.FabricID) *fabricIndex {
	x := &fabricIndex{links: g.FabricLinks(fid)}
	fab := &g.Fabrics[fid]
	// Slices over the graph's nodes, not maps: a fabric's links and
	// endpoints are most of a check's what-if index at 16,384 GPUs.
	listed := make([]int32, len(g.Nodes))
	for _, p := range fab.Endpoints {
		listed[p.Node]++
	}
	// Local vertices: a node, or a (node, port) of a node listed more
	// than once, in node then port order.
	type key struct {
		node ir.NodeID
		port int32
	}
	keyOf := func(e ir.Port) key {
		if listed[e.Node] > 1 {
			return key{e.Node, e.Port}
		}
		return key{e.Node, -1}
	}
	const unseen = -1
	localNode := make([]int32, len(g.Nodes)) // a node's local vertex; unseen, or seen (0) before numbering
	for i := range localNode {
		localNode[i] = unseen
	}
	localPort := map[key]int32{} // the ports of nodes listed more than once
	var keys []key
	mark := func(e ir.Port) {
		k := keyOf(e)
		if k.port < 0 {
			if localNode[k.node] == unseen {
				localNode[k.node] = 0
				keys = append(keys, k)
			}
		} else if _, ok := localPort[k]; !ok {
			localPort[k] = 0
			keys = append(keys, k)
		}
	}
	for _, id := range x.links {
		l := g.Link(id)
		mark(l.A)
		mark(l.B)
	}
	for _, p := range fab.Endpoints {
		mark(p)
	}
	slices.SortFunc(keys, func(a, b key) int { return cmp.Or(cmp.Compare(a.node, b.node), cmp.Compare(a.port, b.port)) })
	x.nodes = make([]ir.NodeID, len(keys))
	for i, k := range keys {
		if k.port < 0 {
			localNode[k.node] = int32(i)
		} else {
			localPort[k] = int32(i)
		}
		x.nodes[i] = k.node
	}
	local := func(e ir.Port) int32 {
		if k := keyOf(e); k.port >= 0 {
			return localPort[k]
		}
		return localNode[e.Node]
	}
	x.listed = make([]int32, len(keys))
	for _, p := range fab.Endpoints {
		x.listed[local(p)]++
	}
	// Every port is a vertex of its own: a port survives when its vertex
	// keeps a link.
	x.eps = make([]int32, 0, len(fab.Endpoints))
	for _, p := range fab.Endpoints {
		x.eps = append(x.eps, local(p))
	}
	x.ends = make([][2]int32, 0, len(x.links))
	x.caps = make([]float64, 0, len(x.links))
	for _, id := range x.links {
		l := g.Link(id)
		x.ends = append(x.ends, [2]int32{local(l.A), local(l.B)})
		x.caps = append(x.caps, l.CapacityBPS)
	}
	// Owners (servers, or the endpoint node itself), numbered in node
	// order.
	x.owner = make([]int32, len(keys))
	ownerIdx := make([]int32, len(g.Nodes))
	for i := range ownerIdx {
		ownerIdx[i] = unseen
	}
	var owners []ir.NodeID
	for _, e := range x.eps {
		if o := owner(g, x.nodes[e]); ownerIdx[o] == unseen {
			ownerIdx[o] = 0
			owners = append(owners, o)
		}
	}
	slices.Sort(owners)
	for i, o := range owners {
		ownerIdx[o] = int32(i)
	}
	x.owners = owners
	for i := range x.owner {
		x.owner[i] = -1
	}
	for _, e := range x.eps {
		x.owner[e] = ownerIdx[owner(g, x.nodes[e])]
	}
	x.transit = newTransitGroups(len(keys), g.TransitGroups(fid), x.locals)
	// The intact pieces: the survey of nothing failed, each vertex's root.
	var sc scratch
	x.piece = make([]int32, len(keys))
	for i := range x.piece {
		x.piece[i] = -1
	}
	x.surveyWith(&sc, make([]bool, len(g.Nodes)), make([]bool, g.NumLinks()), x.transit)
	for v, p := range sc.parent[:len(keys)] {
		if p >= 0 {
			r := int32(v)
			for sc.parent[r] != r {
				r = sc.parent[r]
			}
			x.piece[v] = r
		}
	}
	for v, r := range x.piece {
		if r == int32(v) {
			x.pieces++
		}
	}
	return x
}

// survey is what one scenario leaves of one fabric, computed on the
// intact graph with the failed links and nodes masked out; it equals
// what mainPart and ownerCaps give on ir.Graph.Residual's graph.
type survey struct {
	// residual counts the endpoint ports ir.Graph.Residual keeps (the
	// node survives with a link of the fabric, and a port of a node listed
	// several times keeps a link of its own); kept those of them in the
	// main part.
	residual, kept int
	// keptOwners counts the owners with a kept endpoint.
	keptOwners int
	// caps is each owner's capacity left on the main part (by index in
	// fabricIndex.owners), bits per second per direction.
	caps []float64
	// keptEP marks the kept entries of the fabric's endpoint list.
	keptEP []bool
}

// scratch is survey's reusable memory, sized for the largest fabric.
type scratch struct {
	parent  []int32
	weight  []float64
	total   []float64 // per root: its piece's endpoint capacity
	alive   []bool    // per local node: not failed
	counted []bool    // per local node: its capacity counted
	first   []int32   // per transit server: its first endpoint seen
	caps    []float64
	ownerOK []bool
	keptEP  []bool
	bestOf  []int32   // per intact piece: its main part's root
	bestW   []float64 // per intact piece: that root's capacity
}

// grow returns s with room for x.
func (s *scratch) grow(x *fabricIndex) {
	n := len(x.nodes)
	if len(s.parent) < n {
		s.parent, s.weight, s.total = make([]int32, n), make([]float64, n), make([]float64, n)
		s.alive, s.counted = make([]bool, n), make([]bool, n)
	}
	if len(s.first) < x.transit.n {
		s.first = make([]int32, x.transit.n)
	}
	if len(s.keptEP) < len(x.eps) {
		s.keptEP = make([]bool, len(x.eps))
	}
	if len(s.caps) < len(x.owners) {
		s.caps, s.ownerOK = make([]float64, len(x.owners)), make([]bool, len(x.owners))
	}
}

// survey computes fabric x's survey under a failure: dead marks failed
// nodes (ir.Graph.FailedNodes), cut the failed links (by LinkID). The
// main part is the connected piece of surviving links with the most
// endpoint capacity, ties to the piece with the lowest node; a server's
// endpoints count as joined when the fabric has server transit. The
// result's caps and keptEP alias s.
func (x *fabricIndex) survey(s *scratch, dead []bool, cut []bool) survey {
	return x.surveyWith(s, dead, cut, x.transit)
}

// surveyWith is survey with the transit groups tr (those of the
// surviving graph when the failure breaks scale-up paths).
func (x *fabricIndex) surveyWith(s *scratch, dead []bool, cut []bool, tr transitGroups) survey {
	s.grow(x)
	if len(s.first) < tr.n {
		s.first = make([]int32, tr.n)
	}
	n := len(x.nodes)
	parent, weight, alive := s.parent[:n], s.weight[:n], s.alive[:n]
	for i, node := range x.nodes {
		parent[i], weight[i], alive[i] = -1, 0, !dead[node]
	}
	first := s.first[:tr.n]
	for i := range first {
		first[i] = -1
	}
	find := func(v int32) int32 {
		for parent[v] != v {
			parent[v] = parent[parent[v]]
			v = parent[v]
		}
		return v
	}
	join := func(a, b int32) {
		if parent[a] < 0 {
			parent[a] = a
		}
		if parent[b] < 0 {
			parent[b] = b
		}
		ra, rb := find(a), find(b)
		if ra < rb {
			parent[rb] = ra
		} else if rb < ra {
			parent[ra] = rb
		}
	}
	for i, e := range x.ends {
		if cut[x.links[i]] || !alive[e[0]] || !alive[e[1]] {
			continue
		}
		join(e[0], e[1])
		for _, v := range e {
			if x.listed[v] == 0 {
				continue
			}
			weight[v] += x.caps[i]
			if sv := tr.of[v]; sv >= 0 {
				if first[sv] >= 0 {
					join(first[sv], v)
				} else {
					first[sv] = v
				}
			}
		}
	}
	// The main part: the root with the most endpoint capacity, the
	// lowest root among equals (roots are each piece's lowest node).
	total := s.total[:n]
	clear(total)
	for v, w := range weight {
		if w > 0 {
			total[find(int32(v))] += w
		}
	}
	// With nothing failed (x.piece not yet set) there is one main part;
	// after a failure one per intact piece, the piece inside it with the
	// most capacity.
	best, bestW := int32(-1), 0.0
	for r, w := range total {
		if w > bestW {
			best, bestW = int32(r), w
		}
	}
	inMain := func(v int32) bool { return parent[v] >= 0 && find(v) == best }
	if x.pieces > 1 {
		if len(s.bestOf) < n {
			s.bestOf, s.bestW = make([]int32, n), make([]float64, n)
		}
		bestOf, bestOfW := s.bestOf[:n], s.bestW[:n]
		for i := range bestOf {
			bestOf[i], bestOfW[i] = -1, 0
		}
		for r, w := range total {
			if p := x.piece[r]; w > 0 && p >= 0 && w > bestOfW[p] {
				bestOf[p], bestOfW[p] = int32(r), w
			}
		}
		inMain = func(v int32) bool {
			return parent[v] >= 0 && x.piece[v] >= 0 && find(v) == bestOf[x.piece[v]]
		}
	}
	var out survey
	caps, ok := s.caps[:len(x.owners)], s.ownerOK[:len(x.owners)]
	clear(caps)
	clear(ok)
	keptEP := s.keptEP[:len(x.eps)]
	clear(keptEP)
	counted := s.counted[:n]
	clear(counted)
	// An endpoint node survives when it lies on a surviving link
	// (parent ≥ 0), Residual's rule; each kept node's capacity counts
	// once for its owner.
	for i, v := range x.eps {
		if !alive[v] || parent[v] < 0 { // failed, or no surviving link
			continue
		}
		out.residual++
		if !inMain(v) {
			continue
		}
		out.kept++
		keptEP[i] = true
		o := x.owner[v]
		ok[o] = true
		if !counted[v] {
			counted[v] = true
			caps[o] += weight[v]
		}
	}
	for _, k := range ok {
		if k {
			out.keptOwners++
		}
	}
	out.caps, out.keptEP = caps, keptEP
	return out
}

// locals returns node n's local vertices in x: one, one per listed port
// for an endpoint node listed with several, none when n is not in the
// fabric. The slice is shared; callers must not modify it.
func (x *fabricIndex) locals(n ir.NodeID) []int32 {
	i := sort.Search(len(x.nodes), func(i int) bool { return x.nodes[i] >= n })
	j := i
	for j < len(x.nodes) && x.nodes[j] == n {
		j++
	}
	if i == j {
		return nil
	}
	if len(x.iota) < len(x.nodes) {
		x.iota = make([]int32, len(x.nodes))
		for k := range x.iota {
			x.iota[k] = int32(k)
		}
	}
	return x.iota[i:j]
}

// linkIndex returns link id's index in x.links, -1 when it is not the
// fabric's.
func (x *fabricIndex) linkIndex(id ir.LinkID) int32 {
	i := sort.Search(len(x.links), func(i int) bool { return x.links[i] >= id })
	if i < len(x.links) && x.links[i] == id {
		return int32(i)
	}
	return -1
}
