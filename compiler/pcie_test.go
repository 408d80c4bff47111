package compiler

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// TestServerModelsBuiltins: every built-in node model compiles into an
// ir.ServerModel whose NUMA domains and bus ids are the sourced values of
// docs/reference/nodes.md (§2 DGX H100, §4 GB200, §5 DGX A100, §6 Azure
// ND H100 v5).
func TestServerModelsBuiltins(t *testing.T) {
	g, errs := compileSrc(t, `
node_group "a" { model = "DGX-H100" }
node_group "b" { model = "DGX-A100" }
node_group "c" { model = "GB200-NVL72-compute-tray" }
node_group "d" { model = "ND-H100-v5" }
node_group "e" { model = "DGX-H100" }
`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(g.ServerModels) != 4 {
		t.Fatalf("%d server models, want 4 (one per model used)", len(g.ServerModels))
	}
	byName := map[string]*ir.ServerModel{}
	for i := range g.ServerModels {
		byName[g.ServerModels[i].Name] = &g.ServerModels[i]
	}
	bus := func(m *ir.ServerModel, name string) ir.PCIFunction {
		for _, f := range m.PCI {
			if f.Name == name {
				return f
			}
		}
		t.Fatalf("%s has no %s", m.Name, name)
		return ir.PCIFunction{}
	}
	// DGX H100: NIC buses 18 40 4f 5e 9a c0 ce dc (S2 Table 6, S4); GPU i
	// under the switch of NIC i; 224 logical CPUs on 2 NUMA nodes.
	h := byName["DGX-H100"]
	for i, b := range []string{"18", "40", "4f", "5e", "9a", "c0", "ce", "dc"} {
		nic := bus(h, "nic"+string(rune('0'+i)))
		if nic.BusID != "0000:"+b+":00.0" || nic.Class != "0x020700" || nic.LinkGen != 5 || nic.LinkWidth != 16 {
			t.Errorf("DGX-H100 nic%d: %+v", i, nic)
		}
		gpu := bus(h, "gpu"+string(rune('0'+i)))
		if gpu.Parent == ir.None || gpu.Parent != nic.Parent || h.PCI[gpu.Parent].NUMA != int32(i/4) {
			t.Errorf("DGX-H100 gpu%d not under nic%d's switch on NUMA %d", i, i, i/4)
		}
		if !h.PCI[gpu.Parent].BusIDMadeUp || h.PCI[gpu.Parent].BusID != "ffff:ff:0"+string(rune('1'+i))+".0" {
			t.Errorf("DGX-H100 switch %d: %q made up %v", i, h.PCI[gpu.Parent].BusID, h.PCI[gpu.Parent].BusIDMadeUp)
		}
	}
	if a := h.NUMA[1].Affinity; a != "ffffffff,ffffff00,00000000,0000ffff,ffffffff,ff000000,00000000" {
		t.Errorf("DGX-H100 NUMA 1 (CPUs 56-111,168-223) affinity %s", a)
	}
	if s := bus(h, "storage0"); s.BusID != "" || s.Parent != ir.None || s.NUMA != 0 {
		t.Errorf("DGX-H100 storage0: %+v; want no bus id, on socket 0", s)
	}
	// DGX A100: 8 NUMA domains; the four switch complexes on NUMA 3, 1, 7,
	// 5 (S22); the storage NIC 0000:61:00.0 on NUMA 0.
	a := byName["DGX-A100"]
	if len(a.NUMA) != 8 || a.NUMA[7].Affinity != "ffff0000,00000000,00000000,00000000,ffff0000,00000000,00000000,00000000" {
		t.Errorf("DGX-A100 NUMA: %d domains, node 7 %q", len(a.NUMA), a.NUMA[7].Affinity)
	}
	for i, want := range []int32{3, 1, 7, 5} {
		if got := a.NUMA[bus(a, "pcie"+string(rune('0'+i))).NUMA].ID; got != want {
			t.Errorf("DGX-A100 pcie%d on NUMA %d, want %d", i, got, want)
		}
	}
	if s := bus(a, "storage0"); s.BusID != "0000:61:00.0" || a.NUMA[s.NUMA].ID != 0 || s.Class != "0x020700" {
		t.Errorf("DGX-A100 storage0: %+v", s)
	}
	// GB200 tray: GPUs on C2C, no bus ids; NICs in their own PCI domains.
	gb := byName["GB200-NVL72-compute-tray"]
	if g0 := bus(gb, "gpu0"); !g0.C2C || g0.BusID != "" {
		t.Errorf("GB200 gpu0: %+v", g0)
	}
	if n := bus(gb, "nic2"); n.BusID != "0010:03:00.0" || gb.NUMA[n.NUMA].ID != 1 {
		t.Errorf("GB200 nic2: %+v", n)
	}
	if gb.NUMA[0].Arch != "arm64" || gb.NUMA[0].Vendor != "" || gb.NUMA[0].Family != ir.None {
		t.Errorf("GB200 CPU attributes: %+v", gb.NUMA[0])
	}
	// ND H100 v5: the stated fake switch ids are not made up.
	v5 := byName["ND-H100-v5"]
	if sw := bus(v5, "pcie7"); sw.BusID != "ffff:ff:08.0" || sw.BusIDMadeUp || sw.VendorID != "0x0000" {
		t.Errorf("ND-H100-v5 pcie7: %+v", sw)
	}
	if v5.GPUSM != 90 || v5.NVLinksPerGPU != 18 {
		t.Errorf("ND-H100-v5: sm %d, %d NVLinks per GPU; want 90 and 4+5+5+4", v5.GPUSM, v5.NVLinksPerGPU)
	}
}

// TestHardwareDiagnostics: malformed PCIe identity is an error at the
// attribute, with the fix in the message.
func TestHardwareDiagnostics(t *testing.T) {
	base := `
node_model "m" {
  gpu  = "H100"
  gpus = 2
  cpu {
    sockets           = 2
    inter_socket_rate = "22GB/s"
    numa {
      id     = 0
      socket = 0
      cpus   = "0-15"
    }
    numa {
      id     = 1
      socket = 1
      cpus   = "16-31"
    }
  }
  gpu_pci {
    bus_ids = ["0000:1b:00.0", "0000:43:00.0"]
  }
  pcie_switch {
    numa  = 0
    gpus  = [0]
    gen   = 5
    width = 16
  }
}
node_group "n" { model = "m" }
`
	if _, errs := compileSrc(t, base); len(errs) > 0 {
		t.Fatalf("the base model has errors: %v", errs)
	}
	cases := map[string]struct{ from, to, code string }{
		"upper-case bus id":     {`"0000:1b:00.0"`, `"0000:1B:00.0"`, "invalid-value"},
		"bus id without domain": {`"0000:1b:00.0"`, `"1b:00.0"`, "invalid-value"},
		"duplicate bus id":      {`"0000:43:00.0"`, `"0000:1b:00.0"`, "duplicate-name"},
		"too few bus ids":       {`, "0000:43:00.0"]`, `]`, "invalid-value"},
		"unknown NUMA":          {"    numa  = 0\n", "    numa  = 4\n", "unknown-reference"},
		"bad CPU list":          {`"16-31"`, `"31-16"`, "invalid-value"},
		"cpus and affinity":     {`cpus   = "16-31"`, "cpus   = \"16-31\"\n      affinity = \"ffff0000\"", "invalid-value"},
		"range as affinity":     {`cpus   = "16-31"`, `affinity = "16-31"`, "invalid-value"},
		"gen 7":                 {"gen   = 5", "gen   = 7", "invalid-value"},
		"width 3":               {"width = 16", "width = 3", "invalid-value"},
		"parent after":          {"    numa  = 0\n", "    parent = 0\n", "invalid-value"},
		"bad class":             {"bus_ids = [", "class = \"GPU\"\n    bus_ids = [", "invalid-value"},
		"duplicate NUMA id":     {"id     = 1", "id     = 0", "duplicate-name"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			src := strings.Replace(base, c.from, c.to, 1)
			if src == base {
				t.Fatalf("case does not change the design")
			}
			_, errs := compileSrc(t, src)
			found := false
			for _, e := range errs {
				found = found || e == c.code
			}
			if !found {
				t.Errorf("want a %s error, got %v", c.code, errs)
			}
		})
	}
}

