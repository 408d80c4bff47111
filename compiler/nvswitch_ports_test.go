package compiler

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// TestNVSwitchPortBudget sweeps the GPUs of a DGX-H100-based model: its
// 4 NVSwitch-gen3 chips take [4, 5, 5, 4] links from each GPU, so the
// busiest chip needs 5·n of its 64 ports, which fits up to n = 12 and is
// radix-exceeded from 13 on. Two chips of an even split of 18 links take
// 9 each (64 ÷ 9: 7 GPUs fit, 8 do not); an unknown chip model is
// unknown-reference.
func TestNVSwitchPortBudget(t *testing.T) {
	design := func(model string) string {
		return model + `
node_group "g" {
  model = "m"
  count = 2
}
fabric "f" {
  clos {
    endpoints = node_group.g.nics.compute
    tier "leaf" {
      model = "QM9700"
    }
  }
}
`
	}
	for n := 1; n <= 16; n++ {
		_, errs := compileSrc(t, design(fmt.Sprintf("node_model \"m\" {\n  base = \"DGX-H100\"\n  gpus = %d\n}\n", n)))
		if got, want := slices.Contains(errs, "radix-exceeded"), 5*n > 64; got != want {
			t.Errorf("%d GPUs: errors %v, want radix-exceeded %v", n, errs, want)
		}
	}
	for n := 6; n <= 9; n++ {
		_, errs := compileSrc(t, design(fmt.Sprintf("node_model \"m\" {\n  base = \"DGX-H100\"\n  gpus = %d\n  nvswitches = 2\n  nvlink_per_switch = [9, 9]\n}\n", n)))
		if got, want := slices.Contains(errs, "radix-exceeded"), 9*n > 64; got != want {
			t.Errorf("2 chips, %d GPUs: errors %v, want radix-exceeded %v", n, errs, want)
		}
	}
	_, errs := compileSrc(t, design("node_model \"m\" {\n  base = \"DGX-H100\"\n  nvswitch_model = \"NVSwitch-gen9\"\n}\n"))
	if !slices.Contains(errs, "unknown-reference") {
		t.Errorf("unknown chip model: errors %v, want unknown-reference", errs)
	}
}

// TestNVSwitchChipChecks: a GPU whose NVLink rate differs from its
// in-box chip's ports is rate-mismatch (B200 links on an H100 board's
// gen3 chips, H100 links on gen4 chips); a chip model that is not an NVLink switch is invalid-value;
// an nvlink_domain over GPUs whose NVLinks all go to their server's own
// NVSwitches (DGX H100: 18 of 18) is nvlink-budget (trial findings).
func TestNVSwitchChipChecks(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"node_model \"m\" {\n  base = \"DGX-H100\"\n  gpu  = \"B200\"\n}\n" + nodeGroupOf("m"), "rate-mismatch"},
		{"node_model \"m\" {\n  base           = \"DGX-H100\"\n  nvswitch_model = \"NVSwitch-gen4\"\n}\n" + nodeGroupOf("m"), "rate-mismatch"},
		{"node_model \"m\" {\n  base           = \"DGX-H100\"\n  nvswitch_model = \"QM9700\"\n}\n" + nodeGroupOf("m"), "invalid-value"},
		{nodeGroupOf("DGX-H100") + "fabric \"nvl\" {\n  nvlink_domain {\n    gpu_nodes     = node_group.g.gpus\n    switches      = 18\n    links_per_gpu = 18\n    link_rate     = \"25GB/s\"\n    switch_model  = \"NVSwitch-gen3\"\n  }\n}\n", "nvlink-budget"},
	} {
		if _, errs := compileSrc(t, tc.src); len(errs) != 1 || errs[0] != tc.want {
			t.Errorf("errors %v, want one %s\n%s", errs, tc.want, tc.src)
		}
	}
	// The built-in H100 board on its own gen3 chips compiles (the GB200
	// trays of an NVL72 domain, with no in-box chips, are the examples').
	if _, errs := compileSrc(t, nodeGroupOf("DGX-H100")); len(errs) != 0 {
		t.Errorf("DGX-H100: %v", errs)
	}
}

// nodeGroupOf is a node group of two servers of model on one leaf.
func nodeGroupOf(model string) string {
	return `
node_group "g" {
  model = "` + model + `"
  count = 2
}
fabric "f" {
  clos {
    endpoints = node_group.g.nics.compute
    tier "leaf" {
      model = "QM9700"
    }
  }
}
`
}

