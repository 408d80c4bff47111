package oversub_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/analyzers/oversub"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// bounded is the Analyzer's result for fabric name: Analyze, then Bound.
func bounded(t testing.TB, g *ir.Graph, name string) oversub.Fabric {
	t.Helper()
	f := fabric(t, g, name)
	for i := range g.Fabrics {
		if g.Fabrics[i].Name == name {
			oversub.Bound(g, ir.FabricID(i), &f)
		}
	}
	return f
}

// TestBoundPartialMesh: the partial meshes of issue 11 and trial 54 get a
// proven end-to-end interval instead of "at least the worst leaf".
//   - testdata/trust/clos-partial-mesh-units: 6 leaves of 2 hosts, 2
//     uplinks each over 3 spines, every leaf 1:1; the exact bisection is
//     0.667, so a half of the hosts with the switches on its side tapers
//     1.5:1, and the rebalanced hose bound proves θ = 1/2: 1.5–2.
//   - trial 54: 5 SUs of 8 leaves (32 hosts down, 16 up at 400G) striped
//     over 10 spines (2 links to six, 1 to four), every leaf 2:1. Half the
//     leaves and the spines they favour have 108.8 Tb/s leaving for 256
//     Tb/s of injection, 2.353:1; the rebalanced hose bound proves
//     θ = 0.375, so at most 2.667:1.
func TestBoundPartialMesh(t *testing.T) {
	f := bounded(t, load(t, "../../testdata/trust/clos-partial-mesh-units"), "ls")
	if f.Basis != oversub.BasisSets || !near(*f.EndToEndLowerBound, 1.5) || !near(*f.EndToEndUpperBound, 2) || !near(*f.EndToEnd, 1.5) || f.WorstUnit.Kind != "cut" {
		t.Errorf("clos-partial-mesh-units: basis %q, %v–%v, worst %+v; want sets, 1.5–2, 1.5 at the cut", f.Basis, *f.EndToEndLowerBound, *f.EndToEndUpperBound, f.WorstUnit)
	}
	f = bounded(t, loadSource(t, trial54), "backend")
	if f.Basis != oversub.BasisSets || !near(*f.EndToEndLowerBound, 256/108.8) || !near(*f.EndToEndUpperBound, 1/0.375) || f.HoseTheta == nil || !near(*f.HoseTheta, 0.375) {
		t.Errorf("trial 54: basis %q, %v–%v, θ %v; want sets, 2.353–2.667, θ 0.375", f.Basis, *f.EndToEndLowerBound, *f.EndToEndUpperBound, f.HoseTheta)
	}
	var buf strings.Builder
	oversub.WriteText(&buf, &f)
	if want := "oversub    end to end between 2.35:1 (a set found: the smaller side of the bisection's cut) and 2.67:1 (hose bound, θ = 0.375)"; !strings.Contains(buf.String(), want) {
		t.Errorf("text:\n%s\nwant %q", buf.String(), want)
	}
	// A full mesh keeps basis units; Bound leaves it alone.
	r := bounded(t, load(t, "../../examples/roce-leaf-spine-2plane"), "backend")
	if r.Basis != oversub.BasisUnits || *r.EndToEndUpperBound != 3 || r.HoseTheta != nil {
		t.Errorf("two planes: basis %q, upper %v; want units, 3", r.Basis, *r.EndToEndUpperBound)
	}
}

const trial54 = `
fabric "backend" {
  clos {
    hosts     = 1280
    host_rate = "400Gb/s"
    unit "su" {
      nodes = 256
    }
    tier "leaf" {
      model = "TH4-64x400G"
      per   = ["su"]
      count = 8
      down  = 32
      up    = 16
    }
    tier "spine" {
      model = "TH4-64x400G"
      count = 10
      down  = 64
    }
  }
}
`

