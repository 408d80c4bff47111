package compiler

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// superpodSrc is a 2-SU rail-optimized Clos of DGX H100 (63 servers, the
// last SU one short, as in RA-11333-001) for workload tests.
const superpodSrc = `
node_group "dgx" {
  model = "DGX-H100"
  count = 63
  name  = format("su%d/node%02d", floor(count.index / 32), count.index % 32)
}
fabric "compute" {
  clos {
    endpoints = node_group.dgx.nics.compute
    rails     = 8
    unit "su" {
      nodes = 32
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["su", "rail"]
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
      count = 8
    }
  }
}
`

// TestWorkloadResolved: the pool, placement, parallelism defaults,
// collective defaults, the fabric and the NVLS capability are resolved.
func TestWorkloadResolved(t *testing.T) {
	g, errs := compileSrc(t, superpodSrc+`
workload "w" {
  gpus      = node_group.dgx.gpus
  units     = ["su1"]
  gpu_count = 64
  placement = "spread"
  parallelism {
    tensor = 8
  }
  collective "grads" {
    op   = "allreduce"
    size = "1GB"
  }
  collective "moe" {
    op   = "alltoall"
    size = "1GB"
  }
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	w := g.Workloads[0]
	if len(w.Pool) != 31*8 || g.Nodes[g.Nodes[w.Pool[0]].Parent].Name != "su1/node00" {
		t.Fatalf("pool of %d GPUs starting at %s; want su1's 248", len(w.Pool), g.Nodes[w.Pool[0]].Name)
	}
	if w.Placement != (ir.Placement{Strategy: ir.PlaceSpread, Count: 64, Seed: 1}) {
		t.Errorf("placement %+v", w.Placement)
	}
	if w.Parallelism != (ir.Parallelism{Data: 8, Tensor: 8, Pipeline: 1, Expert: 1, Context: 1}) {
		t.Errorf("parallelism %+v", w.Parallelism)
	}
	if g.Fabrics[w.Fabric].Name != "compute" || !w.NVLS {
		t.Errorf("fabric %d, NVLS %v; want compute and true (H100 next to NVSwitches)", w.Fabric, w.NVLS)
	}
	c := w.Collectives[0]
	// The SuperPOD's fabric is InfiniBand: destination-routed tables.
	if c.Algorithm != "ring" || c.Group != "data" || c.Order != "rail_aware" || c.Routing != "pinned" ||
		c.Path != "minimal" || c.FlowsPerPair != 1 || c.PerStep != 1 || c.SizeBytes != 1e9 {
		t.Errorf("collective defaults %+v", c)
	}
	if a := w.Collectives[1]; a.Algorithm != "direct" || a.Group != "data" {
		t.Errorf("alltoall defaults %+v", a)
	}
	i := slices.IndexFunc(w.Switches, func(f ir.SwitchFacts) bool { return f.Model == "QM9700" })
	if i < 0 || !w.Switches[i].SHARP {
		t.Errorf("switch facts %+v; want QM9700 with SHARP", w.Switches)
	}
}

// TestWorkloadErrors: each mistake is one diagnostic with its code.
func TestWorkloadErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, code string
	}{
		{"unknown group", `workload "w" {
  gpus = node_group.nope.gpus
}`, "unknown-reference"},
		{"not a GPU list", `workload "w" {
  gpus = node_group.dgx.nics
}`, "workload-placement"},
		{"too many GPUs", `workload "w" {
  gpus      = node_group.dgx.gpus
  gpu_count = 10000
}`, "workload-placement"},
		{"unknown server", `workload "w" {
  gpus  = node_group.dgx.gpus
  nodes = ["su0/node99"]
}`, "workload-placement"},
		{"unknown unit", `workload "w" {
  gpus  = node_group.dgx.gpus
  units = ["pod7"]
}`, "workload-placement"},
		{"sizes", `workload "w" {
  gpus = node_group.dgx.gpus
  parallelism {
    data   = 10
    tensor = 8
  }
}`, "workload-parallelism"},
		{"expert", `workload "w" {
  gpus = node_group.dgx.gpus
  parallelism {
    tensor = 8
    expert = 5
  }
}`, "workload-parallelism"},
		{"valiant on a Clos", `workload "w" {
  gpus = node_group.dgx.gpus
  collective "c" {
    op   = "allreduce"
    size = "1GB"
    path = "valiant"
  }
}`, "workload-algorithm"},
		{"unknown fabric", `workload "w" {
  gpus   = node_group.dgx.gpus
  fabric = "storage"
}`, "workload-fabric"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := compileSrc(t, superpodSrc+tc.src)
			if len(errs) != 1 || errs[0] != tc.code {
				t.Fatalf("errors %v, want [%s]", errs, tc.code)
			}
		})
	}
}

// NVLS needs NVSwitches that reduce: DGX A100 (A100, compute capability
// 8.0) has NVSwitches but no NVLink SHARP.
func TestWorkloadNVLSNeedsHopper(t *testing.T) {
	_, errs := compileSrc(t, `
node_group "a" {
  model = "DGX-A100"
}
workload "w" {
  gpus = node_group.a.gpus
  collective "c" {
    op        = "allreduce"
    algorithm = "nvls"
    size      = "1GB"
  }
}`)
	if len(errs) != 1 || errs[0] != "workload-algorithm" {
		t.Fatalf("errors %v, want [workload-algorithm]", errs)
	}
}

// A fabric of implicit hosts is a pool too, and its own fabric.
func TestWorkloadOnHosts(t *testing.T) {
	g, errs := compileSrc(t, `
fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "100Gb/s"
  }
}
workload "w" {
  gpus  = fabric.ft.endpoints
  units = ["pod1"]
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	w := g.Workloads[0]
	if len(w.Pool) != 4 || g.Fabrics[w.Fabric].Name != "ft" || w.NVLS {
		t.Fatalf("pool %d, fabric %d, NVLS %v; want pod1's 4 hosts on ft", len(w.Pool), w.Fabric, w.NVLS)
	}
}

