package compiler

import (
	"testing"

	"github.com/topoc/topoc/lang/diag"
)

// Flow ends resolve servers to their NICs on the fabric and keep switches
// and NICs as they are; the fabric defaults to the one the ends are in.
func TestFlowEnds(t *testing.T) {
	g, d := compileDiags(t, riskBase+`
flow "racks" {
  from = ["r0/*"]
  to   = ["spine*", "r3/h0/nic0"]
}`)
	if d.HasErrors() {
		t.Fatal(d)
	}
	f := g.Flows[0]
	if got := names(g, f.From); got != "r0/h0/nic0 r0/h1/nic0 r0/h2/nic0 r0/h3/nic0" {
		t.Errorf("from: %s", got)
	}
	if got := names(g, f.To); got != "r3/h0/nic0 spine0 spine1" {
		t.Errorf("to: %s", got)
	}
	if g.Fabrics[f.Fabric].Name != "f" {
		t.Errorf("fabric %q", g.Fabrics[f.Fabric].Name)
	}
}

// A label selector picks switches by tier and rack, and endpoints by the
// rack they are mounted in; names and selectors add up.
func TestFlowLabels(t *testing.T) {
	g, d := compileDiags(t, riskBase+`
flow "labels" {
  from = [{ rack = 0 }]
  to   = [{ tier = "spine" }, "r3/h0"]
}`)
	if d.HasErrors() {
		t.Fatal(d)
	}
	f := g.Flows[0]
	if got := names(g, f.From); got != "r0/h0/nic0 r0/h1/nic0 r0/h2/nic0 r0/h3/nic0" {
		t.Errorf("from: %s", got)
	}
	if got := names(g, f.To); got != "r3/h0/nic0 spine0 spine1" {
		t.Errorf("to: %s", got)
	}
}

func TestFlowErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		code diag.Code
		msg  string
	}{
		{`flow "x" {
  fabric = "nosuch"
  from   = ["spine0"]
  to     = ["spine1"]
}`, diag.UnknownReference, `No fabric named "nosuch"`},
		{`flow "x" {
  from = ["node*"]
  to   = ["spine1"]
}`, diag.UnknownReference, `matches no device of the design`},
		{`flow "x" {
  from = ["spine*"]
  to   = ["spine1"]
}`, diag.InvalidValue, `spine1 is in both from and to`},
		{`flow "x" {
  from = ["spine0"]
}`, diag.InvalidValue, `needs from and to`},
		{`fabric "g" {
  custom {
    switch "gs" {
      model = "QM9700"
    }
    host "gh" {
      rate = "400Gb/s"
    }
    link {
      a = "gh"
      b = "gs"
    }
  }
}
flow "x" {
  from = ["spine0", "gs"]
  to   = ["spine1"]
}`, diag.InvalidValue, `not in exactly one fabric (f: spine0; g: gs)`},
		{`flow "x" {
  from = [{ tire = "spine" }]
  to   = ["spine1"]
}`, diag.UnknownReference, `Did you mean "tier"?`},
		{`flow "x" {
  from = [{ rail = "first" }]
  to   = ["spine1"]
}`, diag.InvalidValue, `a rail is an index from 0`},
		{`flow "x" {
  from = [{}]
  to   = ["spine1"]
}`, diag.InvalidValue, `empty selector`},
		{`flow "x" {
  from = [["spine0"]]
  to   = ["spine1"]
}`, diag.InvalidValue, `Element 0 of from is a tuple`},
		{`flow "x" {
  from = [{ tier = "core" }]
  to   = ["spine1"]
}`, diag.UnknownReference, `from = [{ tier = "core" }] matches no device`},
	} {
		_, _, d := compileDiagsLoose(t, riskBase+tc.src)
		wantDiag(t, tc.src, d, tc.code, tc.msg)
	}
}
