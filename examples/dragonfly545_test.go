package examples_test

import (
	"testing"

	"github.com/topoc/topoc/analyzers/bisection"
)

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

// The bisection of dragonfly-545 is a proven interval: below, the uniform
// multicommodity-flow bound (69,760.25 links' worth, 13,952 Tb/s);
// above, the cut found, which the group moves bring from
// the group cut's 74,240 links (272 groups a side and one halved) to at
// most 74,166: groups at the centres of the two arcs of the circulant
// arrangement split by near and far routers.
func TestDragonfly545Bisection(t *testing.T) {
	g := compileGraph(t, "dragonfly-545")
	r := bisection.Compute(g, 0, bisection.Options{})
	const link = 200e9
	// The uniform bound: ⌊n/2⌋·⌈n/2⌉ / (n − 1) of one terminal's rate.
	const n = 279_040
	uniform := float64(n/2) * float64(n-n/2) / float64(n-1) * link
	if r.Method != bisection.MethodBounded || r.LowerBoundBPS < uniform*(1-1e-12) || r.UpperBoundBPS > 74_166*link {
		t.Errorf("%s, %g–%g links; want bounded, 69,760.25 (uniform) – at most 74,166", r.Method, r.LowerBoundBPS/link, r.UpperBoundBPS/link)
	}
}
