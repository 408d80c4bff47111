package cabling

import (
	"testing"

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
