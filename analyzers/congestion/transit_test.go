package congestion_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/topoc/topoc/lang/diag"
)

// mpft is a small multi-plane fat-tree in DeepSeek-V3's shape: 16 DGX
// H100, NIC i of every server in plane i (planes = 8), each plane a
// non-blocking two-tier Clos (2 leaves of 8 down and 8 up, 2 spines), the
// planes joined only inside the servers over NVLink.
const mpft = `
node_group "dgx" {
  model = "DGX-H100"
  count = 16
}

fabric "mpft" {
  clos {
    endpoints      = node_group.dgx.nics.compute
    planes         = 8
    server_transit = ["nvlink"]
    unit "su" {
      nodes = 8
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["su"]
      down  = 8
      up    = 8
    }
    tier "spine" {
      model = "QM9700"
      count = 2
      down  = 8
    }
  }
}

workload "moe" {
  gpus = node_group.dgx.gpus
  collective "rail_aware" {
    op      = "alltoall"
    size    = "64MiB"
    group   = "all"
    routing = "ideal"
  }
  collective "naive" {
    op      = "alltoall"
    size    = "64MiB"
    group   = "all"
    order   = "naive"
    routing = "ideal"
  }
  collective "ring" {
    op      = "allreduce"
    size    = "64MiB"
    group   = "all"
    order   = "naive"
    routing = "ideal"
  }
}
`

// Cross-plane traffic in a multi-plane fabric has no path over the
// fabric; with server transit it is relayed over NVLink to the NIC on the
// destination's plane (PXN) whatever the order, so every transfer routes,
// the naive AllToAll matches the rail-aware one, and a non-blocking plane
// carries it uncongested (factor 1: only the NICs are full).
func TestMultiPlaneTransitRoutes(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "d.topo.hcl"), []byte(mpft), 0o644); err != nil {
		t.Fatal(err)
	}
	res, ds := analyze(t, compile(t, dir))
	for _, d := range ds {
		if diag.CodeOf(d) == diag.CollectiveUnroutable {
			t.Errorf("%s: %s", d.Summary, d.Detail)
		}
	}
	ra := collective(t, res, "moe", "rail_aware")
	nv := collective(t, res, "moe", "naive")
	if !near(ra.CongestionFactor, 1, 1e-9) || !near(nv.CongestionFactor, ra.CongestionFactor, 1e-12) || !near(nv.BandwidthTimeS, ra.BandwidthTimeS, 1e-12) {
		t.Errorf("alltoall: rail-aware congestion %g, %gs; naive %g, %gs; want both 1 and equal",
			ra.CongestionFactor, ra.BandwidthTimeS, nv.CongestionFactor, nv.BandwidthTimeS)
	}
	// A naive ring over 128 GPUs crosses from GPU 7 of one server to GPU 0
	// of the next: plane 7 to plane 0, relayed inside the sender.
	if r := collective(t, res, "moe", "ring"); r.CongestionFactor <= 0 || r.TimeS <= 0 {
		t.Errorf("naive ring: congestion %g, time %g: want it routed", r.CongestionFactor, r.TimeS)
	}
}
