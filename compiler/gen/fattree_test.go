package gen

import (
	"reflect"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/topo"
)

func buildFatTree(t *testing.T, k int) (*ir.Graph, ir.FabricID, ir.OriginID) {
	t.Helper()
	p := FatTree{K: k, LinkRateBPS: 400e9, SwitchModel: "QM9700"}
	if errs := p.Validate(); len(errs) > 0 {
		t.Fatalf("k=%d: %v", k, errs)
	}
	g := ir.New()
	p.Origin = testOrigin(g)
	return g, BuildFatTree(g, "ft", p), p.Origin
}

// TestFatTreeSweep checks the closed forms of Al-Fares et al. (designs.md
// §1) for every even k from 2 to 64.
func TestFatTreeSweep(t *testing.T) {
	for k := 2; k <= 64; k += 2 {
		g, f, o := buildFatTree(t, k)
		h := k / 2
		checkFabric(t, g, f, o)
		tiers := map[string]int{}
		hosts := 0
		for _, n := range g.Nodes {
			switch n.Kind {
			case ir.KindHost:
				hosts++
			case ir.KindSwitch:
				tiers[n.TierName()]++
				if n.Radix != int32(k) || n.ModelName() != "QM9700" || n.PortRateBPS != 400e9 {
					t.Fatalf("k=%d: switch %+v", k, n)
				}
			}
		}
		if hosts != k*k*k/4 || tiers["edge"] != k*h || tiers["aggregation"] != k*h || tiers["core"] != h*h ||
			len(g.Nodes) != hosts+5*k*k/4 {
			t.Fatalf("k=%d: %d hosts, tiers %v", k, hosts, tiers)
		}
		want := map[ir.LinkKind]int{ir.LinkHostEdge: k * k * k / 4, ir.LinkEdgeAggregation: k * k * k / 4, ir.LinkAggregationCore: k * k * k / 4}
		if got := kinds(g); !reflect.DeepEqual(got, want) || g.NumLinks() != 3*k*k*k/4 {
			t.Fatalf("k=%d: links %v, want %v", k, got, want)
		}
		adj := g.Adjacency()
		for id, n := range g.Nodes {
			deg := len(adj.Of(ir.NodeID(id)))
			if (n.Kind == ir.KindSwitch && deg != k) || (n.Kind == ir.KindHost && deg != 1) {
				t.Fatalf("k=%d: %s has degree %d", k, n.Name, deg)
			}
		}
		fab := g.Fabrics[f]
		if len(fab.Endpoints) != hosts || fab.Family != "fat_tree" || !reflect.DeepEqual(fab.Tiers, []string{"edge", "aggregation", "core"}) {
			t.Fatalf("k=%d: fabric %+v", k, fab)
		}
		if v, _ := fab.Param("k"); v != int64(k) {
			t.Fatalf("k=%d: param k = %d", k, v)
		}
		checkFatTreeWiring(t, g, k)
	}
}

// checkFatTreeWiring asserts the paper's wiring: core port q is pod q, and
// core c is reached by aggregation switch c/(k/2) of every pod.
func checkFatTreeWiring(t *testing.T, g *ir.Graph, k int) {
	h := k / 2
	aggIndex := map[ir.NodeID]int{}
	coreIndex := map[ir.NodeID]int{}
	for id, n := range g.Nodes {
		switch n.TierName() {
		case "aggregation":
			aggIndex[ir.NodeID(id)] = len(aggIndex) % h
		case "core":
			coreIndex[ir.NodeID(id)] = len(coreIndex)
		}
	}
	for _, l := range g.AllLinks() {
		if l.Kind != ir.LinkAggregationCore {
			continue
		}
		agg, core := g.Nodes[l.A.Node], l.B
		c := coreIndex[core.Node]
		if int(agg.UnitIndex) != int(core.Port) || aggIndex[l.A.Node] != c/h || int(l.A.Port) != h+c%h {
			t.Fatalf("k=%d: %s port %d – %s port %d breaks the Al-Fares wiring", k, agg.Name, l.A.Port, g.Nodes[core.Node].Name, core.Port)
		}
	}
}

