package gen

import (
	"fmt"
	"strings"
	"testing"

	"gonum.org/v1/gonum/graph/topo"

	"github.com/topoc/topoc/compiler/ir"
)

// hostEndpoints returns n single-port hosts at rate bps.
func hostEndpoints(n int, bps float64) []ClosEndpoint {
	eps := make([]ClosEndpoint, n)
	for i := range eps {
		eps[i] = ClosEndpoint{Port: ir.Port{Node: ir.None}, HostName: Indexed("host", i, n), Server: i, RateBPS: bps}
	}
	return eps
}

func tally(g *ir.Graph, f ir.FabricID) (tiers map[string]int, links map[string]int) {
	tiers, links = map[string]int{}, map[string]int{}
	for _, n := range g.Nodes {
		if n.Kind == ir.KindSwitch && n.InFabric(f) {
			tiers[n.TierName()]++
		}
	}
	for _, l := range g.AllLinks() {
		if l.Fabric == f {
			links[l.Kind.String()]++
		}
	}
	return
}

func mustBuild(t *testing.T, c Clos) (*ir.Graph, ir.FabricID) {
	t.Helper()
	if errs := c.Validate(); len(errs) > 0 {
		t.Fatalf("Validate: %v", errs)
	}
	g := ir.New()
	f, problems := BuildClos(g, "c", c)
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	if cc := topo.ConnectedComponents(g.FabricView(f)); len(cc) != 1 {
		t.Fatalf("gonum finds %d components, want 1", len(cc))
	}
	return g, f
}

// The 2-tier non-blocking folded Clos of radix k (designs.md §1): at most
// k²/2 hosts on k leaves and k/2 spines, k²/2 links at each tier, and every
// switch port used.
func TestClosTwoTierClosedForms(t *testing.T) {
	for _, k := range []int{4, 8, 16, 32, 64} {
		pm := PortModel{Radix: k, PortBPS: 400e9}
		c := Clos{Endpoints: hostEndpoints(k*k/2, 400e9), Rails: 1, Planes: 1,
			Units: []ClosUnit{{"rack", k / 2}},
			Tiers: []ClosTier{
				{Name: "leaf", Ports: pm, Per: []string{"rack"}, Count: 1, Down: k / 2, Up: k / 2, LinkBPS: 400e9},
				{Name: "spine", Ports: pm, Count: k / 2, Down: k, LinkBPS: 400e9},
			}}
		g, f := mustBuild(t, c)
		tiers, links := tally(g, f)
		if tiers["leaf"] != k || tiers["spine"] != k/2 || links["node_leaf"] != k*k/2 || links["leaf_spine"] != k*k/2 {
			t.Errorf("k=%d: tiers %v links %v", k, tiers, links)
		}
		assertAllPortsUsed(t, g, f, k)
	}
}

// The 3-tier folded Clos for H hosts of radix k (designs.md §1): 2H/k
// leaves, 2H/k spines, H/k cores, 3H links, for full (H = k³/4) and half
// populated fabrics; pods of k/2 leaves fully meshed to k/2 spines.
func TestClosThreeTierClosedForms(t *testing.T) {
	for _, k := range []int{4, 8, 16, 32} {
		for _, h := range []int{k * k * k / 4, k * k * k / 8} {
			pm := PortModel{Radix: k, PortBPS: 400e9}
			c := Clos{Endpoints: hostEndpoints(h, 400e9), Rails: 1, Planes: 1,
				Units: []ClosUnit{{"rack", k / 2}, {"pod", k * k / 4}},
				Tiers: []ClosTier{
					{Name: "leaf", Ports: pm, Per: []string{"rack"}, Count: 1, Down: k / 2, Up: k / 2, LinkBPS: 400e9},
					{Name: "spine", Ports: pm, Per: []string{"pod"}, Count: k / 2, Down: k / 2, Up: k / 2, LinkBPS: 400e9},
					{Name: "core", Ports: pm, Count: h / k, Down: k, LinkBPS: 400e9},
				}}
			g, f := mustBuild(t, c)
			tiers, links := tally(g, f)
			if tiers["leaf"] != 2*h/k || tiers["spine"] != 2*h/k || tiers["core"] != h/k ||
				links["node_leaf"] != h || links["leaf_spine"] != h || links["spine_core"] != h {
				t.Errorf("k=%d H=%d: tiers %v links %v", k, h, tiers, links)
			}
			assertAllPortsUsed(t, g, f, k)
		}
	}
}

