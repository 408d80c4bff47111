package cabling

import (
	"bytes"
	"encoding/csv"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
)

// designs are the golden-tested designs: two examples and a small
// breakout design in testdata/.
var designs = map[string]string{
	"fat-tree-k8":       filepath.Join("..", "..", "..", "examples", "fat-tree-k8"),
	"dgx-h100-superpod": filepath.Join("..", "..", "..", "examples", "dgx-h100-superpod"),
	"breakout":          filepath.Join("testdata", "breakout"),
}

// compile compiles the design in dir; any error fails the test.
func compile(t testing.TB, dir string) *ir.Graph {
	t.Helper()
	return compiletest.Dir(t, dir)
}

// golden compares data with testdata/golden/<name> (compiletest.Golden).
func golden(t *testing.T, name string, data []byte) {
	t.Helper()
	compiletest.Golden(t, filepath.Join("testdata", "golden", name), data, name)
}

// emitAll runs both emitters of this package.
func emitAll(t *testing.T, g *ir.Graph) []emit.Artifact {
	t.Helper()
	var out []emit.Artifact
	for _, e := range []*emit.Emitter{Emitter, BOMEmitter} {
		a, err := e.Emit(&emit.Input{Graph: g})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, a...)
	}
	return out
}

// TestGolden compares every artifact of the three designs with
// testdata/golden/. Regenerate with:
//
//	go test ./compiler/emit/cabling -run TestGolden -update
func TestGolden(t *testing.T) {
	for name, dir := range designs {
		t.Run(name, func(t *testing.T) {
			g := compile(t, dir)
			for _, a := range emitAll(t, g) {
				golden(t, name+"/"+filepath.Base(a.Path), a.Data)
			}
		})
	}
}

// TestSecondRunIdentical: compiling and emitting again writes the same
// bytes (issue 5: a second run writes identical bytes).
func TestSecondRunIdentical(t *testing.T) {
	a := emitAll(t, compile(t, designs["dgx-h100-superpod"]))
	b := emitAll(t, compile(t, designs["dgx-h100-superpod"]))
	for i := range a {
		if a[i].Path != b[i].Path || !bytes.Equal(a[i].Data, b[i].Data) {
			t.Errorf("%s differs between two runs", a[i].Path)
		}
	}
}

// readCSV parses a CSV artifact into header-keyed records.
func readCSV(t *testing.T, data []byte) []map[string]string {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]string
	for _, r := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = r[i]
		}
		out = append(out, m)
	}
	return out
}

func artifact(t *testing.T, arts []emit.Artifact, path string) []byte {
	t.Helper()
	for _, a := range arts {
		if a.Path == path {
			return a.Data
		}
	}
	t.Fatalf("no artifact %s", path)
	return nil
}

// The plan of the 4-SU DGX H100 SuperPOD has the cable counts of NVIDIA
// RA-11333-001 Table 4 (designs.md §3): 1,020 node+UFM cables on the leaf
// side and 1,024 spine-leaf cables; every row's length is at least its
// route plus 10% and within the reach of its cable model.
func TestPlanSuperPOD(t *testing.T) {
	g := compile(t, designs["dgx-h100-superpod"])
	arts := emitAll(t, g)
	rows := readCSV(t, artifact(t, arts, PlanPath))
	by := map[string]int{}
	ids := map[string]bool{}
	reach := map[string]float64{}
	for _, ct := range g.Cabling().Types {
		reach[ct.Model] = ct.ReachM
	}
	for _, r := range rows {
		by[r["link_kind"]]++
		ids[r["cable_id"]] = true
		route, _ := strconv.ParseFloat(r["route_m"], 64)
		length, _ := strconv.ParseFloat(r["length_m"], 64)
		if length < route*1.1-0.01 || length > reach[r["cable_model"]] {
			t.Fatalf("row %v: length %g m for a %g m route and a %g m reach", r, length, route, reach[r["cable_model"]])
		}
		if r["a_rack"] == "" || r["a_u"] == "" || r["b_rack"] == "" || r["b_u"] == "" {
			t.Fatalf("row %v has an unplaced end", r)
		}
	}
	if got := by["node_leaf"] + by["appliance_leaf"]; got != 1020 {
		t.Errorf("node+UFM rows %d, want 1020", got)
	}
	if by["leaf_spine"] != 1024 || len(ids) != 2044 || len(rows) != 2044 {
		t.Errorf("spine-leaf rows %d, cable ids %d, rows %d; want 1024, 2044, 2044", by["leaf_spine"], len(ids), len(rows))
	}
}

