package bisection

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// TestWholeLeafBoundSound: on 1,000 seeded random tiered fabrics of at
// most 16 hosts (2 to 5 leaves filled unevenly, hosts single-homed with
// one or two links of mixed rates or dual-homed, two or three tiers,
// leaves meshed to the tier above fully or partly, tapered or not; the
// gpu and the port view), the whole-leaf bound never exceeds the exact
// bisection by enumeration, and its split is a balanced split (its cut
// never below it); under up/down routing it never exceeds the least
// valley-free flow of a balanced split (at most 12 hosts). It must apply
// to many and beat the hose bound on some, or the test proves nothing.
func TestWholeLeafBoundSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 1207))
	graphs := 1000
	if testing.Short() {
		graphs = 100
	}
	applied, above, met, routedApplied := 0, 0, 0, 0
	for i := 0; i < graphs; i++ {
		g, fid := randomLeafFabric(rng)
		view := ViewGPU
		if rng.IntN(3) == 0 {
			view = ViewPort
		}
		m := newModel(g, fid, view)
		full := m.build(modeFull)
		b, c, ok := m.wholeLeaves(full, false)
		if !ok {
			continue
		}
		applied++
		exact := m.exact(full).value
		if b > exact*(1+1e-9)+1e-3 {
			t.Fatalf("graph %d (%s view): the whole-leaf bound %s exceeds the exact bisection %s: unsound", i, view, units.Rate(b), units.Rate(exact))
		}
		if c.value < exact*(1-1e-9) {
			t.Fatalf("graph %d: the bound's split cuts %s, below the exact bisection %s: not a balanced split", i, units.Rate(c.value), units.Rate(exact))
		}
		if h := m.hose(); !h.ok || b > h.bound*(1+1e-9) {
			above++
		}
		if meets(b, exact) {
			met++
		}
		// Under up/down routing (the same bound, routed.go's layering):
		// never above the layered max-flow of any balanced split
		// (enumerated where that stays cheap).
		if len(m.terms) <= 12 {
			if rb, _, ok := m.wholeLeaves(full, true); ok {
				routedApplied++
				if least := leastUpDown(t, m, full); rb > least*(1+1e-9)+1e-3 {
					t.Fatalf("graph %d: the routed whole-leaf bound %s exceeds the least up/down flow %s of a balanced split: unsound", i, units.Rate(rb), units.Rate(least))
				}
			}
		}
	}
	t.Logf("%d graphs: the bound applied to %d (routed checked on %d), beat the hose bound on %d, met the exact bisection on %d", graphs, applied, routedApplied, above, met)
	if applied < graphs/4 || above < graphs/10 {
		t.Errorf("the bound applied to %d and beat the hose bound on %d of %d graphs: too few to test it", applied, above, graphs)
	}
}

