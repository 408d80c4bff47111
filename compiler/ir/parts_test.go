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
	}}
	twin := Cage{Switch: true, Ports: 2, RateBPS: 800e9}
	for _, c := range []struct {
		cage        Cage
		cable, prot string
		want        int32
	}{
		{twin, "MMF", "infiniband", 1},                               // the InfiniBand part on a QM9700
		{twin, "MMF", "ethernet", 3},                                 // the design's Ethernet module before the catalogue's -T
		{twin, "SMF", "ethernet", None},                              // no module for the cable
		{Cage{Switch: true, Ports: 1, RateBPS: 400e9}, "MMF", "", 0}, // a 400G cage takes the 400G module
		{Cage{Ports: 2, RateBPS: 800e9}, "MMF", "", 4},               // a node cage takes a node module
	} {
		if got := p.Fit(c.cage, c.cable, c.prot); got != c.want {
			t.Errorf("Fit(%+v, %s, %s) = %d, want %d", c.cage, c.cable, c.prot, got, c.want)
		}
	}
}
