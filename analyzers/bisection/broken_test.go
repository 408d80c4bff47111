package bisection

import (
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// TestBrokenFamilies: every analytic shortcut checks its preconditions on
// the IR. Each family is compiled small enough to enumerate (≤ 16
// endpoints), then broken the way a design or a generator bug breaks it
// (one link at half rate, one link moved to another switch); the result
// must still contain the exact bisection found by enumerating every
// balanced split, so a closed form that no longer applies is never
// reported.
func TestBrokenFamilies(t *testing.T) {
	type breaker struct {
		name   string
		break_ func(g *ir.Graph, f ir.FabricID) bool
	}
	halve := func(kind ir.LinkKind) breaker {
		return breaker{"one " + kind.String() + " link at half rate", func(g *ir.Graph, f ir.FabricID) bool {
			for i := range g.NumLinks() {
				if l := g.LinkRef(ir.LinkID(i)); l.Fabric == f && l.Kind == kind {
					l.CapacityBPS /= 2
					return true
				}
			}
			return false
		}}
	}
	// move re-ends the first link of kind on another node of the same
	// kind and tier as its B end, keeping every count and rate.
	move := func(kind ir.LinkKind) breaker {
		return breaker{"one " + kind.String() + " link moved", func(g *ir.Graph, f ir.FabricID) bool {
			for i := range g.NumLinks() {
				l := g.LinkRef(ir.LinkID(i))
				if l.Fabric != f || l.Kind != kind {
					continue
				}
				b := &g.Nodes[l.B.Node]
				for j := range g.Nodes {
					o := &g.Nodes[j]
					if ir.NodeID(j) != l.B.Node && ir.NodeID(j) != l.A.Node && o.Kind == b.Kind && o.TierName() == b.TierName() && o.InFabric(f) {
						l.B.Node = ir.NodeID(j)
						return true
					}
				}
			}
			return false
		}}
	}
	cases := []struct {
		name, src string
		breaks    []breaker
	}{
		{"fat-tree k=4", `fabric "f" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}`, []breaker{halve(ir.LinkAggregationCore), move(ir.LinkAggregationCore), halve(ir.LinkHostEdge)}},
		{"symmetric Clos, 16 hosts", `fabric "f" {
  clos {
    hosts     = 16
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 4
      down  = 4
      up    = 4
    }
    tier "spine" {
      model = "QM9700"
      count = 4
    }
  }
}`, []breaker{halve(ir.LinkLeafSpine), move(ir.LinkLeafSpine)}},
		{"NVLink domain, 8 GPUs", `fabric "f" {
  nvlink_domain {
    gpus          = 8
    switches      = 4
    links_per_gpu = 4
    link_rate     = "50GB/s"
  }
}`, []breaker{halve(ir.LinkGPUNVSwitch)}},
		{"dragonfly p1 a4 h1 g4", `fabric "f" {
  dragonfly {
    p           = 1
    a           = 4
    h           = 1
    g           = 4
    local_rate  = "400Gb/s"
    global_rate = "200Gb/s"
  }
}`, []breaker{halve(ir.LinkGlobal)}},
		{"torus 4 x 4", `fabric "f" {
  torus {
    dims          = [4, 4]
    link_rate     = "400Gb/s"
    terminal_rate = "400Gb/s"
    p             = 1
  }
}`, []breaker{halve(ir.LinkTorus), move(ir.LinkTorus)}},
	}
	for _, c := range cases {
		for _, b := range c.breaks {
			g := compileHCL(t, c.src)
			if !b.break_(g, 0) {
				t.Fatalf("%s: %s: nothing to break", c.name, b.name)
			}
			m := newModel(g, 0, ViewGPU)
			m.levels()
			exact := m.exact(m.build(modeFull)).value
			r := Compute(g, 0, Options{})
			if r.LowerBoundBPS > exact*(1+1e-9) || r.UpperBoundBPS < exact*(1-1e-9) {
				t.Errorf("%s, %s: %s [%s, %s] does not contain the exact %s (formula %q)", c.name, b.name, r.Method,
					units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), units.Rate(exact), r.Formula)
			}
		}
	}
}
