package cabling

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// A cage no transceiver_model fills is listed by what it would hold: an
// SN5600 cage of one 800G port broken out 2 × 400G says so (it said
// "cage of 1 port", as if the port ran whole; trial 27).
func TestTransceiverLineUnfilledCage(t *testing.T) {
	g := &ir.Graph{}
	g.SetCabling(&ir.Cabling{Types: []ir.CableType{{Model: "SMF-LR4"}}})
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
	// The summary counts the cords the table totals, beside the cables
	// (trial 59: "3,648 cables" above a table of 3,840).
	md := string(artifact(t, files, BOMMarkdownPath))
	plan := len(readCSV(t, artifact(t, files, PlanPath)))
	want := fmt.Sprintf("%s cables (%s cords to order", units.Count(plan), units.Count(plan+links))
	if !strings.Contains(md, want) {
		t.Errorf("BOM summary does not say %q:\n%s", want, md[:min(len(md), 400)])
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

// Copper or AOC links whose two ends share the same two twin-port cages
// are one cable (MCP4Y10: 2 x 400G, OSFP to OSFP, cabling.md S1):
// testdata/twindac's 64 leaf–spine links, striped in pairs of consecutive
// ports to one spine and all within copper reach, are 32 cables of 2
// links in the plan (each a cable id on two rows, both ends in one cage
// each) and in the BOM; the 64 host links stay fiber, one each.
func TestTwinPortCables(t *testing.T) {
	g := compile(t, filepath.Join("testdata", "twindac"))
	files := emitAll(t, g)
	rows := map[string][]map[string]string{}
	for _, row := range readCSV(t, artifact(t, files, PlanPath)) {
		if row["media"] == "copper" {
			rows[row["cable_id"]] = append(rows[row["cable_id"]], row)
		}
	}
	if len(rows) != 32 {
		t.Fatalf("plan: %d copper cables, want 32 twin-port cables for the 64 leaf–spine links", len(rows))
	}
	cage := func(port string) int { // swpN: cage (N−1)/2 of a QM9700
		n, _ := strconv.Atoi(strings.TrimPrefix(port, "swp"))
		return (n - 1) / 2
	}
	for id, legs := range rows {
		if len(legs) != 2 || legs[0]["legs"] != "2" || legs[0]["a_device"] != legs[1]["a_device"] || legs[0]["b_device"] != legs[1]["b_device"] ||
			cage(legs[0]["a_port"]) != cage(legs[1]["a_port"]) || cage(legs[0]["b_port"]) != cage(legs[1]["b_port"]) {
			t.Errorf("cable %s: %v, want two links between one cage at each end", id, legs)
		}
	}
	cables, links := 0, 0
	for _, it := range readCSV(t, artifact(t, files, BOMCSVPath)) {
		if it["category"] != "cable" {
			continue
		}
		c, _ := strconv.Atoi(it["count"])
		cables += c
		if strings.Contains(it["detail"], "copper") {
			if !strings.Contains(it["detail"], "twin-port: 2 links per cable") {
				t.Errorf("BOM line %v: want a twin-port cable of 2 links", it)
			}
			links += 2 * c
		}
	}
	if links != 64 || cables != 32+64 {
		t.Errorf("BOM: %d copper cables carrying %d links, %d cables in all; want 32 carrying 64, 96 in all", links/2, links, cables)
	}
	if md := string(artifact(t, files, BOMMarkdownPath)); !strings.Contains(md, "96 cables carry 128 fabric links") {
		t.Errorf("BOM summary does not say 96 cables carry 128 links:\n%s", md[:min(len(md), 300)])
	}
}