func assertAllPortsUsed(t *testing.T, g *ir.Graph, f ir.FabricID, k int) {
	t.Helper()
	deg := map[ir.NodeID]map[int32]bool{}
	for _, l := range g.AllLinks() {
		if l.Fabric != f {
			continue
		}
		for _, p := range []ir.Port{l.A, l.B} {
			if deg[p.Node] == nil {
				deg[p.Node] = map[int32]bool{}
			}
			if deg[p.Node][p.Port] {
				t.Fatalf("%s port %d used twice", g.Nodes[p.Node].Name, p.Port)
			}
			deg[p.Node][p.Port] = true
		}
	}
	for i, n := range g.Nodes {
		if n.Kind == ir.KindSwitch && len(deg[ir.NodeID(i)]) != k {
			t.Fatalf("%s uses %d ports, want all %d", n.Name, len(deg[ir.NodeID(i)]), k)
		}
	}
}

// Rail-optimized: NIC i of every server reaches the rail-i leaf of its
// unit, and names follow su<i>/leaf<rail>.
func TestClosRails(t *testing.T) {
	const servers, rails = 64, 8
	var eps []ClosEndpoint
	for s := 0; s < servers; s++ {
		for r := 0; r < rails; r++ {
			eps = append(eps, ClosEndpoint{Port: ir.Port{Node: ir.None}, HostName: fmt.Sprintf("n%02d/nic%d", s, r), Server: s, Rail: r, RateBPS: 400e9})
		}
	}
	pm := PortModel{Radix: 64, PortBPS: 400e9}
	c := Clos{Endpoints: eps, Rails: rails, Planes: 1, Units: []ClosUnit{{"su", 32}},
		Tiers: []ClosTier{
			{Name: "leaf", Ports: pm, Per: []string{"su", "rail"}, Count: 1, Down: 32, Up: 32, LinkBPS: 400e9},
			{Name: "spine", Ports: pm, Count: 8, Down: 64, LinkBPS: 400e9},
		}}
	g, f := mustBuild(t, c)
	for _, l := range g.AllLinks() {
		if l.Fabric != f || l.Kind != ir.LinkNodeLeaf {
			continue
		}
		host, leaf := g.Nodes[l.A.Node], g.Nodes[l.B.Node]
		var s, r int
		fmt.Sscanf(host.Name, "n%02d/nic%d", &s, &r)
		if exp := fmt.Sprintf("su%d/leaf%d", s/32, r); leaf.Name != exp || leaf.Rail != int32(r) {
			t.Fatalf("%s on %s (rail %d), want %s", host.Name, leaf.Name, leaf.Rail, exp)
		}
	}
}

// Uneven striping is reported: 3 leaves × 4 uplinks over 5 spines.
func TestClosUnevenStriping(t *testing.T) {
	pm := PortModel{Radix: 16, PortBPS: 400e9}
	c := Clos{Endpoints: hostEndpoints(12, 400e9), Rails: 1, Planes: 1, Units: []ClosUnit{{"rack", 4}},
		Tiers: []ClosTier{
			{Name: "leaf", Ports: pm, Per: []string{"rack"}, Count: 1, Down: 4, Up: 4, LinkBPS: 400e9},
			{Name: "spine", Ports: pm, Count: 5, Down: 16, LinkBPS: 400e9},
		}}
	_, problems := BuildClos(ir.New(), "c", c)
	if len(problems) != 1 || problems[0].Code != ProblemUneven {
		t.Fatalf("problems %v, want one uneven", problems)
	}
}

