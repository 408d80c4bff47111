package congestion

import (
	"slices"
	"strconv"
	"sync"

	"github.com/topoc/topoc/analyzers/internal/routing"
	"github.com/topoc/topoc/analyzers/internal/unionfind"
	"github.com/topoc/topoc/compiler/ir"
)

// plane is a routing plane with its engine.
type plane struct {
	p   *routing.Plane
	eng routing.Engine
	// reason says why the closed form did not apply ("" when it did).
	reason string
	// groups holds dragonfly groups (fabric planes of dragonflies only).
	groups []int32
}

func newPlane(p *routing.Plane) *plane {
	eng, reason := routing.NewEngine(p)
	return &plane{p: p, eng: eng, reason: reason}
}

// system is the routing model of a whole design: the NVLink scale-up
// plane (in-server NVLink and nvlink_domain fabrics, NVSwitches forward),
// the PCIe plane inside servers (PCIe switches and CPU root complexes
// forward), and one plane per scale-out fabric, built on first use.
type system struct {
	g    *ir.Graph
	up   *plane
	pcie *plane
	fab  map[ir.FabricID]*plane
	// island is each node's NVLink domain (connected component of the
	// scale-up plane), or -1; islands the number of them.
	island  []int32
	islands int32
	// multiNodeIslands reports whether some NVLink domain spans GPUs of
	// more than one server (a GB200 NVL72 rack's trays).
	multiNodeIslands bool
	// scr is the phases' reusable buffers; loads the link loads every
	// workload's phases write (routing.Loads, reset by each phase).
	scr   scratch
	loads *routing.Loads
	// nvCapBPS is a GPU's NVLink injection rate: the capacity of its
	// scale-up links, summed; pcieCapBPS the same over its PCIe links.
	nvCapBPS, pcieCapBPS []float64
	// nics caches each fabric's GPU-to-NIC affinity.
	nics map[ir.FabricID]*nicMap
	// childStart and children index each server's components (CSR over
	// ir.Node.Parent).
	childStart []int32
	children   []ir.NodeID
	// nicIndex is each server NIC's index among its server's NICs of its
	// role (0 for other nodes): the "rail" PXN matches. A channel uses
	// the NIC of one index on every node (graph->inter, src/graph/
	// search.cc) and PXN relays through the local GPU closest to it
	// (ncclTopoGetIntermediateRank, src/graph/paths.cc), whatever rail or
	// plane label the fabric gives the NICs (two NICs of one server share
	// a rail when rails < NICs).
	nicIndex []int32
	// affinity caches, per server model and set of fabric NICs, each
	// GPU's NIC as an index into that set (ir.Internals.Affinities on the
	// first such server; servers of one model are built alike).
	affinity map[string][]int
	keyBuf   []byte // scratch of affinities' keys
	// nicAcc is addDense's per-NIC scratch, indexed by node and all zero
	// between uses: allocated once, since clearing a slice the size of the
	// graph for every AllToAll phase cost DeepSeek-V3's check a tenth of a
	// second.
	nicAcc []nicAcc
	// denseCount is addDense's NVLink and NIC transfer counts (two runs
	// of one per node), likewise zero between uses.
	denseCount []int32
	// linkBPS is each link's physical capacity (ir.Link.PhysicalBPS), bits
	// per second per direction, and inFabric whether it belongs to a
	// fabric: read for every touched slot of every phase, where building
	// the link from its server template each time was most of Llama 3's
	// load scans.
	linkBPS  []float64
	inFabric []bool
	// mesh caches the ring orders inside servers whose GPUs are joined
	// directly (meshRing).
	mesh *meshRings
	// torus places the terminals of tori along rings of neighbouring
	// routers (torusRings), or is nil.
	torus *torusRings
}

// slotCapBPS is the capacity behind one direction of a link: its physical
// capacity times the links of its NVLink bundle.
func (s *system) slotCapBPS(slot int32) float64 { return s.linkBPS[slot/2] * s.mult(slot) }

// scaleUp reports whether a link belongs to the NVLink plane: it joins
// GPUs and NVSwitches, inside a server or in an nvlink_domain fabric.
func scaleUp(g *ir.Graph) func(ir.Link) bool {
	return g.ScaleUpLink
}

