package bisection

import (
	"fmt"

	"github.com/topoc/topoc/compiler/ir"
)

// model is one fabric prepared for analysis: its links, the servers it is
// built on, and the split endpoints ("terminals") with their injection.
type model struct {
	g    *ir.Graph
	fid  ir.FabricID
	fab  *ir.Fabric
	view View

	// fabricLinks are the fabric's own links, in link order.
	fabricLinks []ir.LinkID
	// epNodes are the distinct nodes of the fabric's endpoint ports, in
	// endpoint order; epCap[n] sums the capacity of node n's fabric links.
	epNodes []ir.NodeID
	epCap   ir.NodeMap[float64]

	// servers are the servers (ir.Node.Parent values) of the endpoint
	// nodes, in first-seen order; srvOf[n] is the index of node n's server
	// (or of n itself when n is one), -1 otherwise.
	servers []ir.NodeID
	srvOf   ir.NodeMap[int32]
	// srvGPUs lists each server's GPUs in node order; srvEPs its endpoint
	// nodes that are not GPUs (NICs), in endpoint order.
	srvGPUs [][]ir.NodeID
	srvEPs  [][]ir.NodeID
	// srvLinks holds the internal links of each server (links outside
	// any fabric between its components), in link order, and internal
	// counts them all. Only in the gpu view. A server whose internal
	// links are its stamped ones shares the membership index's list
	// (ir.Graph.InternalLinks), read only: a copy of every server's
	// list and its owner was 8 MB at 131,072 GPUs (issue 16).
	srvLinks [][]ir.LinkID
	internal int

	terms []terminal
	// light is Options.Light: the multilevel search at its large-graph
	// effort.
	light bool
	// torus memoizes torusShape (torus.go); nil until first asked.
	torus *torusMemo
	// termOfNode maps a node to its terminal (gpu view), -1 if none.
	termOfNode ir.NodeMap[int32]
	// ports maps an endpoint node to its listed ports, portIdx an
	// endpoint port to its terminal (port view).
	ports   map[ir.NodeID][]int32
	portIdx map[ir.Port]int32

	// home is each terminal's access switch, set by levels.
	home []homeInfo
	// routes is set by route(): server classes with the GPU→NIC routing.
	routed  bool
	classes []*serverClass
	srvCls  []int32
	// transitRoute makes route spread each GPU over its server's NICs
	// through the fabric's server transit (route_transit.go) instead of
	// routing it to its nearest NICs; set only inside hose.
	transitRoute bool
	// apart marks the servers without GPUs whose endpoints stay apart:
	// more than one endpoint NIC and no server transit over PCIe. A
	// storage server with a NIC in each of two zones does not forward
	// between them, so each NIC is an endpoint of its own and the
	// server's internals are left out; contracted into one vertex, the
	// server would carry the zones' traffic across.
	apart []bool
	// domainLinks are the links of NVLink domain fabrics among the
	// servers' GPUs, part of the analysis graph (gpu view) when the
	// fabric's server transit includes NVLink: traffic may cross them.
	domainLinks []ir.LinkID
	// extra are sources the hose routing carries beside the terminals:
	// the ends of a composite's joining links in one member's model
	// (composite.go). Empty otherwise.
	extra []extraSource
	// ws holds what the graph and the routed whole-server bounds share
	// (hose_whole.go); nil until the first.
	ws *wsPrep
	// cl holds what the graph and the routed server-cluster bounds share
	// (hose_clusters.go).
	cl *clusterPrep
	// uniformWeight, when positive, is every terminal's weight in the
	// hose routing's forward pass instead of its injection (the composite
	// bound routes a uniform demand; composite.go).
	uniformWeight float64
}

// extraSource is a fabric node that sends and receives up to W bits per
// second per direction in the hose routing, as a terminal would.
type extraSource struct {
	node ir.NodeID
	w    float64
}

// terminal is one endpoint of the split.
type terminal struct {
	node ir.NodeID // GPU, host, endpoint node, or a contracted server
	port int32     // the endpoint port in the port view, else -1
	srv  int32     // index into model.servers, -1 for none
	// contracted marks a server without GPUs: the whole server is the
	// endpoint and its components are one vertex.
	contracted bool
	// own is the capacity of the terminal's own fabric links; share the
	// part of its server's NIC capacity it is credited with.
	own, share float64
}

func (t *terminal) inj() float64 { return t.own + t.share }

