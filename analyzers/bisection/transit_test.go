package bisection

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// railOnlyDGX is a rail-only fabric over DGX H100s: one QM9700 per rail,
// no spine, rails joined only inside the servers by the given transit.
func railOnlyDGX(servers int, transit string) string {
	return fmt.Sprintf(`
node_group "dgx" {
  model = "DGX-H100"
  count = %d
}

fabric "f" {
  clos {
    endpoints      = node_group.dgx.nics.compute
    server_transit = %s
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = %d
    }
  }
}`, servers, transit, servers)
}

// With NVLink transit every GPU of a DGX reaches every rail through the
// NVSwitches (NCCL's PXN), so the hose bound applies and meets the cut
// between the two halves of the servers: 8 servers × 8 NICs × 400 Gb/s ÷
// 2 = 12.8 Tb/s, ratio 1, proven. The routed (up/down with PXN) interval
// is closed by the same bound.
func TestRailOnlyNVLinkTransitProven(t *testing.T) {
	g := compileHCL(t, railOnlyDGX(8, `["nvlink"]`))
	r := Compute(g, 0, Options{})
	if r.Method != MethodAnalytic || r.LowerBoundBPS != r.UpperBoundBPS || !near(r.BandwidthBPS, 12.8e12) || !near(r.Ratio, 1) {
		t.Fatalf("method %s, bounds %s..%s, ratio %g: want analytic 12.8Tb/s, ratio 1", r.Method, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), r.Ratio)
	}
	if !strings.Contains(r.Formula, "server transit (nvlink)") {
		t.Errorf("formula does not say the bound routes through the servers: %s", r.Formula)
	}
	if r.Routed == nil || r.Routed.LowerBoundBPS != r.Routed.UpperBoundBPS || !near(r.Routed.UpperBoundBPS, 12.8e12) {
		t.Errorf("routed %+v: want up_down closed at 12.8Tb/s", r.Routed)
	}
}

// With PCIe transit alone a GPU reaches the other socket's four NICs over
// the inter-socket link, which NCCL models at 22 GB/s (176 Gb/s). The hose
// routing spreads each GPU's 400 Gb/s over the eight NICs, so half of
// every GPU's traffic crosses sockets: 8 × 200 Gb/s = 1.6 Tb/s on that
// link (per direction, up and down traffic together), θ = 176 / 1600 =
// 0.11: sound, far below the cut between the servers' halves. That cut
// is nonetheless the bisection: a split of whole servers carries each
// GPU's traffic down its own rail, no transit needed, and every rail
// switch, on either side, has the links of its 4 servers on the far side
// cut, 8 × 4 × 400 Gb/s = 12.8 Tb/s; splitting a server costs NVLink
// besides. The server-cluster bound proves it (the 8 servers reach the
// same 8 rail switches), in the graph and under up/down routing.
func TestRailOnlyPCIeTransitProvenByClusters(t *testing.T) {
	g := compileHCL(t, railOnlyDGX(8, `["pcie"]`))
	r := Compute(g, 0, Options{})
	if r.Method != MethodExact || r.LowerBoundMethod != "hose_server_clusters" || !near(r.LowerBoundBPS, 12.8e12) || !near(r.UpperBoundBPS, 12.8e12) {
		t.Fatalf("method %s, %s..%s by %s: want exact 12.8Tb/s by the server-cluster bound", r.Method, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), r.LowerBoundMethod)
	}
	if r.Routed == nil || r.Routed.LowerBoundMethod != "hose_server_clusters" || !near(r.Routed.LowerBoundBPS, 12.8e12) {
		t.Errorf("routed %+v: want up_down closed at 12.8Tb/s by the server-cluster bound", r.Routed)
	}
	h := newModel(g, 0, ViewGPU).hose()
	if want := 176.0 / 1600 * 12.8e12; !h.ok || math.Abs(h.bound-want) > 1e-9*want {
		t.Errorf("hose bound %s (ok %v), want θ = 176/1600 of 12.8Tb/s", units.Rate(h.bound), h.ok)
	}
}

