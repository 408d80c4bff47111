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
}

// build returns the analysis graph of the given mode.
func (m *model) build(mode gmode) *agraph {
	g := m.g
	if m.view == ViewPort && mode != modeFabric {
		mode = modeFull // the port view has no internals to add or contract
	}
	vtx := make([]int32, len(g.Nodes))
	for i := range vtx {
		vtx[i] = -1
	}
	a := &agraph{mode: mode}
	portVtx := map[ir.Port]int32{}
	newV := func(n ir.NodeID) int32 {
		a.vnode = append(a.vnode, n)
		return int32(len(a.vnode) - 1)
	}
	// merged returns the node whose vertex stands for n.
	merged := func(n ir.NodeID) ir.NodeID {
		if m.view != ViewGPU || mode == modeFabric {
			return n
		}
		s := m.srvOf.Get(n)
		if s < 0 {
			return n
		}
		if mode == modeContracted || len(m.srvGPUs[s]) == 0 {
			return m.servers[s]
		}
		return n
	}
	vertexOf := func(e ir.Port) int32 {
		if m.view == ViewPort {
			if _, ok := m.ports[e.Node]; ok {
				k := ir.Port{Node: e.Node, Port: m.portOf(e)}
				v, ok := portVtx[k]
				if !ok {
					v = newV(e.Node)
					portVtx[k] = v
				}
				return v
			}
		}
		n := merged(e.Node)
		if vtx[n] < 0 {
			vtx[n] = newV(n)
		}
		return vtx[n]
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
	type edge struct {
		u, v int32
		c    float64
	}
	size := len(m.fabricLinks)
	if m.view == ViewGPU && mode == modeFull {
		size += len(m.internal)
	}
	if mode != modeFabric {
		size += len(m.domainLinks)
	}
	edges := make([]edge, 0, size)
	add := func(l *ir.Link) {
		u, v := vertexOf(l.A), vertexOf(l.B)
		if u != v {
			edges = append(edges, edge{u, v, l.CapacityBPS})
		}
	}
	for _, id := range m.fabricLinks {
		add(&g.Links[id])
	}
	if m.view == ViewGPU && mode == modeFull {
		for s := range m.servers {
			if len(m.srvGPUs[s]) == 0 {
				continue // contracted: its internal links are self-loops
			}
			for _, id := range m.serverLinks(int32(s)) {
				add(&g.Links[id])
			}
		}
	}
	if mode != modeFabric {
		for _, id := range m.domainLinks {
			add(&g.Links[id])
		}
	}
	b := maxflow.NewBuilder(len(a.vnode))
	b.Grow(len(edges))
	for _, e := range edges {
		b.AddEdge(e.u, e.v, e.c)
	}
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
