package resilience

import (
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// TestResidualBoundSound checks the residual bound against the exact
// bisection of the surviving graph (every balanced split enumerated, at
// most bisection.ExactEndpoints endpoints) on small fabrics: planes,
// fat-tree, tapered and dual-homed Clos. Failures are connected pieces of
// switches grown from a random one (a whole plane among them, where the
// bound counts only the piece's links to the survivors), scattered
// switches, and links, drawn with a fixed seed. The bound must never
// pass the exact value, and must meet it where a whole plane fails.
func TestResidualBoundSound(t *testing.T) {
	designs := map[string]string{
		"planes": `
fabric "f" {
  clos {
    hosts      = 8
    host_rate  = "400Gb/s"
    host_ports = 4
    planes     = 4
    tier "leaf" {
      model = "QM9700"
      count = 2
      down  = 4
      up    = 4
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}`,
		"fat-tree": `
fabric "f" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}`,
		"tapered": `
fabric "f" {
  clos {
    hosts     = 16
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 4
      down  = 4
      up    = 2
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}`,
		"dual-homed": `
fabric "f" {
  clos {
    hosts      = 12
    host_rate  = "200Gb/s"
    host_ports = 2
    tier "leaf" {
      model = "QM9700"
      count = 4
      down  = 6
      up    = 6
    }
    tier "spine" {
      model = "QM9700"
      count = 3
    }
  }
}`,
	}
	rng := rand.New(rand.NewPCG(7, 11))
	checked, met := 0, 0
	for _, name := range []string{"planes", "fat-tree", "tapered", "dual-homed"} {
		g := compiletest.Source(t, designs[name])
		b := newBaseline(g, bisection.ViewGPU, nil, nil)
		if b.bisection[0].Method == bisection.MethodBounded {
			t.Fatalf("%s: intact bisection not exact: %+v", name, b.bisection[0])
		}
		adj := g.Adjacency()
		var switches []ir.NodeID
		for i := range g.Nodes {
			if g.Nodes[i].FabricSwitch() {
				switches = append(switches, ir.NodeID(i))
			}
		}
		for trial := 0; trial < 60; trial++ {
			var f ir.Failure
			switch trial % 3 {
			case 0: // a connected piece of switches
				in := map[ir.NodeID]bool{}
				frontier := []ir.NodeID{switches[rng.IntN(len(switches))]}
				for size := 1 + rng.IntN(len(switches)); len(frontier) > 0 && len(f.Nodes) < size; {
					n := frontier[0]
					frontier = frontier[1:]
					if in[n] {
						continue
					}
					in[n] = true
					f.Nodes = append(f.Nodes, n)
					for _, id := range adj.Of(n) {
						if o := g.Link(id).Other(n); g.Nodes[o].FabricSwitch() && !in[o] {
							frontier = append(frontier, o)
						}
					}
				}
			case 1: // scattered switches
				for _, n := range switches {
					if rng.IntN(4) == 0 {
						f.Nodes = append(f.Nodes, n)
					}
				}
			default: // links
				for id := range g.NumLinks() {
					if rng.IntN(6) == 0 {
						f.Links = append(f.Links, ir.LinkID(id))
					}
				}
			}
			dead := g.FailedNodes(f)
			lb := b.residualBound(0, f, dead)
			rg := g.Residual(f)
			rg.Fabrics[0].Endpoints = survivingEndpoints(g.Fabrics[0].Endpoints, rg.Fabrics[0].Endpoints, dead)
			res := bisection.Compute(rg, 0, bisection.Options{View: bisection.ViewGPU})
			if res.Method != bisection.MethodExact && res.Method != bisection.MethodAnalytic {
				t.Fatalf("%s %v: residual bisection not exact (%s)", name, f, res.Method)
			}
			checked++
			if lb > res.UpperBoundBPS*(1+1e-9) {
				t.Errorf("%s, %d nodes and %d links failed: residual bound %g above the exact bisection %g", name, len(f.Nodes), len(f.Links), lb, res.UpperBoundBPS)
			}
			if lb >= res.UpperBoundBPS*(1-1e-9) {
				met++
			}
		}
	}
	t.Logf("%d failures checked, the bound met the exact value on %d", checked, met)
	// A whole plane of the planes design: 3 of 4 planes are left, and the
	// bound proves exactly 3/4 of the intact bisection.
	g := compiletest.Source(t, designs["planes"])
	b := newBaseline(g, bisection.ViewGPU, nil, nil)
	var f ir.Failure
	for i := range g.Nodes {
		if g.Nodes[i].FabricSwitch() && g.Nodes[i].Plane == 2 {
			f.Nodes = append(f.Nodes, ir.NodeID(i))
		}
	}
	if len(f.Nodes) != 4 {
		t.Fatalf("plane 2 has %d switches, want 4", len(f.Nodes))
	}
	if lb, want := b.residualBound(0, f, g.FailedNodes(f)), 0.75*b.bisection[0].LowerBoundBPS; lb != want {
		t.Errorf("plane 2 lost: residual bound %g, want 3/4 of the intact %g", lb, want)
	}
}
