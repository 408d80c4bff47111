package compiler

import (
	"slices"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// A server NIC's rail and plane are where the Clos fabric cables it, not
// its index among the server's NICs (trial 35: a rails = 1 storage
// fabric labelled storage1 "rail 1"; DeepSeek-V3's eight planes labelled
// their NICs rails 0-7).
func TestNICRailIsWhereItIsCabled(t *testing.T) {
	cases := []struct {
		name, fabric string
		role         ir.Role
		want         map[string][2]int32 // NIC suffix: rail, plane
	}{
		{"dual-port NICs over two planes, one rail", `
fabric "storage" {
  clos {
    endpoints = node_group.dgx.nics.storage
    rails     = 1
    planes    = 2
    tier "leaf" {
      model = "QM9700"
      down  = 8
    }
  }
}`, ir.RoleStorage, map[string][2]int32{"storage0": {0, ir.None}, "storage1": {0, ir.None}}},
		{"single-port NICs spread over four planes, two rails", `
fabric "compute" {
  clos {
    endpoints      = node_group.dgx.nics.compute
    rails          = 2
    planes         = 4
    server_transit = ["nvlink"]
    tier "leaf" {
      model = "QM9700"
      down  = 4
      per   = ["rail", "plane"]
    }
  }
}`, ir.RoleCompute, map[string][2]int32{"nic0": {0, 0}, "nic3": {0, 3}, "nic4": {1, 0}, "nic6": {1, 2}}},
		{"eight rails, one plane", `
fabric "compute" {
  clos {
    endpoints      = node_group.dgx.nics.compute
    rails          = 8
    server_transit = ["nvlink"]
    tier "leaf" {
      model = "QM9700"
      down  = 4
      per   = ["rail"]
    }
  }
}`, ir.RoleCompute, map[string][2]int32{"nic0": {0, ir.None}, "nic5": {5, ir.None}, "nic7": {7, ir.None}}},
	}
	for _, c := range cases {
		g, errs := compileSrc(t, `
node_group "dgx" {
  model = "DGX-H100"
  count = 4
}
`+c.fabric)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", c.name, errs)
		}
		for suffix, want := range c.want {
			for _, server := range []string{"dgx0", "dgx3"} {
				i := slices.IndexFunc(g.Nodes, func(n ir.Node) bool { return n.Name == server+"/"+suffix })
				if i < 0 {
					t.Fatalf("%s: no node %s/%s", c.name, server, suffix)
				}
				n := &g.Nodes[i]
				if got := [2]int32{n.Rail, n.Plane}; got != want || n.RoleName() != c.role {
					t.Errorf("%s: %s/%s is rail, plane %v (role %s), want %v", c.name, server, suffix, got, n.RoleName(), want)
				}
			}
		}
		// The leaf a NIC is cabled to carries the same labels.
		for _, l := range g.AllLinks() {
			nic, sw := &g.Nodes[l.A.Node], &g.Nodes[l.B.Node]
			if nic.Kind != ir.KindNIC {
				nic, sw = sw, nic
			}
			if nic.Kind == ir.KindNIC && sw.Kind.IsSwitch() && sw.Rail != ir.None && sw.Rail != nic.Rail {
				t.Errorf("%s: %s on rail %d is cabled to %s on rail %d", c.name, nic.Name, nic.Rail, sw.Name, sw.Rail)
			}
		}
	}
}

// rails > 1 with no tier per rail is top-of-rack wiring under a rail
// label: one rails-not-grouped warning at rails (trial 52's count = 8
// written for per = ["rail"]); with per = ["rail"] none, nor on one leaf
// switch, where every rail meets every other (trial 53).
func TestRailsNotGrouped(t *testing.T) {
	for _, c := range []struct {
		leaf string
		want int
	}{{"count = 2\n      down  = 16", 1}, {"per = [\"rail\"]\n      down  = 16", 0}, {"count = 1\n      down  = 32", 0}} {
		src := `node_group "dgx" {
  model = "DGX-H100"
  count = 4
}
fabric "backend" {
  clos {
    endpoints = node_group.dgx.nics.compute
    rails     = 8
    tier "leaf" {
      model = "QM9700"
      ` + c.leaf + `
      up    = 16
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
`
		_, diags := compileDiags(t, src)
		got := 0
		for _, d := range diags {
			if diag.CodeOf(d) == diag.RailsNotGrouped && diag.SeverityOf(d) == diag.SevWarning && d.Subject.Start.Line == 8 {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%s: %d rails-not-grouped warnings at line 8, want %d", c.leaf, got, c.want)
		}
	}
}
