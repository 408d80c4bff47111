package ir

import (
	"math"
	"testing"
)

// Fit chooses the module whose end, cable model, cage rate and protocol
// match, the design's own before the catalogue's, then by name.
func TestPartsFit(t *testing.T) {
	p := Parts{Transceivers: []Transceiver{
		{Name: "A-single", Fits: "switch", CableModels: []string{"MMF"}, Ports: 1, RateBPS: 400e9, Builtin: true},
		{Name: "MMA4Z00-NS", Fits: "switch", Protocol: "infiniband", CableModels: []string{"MMF"}, Ports: 2, RateBPS: 800e9, Builtin: true},
		{Name: "MMA4Z00-NS-T", Fits: "switch", Protocol: "ethernet", CableModels: []string{"MMF"}, Ports: 2, RateBPS: 800e9, Builtin: true},
		{Name: "MY-2xSR4", Fits: "switch", Protocol: "ethernet", CableModels: []string{"MMF"}, Ports: 2, RateBPS: 800e9},
		{Name: "FLT", Fits: "node", CableModels: []string{"MMF"}, Ports: 2, RateBPS: 800e9, Builtin: true},
		{Name: "QSFP28-SR4", Fits: "any", CableModels: []string{"MMF-100"}, Ports: 1, RateBPS: 100e9, Builtin: true},
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
		{Name: "MMS4X00-NM", Fits: "switch", CableModels: []string{"DR4"}, Ports: 2, RateBPS: 800e9, ReachM: 500, Builtin: true},
		{Name: "MMS4X00-NS", Fits: "switch", CableModels: []string{"DR4"}, Ports: 2, RateBPS: 800e9, ReachM: 100, Builtin: true},
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

// Reach is the longest cable Fit still finds a module for: the module's
// reach, the longer of two suitable modules' reaches, +Inf for a module
// without a reach limit, and none for a cable no module at that end
// lists; Fit agrees at every length on both sides of it.
func TestPartsReach(t *testing.T) {
	p := Parts{Transceivers: []Transceiver{
		{Name: "SR8", Fits: "switch", CableModels: []string{"MMF"}, Ports: 2, RateBPS: 800e9, ReachM: 50},
		{Name: "DR8", Fits: "switch", CableModels: []string{"SMF"}, Ports: 2, RateBPS: 800e9, ReachM: 500},
		{Name: "DR8-2", Fits: "switch", CableModels: []string{"SMF"}, Ports: 2, RateBPS: 800e9, ReachM: 100},
		{Name: "ANY", Fits: "node", CableModels: []string{"AOC"}, Ports: 2, RateBPS: 800e9},
	}}
	sw, node := Cage{Switch: true, Ports: 2, RateBPS: 800e9}, Cage{Ports: 1, RateBPS: 800e9}
	for _, c := range []struct {
		cage  Cage
		cable string
		reach float64
		ok    bool
	}{{sw, "MMF", 50, true}, {sw, "SMF", 500, true}, {node, "AOC", math.Inf(1), true}, {sw, "AOC", 0, false}} {
		r, ok := p.Reach(c.cage, c.cable, "")
		if ok != c.ok || ok && r != c.reach {
			t.Errorf("Reach(%v, %s) = %g, %v; want %g, %v", c.cage.Switch, c.cable, r, ok, c.reach, c.ok)
		}
		// Fit finds a module at every length up to the reach, and none past it.
		for _, l := range []float64{1, 49.9, 50, 50.1, 99, 100, 100.1, 500, 501, 1e6} {
			cg := c.cage
			cg.LengthM = l
			if found := p.Fit(cg, c.cable, "") != None; found != (c.ok && l <= r*(1+1e-9)) {
				t.Errorf("%s at %g m: Fit found a module = %v, Reach %g, %v", c.cable, l, found, r, c.ok)
			}
		}
	}
}

// A single-port module does not fill a cage of two ports, even at the
// cage's rate (two 200G ports of a DGX twin cage add up to the 400G of
// a single-port optic, which would leave one port dark; second trial
// finding); a module runs at its split rate in a cage of that rate.
func TestPartsFitPorts(t *testing.T) {
	p := Parts{Transceivers: []Transceiver{
		{Name: "NS400", Fits: "node", CableModels: []string{"MMF"}, Ports: 1, RateBPS: 400e9, SplitRateBPS: 200e9, Builtin: true},
	}}
	for _, c := range []struct {
		cage Cage
		want int32
	}{
		{Cage{Ports: 2, RateBPS: 400e9}, None}, // twin cage at 2 x 200G
		{Cage{Ports: 1, RateBPS: 400e9}, 0},    // a single 400G port
		{Cage{Ports: 1, RateBPS: 200e9}, 0},    // a single port at 200G, on a 1:2 fiber
		{Cage{Ports: 1, RateBPS: 100e9}, None}, // no rate of the module's
	} {
		if got := p.Fit(c.cage, "MMF", ""); got != c.want {
			t.Errorf("Fit(%+v) = %d, want %d", c.cage, got, c.want)
		}
	}
}
