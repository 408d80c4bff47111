package bisection

import (
	"math"
	"math/bits"
	"testing"

	"gonum.org/v1/gonum/graph/network"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// oracle is the analysis graph of the definition, built here from the IR
// independently of graph.go: the fabric's links and, in the gpu view, the
// internal links of every server a fabric link touches (the selection of
// ir.FabricView); a server without GPUs is contracted into one vertex.
type oracle struct {
	n     int
	edges [][3]float64 // u, v, capacity
	terms []int        // vertex of each split endpoint
}

func newOracle(g *ir.Graph, fid ir.FabricID, view View) *oracle {
	f := &g.Fabrics[fid]
	o := &oracle{}
	vid := map[[2]int]int{} // (node, port or -1) → vertex
	vertex := func(node ir.NodeID, port int) int {
		k := [2]int{int(node), port}
		if v, ok := vid[k]; ok {
			return v
		}
		vid[k] = o.n
		o.n++
		return o.n - 1
	}
	servers := map[ir.NodeID]bool{}
	for _, l := range g.AllLinks() {
		if l.Fabric == fid {
			for _, e := range []ir.NodeID{l.A.Node, l.B.Node} {
				if p := g.Nodes[e].Parent; p != ir.None {
					servers[p] = true
				}
			}
		}
	}
	gpus := map[ir.NodeID][]ir.NodeID{}
	for i, n := range g.Nodes {
		if n.Kind == ir.KindGPU && n.Parent != ir.None {
			gpus[n.Parent] = append(gpus[n.Parent], ir.NodeID(i))
		}
	}
	listed := map[ir.Port]bool{}
	lowest := map[ir.NodeID]int{}
	for _, p := range f.Endpoints {
		listed[ir.Port{Node: p.Node, Port: p.Port}] = true
		if lo, ok := lowest[p.Node]; !ok || int(p.Port) < lo {
			lowest[p.Node] = int(p.Port)
		}
	}
	// end maps a link end to its vertex.
	end := func(e ir.Port) int {
		if view == ViewPort {
			if lo, ok := lowest[e.Node]; ok {
				if listed[ir.Port{Node: e.Node, Port: e.Port}] {
					return vertex(e.Node, int(e.Port))
				}
				return vertex(e.Node, lo)
			}
			return vertex(e.Node, -1)
		}
		if p := g.Nodes[e.Node].Parent; p != ir.None && servers[p] && len(gpus[p]) == 0 {
			return vertex(p, -1) // contracted server without GPUs
		}
		return vertex(e.Node, -1)
	}
	for _, l := range g.AllLinks() {
		in := l.Fabric == fid
		if !in && view == ViewGPU && l.Fabric == ir.None {
			pa, pb := g.Nodes[l.A.Node].Parent, g.Nodes[l.B.Node].Parent
			in = (pa != ir.None && servers[pa]) || (pb != ir.None && servers[pb])
		}
		if in {
			if u, v := end(l.A), end(l.B); u != v {
				o.edges = append(o.edges, [3]float64{float64(u), float64(v), l.CapacityBPS})
			}
		}
	}
	seen := map[int]bool{}
	add := func(v int) {
		if !seen[v] {
			seen[v] = true
			o.terms = append(o.terms, v)
		}
	}
	for _, p := range f.Endpoints {
		n := g.Nodes[p.Node]
		switch {
		case view == ViewPort:
			add(vertex(p.Node, int(p.Port)))
		case n.Kind == ir.KindGPU:
			add(vertex(p.Node, -1))
		case n.Parent != ir.None && len(gpus[n.Parent]) > 0:
			for _, gpu := range gpus[n.Parent] {
				add(vertex(gpu, -1))
			}
		case n.Parent != ir.None:
			add(vertex(n.Parent, -1))
		default:
			add(vertex(p.Node, -1))
		}
	}
	return o
}

// balanced calls f with every balanced split of the terminals (terminal 0
// on side A) as a vertex side map: +1 side A, -1 side B, 0 free.
func (o *oracle) balanced(f func(side []int)) {
	n := len(o.terms)
	side := make([]int, o.n)
	for mask := uint32(0); mask < 1<<(n-1); mask++ {
		k := 1 + bits.OnesCount32(mask)
		if k != n/2 && k != (n+1)/2 {
			continue
		}
		side[o.terms[0]] = 1
		for i := 1; i < n; i++ {
			side[o.terms[i]] = -1
			if mask&(1<<(i-1)) != 0 {
				side[o.terms[i]] = 1
			}
		}
		f(side)
	}
}

// enumerate is the brute force of the definition itself: every balanced
// split and every placement of every other vertex, the least crossing
// capacity.
func (o *oracle) enumerate() float64 {
	best := math.Inf(1)
	var free []int
	isTerm := map[int]bool{}
	for _, t := range o.terms {
		isTerm[t] = true
	}
	for v := 0; v < o.n; v++ {
		if !isTerm[v] {
			free = append(free, v)
		}
	}
	o.balanced(func(side []int) {
		for fm := 0; fm < 1<<len(free); fm++ {
			for i, v := range free {
				side[v] = -1
				if fm&(1<<i) != 0 {
					side[v] = 1
				}
			}
			c := 0.0
			for _, e := range o.edges {
				if side[int(e[0])] != side[int(e[1])] {
					c += e[2]
				}
			}
			best = math.Min(best, c)
		}
		for _, v := range free {
			side[v] = 0
		}
	})
	return best
}

// gonumMin is the least max-flow over all balanced splits, each computed
// by gonum's Dinic with a super source and sink.
func (o *oracle) gonumMin() float64 {
	best := math.Inf(1)
	total := 0.0
	for _, e := range o.edges {
		total += e[2]
	}
	o.balanced(func(side []int) {
		best = math.Min(best, o.gonumFlow(side, total))
	})
	return best
}

// gonumFlow is the max-flow from side +1 to side -1 by gonum.
func (o *oracle) gonumFlow(side []int, total float64) float64 {
	g := simple.NewWeightedDirectedGraph(0, 0)
	for v := 0; v < o.n+2; v++ {
		g.AddNode(simple.Node(v))
	}
	add := func(u, v int, c float64) {
		if e := g.WeightedEdge(int64(u), int64(v)); e != nil {
			c += e.Weight()
		}
		g.SetWeightedEdge(g.NewWeightedEdge(simple.Node(u), simple.Node(v), c))
	}
	for _, e := range o.edges {
		add(int(e[0]), int(e[1]), e[2])
		add(int(e[1]), int(e[0]), e[2])
	}
	s, t := o.n, o.n+1
	for v, sd := range side {
		switch sd {
		case 1:
			add(s, v, 2*total+1)
		case -1:
			add(v, t, 2*total+1)
		}
	}
	return network.MaxFlowDinic(g, simple.Node(s), simple.Node(t), -1)
}

// denseMin is the least max-flow over all balanced splits by a dense
// Edmonds–Karp written for this test. On the first 20 splits it is
// checked against gonum, so that it is an oracle in its own right.
func (o *oracle) denseMin(t *testing.T) float64 {
	total := 0.0
	for _, e := range o.edges {
		total += e[2]
	}
	best := math.Inf(1)
	checked := 0
	o.balanced(func(side []int) {
		f := o.denseFlow(side, total)
		if checked < 20 {
			checked++
			if g := o.gonumFlow(side, total); !near(f, g) {
				t.Fatalf("dense Edmonds–Karp %g != gonum %g", f, g)
			}
		}
		best = math.Min(best, f)
	})
	return best
}

// denseFlow is Edmonds–Karp on a capacity matrix with a super source and
// sink (vertices n and n+1).
func (o *oracle) denseFlow(side []int, total float64) float64 {
	n := o.n + 2
	c := make([]float64, n*n)
	for _, e := range o.edges {
		u, v := int(e[0]), int(e[1])
		c[u*n+v] += e[2]
		c[v*n+u] += e[2]
	}
	s, t := o.n, o.n+1
	for v, sd := range side {
		switch sd {
		case 1:
			c[s*n+v] = 2*total + 1
		case -1:
			c[v*n+t] = 2*total + 1
		}
	}
	flow := 0.0
	prev := make([]int, n)
	for {
		for i := range prev {
			prev[i] = -1
		}
		prev[s] = s
		q := []int{s}
		for i := 0; i < len(q) && prev[t] < 0; i++ {
			u := q[i]
			for v := 0; v < n; v++ {
				if prev[v] < 0 && c[u*n+v] > 1e-3 {
					prev[v] = u
					q = append(q, v)
				}
			}
		}
		if prev[t] < 0 {
			return flow
		}
		f := math.Inf(1)
		for v := t; v != s; v = prev[v] {
			f = math.Min(f, c[prev[v]*n+v])
		}
		for v := t; v != s; v = prev[v] {
			c[prev[v]*n+v] -= f
			c[v*n+prev[v]] += f
		}
		flow += f
	}
}

// near compares two rates in bits per second.
func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// smallDesigns are fabrics with at most 16 split endpoints in each view.
var smallDesigns = []struct {
	name, src string
}{
	// Rails meet only inside the two servers (NVLink transit): 16 GPUs.
	{"rail-only 2 DGX H100, nvlink transit", railOnlyDGX(2, `["nvlink"]`)},
	{"dragonfly p1a2h1 g3 (odd g)", `
fabric "f" {
  dragonfly {
    p = 1
    a = 2
    h = 1
    local_rate = "200Gb/s"
  }
}`},
	{"dragonfly p2a2h1 g3, thin terminals", `
fabric "f" {
  dragonfly {
    p = 2
    a = 2
    h = 1
    local_rate    = "200Gb/s"
    global_rate   = "400Gb/s"
    terminal_rate = "100Gb/s"
  }
}`},
	{"dragonfly p1a3h1 g4 (even g)", `
fabric "f" {
  dragonfly {
    p = 1
    a = 3
    h = 1
    local_rate = "200Gb/s"
  }
}`},
	{"dragonfly p2a4h2 g2, fat local and terminal links", `
fabric "f" {
  dragonfly {
    p = 2
    a = 4
    h = 2
    g = 2
    local_rate    = "400Gb/s"
    terminal_rate = "400Gb/s"
    global_rate   = "200Gb/s"
  }
}`},
	{"dragonfly p1a4h2 g3 relative, 2 or 3 links per group pair... (a·h=8 over 2 partners)", `
fabric "f" {
  dragonfly {
    p = 1
    a = 4
    h = 2
    g = 3
    local_rate         = "200Gb/s"
    global_arrangement = "relative"
  }
}`},
	{"custom ring with chords, parallel links, mixed rates, 2-port hosts", `
fabric "f" {
  custom {
    switch "s" {
      count = 5
      model = "SN5600"
    }
    host "h" {
      count = 5
      rate  = "400Gb/s"
      ports = 2
    }
    link {
      count = 5
      a     = "s${count.index}"
      b     = "s${(count.index + 1) % 5}"
      rate  = "800Gb/s"
    }
    link {
      a        = "s0"
      b        = "s2"
      rate     = "200Gb/s"
      parallel = 3
    }
    link {
      count = 5
      a     = "h${count.index}"
      b     = "s${count.index}"
      rate  = "400Gb/s"
    }
    link {
      count = 5
      a     = "h${count.index}"
      b     = "s${(count.index + 2) % 5}"
      rate  = "400Gb/s"
    }
  }
}`},
	{"custom dumbbell, one thin bridge", `
fabric "f" {
  custom {
    switch "a" {
      model = "TH4-64x400G"
    }
    switch "b" {
      model = "TH4-64x400G"
    }
    host "x" {
      count = 7
      rate  = "400Gb/s"
    }
    link {
      a    = "a"
      b    = "b"
      rate = "100Gb/s"
    }
    link {
      count = 7
      a     = "x${count.index}"
      b     = count.index < 4 ? "a" : "b"
    }
  }
}`},
	{"custom star of three leaves, uneven hosts", `
fabric "f" {
  custom {
    switch "spine" {
      model = "SN5600"
    }
    switch "leaf" {
      count = 3
      model = "SN5600"
    }
    host "x" {
      count = 9
      rate  = "400Gb/s"
    }
    link {
      count    = 3
      a        = "leaf${count.index}"
      b        = "spine"
      parallel = count.index + 1
    }
    link {
      count = 9
      a     = "x${count.index}"
      b     = "leaf${count.index < 2 ? 0 : (count.index < 5 ? 1 : 2)}"
    }
  }
}`},
	{"two DGX-H100 on a rail-optimized leaf-spine (GPUs and server internals)", `
node_group "dgx" {
  model = "DGX-H100"
  count = 2
}
fabric "f" {
  clos {
    endpoints = node_group.dgx.nics.compute
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 2
      up    = 2
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}`},
	{"custom 2-GPU servers sharing one NIC, cabled by name", `
node_model "duo" {
  gpu  = "H100"
  gpus = 2
  cpu {
    sockets  = 1
    model    = "test"
    gpu_link = "pcie"
  }
  nic "compute" {
    model = "ConnectX-7"
    count = 1
  }
  pcie_switch {
    gpus  = [0, 1]
    nics  = ["compute[0]"]
    gen   = 4
    width = 16
  }
}
node_group "duo" {
  model = "duo"
  count = 4
}
fabric "f" {
  custom {
    switch "leaf" {
      count = 2
      model = "QM9700"
    }
    link {
      a = "leaf0"
      b = "leaf1"
    }
    link {
      count = 4
      a     = "duo${count.index}/nic0"
      b     = "leaf${floor(count.index / 2)}"
    }
  }
}`},
	{"tapered 2:1 leaf-spine, 12 hosts", `
fabric "f" {
  clos {
    hosts     = 12
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 4
    }
    tier "leaf" {
      model = "TH4-64x400G"
      per   = ["rack"]
      down  = 4
      up    = 2
    }
    tier "spine" {
      model = "TH4-64x400G"
      count = 2
    }
  }
}`},
	{"two planes, 8 hosts of 2 ports", `
fabric "f" {
  clos {
    hosts      = 8
    host_rate  = "400Gb/s"
    host_ports = 2
    planes     = 2
    unit "rack" {
      nodes = 4
    }
    tier "leaf" {
      model = "TH4-64x400G"
      per   = ["rack"]
      down  = 4
      up    = 2
    }
    tier "spine" {
      model = "TH4-64x400G"
      count = 2
    }
  }
}`},
	{"NVLink domain, 6 GPUs on 3 switches (uniform split)", `
fabric "f" {
  nvlink_domain {
    gpus          = 6
    switches      = 3
    links_per_gpu = 3
    link_rate     = "50GB/s"
  }
}`},
	{"NVLink domain, 8 GPUs, 3 links over 4 switches (rotating split)", `
fabric "f" {
  nvlink_domain {
    gpus          = 8
    switches      = 4
    links_per_gpu = 3
    link_rate     = "25GB/s"
  }
}`},
	{"fat-tree k=4", `
fabric "f" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}`},
}

// TestExactAgainstBruteForce: on every design with at most 16 split
// endpoints, the analyzer's result is proven (exact or analytic, bounds
// equal) and equals an independent brute force: enumeration of every
// balanced split and every switch placement where the graph is tiny,
// gonum max-flow per balanced split otherwise.
func TestExactAgainstBruteForce(t *testing.T) {
	for _, d := range smallDesigns {
		g := compileHCL(t, d.src)
		fid := fabricID(t, g, "f")
		for _, view := range []View{ViewGPU, ViewPort} {
			o := newOracle(g, fid, view)
			if len(o.terms) > ExactEndpoints {
				continue
			}
			r := Compute(g, fid, Options{View: view, NoFormula: true})
			var want float64
			var how string
			switch free := o.n - len(o.terms); {
			case len(o.terms)-1+free <= 20:
				want, how = o.enumerate(), "enumeration of splits and placements"
			case balancedSplits(len(o.terms)) <= 500:
				want, how = o.gonumMin(), "gonum max-flow per split"
			default:
				want, how = o.denseMin(t), "Edmonds–Karp per split (checked against gonum)"
			}
			if r.Endpoints != len(o.terms) {
				t.Errorf("%s (%s): %d split endpoints, oracle has %d", d.name, view, r.Endpoints, len(o.terms))
			}
			if !near(r.BandwidthBPS, want) {
				t.Errorf("%s (%s): bandwidth %s, %s gives %s", d.name, view, units.Rate(r.BandwidthBPS), how, units.Rate(want))
			}
			if r.Method == MethodBounded || r.LowerBoundBPS != r.UpperBoundBPS || r.BandwidthBPS != r.UpperBoundBPS {
				t.Errorf("%s (%s): method %s, bounds %g..%g: want a proven result", d.name, view, r.Method, r.LowerBoundBPS, r.UpperBoundBPS)
			}
			checkCertificate(t, d.name, r)
			t.Logf("%s (%s): %s %s, %d endpoints, %d vertices; %s", d.name, view, r.Method, units.Rate(r.BandwidthBPS), len(o.terms), o.n, how)
		}
	}
}

// checkCertificate asserts that a result's certificate is a balanced split
// whose cut is the bandwidth.
func checkCertificate(t *testing.T, name string, r Fabric) {
	t.Helper()
	c := r.Certificate
	a, b := c.Sides[0].Endpoints, c.Sides[1].Endpoints
	if a+b != r.Endpoints || a-b > 1 || b-a > 1 {
		t.Errorf("%s: certificate sides %d | %d of %d endpoints are not balanced", name, a, b, r.Endpoints)
	}
	if !near(c.CutBPS, r.BandwidthBPS) {
		t.Errorf("%s: certificate cut %g != bandwidth %g", name, c.CutBPS, r.BandwidthBPS)
	}
	if c.Text == "" || c.Sides[0].Text == "" {
		t.Errorf("%s: certificate without words", name)
	}
}