// randomLeafFabric returns a custom tiered fabric of 2 to 5 leaves under
// 1 to 3 spines (and, one time in three, 1 or 2 cores above 2 to 3
// aggregation switches), each leaf linked to every switch above it (one
// time in five to a random subset) with 1 or 2 links of one rate per
// leaf; 4 to 16 hosts spread unevenly over the leaves, each with one or
// two links to its leaf at mixed rates, one in ten dual-homed to a
// second leaf; one time in five 1 to 3 hosts with no link; one time in
// eight a link joining two leaves.
func randomLeafFabric(rng *rand.Rand) (*ir.Graph, ir.FabricID) {
	tiers := []string{"leaf", "spine"}
	if rng.IntN(3) == 0 {
		tiers = []string{"leaf", "aggregation", "core"}
	}
	g := ir.New()
	fid := g.AddFabric(ir.Fabric{Name: "t", Family: "custom", Tiers: tiers})
	rates := []float64{100e9, 200e9, 400e9}
	tier := func(name string, n int) []ir.NodeID {
		var out []ir.NodeID
		for s := range n {
			node := ir.NewNode(fmt.Sprintf("%s%d", name, s), ir.KindSwitch)
			node.SetTier(name)
			id := g.AddNode(node)
			g.JoinFabric(id, fid)
			out = append(out, id)
		}
		return out
	}
	mesh := func(below, above []ir.NodeID) {
		for _, b := range below {
			rate, k := rates[rng.IntN(len(rates))], 1+rng.IntN(2)
			ups := above
			if rng.IntN(5) == 0 {
				ups = nil
				for _, i := range rng.Perm(len(above))[:1+rng.IntN(len(above))] {
					ups = append(ups, above[i])
				}
			}
			for _, u := range ups {
				for range k {
					randomLink(g, fid, b, u, 0, rate)
				}
			}
		}
	}
	leaves := tier("leaf", 2+rng.IntN(4))
	hosts := 4 + rng.IntN(13)
	for h := range hosts {
		id := g.AddNode(ir.NewNode(fmt.Sprintf("h%02d", h), ir.KindHost))
		g.JoinFabric(id, fid)
		g.Fabrics[fid].Endpoints = append(g.Fabrics[fid].Endpoints, ir.Port{Node: id})
		// Uneven fill: the first leaves take more.
		leaf := leaves[min(rng.IntN(len(leaves)), rng.IntN(len(leaves)))]
		for range 1 + rng.IntN(2) {
			randomLink(g, fid, id, leaf, 0, rates[rng.IntN(len(rates))])
		}
		if rng.IntN(10) == 0 {
			randomLink(g, fid, id, leaves[rng.IntN(len(leaves))], 1, rates[rng.IntN(len(rates))])
		}
	}
	// One time in five 1 to 3 hosts with no link (a what-if's hosts whose
	// leaf failed), free on either side.
	if rng.IntN(5) == 0 {
		for h := range 1 + rng.IntN(3) {
			id := g.AddNode(ir.NewNode(fmt.Sprintf("cut%d", h), ir.KindHost))
			g.JoinFabric(id, fid)
			g.Fabrics[fid].Endpoints = append(g.Fabrics[fid].Endpoints, ir.Port{Node: id})
		}
	}
	// One time in eight a link between two leaves, which the bound leaves
	// out (it only adds to a cut).
	if rng.IntN(8) == 0 {
		randomLink(g, fid, leaves[0], leaves[1], 0, rates[rng.IntN(len(rates))])
	}
	if len(tiers) == 2 {
		mesh(leaves, tier("spine", 1+rng.IntN(3)))
	} else {
		aggs := tier("aggregation", 2+rng.IntN(2))
		mesh(leaves, aggs)
		mesh(aggs, tier("core", 1+rng.IntN(2)))
	}
	return g, fid
}

// TestWholeLeafCheapestHostCrosses: a leaf of 11 hosts (one at 100G, ten
// at 400G) and one of 9 at 400G, each with 1.6 Tb/s to one spine: a
// balanced split puts 10 of the first leaf's hosts with it and sends one
// across, the 100G one, and one leaf's uplinks cross, 1.7 Tb/s. The
// whole-leaf bound proves exactly that (the hose bound, held down by the
// first leaf's 4.1:1.6 taper, proves far less), and its split is the cut.
func TestWholeLeafCheapestHostCrosses(t *testing.T) {
	g := ir.New()
	fid := g.AddFabric(ir.Fabric{Name: "t", Family: "custom", Tiers: []string{"leaf", "spine"}})
	sw := func(name, tier string) ir.NodeID {
		n := ir.NewNode(name, ir.KindSwitch)
		n.SetTier(tier)
		id := g.AddNode(n)
		g.JoinFabric(id, fid)
		return id
	}
	spine := sw("spine0", "spine")
	for l, rates := range [][]float64{append([]float64{100e9}, repeat(400e9, 10)...), repeat(400e9, 9)} {
		leaf := sw(fmt.Sprintf("leaf%d", l), "leaf")
		for range 4 {
			randomLink(g, fid, leaf, spine, 0, 400e9)
		}
		for h, r := range rates {
			id := g.AddNode(ir.NewNode(fmt.Sprintf("l%dh%02d", l, h), ir.KindHost))
			g.JoinFabric(id, fid)
			g.Fabrics[fid].Endpoints = append(g.Fabrics[fid].Endpoints, ir.Port{Node: id})
			randomLink(g, fid, id, leaf, 0, r)
		}
	}
	r := Compute(g, fid, Options{})
	if r.Method == MethodBounded || r.LowerBoundMethod != "hose_whole_leaves" || r.UpperBoundBPS != 1.7e12 || r.LowerBoundBPS != 1.7e12 {
		t.Errorf("bisection %s–%s (%s, %s), want 1.7 Tb/s exact by the whole-leaf bound", units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), r.Method, r.LowerBoundMethod)
	}
	if h := newModel(g, fid, ViewGPU).hose(); !h.ok || h.bound >= 1.7e12 {
		t.Errorf("hose bound %v (ok %v): want one below 1.7 Tb/s, or the test shows nothing", h.bound, h.ok)
	}
}

// repeat returns n copies of x.
func repeat(x float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = x
	}
	return out
}
