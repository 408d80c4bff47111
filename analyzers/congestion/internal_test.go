package congestion

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/analyzers/internal/routing"
	"github.com/topoc/topoc/compiler"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
)

func build(t testing.TB, vars []string, paths ...string) *ir.Graph {
	t.Helper()
	cfg, diags := lang.Load(paths, lang.Options{Vars: vars})
	var g *ir.Graph
	if !diags.HasErrors() {
		var d hcl.Diagnostics
		g, d = compiler.Compile(cfg, compiler.Options{})
		diags = append(diags, d...)
	}
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return g
}

// routeWith routes collective c of workload wl on fabric engine eng and
// returns the loads of its (single) phase.
func routeWith(t *testing.T, s *system, wl *ir.Workload, c *ir.Collective, eng routing.Engine) *routing.Loads {
	t.Helper()
	j := newJob(s, wl, wl.Placement.Count, routing.NewLoads(s.g))
	keep := j.fab.eng
	j.fab.eng = eng
	defer func() { j.fab.eng = keep }()
	var snap *routing.Loads
	o := j.runCollective(c, c.Algorithm, false, func(r *run, pr *phaseResult) {
		snap = r.loads.Clone()
	})
	if len(o.phases) != 1 || o.phases[0].unroutable != 0 {
		t.Fatalf("%d phases, unroutable %d", len(o.phases), o.phases[0].unroutable)
	}
	return snap
}

// TestClosedFormMatchesBFSOnSuperPOD: on the 1-SU DGX H100 SuperPOD
// (248 GPUs, rail-optimized), AllToAll (dense blocks, PXN relays) and a
// naive-order ring (listed flows) give the same load on every link
// direction whether the fabric is routed in closed form or by a
// breadth-first search per destination.
func TestClosedFormMatchesBFSOnSuperPOD(t *testing.T) {
	g := build(t, []string{"scalable_units=1"}, "../../examples/dgx-h100-superpod", "testdata/superpod-orders.topo.hcl")
	s := newSystem(g)
	var wl *ir.Workload
	for i := range g.Workloads {
		if g.Workloads[i].Name == "orders" {
			wl = &g.Workloads[i]
		}
	}
	fab := s.fabric(wl.Fabric)
	if fab.eng.Method() != "closed_form" {
		t.Fatalf("SuperPOD fabric not in closed form: %s", fab.reason)
	}
	bfs := routing.NewBFS(fab.p)
	for _, c := range []ir.Collective{
		{Name: "a2a", Op: ir.OpAllToAll, Algorithm: "direct", SizeBytes: 1e9, Group: "all", Order: "rail_aware", Routing: "ideal", FlowsPerPair: 1},
		{Name: "a2a-naive", Op: ir.OpAllToAll, Algorithm: "direct", SizeBytes: 1e9, Group: "all", Order: "naive", Routing: "ideal", FlowsPerPair: 1},
		{Name: "ring", Op: ir.OpAllReduce, Algorithm: "ring", SizeBytes: 1e9, Group: "all", Order: "naive", Routing: "ideal", FlowsPerPair: 1},
	} {
		a := routeWith(t, s, wl, &c, fab.eng)
		b := routeWith(t, s, wl, &c, bfs)
		for i := 0; i < a.Len(); i++ {
			if math.Abs(a.Rate(i)-b.Rate(i)) > 1e-6*math.Max(1, b.Rate(i)) || math.Abs(a.Bytes(i)-b.Bytes(i)) > 1e-6*math.Max(1, b.Bytes(i)) {
				t.Fatalf("%s: slot %d (%s): closed form %g B, BFS %g B", c.Name, i, g.Link(ir.LinkID(i/2)).Kind, a.Bytes(i), b.Bytes(i))
			}
		}
	}
}

// TestDragonflyValiantGlobalLinks: Valiant routing of the group i → i+1
// pattern (p=2 a=4 h=2, g=9, one global link per pair of groups) in closed
// form. Each group's 8 terminals spread over the 7 groups other than
// their own and their destination's, so the global link a → b carries
// 8/7 of a terminal's rate as the first leg of group a's traffic (b ≠
// a+1) and 8/7 as the second leg of group b−1's (a ≠ b−1): 16/7, and the
// direct link a → a+1 carries nothing. Throughput is 7/16, under the
// h/(2p) = 1/2 bound of designs.md §2 (every packet crosses two global
// links).
func TestDragonflyValiantGlobalLinks(t *testing.T) {
	g := build(t, nil, "../../examples/dragonfly-small", "testdata/dragonfly-shift.topo.hcl")
	s := newSystem(g)
	wl := &g.Workloads[0]
	for _, c := range wl.Collectives {
		if c.Path != "valiant" {
			continue
		}
		j := newJob(s, wl, wl.Placement.Count, routing.NewLoads(g))
		var worstGlobal float64
		idle := 0
		j.runCollective(&c, c.Algorithm, false, func(r *run, pr *phaseResult) {
			for slot := 0; slot < r.loads.Len(); slot++ {
				rate := r.loads.Rate(slot)
				l := g.Link(ir.LinkID(slot / 2))
				if l.Kind != ir.LinkGlobal {
					continue
				}
				u := rate / l.CapacityBPS
				worstGlobal = math.Max(worstGlobal, u)
				if u == 0 {
					idle++
				}
			}
			if math.Abs(pr.cf-16.0/7) > 1e-9 {
				t.Errorf("Valiant congestion factor %g, want 16/7", pr.cf)
			}
		})
		if math.Abs(worstGlobal-16.0/7) > 1e-9 {
			t.Errorf("Valiant: busiest global link at %g × its capacity, want 16/7", worstGlobal)
		}
		// The direct links a → a+1 carry nothing (neither leg uses them).
		if idle == 0 {
			t.Error("no idle global link direction; the direct links should carry nothing")
		}
	}
}