// A 400G endpoint on an 800G switch needs the 2x400G breakout: two links
// share one physical port on lanes 0 and 1.
func TestClosBreakout(t *testing.T) {
	pm := PortModel{Radix: 4, PortBPS: 800e9, Breakouts: []Breakout{{2, 400e9}}}
	c := Clos{Endpoints: hostEndpoints(4, 400e9), Rails: 1, Planes: 1,
		Tiers: []ClosTier{{Name: "leaf", Ports: pm, Count: 1, Down: 4, LinkBPS: 800e9}}}
	g := ir.New()
	_, problems := BuildClos(g, "c", c)
	if len(problems) != 0 {
		t.Fatal(problems)
	}
	for i, l := range g.AllLinks() {
		if l.B.Port != int32(i/2) || l.B.Lane != int32(i%2) || l.Breakout != 2 {
			t.Errorf("link %d on port %d lane %d breakout %d", i, l.B.Port, l.B.Lane, l.Breakout)
		}
	}
	pm.Breakouts = nil
	c.Tiers[0].Ports = pm
	if _, problems := BuildClos(ir.New(), "c", c); len(problems) == 0 || problems[0].Code != ProblemRate {
		t.Errorf("no breakout: problems %v, want rate", problems)
	}
}

// Fewer uplinks than upper switches: plain round-robin striping would give
// leaves j and j + count/up the same spines and split the fabric; the
// rotated striping keeps it connected, each spine equally loaded, and no
// leaf sending two uplinks to one spine. Checked over a sweep of shapes
// with gonum's connected components (in mustBuild).
func TestClosStripingFewUplinksStaysConnected(t *testing.T) {
	for _, sh := range []struct{ leaves, up, spines int }{{4, 2, 4}, {8, 2, 8}, {8, 4, 8}, {6, 3, 9}, {16, 4, 16}, {12, 2, 6}} {
		pm := PortModel{Radix: 64, PortBPS: 400e9}
		hostsPerLeaf := 4
		c := Clos{Endpoints: hostEndpoints(sh.leaves*hostsPerLeaf, 400e9), Rails: 1, Planes: 1,
			Units: []ClosUnit{{"rack", hostsPerLeaf}},
			Tiers: []ClosTier{
				{Name: "leaf", Ports: pm, Per: []string{"rack"}, Count: 1, Down: hostsPerLeaf, Up: sh.up, LinkBPS: 400e9},
				{Name: "spine", Ports: pm, Count: sh.spines, Down: 64, LinkBPS: 400e9},
			}}
		g, f := mustBuild(t, c)
		perSpine := map[ir.NodeID]int{}
		pairs := map[[2]ir.NodeID]int{}
		for _, l := range g.AllLinks() {
			if l.Fabric == f && l.Kind == ir.LinkLeafSpine {
				perSpine[l.B.Node]++
				pairs[[2]ir.NodeID{l.A.Node, l.B.Node}]++
			}
		}
		want := sh.leaves * sh.up / sh.spines
		for sp, n := range perSpine {
			if n != want {
				t.Errorf("%+v: %s has %d leaf links, want %d", sh, g.Nodes[sp].Name, n, want)
			}
		}
		for p, n := range pairs {
			if n > 1 {
				t.Errorf("%+v: %s sends %d uplinks to %s", sh, g.Nodes[p[0]].Name, n, g.Nodes[p[1]].Name)
			}
		}
	}
}

