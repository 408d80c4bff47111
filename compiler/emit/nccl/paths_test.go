package nccl_test

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/emit/nccl/topoxml"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

func catalogSource(t testing.TB) []byte { return lang.BuiltinSource() }

// twoSocket is a 2-socket, 4-GPU test node whose PCIe layout the cases
// vary; %s is replaced by its NIC and switch blocks.
const twoSocket = `
node_model "t" {
  gpu  = "H100"
  gpus = 4
  cpu {
    sockets = 2
    vendor  = "GenuineIntel"
    arch    = "x86_64"
    family  = 6
    model_id = 143
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
    bus_ids = ["0000:10:00.0", "0000:20:00.0", "0000:90:00.0", "0000:a0:00.0"]
  }
  nic "compute" {
    model = "ConnectX-7"
    count = 2
    pci {
      bus_ids = ["0000:11:00.0", "0000:91:00.0"]
      numa    = [0, 0]
    }
  }
%s
}
`

// TestPathClasses checks the predicted path of each GPU to its nearest NIC
// against NCCL's rules (nccl-topo-xml.md §6), and checks the prediction,
// made on the compiled graph by ir.Internals, against lint's independent
// classification of the emitted XML tree: a GPU lint calls "no GPUDirect
// RDMA" is exactly one the emitter predicts GDR off for.
func TestPathClasses(t *testing.T) {
	cases := []struct {
		name     string
		switches string
		want     []ir.PathClass // per GPU
	}{
		{"one switch per GPU pair, NIC inside (PIX)", `
  pcie_switch {
    count  = 2
    numa   = count.index
    gpus   = [2 * count.index, 2 * count.index + 1]
    nics   = ["compute[${count.index}]"]
    gen    = 5
    width  = 16
  }`, []ir.PathClass{ir.PathPIX, ir.PathPIX, ir.PathPIX, ir.PathPIX}},
		{"NICs on the CPU (PHB on socket 0, SYS on socket 1)", `
  pcie_switch {
    count  = 2
    numa   = count.index
    gpus   = [2 * count.index, 2 * count.index + 1]
    gen    = 5
    width  = 16
  }`, []ir.PathClass{ir.PathPHB, ir.PathPHB, ir.PathSYS, ir.PathSYS}},
		{"two levels of plain switches (PXB)", `
  pcie_switch {
    numa  = 0
    nics  = ["compute[0]"]
    gen   = 5
    width = 16
  }
  pcie_switch {
    parent = 0
    gpus   = [0, 1]
    gen    = 5
    width  = 16
  }
  pcie_switch {
    numa  = 1
    gpus  = [2, 3]
    nics  = ["compute[1]"]
    gen   = 5
    width = 16
  }`, []ir.PathClass{ir.PathPXB, ir.PathPXB, ir.PathPIX, ir.PathPIX}},
		{"two levels of Broadcom PEX890xx, which NCCL flattens (PIX)", `
  pcie_switch {
    numa                = 0
    nics                = ["compute[0]"]
    gen                 = 5
    width               = 16
    vendor_id           = "0x1000"
    device_id           = "0xc030"
    subsystem_vendor_id = "0x1000"
    subsystem_device_id = "0x0072"
  }
  pcie_switch {
    parent              = 0
    gpus                = [0, 1]
    gen                 = 5
    width               = 16
    vendor_id           = "0x1000"
    device_id           = "0xc030"
    subsystem_vendor_id = "0x1000"
    subsystem_device_id = "0x1003"
  }
  pcie_switch {
    numa  = 1
    gpus  = [2, 3]
    nics  = ["compute[1]"]
    gen   = 5
    width = 16
  }`, []ir.PathClass{ir.PathPIX, ir.PathPIX, ir.PathPIX, ir.PathPIX}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(twoSocket, "%s", c.switches, 1)
			r := emitModel(t, "t", map[string]string{"t.topo.hcl": src})
			if r.Tree == nil {
				t.Fatalf("no file: %v", r.Missing)
			}
			if len(r.Paths) != len(c.want) {
				t.Fatalf("%d paths, want %d", len(r.Paths), len(c.want))
			}
			off := map[string]bool{}
			for i, p := range r.Paths {
				if p.Class != c.want[i] {
					t.Errorf("GPU %d: %v, want %v", i, p.Class, c.want[i])
				}
				if p.GDR != (c.want[i] <= ir.PathPXB) {
					t.Errorf("GPU %d: GDR %v on a %v path", i, p.GDR, p.Class)
				}
				if !p.GDR {
					off["GPU "+[]string{"0000:10:00.0", "0000:20:00.0", "0000:90:00.0", "0000:a0:00.0"}[i]+" has no GPUDirect RDMA"] = true
				}
			}
			lintOff := map[string]bool{}
			for _, d := range topoxml.Lint("t.xml", topoxml.Write(r.Tree, nil)) {
				if diag.CodeOf(d) == diag.NCCLNoGDR && diag.SeverityOf(d) == diag.SevWarning {
					lintOff[d.Summary] = true
				}
			}
			if len(off) != len(lintOff) {
				t.Errorf("emitter predicts GDR off for %v, lint for %v", off, lintOff)
			}
			for k := range off {
				if !lintOff[k] {
					t.Errorf("lint misses %q", k)
				}
			}
		})
	}
}

