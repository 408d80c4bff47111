package bisection

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// TestRoutedValley: a fabric whose graph joins two hosts only through a
// valley (down to a leaf and up again), computed by hand. Leaf L0 holds
// hosts a1, a2 and has 2 × 400G to spine S0; leaf L1 holds b1 and has
// 2 × 400G to S0 and 400G to S1; leaf L2 holds b2 and has 400G to S1;
// host links are 400G. Every balanced split of the graph carries 800G (for
// a1, a2 | b1, b2 the path L0–S0–L1–S1–L2 reaches b2), so the bisection is
// 800G; up/down routing cannot take that path (L0 and L2 share no spine:
// the design also fails no-common-ancestor), and across the same split
// it carries only b1's 400G.
func TestRoutedValley(t *testing.T) {
	g := compileAnyway(t, `fabric "v" {
  custom {
    switch "s" {
      count = 2
      model = "SN5600"
      tier  = "spine"
    }
    switch "l" {
      count = 3
      model = "SN5600"
      tier  = "leaf"
    }
    host "a1" {
      rate = "400Gb/s"
    }
    host "a2" {
      rate = "400Gb/s"
    }
    host "b1" {
      rate = "400Gb/s"
    }
    host "b2" {
      rate = "400Gb/s"
    }
    link {
      a    = "a1"
      b    = "l0"
      rate = "400Gb/s"
    }
    link {
      a    = "a2"
      b    = "l0"
      rate = "400Gb/s"
    }
    link {
      a    = "b1"
      b    = "l1"
      rate = "400Gb/s"
    }
    link {
      a    = "b2"
      b    = "l2"
      rate = "400Gb/s"
    }
    link {
      a        = "l0"
      b        = "s0"
      rate     = "400Gb/s"
      parallel = 2
    }
    link {
      a        = "l1"
      b        = "s0"
      rate     = "400Gb/s"
      parallel = 2
    }
    link {
      a    = "l1"
      b    = "s1"
      rate = "400Gb/s"
    }
    link {
      a    = "l2"
      b    = "s1"
      rate = "400Gb/s"
    }
  }
}
`)
	r := Compute(g, 0, Options{})
	if r.LowerBoundBPS != 800e9 || r.UpperBoundBPS != 800e9 {
		t.Errorf("graph [%s, %s], want exactly 800G", units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS))
	}
	if r.Routed == nil || r.Routed.Routing != "up_down" || r.Routed.UpperBoundBPS != 400e9 || r.Routed.LowerBoundBPS != 0 {
		t.Errorf("routed %+v, want up_down at most 400G with no lower bound", r.Routed)
	}
}

// compileAnyway compiles a design whose checks may fail (the graph is
// still built).
func compileAnyway(t *testing.T, src string) *ir.Graph {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "d.topo.hcl"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	g, _ := compiletest.Checked(t, dir)
	return g
}

// TestRoutedSymmetric: on symmetric fabrics up/down routing loses
// nothing: the routed interval is the graph's (the hose bound is itself
// an up/down routing), for the fat-tree closed form too.
func TestRoutedSymmetric(t *testing.T) {
	for _, dir := range []string{"fat-tree-k8", "roce-leaf-spine-2plane", "dgx-h100-superpod", "gb200-nvl72"} {
		g := compileDir(t, "../../examples/"+dir)
		for f := range g.Fabrics {
			r := Compute(g, fabricID(t, g, g.Fabrics[f].Name), Options{})
			if r.Routed == nil {
				t.Errorf("%s/%s: no routed result", dir, g.Fabrics[f].Name)
				continue
			}
			same := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, b) }
			if !same(r.Routed.UpperBoundBPS, r.UpperBoundBPS) || !same(r.Routed.LowerBoundBPS, r.LowerBoundBPS) {
				t.Errorf("%s/%s: routed [%s, %s], graph [%s, %s]", dir, g.Fabrics[f].Name, units.Rate(r.Routed.LowerBoundBPS),
					units.Rate(r.Routed.UpperBoundBPS), units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS))
			}
		}
	}
}

// The routed whole-server bound runs on the full analysis graph even when
// the certificate came from the contracted one: sixteen servers of 8 GPUs
// whose one dual-port frontend NIC hangs from a pair of leaves are 1:1,
// and up/down routing carries the graph's whole 3.2 Tb/s. It read
// 2.816–3.2 Tb/s (the plain hose bound, 0.880) where the graph's own
// whole-server bound proved 3.2 exactly (trial 64's 384-server frontend).
func TestRoutedWholeServersOnFullGraph(t *testing.T) {
	g := compiletest.Source(t, `
nic_model "FE-2x200G" {
  ports      = 2
  port_rate  = "200Gb/s"
  pcie_gen   = 5
  pcie_width = 16
  protocol   = "ethernet"
}
node_model "box" {
  base = "HGX-H100"
  nic "frontend" {
    model  = "FE-2x200G"
    count  = 1
    socket = [0]
  }
}
node_group "n" {
  model = "box"
  count = 16
  name  = format("su%d/node%d", floor(count.index / 4), count.index % 4)
}
fabric "frontend" {
  clos {
    endpoints = node_group.n.nics.frontend
    rails     = 1
    homing    = 2
    unit "su" {
      nodes = 4
    }
    unit "pair" {
      units = 2
    }
    tier "leaf" {
      model     = "TH4-64x400G"
      per       = ["pair"]
      count     = 2
      link_rate = "400Gb/s"
      down      = 8
      up        = 4
    }
    tier "spine" {
      model = "TH4-64x400G"
      count = 4
      down  = 4
    }
  }
}`)
	r := Compute(g, 0, Options{})
	rt := r.Routed
	if r.Method != MethodExact || rt == nil || rt.LowerBoundBPS != rt.UpperBoundBPS || rt.UpperBoundBPS != 3.2e12 || rt.LowerBoundMethod != "hose_whole_servers" {
		t.Errorf("graph %s (%s), routed %+v; want both exactly 3.2 Tb/s", units.Rate(r.UpperBoundBPS), r.Method, rt)
	}
}

// In the endpoint_port view the ports of a dual-plane host are endpoints
// of their own, which the host does not join, so the planes split apart
// at 0; the note says why (trial 66: a dual-plane fabric read 0 with no
// word), and the gpu view, the default, reads the fabric whole.
func TestPortViewPlanesNote(t *testing.T) {
	g := compiletest.Dir(t, filepath.Join(compiletest.Root(t), "testdata", "dual-plane-hosts"))
	r := Compute(g, 0, Options{View: ViewPort})
	if r.UpperBoundBPS != 0 || !strings.Contains(r.Note, "endpoint_port view each port is an endpoint of its own") {
		t.Errorf("port view: %s, note %q; want 0 with the note", units.Rate(r.UpperBoundBPS), r.Note)
	}
	if r := Compute(g, 0, Options{}); r.UpperBoundBPS == 0 || r.Note != "" {
		t.Errorf("gpu view: %s, note %q; want the planes together, no note", units.Rate(r.UpperBoundBPS), r.Note)
	}
}
