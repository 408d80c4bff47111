package cabling

import (
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// A cage no transceiver_model fills is listed by what it would hold: an
// SN5600 cage of one 800G port broken out 2 × 400G says so (it said
// "cage of 1 port", as if the port ran whole; trial 27).
func TestTransceiverLineUnfilledCage(t *testing.T) {
	g := &ir.Graph{Cabling: &ir.Cabling{Types: []ir.CableType{{Model: "SMF-LR4"}}}}
	for _, tc := range []struct {
		cage ir.Cage
		want string
	}{
		{ir.Cage{Ports: 1, RateBPS: 800e9, LaneBPS: 400e9, Switch: true, Transceiver: ir.None},
			"for SMF-LR4, 800Gb/s cage of 1 port broken out 2x400Gb/s, switch end"},
		{ir.Cage{Ports: 2, RateBPS: 800e9, Transceiver: ir.None},
			"for SMF-LR4, 800Gb/s cage of 2 ports, node end"},
	} {
		item, detail := transceiverLine(g, tc.cage)
		if item != "(no transceiver_model)" || detail != tc.want {
			t.Errorf("%+v: %q %q, want (no transceiver_model) %q", tc.cage, item, detail, tc.want)
		}
	}
}

// A link of the twin-port 800G 2 x SR4 medium is ordered as two MPO-12/APC
// cords (cords_per_link = 2, cabling.md S5): the BOM counts cords, twice
// the plan's cables of that medium, and weighs both (trial 35 ordered 64
// cords for 64 links).
func TestBOMCountsCords(t *testing.T) {
	g := compile(t, filepath.Join("testdata", "twinsr4"))
	files := emitAll(t, g)
	links, metres := 0, 0.0
	for _, row := range readCSV(t, artifact(t, files, PlanPath)) {
		if row["cable_model"] == "MMF-2xSR4-800G" {
			links++
			m, _ := strconv.ParseFloat(row["length_m"], 64)
			metres += m
		}
	}
	if links != 128 {
		t.Fatalf("plan: %d MMF-2xSR4-800G cables, want the 128 host links", links)
	}
	cords, kg := 0, 0.0
	for _, it := range readCSV(t, artifact(t, files, BOMCSVPath)) {
		if it["item"] != "MMF-2xSR4-800G" {
			continue
		}
		if !strings.Contains(it["detail"], "2 cords per link") {
			t.Errorf("BOM line %v does not say it counts 2 cords per link", it)
		}
		c, _ := strconv.Atoi(it["count"])
		w, _ := strconv.ParseFloat(it["weight_kg"], 64)
		cords, kg = cords+c, kg+w
	}
	if cords != 2*links {
		t.Errorf("BOM: %d MMF-2xSR4-800G cords, want 2 per link: %d", cords, 2*links)
	}
	if want := 2 * metres * 0.009; math.Abs(kg-want) > 0.01*want {
		t.Errorf("BOM: %.2f kg of MMF-2xSR4-800G, want 2 cords x %.0f m x 0.009 kg/m = %.2f kg", kg, metres, want)
	}
}

// The BOM says that an nvlink_domain's switch chips, and the power
// shelves, are in no rack: a GB200 NVL72 rack read half empty at 2.4 kW
// with nothing saying why (trial 35). A design without such a domain
// gets no such note.
func TestBOMSaysDomainTraysAreUnplaced(t *testing.T) {
	for _, c := range []struct {
		example string
		want    string
	}{{"gb200-nvl72", "the 18 NVLink switch chips"}, {"fat-tree-k8", ""}} {
		g := compiletest.Example(t, c.example)
		md := string(artifact(t, emitAll(t, g), BOMMarkdownPath))
		if got := strings.Contains(md, "Not in the racks above"); got != (c.want != "") || !strings.Contains(md, c.want) {
			t.Errorf("%s: note present %v, want %q in:\n%s", c.example, got, c.want, md)
		}
	}
}