// TestGB200P2C: on a GB200 tray GPUs reach NICs over C2C and Grace's PCIe
// (P2C): GDR on with NCCL 2.30's default NCCL_NET_GDR_C2C=1, off before
// (nccl-topo-xml.md §6; nodes.md §4).
func TestGB200P2C(t *testing.T) {
	r := emitModel(t, "GB200-NVL72-compute-tray", nil)
	if len(r.Paths) != 4 {
		t.Fatalf("%d paths", len(r.Paths))
	}
	for _, p := range r.Paths {
		if p.Class != ir.PathP2C || !p.GDR || p.GDROld || p.Nearest != 2 {
			t.Errorf("GPU %d: %v GDR %v/%v, %d nearest; want P2C, on in 2.30, off before, 2 NICs per Grace", p.GPU, p.Class, p.GDR, p.GDROld, p.Nearest)
		}
	}
}

// TestMadeUpSwitchIDs: switches without a bus id get ffff:ff:NN.0 ids that
// skip every stated id, and neutral 0x0000 vendor ids.
func TestMadeUpSwitchIDs(t *testing.T) {
	src := strings.Replace(twoSocket, "%s", `
  pcie_switch {
    count = 3
    numa  = 0
    gpus  = count.index < 2 ? [count.index] : []
    gen   = 5
    width = 16
  }
  pcie_switch {
    numa   = 1
    gpus   = [2, 3]
    bus_id = "ffff:ff:02.0"
    gen    = 5
    width  = 16
  }`, 1)
	r := emitModel(t, "t", map[string]string{"t.topo.hcl": src})
	if r.Tree == nil {
		t.Fatal(r.Missing)
	}
	out := string(topoxml.Write(r.Tree, nil))
	for _, want := range []string{`busid="ffff:ff:01.0"`, `busid="ffff:ff:03.0"`, `busid="ffff:ff:02.0"`} {
		if strings.Count(out, want) != 1 {
			t.Errorf("want exactly one %s:\n%s", want, out)
		}
	}
	// The third switch has nothing below it: it is left out.
	if strings.Contains(out, "ffff:ff:04.0") {
		t.Errorf("an empty switch was written:\n%s", out)
	}
	if got := strings.Join(r.MadeUp, ","); got != "pcie0 ffff:ff:01.0,pcie1 ffff:ff:03.0" {
		t.Errorf("made up %q", got)
	}
	if !strings.Contains(out, `busid="ffff:ff:01.0" class="0x060400" vendor="0x0000" device="0x0000" subsystem_vendor="0x0000" subsystem_device="0x0000"`) {
		t.Errorf("made-up switch without neutral ids:\n%s", out)
	}
	if strings.Contains(out, `busid="ffff:ff:02.0" class="0x060400" vendor=`) {
		t.Errorf("a stated switch id got invented vendor ids:\n%s", out)
	}
}