// TestBoundSound checks Bound against enumeration on 300 random two-tier
// custom fabrics (2–4 leaves with 1–2 single-homed hosts each at 200 or
// 400 Gb/s, 2–3 spines, 0–2 links of 400 Gb/s per leaf–spine pair and
// at least one to spine s0, leaf l0 on every spine): the
// worst ratio inj(U) ÷ capacity leaving U over every set U of the
// fabric's nodes holding at most half the injection, and the worst
// unit's, lies within the interval Bound proves, every time.
func TestBoundSound(t *testing.T) {
	sets, exact := againstEnumeration(t, rand.New(rand.NewPCG(54, 11)), 300, "r", randomTwoTier, worstSet)
	if sets < 250 || exact < 200 { // 291 and 246 when written
		t.Errorf("%d of 300 fabrics narrowed, %d to one value; want at least 250 and 200", sets, exact)
	}
}

// againstEnumeration compiles n fabrics named name that gen writes, and
// fails the test when the worst unit or the worst set truth finds lies
// outside the interval Bound proves. It returns how many were narrowed
// (basis "sets") and how many of those to one value.
func againstEnumeration(t *testing.T, rng *rand.Rand, n int, name string, gen func(*rand.Rand) string, truthOf func(*ir.Graph) float64) (sets, exact int) {
	t.Helper()
	for trial := 0; trial < n; trial++ {
		src := gen(rng)
		g := loadSource(t, src)
		f := bounded(t, g, name)
		if f.Basis != oversub.BasisSets {
			continue
		}
		sets++
		truth := truthOf(g)
		for _, u := range f.Units {
			if u.Max != nil {
				truth = math.Max(truth, *u.Max)
			}
		}
		lo, hi := *f.EndToEndLowerBound, *f.EndToEndUpperBound
		if truth < lo*(1-1e-9) || truth > hi*(1+1e-9) {
			t.Fatalf("trial %d: worst set %g outside the proven %g–%g\n%s", trial, truth, lo, hi, src)
		}
		if near(lo, hi) {
			exact++
		}
	}
	return sets, exact
}

// worstRatio enumerates every set of the elements (each injecting inj[i])
// and returns the largest inj(U) ÷ capacity of the edges with exactly one
// end in U, over the sets holding at most half the total injection.
func worstRatio(inj []float64, edges [][2]int, caps []float64) float64 {
	total := 0.0
	for _, x := range inj {
		total += x
	}
	worst := 0.0
	for mask := 1; mask < 1<<len(inj); mask++ {
		in := 0.0
		for i := range inj {
			if mask>>i&1 == 1 {
				in += inj[i]
			}
		}
		if in == 0 || in > total/2*(1+1e-12) {
			continue
		}
		leave := 0.0
		for k, e := range edges {
			if (mask>>e[0]&1 == 1) != (mask>>e[1]&1 == 1) {
				leave += caps[k]
			}
		}
		if leave > 0 {
			worst = math.Max(worst, in/leave)
		}
	}
	return worst
}

// worstSet enumerates every set U of fabric 0's nodes and returns the
// largest inj(U) ÷ capacity leaving U over those holding at most half the
// hosts' injection (a host injects its links' capacity).
func worstSet(g *ir.Graph) float64 {
	idx := map[ir.NodeID]int{}
	var inj, caps []float64
	var edges [][2]int
	for _, l := range g.AllLinks() {
		var e [2]int
		for k, n := range []ir.NodeID{l.A.Node, l.B.Node} {
			if _, ok := idx[n]; !ok {
				idx[n] = len(inj)
				inj = append(inj, 0)
			}
			if !g.Nodes[n].Kind.IsSwitch() {
				inj[idx[n]] += l.CapacityBPS
			}
			e[k] = idx[n]
		}
		edges, caps = append(edges, e), append(caps, l.CapacityBPS)
	}
	return worstRatio(inj, edges, caps)
}

