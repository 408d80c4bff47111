package bisection

import (
	"fmt"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// dragonflyCase builds one dragonfly of the generator for the bound tests.
func dragonflyCase(t *testing.T, d gen.Dragonfly) (*ir.Graph, ir.FabricID) {
	t.Helper()
	if errs := d.Validate(); len(errs) > 0 {
		t.Fatalf("%+v: %v", d, errs)
	}
	g := ir.New()
	fid, _ := gen.BuildDragonfly(g, "df", d)
	return g, fid
}

// shapeOf reads fabric fid of g as a dragonfly (its model, levels
// read), failing the test where it is not one.
func shapeOf(t *testing.T, g *ir.Graph, fid ir.FabricID) (*model, *dfShape) {
	t.Helper()
	m := newModel(g, fid, ViewGPU)
	m.levels()
	s, ok := m.dragonflyShape()
	if !ok {
		t.Fatalf("fabric %d: no dragonfly shape", fid)
	}
	return m, s
}

// groupBoundAndExact returns the group-structure bound of fabric fid,
// failing the test where it does not apply, and the exact bisection by
// enumeration.
func groupBoundAndExact(t *testing.T, g *ir.Graph, fid ir.FabricID) (float64, float64) {
	t.Helper()
	m, s := shapeOf(t, g, fid)
	b, ok := s.groupBound(false)
	if !ok {
		t.Fatalf("fabric %d: the group bound does not apply", fid)
	}
	exact := m.exact(m.build(modeFull)).value
	// classBound is checked on its own: groupBound returns the larger of
	// the two arguments, which would hide an unsound one below the other.
	c, _ := s.alike()
	if cb := c.classBound(int(s.ng), len(s.termRouter)/2); cb > exact*(1+1e-9) {
		t.Errorf("fabric %d: class bound %s above the exact bisection %s: unsound", fid, units.Rate(cb), units.Rate(exact))
	}
	// The least split of at most two split groups is some split's value
	// where the terminal links are alike (every shape here): never below
	// the least of all, which would mean a miscounted cut.
	alikeTerms := true
	for _, tc := range s.termCap {
		alikeTerms = alikeTerms && tc == s.termCap[0]
	}
	if pb, ok := s.pairSplitsBound(c.tr, placementWork); ok && alikeTerms && pb < exact*(1-1e-9) {
		t.Errorf("fabric %d: least split of two split groups %s below the exact bisection %s: miscounted", fid, units.Rate(pb), units.Rate(exact))
	}
	return b, exact
}

// The group-structure bound never passes the exact bisection
// (enumeration of every balanced split, ≤ 18 endpoints) over dragonflies
// of every arrangement, with fewer groups than a·h+1 (several or uneven
// links per group pair), and with each kind of link the thin one; and
// it meets the exact value on most of them, so the test can tell a
// bound that is merely sound from one that is useless.
func TestDragonflyGroupBoundBelowExact(t *testing.T) {
	shapes := [][4]int{ // p, a, h, g
		{1, 2, 1, 3}, {1, 2, 2, 5}, {1, 2, 3, 7}, {1, 3, 1, 4}, {1, 3, 2, 5},
		{1, 4, 1, 4}, {2, 2, 1, 3}, {1, 2, 3, 4}, {1, 2, 2, 3}, {1, 4, 2, 4},
		{1, 2, 4, 9}, {3, 2, 1, 3}, {2, 3, 1, 3},
	}
	rates := [][3]float64{ // terminal, local, global in units of 100 Gb/s
		{1, 1, 1}, {0.25, 1, 1}, {1, 0.25, 1}, {1, 1, 0.25}, {2, 1, 0.5},
	}
	arrangements := []string{gen.ArrangementAbsolute, gen.ArrangementRelative, gen.ArrangementCirculant}
	cases, tight := 0, 0
	for _, sh := range shapes {
		for _, rt := range rates {
			for _, arr := range arrangements {
				if sh[0]*sh[1]*sh[3] > 16 && (arr != gen.ArrangementCirculant || rt != rates[0]) {
					continue // 17–18 endpoints: enumeration is slow, once each
				}
				d := gen.Dragonfly{P: sh[0], A: sh[1], H: sh[2], G: sh[3], TerminalBPS: rt[0] * 100e9, LocalBPS: rt[1] * 100e9, GlobalBPS: rt[2] * 100e9, Arrangement: arr}
				g, fid := dragonflyCase(t, d)
				b, exact := groupBoundAndExact(t, g, fid)
				name := fmt.Sprintf("p%d a%d h%d g%d rates %v %s", sh[0], sh[1], sh[2], sh[3], rt, arr)
				if b > exact*(1+1e-9) {
					t.Errorf("%s: group bound %s above the exact bisection %s: unsound", name, units.Rate(b), units.Rate(exact))
				}
				cases++
				if meets(b, exact) {
					tight++
				}
			}
		}
	}
	if cases < 100 || 2*tight < cases {
		t.Errorf("group bound tight on %d of %d dragonflies, want at least half of at least 100", tight, cases)
	}
	t.Logf("group bound tight on %d of %d dragonflies", tight, cases)
}

// The bound stays sound on a dragonfly that is no longer alike: a global
// link at half rate and a local link gone (a failure's residual). It
// reads least capacities, so it may only loosen.
func TestDragonflyGroupBoundUneven(t *testing.T) {
	for _, sh := range [][4]int{{1, 3, 1, 4}, {1, 2, 3, 7}, {1, 4, 1, 4}} {
		g, fid := dragonflyCase(t, gen.Dragonfly{P: sh[0], A: sh[1], H: sh[2], G: sh[3], LocalBPS: 100e9, GlobalBPS: 100e9})
		var global, local bool
		for i := range g.NumLinks() {
			switch l := g.LinkRef(ir.LinkID(i)); {
			case l.Kind == ir.LinkGlobal && !global:
				l.CapacityBPS, global = 50e9, true
			case l.Kind == ir.LinkLocal && !local:
				l.CapacityBPS, local = 0, true
			}
		}
		if b, exact := groupBoundAndExact(t, g, fid); b > exact*(1+1e-9) {
			t.Errorf("%v uneven: group bound %s, exact %s", sh, units.Rate(b), units.Rate(exact))
		}
	}
}

// Balanced dragonflies (p = h, a = 2h, g = a·h + 1, equal rates; Kim et
// al., ISCA 2008) past enumeration: the bound closes the interval at the
// cut of (g−1)/2 groups a side and one group's routers in halves, whose
// halves' global links each stay on their side: ((g−1)/2)² global links
// plus h² local ones, the paper's p = 2 example (20 links), 90 links at
// h = 3 and 272 at h = 4 (classBound; the
// split-group argument alone stopped at 17.15 Tb/s for h = 3).
func TestBalancedDragonflyIntervals(t *testing.T) {
	for _, c := range []struct {
		h      int
		closed bool
	}{{1, true}, {2, true}, {3, true}, {4, true}} {
		d := gen.Dragonfly{P: c.h, A: 2 * c.h, H: c.h, LocalBPS: 200e9, GlobalBPS: 200e9}
		g, fid := dragonflyCase(t, d)
		r := Compute(g, fid, Options{})
		if r.LowerBoundBPS > r.UpperBoundBPS*(1+1e-9) {
			t.Errorf("h=%d: lower %s above upper %s", c.h, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS))
		}
		if got := meets(r.LowerBoundBPS, r.UpperBoundBPS); got != c.closed {
			t.Errorf("h=%d: %s [%s, %s] by %s; closed %v, want %v", c.h, r.Method, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), r.LowerBoundMethod, got, c.closed)
		}
		half := c.h * c.h // (g−1)/2 = a·h/2
		if want := float64(half*half+c.h*c.h) * 200e9; c.closed && r.UpperBoundBPS != want {
			t.Errorf("h=%d: %s, want the group cut %s", c.h, units.Rate(r.UpperBoundBPS), units.Rate(want))
		}
		t.Logf("h=%d: %s [%s, %s] by %s", c.h, r.Method, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), r.LowerBoundMethod)
	}
	gs := compileDir(t, "../../examples/dragonfly-small")
	r := Compute(gs, fabricID(t, gs, "df"), Options{})
	if r.Method != MethodExact || r.BandwidthBPS != 20*200e9 || r.LowerBoundMethod != "dragonfly_group_structure" {
		t.Errorf("dragonfly-small: %s %s by %s, want exact 4 Tb/s (20 links) by the group-structure bound", r.Method, units.Rate(r.BandwidthBPS), r.LowerBoundMethod)
	}
}

