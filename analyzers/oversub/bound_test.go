package oversub_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

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
	rng := rand.New(rand.NewPCG(54, 11))
	sets, exact := 0, 0
	for trial := 0; trial < 300; trial++ {
		src := randomTwoTier(rng)
		g := loadSource(t, src)
		f := bounded(t, g, "r")
		if f.Basis != oversub.BasisSets {
			continue
		}
		sets++
		truth := worstSet(g)
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
	if sets < 250 || exact < 200 { // 291 and 246 when written
		t.Errorf("%d of 300 fabrics narrowed, %d to one value; want at least 250 and 200", sets, exact)
	}
	t.Logf("%d of 300 narrowed, %d of them to one value", sets, exact)
}

// worstSet enumerates every set U of fabric 0's nodes and returns the
// largest inj(U) ÷ capacity leaving U over those holding at most half the
// hosts' injection (a host injects its links' capacity).
func worstSet(g *ir.Graph) float64 {
	var nodes []ir.NodeID
	idx := map[ir.NodeID]int{}
	for _, l := range g.AllLinks() {
		for _, n := range []ir.NodeID{l.A.Node, l.B.Node} {
			if _, ok := idx[n]; !ok {
				idx[n] = len(nodes)
				nodes = append(nodes, n)
			}
		}
	}
	inj := make([]float64, len(nodes))
	total := 0.0
	for _, l := range g.AllLinks() {
		for _, n := range []ir.NodeID{l.A.Node, l.B.Node} {
			if !g.Nodes[n].Kind.IsSwitch() {
				inj[idx[n]] += l.CapacityBPS
				total += l.CapacityBPS
			}
		}
	}
	worst := 0.0
	for mask := 1; mask < 1<<len(nodes); mask++ {
		in := 0.0
		for i := range nodes {
			if mask>>i&1 == 1 {
				in += inj[i]
			}
		}
		if in == 0 || in > total/2*(1+1e-12) {
			continue
		}
		leave := 0.0
		for _, l := range g.AllLinks() {
			if (mask>>idx[l.A.Node]&1 == 1) != (mask>>idx[l.B.Node]&1 == 1) {
				leave += l.CapacityBPS
			}
		}
		if leave > 0 {
			worst = math.Max(worst, in/leave)
		}
	}
	return worst
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
