package bisection

import (
	"github.com/topoc/topoc/analyzers/internal/maxflow"
	"github.com/topoc/topoc/compiler/ir"
)

// gmode selects which analysis graph to build.
type gmode int

const (
	// modeFabric: the fabric's links only; endpoint nodes (ports in the
	// port view) are vertices. Used by the hose bound.
	modeFabric gmode = iota
	// modeFull: the analysis graph of the definition: fabric links plus,
	// in the gpu view, the internal links of the servers.
	modeFull
	// modeContracted: each server's components are one vertex holding its
	// GPUs. Its cuts are cuts of the full graph that keep servers whole,
	// so a split of whole servers evaluated here is a valid upper bound.
	modeContracted
)

// agraph is an analysis graph: a flow network over the model's vertices
// and where each terminal sits.
type agraph struct {
	mode gmode
	fg   *maxflow.Graph
	// vnode is each vertex's node (the server for a contracted server).
	vnode []ir.NodeID
	// tv is each terminal's vertex, -1 when the terminal has none in this
	// mode (a GPU in modeFabric).
	tv []int32
	// weight counts the terminals on each vertex.
	weight []int32
	// memStart and memList list each vertex's terminals in order:
	// memList[memStart[v]:memStart[v+1]].
	memStart, memList []int32
	// nodeVtx maps a node to its first vertex (built by indexNodes).
	nodeVtx []int32
	// vtx maps each node of g to its vertex (-1 for none), portVtx each
	// port that has a vertex of its own (the port view); vertex reads
	// them.
	vtx     []int32
	portVtx map[ir.Port]int32
}

// build returns the analysis graph of the given mode.
func (m *model) build(mode gmode) *agraph {
	g := m.g
	if m.view == ViewPort && mode != modeFabric {
		mode = modeFull // the port view has no internals to add or contract
	}
	a := &agraph{mode: mode, vtx: make([]int32, len(g.Nodes)), portVtx: map[ir.Port]int32{}}
	for i := range a.vtx {
		a.vtx[i] = -1
	}
	vertexOf := func(e ir.Port) int32 {
		if v := a.vertex(m, e); v >= 0 {
			return v
		}
		a.vnode = append(a.vnode, e.Node)
		v := int32(len(a.vnode) - 1)
		if k, ok := a.portKey(m, e); ok {
			a.portVtx[k] = v
		} else {
			n := m.merged(e.Node, a.mode)
			a.vnode[v] = n
			a.vtx[n] = v
		}
		return v
	}
	// Terminals first, so that their vertices have the lowest ids.
	a.tv = make([]int32, len(m.terms))
	for i := range m.terms {
		t := &m.terms[i]
		switch {
		case m.view == ViewPort:
			a.tv[i] = vertexOf(ir.Port{Node: t.node, Port: t.port})
		case mode == modeFabric && (t.contracted || t.srv >= 0 && g.Nodes[t.node].Kind == ir.KindGPU && t.own == 0):
			a.tv[i] = -1
		case mode == modeFabric && t.srv >= 0:
			a.tv[i] = vertexOf(ir.Port{Node: t.node}) // a GPU that is itself an endpoint
		default:
			a.tv[i] = vertexOf(ir.Port{Node: t.node})
		}
	}
	size := len(m.fabricLinks)
	if m.view == ViewGPU && mode == modeFull {
		size += m.internal
	}
	if mode != modeFabric {
		size += len(m.domainLinks)
	}
	// Vertices are numbered as the links are met, so the builder takes
	// each edge at once and learns the vertex count at the end.
	b := maxflow.NewBuilder(0)
	b.Grow(size)
	m.eachLink(mode, func(_ ir.LinkID, l ir.Link) {
		b.AddEdge(vertexOf(l.A), vertexOf(l.B), l.CapacityBPS) // drops a self-loop
	})
	b.AtLeast(len(a.vnode))
	a.fg = b.Build()
	a.weight = make([]int32, len(a.vnode))
	for _, v := range a.tv {
		if v >= 0 {
			a.weight[v]++
		}
	}
	a.memStart = make([]int32, len(a.vnode)+1)
	for v, w := range a.weight {
		a.memStart[v+1] = a.memStart[v] + w
	}
	a.memList = make([]int32, a.memStart[len(a.vnode)])
	fill := append([]int32(nil), a.memStart[:len(a.vnode)]...)
	for i, v := range a.tv {
		if v >= 0 {
			a.memList[fill[v]] = int32(i)
			fill[v]++
		}
	}
	return a
}