func TestFatTreeNames(t *testing.T) {
	for _, c := range []struct {
		k     int
		names []string
	}{
		{4, []string{"pod0/edge0", "pod3/agg1", "pod2/edge1/host0", "core0", "core3"}},
		{8, []string{"pod3/edge1", "pod3/agg1", "pod3/edge1/host0", "core05", "core15"}},
		{48, []string{"pod03/edge01", "pod47/agg23", "pod03/edge01/host00", "core005", "core575"}},
	} {
		g, _, _ := buildFatTree(t, c.k)
		have := map[string]bool{}
		for _, n := range g.Nodes {
			have[n.Name] = true
		}
		for _, n := range c.names {
			if !have[n] {
				t.Errorf("k=%d: no node %q", c.k, n)
			}
		}
	}
}

func TestFatTreeDeterministic(t *testing.T) {
	for _, k := range []int{4, 6, 16, 64} {
		g1, _, _ := buildFatTree(t, k)
		g2, _, _ := buildFatTree(t, k)
		if !reflect.DeepEqual(g1, g2) {
			t.Fatalf("k=%d: two builds differ", k)
		}
	}
}

// TestFatTreeGonumOracle checks connectivity and path structure with
// gonum: inter-pod hosts are 6 hops apart over (k/2)² shortest paths, one
// through each core; hosts in one pod under different edges are 4 hops
// apart over k/2 paths.
func TestFatTreeGonumOracle(t *testing.T) {
	for _, k := range []int{4, 8, 16} {
		g, f, _ := buildFatTree(t, k)
		h := k / 2
		view := g.FabricView(f)
		if cc := topo.ConnectedComponents(view); len(cc) != 1 {
			t.Fatalf("k=%d: %d components", k, len(cc))
		}
		eps := g.Fabrics[f].Endpoints
		src := eps[0].Node
		all := path.DijkstraAllFrom(view.Node(int64(src)), view)
		check := func(dst ir.NodeID, hops, paths int, cores bool) {
			ps, w := all.AllTo(int64(dst))
			if w != float64(hops) || len(ps) != paths {
				t.Fatalf("k=%d: %s→%s: %d paths of %v hops, want %d of %d", k, g.Nodes[src].Name, g.Nodes[dst].Name, len(ps), w, paths, hops)
			}
			seen := map[int64]bool{}
			for _, p := range ps {
				for _, n := range p {
					if g.Nodes[n.ID()].TierName() == "core" {
						seen[n.ID()] = true
					}
				}
			}
			if cores && len(seen) != h*h {
				t.Fatalf("k=%d: shortest paths cross %d cores, want %d", k, len(seen), h*h)
			}
		}
		check(eps[len(eps)-1].Node, 6, h*h, true) // last pod
		check(eps[h].Node, 4, h, false)           // same pod, next edge
		if h > 1 {
			check(eps[1].Node, 2, 1, false) // same edge
		}
		if !strings.HasPrefix(g.Nodes[eps[len(eps)-1].Node].Name, Indexed("pod", k-1, k)) {
			t.Fatalf("k=%d: last endpoint %s not in the last pod", k, g.Nodes[eps[len(eps)-1].Node].Name)
		}
	}
}

