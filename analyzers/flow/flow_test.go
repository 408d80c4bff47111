package flow_test

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/topoc/topoc/analyzers/flow"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/compiler/tooltest"
)

// randomFabric writes a custom fabric of seed: 3–8 SN5600 switches
// (800G ports that break out into 2 × 400G) joined by random links of
// 800G or 400G, 1–3 in parallel (so parallel links of unequal capacity),
// a ring that keeps it connected, and 6–12 hosts of 400G on random
// switches; flow "q" runs from a random third of the hosts to another.
func randomFabric(seed uint64) string { return randomFabricCosts(seed, false) }

// randomFabricCosts is randomFabric, with a routing cost of 1 to 4 on each
// switch-to-switch link when costs is set.
func randomFabricCosts(seed uint64, costs bool) string {
	r := rand.New(rand.NewPCG(seed, 17))
	sw, hosts := 3+r.IntN(6), 6+r.IntN(7)
	var b strings.Builder
	b.WriteString("fabric \"f\" {\n  custom {\n")
	for i := 0; i < sw; i++ {
		fmt.Fprintf(&b, "    switch \"s%d\" {\n      model = \"SN5600\"\n    }\n", i)
	}
	for i := 0; i < hosts; i++ {
		fmt.Fprintf(&b, "    host \"h%d\" {\n      rate = \"400Gb/s\"\n    }\n", i)
	}
	link := func(a, c string, rate string, par int) {
		cost := ""
		if costs && a[0] == 's' && c[0] == 's' {
			cost = fmt.Sprintf("      cost = %d\n", 1+r.IntN(4))
		}
		fmt.Fprintf(&b, "    link {\n      a = %q\n      b = %q\n      rate = %q\n      parallel = %d\n%s    }\n", a, c, rate, par, cost)
	}
	rates := []string{"800Gb/s", "400Gb/s"}
	for i := 0; i < sw; i++ {
		link(fmt.Sprintf("s%d", i), fmt.Sprintf("s%d", (i+1)%sw), rates[r.IntN(2)], 1+r.IntN(2))
	}
	for k := 0; k < sw; k++ {
		i, j := r.IntN(sw), r.IntN(sw)
		if i != j {
			link(fmt.Sprintf("s%d", i), fmt.Sprintf("s%d", j), rates[r.IntN(2)], 1+r.IntN(3))
		}
	}
	for i := 0; i < hosts; i++ {
		link(fmt.Sprintf("h%d", i), fmt.Sprintf("s%d", r.IntN(sw)), "400Gb/s", 1)
	}
	b.WriteString("  }\n}\n")
	perm := r.Perm(hosts)
	third := hosts / 3
	var from, to []string
	for _, h := range perm[:third] {
		from = append(from, fmt.Sprintf("%q", fmt.Sprintf("h%d", h)))
	}
	for _, h := range perm[third : 2*third] {
		to = append(to, fmt.Sprintf("%q", fmt.Sprintf("h%d", h)))
	}
	fmt.Fprintf(&b, "flow \"q\" {\n  from = [%s]\n  to = [%s]\n}\n", strings.Join(from, ", "), strings.Join(to, ", "))
	return b.String()
}

func compileFlow(t *testing.T, seed uint64) (*ir.Graph, *ir.Flow) {
	t.Helper()
	return compileFlowSource(t, seed, randomFabric(seed))
}

func compileFlowSource(t *testing.T, seed uint64, src string) (*ir.Graph, *ir.Flow) {
	t.Helper()
	g := compiletest.Source(t, src)
	if len(g.Flows) != 1 {
		t.Fatalf("seed %d: no flow compiled", seed)
	}
	return g, &g.Flows[0]
}