// randomTwoTier writes a custom fabric "r" of leaves and spines cabled
// unevenly at mixed rates.
func randomTwoTier(rng *rand.Rand) string {
	leaves, spines := 2+rng.IntN(3), 2+rng.IntN(2)
	rate := func() string { return []string{"200Gb/s", "400Gb/s"}[rng.IntN(2)] }
	var b strings.Builder
	b.WriteString("fabric \"r\" {\n  custom {\n")
	for s := 0; s < spines; s++ {
		fmt.Fprintf(&b, "    switch \"s%d\" {\n      model = \"SN5600\"\n      tier  = \"spine\"\n    }\n", s)
	}
	link := func(a, z, r string) {
		fmt.Fprintf(&b, "    link {\n      a    = %q\n      b    = %q\n      rate = %q\n    }\n", a, z, r)
	}
	for l := 0; l < leaves; l++ {
		fmt.Fprintf(&b, "    switch \"l%d\" {\n      model = \"SN5600\"\n      tier  = \"leaf\"\n    }\n", l)
		for h := 0; h < 1+rng.IntN(2); h++ {
			r := rate()
			fmt.Fprintf(&b, "    host \"l%dh%d\" {\n      rate = %q\n    }\n", l, h, r)
			link(fmt.Sprintf("l%dh%d", l, h), fmt.Sprintf("l%d", l), r)
		}
		for s := 0; s < spines; s++ {
			n := rng.IntN(3)
			if n == 0 && (s == 0 || l == 0) {
				n = 1 // every two leaves share spine s0 (up/down routing joins them); l0 reaches every spine
			}
			for k := 0; k < n; k++ {
				link(fmt.Sprintf("l%d", l), fmt.Sprintf("s%d", s), "400Gb/s")
			}
		}
	}
	b.WriteString("  }\n}\n")
	return b.String()
}

// TestComposedZonesEndToEnd: two k = 4 fat-tree zones whose cores a
// custom fabric joins with m links (compiletest.ComposedZones) are, as
// one composite fabric, 16 hosts × 400G per zone over m × 400G: end to
// end 16/m, per zone.
func TestComposedZonesEndToEnd(t *testing.T) {
	for _, m := range []int{1, 2, 4} {
		g := compiletest.Source(t, compiletest.ComposedZones(m))
		o := oversub.Analyze(g, ir.FabricID(2))
		if o.EndToEnd == nil || *o.EndToEnd != 16.0/float64(m) {
			t.Errorf("m = %d: composite end to end %v; want %v (per zone)", m, o.EndToEnd, 16.0/float64(m))
		}
	}
}

// TestFatTreeBrokenOutHostsEndToEnd: a k = 8 fat-tree with H 200G hosts
// on broken-out edge ports (compiletest.BrokenOutFatTree) is H × 200G
// down over 4 × 400G up: 1, 0.5 and 0.75 for H = 8, 4, 6.
func TestFatTreeBrokenOutHostsEndToEnd(t *testing.T) {
	for _, c := range []struct {
		hpe     int
		oversub float64
	}{{8, 1}, {4, 0.5}, {6, 0.75}} {
		g := compiletest.Source(t, compiletest.BrokenOutFatTree(8, c.hpe))
		if o := oversub.Analyze(g, 0); o.EndToEnd == nil || *o.EndToEnd != c.oversub {
			t.Errorf("H = %d: end to end %v; want %v (H × 200G down over 4 × 400G up)", c.hpe, o.EndToEnd, c.oversub)
		}
	}
}

// TestBoundPlanesSound checks the per-plane bound against enumeration on
// 200 random two-plane custom fabrics: 2–4 hosts of two 400G ports, port
// 0 on a leaf of plane 0 and port 1 on a leaf of plane 1, each plane 2–3
// leaves over 2 spines with 0–2 links per pair (at least one to spine 0,
// leaf 0 on both). Every set of one plane's switches and endpoint ports
// holding at most half that plane's injection, and every unit, must lie
// within the proven interval. testdata/trust/roce-uneven-striping, whose
// planes the whole-fabric bound cannot see, is exactly 6:1 (each leaf
// 4:1; its bisection is 1/6).
func TestBoundPlanesSound(t *testing.T) {
	f := bounded(t, load(t, "../../testdata/trust/roce-uneven-striping"), "backend")
	if f.Basis != oversub.BasisSets || !near(*f.EndToEndLowerBound, 6) || !near(*f.EndToEndUpperBound, 6) {
		t.Errorf("roce-uneven-striping: basis %q, %v–%v; want sets, exactly 6", f.Basis, f.EndToEndLowerBound, f.EndToEndUpperBound)
	}
	sets, exact := againstEnumeration(t, rand.New(rand.NewPCG(57, 2)), 200, "p", randomTwoPlane, worstPlaneSet)
	if sets < 180 || exact < 150 { // 200 and 174 when written
		t.Errorf("%d of 200 two-plane fabrics narrowed, %d to one value; want at least 180 and 150", sets, exact)
	}
}