// TestFatTreeHostsPerEdge sweeps H hosts per edge switch over 1 … (k/2)·L
// for lanes L = 1, 2, 4: k·(k/2)·H hosts and host–edge links, the
// switch links unchanged (k³/4 of each kind), and host j of an edge on
// lane j mod L of down port ⌊j/L⌋, each lane of a down port used once,
// no down port past ⌈H/L⌉ − 1 and no uplink moved (edge port k/2 + a).
func TestFatTreeHostsPerEdge(t *testing.T) {
	for _, k := range []int{4, 8} {
		h := k / 2
		for _, lanes := range []int{1, 2, 4} {
			for hpe := 1; hpe <= h*lanes; hpe++ {
				p := FatTree{K: k, LinkRateBPS: 400e9, HostBPS: 400e9 / float64(lanes), HostsPerEdge: hpe, HostLanes: lanes}
				if errs := p.Validate(); len(errs) > 0 {
					t.Fatalf("k=%d L=%d H=%d: %v", k, lanes, hpe, errs)
				}
				g := ir.New()
				f := BuildFatTree(g, "ft", p)
				count := kinds(g)
				if want := (map[ir.LinkKind]int{ir.LinkHostEdge: k * h * hpe, ir.LinkEdgeAggregation: k * k * k / 4, ir.LinkAggregationCore: k * k * k / 4}); !reflect.DeepEqual(count, want) {
					t.Fatalf("k=%d L=%d H=%d: links %v, want %v", k, lanes, hpe, count, want)
				}
				if n := len(g.Fabrics[f].Endpoints); n != k*h*hpe {
					t.Fatalf("k=%d L=%d H=%d: %d endpoints, want k·(k/2)·H = %d", k, lanes, hpe, n, k*h*hpe)
				}
				used := map[ir.Port]bool{}
				for _, l := range g.AllLinks() {
					if l.Kind == ir.LinkHostEdge {
						if l.B.Port >= int32((hpe+lanes-1)/lanes) || l.B.Lane >= int32(lanes) || used[l.B] || lanes > 1 && l.Breakout != int32(lanes) {
							t.Fatalf("k=%d L=%d H=%d: host link at edge port %d lane %d (breakout %d)", k, lanes, hpe, l.B.Port, l.B.Lane, l.Breakout)
						}
						used[l.B] = true
					}
					if l.Kind == ir.LinkEdgeAggregation && l.A.Port < int32(h) {
						t.Fatalf("k=%d L=%d H=%d: uplink on edge port %d, a down port", k, lanes, hpe, l.A.Port)
					}
				}
				if hpe != h && g.Fabrics[f].Params[len(g.Fabrics[f].Params)-1].Name != "hosts_per_edge" {
					t.Fatalf("k=%d H=%d: no hosts_per_edge parameter on the fabric", k, hpe)
				}
			}
		}
	}
	// Host j of an edge sits on lane j mod L of port ⌊j/L⌋: k = 4, L = 2,
	// H = 4 puts pod0/edge0's host3 on port 1, lane 1.
	g := ir.New()
	BuildFatTree(g, "ft", FatTree{K: 4, LinkRateBPS: 400e9, HostBPS: 200e9, HostsPerEdge: 4, HostLanes: 2})
	for _, l := range g.AllLinks() {
		if g.Nodes[l.A.Node].Name == "pod0/edge0/host3" && (g.Nodes[l.B.Node].Name != "pod0/edge0" || l.B.Port != 1 || l.B.Lane != 1 || l.Breakout != 2) {
			t.Errorf("pod0/edge0/host3 on %s port %d lane %d, breakout %d; want pod0/edge0 port 1 lane 1, breakout 2", g.Nodes[l.B.Node].Name, l.B.Port, l.B.Lane, l.Breakout)
		}
	}
}

func TestFatTreeValidate(t *testing.T) {
	for _, c := range []struct {
		p     FatTree
		param string
		msg   string
	}{
		{FatTree{K: 0, LinkRateBPS: 1}, "k", "at least 2"},
		{FatTree{K: 7, LinkRateBPS: 1}, "k", "k = 6 or 8"},
		{FatTree{K: 4096, LinkRateBPS: 1}, "k", "limit"},
		{FatTree{K: 4}, "link_rate", "positive"},
		{FatTree{K: 4, LinkRateBPS: 1, HostsPerEdge: -1}, "hosts_per_edge", "at least 1"},
		{FatTree{K: 4, LinkRateBPS: 1, HostsPerEdge: 3}, "hosts_per_edge", "need a switch_model whose breakout"},
		{FatTree{K: 4, LinkRateBPS: 1, HostsPerEdge: 5, HostLanes: 2}, "hosts_per_edge", "2 down ports × 2 lanes = 4"},
	} {
		errs := c.p.Validate()
		if len(errs) != 1 || errs[0].Param != c.param || !strings.Contains(errs[0].Msg, c.msg) {
			t.Errorf("%+v: got %v, want %s: …%s…", c.p, errs, c.param, c.msg)
		}
	}
	if errs := (FatTree{K: 2, LinkRateBPS: 1}).Validate(); errs != nil {
		t.Errorf("k=2: %v", errs)
	}
}