// Even | odd groups: p=2 a=4 h=2 g=8 under the relative arrangement, all
// links 400G. Alternate groups cut 16 global links (6.4 Tb/s), fewer
// than the 18 of the first | second half, and the group-structure bound
// proves it (found by a new user's exhaustive check).
func TestDragonflyEvenOddGroups(t *testing.T) {
	g, fid := dragonflyCase(t, gen.Dragonfly{P: 2, A: 4, H: 2, G: 8, LocalBPS: 400e9, GlobalBPS: 400e9, TerminalBPS: 400e9, Arrangement: gen.ArrangementRelative})
	r := Compute(g, fid, Options{})
	if r.Method != MethodExact || r.BandwidthBPS != 16*400e9 || r.Certificate.Text != "groups 0, 2, 4, 6 | groups 1, 3, 5, 7" {
		t.Errorf("%s %s, cut %q; want exact 6.4 Tb/s by even | odd groups", r.Method, units.Rate(r.BandwidthBPS), r.Certificate.Text)
	}
}

// Past enumeration, where a < 2h lets a halved group keep more global
// links than its local links cost (the case of examples/dragonfly-545),
// the group-structure bound must stay below every cut the search finds,
// on each arrangement. (examples/dragonfly545_test.go asserts how far
// it reaches on the 545-group dragonfly.)
func TestDragonflyBoundBelowCutFound(t *testing.T) {
	for _, sh := range [][4]int{{2, 4, 3, 13}, {2, 4, 4, 17}, {3, 6, 4, 25}, {2, 6, 4, 25}, {4, 8, 5, 41}, {8, 16, 9, 145}} {
		for _, arr := range []string{gen.ArrangementAbsolute, gen.ArrangementCirculant} {
			d := gen.Dragonfly{P: sh[0], A: sh[1], H: sh[2], G: sh[3], LocalBPS: 100e9, GlobalBPS: 100e9, Arrangement: arr}
			g, fid := dragonflyCase(t, d)
			r := Compute(g, fid, Options{})
			if r.LowerBoundBPS > r.UpperBoundBPS*(1+1e-9) {
				t.Errorf("%v %s: bound %s above the cut found %s: unsound", sh, arr, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS))
			}
		}
	}
}