// worstPlaneSet enumerates, per plane (the pieces of the switch graph),
// every set of its switches and the endpoint ports cabled to them, and
// returns the largest inj(U) ÷ capacity leaving U over those holding at
// most half the plane's injection.
func worstPlaneSet(g *ir.Graph) float64 {
	type end struct {
		node ir.NodeID
		port int32
	}
	key := func(p ir.Port) end {
		if g.Nodes[p.Node].Kind.IsSwitch() {
			return end{p.Node, -1}
		}
		return end{p.Node, p.Port}
	}
	// Planes: union of switches over switch–switch links.
	parent := map[ir.NodeID]ir.NodeID{}
	var find func(ir.NodeID) ir.NodeID
	find = func(x ir.NodeID) ir.NodeID {
		if p, ok := parent[x]; ok && p != x {
			r := find(p)
			parent[x] = r
			return r
		}
		parent[x] = x
		return x
	}
	links := g.AllLinks()
	for _, l := range links {
		if g.Nodes[l.A.Node].Kind.IsSwitch() && g.Nodes[l.B.Node].Kind.IsSwitch() {
			parent[find(l.A.Node)] = find(l.B.Node)
		}
	}
	planeOf := func(l ir.Link) ir.NodeID {
		if g.Nodes[l.A.Node].Kind.IsSwitch() {
			return find(l.A.Node)
		}
		return find(l.B.Node)
	}
	byPlane := map[ir.NodeID][]ir.Link{}
	for _, l := range links {
		byPlane[planeOf(l)] = append(byPlane[planeOf(l)], l)
	}
	worst := 0.0
	for _, ls := range byPlane {
		idx := map[end]int{}
		var inj, caps []float64
		var edges [][2]int
		for _, l := range ls {
			var e [2]int
			for k, p := range []ir.Port{l.A, l.B} {
				x := key(p)
				if _, ok := idx[x]; !ok {
					idx[x] = len(inj)
					inj = append(inj, 0)
				}
				if x.port >= 0 {
					inj[idx[x]] += l.CapacityBPS
				}
				e[k] = idx[x]
			}
			edges, caps = append(edges, e), append(caps, l.CapacityBPS)
		}
		worst = math.Max(worst, worstRatio(inj, edges, caps))
	}
	return worst
}

// randomTwoPlane writes a custom fabric "p" of two planes of leaves and
// spines, cabled unevenly, and hosts with a port in each.
func randomTwoPlane(rng *rand.Rand) string {
	var b strings.Builder
	b.WriteString("fabric \"p\" {\n  custom {\n")
	link := func(a, z string) {
		fmt.Fprintf(&b, "    link {\n      a    = %q\n      b    = %q\n      rate = \"400Gb/s\"\n    }\n", a, z)
	}
	leaves := [2]int{2 + rng.IntN(2), 2 + rng.IntN(2)}
	for p := 0; p < 2; p++ {
		for s := 0; s < 2; s++ {
			fmt.Fprintf(&b, "    switch \"p%ds%d\" {\n      model = \"SN5600\"\n      tier  = \"spine\"\n    }\n", p, s)
		}
		for l := 0; l < leaves[p]; l++ {
			fmt.Fprintf(&b, "    switch \"p%dl%d\" {\n      model = \"SN5600\"\n      tier  = \"leaf\"\n    }\n", p, l)
			for s := 0; s < 2; s++ {
				n := rng.IntN(3)
				if n == 0 && (s == 0 || l == 0) {
					n = 1
				}
				for k := 0; k < n; k++ {
					link(fmt.Sprintf("p%dl%d", p, l), fmt.Sprintf("p%ds%d", p, s))
				}
			}
		}
	}
	hosts := 2 + rng.IntN(3)
	for h := 0; h < hosts; h++ {
		fmt.Fprintf(&b, "    host \"h%d\" {\n      rate  = \"400Gb/s\"\n      ports = 2\n    }\n", h)
		// Leaf l0 of each plane takes host 0, so every leaf 0 has an
		// endpoint; the others are drawn.
		for p := 0; p < 2; p++ {
			l := 0
			if h > 0 {
				l = rng.IntN(leaves[p])
			}
			link(fmt.Sprintf("h%d", h), fmt.Sprintf("p%dl%d", p, l))
		}
	}
	b.WriteString("  }\n}\n")
	return b.String()
}