// Server transit on a fabric that is connected without it must not cost
// the proof. On DGX A100 two GPUs and two NICs share each PCIe switch; the
// relay for a NIC is the GPU NCCL pairs with it (ir.Internals.Relays),
// not the first of the tied nearest GPUs, which would push both NICs'
// traffic through one GPU's PCIe link (it read 0.630 = 252/400).
func TestTransitKeepsProofOnConnectedFabric(t *testing.T) {
	src := `
node_group "dgx" {
  model = "DGX-A100"
  count = 8
}

fabric "f" {
  clos {
    endpoints      = node_group.dgx.nics.compute
    server_transit = ["nvlink"]
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 8
      up    = 8
    }
    tier "spine" {
      model = "QM9700"
      count = 4
    }
  }
}`
	r := Compute(compileHCL(t, src), 0, Options{})
	if r.Method != MethodAnalytic || !near(r.Ratio, 1) || r.LowerBoundBPS != r.UpperBoundBPS {
		t.Errorf("DGX A100 with transit: %s, ratio %g, bounds %s..%s; want analytic 1", r.Method, r.Ratio, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS))
	}
	g := compileDir(t, "../../examples/gb200-nvl72-2rack")
	fid := fabricID(t, g, "scale_out")
	g.Fabrics[fid].Transit = ir.TransitNVLink
	if r := Compute(g, fid, Options{}); r.Method != MethodAnalytic || !near(r.BandwidthBPS, 28.8e12) {
		t.Errorf("GB200 two racks with transit: %s %s..%s; want analytic 28.8Tb/s", r.Method, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS))
	}
}

// With NVLink transit the analysis graph holds the NVLink domain the
// servers' GPUs form (GB200 NVL72: 18 trays, 18 NVSwitch chips, 648
// GPU–switch links of 400 Gb/s). Without the domain, the cut between the
// trays' sockets (18 Grace–Grace links, 864 Gb/s) read as "exact"; with
// it, the best cut found (the upper end) must cross the domain, at least
// 259.2 Tb/s, and the lower end stays a sound bound below it.
func TestTransitCountsNVLinkDomain(t *testing.T) {
	g := compileDir(t, "../../testdata/transit/nvl72-rail-only")
	r := Compute(g, fabricID(t, g, "ro"), Options{})
	// Half the GPUs' NVLink: 36 GPUs × 18 links × 400 Gb/s = 259.2 Tb/s
	// is the least any balanced cut of the domain alone crosses.
	if r.UpperBoundBPS < 259.2e12 || r.LowerBoundBPS <= 0 || r.LowerBoundBPS > r.UpperBoundBPS {
		t.Errorf("rail-only NVL72: %s %s..%s; want a cut of at least the domain's 259.2Tb/s", r.Method, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS))
	}
}

// TestPlanesRebalancedSound: two DGX H100, NIC i in plane i mod P (P = 2,
// 4 or 8), each plane a leaf per server striped unevenly over 3, 5 or 7
// spines (4 or 8 uplinks a leaf), server transit over NVLink. Under
// proportional up-routing the leaves reach their spines unevenly, and
// leaves of different planes share no spine; the transit spreads every
// GPU over all its NICs alike, so the rebalanced routing joins only
// leaves of one plane. The bound it proves must stay below the exact
// bisection (all C(15,7) balanced splits of the 16 GPUs) on every
// design, and must apply (trial 48: a 9-spine multi-plane design read
// 0–1).
func TestPlanesRebalancedSound(t *testing.T) {
	for _, planes := range []int{2, 4, 8} {
		for _, spines := range []int{3, 5, 7} {
			for _, up := range []int{4, 8} {
				src := fmt.Sprintf(`
node_group "dgx" {
  model = "DGX-H100"
  count = 2
}

fabric "p" {
  clos {
    endpoints      = node_group.dgx.nics.compute
    planes         = %d
    server_transit = ["nvlink"]
    unit "su" {
      nodes = 1
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["su"]
      down  = %d
      up    = %d
    }
    tier "spine" {
      model = "QM9700"
      count = %d
    }
  }
}`, planes, 8/planes, up, spines)
				g := compileHCL(t, src)
				m := newModel(g, 0, ViewGPU)
				h := m.hose()
				if !h.ok || !h.rebalanced || !h.transit {
					t.Errorf("P=%d, %d spines, up %d: hose bound ok %v, rebalanced %v, transit %v (%s); want the rebalanced bound through the transit", planes, spines, up, h.ok, h.rebalanced, h.transit, h.reason)
					continue
				}
				exact := m.exact(m.build(modeFull)).value
				t.Logf("P=%d s=%d up=%d: %s of %s", planes, spines, up, units.Rate(h.bound), units.Rate(exact))
				if h.bound > exact*(1+1e-9) {
					t.Errorf("P=%d, %d spines, up %d: the bound %s exceeds the exact bisection %s: unsound", planes, spines, up, units.Rate(h.bound), units.Rate(exact))
				}
			}
		}
	}
}
