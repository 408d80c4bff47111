package compiler

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// mixedLeaf is a fixed-configuration leaf whose ports do not all run at
// one rate: 28 × 100G host ports and 8 × 400G uplinks, as the Cisco
// Nexus 93600CD-GX (28 × 100G QSFP28 + 8 × 400G QSFP-DD) has. Its 400G
// ports may also break out 4 × 100G.
const mixedLeaf = `
switch_model "N93600" {
  port_group "host" {
    ports = 28
    rate  = "100Gb/s"
  }
  port_group "uplink" {
    ports     = 8
    rate      = "400Gb/s"
    breakouts = ["4x100Gb/s"]
  }
}
switch_model "S400" {
  radix     = 64
  port_rate = "400Gb/s"
}
`

// mixedClos is 112 hosts at 100G on four N93600 leaves and spines of 64 ×
// 400G; down and up are left to the model's port groups.
const mixedClos = `
fabric "c" {
  clos {
    hosts     = 112
    host_rate = "100Gb/s"
    unit "rack" {
      nodes = 28
    }
    tier "leaf" {
      model = "N93600"
      per   = ["rack"]
    }
    tier "spine" {
      model = "S400"
      count = 2
    }
  }
}
`

// A Clos leaf with port groups takes its host links on the 100G group
// and its uplinks on the 400G group, numbered group after group: down =
// 28 and up = 8 by default, so 2.8 Tb/s down over 3.2 Tb/s up is
// 0.875:1, and the switch reports 36 ports, 28 × 100G + 8 × 400G.
func TestPortGroupsClos(t *testing.T) {
	g, errs := compileSrc(t, mixedLeaf+mixedClos)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	leaves := 0
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.TierName() != "leaf" {
			continue
		}
		leaves++
		if n.Radix != 36 || n.PortRateBPS != 400e9 {
			t.Errorf("%s: radix %d at %g; want 36, fastest 400G", n.Name, n.Radix, n.PortRateBPS)
		}
	}
	if leaves != 4 {
		t.Fatalf("%d leaves; want 4", leaves)
	}
	for _, l := range g.AllLinks() {
		for _, p := range [2]ir.Port{l.A, l.B} {
			n := &g.Nodes[p.Node]
			if n.TierName() != "leaf" {
				continue
			}
			want := g.Parts.PortRateBPS(n, p.Port)
			if l.CapacityBPS != want || p.Lane != 0 {
				t.Errorf("%s port %d (group rate %g) carries a %g link, lane %d; want whole ports at the group's rate", n.Name, p.Port, want, l.CapacityBPS, p.Lane)
			}
			if up := l.Kind == ir.LinkLeafSpine; up != (p.Port >= 28) {
				t.Errorf("%s port %d carries a %s link; want ports 0–27 to hosts, 28–35 up", n.Name, p.Port, l.Kind)
			}
		}
	}
	down, up := map[ir.NodeID]float64{}, map[ir.NodeID]float64{}
	for _, l := range g.AllLinks() {
		if g.Nodes[l.B.Node].TierName() == "leaf" {
			down[l.B.Node] += l.CapacityBPS
		}
		if g.Nodes[l.A.Node].TierName() == "leaf" {
			up[l.A.Node] += l.CapacityBPS
		}
	}
	for n, d := range down {
		if d != 2.8e12 || up[n] != 3.2e12 {
			t.Errorf("%s: %g down, %g up; want 2.8 Tb/s over 3.2 Tb/s (0.875:1)", g.Nodes[n].Name, d, up[n])
		}
	}
}

// More host links than the 100G group holds spill onto a 400G port
// broken out 4 × 100G, in port order after the group; when that leaves
// the uplinks too few 400G ports, the tier is rejected naming the group.
func TestPortGroupsSpill(t *testing.T) {
	src := strings.Replace(mixedLeaf+mixedClos, `      per   = ["rack"]`, "      per   = [\"rack\"]\n      down  = 32\n      up    = 7", 1)
	src = strings.Replace(src, "nodes = 28", "nodes = 32", 1)
	src = strings.Replace(src, "hosts     = 112", "hosts     = 128", 1)
	g, errs := compileSrc(t, src)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	lanes := 0
	for _, l := range g.AllLinks() {
		for _, p := range [2]ir.Port{l.A, l.B} {
			if n := &g.Nodes[p.Node]; n.TierName() == "leaf" && l.Breakout == 4 {
				lanes++
				if p.Port != 28 {
					t.Errorf("%s: a host link on lane %d of port %d; want the 4 spilled links on port 28", n.Name, p.Lane, p.Port)
				}
			}
		}
	}
	if lanes != 4*4 {
		t.Errorf("%d host links on broken-out ports; want 4 per leaf", lanes)
	}

	src = strings.Replace(src, "up    = 7", "up    = 8", 1)
	_, errs = compileSrc(t, src)
	if len(errs) != 1 || errs[0] != string(diag.InvalidParameter) {
		t.Fatalf("32 down + 8 up on 28 × 100G + 8 × 400G: %v; want one invalid-parameter", errs)
	}
}

// In a custom fabric, host links past the 28 ports of the 100G group
// spill onto a 400G port broken out 4 × 100G, as lanes of that port
// (swp29s0, swp29s1: Breakout 4), not as whole ports.
func TestPortGroupsCustomSpill(t *testing.T) {
	g, errs := compileSrc(t, mixedLeaf+`
fabric "f" {
  custom {
    switch "leaf" {
      model = "N93600"
    }
    host "h" {
      count = 30
      rate  = "100Gb/s"
    }
    link {
      count = 30
      a     = format("h%02d", count.index)
      b     = "leaf"
    }
  }
}
`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var spilled []string
	for _, l := range g.AllLinks() {
		if l.B.Port >= 28 {
			if l.Breakout != 4 {
				t.Errorf("link on port %d lane %d: breakout %d; want 4", l.B.Port, l.B.Lane, l.Breakout)
			}
			spilled = append(spilled, g.PortName(l.B, &l))
		}
	}
	if strings.Join(spilled, ",") != "swp29s0,swp29s1" {
		t.Errorf("spilled links on %v; want swp29s0,swp29s1", spilled)
	}
}

// A Clos leaf with port groups that sets only up takes as down links
// every link at the host rate that still finds a port once the uplinks
// have theirs: 28 on the 100G group and 4 × 4 lanes on the four 400G
// ports the 4 uplinks leave, 44 in all.
func TestPortGroupsDefaultDown(t *testing.T) {
	src := strings.Replace(mixedLeaf+mixedClos, `      per   = ["rack"]`, "      per   = [\"rack\"]\n      up    = 4", 1)
	src = strings.Replace(src, "nodes = 28", "nodes = 44", 1)
	src = strings.Replace(src, "hosts     = 112", "hosts     = 88", 1)
	g, errs := compileSrc(t, src)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	leaves := map[ir.NodeID]int{}
	for _, l := range g.AllLinks() {
		if g.Nodes[l.B.Node].TierName() == "leaf" {
			leaves[l.B.Node]++
		}
	}
	if len(leaves) != 2 {
		t.Fatalf("hosts on %d leaves; want 2 leaves of 44", len(leaves))
	}
	for n, c := range leaves {
		if c != 44 {
			t.Errorf("%s: %d host links; want 44", g.Nodes[n].Name, c)
		}
	}
}
