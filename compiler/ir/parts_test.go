package ir

import "testing"

// Fit chooses the module whose end, cable model, cage rate and protocol
// match, the design's own before the catalogue's, then by name.
func TestPartsFit(t *testing.T) {
	p := Parts{Transceivers: []Transceiver{
		{Name: "A-single", Fits: "switch", CableModels: []string{"MMF"}, RateBPS: 400e9, Builtin: true},
		{Name: "MMA4Z00-NS", Fits: "switch", Protocol: "infiniband", CableModels: []string{"MMF"}, RateBPS: 800e9, Builtin: true},
		{Name: "MMA4Z00-NS-T", Fits: "switch", Protocol: "ethernet", CableModels: []string{"MMF"}, RateBPS: 800e9, Builtin: true},
		{Name: "MY-2xSR4", Fits: "switch", Protocol: "ethernet", CableModels: []string{"MMF"}, RateBPS: 800e9},
		{Name: "FLT", Fits: "node", CableModels: []string{"MMF"}, RateBPS: 800e9, Builtin: true},
		{Name: "QSFP28-SR4", Fits: "any", CableModels: []string{"MMF-100"}, RateBPS: 100e9, Builtin: true},
	}}
	twin := Cage{Switch: true, Ports: 2, RateBPS: 800e9}
	for _, c := range []struct {
		cage        Cage
		cable, prot string
		want        int32
	}{
		{twin, "MMF", "infiniband", 1},                                   // the InfiniBand part on a QM9700
		{twin, "MMF", "ethernet", 3},                                     // the design's Ethernet module before the catalogue's -T
		{twin, "SMF", "ethernet", None},                                  // no module for the cable
		{Cage{Switch: true, Ports: 1, RateBPS: 400e9}, "MMF", "", 0},     // a 400G cage takes the 400G module
		{Cage{Ports: 2, RateBPS: 800e9}, "MMF", "", 4},                   // a node cage takes a node module
		{Cage{Switch: true, Ports: 1, RateBPS: 100e9}, "MMF-100", "", 5}, // a module that fits any end: at a switch
		{Cage{Ports: 1, RateBPS: 100e9}, "MMF-100", "", 5},               // and at a node
	} {
		if got := p.Fit(c.cage, c.cable, c.prot); got != c.want {
			t.Errorf("Fit(%+v, %s, %s) = %d, want %d", c.cage, c.cable, c.prot, got, c.want)
		}
	}
	// Reach: the shortest module that reaches the cage's longest cable.
	q := Parts{Transceivers: []Transceiver{
		{Name: "MMS4X00-NM", Fits: "switch", CableModels: []string{"DR4"}, RateBPS: 800e9, ReachM: 500, Builtin: true},
		{Name: "MMS4X00-NS", Fits: "switch", CableModels: []string{"DR4"}, RateBPS: 800e9, ReachM: 100, Builtin: true},
	}}
	for _, c := range []struct {
		length float64
		want   int32
	}{{80, 1}, {100, 1}, {300, 0}, {600, None}} {
		if got := q.Fit(Cage{Switch: true, Ports: 2, RateBPS: 800e9, LengthM: c.length}, "DR4", ""); got != c.want {
			t.Errorf("Fit at %g m = %d, want %d", c.length, got, c.want)
		}
	}
}
