package maxflow

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/graph/network"
	"gonum.org/v1/gonum/graph/simple"
)

// gonumFlow is the oracle: gonum's Dinic on the same network, with a
// super source and sink joined to the marked vertices by arcs of capacity
// larger than the whole network.
func gonumFlow(n int, edges [][3]float64, side []Side) float64 {
	g := simple.NewWeightedDirectedGraph(0, 0)
	for v := 0; v < n+2; v++ {
		g.AddNode(simple.Node(v))
	}
	big := 0.0
	add := func(u, v int, c float64) {
		if e := g.WeightedEdge(int64(u), int64(v)); e != nil {
			c += e.Weight()
		}
		g.SetWeightedEdge(g.NewWeightedEdge(simple.Node(u), simple.Node(v), c))
	}
	for _, e := range edges {
		u, v, c := int(e[0]), int(e[1]), e[2]
		if u == v {
			continue
		}
		add(u, v, c)
		add(v, u, c)
		big += 2 * c
	}
	s, t := n, n+1
	for v, sd := range side {
		switch sd {
		case Source:
			add(s, v, big+1)
		case Sink:
			add(v, t, big+1)
		}
	}
	return network.MaxFlowDinic(g, simple.Node(s), simple.Node(t), -1)
}

func TestMaxFlowAgainstGonum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 300; trial++ {
		n := 2 + rng.IntN(14)
		m := rng.IntN(3 * n)
		var edges [][3]float64
		b := NewBuilder(n)
		for i := 0; i < m; i++ {
			u, v := rng.IntN(n), rng.IntN(n)
			// Mixed rates, parallel edges allowed (u,v may repeat).
			c := []float64{100e9, 200e9, 400e9, 504.123e9}[rng.IntN(4)]
			edges = append(edges, [3]float64{float64(u), float64(v), c})
			b.AddEdge(int32(u), int32(v), c)
		}
		g := b.Build()
		side := make([]Side, n)
		for v := range side {
			side[v] = Side(rng.IntN(3))
		}
		got := g.MaxFlow(side)
		want := gonumFlow(n, edges, side)
		if math.Abs(got-want) > 1e-6*math.Max(1, want) {
			t.Fatalf("trial %d: MaxFlow = %g, gonum = %g (n=%d edges=%v side=%v)", trial, got, want, n, edges, side)
		}
		// The reported cut has the flow's capacity and separates the sets.
		in := g.SourceSide(nil)
		for v, s := range side {
			if (s == Source && !in[v]) || (s == Sink && in[v]) {
				t.Fatalf("trial %d: vertex %d (side %d) on the wrong side of the cut", trial, v, s)
			}
		}
		hasSrc, hasSink := false, false
		for _, s := range side {
			hasSrc = hasSrc || s == Source
			hasSink = hasSink || s == Sink
		}
		if hasSrc && hasSink {
			if c := g.CutCapacity(in); math.Abs(c-got) > 1e-6*math.Max(1, got) {
				t.Fatalf("trial %d: cut capacity %g != flow %g", trial, c, got)
			}
		}
	}
}

// A path of three 400G links in series carries 400G; two disjoint paths
// 800G; the reverse of a directed arc carries nothing.
func TestMaxFlowSmall(t *testing.T) {
	b := NewBuilder(4)
	b.AddEdge(0, 1, 400)
	b.AddEdge(1, 3, 400)
	b.AddEdge(0, 2, 400)
	b.AddEdge(2, 3, 300)
	g := b.Build()
	if f := g.MaxFlow([]Side{Source, Free, Free, Sink}); f != 700 {
		t.Errorf("two paths 400 and min(400,300): got %g, want 700", f)
	}
	d := NewBuilder(2)
	d.AddArc(1, 0, 5)
	if f := d.Build().MaxFlow([]Side{Source, Sink}); f != 0 {
		t.Errorf("arc against the flow carries %g, want 0", f)
	}
	// Vertices counted after the edges (AtLeast): the same graph, and an
	// isolated vertex 4 beside it.
	e := NewBuilder(0)
	e.AddEdge(0, 1, 400)
	e.AddEdge(1, 3, 400)
	e.AddEdge(0, 2, 400)
	e.AddEdge(2, 3, 300)
	e.AtLeast(5)
	e.AtLeast(3) // never fewer
	if g := e.Build(); g.N() != 5 || g.MaxFlow([]Side{Source, Free, Free, Sink, Sink}) != 700 {
		t.Errorf("built with AtLeast: %d vertices, flow %g; want 5 and 700", g.N(), g.MaxFlow([]Side{Source, Free, Free, Sink, Sink}))
	}
}