// TestDiff: the comparator reads values as NCCL does and reports every
// structural or value difference.
func TestDiff(t *testing.T) {
	base := `<system version="1"><cpu numaid="0" affinity="00000000,0000ffff" arch="x86_64"><pci busid="ffff:ff:01.0" class="0x060400" link_speed="16 GT/s" link_width="16"><pci busid="0001:00:00.0" class="0x030200" link_speed="16 GT/s" link_width="16"/><pci busid="0101:00:00.0" class="0x020700" link_speed="16 GT/s" link_width="16"/></pci></cpu></system>`
	parse := func(s string) *topoxml.Element { return system(t, "d.xml", []byte(s)) }
	same := []string{
		strings.ReplaceAll(base, "16 GT/s", "16.0 GT/s PCIe"),
		strings.Replace(base, "00000000,0000ffff", "0000ffff", 1),
		strings.Replace(base, `numaid="0"`, `numaid="0x0"`, 1),
		// sibling order does not matter to NCCL's lookups
		strings.Replace(base, `<pci busid="0001:00:00.0" class="0x030200" link_speed="16 GT/s" link_width="16"/><pci busid="0101:00:00.0" class="0x020700" link_speed="16 GT/s" link_width="16"/>`,
			`<pci busid="0101:00:00.0" class="0x020700" link_speed="16 GT/s" link_width="16"/><!-- c --><pci busid="0001:00:00.0" class="0x030200" link_speed="16 GT/s" link_width="16"/>`, 1),
	}
	for _, s := range same {
		if d := topoxml.Diff(parse(base), parse(s)); d != nil {
			t.Errorf("equivalent files differ: %v\n%s", d, s)
		}
	}
	differ := map[string]string{
		"bus id":      strings.Replace(base, "0101:00:00.0", "0102:00:00.0", 1),
		"link gen":    strings.Replace(base, `class="0x030200" link_speed="16 GT/s"`, `class="0x030200" link_speed="32 GT/s"`, 1),
		"width":       strings.Replace(base, `class="0x020700" link_speed="16 GT/s" link_width="16"`, `class="0x020700" link_speed="16 GT/s" link_width="8"`, 1),
		"affinity":    strings.Replace(base, "0000ffff", "0000fffe", 1),
		"placement":   strings.Replace(strings.Replace(base, `<pci busid="0101:00:00.0" class="0x020700" link_speed="16 GT/s" link_width="16"/></pci>`, `</pci><pci busid="0101:00:00.0" class="0x020700" link_speed="16 GT/s" link_width="16"/>`, 1), "", "", 1),
		"attribute":   strings.Replace(base, ` arch="x86_64"`, "", 1),
		"unknown gen": strings.Replace(base, `class="0x030200" link_speed="16 GT/s"`, `class="0x030200" link_speed=""`, 1),
	}
	for what, s := range differ {
		if d := topoxml.Diff(parse(base), parse(s)); d == nil {
			t.Errorf("%s: a different file compares equal", what)
		}
	}
	// An unknown speed equals the Gen3 fallback in value, but not in
	// whether NCCL recognized it.
	if d := topoxml.Diff(parse(base), parse(strings.ReplaceAll(base, "16 GT/s", "bogus"))); d == nil {
		t.Error("unknown link speeds compare equal to Gen4")
	}
}

// TestTables pins NCCL's own numbers (nccl-topo-xml.md §5.2): link-speed
// prefixes and values, and the bandwidth formula width × value / 80.
func TestTables(t *testing.T) {
	for s, want := range map[string]int{"2.5 GT/s": 15, "5 GT/s": 30, "8 GT/s": 60, "16 GT/s": 120, "32 GT/s": 240,
		"16.0 GT/s PCIe": 120, "32.0 GT/s PCIe": 240, "64.0 GT/s PCIe": 480, "32 GT/s PCIe/s": 240} {
		if v, _, ok := topoxml.LinkSpeedValue(s); !ok || v != want {
			t.Errorf("%q: %d (matched %v), want %d", s, v, ok, want)
		}
	}
	for _, s := range []string{"", "Unknown", "16.0 GT/s", "64 GT/s"} {
		if v, _, ok := topoxml.LinkSpeedValue(s); ok || v != 60 {
			t.Errorf("%q: %d (matched %v), want the Gen3 fallback 60", s, v, ok)
		}
	}
	for _, c := range []struct {
		v, w int
		gb   float64
	}{{120, 16, 24}, {240, 16, 48}, {15, 1, 0.1875}, {240, 0, 48}} {
		if got := topoxml.LinkGBps(c.v, c.w); got != c.gb {
			t.Errorf("LinkGBps(%d, %d) = %v, want %v", c.v, c.w, got, c.gb)
		}
	}
	for gen, want := range map[int]string{1: "2.5 GT/s PCIe", 4: "16.0 GT/s PCIe", 6: "64.0 GT/s PCIe", 7: ""} {
		if got := topoxml.LinkSpeedString(gen); got != want {
			t.Errorf("gen %d: %q, want %q", gen, got, want)
		}
	}
	if got := ir.FormatCPUList(topoxml.AffinityCPUs("fff0000,00000000,00000000,00000000,ffff0000,00000000,00000000,00000000")); got != "112-127,240-251" {
		t.Errorf("B4 numa 7 decodes to %s", got)
	}
}