// Placement on 2 servers of 4 GPUs: packed fills servers, spread deals
// round-robin, random is seeded and deterministic.
func TestPlacement(t *testing.T) {
	g := build(t, nil, "testdata/two-servers.topo.hcl")
	pool := g.Workloads[0].Pool
	name := func(ns []ir.NodeID) []string {
		var out []string
		for _, n := range ns {
			out = append(out, g.Nodes[n].Name)
		}
		return out
	}
	if got := name(ir.Placement{Strategy: ir.PlacePacked}.Place(g, pool, 3)); !slices.Equal(got, []string{"n0/gpu0", "n0/gpu1", "n0/gpu2"}) {
		t.Errorf("packed: %v", got)
	}
	if got := name(ir.Placement{Strategy: ir.PlaceSpread}.Place(g, pool, 3)); !slices.Equal(got, []string{"n0/gpu0", "n1/gpu0", "n0/gpu1"}) {
		t.Errorf("spread: %v", got)
	}
	a := ir.Placement{Strategy: ir.PlaceRandom, Seed: 7}.Place(g, pool, 4)
	b := ir.Placement{Strategy: ir.PlaceRandom, Seed: 7}.Place(g, pool, 4)
	c := ir.Placement{Strategy: ir.PlaceRandom, Seed: 8}.Place(g, pool, 4)
	if !slices.Equal(a, b) || slices.Equal(a, c) || !slices.IsSorted(a) {
		t.Errorf("random: seed 7 %v and %v, seed 8 %v", name(a), name(b), name(c))
	}
}

// NCCL's double binary tree (src/graph/trees.cc): the tree of 14 ranks
// drawn there (0─8, 8 over 4 and 12, 4 over 2 and 6, 12 over 10 and 13,
// 2 over 1 and 3, …), its mirror for even n, its shift for odd n.
func TestDoubleBinaryTree(t *testing.T) {
	want := map[int]int{0: -1, 8: 0, 4: 8, 12: 8, 2: 4, 6: 4, 10: 12, 13: 12, 1: 2, 3: 2, 5: 6, 7: 6, 9: 10, 11: 10}
	for r, p := range want {
		if got := dtreeParent(r, 14, 0); got != p {
			t.Errorf("tree 0, n=14: parent(%d) = %d, want %d", r, got, p)
		}
	}
	// Mirror (n = 12): tree 1's root is 11 and rank 0's parent is 1.
	if dtreeParent(11, 12, 1) != -1 || dtreeParent(0, 12, 1) != 1 || dtreeParent(3, 12, 1) != 11 {
		t.Errorf("tree 1, n=12: parents of 11, 0, 3 = %d, %d, %d", dtreeParent(11, 12, 1), dtreeParent(0, 12, 1), dtreeParent(3, 12, 1))
	}
	// Shift (n = 13): tree 1's root is 1.
	if dtreeParent(1, 13, 1) != -1 || dtreeParent(9, 13, 1) != 1 {
		t.Errorf("tree 1, n=13: parents of 1, 9 = %d, %d", dtreeParent(1, 13, 1), dtreeParent(9, 13, 1))
	}
	// Every rank but the root has a parent, and each tree is a tree.
	for _, n := range []int{1, 2, 5, 12, 13, 127} {
		for k := 0; k < 2; k++ {
			roots := 0
			for r := 0; r < n; r++ {
				p := dtreeParent(r, n, k)
				if p < 0 {
					roots++
					continue
				}
				for steps := 0; p >= 0; steps++ {
					if steps > n {
						t.Fatalf("n=%d tree %d: cycle from %d", n, k, r)
					}
					p = dtreeParent(p, n, k)
				}
			}
			if roots != 1 {
				t.Errorf("n=%d tree %d: %d roots", n, k, roots)
			}
		}
	}
}