// fatTreeFlow builds a k-ary fat-tree (Al-Fares et al.) with unit links
// and returns the graph and the host vertex ids, pod-major.
func fatTreeFlow(k int) (*Graph, []int32) {
	h := k / 2
	hosts := k * k * k / 4
	edge0 := hosts
	agg0 := edge0 + k*h
	core0 := agg0 + k*h
	b := NewBuilder(core0 + h*h)
	var hs []int32
	for p := 0; p < k; p++ {
		for e := 0; e < h; e++ {
			ev := int32(edge0 + p*h + e)
			for j := 0; j < h; j++ {
				hv := int32((p*h+e)*h + j)
				hs = append(hs, hv)
				b.AddEdge(hv, ev, 1)
			}
			for a := 0; a < h; a++ {
				b.AddEdge(ev, int32(agg0+p*h+a), 1)
			}
		}
		for a := 0; a < h; a++ {
			for c := 0; c < h; c++ {
				b.AddEdge(int32(agg0+p*h+a), int32(core0+a*h+c), 1)
			}
		}
	}
	return b.Build(), hs
}

// The pod-halves split of a k-ary fat-tree has minimum cut k³/8 links.
func TestFatTreePodHalves(t *testing.T) {
	for _, k := range []int{4, 8, 16} {
		g, hs := fatTreeFlow(k)
		side := make([]Side, g.N())
		for i, v := range hs {
			if i < len(hs)/2 {
				side[v] = Source
			} else {
				side[v] = Sink
			}
		}
		if f, want := g.MaxFlow(side), float64(k*k*k/8); f != want {
			t.Errorf("k=%d: flow %g, want k³/8 = %g", k, f, want)
		}
	}
}

func BenchmarkFatTreeK32(b *testing.B) {
	g, hs := fatTreeFlow(32)
	side := make([]Side, g.N())
	for i, v := range hs {
		if i < len(hs)/2 {
			side[v] = Source
		} else {
			side[v] = Sink
		}
	}
	b.ResetTimer()
	for range b.N {
		if f := g.MaxFlow(side); f != 4096 {
			b.Fatalf("flow %g", f)
		}
	}
}

// Edges and arcs mixed in any order (the Builder keeps no reverse
// capacities until the first arc): each vertex's arcs are its edges in
// the order they were added, each with its capacity and its reverse's.
func TestBuilderMixesEdgesAndArcs(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 1))
	for trial := range 50 {
		const n = 12
		type arc struct {
			head     int32
			cap, rev float64
		}
		want := make([][]arc, n)
		b := NewBuilder(n)
		for range rng.IntN(60) {
			u, v, c := rng.Int32N(n), rng.Int32N(n), float64(1+rng.IntN(9))
			rc := c
			if trial%3 != 0 && rng.IntN(4) == 0 {
				b.AddArc(u, v, c)
				rc = 0
			} else {
				b.AddEdge(u, v, c)
			}
			if u != v {
				want[u] = append(want[u], arc{v, c, rc})
				want[v] = append(want[v], arc{u, rc, c})
			}
		}
		g := b.Build()
		for v := range int32(n) {
			lo, hi := g.Arcs(v)
			var got []arc
			for a := lo; a < hi; a++ {
				got = append(got, arc{g.Head(a), g.Capacity(a), g.Capacity(g.Reverse(a))})
			}
			if !slices.Equal(got, want[v]) {
				t.Fatalf("trial %d vertex %d: arcs %v, want %v", trial, v, got, want[v])
			}
		}
	}
}