// Dual-homing sweep: hosts of P ports, Homing = H over leaf groups of H·m
// leaves. Every host's ports land on H distinct leaves of one set of H
// consecutive leaves (port j on the set's j mod H-th), every leaf takes
// exactly its down ports, and the two-tier fabric stays connected with
// every leaf's uplinks intact (closed form: hosts·P node links, leaves·up
// leaf–spine links).
func TestClosHomingSweep(t *testing.T) {
	for _, tc := range []struct{ hosts, ports, homing, leaves int }{
		{16, 2, 2, 2}, {32, 2, 2, 4}, {16, 4, 4, 4}, {16, 4, 2, 4}, {8, 1, 1, 1},
	} {
		down := tc.hosts * tc.ports / tc.leaves
		var eps []ClosEndpoint
		for h := range tc.hosts {
			for p := range tc.ports {
				eps = append(eps, ClosEndpoint{Port: ir.Port{Node: ir.None, Port: int32(p)}, HostName: Indexed("host", h, tc.hosts), Server: h, RateBPS: 100e9})
			}
		}
		pm := PortModel{Radix: 2 * down, PortBPS: 100e9}
		c := Clos{Endpoints: eps, Rails: 1, Planes: 1, Homing: tc.homing,
			Tiers: []ClosTier{
				{Name: "leaf", Ports: pm, Count: tc.leaves, Down: down, Up: down, LinkBPS: 100e9},
				{Name: "spine", Ports: pm, Count: max(tc.leaves/2, 1), Down: 2 * down * tc.leaves / max(tc.leaves, 2), LinkBPS: 100e9},
			}}
		g, f := mustBuild(t, c)
		name := fmt.Sprintf("%d hosts × %d ports, homing %d, %d leaves", tc.hosts, tc.ports, tc.homing, tc.leaves)
		leafOf := map[string][]int{}
		perLeaf := map[int]int{}
		for _, l := range g.AllLinks() {
			if l.Fabric != f || l.Kind != ir.LinkNodeLeaf {
				continue
			}
			host, leaf := g.Nodes[l.A.Node], g.Nodes[l.B.Node]
			var j int
			fmt.Sscanf(leaf.Name[len("leaf"):], "%d", &j)
			leafOf[host.Name] = append(leafOf[host.Name], j)
			perLeaf[j]++
		}
		for h, ls := range leafOf {
			set := ls[0] / tc.homing
			seen := map[int]bool{}
			for p, j := range ls {
				if j/tc.homing != set || j%tc.homing != p%tc.homing {
					t.Errorf("%s: %s port %d on leaf%d, want leaf%d", name, h, p, j, set*tc.homing+p%tc.homing)
				}
				seen[j] = true
			}
			if want := min(tc.ports, tc.homing); len(seen) != want {
				t.Errorf("%s: %s on %d leaves, want %d", name, h, len(seen), want)
			}
		}
		for j := range tc.leaves {
			if perLeaf[j] != down {
				t.Errorf("%s: leaf%d takes %d ports, want %d", name, j, perLeaf[j], down)
			}
		}
		if _, links := tally(g, f); links["node_leaf"] != tc.hosts*tc.ports || links["leaf_spine"] != tc.leaves*down {
			t.Errorf("%s: links %v", name, links)
		}
	}
	var two []ClosEndpoint // 2 hosts of 2 ports
	for h := range 2 {
		for p := range 2 {
			two = append(two, ClosEndpoint{Port: ir.Port{Node: ir.None, Port: int32(p)}, HostName: Indexed("host", h, 2), Server: h, RateBPS: 100e9})
		}
	}
	c := Clos{Endpoints: two, Rails: 1, Planes: 1, Homing: 2,
		Tiers: []ClosTier{{Name: "leaf", Ports: PortModel{Radix: 8, PortBPS: 100e9}, Count: 3, Down: 4}}}
	if errs := c.Validate(); len(errs) != 1 || errs[0].Param != "homing" {
		t.Errorf("homing 2 over 3 leaves: %v, want one homing error", errs)
	}
}

// Homing with one port per server on a rail and plane (two planes over
// two-port hosts) would leave every second leaf without endpoints: a
// parameter error, not a silent half-empty tier (found by a trial).
func TestClosHomingNeedsPorts(t *testing.T) {
	var eps []ClosEndpoint
	for h := range 4 {
		for p := range 2 {
			eps = append(eps, ClosEndpoint{Port: ir.Port{Node: ir.None, Port: int32(p)}, HostName: Indexed("host", h, 4), Server: h, Plane: p, RateBPS: 100e9})
		}
	}
	c := Clos{Endpoints: eps, Rails: 1, Planes: 2, Homing: 2,
		Tiers: []ClosTier{{Name: "leaf", Ports: PortModel{Radix: 8, PortBPS: 100e9}, Count: 2, Down: 4}}}
	errs := c.Validate()
	if len(errs) != 1 || errs[0].Param != "homing" || !strings.Contains(errs[0].Msg, "1 such port each") {
		t.Errorf("%v, want one homing error naming the single port", errs)
	}
}