// analyzed is the Analyzer's result for fabric name, run through the
// driver with the bisection it requires (whose cut and θ Bound then
// reads instead of computing its own).
func analyzed(t testing.TB, g *ir.Graph, name string) oversub.Fabric {
	t.Helper()
	res, err := analysis.Run(g, []*analysis.Analyzer{oversub.Analyzer})
	if err != nil {
		t.Fatal(err)
	}
	all, _ := oversub.ResultOf.In(res)
	for i := range g.Fabrics {
		if g.Fabrics[i].Name == name {
			return all[i]
		}
	}
	t.Fatalf("no fabric %q", name)
	return oversub.Fabric{}
}

// TestDragonflyEndToEndSound: a dragonfly's groups are linked to each
// other directly, so two groups together keep their global links inside
// and taper more than either (oracle trial 60: dragonfly-small read 1:1
// end to end while half of it tapers 1.8:1). Over 800 seeded draws of small
// dragonflies (p 1–2, a 2–3, h 1–2, one or two links per group pair, the
// three arrangements, partly populated, at most 18 routers and
// terminals), the worst set found by enumerating every set of routers
// and terminals lies within the interval the Analyzer proves (the
// bisection's cut below, the uniform bound's θ above), which is never
// the basis "units".
func TestDragonflyEndToEndSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(60, 3))
	narrowed, ran := 0, 0
	for trial := 0; trial < 800; trial++ {
		p, a, h, m := 1+rng.IntN(2), 2+rng.IntN(2), 1+rng.IntN(2), 1+rng.IntN(2)
		g := 2 + rng.IntN(a*h/m)
		if a*g+p*a*g > 18 || g < 3 {
			continue
		}
		terms := p*a*(g-1) + 1 + rng.IntN(p*a)
		src := fmt.Sprintf(`fabric "df" {
  dragonfly {
    p = %d
    a = %d
    h = %d
    g = %d
    global_links_per_pair = %d
    terminals = %d
    local_rate = "400Gb/s"
    global_rate = %q
    terminal_rate = %q
    global_arrangement = %q
  }
}
`, p, a, h, g, m, terms, []string{"200Gb/s", "400Gb/s"}[rng.IntN(2)], []string{"200Gb/s", "400Gb/s"}[rng.IntN(2)], []string{"absolute", "relative", "circulant"}[rng.IntN(3)])
		gr := loadSource(t, src)
		f := analyzed(t, gr, "df")
		if f.Basis == oversub.BasisUnits {
			t.Fatalf("trial %d: basis units for a dragonfly\n%s", trial, src)
		}
		truth := worstSet(gr)
		lo := *f.EndToEndLowerBound
		if truth < lo*(1-1e-9) {
			t.Fatalf("trial %d: lower end %g above the worst set %g\n%s", trial, lo, truth, src)
		}
		ran++
		if f.Basis != oversub.BasisSets {
			continue
		}
		narrowed++
		if hi := *f.EndToEndUpperBound; truth > hi*(1+1e-9) {
			t.Fatalf("trial %d: worst set %g above the proven upper end %g\n%s", trial, truth, hi, src)
		}
	}
	if ran < 150 || narrowed < ran*9/10 {
		t.Errorf("%d of %d dragonflies narrowed to basis sets; want at least 150, nine in ten", narrowed, ran)
	}
}
