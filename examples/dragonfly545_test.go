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

// The bisection of dragonfly-545 is a proven interval: below, the
// group-structure bound of 73,950 links (14,790 Tb/s), the relaxed value
// of 255 whole groups on side A against 290 groups of class B, side A's
// other 560 routers in 15-router minorities of class-B groups, each
// keeping as many global links uncut as its local links cost (the
// uniform multicommodity-flow bound stops at 69,760.25); above, the cut
// found, which the group moves bring from the group cut's 74,240 links
// (272 groups a side and one halved) to at most 74,166: groups at the
// centres of the two arcs of the circulant arrangement split by near
// and far routers. The interval is 0.530–0.532 of half the injection
// (139,520 terminal links).
func TestDragonfly545Bisection(t *testing.T) {
	g := compileGraph(t, "dragonfly-545")
	r := bisection.Compute(g, 0, bisection.Options{})
	const link = 200e9
	// 255 × 290 global links between the classes, less the 560 × 17
	// that the minority routers keep, plus their 560 × 17 local links.
	const lower = 255 * 290
	if r.Method != bisection.MethodBounded || r.LowerBoundBPS < lower*link*(1-1e-12) || r.UpperBoundBPS > 74_166*link {
		t.Errorf("%s, %g–%g links; want bounded, at least 73,950 – at most 74,166", r.Method, r.LowerBoundBPS/link, r.UpperBoundBPS/link)
	}
	if r.LowerBoundBPS > r.UpperBoundBPS {
		t.Errorf("lower %g above upper %g links", r.LowerBoundBPS/link, r.UpperBoundBPS/link)
	}
}
