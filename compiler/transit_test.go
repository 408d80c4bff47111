package compiler

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// railOnly is a rail-only fabric: one switch per rail over DGX H100s, no
// spine, so NIC i of every server meets NIC j only inside the servers.
func railOnly(servers int, transit string) string {
	return fmt.Sprintf(`
node_group "dgx" {
  model = "DGX-H100"
  count = %d
}

fabric "f" {
  clos {
    endpoints = node_group.dgx.nics.compute
    %s
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = %d
    }
  }
}`, servers, transit, servers)
}

// Without server_transit a rail-only fabric falls apart into its rails;
// with it, the NVLink inside each DGX (and, for "pcie", the PCIe tree)
// joins a server's eight NICs into one group, which is what connects it.
func TestServerTransitConnectsRails(t *testing.T) {
	if _, errs := compileSrc(t, railOnly(4, "")); !slices.Equal(errs, []string{"disconnected"}) {
		t.Fatalf("rail-only without transit: errors %v, want [disconnected]", errs)
	}
	for tr, want := range map[string]string{`["nvlink"]`: "[nvlink]", `["pcie"]`: "[pcie]", `["pcie", "nvlink"]`: "[nvlink pcie]"} {
		g, errs := compileSrc(t, railOnly(4, "server_transit = "+tr))
		if len(errs) > 0 {
			t.Fatalf("server_transit = %s: errors %v", tr, errs)
		}
		groups := g.TransitGroups(0)
		if len(groups) != 4 {
			t.Fatalf("server_transit = %s: %d transit groups, want one per server (4)", tr, len(groups))
		}
		for _, grp := range groups {
			sv := g.Nodes[grp[0]].Parent
			if len(grp) != 8 {
				t.Errorf("%s: group of %d NICs, want the server's 8", g.Nodes[sv].Name, len(grp))
			}
			for _, n := range grp {
				if g.Nodes[n].Kind != ir.KindNIC || g.Nodes[n].Parent != sv {
					t.Errorf("group of %s holds %s", g.Nodes[sv].Name, g.Nodes[n].Name)
				}
			}
		}
		if got := fmt.Sprint(g.Fabrics[0].Transit.Names()); got != want {
			t.Errorf("server_transit = %s: fabric transit %s, want %s", tr, got, want)
		}
	}
}

// An NVLink domain spanning servers (GB200 NVL72 trays joined by an
// nvlink_domain fabric) is one transit group across the trays: a GPU may
// hand traffic to a GPU of another tray over NVLink.
func TestServerTransitAcrossNVLinkDomain(t *testing.T) {
	src, err := os.ReadFile("../testdata/transit/nvl72-rail-only/design.topo.hcl")
	if err != nil {
		t.Fatal(err)
	}
	g, errs := compileSrc(t, string(src))
	if len(errs) > 0 {
		t.Fatalf("errors %v", errs)
	}
	groups := g.TransitGroups(1)
	if len(groups) != 1 || len(groups[0]) != 72 {
		t.Fatalf("transit groups %d (first of %d NICs), want one group of all 72 compute NICs", len(groups), len(groups[0]))
	}
	if g.TransitGroups(0) != nil {
		t.Errorf("a fabric without server_transit has transit groups")
	}
}

// Single-port NICs spread over planes by index: DGX H100 NIC i (one
// 400G port each) lands on plane i mod 8 with planes = 8, as in
// DeepSeek-V3's multi-plane fat-tree, and rails default to 8 / 8 = 1.
func TestSinglePortNICsSpreadOverPlanes(t *testing.T) {
	g, errs := compileSrc(t, `
node_group "dgx" {
  model = "DGX-H100"
  count = 4
}

fabric "f" {
  clos {
    endpoints      = node_group.dgx.nics.compute
    planes         = 8
    server_transit = ["nvlink"]
    tier "leaf" {
      model = "QM9700"
      down  = 4
    }
  }
}`)
	if len(errs) > 0 {
		t.Fatalf("errors %v", errs)
	}
	if rails, _ := g.Fabrics[0].Param("rails"); rails != 1 {
		t.Errorf("rails = %d, want 1 (8 NICs over 8 planes)", rails)
	}
	leaves := 0
	for _, id := range g.FabricLinks(0) {
		l := g.Link(id)
		nic, sw := &g.Nodes[l.A.Node], &g.Nodes[l.B.Node]
		if nic.Kind != ir.KindNIC {
			nic, sw = sw, nic
		}
		// The NIC's position among its server's compute NICs.
		var pos int
		for _, c := range g.Children(nic.Parent) {
			if c == l.A.Node || c == l.B.Node {
				break
			}
			if n := &g.Nodes[c]; n.Kind == ir.KindNIC && n.RoleName() == "compute" {
				pos++
			}
		}
		if int(sw.Plane) != pos {
			t.Errorf("%s is on plane %d, want %d", nic.Name, sw.Plane, pos)
		}
		leaves = max(leaves, int(sw.Plane)+1)
	}
	if leaves != 8 {
		t.Errorf("%d planes used, want 8", leaves)
	}
}

// A multi-plane, rail-optimized fabric over single-port NICs: NIC i on
// plane i mod 2 and rail ⌊i/2⌋ mod rails. The rail check follows the same
// rule (it once expected rail i mod rails and refused every such design).
func TestMultiPlaneRailsAligned(t *testing.T) {
	for _, rails := range []string{"", "rails = 4", "rails = 2"} {
		_, errs := compileSrc(t, fmt.Sprintf(`
node_group "dgx" {
  model = "DGX-H100"
  count = 16
}

fabric "mp" {
  clos {
    endpoints      = node_group.dgx.nics.compute
    planes         = 2
    %s
    server_transit = ["nvlink"]
    unit "su" {
      nodes = 8
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["su", "rail"]
      down  = 16
      up    = 16
    }
    tier "spine" {
      model = "QM9700"
      count = 8
    }
  }
}`, rails))
		if len(errs) > 0 {
			t.Errorf("planes = 2, %q: errors %v", rails, errs)
		}
	}
}