// newModel prepares fabric fid of g in the given view. It reads the
// links once (they dominate the IR of a large design: 3 million at
// 131,072 GPUs with server internals).
func newModel(g *ir.Graph, fid ir.FabricID, view View) *model {
	m := &model{g: g, fid: fid, fab: &g.Fabrics[fid], view: view}
	fabLinks := g.FabricLinks(fid)
	// Sized for the fabric, not the graph: a design of many small fabrics
	// would otherwise cost O(fabrics × graph).
	m.epCap = ir.NewNodeMap[float64](g, len(m.fab.Endpoints), 0)
	isEP := ir.NewNodeMap[bool](g, len(m.fab.Endpoints), false)
	for _, p := range m.fab.Endpoints {
		if !isEP.Get(p.Node) {
			isEP.Set(p.Node, true)
			m.epNodes = append(m.epNodes, p.Node)
		}
	}
	// srvOf holds the endpoints' servers and every component of them.
	m.srvOf = ir.NewNodeMap[int32](g, 8*len(m.epNodes), -1)
	for _, e := range m.epNodes {
		if p := g.Nodes[e].Parent; p != ir.None && m.srvOf.Get(p) < 0 {
			m.srvOf.Set(p, int32(len(m.servers)))
			m.servers = append(m.servers, p)
		}
	}
	m.srvGPUs = make([][]ir.NodeID, len(m.servers))
	m.srvEPs = make([][]ir.NodeID, len(m.servers))
	kinds := g.Kinds()
	for s, srv := range m.servers {
		for _, i := range g.Children(srv) {
			m.srvOf.Set(i, int32(s))
			if kinds[i] == ir.KindGPU {
				m.srvGPUs[s] = append(m.srvGPUs[s], i)
			}
		}
	}
	for _, e := range m.epNodes {
		if s := m.srvOf.Get(e); s >= 0 && kinds[e] != ir.KindGPU {
			m.srvEPs[s] = append(m.srvEPs[s], e)
		}
	}
	m.apart = make([]bool, len(m.servers))
	for s := range m.servers {
		m.apart[s] = len(m.srvGPUs[s]) == 0 && len(m.srvEPs[s]) > 1 && !m.fab.Transit.Has(ir.TransitPCIe)
	}
	// The fabric's links, and (gpu view) the internal links of the
	// servers, tagged with their server.
	m.fabricLinks = make([]ir.LinkID, 0, len(fabLinks))
	for _, id := range fabLinks {
		l := g.Link(id)
		m.fabricLinks = append(m.fabricLinks, id)
		if isEP.Get(l.A.Node) {
			m.epCap.Set(l.A.Node, m.epCap.Get(l.A.Node)+l.CapacityBPS)
		}
		if isEP.Get(l.B.Node) {
			m.epCap.Set(l.B.Node, m.epCap.Get(l.B.Node)+l.CapacityBPS)
		}
	}
	if view == ViewGPU && len(m.servers) > 0 {
		m.srvLinks = make([][]ir.LinkID, len(m.servers))
		for s, srv := range m.servers {
			m.srvLinks[s] = m.ownLinks(int32(s), g.InternalLinks(srv))
			m.internal += len(m.srvLinks[s])
		}
	}
	if view == ViewGPU && m.fab.Transit.Has(ir.TransitNVLink) {
		m.domainLinks = m.nvlinkDomainLinks()
	}
	if view == ViewPort {
		m.portTerminals()
	} else {
		m.gpuTerminals()
	}
	return m
}

// gpuTerminals builds the terminals of the gpu view in first-seen order.
func (m *model) gpuTerminals() {
	g := m.g
	m.termOfNode = ir.NewNodeMap[int32](g, 8*len(m.epNodes), -1)
	most := len(m.epNodes) // terminals at most: each endpoint, or its server's GPUs
	for _, gpus := range m.srvGPUs {
		most += len(gpus)
	}
	m.terms = make([]terminal, 0, most)
	get := func(node ir.NodeID, srv int32, contracted bool) *terminal {
		if t := m.termOfNode.Get(node); t >= 0 {
			return &m.terms[t]
		}
		m.termOfNode.Set(node, int32(len(m.terms)))
		m.terms = append(m.terms, terminal{node: node, port: -1, srv: srv, contracted: contracted})
		return &m.terms[len(m.terms)-1]
	}
	for _, e := range m.epNodes {
		n := &g.Nodes[e]
		s := m.srvOf.Get(e)
		switch {
		case n.Kind == ir.KindGPU:
			get(e, s, false).own += m.epCap.Get(e)
		case s >= 0 && m.apart[s]:
			get(e, -1, false).own += m.epCap.Get(e) // a NIC that does not forward, on its own
		case s >= 0 && len(m.srvGPUs[s]) > 0:
			gpus := m.srvGPUs[s]
			for _, gpu := range gpus {
				get(gpu, s, false).share += m.epCap.Get(e) / float64(len(gpus))
			}
		case s >= 0:
			get(m.servers[s], s, true).own += m.epCap.Get(e)
		default:
			get(e, -1, false).own += m.epCap.Get(e)
		}
	}
}

