// Package maxflow computes maximum flows and minimum cuts with Dinic's
// algorithm on flat arc arrays (compressed sparse rows of int32 heads and
// float64 residual capacities).
//
// Why not gonum: gonum v0.17's network.MaxFlowDinic builds a
// simple.WeightedDirectedGraph of maps and took 133 s on a k=32 fat-tree
// where flat arrays take milliseconds (docs/reference/design-brief.md, "Library facts"). gonum
// stays the oracle in this package's tests.
//
// Capacities are bits per second per direction. An undirected edge of
// capacity c (a full-duplex link) is two arcs u→v and v→u, each of
// capacity c and each the other's reverse, so a flow may use the link in
// either direction and the minimum cut counts it once at c: exactly the
// per-direction capacity that crosses a cut of a full-duplex network.
//
// Source and sink are vertex sets (a Side per vertex) rather than single
// vertices, so a bisection candidate is evaluated without rebuilding the
// graph: all terminals of one half are sources, all of the other half sinks.
package maxflow

import "math"

// Side marks a vertex for MaxFlow.
type Side int8

// Sides of a vertex: Free vertices may end on either side of the cut.
const (
	Free Side = iota
	Source
	Sink
)

// Builder collects edges before Build fixes the arc arrays.
type Builder struct {
	n          int
	tail, head []int32
	capFwd     []float64
	// capRev is each edge's reverse capacity once an arc (AddArc) has
	// been added, nil while every edge is undirected and its reverse
	// capacity is capFwd's: the analysis graphs of a million GPUs add
	// millions of edges and no arc, and the copy was an eighth of their
	// memory.
	capRev []float64
}

// NewBuilder starts a graph of n vertices, numbered 0..n-1.
func NewBuilder(n int) *Builder { return &Builder{n: n} }

// AtLeast makes the graph have at least n vertices: for a caller that
// numbers its vertices as it adds the edges between them, which then
// need not be kept in a list of their own first (at 131,072 GPUs that
// list was 6 MB per analysis graph). Every edge's ends must lie below
// the vertex count by Build.
func (b *Builder) AtLeast(n int) { b.n = max(b.n, n) }

// Grow reserves room for m more edges (an optimisation only).
func (b *Builder) Grow(m int) {
	if need := len(b.tail) + m; need > cap(b.tail) {
		grow := func(s []int32) []int32 { t := make([]int32, len(s), need); copy(t, s); return t }
		b.tail, b.head, b.capFwd = grow(b.tail), grow(b.head), growFloats(b.capFwd, need)
		if b.capRev != nil {
			b.capRev = growFloats(b.capRev, need)
		}
	}
}

// growFloats returns s with room for need elements.
func growFloats(s []float64, need int) []float64 {
	t := make([]float64, len(s), need)
	copy(t, s)
	return t
}

// AddEdge adds an undirected edge (a full-duplex link) of capacity c per
// direction. Self-loops are dropped: no cut ever crosses them.
func (b *Builder) AddEdge(u, v int32, c float64) {
	if u != v {
		b.tail, b.head, b.capFwd = append(b.tail, u), append(b.head, v), append(b.capFwd, c)
		if b.capRev != nil {
			b.capRev = append(b.capRev, c)
		}
	}
}

// AddArc adds a directed arc u→v of capacity c (its reverse has none).
func (b *Builder) AddArc(u, v int32, c float64) {
	if u != v {
		if b.capRev == nil {
			// The edges so far are undirected: their reverse capacities
			// are their forward ones.
			b.capRev = growFloats(b.capFwd, cap(b.capFwd))
		}
		b.tail, b.head, b.capFwd, b.capRev = append(b.tail, u), append(b.head, v), append(b.capFwd, c), append(b.capRev, 0)
	}
}

// reverseCap returns the capacity of edge i's reverse arc.
func (b *Builder) reverseCap(i int) float64 {
	if b.capRev == nil {
		return b.capFwd[i]
	}
	return b.capRev[i]
}

// Edges returns the number of edges and arcs added so far.
func (b *Builder) Edges() int { return len(b.tail) }

// Build returns the graph. Arcs of a vertex are in the order their edges
// were added, so results are deterministic.
func (b *Builder) Build() *Graph {
	n, m := b.n, len(b.tail)
	g := &Graph{start: make([]int32, n+1), to: make([]int32, 2*m), rev: make([]int32, 2*m), orig: make([]float64, 2*m)}
	for i := 0; i < m; i++ {
		g.start[b.tail[i]+1]++
		g.start[b.head[i]+1]++
	}
	for v := 1; v <= n; v++ {
		g.start[v] += g.start[v-1]
	}
	fill := make([]int32, n)
	copy(fill, g.start[:n])
	for i := 0; i < m; i++ {
		u, v := b.tail[i], b.head[i]
		a, r := fill[u], fill[v]
		fill[u]++
		fill[v]++
		fwd, rev := b.capFwd[i], b.reverseCap(i)
		g.to[a], g.rev[a], g.orig[a] = v, r, fwd
		g.to[r], g.rev[r], g.orig[r] = u, a, rev
		// The builtin max follows math.Max's rules for NaN and signed
		// zeros but compiles inline, where math.Max is a call per arc.
		g.maxCap = max(g.maxCap, fwd, rev)
	}
	return g
}

// Graph is a flow network in compressed sparse row form. The arcs of
// vertex v are start[v]..start[v+1]-1; arc a leads to to[a], and rev[a] is
// its reverse arc. A Graph is not safe for concurrent MaxFlow calls.
type Graph struct {
	start  []int32
	to     []int32
	rev    []int32
	orig   []float64
	res    []float64
	maxCap float64
	// scratch, reused between calls
	level []int32
	iter  []int32
	queue []int32
	stack []int32
}