// A dragonfly less one whole group (its routers and terminals, as
// `--fail 'group0/*'` fails them) is still one of alike groups: the
// groups are numbered densely, so no empty group is left behind and the
// group-structure bound applies to the residual, in a quick what-if run
// too, where the uniform bound is over its budget (it read 0 there).
// The bound is sound: at most the exact bisection of the residual.
func TestDragonflyBoundWithoutAGroup(t *testing.T) {
	g := compileDir(t, "../../examples/dragonfly-small")
	var f ir.Failure
	for i := range g.Nodes {
		if strings.HasPrefix(g.Nodes[i].Name, "group0/") {
			f.Nodes = append(f.Nodes, ir.NodeID(i))
		}
	}
	rg := g.Residual(f)
	m := newModel(rg, 0, ViewGPU)
	m.levels()
	s, ok := m.dragonflyShape()
	if !ok {
		t.Fatal("the residual has no dragonfly shape")
	}
	b, ok := s.groupBound(false)
	if !ok || b <= 0 {
		t.Fatalf("group bound %g (%v) on the residual, want one above 0", b, ok)
	}
	exact := m.exact(m.build(modeFull)).value
	if b > exact*(1+1e-9) {
		t.Errorf("group bound %s above the residual's exact bisection %s", units.Rate(b), units.Rate(exact))
	}
	q := Compute(rg, 0, Options{Quick: true, UniformArcVisits: 1})
	if q.LowerBoundBPS <= 0 || q.LowerBoundBPS > exact*(1+1e-9) {
		t.Errorf("quick: lower bound %s by %s, want above 0 and at most %s", units.Rate(q.LowerBoundBPS), q.LowerBoundMethod, units.Rate(exact))
	}
}

// The Valiant bound never passes the exact bisection (enumeration of
// every balanced split) over dragonflies of every arrangement, uneven
// rates and fewer groups than a·h+1 with several links per pair.
func TestValiantBoundBelowExact(t *testing.T) {
	shapes := [][4]int{{1, 2, 1, 3}, {1, 2, 2, 5}, {1, 3, 1, 4}, {2, 2, 1, 3}, {1, 2, 3, 4}, {1, 4, 1, 4}, {3, 2, 1, 3}}
	rates := [][3]float64{{1, 1, 1}, {0.25, 1, 1}, {1, 0.25, 1}, {1, 1, 0.25}, {2, 1, 0.5}}
	cases := 0
	for _, sh := range shapes {
		for _, rt := range rates {
			for _, arr := range []string{gen.ArrangementAbsolute, gen.ArrangementRelative, gen.ArrangementCirculant} {
				d := gen.Dragonfly{P: sh[0], A: sh[1], H: sh[2], G: sh[3], TerminalBPS: rt[0] * 100e9, LocalBPS: rt[1] * 100e9, GlobalBPS: rt[2] * 100e9, Arrangement: arr}
				g, fid := dragonflyCase(t, d)
				m, s := shapeOf(t, g, fid)
				b, ok := m.valiantBound(s)
				if !ok {
					t.Fatalf("%+v: the Valiant bound does not apply", d)
				}
				exact := m.exact(m.build(modeFull)).value
				if b > exact*(1+1e-9) || b <= 0 {
					t.Errorf("p%d a%d h%d g%d rates %v %s: Valiant bound %s, exact bisection %s", sh[0], sh[1], sh[2], sh[3], rt, arr, units.Rate(b), units.Rate(exact))
				}
				cases++
			}
		}
	}
	if cases < 100 {
		t.Errorf("%d cases, want at least 100", cases)
	}
}