func newSystem(g *ir.Graph) *system {
	s := &system{g: g, fab: map[ir.FabricID]*plane{}, nics: map[ir.FabricID]*nicMap{}, mesh: newMeshRings(g), torus: newTorusRings(g)}
	var wg sync.WaitGroup
	wg.Go(func() {
		// NVLink is always sprayed over every link (the hardware stripes
		// packets), so parallel links fold into bundles.
		// NVSwitches forward, and so do the GPUs of a direct NVLink mesh
		// (ir.Graph.PeerRelay). A modelling assumption: the plane may
		// route through more than one peer GPU where a sparse mesh needs
		// it, which NCCL's P2P does not (it allows one, PATH_NVB).
		relay := g.PeerRelay()
		s.up = newPlane(routing.NewBundledPlane(g, scaleUp(g), func(n *ir.Node) bool {
			return n.Kind == ir.KindNVSwitch || relay(n)
		}))
	})
	// PCIe trees join CPUs sideways (cpu_cpu), so they are never tiered:
	// the BFS engine serves them, one small search per server.
	pp := routing.NewPlane(g, func(l ir.Link) bool {
		return l.Fabric == ir.None && (l.Kind == ir.LinkPCIe || l.Kind == ir.LinkC2C || l.Kind == ir.LinkCPUCPU)
	}, func(n *ir.Node) bool { return n.Kind == ir.KindPCIeSwitch || n.Kind == ir.KindCPU })
	s.pcie = &plane{p: pp, eng: routing.NewBFS(pp), reason: "PCIe trees are not tiered"}
	wg.Wait()
	s.linkBPS = make([]float64, g.NumLinks())
	s.inFabric = make([]bool, g.NumLinks())
	for id, l := range g.AllLinks() {
		s.linkBPS[id], s.inFabric[id] = l.PhysicalBPS(), l.Fabric != ir.None
	}
	s.island = make([]int32, len(g.Nodes))
	for i := range s.island {
		s.island[i] = -1
	}
	s.nvCapBPS = make([]float64, len(g.Nodes))
	s.pcieCapBPS = make([]float64, len(g.Nodes))
	for u := int32(0); u < int32(pp.Len()); u++ {
		if n := pp.Nodes[u]; g.Nodes[n].Kind == ir.KindGPU {
			for _, a := range pp.Arcs(u) {
				s.pcieCapBPS[n] += pp.CapacityBPS(a.Slot)
			}
		}
	}
	s.childStart = make([]int32, len(g.Nodes)+1)
	for i := range g.Nodes {
		if par := g.Nodes[i].Parent; par != ir.None {
			s.childStart[par+1]++
		}
	}
	for i := 1; i < len(s.childStart); i++ {
		s.childStart[i] += s.childStart[i-1]
	}
	s.children = make([]ir.NodeID, s.childStart[len(g.Nodes)])
	fill := make([]int32, len(g.Nodes))
	for i := range g.Nodes {
		if par := g.Nodes[i].Parent; par != ir.None {
			s.children[s.childStart[par]+fill[par]] = ir.NodeID(i)
			fill[par]++
		}
	}
	s.nicIndex = make([]int32, len(g.Nodes))
	for sv := range g.Nodes {
		var roles []ir.Role // a server has a few NIC roles: a short list
		var count []int32
		for _, c := range s.children[s.childStart[sv]:s.childStart[sv+1]] {
			if n := &g.Nodes[c]; n.Kind == ir.KindNIC {
				k := slices.Index(roles, n.RoleName())
				if k < 0 {
					k, roles, count = len(roles), append(roles, n.RoleName()), append(count, 0)
				}
				s.nicIndex[c] = count[k]
				count[k]++
			}
		}
	}
	p := s.up.p
	var stack []int32
	next := int32(0)
	for u := int32(0); u < int32(p.Len()); u++ {
		for _, a := range p.Arcs(u) {
			s.nvCapBPS[p.Nodes[u]] += p.CapacityBPS(a.Slot) * float64(a.Mult)
		}
		if s.island[p.Nodes[u]] >= 0 {
			continue
		}
		stack = append(stack[:0], u)
		s.island[p.Nodes[u]] = next
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, a := range p.Arcs(v) {
				if w := p.Nodes[a.To]; s.island[w] < 0 {
					s.island[w] = next
					stack = append(stack, a.To)
				}
			}
		}
		next++
	}
	s.islands = next
	// A GPU whose NVLink domain also holds a GPU of another server.
	first := make([]ir.NodeID, next)
	for i := range first {
		first[i] = ir.None
	}
	for i := range g.Nodes {
		if isl := s.island[i]; isl >= 0 && g.Nodes[i].Kind == ir.KindGPU {
			sv := s.server(ir.NodeID(i))
			if first[isl] == ir.None {
				first[isl] = sv
			} else if first[isl] != sv {
				s.multiNodeIslands = true
			}
		}
	}
	return s
}