// TestNestedSwitchWiring: a switch under another links to it, not to the
// CPU, at the lower of the two rates; devices under the child count the
// parent's ports correctly.
func TestNestedSwitchWiring(t *testing.T) {
	g, errs := compileSrc(t, `
node_model "m" {
  gpu  = "H100"
  gpus = 2
  cpu { sockets = 1 }
  pcie_switch {
    gen   = 5
    width = 16
  }
  pcie_switch {
    parent = 0
    gpus   = [0, 1]
    gen    = 4
    width  = 16
  }
}
node_group "n" { model = "m" }
`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	id := map[string]ir.NodeID{}
	for i, n := range g.Nodes {
		id[n.Name] = ir.NodeID(i)
	}
	var upLink *ir.Link
	for _, l := range g.AllLinks() {
		if l.A.Node == id["n0/pcie1"] && l.B.Node == id["n0/pcie0"] {
			upLink = &l
		}
		if l.A.Node == id["n0/pcie1"] && l.B.Node == id["n0/cpu0"] {
			t.Errorf("nested switch linked to the CPU")
		}
	}
	if upLink == nil || upLink.CapacityBPS != pcieRateBPS(4, 16) || upLink.B.Port != 1 {
		t.Fatalf("pcie1→pcie0 link: %+v; want Gen4 x16 (%v b/s) on port 1 of pcie0", upLink, pcieRateBPS(4, 16))
	}
	p, _ := g.PCIePath(id["n0/gpu0"], id["n0/gpu1"])
	if p != ir.PathPIX {
		t.Errorf("GPUs under one switch: %v, want PIX", p)
	}
}

// A server's sockets are always linked, as NCCL links the CPUs of one
// node: without inter_socket_rate the link runs at NCCL 2.30's rate for
// the arch and vendor (src/graph/topo.h: AMD_BW 16 GB/s, ARM_BW 6,
// ERP_QPI_BW 40 for Intel model 0xCF on), and with neither an arch nor a
// vendor NCCL models the design is refused at the cpu block
// (testdata/bad/cpu-sockets-no-inter-socket-rate), so no GPU is left
// without a path to the other socket's NICs.
func TestInterSocketDefault(t *testing.T) {
	for _, c := range []struct {
		cpu  string
		want float64 // bits per second per direction; 0: refused
	}{
		{`vendor = "AuthenticAMD"`, 16 * 8e9},
		{`arch = "aarch64"`, 6 * 8e9},
		{"vendor = \"GenuineIntel\"\n    model_id = 207", 40 * 8e9},
		{`inter_socket_rate = "30GB/s"`, 30 * 8e9},
		{``, 0},
	} {
		g, errs := compileSrc(t, `
gpu_model "X3" {
  nvlink_links = 0
  pcie_gen     = 5
  pcie_width   = 16
}
node_model "box" {
  gpu  = "X3"
  gpus = 2
  cpu {
    sockets = 2
    `+c.cpu+`
  }
  nic "compute" {
    model = "ConnectX-7"
    count = 2
  }
}
node_group "n" {
  model = "box"
  count = 1
}`)
		if c.want == 0 {
			if len(errs) != 1 || errs[0] != "invalid-value" {
				t.Errorf("%q: errors %v, want one invalid-value", c.cpu, errs)
			}
			continue
		}
		if len(errs) > 0 {
			t.Fatalf("%q: %v", c.cpu, errs)
		}
		found := false
		for _, l := range g.AllLinks() {
			if l.Kind == ir.LinkCPUCPU {
				found = true
				if l.CapacityBPS != c.want {
					t.Errorf("%q: inter-socket link %g b/s, want %g", c.cpu, l.CapacityBPS, c.want)
				}
			}
		}
		if !found {
			t.Errorf("%q: no inter-socket link", c.cpu)
		}
	}
}