// eachLink calls f on every link of g the analysis graph of mode is
// built from: the fabric's links, in the full GPU view the internal links
// of servers with GPUs, and outside modeFabric the NVLink domains' links.
func (m *model) eachLink(mode gmode, f func(ir.LinkID, ir.Link)) {
	g := m.g
	for _, id := range m.fabricLinks {
		f(id, g.Link(id))
	}
	if m.view == ViewGPU && mode == modeFull {
		for s := range m.servers {
			if len(m.srvGPUs[s]) == 0 {
				continue // contracted: its internal links are self-loops
			}
			for _, id := range m.serverLinks(int32(s)) {
				f(id, g.Link(id))
			}
		}
	}
	if mode != modeFabric {
		for _, id := range m.domainLinks {
			f(id, g.Link(id))
		}
	}
}

// merged returns the node whose vertex stands for n in mode: the server
// for a component of a contracted server (or of one without GPUs, unless
// its endpoints stay apart), n itself otherwise.
func (m *model) merged(n ir.NodeID, mode gmode) ir.NodeID {
	if m.view != ViewGPU || mode == modeFabric {
		return n
	}
	s := m.srvOf.Get(n)
	if s < 0 || m.apart[s] {
		return n
	}
	if mode == modeContracted || len(m.srvGPUs[s]) == 0 {
		return m.servers[s]
	}
	return n
}

// portKey is the per-port vertex key of e in the port view, ok false
// where e's node has one vertex for all its ports.
func (a *agraph) portKey(m *model, e ir.Port) (ir.Port, bool) {
	if m.view != ViewPort {
		return ir.Port{}, false
	}
	if _, ok := m.ports[e.Node]; !ok {
		return ir.Port{}, false
	}
	return ir.Port{Node: e.Node, Port: m.portOf(e)}, true
}

// vertex returns the vertex that stands for port e, -1 when it has none.
func (a *agraph) vertex(m *model, e ir.Port) int32 {
	if k, ok := a.portKey(m, e); ok {
		if v, ok := a.portVtx[k]; ok {
			return v
		}
		return -1
	}
	return a.vtx[m.merged(e.Node, a.mode)]
}

// crossing returns, as a set of link ids, the links of the
// analysis graph a that cross the vertex bipartition vA: the links whose
// capacities make up the cut's value.
func (m *model) crossing(a *agraph, vA []bool) *linkSet {
	var cross []ir.LinkID
	m.eachLink(a.mode, func(id ir.LinkID, l ir.Link) {
		u, v := a.vertex(m, l.A), a.vertex(m, l.B)
		if u >= 0 && v >= 0 && u != v && vA[u] != vA[v] {
			cross = append(cross, id)
		}
	})
	return linkSetOf(cross)
}

// members returns the terminals on vertex v.
func (a *agraph) members(v int32) []int32 { return a.memList[a.memStart[v]:a.memStart[v+1]] }

// termVertices returns the vertices that hold terminals, in order of
// their first terminal.
func (a *agraph) termVertices() []int32 {
	var out []int32
	seen := make([]bool, len(a.vnode))
	for _, v := range a.tv {
		if v >= 0 && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// sides turns a terminal split (inA per terminal) into max-flow sides;
// ok is false when a vertex holds terminals of both halves.
func (a *agraph) sides(inA []bool, out []maxflow.Side) ([]maxflow.Side, bool) {
	if cap(out) < len(a.vnode) {
		out = make([]maxflow.Side, len(a.vnode))
	}
	out = out[:len(a.vnode)]
	for i := range out {
		out[i] = maxflow.Free
	}
	for i, v := range a.tv {
		if v < 0 {
			continue
		}
		s := maxflow.Sink
		if inA[i] {
			s = maxflow.Source
		}
		if out[v] != maxflow.Free && out[v] != s {
			return out, false
		}
		out[v] = s
	}
	return out, true
}

// cutLinks counts the edges crossing a vertex bipartition and sums their
// capacity.
func (a *agraph) cutLinks(inA []bool) (int, float64) {
	n, c := 0, 0.0
	for v := int32(0); v < int32(len(a.vnode)); v++ {
		if !inA[v] {
			continue
		}
		lo, hi := a.fg.Arcs(v)
		for x := lo; x < hi; x++ {
			if !inA[a.fg.Head(x)] {
				n++
				c += a.fg.Capacity(x)
			}
		}
	}
	return n, c
}
