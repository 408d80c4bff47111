package examples_test

import "testing"

// The maximum dragonfly of 64-port routers (examples/dragonfly-545): the
// closed forms of Kim, Dally, Scott, Abts (ISCA 2008) for p = 16, a = 32,
// h = 17, g = a·h + 1 = 545: a·p·g terminals, a·g routers, g·a(a−1)/2
// local and g(g−1)/2 global links, every router port of radix
// p + a + h − 1 = 64 used.
func TestDragonfly545(t *testing.T) {
	const p, a, h, g = 16, 32, 17, 545
	f := compile(t, "dragonfly-545")[0]
	if f.Endpoints != a*p*g || f.Switches != a*g {
		t.Errorf("endpoints %d, switches %d; want %d, %d", f.Endpoints, f.Switches, a*p*g, a*g)
	}
	if term, local, global := count(f.LinksByKind, "terminal"), count(f.LinksByKind, "local"), count(f.LinksByKind, "global"); term != a*p*g || local != g*a*(a-1)/2 || global != g*(g-1)/2 {
		t.Errorf("links terminal %d local %d global %d; want %d %d %d", term, local, global, a*p*g, g*a*(a-1)/2, g*(g-1)/2)
	}
	if f.Links != 697_600 {
		t.Errorf("links %d, want 279,040 + 270,320 + 148,240 = 697,600", f.Links)
	}
	if radix := p + a + h - 1; f.SwitchPorts != a*g*radix || f.SwitchPortsUsed != f.SwitchPorts {
		t.Errorf("ports %d used %d, want all %d of radix %d", f.SwitchPorts, f.SwitchPortsUsed, a*g*radix, radix)
	}
}