// A context lever re-derives the job with the sequence split over more
// ranks: the ranks stay, data takes up the change (64 GPUs of tensor 8:
// data 8, context 1 → data 4, context 2), and the key-value exchange of
// context parallelism appears, over the context groups. A size that does
// not divide data × context is workload-parallelism at the lever.
func TestContextLever(t *testing.T) {
	base := superpodSrc + `
workload "w" {
  gpus      = node_group.dgx.gpus
  gpu_count = 64
  parallelism {
    tensor = 8
  }
  model {
    parameters      = 8e9
    layers          = 32
    hidden          = 4096
    attention_heads = 32
    kv_heads        = 8
    sequence_length = 32768
    micro_batch     = 1
    global_batch    = 16
  }
  lever "cp2" {
    context = CONTEXT
  }
}`
	g, errs := compileSrc(t, strings.Replace(base, "CONTEXT", "2", 1))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	l := g.Workloads[0].Levers[0]
	if l.Parallelism.Context != 2 || l.Parallelism.Data != 4 || !slices.Equal(l.Changes, []string{"context = 2"}) {
		t.Fatalf("lever %+v", l)
	}
	if i := slices.IndexFunc(l.Collectives, func(c ir.Collective) bool { return c.Name == "context_kv" }); i < 0 || l.Collectives[i].Group != "context" {
		t.Errorf("lever collectives %+v; want context_kv over context", l.Collectives)
	}
	_, errs = compileSrc(t, strings.Replace(base, "CONTEXT", "3", 1))
	if len(errs) != 1 || errs[0] != string(diag.WorkloadParallelism) {
		t.Errorf("context 3 of 8 ranks: %v, want one workload-parallelism", errs)
	}
}

// A collective that names no routing takes its workload's; a workload
// that names none takes its fabric's: pinned (forwarding tables by
// destination) on InfiniBand switches, ecmp on Ethernet ones. Derived
// collectives follow the workload too (trial 64: an InfiniBand fabric's
// model-derived gradient AllReduce under per-QP hashing read twice its
// time, with no way to say otherwise).
func TestWorkloadRouting(t *testing.T) {
	src := func(model, routing string) string {
		return fmt.Sprintf(`
fabric "f" {
  clos {
    hosts     = 16
    host_rate = "400Gb/s"
    tier "leaf" {
      model = %q
      count = 2
      down  = 8
      up    = 8
    }
    tier "spine" {
      model = %q
      count = 2
    }
  }
}
workload "w" {
  gpus = fabric.f.endpoints
  %s
  collective "own" {
    op      = "allreduce"
    size    = "1GiB"
    routing = "ecmp"
  }
  collective "inherits" {
    op   = "allreduce"
    size = "1GiB"
  }
  model {
    parameters      = 1e9
    layers          = 8
    hidden          = 2048
    sequence_length = 4096
    micro_batch     = 1
    global_batch    = 16
  }
}`, model, model, routing)
	}
	for _, tc := range []struct{ model, routing, want string }{
		{"QM9700", "", "pinned"},
		{"TH4-64x400G", "", "ecmp"},
		{"QM9700", `routing = "ideal"`, "ideal"},
	} {
		g, errs := compileSrc(t, src(tc.model, tc.routing))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		w := g.Workloads[0]
		if len(w.Collectives) < 3 || w.Collectives[0].Derivation == "" {
			t.Fatalf("collectives %+v, want the model's derived ones before the two written", w.Collectives)
		}
		if w.Routing != tc.want {
			t.Errorf("%s %s: workload routing %q, want %q", tc.model, tc.routing, w.Routing, tc.want)
		}
		for _, c := range w.Collectives {
			want := tc.want
			if c.Name == "own" {
				want = "ecmp"
			}
			if c.Routing != want {
				t.Errorf("%s %s: collective %q routes %q, want %q", tc.model, tc.routing, c.Name, c.Routing, want)
			}
		}
	}
}