// fabric returns the plane of scale-out fabric f.
func (s *system) fabric(f ir.FabricID) *plane {
	if pl, ok := s.fab[f]; ok {
		return pl
	}
	p := routing.NewPlane(s.g, func(l ir.Link) bool { return s.g.InFabric(&l, f) }, routing.Switches)
	if routing.Weighted(s.g, f) {
		// Lowest-cost paths (routing.LinkCost): the design's link costs,
		// a dragonfly's global links at three local hops.
		p.SetWeights(func(l ir.Link) int32 { return routing.LinkCost(s.g, &l) })
	}
	pl := newPlane(p)
	if s.g.Fabrics[f].Family == ir.FamilyDragonfly {
		pl.groups = routing.Groups(pl.p)
	}
	s.fab[f] = pl
	return pl
}

// sameIsland reports whether GPUs a and b share an NVLink domain.
func (s *system) sameIsland(a, b ir.NodeID) bool {
	return s.island[a] >= 0 && s.island[a] == s.island[b]
}

// localUnits groups ranks into the units inside which they talk without
// the fabric: a server, or all the servers one NVLink domain spans (the
// 18 trays of a GB200 NVL72 rack, whose GPUs reach each other over the
// NVSwitch trays as NCCL's multi-node NVLink does; docs/workloads.md,
// "Nodes"). It returns each rank's unit and the number of units, numbered
// in order of first appearance. Servers are joined through the NVLink
// domains of their GPUs among ranks. It runs once per ring or group of a
// collective (2,048 tensor groups at 16,384 GPUs), so it numbers servers
// in the system's scratch, indexed by NodeID and cleared again before it
// returns, rather than in a map (a tenth of the congestion analyzer's
// time at 24,576 GPUs) or a fresh slice per call.
func (s *system) localUnits(ranks []ir.NodeID) (ofRank []int32, n int32) {
	if s.scr.servers == nil {
		s.scr.servers = make([]int32, len(s.g.Nodes))
	}
	seen := s.scr.servers // plus one; 0: not seen
	ofRank = make([]int32, len(ranks))
	for i, m := range ranks {
		sv := s.server(m)
		if seen[sv] == 0 {
			n++
			seen[sv] = n
		}
		ofRank[i] = seen[sv] - 1
	}
	for _, m := range ranks {
		seen[s.server(m)] = 0
	}
	if !s.multiNodeIslands {
		return ofRank, n
	}
	// Elements: the servers (0..n-1, as numbered above), then the
	// islands in order of first appearance; a rank joins its server's
	// element and its island's.
	islandElem := map[int32]int32{}
	ne := n
	var pairs [][2]int32
	for i, m := range ranks {
		if isl := s.island[m]; isl >= 0 {
			e, ok := islandElem[isl]
			if !ok {
				e = ne
				islandElem[isl] = e
				ne++
			}
			pairs = append(pairs, [2]int32{ofRank[i], e})
		}
	}
	uf := unionfind.New(int(ne))
	for _, p := range pairs {
		uf.Union(p[0], p[1])
	}
	unit := make([]int32, ne) // root → unit, plus one
	n = 0
	for i := range ranks {
		r := uf.Find(ofRank[i])
		if unit[r] == 0 {
			n++
			unit[r] = n
		}
		ofRank[i] = unit[r] - 1
	}
	return ofRank, n
}

// server returns the server of a rank: its parent, or itself.
func (s *system) server(n ir.NodeID) ir.NodeID {
	if p := s.g.Nodes[n].Parent; p != ir.None {
		return p
	}
	return n
}

// nicMap is the GPU-to-NIC affinity on one fabric, indexed by NodeID.
type nicMap struct {
	// of[gpu] is the GPU's NIC on the fabric (NCCL's closest NIC), or
	// None; for an implicit host it is the host itself.
	of []ir.NodeID
	// owner[nic] is the GPU whose closest NIC it is (the PXN relay), or None.
	owner []ir.NodeID
	// capBPS[nic] is the NIC's (or host's) injection rate into the fabric:
	// the capacity of its fabric links, summed.
	capBPS []float64
	// byRail[server] lists the server's fabric NICs by index
	// (system.nicIndex).
	byRail map[ir.NodeID]map[int32]ir.NodeID
	done   []bool
}

// egress returns the NIC of server sv of index r (system.nicIndex), or
// None.
func (m *nicMap) egress(sv ir.NodeID, r int32) ir.NodeID {
	if nic, ok := m.byRail[sv][r]; ok {
		return nic
	}
	return ir.None
}

