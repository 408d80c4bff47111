package bisection

import (
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// Fabrics composed by a custom fabric's include are analyzed as one
// graph with the joining links: its bisection is the thin inter-zone
// link (m × 400G, the cut between the zones, exact), each zone's own
// analysis is unchanged (3.2 Tb/s, ratio 1); its end-to-end
// oversubscription is analyzers/oversub's TestComposedZonesEndToEnd.
func TestComposedZones(t *testing.T) {
	for _, m := range []int{1, 2, 4} {
		g := compiletest.Source(t, compiletest.ComposedZones(m))
		cluster := ir.FabricID(2)
		if f := &g.Fabrics[cluster]; f.Name != "cluster" || !f.Composite() || len(f.Endpoints) != 32 || len(g.FabricLinks(cluster)) != 96+m {
			t.Fatalf("m = %d: fabric %s, %d endpoints, %d links; want the composite of 32 endpoints and %d links", m, f.Name, len(f.Endpoints), len(g.FabricLinks(cluster)), 96+m)
		}
		r := Compute(g, cluster, Options{})
		if want := float64(m) * 400e9; r.UpperBoundBPS != want || r.LowerBoundBPS != want {
			t.Errorf("m = %d: composite bisection [%s, %s]; want exactly %s, the links between the zones", m, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), units.Rate(want))
		}
		for z := range 2 {
			if zr := Compute(g, ir.FabricID(z), Options{}); zr.BandwidthBPS != 8*400e9 || zr.Ratio != 1 {
				t.Errorf("m = %d: zone %d bisection %s ratio %v; want 3.2Tb/s, 1", m, z, units.Rate(zr.BandwidthBPS), zr.Ratio)
			}
		}
	}
}

// Storage servers with one NIC in each zone (DeepSeek Fire-Flyer 2's
// 3FS servers) do not forward between their NICs: two Clos zones of 8
// single-NIC servers and 4 dual-NIC storage servers each, joined by one
// 400G link, have a composite bisection of that one link, proven, not
// the 4 × 400G more the storage servers would carry as routers.
func TestComposedZonesStorageDoesNotForward(t *testing.T) {
	src := func() string {
		return `
switch_model "S8" {
  radix     = 8
  port_rate = "400Gb/s"
}
gpu_model "G" {
  nvlink_links = 0
  pcie_gen     = 5
  pcie_width   = 16
}
node_model "compute" {
  gpu  = "G"
  gpus = 2
  nic "compute" {
    model = "ConnectX-7-Eth"
    count = 1
  }
}
node_model "storage" {
  nic "zone0" {
    model = "ConnectX-7-Eth"
    count = 1
  }
  nic "zone1" {
    model = "ConnectX-7-Eth"
    count = 1
  }
}
node_group "c0" {
  model = "compute"
  count = 8
  name  = "z0/n${count.index}"
}
node_group "c1" {
  model = "compute"
  count = 8
  name  = "z1/n${count.index}"
}
node_group "st" {
  model = "storage"
  count = 4
}
fabric "zone0" {
  clos {
    endpoints = [node_group.c0.nics.compute, node_group.st.nics.zone0]
    tier "leaf" {
      model = "S8"
      count = 4
      down  = 3
      up    = 3
    }
    tier "spine" {
      model = "S8"
      count = 3
      down  = 4
    }
  }
}
fabric "zone1" {
  clos {
    endpoints = [node_group.c1.nics.compute, node_group.st.nics.zone1]
    tier "leaf" {
      model = "S8"
      count = 4
      down  = 3
      up    = 3
    }
    tier "spine" {
      model = "S8"
      count = 3
      down  = 4
    }
  }
}
fabric "cluster" {
  custom {
    include = ["zone0", "zone1"]
    link {
      a = "leaf3"
      b = "zone1/leaf3"
    }
  }
}
`
	}
	g := compiletest.Source(t, src())
	r := Compute(g, 2, Options{})
	if r.LowerBoundBPS != 400e9 || r.UpperBoundBPS != 400e9 {
		t.Errorf("composite bisection [%s, %s]; want exactly 400Gb/s, the one joining link", units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS))
	}
}

// Trial 33: zone z0 has PCIe server transit, so it counts each GPU-less
// storage server as one endpoint, while the composite c (no transit)
// counts its two 100G NICs; the endpoint counts still add up (7 + 7 in z0,
// 7 in z1, 21 in c). The composite hose bound took the zones' endpoints
// for c's and proved 1.1 Tb/s "exact". The least cut is 1.0 Tb/s: the 10
// NICs of five storage servers against the other 11 endpoints cut only
// their own 10 × 100G links. The bound must not apply, and the interval
// must hold 1.0 Tb/s.
func TestCompositeZonesCountEndpointsAlike(t *testing.T) {
	g := compiletest.Source(t, `switch_model "SW" {
  radix     = 64
  port_rate = "400Gb/s"
  breakouts = ["4x100Gb/s"]
}
gpu_model "G" {
  pcie_gen   = 6
  pcie_width = 16
}
nic_model "N100" {
  port_rate  = "100Gb/s"
  pcie_gen   = 5
  pcie_width = 16
}
nic_model "N400" {
  port_rate  = "400Gb/s"
  pcie_gen   = 5
  pcie_width = 16
}
# storage server: no GPU, two 100G NICs, both in zone z0
node_model "sbox" {
  nic "z0" {
    model = "N100"
    count = 2
  }
}
# 1-GPU server with one NIC in each zone
node_model "xbox" {
  gpu  = "G"
  gpus = 1
  nic "z0" {
    model = "N400"
    count = 1
  }
  nic "z1" {
    model = "N400"
    count = 1
  }
}
node_group "st" {
  model = "sbox"
  count = 7
}
node_group "x" {
  model = "xbox"
  count = 7
}
fabric "z0" {
  clos {
    endpoints      = [node_group.st.nics.z0, node_group.x.nics.z0]
    rails          = 1
    server_transit = ["pcie"]
    tier "la" {
      model = "SW"
      down  = 21
      up    = 12
    }
    tier "sa" {
      model = "SW"
    }
  }
}
fabric "z1" {
  clos {
    endpoints = node_group.x.nics.z1
    tier "lb" {
      model = "SW"
      down  = 7
      up    = 8
    }
    tier "sb" {
      model = "SW"
    }
  }
}
fabric "c" {
  custom {
    include = ["z1", "z0"]
    link {
      a        = "la0"
      b        = "lb0"
      parallel = 3
    }
  }
}
`)
	r := Compute(g, 2, Options{})
	if r.LowerBoundMethod == "hose_composite" || r.LowerBoundBPS > 1e12 || r.UpperBoundBPS != 1e12 {
		t.Errorf("%s by %s: %g–%g; want the composite bound not to apply and 1 Tb/s inside the interval, found", r.Method, r.LowerBoundMethod, r.LowerBoundBPS, r.UpperBoundBPS)
	}
}