// Where the global links are the bottleneck, the Valiant bound is the
// split demand over the global links: (T_X + T_Y)·⌈n/2⌉/(g − 2) on the
// links between two groups of T terminals, so with n = g·T and one link
// of rate r per pair it is g·(g − 2)·r/4, (g − 2)/g of the group cut
// g²·r/4. The result carries it as the routed Valiant interval, up to
// the graph's cut.
func TestValiantBoundClosedForm(t *testing.T) {
	for _, sh := range [][4]int{{1, 2, 1, 3}, {1, 2, 2, 5}, {2, 2, 2, 5}} {
		d := gen.Dragonfly{P: sh[0], A: sh[1], H: sh[2], G: sh[3], TerminalBPS: 100e9, LocalBPS: 100e9, GlobalBPS: 25e9, Arrangement: gen.ArrangementAbsolute}
		g, fid := dragonflyCase(t, d)
		m := newModel(g, fid, ViewGPU)
		m.levels()
		s, _ := m.dragonflyShape()
		b, ok := m.valiantBound(s)
		want := float64(sh[3]*(sh[3]-2)) * 25e9 / 4
		if !ok || !near(b, want) {
			t.Errorf("p%d a%d h%d g%d: Valiant bound %s (ok %v), want %s", sh[0], sh[1], sh[2], sh[3], units.Rate(b), ok, units.Rate(want))
		}
		r := Compute(g, fid, Options{})
		if v := r.RoutedValiant; v == nil || v.Routing != "valiant" || !near(v.LowerBoundBPS, want) || v.UpperBoundBPS != r.UpperBoundBPS || v.LowerBoundMethod != "valiant_split" {
			t.Errorf("p%d a%d h%d g%d: routed Valiant %+v, want %s up to the cut %s", sh[0], sh[1], sh[2], sh[3], v, units.Rate(want), units.Rate(r.UpperBoundBPS))
		}
	}
}

// TestDragonflyArrangedExact: dragonflies of fewer groups than a·h + 1
// whose several links between two groups sit on different routers, where
// the count-based bounds stayed below the bisection, are exact once the
// arrangement is read (arrangedBound, pairSplitsBound): p = 4, a = 8,
// h = 4, g = 5 at 64 links (was 48–64) in every arrangement, g = 3 at 48
// (was 32–48), p = 2, a = 4, h = 2, g = 6 at 14 (was 9–14), and
// p = 4, a = 8, h = 4, g = 7 at 72 (absolute, relative) and 74 (circulant;
// was 60–74), whose vectors of routers on A the pruned search reads
// within its budget. The upper end is a cut found and evaluated by
// max-flow, so the lower end meeting it is the proof.
func TestDragonflyArrangedExact(t *testing.T) {
	for _, tc := range []struct {
		p, a, h, g int
		links      float64 // absolute and relative
		circulant  float64
	}{{4, 8, 4, 5, 64, 64}, {4, 8, 4, 3, 48, 48}, {2, 4, 2, 6, 14, 14}, {4, 8, 4, 7, 72, 74}} {
		for _, arr := range []string{gen.ArrangementAbsolute, gen.ArrangementRelative, gen.ArrangementCirculant} {
			g, fid := dragonflyCase(t, gen.Dragonfly{P: tc.p, A: tc.a, H: tc.h, G: tc.g, LocalBPS: 200e9, GlobalBPS: 200e9, Arrangement: arr})
			r := Compute(g, fid, Options{})
			want := tc.links * 200e9
			if arr == gen.ArrangementCirculant {
				want = tc.circulant * 200e9
			}
			if !meets(r.LowerBoundBPS, want) || !meets(want, r.UpperBoundBPS) || !meets(r.UpperBoundBPS, want) {
				t.Errorf("p=%d a=%d h=%d g=%d %s: [%s, %s], want exactly %s", tc.p, tc.a, tc.h, tc.g, arr,
					units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), units.Rate(want))
			}
		}
	}
}