// nicsOf computes, for ranks on fabric f, the NIC NCCL would use: the
// fabric NIC ir.Internals.Affinities assigns (the closest path class,
// then the widest, equally near NICs spread over the GPUs; behind the
// same PCIe switch on DGX and HGX H100, nodes.md §2), the same as the
// pcie analyzer and the NCCL XML report.
func (s *system) nicsOf(f ir.FabricID, ranks []ir.NodeID) *nicMap {
	m, ok := s.nics[f]
	if !ok {
		n := len(s.g.Nodes)
		m = &nicMap{of: make([]ir.NodeID, n), owner: make([]ir.NodeID, n), capBPS: make([]float64, n),
			byRail: map[ir.NodeID]map[int32]ir.NodeID{}, done: make([]bool, n)}
		for i := range m.of {
			m.of[i], m.owner[i] = ir.None, ir.None
		}
		s.nics[f] = m
	}
	fp := s.fabric(f)
	for _, r := range ranks {
		if m.done[r] {
			continue
		}
		m.done[r] = true
		if s.g.Nodes[r].Kind != ir.KindGPU {
			if fp.p.Local(r) >= 0 {
				m.of[r] = r
				m.capBPS[r] = s.injection(fp, r)
			}
			continue
		}
		sv := s.server(r)
		if _, mapped := m.byRail[sv]; !mapped {
			s.mapServer(f, fp, m, sv)
		}
	}
	return m
}

// injection sums the fabric capacity at node n.
func (s *system) injection(fp *plane, n ir.NodeID) float64 {
	var c float64
	for _, a := range fp.p.Arcs(fp.p.Local(n)) {
		c += fp.p.CapacityBPS(a.Slot)
	}
	return c
}

// mapServer fills m for every GPU of server sv.
func (s *system) mapServer(f ir.FabricID, fp *plane, m *nicMap, sv ir.NodeID) {
	var gpus, nics []ir.NodeID
	for _, c := range s.children[s.childStart[sv]:s.childStart[sv+1]] {
		switch n := &s.g.Nodes[c]; {
		case n.Kind == ir.KindGPU:
			gpus = append(gpus, c)
		case n.Kind == ir.KindNIC && n.InFabric(f) && fp.p.Local(c) >= 0:
			nics = append(nics, c)
		}
	}
	rails := map[int32]ir.NodeID{}
	for _, nic := range nics {
		if _, dup := rails[s.nicIndex[nic]]; !dup {
			rails[s.nicIndex[nic]] = nic
		}
		m.capBPS[nic] = s.injection(fp, nic)
	}
	m.byRail[sv] = rails
	pick := s.affinities(sv, gpus, nics)
	for gi, gpu := range gpus {
		m.done[gpu] = true
		if len(nics) == 0 {
			continue
		}
		nic := nics[gi%len(nics)] // no NIC reachable inside the server
		if pick[gi] >= 0 {
			nic = nics[pick[gi]]
		}
		m.of[gpu] = nic
		if m.owner[nic] == ir.None {
			m.owner[nic] = gpu
		}
	}
	for _, nic := range nics {
		if m.owner[nic] == ir.None && len(gpus) > 0 {
			m.owner[nic] = gpus[0]
		}
	}
}

// affinities returns, for server sv's gpus, the index in nics of the NIC
// each uses (-1 when none is reachable): the one assignment the pcie
// analyzer and the NCCL XML report (ir.Internals.Affinities, NCCL's
// choice of local NIC). It is computed once per node model and set of
// fabric NICs, on the first such server, and reused by position.
func (s *system) affinities(sv ir.NodeID, gpus, nics []ir.NodeID) []int {
	if s.affinity == nil {
		s.affinity = map[string][]int{}
	}
	// The key is the model and the positions of the GPUs and fabric NICs
	// among the server's components: built per server (16,384 at 131,072
	// GPUs), so with strconv rather than fmt.
	kids := s.children[s.childStart[sv]:s.childStart[sv+1]]
	pos := func(n ir.NodeID) int64 { i, _ := slices.BinarySearch(kids, n); return int64(i) }
	key := append(s.keyBuf[:0], s.g.Nodes[sv].ModelName()...)
	for _, n := range gpus {
		key = strconv.AppendInt(append(key, " g"...), pos(n), 10)
	}
	for _, n := range nics {
		key = strconv.AppendInt(append(key, " n"...), pos(n), 10)
	}
	s.keyBuf = key
	if out, ok := s.affinity[string(key)]; ok {
		return out
	}
	out := make([]int, len(gpus))
	idx := map[ir.NodeID]int{}
	for i, n := range nics {
		idx[n] = i
	}
	for i, a := range s.g.InternalsOf([]ir.NodeID{sv}).Affinities(gpus, nics) {
		out[i] = -1
		if a.NIC != ir.None {
			out[i] = idx[a.NIC]
		}
	}
	s.affinity[string(key)] = out
	return out
}

// mult is the number of parallel links that slot's load is shared by
// (NVLink bundles), 1 elsewhere.
func (s *system) mult(slot int32) float64 {
	if m := s.up.p.Mult(slot); m > 0 {
		return float64(m)
	}
	return 1
}