// TestNVLinkDomainOverNodeGroups: gpu_nodes lists several node groups
// (audit of issue 12: a list was rejected with "Reference expected" and
// a NIC reference as its example). Two groups of 9 GB200 trays make one
// 72-GPU domain: 18 links from each GPU, one to each of 18 chips, 1,296
// in all, in the order listed, each GPU once.
func TestNVLinkDomainOverNodeGroups(t *testing.T) {
	g, errs := compileSrc(t, `
node_group "left" {
  model = "GB200-NVL72-compute-tray"
  count = 9
  name  = format("rack0/tray%02d", count.index)
}
node_group "right" {
  model = "GB200-NVL72-compute-tray"
  count = 9
  name  = format("rack0/tray%02d", count.index + 9)
}
fabric "nvl72" {
  nvlink_domain {
    gpu_nodes     = [node_group.right.gpus, node_group.left.gpus]
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	f := &g.Fabrics[0]
	links := 0
	for _, l := range g.AllFabricLinks() {
		if l.Fabric == 0 {
			links++
		}
	}
	seen := map[string]bool{}
	for _, p := range f.Endpoints {
		seen[g.Nodes[p.Node].Name] = true
	}
	if len(f.Endpoints) != 72 || len(seen) != 72 || links != 1296 {
		t.Errorf("%d endpoints (%d distinct), %d links; want 72 GPUs once each and 1,296 links", len(f.Endpoints), len(seen), links)
	}
	if first := g.Nodes[f.Endpoints[0].Node].Name; first != "rack0/tray09/gpu0" {
		t.Errorf("first GPU %s; want rack0/tray09/gpu0 (the groups in the order listed)", first)
	}
}

// TestNVLinkDomainPerRack: count on a fabric block makes one fabric per
// instance, and servers picks each rack's trays by name, so a multi-rack
// GB200 NVL72 cluster is one node group, one block of NVLink domains,
// one scale-out fabric and one workload (issue 12: "one NVLink domain per
// rack via count/for_each"). Three racks of 18 trays: three domains
// named nvl72-r0 … nvl72-r2 of 72 GPUs and 1,296 links each, the GPUs of
// rack r in domain r, each GPU in one domain.
func TestNVLinkDomainPerRack(t *testing.T) {
	g, errs := compileSrc(t, `
node_group "tray" {
  model = "GB200-NVL72-compute-tray"
  count = 54
  name  = format("rack%d/tray%02d", floor(count.index / 18), count.index % 18)
}
fabric "nvl72" {
  for_each = { r0 = 0, r1 = 1, r2 = 2 }
  nvlink_domain {
    gpu_nodes     = node_group.tray.gpus
    servers       = "rack${each.value}/*"
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var names []string
	domainOf := map[string]string{}
	for fi, f := range g.Fabrics {
		names = append(names, f.Name)
		links := len(g.FabricLinks(ir.FabricID(fi)))
		if len(f.Endpoints) != 72 || links != 1296 {
			t.Errorf("%s: %d GPUs, %d links; want 72 and 1,296", f.Name, len(f.Endpoints), links)
		}
		for _, p := range f.Endpoints {
			gpu := g.Nodes[p.Node].Name
			if prev, ok := domainOf[gpu]; ok {
				t.Errorf("%s in %s and %s", gpu, prev, f.Name)
			}
			domainOf[gpu] = f.Name
			if rack := gpu[:5]; fmt.Sprintf("nvl72-r%c", rack[4]) != f.Name {
				t.Errorf("%s (rack %s) in %s", gpu, rack, f.Name)
			}
		}
	}
	if !slices.Equal(names, []string{"nvl72-r0", "nvl72-r1", "nvl72-r2"}) {
		t.Errorf("fabrics %v; want nvl72-r0 … nvl72-r2", names)
	}
}

// TestServersOutsideDomains: a count one short of the racks leaves the
// last rack's trays in no NVLink domain; a gpus-outside-domains warning
// at servers says so, with how many and the first (trial 67), and the
// full count draws none.
func TestServersOutsideDomains(t *testing.T) {
	src := func(domains int) string {
		return fmt.Sprintf(`
node_group "tray" {
  model = "GB200-NVL72-compute-tray"
  count = 54
  name  = format("rack%%d/tray%%02d", floor(count.index / 18), count.index %% 18)
}
fabric "nvl72" {
  count = %d
  nvlink_domain {
    gpu_nodes     = node_group.tray.gpus
    servers       = "rack${count.index}/*"
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}`, domains)
	}
	warnings := func(src string) []string {
		var out []string
		_, diags := compileDiags(t, src)
		for _, d := range withCode(diags, diag.GPUsOutsideDomains) {
			out = append(out, d.Detail)
		}
		return out
	}
	w := warnings(src(2))
	if len(w) != 1 || !strings.Contains(w[0], "leave 18 servers") || !strings.Contains(w[0], "rack2/tray00") {
		t.Errorf("two domains over three racks: %q; want one gpus-outside-domains warning naming 18 servers from rack2/tray00", w)
	}
	if w := warnings(src(3)); len(w) != 0 {
		t.Errorf("three domains over three racks: %q; want none", w)
	}
}