// N returns the number of vertices.
func (g *Graph) N() int { return len(g.start) - 1 }

// Arcs returns the arc range [first, end) of vertex v.
func (g *Graph) Arcs(v int32) (first, end int32) { return g.start[v], g.start[v+1] }

// Head returns the vertex arc a leads to.
func (g *Graph) Head(a int32) int32 { return g.to[a] }

// Capacity returns the capacity of arc a (the edge's per-direction
// capacity for an undirected edge).
func (g *Graph) Capacity(a int32) float64 { return g.orig[a] }

// Reverse returns the reverse arc of a (the other direction of its edge).
func (g *Graph) Reverse(a int32) int32 { return g.rev[a] }

// Flow returns the flow the last MaxFlow sent along arc a, in a's
// direction (negative when the net flow on its edge runs the other way).
func (g *Graph) Flow(a int32) float64 {
	if g.res == nil {
		return 0
	}
	return g.orig[a] - g.res[a]
}

// NumArcs returns the number of arcs (twice the number of edges).
func (g *Graph) NumArcs() int { return len(g.to) }

// eps is the residual below which an arc counts as saturated: a relative
// tolerance, since capacities are large (4e11 b/s) and sums reach 1e17.
func (g *Graph) eps() float64 { return g.maxCap * 1e-12 }

// MaxFlow returns the maximum flow from the Source vertices to the Sink
// vertices (equivalently, by max-flow/min-cut, the least capacity of a set
// of arcs whose removal separates them). It is 0 when either set is empty.
// side must have N() entries. Afterwards SourceSide reports the minimum cut.
func (g *Graph) MaxFlow(side []Side) float64 {
	n := g.N()
	if g.res == nil {
		g.res = make([]float64, len(g.orig))
		g.level = make([]int32, n)
		g.iter = make([]int32, n)
		g.queue = make([]int32, 0, n)
	}
	copy(g.res, g.orig)
	var sources []int32
	hasSink := false
	for v, s := range side[:n] {
		switch s {
		case Source:
			sources = append(sources, int32(v))
		case Sink:
			hasSink = true
		}
	}
	if len(sources) == 0 || !hasSink {
		g.bfs(sources, side)
		return 0
	}
	total := 0.0
	for g.bfs(sources, side) {
		copy(g.iter, g.start[:n])
		for _, s := range sources {
			for {
				f := g.augment(s, side)
				if f <= 0 {
					break
				}
				total += f
			}
		}
	}
	return total
}

// bfs labels vertices with their distance from the sources in the residual
// graph and reports whether a sink is reachable. Sinks are not expanded.
func (g *Graph) bfs(sources []int32, side []Side) bool {
	for i := range g.level {
		g.level[i] = -1
	}
	q := g.queue[:0]
	for _, s := range sources {
		g.level[s] = 0
		q = append(q, s)
	}
	eps := g.eps()
	found := false
	for i := 0; i < len(q); i++ {
		v := q[i]
		if side[v] == Sink {
			found = true
			continue
		}
		for a := g.start[v]; a < g.start[v+1]; a++ {
			w := g.to[a]
			if g.level[w] < 0 && g.res[a] > eps && side[w] != Source {
				g.level[w] = g.level[v] + 1
				q = append(q, w)
			}
		}
	}
	g.queue = q
	return found
}

// augment finds one path from source s to any sink along level-increasing
// residual arcs (advancing the current-arc pointers past dead ends), pushes
// its bottleneck and returns it; 0 when s is blocked. Iterative, so deep
// level graphs cannot overflow the goroutine stack.
func (g *Graph) augment(s int32, side []Side) float64 {
	eps := g.eps()
	st := g.stack[:0]
	v := s
	for {
		if side[v] == Sink {
			f := math.Inf(1)
			for _, a := range st {
				f = math.Min(f, g.res[a])
			}
			for _, a := range st {
				g.res[a] -= f
				g.res[g.rev[a]] += f
			}
			g.stack = st
			return f
		}
		advanced := false
		for ; g.iter[v] < g.start[v+1]; g.iter[v]++ {
			a := g.iter[v]
			w := g.to[a]
			if g.res[a] > eps && g.level[w] == g.level[v]+1 {
				st = append(st, a)
				v = w
				advanced = true
				break
			}
		}
		if advanced {
			continue
		}
		// Dead end: retire v from this phase and step back.
		g.level[v] = -1
		if len(st) == 0 {
			g.stack = st
			return 0
		}
		a := st[len(st)-1]
		st = st[:len(st)-1]
		v = g.to[g.rev[a]]
		g.iter[v]++
	}
}

// SourceSide reports, after MaxFlow, which vertices lie on the source side
// of a minimum cut: those reachable from a source in the residual graph.
// out is reused when it has room.
func (g *Graph) SourceSide(out []bool) []bool {
	n := g.N()
	if cap(out) < n {
		out = make([]bool, n)
	}
	out = out[:n]
	for v := range out {
		out[v] = g.level != nil && g.level[v] >= 0
	}
	return out
}

// CutCapacity returns the capacity of the arcs leaving the vertices with
// inA set: the per-direction capacity crossing that cut when every edge is
// undirected.
func (g *Graph) CutCapacity(inA []bool) float64 {
	total := 0.0
	for v := 0; v < g.N(); v++ {
		if !inA[v] {
			continue
		}
		for a := g.start[v]; a < g.start[v+1]; a++ {
			if !inA[g.to[a]] {
				total += g.orig[a]
			}
		}
	}
	return total
}
