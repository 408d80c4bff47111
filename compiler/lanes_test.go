package compiler

import (
	"strconv"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// lanesModel is an 8-port 800G switch whose ports split 2 × 400G or
// 4 × 200G, as a 51.2T switch's 64 ports do (SN5600: 128 × 400GbE).
const lanesModel = `
switch_model "S800" {
  radix     = 8
  port_rate = "800Gb/s"
  breakouts = ["2x400Gb/s", "4x200Gb/s"]
}
`

// laneUse checks that no two links of g share a lane of a physical port
// (node, port, lane), that every lane sits below its link's Breakout,
// and returns the physical ports each switch uses and the Breakout of
// the switch-to-switch links.
func laneUse(t *testing.T, g *ir.Graph) (ports map[string]int, breakouts map[int32]int) {
	t.Helper()
	seen := map[ir.Port]int{}
	phys := map[[2]int32]bool{}
	breakouts = map[int32]int{}
	for i, l := range g.AllLinks() {
		for _, p := range []ir.Port{l.A, l.B} {
			if p.Port < 0 {
				continue
			}
			if j, dup := seen[p]; dup {
				t.Fatalf("links %d and %d share port %d lane %d of %s", j, i, p.Port, p.Lane, g.Nodes[p.Node].Name)
			}
			seen[p] = int(i)
			if p.Lane >= max(l.Breakout, 1) {
				t.Errorf("link %d on lane %d of a port split %d ways", i, p.Lane, l.Breakout)
			}
			phys[[2]int32{int32(p.Node), p.Port}] = true
		}
		if g.Nodes[l.A.Node].Kind == ir.KindSwitch && g.Nodes[l.B.Node].Kind == ir.KindSwitch {
			breakouts[l.Breakout]++
		}
	}
	ports = map[string]int{}
	for k := range phys {
		if n := g.Nodes[k[0]]; n.Kind == ir.KindSwitch {
			ports[n.Name]++
		}
	}
	return ports, breakouts
}

// A fat_tree whose rates are breakout lanes of its switch model takes
// lanes, not whole ports: k counts links, so k = 16 at 400G fits 8-port
// 800G switches split 2 × 400G, every switch using all 8 ports (16
// lanes), the closed forms of the k = 16 tree unchanged (k³/4 = 1,024
// hosts, 5k²/4 = 320 switches); k = 18 needs 10 ports (9 links a side,
// 5 ports each) and is radix-exceeded at k, naming the 10.
func TestFatTreeLinksOnLanes(t *testing.T) {
	src := func(k string) string {
		return lanesModel + `
fabric "ft" {
  fat_tree {
    k            = ` + k + `
    link_rate    = "400Gb/s"
    switch_model = "S800"
  }
}
`
	}
	g, errs := compileSrc(t, src("16"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	hosts, switches := 0, 0
	for _, n := range g.Nodes {
		switch n.Kind {
		case ir.KindHost:
			hosts++
		case ir.KindSwitch:
			switches++
			if n.Radix != 8 || n.PortRateBPS != 800e9 {
				t.Errorf("%s: %d ports at %g; want the model's 8 at 800G", n.Name, n.Radix, n.PortRateBPS)
			}
		}
	}
	if hosts != 1024 || switches != 320 {
		t.Errorf("%d hosts, %d switches; want k³/4 = 1,024 and 5k²/4 = 320", hosts, switches)
	}
	ports, breakouts := laneUse(t, g)
	for name, n := range ports {
		if n != 8 {
			t.Errorf("%s uses %d physical ports; want 8 (16 links, 2 to a port)", name, n)
		}
	}
	if len(ports) != 320 || breakouts[2] != 2*1024 || len(breakouts) != 1 {
		t.Errorf("%d switches with ports, switch links by breakout %v; want 320, and 2,048 links all on 2 × 400G lanes", len(ports), breakouts)
	}

	_, diags := compileDiags(t, src("18"))
	if len(diags) != 1 || diag.CodeOf(diags[0]) != diag.RadixExceeded || !strings.Contains(diags[0].Detail, "needs 10 physical ports") {
		t.Errorf("k = 18 on 8 ports split 2 ways: %v; want one radix-exceeded naming the 10 ports", diags)
	}
}

// A fat_tree whose hosts, edge–aggregation and aggregation–core links
// run at three rates: 200G hosts 4 to a port, 400G edge uplinks 2 to a
// port, 800G core links a port each. k = 8: an edge uses 1 host port
// and 2 uplink ports; an aggregation 2 down and 4 up; a core 8.
func TestFatTreeMixedLanes(t *testing.T) {
	g, errs := compileSrc(t, lanesModel+`
fabric "ft" {
  fat_tree {
    k            = 8
    host_rate    = "200Gb/s"
    link_rate    = "400Gb/s"
    core_rate    = "800Gb/s"
    switch_model = "S800"
  }
}
`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	ports, _ := laneUse(t, g)
	for name, n := range ports {
		want := map[bool]int{true: 8}[strings.HasPrefix(name, "core")]
		switch {
		case strings.Contains(name, "/edge"):
			want = 3
		case strings.Contains(name, "/agg"):
			want = 6
		}
		if n != want {
			t.Errorf("%s uses %d physical ports; want %d", name, n, want)
		}
	}
}

// A dragonfly router and a torus router whose rates are breakout lanes
// take lanes too: p = 4, a = 4, h = 4 at 400G needs 11 links but 6
// ports of an 8-port 800G router (2 terminal, 2 local, 2 global); the
// same at 200G, 4 lanes a port, needs 3. Without the lanes it was
// radix-exceeded. A 4 × 4 torus of p = 2 at 400G: 1 terminal port and
// 2 for its 4 neighbours.
func TestRoutersOnLanes(t *testing.T) {
	for _, c := range []struct {
		rate  string
		ports int
	}{{"400Gb/s", 6}, {"200Gb/s", 3}} {
		g, errs := compileSrc(t, lanesModel+`
fabric "df" {
  dragonfly {
    p            = 4
    a            = 4
    h            = 4
    local_rate   = "`+c.rate+`"
    router_model = "S800"
  }
}
`)
		if len(errs) > 0 {
			t.Fatal(c.rate, errs)
		}
		ports, _ := laneUse(t, g)
		if len(ports) != 4*17 {
			t.Errorf("%s: %d routers with ports; want a·(a·h + 1) = 68", c.rate, len(ports))
		}
		for name, n := range ports {
			if n != c.ports {
				t.Errorf("%s: %s uses %d physical ports; want %d", c.rate, name, n, c.ports)
				break
			}
		}
	}
	// Runs broken out alike share ports: p = 41, a = 44, h = 44 at 400G
	// is 41 + 43 + 44 = 128 lanes, exactly the 64 ports of an SN5600
	// (trial 27: each run rounded up on its own needed 65).
	g, errs := compileSrc(t, `
fabric "df" {
  dragonfly {
    p            = 41
    a            = 44
    h            = 44
    g            = 2
    local_rate   = "400Gb/s"
    router_model = "SN5600"
  }
}
`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	ports, _ := laneUse(t, g)
	for name, n := range ports {
		if n > 64 {
			t.Errorf("%s uses %d physical ports; want at most 64", name, n)
		}
	}
	g, errs = compileSrc(t, lanesModel+`
fabric "t" {
  torus {
    dims         = [4, 4]
    p            = 2
    link_rate    = "400Gb/s"
    router_model = "S800"
  }
}
`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	ports, breakouts := laneUse(t, g)
	for name, n := range ports {
		if n != 3 {
			t.Errorf("torus %s uses %d physical ports; want 3", name, n)
		}
	}
	if breakouts[2] != 32 {
		t.Errorf("torus router links by breakout %v; want 32 on 2 × 400G lanes", breakouts)
	}
}

// A model that runs 400G both whole (speeds) and on 2 × 400G lanes: a
// fat-tree whose whole ports fit keeps them (k = 8 on 8 ports, breakout
// 1), one whose whole ports do not fit takes the lanes (k = 16: 8 ports
// of 2 lanes; trial 27: radix-exceeded, with no way to ask for the
// breakout).
func TestFatTreeSpeedOrLanes(t *testing.T) {
	for _, c := range []struct {
		k, breakout int
	}{{8, 1}, {16, 2}} {
		g, errs := compileSrc(t, `
switch_model "X800" {
  radix     = 8
  port_rate = "800Gb/s"
  breakouts = ["2x400Gb/s"]
  speeds    = ["400Gb/s"]
}
fabric "ft" {
  fat_tree {
    k            = `+strconv.Itoa(c.k)+`
    link_rate    = "400Gb/s"
    switch_model = "X800"
  }
}
`)
		if len(errs) > 0 {
			t.Fatalf("k = %d: %v", c.k, errs)
		}
		ports, breakouts := laneUse(t, g)
		for name, n := range ports {
			if n != 8 {
				t.Errorf("k = %d: %s uses %d ports, want 8", c.k, name, n)
				break
			}
		}
		if len(breakouts) != 1 || breakouts[int32(c.breakout)] == 0 {
			t.Errorf("k = %d: switch links by breakout %v; want all %d", c.k, breakouts, c.breakout)
		}
	}
}
