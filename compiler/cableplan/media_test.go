package cableplan

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
)

// The media ladder of cabling.md §3 on the built-in catalogue: each medium
// up to its reach, the next one just beyond it.
func TestCablingMediaThresholds(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "d.topo.hcl"), []byte(`fabric "f" {
  fat_tree {
    k = 4
    link_rate = "400Gb/s"
  }
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, diags := lang.Load([]string{dir}, lang.Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	s := &state{Input: Input{CableModels: cfg.CableModels}}
	media, ok := s.cableTypes()
	if !ok {
		t.Fatal(s.diags)
	}
	const G = 1e9
	for _, tc := range []struct {
		rate, run float64
		lanes     int32 // of a broken-out port; 0 for a straight cable
		switchs   bool
		model     string
		length    float64
		proto     string // the link's protocol, "" for unknown
	}{
		{400 * G, 2.0, 0, false, "DAC-400G", 2, ""},                  // MCP4Y10 to 2 m (S1)
		{400 * G, 2.01, 0, true, "ACC-400G", 3, ""},                  // LACC between switches, 3, 4 or 5 m (S4, S47)
		{400 * G, 3.01, 0, true, "ACC-400G", 4, ""},                  // the next length sold
		{400 * G, 5.0, 0, true, "ACC-400G", 5, ""},                   // to 5 m
		{400 * G, 2.01, 0, false, "MMF-SR4-400G", 3, ""},             // no LACC to a node: multimode
		{400 * G, 5.01, 0, true, "MMF-SR4-400G", 7, ""},              // beyond 5 m: multimode
		{400 * G, 3.0, 2, false, "DAC-400G-splitter", 3, ""},         // MCP7Y00 splitter to 3 m (S2)
		{400 * G, 3.01, 2, false, "MMF-SR4-400G", 5, ""},             // beyond: optics
		{400 * G, 50, 0, false, "MMF-SR4-400G", 50, ""},              // OM4 50 m (S5, S11)
		{400 * G, 50.01, 0, false, "MMF-SR8-400G", 70, ""},           // SR8 to 100 m (S20)
		{400 * G, 100.01, 0, false, "SMF-DR4-400G", 150, ""},         // DR4 to 500 m (S8, S21)
		{400 * G, 500.01, 0, false, "SMF-FR4-400G", 550, ""},         // FR4 to 2 km (S10)
		{400 * G, 2000.01, 0, false, "SMF-LR4-400G", 2100, ""},       // LR4 to 10 km
		{800 * G, 2.0, 0, true, "DAC-800G", 2, ""},                   // 800G DAC 2 m
		{800 * G, 2.01, 0, true, "ACC-800G", 2.5, ""},                // XDR ACC to 3 m (S12)
		{800 * G, 3.01, 0, true, "AEC-800G", 4, ""},                  // AEC to 7 m
		{800 * G, 7.01, 0, true, "MMF-2xSR4-800G", 10, ""},           // multimode to 50 m where the protocol is not known (S5)
		{800 * G, 7.01, 0, true, "MMF-2xSR4-800G", 10, "ethernet"},   // 800GbE: twin-port 2xSR4 (S5)
		{800 * G, 7.01, 0, true, "SMF-DR8-800G", 10, "infiniband"},   // XDR: single-mode only (S12)
		{800 * G, 2.0, 0, true, "ACC-800G", 2, "infiniband"},         // XDR: no DAC at 200G lanes (S12)
		{400 * G, 50.01, 0, false, "SMF-DR4-400G", 70, "infiniband"}, // NDR: no SR8 module, DR4 beyond 50 m (S4)
		{400 * G, 2000.01, 0, false, "(none)", 0, "infiniband"},      // NDR optics stop at 2 km (S4)
		{200 * G, 100, 0, false, "AOC-200G", 100, ""},                // HDR AOC to 100 m (S19)
		{200 * G, 100.01, 0, false, "SMF-DR4-400G", 150, ""},         // then the 400G class
		{100 * G, 4.9, 0, false, "DAC-100G", 5, ""},                  // EDR DAC to 5 m (S19)
		{100 * G, 5.01, 0, false, "MMF-SR4-100G", 7, "ethernet"},     // 100GbE SR4 beyond (S19)
		{100 * G, 100.01, 0, false, "SMF-DR4-400G", 150, "ethernet"}, // then the 400G class
		{100 * G, 5.01, 0, false, "AOC-200G", 7, "infiniband"},       // EDR: no SR4 module in the catalogue, the HDR AOC
	} {
		ch := media.choose(tc.rate, tc.run, tc.lanes, tc.switchs, false, tc.proto)
		if tc.model == "(none)" {
			if ch.typ != ir.None {
				t.Errorf("%g Gb/s, %g m over %s: %s; want no medium", tc.rate/G, tc.run, tc.proto, media.types[ch.typ].Model)
			}
			continue
		}
		if ch.typ == ir.None {
			t.Errorf("%g Gb/s, %g m: no medium", tc.rate/G, tc.run)
			continue
		}
		if got := media.types[ch.typ].Model; got != tc.model || ch.length != tc.length {
			t.Errorf("%g Gb/s, %g m (lanes %d, switches %v): %s %g m; want %s %g m", tc.rate/G, tc.run, tc.lanes, tc.switchs, got, ch.length, tc.model, tc.length)
		}
		// One splitter fiber only where the port's rate is the medium's
		// and the legs are slower.
		if want := tc.lanes > 0 && media.types[ch.typ].MaxRateBPS > tc.rate; ch.splitFiber != want {
			t.Errorf("%g Gb/s x %d, %g m: splitter fiber %v, want %v", tc.rate/G, tc.lanes, tc.run, ch.splitFiber, want)
		}
	}
	if ch := media.choose(800*G, 500.01, 0, true, false, ""); ch.typ != ir.None || ch.noModel || ch.reach != 500 {
		t.Errorf("800G beyond 500 m: %+v; want no medium, longest reach 500 m", ch)
	}
	if ch := media.choose(1.6e12, 1, 0, true, false, ""); ch.typ != ir.None || !ch.noModel {
		t.Errorf("1.6T: %+v; want no cable model", ch)
	}
	if ch := media.choose(200*G, 50.01, 2, false, false, ""); ch.typ != ir.None || ch.noModel || ch.reach != 50 {
		t.Errorf("2 x 200G beyond 50 m: %+v; want no medium, longest reach 50 m", ch)
	}
	if ch := media.choose(100*G, 10, 4, false, false, "infiniband"); ch.typ != ir.None || !ch.noModel {
		t.Errorf("4 x 100G InfiniBand: %+v; want no cable model", ch)
	}
	// Lanes of a switch's port to another switch: a splitter fiber's legs
	// end at single-port modules, which no switch cage takes (S6), so no
	// medium serves 200G lanes between two switches; 400G lanes of 800G
	// ports take a fiber per leg behind twin-port modules.
	if ch := media.choose(200*G, 3, 2, true, true, ""); ch.typ != ir.None || !ch.noModel {
		t.Errorf("2 x 200G to a switch: %+v; want no cable model", ch)
	}
	if ch := media.choose(400*G, 5, 2, true, true, ""); ch.typ == ir.None || media.types[ch.typ].Model != "MMF-SR4-400G" || ch.splitFiber {
		t.Errorf("2 x 400G to a switch: %+v; want a multimode fiber per leg", ch)
	}
	// Not a copper splitter either, however short: its legs end in
	// single-port plugs for NICs (MCP7Y00, S2), which no switch cage takes.
	if ch := media.choose(400*G, 1, 2, true, true, ""); ch.typ == ir.None || media.types[ch.typ].Model != "MMF-SR4-400G" {
		t.Errorf("2 x 400G to a switch at 1 m: %+v; want a multimode fiber per leg, no DAC splitter", ch)
	}
}