func TestScalingCounts(t *testing.T) {
	if got := ScalingCounts(1016, 1016); !slices.Equal(got, []int{8, 64, 256, 1016}) {
		t.Errorf("ScalingCounts(1016, 1016) = %v", got)
	}
	// A 2,048-GPU job on a 4,096-GPU pool: its own size is a row.
	if got := ScalingCounts(4096, 2048); !slices.Equal(got, []int{8, 64, 256, 1024, 2048, 4096}) {
		t.Errorf("ScalingCounts(4096, 2048) = %v", got)
	}
	if got := ScalingCounts(131072, 0); !slices.Equal(got, []int{8, 64, 256, 1024, 4096, 16384, 65536, 131072}) {
		t.Errorf("ScalingCounts(131072) = %v", got)
	}
}

// The GPU-to-NIC affinity is computed once per node model, however many
// servers: a cache keyed by anything that differs per server rebuilds the
// internal-link index over the whole graph for each (quadratic; it cost
// the DeepSeek example 8 s of CPU).
func TestAffinityComputedOncePerModel(t *testing.T) {
	g := build(t, []string{"servers=128"}, "../../examples/deepseek-v3-mpft")
	s := newSystem(g)
	var gpus []ir.NodeID
	for i, n := range g.Nodes {
		if n.Kind == ir.KindGPU {
			gpus = append(gpus, ir.NodeID(i))
		}
	}
	s.nicsOf(0, gpus)
	if len(s.affinity) != 1 {
		t.Errorf("%d affinity computations over 128 servers of one model, want 1", len(s.affinity))
	}
}

// settle drops the floating-point residue of summed shares (an exact 1
// summed as 1.0000000000000002, 0.1 + 0.2) and keeps 12 significant
// digits (200 Gb/s ÷ 7 to a tenth of a bit per second).
func TestSettle(t *testing.T) {
	for _, c := range [][2]float64{{1.0000000000000002, 1}, {0.1 + 0.2, 0.3}, {199999999999.99997, 200e9}, {1.56, 1.56}, {0, 0}, {28571428571.42857, 28571428571.4}} {
		if got := settle(c[0]); got != c[1] {
			t.Errorf("settle(%v) = %v, want %v", c[0], got, c[1])
		}
	}
}

// A congested collective the model derives gets advice it can act on:
// it has no block to set routing or flows_per_pair in, so the advice
// points at writing one out to try them (trial 34); a written one is
// told to set them.
func TestAdviceForDerivedCollectives(t *testing.T) {
	written := &ir.Collective{Name: "x", Op: ir.OpAllReduce, Routing: "ecmp"}
	derived := &ir.Collective{Name: "pipeline", Op: ir.OpSendRecv, Routing: "ecmp", Derivation: "from the model"}
	if a := advice(written, "leaf_spine"); !strings.Contains(a, "more queue pairs (flows_per_pair) or adaptive routing") {
		t.Errorf("written collective: %q", a)
	}
	if a := advice(derived, "leaf_spine"); !strings.Contains(a, "a written collective under another name") || strings.Contains(a, "more queue pairs (flows_per_pair)") {
		t.Errorf("derived collective: %q", a)
	}
}

// TestDenseScratchLeftZero: the dense AllToAll's per-node scratch, kept
// on the system across collectives, is zero again after every one, so a
// workload evaluated after others on one system reads exactly what it
// reads on a fresh one. DeepSeek-V3 at 128 servers: dispatch, combine
// and the expert collectives are dense AllToAlls over PXN relays.
func TestDenseScratchLeftZero(t *testing.T) {
	g := build(t, []string{"servers=128"}, "../../examples/deepseek-v3-mpft")
	wl := &g.Workloads[0]
	quiet := func(*hcl.Diagnostic) {}
	s := newSystem(g)
	first := evaluate(s, wl, quiet, &Result{})
	if len(s.nicAcc) == 0 || len(s.denseCount) == 0 {
		t.Fatal("no dense AllToAll used the scratch")
	}
	for i, a := range s.nicAcc {
		if a != (nicAcc{}) {
			t.Fatalf("nicAcc[%d] = %+v after the workload", i, a)
		}
	}
	for i, c := range s.denseCount {
		if c != 0 {
			t.Fatalf("denseCount[%d] = %d after the workload", i, c)
		}
	}
	again := evaluate(s, wl, quiet, &Result{})
	fresh := evaluate(newSystem(g), wl, quiet, &Result{})
	for i := range fresh.Collectives {
		a, b, c := first.Collectives[i], again.Collectives[i], fresh.Collectives[i]
		if a.TimeS != c.TimeS || b.TimeS != c.TimeS || b.CongestionFactor != c.CongestionFactor {
			t.Errorf("%s: %g, then %g s (%g) on one system; %g s (%g) on a fresh one", c.Name, a.TimeS, b.TimeS, b.CongestionFactor, c.TimeS, c.CongestionFactor)
		}
	}
}
