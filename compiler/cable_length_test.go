package compiler

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

// dciZones is two k = 4 fat-tree zones joined core to core by two links
// stated 80 km long (an inter-site DCI), with cable ZR declared or not.
func dciZones(zr bool) string {
	src := `switch_model "S8" {
  radix     = 8
  port_rate = "400Gb/s"
}
fabric "zone0" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = "S8"
  }
}
fabric "zone1" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = "S8"
  }
}
fabric "dci" {
  custom {
    include = ["zone0", "zone1"]
    link {
      count  = 2
      a      = "core${count.index}"
      b      = "zone1/core${count.index}"
      length = "80km"
    }
  }
}
`
	if zr {
		src += `cable_model "ZR" {
  media    = "fiber"
  kind     = "smf"
  reach    = "120km"
  max_rate = "400Gb/s"
}
`
	}
	return src
}

// TestStatedCableLength: a custom link's length is its cable's, route and
// ordered length alike, with no routing allowance and no rounding (80 km,
// not the in-hall estimate that cabled a DCI link as an in-rack DAC;
// trial 67), and it takes the one medium that reaches that far. Without
// one the cable-reach error says the length is stated and how to serve
// it, not to move racks closer.
func TestStatedCableLength(t *testing.T) {
	g, diags := compileDiags(t, dciZones(true))
	if g == nil {
		t.Fatal(diags)
	}
	n := 0
	for _, c := range g.Cabling.Cables {
		if g.Fabrics[c.Fabric].Name != "dci" {
			continue
		}
		n++
		if c.RouteM != 80000 || c.LengthM != 80000 || g.Cabling.Types[c.Type].Model != "ZR" {
			t.Errorf("DCI cable: route %gm, length %gm, %s; want 80,000 m on ZR", c.RouteM, c.LengthM, g.Cabling.Types[c.Type].Model)
		}
	}
	if n != 2 {
		t.Fatalf("%d DCI cables, want 2", n)
	}

	_, diags = compileDiags(t, dciZones(false))
	var errs []*hcl.Diagnostic
	for _, d := range diags {
		if diag.SeverityOf(d) == diag.SevError {
			errs = append(errs, d)
		}
	}
	if len(errs) != 1 || diag.CodeOf(errs[0]) != diag.CableReach || !strings.Contains(errs[0].Detail, "80000.0m long, as its link's length states") || strings.Contains(errs[0].Detail, "closer") {
		t.Fatalf("errors %v; want one cable-reach that names the stated 80 km", errs)
	}
}