// TestMaxFlowNetworkX: on 24 random fabrics with parallel links of
// unequal capacity, the max-flow equals networkx's maximum_flow between a
// super source and a super sink on the same links (per direction, each
// link an arc both ways), and the cut's capacity equals the flow.
func TestMaxFlowNetworkX(t *testing.T) {
	tooltest.PythonModule(t, "networkx", "python3-networkx")
	type edge struct {
		A, B string
		C    float64
	}
	type graph struct {
		Edges    []edge
		From, To []string
	}
	var cases []graph
	var got []float64
	for seed := uint64(1); seed <= 24; seed++ {
		g, f := compileFlow(t, seed)
		r := flow.Compute(g, f)
		if math.Abs(r.Cut.BPS-r.MaxFlowBPS) > 1e-6*math.Max(1, r.MaxFlowBPS) {
			t.Errorf("seed %d: cut %g ≠ max-flow %g", seed, r.Cut.BPS, r.MaxFlowBPS)
		}
		var gr graph
		for _, id := range g.FabricLinks(f.Fabric) {
			l := g.Link(id)
			gr.Edges = append(gr.Edges, edge{g.Nodes[l.A.Node].Name, g.Nodes[l.B.Node].Name, l.CapacityBPS / 1e9})
		}
		for _, n := range f.From {
			gr.From = append(gr.From, g.Nodes[n].Name)
		}
		for _, n := range f.To {
			gr.To = append(gr.To, g.Nodes[n].Name)
		}
		cases = append(cases, gr)
		got = append(got, r.MaxFlowBPS/1e9)
	}
	in, _ := json.Marshal(cases)
	script := `
import json, sys
import networkx as nx
out = []
for c in json.load(sys.stdin):
    g = nx.DiGraph()
    for e in c["Edges"]:
        for u, v in ((e["A"], e["B"]), (e["B"], e["A"])):
            cap = g[u][v]["capacity"] + e["C"] if g.has_edge(u, v) else e["C"]
            g.add_edge(u, v, capacity=cap)
    for s in c["From"]:
        g.add_edge("__S", s)
    for t in c["To"]:
        g.add_edge(t, "__T")
    out.append(nx.maximum_flow_value(g, "__S", "__T"))
print(json.dumps(out))
`
	cmd := exec.Command(tooltest.Python, "-c", script)
	cmd.Stdin = strings.NewReader(string(in))
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("networkx: %v", err)
	}
	var want []float64
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-6*math.Max(1, want[i]) {
			t.Errorf("seed %d: max-flow %g Gb/s, networkx %g", i+1, got[i], want[i])
		}
	}
}

// TestPlacementPaths: ECMP and WCMP agree on 24 random fabrics with an
// independent computation that enumerates every shortest path from each
// source to its nearest sinks and gives each path the product of the
// per-hop split fractions (1/next hops, or capacity ÷ next hops'
// capacity), then scales to the first full link direction.
//
// From seed 101 on, switch-to-switch links carry routing costs of 1 to 4:
// the paths are then the lowest-cost ones, which the oracle finds by
// Bellman–Ford relaxation rather than Dijkstra's order.
func TestPlacementPaths(t *testing.T) {
	costed, steered := 0, 0
	for _, seed := range append(seq(1, 24), seq(101, 124)...) {
		g, f := compileFlowSource(t, seed, randomFabricCosts(seed, seed > 100))
		for i := range g.NumLinks() {
			if g.Link(ir.LinkID(i)).Cost > 1 {
				costed++
			}
		}
		r := flow.Compute(g, f)
		for _, weighted := range []bool{false, true} {
			want := byPaths(g, f, weighted)
			got := r.ECMP.BPS
			if weighted {
				got = r.WCMP.BPS
			}
			if math.Abs(got-want) > 1e-6*math.Max(1, want) {
				t.Errorf("seed %d weighted=%v: placed %g, paths %g", seed, weighted, got, want)
			}
			if got > r.MaxFlowBPS*(1+1e-9) {
				t.Errorf("seed %d: placement %g above the max-flow %g", seed, got, r.MaxFlowBPS)
			}
		}
		if seed > 100 {
			for i := range g.NumLinks() {
				g.LinkRef(ir.LinkID(i)).Cost = 0
			}
			if hops := flow.Compute(g, f); hops.ECMP.BPS != r.ECMP.BPS || hops.WCMP.BPS != r.WCMP.BPS {
				steered++
			}
		}
	}
	t.Logf("%d links with costs; the costs change the placement on %d of 24 fabrics", costed, steered)
	if costed == 0 || steered == 0 {
		t.Errorf("%d links with costs, %d fabrics whose placement the costs change; want some of each", costed, steered)
	}
}