// portTerminals builds one terminal per listed endpoint port.
func (m *model) portTerminals() {
	m.ports = map[ir.NodeID][]int32{}
	seen := map[ir.Port]bool{}
	for _, p := range m.fab.Endpoints {
		k := ir.Port{Node: p.Node, Port: p.Port}
		if seen[k] {
			continue
		}
		seen[k] = true
		m.ports[p.Node] = append(m.ports[p.Node], p.Port)
		m.terms = append(m.terms, terminal{node: p.Node, port: p.Port, srv: m.srvOf.Get(p.Node)})
	}
	m.portIdx = make(map[ir.Port]int32, len(m.terms))
	for i, t := range m.terms {
		m.portIdx[ir.Port{Node: t.node, Port: t.port}] = int32(i)
	}
	for _, id := range m.fabricLinks {
		l := m.g.Link(id)
		for _, e := range [2]ir.Port{l.A, l.B} {
			if t := m.portTerm(e); t >= 0 {
				m.terms[t].own += l.CapacityBPS
			}
		}
	}
}

// portTerm returns the terminal a link end belongs to in the port view,
// -1 when the end is not an endpoint's.
func (m *model) portTerm(e ir.Port) int32 {
	if _, ok := m.ports[e.Node]; !ok {
		return -1
	}
	return m.portIdx[ir.Port{Node: e.Node, Port: m.portOf(e)}]
}

// portOf returns the listed endpoint port a link end attaches to in the
// port view: its own port if listed, else the node's lowest listed port
// (an NVLink domain lists one port per GPU for all its links).
func (m *model) portOf(e ir.Port) int32 {
	ps := m.ports[e.Node]
	low := ps[0]
	for _, p := range ps {
		if p == e.Port {
			return p
		}
		low = min(low, p)
	}
	return low
}

// ownLinks returns the links of ids, server s's internal links as the
// membership index lists them, that s owns: those whose A end lies in
// s, or whose B end does where A lies in no server (a link between two
// servers is listed under both). A server whose internal links are its
// stamped ones owns them all, as both ends of a stamped link lie in its
// server (ir.Stamp): ids itself is returned, unread.
func (m *model) ownLinks(s int32, ids []ir.LinkID) []ir.LinkID {
	g := m.g
	if st, ok := g.StampOf(m.servers[s]); ok && stampedRange(ids, st) {
		return ids
	}
	var own []ir.LinkID
	for _, id := range ids {
		l := g.Link(id)
		o := m.srvOf.Get(l.A.Node)
		if o < 0 {
			o = m.srvOf.Get(l.B.Node)
		}
		if o == s {
			own = append(own, id)
		}
	}
	return own
}

// serverLinks returns server s's internal links.
func (m *model) serverLinks(s int32) []ir.LinkID {
	return m.srvLinks[s]
}

// injection returns the total injection W of the terminals.
func (m *model) injection() float64 {
	w := 0.0
	for i := range m.terms {
		w += m.terms[i].inj()
	}
	return w
}

// name returns terminal i's name: the node's (or server's) name, with
// ":p<port>" in the port view when its node lists several ports.
func (m *model) name(i int) string {
	t := &m.terms[i]
	s := m.g.Nodes[t.node].Name
	if t.port >= 0 && len(m.ports[t.node]) > 1 {
		s += fmt.Sprintf(":p%d", t.port)
	}
	return s
}

// nvlinkDomainLinks returns the links of the other fabrics that are NVLink
// domains over the servers' GPUs (GB200 NVL72 trays joined by their
// NVSwitch chips), in fabric and link order.
func (m *model) nvlinkDomainLinks() []ir.LinkID {
	g := m.g
	var out []ir.LinkID
	for fi := range g.Fabrics {
		f := ir.FabricID(fi)
		if f == m.fid || g.Fabrics[f].Family != ir.FamilyNVLinkDomain {
			continue
		}
		ours := false
		for _, n := range g.FabricNodes(f) {
			if g.Nodes[n].Kind == ir.KindGPU && m.srvOf.Get(n) >= 0 {
				ours = true
				break
			}
		}
		if ours {
			out = append(out, g.FabricLinks(f)...)
		}
	}
	return out
}
