package compiler

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
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
	for _, c := range g.Cabling().Cables {
		if g.Fabrics[c.Fabric].Name != "dci" {
			continue
		}
		n++
		if c.RouteM != 80000 || c.LengthM != 80000 || g.Cabling().Types[c.Type].Model != "ZR" {
			t.Errorf("DCI cable: route %gm, length %gm, %s; want 80,000 m on ZR", c.RouteM, c.LengthM, g.Cabling().Types[c.Type].Model)
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
	if len(errs) != 1 || diag.CodeOf(errs[0]) != diag.CableReach || !strings.Contains(errs[0].Detail, "80km long, as its link's length states") || strings.Contains(errs[0].Detail, "closer") {
		t.Fatalf("errors %v; want one cable-reach that names the stated 80 km", errs)
	}
}

// breakoutLengths is four 200G hosts on the lanes of one 800G SN5600 port,
// two stated at 23 m and two at far (a length), and two 400G leaf–leaf
// lanes at 23 m (trial 70).
func breakoutLengths(far string) string {
	return `fabric "lab" {
  custom {
    switch "leaf" {
      model = "SN5600"
    }
    switch "leaf2" {
      model = "SN5600"
    }
    host "h" {
      count = 4
      rate  = "200Gb/s"
    }
    link {
      count  = 2
      a      = "h${count.index}"
      b      = "leaf"
      length = "23m"
    }
    link {
      count  = 2
      a      = "h${count.index + 2}"
      b      = "leaf"
      length = "` + far + `"
    }
    link {
      count  = 2
      a      = "leaf"
      b      = "leaf2"
      rate   = "400Gb/s"
      length = "23m"
    }
  }
}
`
}

// TestStatedLengthOnLanes: a stated length on a broken-out port's lanes is
// each leg's cable length as stated (23 m and 45 m, not 30 m and 50 m of
// the lengths sold); a lane past every splitter's reach is reported at
// the block that states its length (line 19), naming its host, with the
// advice to run the links whole.
func TestStatedLengthOnLanes(t *testing.T) {
	g, diags := compileDiags(t, breakoutLengths("45m"))
	if g == nil {
		t.Fatal(diags)
	}
	for _, c := range g.Cabling().Cables {
		if c.LengthM != c.RouteM || (c.RouteM != 23 && c.RouteM != 45) {
			t.Errorf("cable of %d legs: route %gm, length %gm; want the stated 23 or 45 m, unrounded", c.Legs, c.RouteM, c.LengthM)
		}
	}
	_, diags = compileDiags(t, breakoutLengths("70m"))
	var errs []*hcl.Diagnostic
	for _, d := range diags {
		if diag.SeverityOf(d) == diag.SevError {
			errs = append(errs, d)
		}
	}
	if len(errs) != 1 || diag.CodeOf(errs[0]) != diag.CableReach || errs[0].Subject.Start.Line != 19 ||
		!strings.Contains(errs[0].Detail, "to h2 (rack") || !strings.Contains(errs[0].Detail, "70m long") || !strings.Contains(errs[0].Detail, "run these links whole") {
		t.Fatalf("errors %v; want one cable-reach at line 19 naming h2's 70 m", errs)
	}
}

// TestLongReachUpgradeSaid: with only a 120 km ZR module declared for
// 400G (for the DCI links), the same-fiber rule gives every in-hall cage
// of that rate ZR optics, which an info now says at each zone (trial 70:
// a clean check ordered 100 ZR modules); once an SR4 module is declared
// the in-hall cages keep SR4 and nothing is said.
func TestLongReachUpgradeSaid(t *testing.T) {
	zr := `
transceiver_model "ZR-400" {
  fits         = "switch"
  cable_models = ["ZR"]
  rate         = "400Gb/s"
  reach        = "120km"
  power        = "20W"
}
`
	sr4 := `
transceiver_model "SR4-any" {
  fits         = "any"
  cable_models = ["MMF-SR4-400G"]
  rate         = "400Gb/s"
  power        = "9W"
}
`
	said := func(src string) (int, *ir.Graph) {
		g, diags := compileDiags(t, src)
		n := 0
		for _, d := range diags {
			if d.Summary == "Longer-reach optics for want of a module" && diag.CodeOf(d) == diag.NoTransceiverModel {
				n++
				if !strings.Contains(d.Detail, "take ZR fiber (reach 120km)") || !strings.Contains(d.Detail, "Declare a transceiver_model for MMF-SR4-400G") {
					t.Errorf("detail %q", d.Detail)
				}
			}
		}
		return n, g
	}
	if n, _ := said(dciZones(true) + zr); n != 2 {
		t.Errorf("ZR only: %d infos, want one per zone (2)", n)
	}
	n, g := said(dciZones(true) + zr + sr4)
	if n != 0 {
		t.Errorf("ZR and SR4: %d infos, want none", n)
	}
	zrCables := 0
	for _, c := range g.Cabling().Cables {
		if g.Cabling().Types[c.Type].Model == "ZR" {
			zrCables++
		}
	}
	if zrCables != 2 {
		t.Errorf("ZR and SR4: %d ZR cables, want the 2 DCI links'", zrCables)
	}
}
