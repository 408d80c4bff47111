package compiler

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// riskBase is 16 one-NIC servers, 4 per rack, on 4 leaves and 2 spines,
// which the cable plan puts in a network rack of their own (rack4).
const riskBase = `
node_group "box" {
  model = "box-1nic"
  count = 16
  name  = format("r%d/h%d", floor(count.index / 4), count.index % 4)
  rack {
    per_rack = 4
  }
}
node_model "box-1nic" {
  nic "compute" {
    model = "ConnectX-7"
    count = 1
  }
}
fabric "f" {
  clos {
    endpoints = node_group.box.nics.compute
    tier "leaf" {
      model = "QM9700"
      count = 4
      down  = 4
      up    = 4
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
`

func riskGroup(g *ir.Graph, name string) *ir.RiskGroup {
	for i := range g.RiskGroups {
		if g.RiskGroups[i].Name == name {
			return &g.RiskGroups[i]
		}
	}
	return nil
}

func names(g *ir.Graph, ids []ir.NodeID) string {
	var out []string
	for _, id := range ids {
		out = append(out, g.Nodes[id].Name)
	}
	return strings.Join(out, " ")
}

// Members by glob, by rack and rack unit, per rack, and through child
// groups; the class defaults to the name.
func TestRiskGroups(t *testing.T) {
	g, d := compileDiags(t, riskBase+`
risk_group "spines" {
  class   = "cable_tray"
  devices = ["spine*"]
}
risk_group "pdu_low" {
  class      = "pdu"
  per_rack   = true
  racks      = [0, 1]
  rack_units = [1, 4]
}
risk_group "phase" {
  groups  = ["pdu_low", "spines"]
  devices = ["r3/h0"]
}
`)
	if d.HasErrors() {
		t.Fatal(d)
	}
	if r := riskGroup(g, "spines"); r == nil || r.Class != "cable_tray" || names(g, r.Nodes) != "spine0 spine1" {
		t.Errorf("spines: %+v", r)
	}
	// Servers are racked from the bottom, 2U each: units 1–4 hold h0 and h1.
	low0 := riskGroup(g, "pdu_low rack0")
	if low0 == nil || low0.Class != "pdu" || names(g, low0.Nodes) != "r0/h0 r0/h1" {
		t.Fatalf("pdu_low rack0: %+v (%s)", low0, names(g, low0.Nodes))
	}
	if riskGroup(g, "pdu_low rack2") != nil {
		t.Error("pdu_low has an instance in rack 2, outside racks = [0, 1]")
	}
	phase := riskGroup(g, "phase")
	if phase == nil || phase.Class != "phase" || names(g, phase.Nodes) != "r0/h0 r0/h1 r1/h0 r1/h1 r3/h0 spine0 spine1" {
		t.Errorf("phase: %+v (%s)", phase, names(g, phase.Nodes))
	}
}

// Unknown children, cycles, derived classes and empty groups are
// diagnosed at the block.
func TestRiskGroupErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		code diag.Code
		msg  string
	}{
		{`risk_group "a" {
  groups = ["nosuch"]
}`, diag.UnknownReference, `No risk_group named "nosuch"`},
		{`risk_group "a" {
  groups = ["b"]
}
risk_group "b" {
  groups = ["a"]
}`, diag.InvalidValue, `a → b → a`},
		{`risk_group "spine" {
  devices = ["spine0"]
}`, diag.DuplicateName, `a class topoc derives`},
		{`risk_group "x" {
  devices = ["nosuch*"]
}`, diag.RiskGroupEmpty, `matches no device`},
		{`risk_group "x" {
  class   = "pdu a"
  devices = ["spine0"]
}`, diag.InvalidValue, `write one word`},
		{`risk_group "x" {
  class   = "core"
  devices = ["spine0"]
}`, diag.DuplicateName, `"core", a class topoc derives`},
		{`risk_group "x" {
  class   = "Spine"
  devices = ["spine0"]
}`, diag.DuplicateName, `reads as) "spine"`},
		{`risk_group "x" {
  class   = "pdu"
  devices = ["spine0"]
}
risk_group "y" {
  class   = "PDU"
  devices = ["spine1"]
}`, diag.DuplicateName, `differ only in case`},
	} {
		_, _, d := compileDiagsLoose(t, riskBase+tc.src)
		wantDiag(t, tc.src, d, tc.code, tc.msg)
	}
}

// Every cycle of risk groups is reported, each once.
func TestRiskGroupCycles(t *testing.T) {
	_, _, d := compileDiagsLoose(t, riskBase+`
risk_group "a" {
  groups = ["b"]
}
risk_group "b" {
  groups = ["a"]
}
risk_group "c" {
  groups = ["d"]
}
risk_group "d" {
  groups = ["e"]
}
risk_group "e" {
  groups = ["c", "a"]
}
`)
	var cycles []string
	for _, x := range d {
		if x.Summary == "Risk groups in a cycle" {
			cycles = append(cycles, x.Detail)
		}
	}
	if len(cycles) != 2 || !strings.Contains(cycles[0], "a → b → a") || !strings.Contains(cycles[1], "c → d → e → c") {
		t.Errorf("cycles reported: %q; want a → b → a and c → d → e → c, once each", cycles)
	}
}
