package compiler

import (
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

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

// Links by "A--B" patterns, either way round, and per rack: a cable tray
// over the spines and each rack's patch panel (its hosts' cables). The
// 4 leaves have 4 uplinks each over 2 spines, 2 to each: 8 links reach
// spine0; a rack of 4 one-NIC hosts has 4 host cables.
func TestRiskGroupLinks(t *testing.T) {
	g, d := compileDiags(t, riskBase+`
risk_group "tray" {
  links = ["spine0--leaf*"]
}
risk_group "panel" {
  per_rack = true
  racks    = [1]
  links    = ["*/h*/*--leaf*"] # a host's NIC to its leaf
}
risk_group "both" {
  groups  = ["tray"]
  devices = ["spine1"]
}
`)
	if d.HasErrors() {
		t.Fatal(d)
	}
	linkNames := func(r *ir.RiskGroup) string {
		if r == nil {
			return "no such group"
		}
		var out []string
		for _, id := range r.Links {
			l := g.Link(id)
			out = append(out, g.Nodes[l.A.Node].Name+"-"+g.Nodes[l.B.Node].Name)
		}
		return strings.Join(out, " ")
	}
	tray := riskGroup(g, "tray")
	if tray == nil || len(tray.Links) != 8 || len(tray.Nodes) != 0 || strings.Count(linkNames(tray), "spine0") != 8 {
		t.Errorf("tray: %+v (%s), want the 8 links at spine0 and no device", tray, linkNames(tray))
	}
	panel := riskGroup(g, "panel rack1")
	if panel == nil || len(panel.Links) != 4 || strings.Count(linkNames(panel), "r1/h") != 4 {
		t.Errorf("panel rack1: %+v (%s), want rack 1's 4 host links", panel, linkNames(panel))
	}
	if both := riskGroup(g, "both"); both == nil || len(both.Links) != 8 || names(g, both.Nodes) != "spine1" {
		t.Errorf("both: %+v, want spine1 and the tray's 8 links", both)
	}
	for _, tc := range []struct{ links, msg string }{
		{`["spine0"]`, `write a link as "A--B"`},
		{`["spine0--"]`, `write a link as "A--B"`},
		{`["spine[--leaf0"]`, `write a link as "A--B"`},
	} {
		_, _, d := compileDiagsLoose(t, riskBase+"risk_group \"x\" {\n  links = "+tc.links+"\n}\n")
		if len(d) == 0 || diag.CodeOf(d[0]) != diag.InvalidValue || !strings.Contains(d[0].Detail, tc.msg) {
			t.Errorf("links = %s: %v, want invalid-value %q", tc.links, d, tc.msg)
		}
	}
	_, d = compileDiags(t, riskBase+"risk_group \"x\" {\n  links = [\"spine0--spine1\"]\n}\n")
	if !slices.ContainsFunc(d, func(x *hcl.Diagnostic) bool { return diag.CodeOf(x) == diag.RiskGroupEmpty }) || d.HasErrors() {
		t.Errorf("links between two spines: %v, want risk-group-empty", d)
	}
}

// Trial findings: rack numbers the plan has not are an error (per_rack
// with them crashed); a per_rack group of groups is the union of its
// children's instances in each rack, not the whole rack; a pattern that
// matches nothing in a group that has other members is a warning, as
// --fail refuses it; "a--b--c" is no link.
func TestRiskGroupTypos(t *testing.T) {
	for _, tc := range []struct {
		src  string
		code diag.Code
		msg  string
	}{
		{"risk_group \"pdu\" {\n  per_rack = true\n  racks    = [99]\n}\n", diag.InvalidValue, "names rack 99, but the cable plan has racks 0 to"},
		{"risk_group \"t\" {\n  links = [\"spine0--leaf*\", \"spine0--lef*\"]\n}\n", diag.RiskGroupEmpty, `links holds "spine0--lef*", which matches no fabric link`},
		{"risk_group \"t\" {\n  devices = [\"spine0\", \"spine9\"]\n}\n", diag.RiskGroupEmpty, `devices holds "spine9", which matches no device`},
		{"risk_group \"t\" {\n  links = [\"a--b--c\"]\n}\n", diag.InvalidValue, `write a link as "A--B"`},
	} {
		_, _, d := compileDiagsLoose(t, riskBase+tc.src)
		found := false
		for _, x := range d {
			found = found || diag.CodeOf(x) == tc.code && strings.Contains(x.Detail, tc.msg)
		}
		if !found {
			t.Errorf("%s: %v, want %s %q", tc.src, d, tc.code, tc.msg)
		}
	}
	g, d := compileDiags(t, riskBase+`
risk_group "low" {
  per_rack   = true
  rack_units = [1, 4]
}
risk_group "feed" {
  per_rack = true
  groups   = ["low"]
}
`)
	if d.HasErrors() {
		t.Fatal(d)
	}
	low, feed := riskGroup(g, "low rack1"), riskGroup(g, "feed rack1")
	if low == nil || feed == nil || names(g, feed.Nodes) != names(g, low.Nodes) || names(g, low.Nodes) != "r1/h0 r1/h1" {
		t.Errorf("feed rack1 %v, low rack1 %v: want both r1/h0 r1/h1", feed, low)
	}
}
