package compiler

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// A fat_tree's host_rate and core_rate set the host–edge and
// aggregation–core rates apart from link_rate (edge–aggregation), and a
// switch_model's radix and port rate are what its switches report: k = 4
// on 64-port 400G switches leaves 60 ports free on each, whatever k uses.
func TestFatTreeTierRates(t *testing.T) {
	g, errs := compileSrc(t, speedsModel+`
fabric "ft" {
  fat_tree {
    k            = 4
    host_rate    = "200Gb/s"
    link_rate    = "400Gb/s"
    core_rate    = "400Gb/s"
    switch_model = "L400"
  }
}
`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := map[ir.LinkKind]float64{ir.LinkHostEdge: 200e9, ir.LinkEdgeAggregation: 400e9, ir.LinkAggregationCore: 400e9}
	count := map[ir.LinkKind]int{}
	for _, l := range g.AllLinks() {
		count[l.Kind]++
		if l.CapacityBPS != want[l.Kind] {
			t.Errorf("%s link at %g; want %g", l.Kind, l.CapacityBPS, want[l.Kind])
		}
	}
	if count[ir.LinkHostEdge] != 16 || count[ir.LinkEdgeAggregation] != 16 || count[ir.LinkAggregationCore] != 16 {
		t.Errorf("links by kind %v; want 16 of each (k³/4)", count)
	}
	for _, n := range g.Nodes {
		switch n.Kind {
		case ir.KindSwitch:
			if n.Radix != 64 || n.PortRateBPS != 400e9 {
				t.Errorf("%s: %d ports at %g; want the model's 64 at 400G", n.Name, n.Radix, n.PortRateBPS)
			}
		case ir.KindHost:
			if n.PortRateBPS != 200e9 {
				t.Errorf("%s: port at %g; want host_rate 200G", n.Name, n.PortRateBPS)
			}
		}
	}

	// A host_rate the model runs neither natively, at a speed nor on a
	// breakout lane is a rate-mismatch; a model with port groups is
	// refused by position-wired families.
	_, errs = compileSrc(t, speedsModel+`
fabric "ft" {
  fat_tree {
    k            = 4
    host_rate    = "50Gb/s"
    link_rate    = "400Gb/s"
    switch_model = "L400"
  }
}
`)
	if len(errs) != 1 || errs[0] != string(diag.RateMismatch) {
		t.Errorf("host_rate 50G on L400: %v; want one rate-mismatch", errs)
	}
	_, errs = compileSrc(t, mixedLeaf+`
fabric "ft" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = "N93600"
  }
}
`)
	if len(errs) != 1 || errs[0] != string(diag.InvalidValue) {
		t.Errorf("fat_tree on a model with port groups: %v; want one invalid-value", errs)
	}
}

// hosts_per_edge past the k/2 down ports is an invalid-parameter at the
// argument unless the switch model breaks a port out at host_rate; with
// the breakout, hosts fill both lanes of each down port.
func TestFatTreeHostsPerEdgeErrors(t *testing.T) {
	src := func(model, extra string) string {
		return model + `
fabric "ft" {
  fat_tree {
    k              = 4
    link_rate      = "400Gb/s"
    host_rate      = "200Gb/s"
    hosts_per_edge = 4
    switch_model   = "M"
` + extra + `
  }
}
`
	}
	_, errs := compileSrc(t, src(`switch_model "M" {
  radix     = 8
  port_rate = "400Gb/s"
  speeds    = ["200Gb/s"]
}`, ""))
	if len(errs) != 1 || errs[0] != string(diag.InvalidParameter) {
		t.Errorf("4 hosts per edge on 2 whole 200G ports: %v; want one invalid-parameter", errs)
	}
	g, errs := compileSrc(t, src(`switch_model "M" {
  radix     = 8
  port_rate = "400Gb/s"
  breakouts = ["2x200Gb/s"]
}`, ""))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if n := len(g.Fabrics[0].Endpoints); n != 32 {
		t.Errorf("k = 4, 4 hosts per edge: %d hosts, want 32", n)
	}
	// A model with both a 200G speed and a 2x200G breakout: the speed
	// serves k/2 hosts a port each, the breakout's lanes more.
	g, errs = compileSrc(t, src(`switch_model "M" {
  radix     = 8
  port_rate = "400Gb/s"
  speeds    = ["200Gb/s"]
  breakouts = ["2x200Gb/s"]
}`, ""))
	if len(errs) > 0 || len(g.Fabrics[0].Endpoints) != 32 {
		t.Errorf("speed and breakout at 200G, 4 hosts per edge: %v; want 32 hosts on the lanes", errs)
	}
	_, errs = compileSrc(t, strings.Replace(src(`switch_model "M" {
  radix     = 8
  port_rate = "400Gb/s"
  breakouts = ["2x200Gb/s"]
}`, ""), "hosts_per_edge = 4", "hosts_per_edge = 0", 1))
	if len(errs) != 1 || errs[0] != string(diag.InvalidParameter) {
		t.Errorf("hosts_per_edge = 0: %v; want one invalid-parameter", errs)
	}
}

// An optional rate written as zero is an error at the argument, not a
// silent default; a torus router reports its model's port rate, not the
// link rate its ports run at.
func TestOptionalRatesAndRouterRates(t *testing.T) {
	_, errs := compileSrc(t, `
fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
    host_rate = "0Gb/s"
  }
}
`)
	if len(errs) != 1 || errs[0] != string(diag.InvalidParameter) {
		t.Errorf("host_rate 0: %v; want one invalid-parameter", errs)
	}
	g, errs := compileSrc(t, `
switch_model "R" {
  radix     = 8
  port_rate = "400Gb/s"
  breakouts = ["4x100Gb/s"]
}
fabric "t" {
  torus {
    dims         = [2, 2, 2]
    link_rate    = "100Gb/s"
    router_model = "R"
  }
}
`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, n := range g.Nodes {
		if n.Kind == ir.KindSwitch && (n.PortRateBPS != 400e9 || n.Radix != 8) {
			t.Errorf("%s: %d ports at %g; want the model's 8 at 400G", n.Name, n.Radix, n.PortRateBPS)
		}
	}
}

// A torus router is mounted in the rack of its terminal, not in a central
// network rack: a 4 × 4 × 4 torus of one terminal per router fills 4
// racks of 16 hosts and their 16 routers, and every terminal link stays
// in its rack.
func TestTorusRoutersWithTheirTerminals(t *testing.T) {
	g, errs := compileSrc(t, `
fabric "ici" {
  torus {
    dims      = [4, 4, 4]
    link_rate = "400Gb/s"
  }
}
`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	rack := map[ir.NodeID]int32{}
	for _, m := range g.Cabling().Mounts {
		rack[m.Node] = m.Rack
	}
	racks := map[int32]bool{}
	for _, l := range g.AllLinks() {
		if l.Kind != ir.LinkTerminal {
			continue
		}
		ra, okA := rack[l.A.Node]
		rb, okB := rack[l.B.Node]
		if !okA || !okB || ra != rb {
			t.Errorf("%s in rack %d, its router %s in rack %d; want one rack", g.Nodes[l.A.Node].Name, ra, g.Nodes[l.B.Node].Name, rb)
		}
		racks[ra] = true
	}
	if len(racks) != 4 || len(g.Cabling().Racks) != 4 {
		t.Errorf("terminals in %d racks, %d racks in all; want 4 and 4", len(racks), len(g.Cabling().Racks))
	}
}