// Switch-to-switch links on breakout lanes: for k = 2 … 12, lanes
// L ∈ {1, 2, 4} at the edge–aggregation rate and C at the
// aggregation–core rate, and hosts at H lanes, no two links share a lane
// of a port, every lane is below its link's Breakout, and each switch
// uses the closed-form physical ports: an edge ⌈h/H⌉ ∨ ⌈h/L⌉ host ports
// plus ⌈h/L⌉ uplink ports, an aggregation ⌈h/L⌉ + ⌈h/C⌉ (⌈2h/L⌉ when
// L = C: a port's two lanes may go one down, one up), a core ⌈k/C⌉,
// the busiest of them SwitchPorts. The closed forms of the tree (k³/4
// links of each kind) do not move.
func TestFatTreeSwitchLinksOnLanes(t *testing.T) {
	ceil := func(a, b int) int { return (a + b - 1) / b }
	for k := 2; k <= 12; k += 2 {
		h := k / 2
		for _, hl := range []int{1, 2, 4} {
			for _, ll := range []int{1, 2, 4} {
				for _, cl := range []int{1, 2, 4} {
					p := FatTree{K: k, LinkRateBPS: 800e9 / float64(ll), HostBPS: 800e9 / float64(hl), CoreBPS: 800e9 / float64(cl),
						HostLanes: hl, LinkLanes: ll, CoreLanes: cl}
					g := ir.New()
					BuildFatTree(g, "ft", p)
					if c := kinds(g); c[ir.LinkHostEdge] != k*k*k/4 || c[ir.LinkEdgeAggregation] != k*k*k/4 || c[ir.LinkAggregationCore] != k*k*k/4 {
						t.Fatalf("k=%d lanes %d/%d/%d: links %v, want k³/4 of each kind", k, hl, ll, cl, c)
					}
					seen := map[ir.Port]bool{}
					phys := map[ir.NodeID]map[int32]bool{}
					for _, l := range g.AllLinks() {
						for _, pt := range []ir.Port{l.A, l.B} {
							if g.Nodes[pt.Node].Kind != ir.KindSwitch {
								continue
							}
							if seen[pt] || pt.Lane >= l.Breakout {
								t.Fatalf("k=%d lanes %d/%d/%d: %s port %d lane %d taken twice or past breakout %d", k, hl, ll, cl, g.Nodes[pt.Node].Name, pt.Port, pt.Lane, l.Breakout)
							}
							seen[pt] = true
							if phys[pt.Node] == nil {
								phys[pt.Node] = map[int32]bool{}
							}
							phys[pt.Node][pt.Port] = true
						}
					}
					agg := ceil(h, ll) + ceil(h, cl)
					if ll == cl {
						agg = ceil(2*h, ll) // down and up lanes share a port where k/2 is odd
					}
					want := map[string]int{"edge": max(ceil(h, hl), ceil(h, ll)) + ceil(h, ll), "aggregation": agg, "core": ceil(k, cl)}
					for id, ports := range phys {
						n := g.Nodes[id]
						// A run's last port may be partly used; count the
						// span up to the highest port used.
						top := int32(0)
						for pt := range ports {
							top = max(top, pt+1)
						}
						if int(top) != want[n.TierName()] {
							t.Fatalf("k=%d lanes %d/%d/%d: %s spans %d ports, want %d", k, hl, ll, cl, n.Name, top, want[n.TierName()])
						}
					}
					if got := p.SwitchPorts(); got != max(want["edge"], want["aggregation"], want["core"]) {
						t.Fatalf("k=%d lanes %d/%d/%d: SwitchPorts %d, want %v's largest", k, hl, ll, cl, got, want)
					}
				}
			}
		}
	}
}