// The BOM of the 4-SU SuperPOD: 32 leaf + 16 spine QM9700 and 127 DGX
// (Table 4). Modules by part number against the RA's BOM (H100 RA Table
// 8 via cabling.md §4, S31 [secondary]): 1,536 switch-side twin-port
// modules (48 QM9700 × 32 cages: the 3,068 cabled ports, 1,020 leaf down
// + 2 × 1,024 leaf up and spine down, leave no cage empty) and 508
// DGX-side ones (127 DGX × 4 twin cages); the 4 UFM appliances take one
// single-port module each, which the RA counts apart. Rack power: 4 DGX
// H100 at 10.2 kW plus their 16 twin modules at 15 W = 41.04 kW.
func TestBOMSuperPOD(t *testing.T) {
	g := compile(t, designs["dgx-h100-superpod"])
	files := emitAll(t, g)
	items := readCSV(t, artifact(t, files, BOMCSVPath))
	count := func(cat, item, detail string) int {
		n := 0
		for _, it := range items {
			if it["category"] == cat && it["item"] == item && (detail == "" || strings.HasPrefix(it["detail"], detail)) {
				c, _ := strconv.Atoi(it["count"])
				n += c
			}
		}
		return n
	}
	for _, tc := range []struct {
		cat, item, detail string
		want              int
	}{
		{"switch", "QM9700", "", 48},
		{"server", "DGX-H100", "8 GPUs, 10 NICs", 127},
		{"nic", "ConnectX-7", "", 1016},
		{"host", "ufm", "", 4},
		{"cable", "MMF-SR4-400G", "", 2044},
		{"transceiver", "MMA4Z00-NS", "800Gb/s, switch end, 2 ports per module, 15W max", 1536},
		{"transceiver", "MMA4Z00-NS-FLT", "800Gb/s, node end, 2 ports per module", 508},
		{"transceiver", "MMA4Z00-NS400", "400Gb/s, node end, 1 port per module", 4},
		{"transceiver", "(no transceiver_model)", "", 0},
	} {
		if got := count(tc.cat, tc.item, tc.detail); got != tc.want {
			t.Errorf("%s %s %s: %d, want %d", tc.cat, tc.item, tc.detail, got, tc.want)
		}
	}
	power := readCSV(t, artifact(t, files, PowerCSVPath))
	if len(power) != 37 || power[0]["rack"] != "rack00" || power[0]["devices"] != "4" || power[0]["max_power_w"] != "41040" || power[0]["parts_without_power"] != "0" {
		t.Errorf("power.csv: %d racks, first %v; want 37, rack00 with 4 devices at 41040 W, all known", len(power), power[0])
	}
	// The QM9700 has no sourced power figure: a network rack's value is a
	// lower bound, and says how many parts it leaves out.
	if last := power[len(power)-1]; last["role"] != "network" || last["parts_without_power"] == "0" {
		t.Errorf("last rack %v: want a network rack with switches of unknown power", last)
	}
	// Cable weight: every cable is 400G multimode fiber at NVIDIA's
	// 0.009 kg/m (cabling.md §2, S15), so each line weighs count ×
	// length × 0.009 kg, and the whole fabric the plan's summed ordered
	// length × 0.009 kg.
	metres, kg := 0.0, 0.0
	for _, it := range items {
		if it["category"] != "cable" {
			continue
		}
		l, _ := strconv.ParseFloat(it["length_m"], 64)
		n, _ := strconv.Atoi(it["count"])
		w, err := strconv.ParseFloat(it["weight_kg"], 64)
		if err != nil || math.Abs(w-float64(n)*l*0.009) > 0.0005 {
			t.Errorf("cable line %v: weight %q, want %d × %gm × 0.009 kg/m", it, it["weight_kg"], n, l)
		}
		metres += float64(n) * l
		kg += w
	}
	if math.Abs(kg-metres*0.009) > 0.01 || metres < 2044*3 {
		t.Errorf("cables weigh %g kg over %g m; want %g kg", kg, metres, metres*0.009)
	}
}

// Breakouts in the plan: the legs of a splitter share its cable id and
// carry lanes 0 and 1 of one switch port, named swp<N>s<lane>; a broken-out
// port cabled with fibers has one cable per lane.
func TestPlanBreakout(t *testing.T) {
	g := compile(t, designs["breakout"])
	rows := readCSV(t, artifact(t, emitAll(t, g), PlanPath))
	legs := map[string][]map[string]string{}
	for _, r := range rows {
		legs[r["cable_id"]] = append(legs[r["cable_id"]], r)
	}
	splitters, fibers := 0, 0
	for id, ls := range legs {
		n, _ := strconv.Atoi(ls[0]["legs"])
		if n != len(ls) {
			t.Fatalf("%s: legs column %d, %d rows", id, n, len(ls))
		}
		switch {
		case n == 2:
			splitters++
			a0, a1 := ls[0], ls[1]
			if a0["a_device"] != a1["a_device"] || a0["lane"] != "0" || a1["lane"] != "1" ||
				a0["a_port"][:len(a0["a_port"])-1] != a1["a_port"][:len(a1["a_port"])-1] || a0["cable_type"] != "passive_dac" {
				t.Errorf("splitter %s: %v", id, ls)
			}
		case ls[0]["cable_type"] == "mmf" && ls[0]["lane"] != "":
			fibers++
		}
	}
	// 64 server links: 10 splitters (20 legs), 44 single fibers; and 64
	// leaf-spine fibers on split ports at both ends.
	if splitters != 10 || fibers != 44+64 || len(rows) != 128 {
		t.Errorf("%d splitters, %d fibers on split ports, %d rows; want 10, 108, 128", splitters, fibers, len(rows))
	}
}

// A port broken out into two lanes with one lane used (a fat-tree of
// three 200G hosts per edge on 400G ports split 2 × 200G: hosts 0 and 1
// share port 1, host 2 has port 2 to itself) is still a splitter: its
// cable has the switch's lane at end A ("swp2s0", lane 0) and two legs,
// one unused, not a straight cable from the host to a lane name.
func TestPlanOneLaneOfBreakout(t *testing.T) {
	g := compiletest.Source(t, compiletest.BrokenOutFatTree(4, 3))
	rows, err := Rows(g)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range rows {
		if r.B.Device != "pod0/edge0/host2" && r.A.Device != "pod0/edge0/host2" {
			continue
		}
		found = true
		if r.A.Device != "pod0/edge0" || r.A.Port != "swp2s0" || r.Lane != 0 || r.Legs != 2 {
			t.Errorf("host2's cable: A %s %s, lane %d, %d legs; want pod0/edge0 swp2s0, lane 0, a 1:2 splitter (the switch's broken-out port at end A, one leg unused)", r.A.Device, r.A.Port, r.Lane, r.Legs)
		}
	}
	if !found {
		t.Fatal("no cable of pod0/edge0/host2")
	}
}
