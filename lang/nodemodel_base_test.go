package lang

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/lang/diag"
)

// A node model with base = "…" takes what it leaves out from its base:
// "DGX-H100" extended under its own name with one argument keeps the
// built-in's GPUs, NICs and PCIe tree and changes the power; a model
// based on that one sees the change, replaces the storage NIC block by
// role and keeps the compute one. An unknown base and a cycle are
// errors at the base argument.
func TestNodeModelBase(t *testing.T) {
	src := `
node_model "DGX-H100" {
  base  = "DGX-H100"
  power = "11kW"
}
node_model "lab" {
  base = "DGX-H100"
  nic "storage" {
    model = "ConnectX-7"
    count = 1
  }
}
`
	cfg, diags := Load([]string{writeFiles(t, map[string]string{"d.topo.hcl": src})}, Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	models := map[string]*NodeModel{}
	for _, m := range cfg.NodeModels {
		models[m.Name] = m
	}
	dgx, lab := models["DGX-H100"], models["lab"]
	if dgx == nil || lab == nil {
		t.Fatalf("models %v", models)
	}
	if dgx.Builtin || dgx.PowerW.V != 11e3 || dgx.GPUs.V != 8 || len(dgx.NICs) != 2 || len(dgx.PCIeSwitches) == 0 || dgx.CPU == nil {
		t.Errorf("DGX-H100 extended: power %v, %d GPUs, %d NIC roles, %d PCIe switches, cpu %v; want 11kW and the built-in's rest", dgx.PowerW.V, dgx.GPUs.V, len(dgx.NICs), len(dgx.PCIeSwitches), dgx.CPU != nil)
	}
	if lab.PowerW.V != 11e3 || len(lab.NICs) != 2 || lab.NICs[0].Role != "compute" || lab.NICs[0].Count.V != 8 || lab.NICs[1].Role != "storage" || lab.NICs[1].Count.V != 1 {
		t.Errorf("lab: power %v, NICs %+v; want 11kW, compute × 8 inherited, storage × 1 its own", lab.PowerW.V, lab.NICs)
	}
	for _, c := range []struct{ src, code, msg string }{
		{`node_model "x" { base = "DGX-H10" }`, string(diag.UnknownReference), `Did you mean "DGX-H100"?`},
		{`node_model "x" { base = "y" }
node_model "y" { base = "x" }`, string(diag.InvalidValue), "cycle"},
	} {
		diags := loadSrc(t, c.src)
		if len(diags) == 0 || string(diag.CodeOf(diags[0])) != c.code || !strings.Contains(diags[0].Detail, c.msg) || diags[0].Subject == nil {
			t.Errorf("%s: %v; want %s saying %q at the base argument", c.src, diags, c.code, c.msg)
		}
	}
}

// A nic block that replaces a base block with PCI bus ids by one without
// a pci block is a nic-pci-dropped warning at the block, which gives the
// base's ids (trial 34: the NCCL topology file silently lost all eight
// compute NICs); one that keeps a pci block, or replaces a block without
// ids, is not.
func TestNICPCIDropped(t *testing.T) {
	for _, tc := range []struct {
		nic  string
		want int
	}{
		{`nic "compute" {
    model = "ConnectX-7-Eth"
    count = 8
  }`, 1},
		{`nic "compute" {
    model = "ConnectX-7-Eth"
    count = 8
    pci {
      bus_ids = ["0000:0c:00.0", "0000:2a:00.0", "0000:41:00.0", "0000:58:00.0", "0000:86:00.0", "0000:a5:00.0", "0000:bd:00.0", "0000:d5:00.0"]
    }
  }`, 0},
	} {
		diags := loadSrc(t, `
node_model "box" {
  base = "HGX-H100"
  `+tc.nic+`
}`)
		got := 0
		for _, d := range diags {
			if diag.CodeOf(d) == diag.NICPCIDropped {
				got++
				if !strings.Contains(d.Detail, `"0000:0c:00.0"`) || d.Subject == nil || d.Subject.Start.Line != 4 {
					t.Errorf("warning %q at %v; want the base's ids, at the nic block (line 4)", d.Detail, d.Subject)
				}
			}
		}
		if got != tc.want {
			t.Errorf("%d nic-pci-dropped warnings, want %d", got, tc.want)
		}
	}
}