func seq(a, b uint64) []uint64 {
	var out []uint64
	for i := a; i <= b; i++ {
		out = append(out, i)
	}
	return out
}

// byPaths is the independent placement of TestPlacementPaths.
func byPaths(g *ir.Graph, f *ir.Flow, weighted bool) float64 {
	type hop struct {
		to   ir.NodeID
		cap  float64
		cost int
		key  string // the link direction
	}
	adj := map[ir.NodeID][]hop{}
	for _, id := range g.FabricLinks(f.Fabric) {
		l := g.Link(id)
		c := max(1, int(l.Cost)) // a custom link's cost, else one hop
		adj[l.A.Node] = append(adj[l.A.Node], hop{l.B.Node, l.CapacityBPS, c, fmt.Sprintf("%d>", id)})
		adj[l.B.Node] = append(adj[l.B.Node], hop{l.A.Node, l.CapacityBPS, c, fmt.Sprintf("%d<", id)})
	}
	// Bellman–Ford from the sinks: relax every link until nothing changes.
	dist := map[ir.NodeID]int{}
	for _, s := range f.To {
		dist[s] = 0
	}
	for changed := true; changed; {
		changed = false
		for v, hs := range adj {
			dv, ok := dist[v]
			if !ok {
				continue
			}
			for _, h := range hs {
				if d, seen := dist[h.to]; !seen || dv+h.cost < d {
					dist[h.to] = dv + h.cost
					changed = true
				}
			}
		}
	}
	load, caps := map[string]float64{}, map[string]float64{}
	var walk func(v ir.NodeID, p float64)
	walk = func(v ir.NodeID, p float64) {
		if dist[v] == 0 {
			return
		}
		var next []hop
		total := 0.0
		for _, h := range adj[v] {
			if d, ok := dist[h.to]; ok && d+h.cost == dist[v] {
				next = append(next, h)
				if weighted {
					total += h.cap
				} else {
					total++
				}
			}
		}
		for _, h := range next {
			w := 1.0
			if weighted {
				w = h.cap
			}
			load[h.key] += p * w / total
			caps[h.key] = h.cap
			walk(h.to, p*w/total)
		}
	}
	for _, s := range f.From {
		if _, ok := dist[s]; !ok {
			return 0
		}
		walk(s, 1)
	}
	keys := make([]string, 0, len(load))
	for k := range load {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	scale := math.Inf(1)
	for _, k := range keys {
		scale = math.Min(scale, caps[k]/load[k])
	}
	if math.IsInf(scale, 1) {
		return 0
	}
	return scale * float64(len(f.From))
}

// A closed form: 4 hosts on leaf a, 4 on leaf b, leaves joined by one
// 800G link and one 400G link. Max-flow from a's hosts to b's is the
// 1.2 Tb/s between the leaves; ECMP splits equally over the two links and
// fills the 400G one first at 800 Gb/s; WCMP splits 2:1 and places the
// full 1.2 Tb/s.
func TestUnequalParallel(t *testing.T) {
	g := compiletest.Source(t, `
fabric "f" {
  custom {
    switch "a" {
      model = "SN5600"
    }
    switch "b" {
      model = "SN5600"
    }
    host "x" {
      count = 4
      rate  = "400Gb/s"
    }
    host "y" {
      count = 4
      rate  = "400Gb/s"
    }
    link {
      a    = "a"
      b    = "b"
      rate = "800Gb/s"
    }
    link {
      a    = "a"
      b    = "b"
      rate = "400Gb/s"
    }
    link {
      count = 4
      a     = "x${count.index}"
      b     = "a"
    }
    link {
      count = 4
      a     = "y${count.index}"
      b     = "b"
    }
  }
}
flow "ab" {
  from = ["x*"]
  to   = ["y*"]
}`)
	r := flow.Compute(g, &g.Flows[0])
	if r.MaxFlowBPS != 1.2e12 || r.Cut.Links != 2 {
		t.Errorf("max-flow %g over a cut of %d links, want 1.2e12 over 2", r.MaxFlowBPS, r.Cut.Links)
	}
	if r.ECMP.BPS != 0.8e12 || !strings.HasPrefix(r.ECMP.Binding, "a:") {
		t.Errorf("ECMP %g binding %q, want 8e11 on an a → b link", r.ECMP.BPS, r.ECMP.Binding)
	}
	if math.Abs(r.WCMP.BPS-1.2e12) > 1 || r.WCMP.ShareOfMaxFlow != 1 {
		t.Errorf("WCMP %g (share %g), want 1.2e12 (1)", r.WCMP.BPS, r.WCMP.ShareOfMaxFlow)
	}
}

// Link costs steer the placements onto the lowest-cost paths: leaves a
// and b share a direct 800G link and a path of two 400G links through
// spine s (cost 1 each). With the direct link at cost 1 (hop count) all
// traffic takes it: 800 Gb/s. At cost 10 the spine path is cheaper: 400
// Gb/s. At cost 2 the paths tie: ECMP splits equally and fills the spine
// path at 800 Gb/s in all, WCMP splits 2:1 by capacity and places the
// whole 1.2 Tb/s max-flow.
func TestLinkCostsSteer(t *testing.T) {
	for _, tc := range []struct {
		cost       int
		ecmp, wcmp float64
	}{{1, 0.8e12, 0.8e12}, {10, 0.4e12, 0.4e12}, {2, 0.8e12, 1.2e12}} {
		g := compiletest.Source(t, fmt.Sprintf(`
fabric "f" {
  custom {
    switch "a" {
      model = "SN5600"
    }
    switch "b" {
      model = "SN5600"
    }
    switch "s" {
      model = "SN5600"
    }
    host "x" {
      count = 4
      rate  = "400Gb/s"
    }
    host "y" {
      count = 4
      rate  = "400Gb/s"
    }
    link {
      a    = "a"
      b    = "b"
      rate = "800Gb/s"
      cost = %d
    }
    link {
      for_each = toset(["a", "b"])
      a        = each.key
      b        = "s"
      rate     = "400Gb/s"
    }
    link {
      count = 4
      a     = "x${count.index}"
      b     = "a"
    }
    link {
      count = 4
      a     = "y${count.index}"
      b     = "b"
    }
  }
}
flow "ab" {
  from = ["x*"]
  to   = ["y*"]
}`, tc.cost))
		r := flow.Compute(g, &g.Flows[0])
		if r.MaxFlowBPS != 1.2e12 {
			t.Errorf("cost %d: max-flow %g, want 1.2e12 (costs do not bound it)", tc.cost, r.MaxFlowBPS)
		}
		if math.Abs(r.ECMP.BPS-tc.ecmp) > 1 || math.Abs(r.WCMP.BPS-tc.wcmp) > 1 {
			t.Errorf("cost %d: ECMP %g, WCMP %g; want %g, %g", tc.cost, r.ECMP.BPS, r.WCMP.BPS, tc.ecmp, tc.wcmp)
		}
	}
}

// Label selectors on the DGX H100 SuperPOD: { su = 0 } is the 32 servers
// whose leaves are all in SU 0 (standing for their 256 NICs), as the glob
// "su0/node*" is, so SU 0 to SU 1 carries 256 × 400 Gb/s = 102.4 Tb/s
// either way; { su = 0, rail = 3 } is SU 0's 32 NICs on rail 3, whose one
// leaf has 32 uplinks of 400 Gb/s: 12.8 Tb/s, placed whole by ECMP (every
// rail-3 leaf reaches the other over the same 16 spines, 2 links each);
// { su = 0, tier = "leaf" } is SU 0's 8 leaves.
func TestLabelSelectorsSuperPOD(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(compiletest.Root(t), "examples", "dgx-h100-superpod", "superpod.topo.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	g := compiletest.Source(t, string(src)+`
flow "su_glob" {
  from = ["su0/node*"]
  to   = ["su1/node*"]
}
flow "su_label" {
  from = [{ su = 0 }]
  to   = [{ su = 1 }]
}
flow "rail3" {
  from = [{ su = 0, rail = 3 }]
  to   = [{ su = 1, rail = 3 }]
}
flow "leaves_up" {
  from = [{ su = 0, tier = "leaf" }]
  to   = [{ tier = "spine" }]
}
flow "racks" {
  from = [{ rack = 0, rail = 0 }]
  to   = [{ rack = 1, rail = 0 }]
}
`)
	byName := map[string]*ir.Flow{}
	for i := range g.Flows {
		byName[g.Flows[i].Name] = &g.Flows[i]
	}
	glob, label, rail := byName["su_glob"], byName["su_label"], byName["rail3"]
	if len(label.From) != 256 || !slices.Equal(glob.From, label.From) || !slices.Equal(glob.To, label.To) {
		t.Errorf("{ su = 0 } selects %d NICs; want the 256 of su0/node*", len(label.From))
	}
	if r := flow.Compute(g, label); r.MaxFlowBPS != 102.4e12 {
		t.Errorf("SU 0 → SU 1: %g b/s, want 102.4 Tb/s", r.MaxFlowBPS)
	}
	if len(rail.From) != 32 || len(rail.To) != 32 {
		t.Fatalf("rail 3 of SU 0 and SU 1: %d and %d NICs, want 32 each", len(rail.From), len(rail.To))
	}
	for _, n := range rail.From {
		if nd := &g.Nodes[n]; nd.Rail != 3 || !strings.HasPrefix(nd.Name, "su0/") {
			t.Errorf("rail 3 of SU 0 holds %s (rail %d)", nd.Name, nd.Rail)
		}
	}
	if r := flow.Compute(g, rail); r.MaxFlowBPS != 12.8e12 || math.Abs(r.ECMP.BPS-12.8e12) > 1 {
		t.Errorf("rail 3: max-flow %g, ECMP %g; want 12.8 Tb/s both", r.MaxFlowBPS, r.ECMP.BPS)
	}
	// Rack 0's servers' compute NICs on rail 0, not their storage NIC 0,
	// which the compute fabric does not reach.
	for _, n := range append(append([]ir.NodeID{}, byName["racks"].From...), byName["racks"].To...) {
		if nd := &g.Nodes[n]; nd.RoleName() != "compute" || nd.Rail != 0 {
			t.Errorf("racks flow end %s (role %q, rail %d), want compute NICs of rail 0", nd.Name, nd.RoleName(), nd.Rail)
		}
	}
	if len(byName["racks"].From) == 0 {
		t.Error("racks flow has no source")
	}
	// SU 0's 8 leaves to the 16 spines: 8 × 32 uplinks of 400 Gb/s.
	up := byName["leaves_up"]
	if len(up.From) != 8 || len(up.To) != 16 {
		t.Errorf("leaves_up: %d leaves to %d spines, want 8 to 16", len(up.From), len(up.To))
	}
	if r := flow.Compute(g, up); r.MaxFlowBPS != 102.4e12 {
		t.Errorf("SU 0's leaves to the spines: %g b/s, want 102.4 Tb/s", r.MaxFlowBPS)
	}
}
