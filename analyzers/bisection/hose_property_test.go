package bisection

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// TestHoseBoundSound: on 1,000 seeded random tiered fabrics of at most 14
// hosts (two or three tiers, partial meshes, uneven and parallel links,
// mixed rates, dual-homed hosts), the hose bound, proportional or with the
// top tier rebalanced, never exceeds the exact bisection by enumeration.
// The rebalanced routing must be exercised: at least a fifth of the
// fabrics reach the top tier unevenly and still get a bound from it.
func TestHoseBoundSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 12))
	graphs := 1000
	if testing.Short() {
		graphs = 100
	}
	rebalanced, proportional, none := 0, 0, 0
	for i := 0; i < graphs; i++ {
		g, fid := randomTiered(rng)
		m := newModel(g, fid, ViewGPU)
		h := m.hose()
		if !h.ok {
			none++
			continue
		}
		if h.rebalanced {
			rebalanced++
		} else {
			proportional++
		}
		exact := m.exact(m.build(modeFull)).value
		if h.bound > exact*(1+1e-9) {
			t.Fatalf("graph %d: the %s bound %s (θ = %v) exceeds the exact bisection %s: unsound", i, h.method(), units.Rate(h.bound), h.theta, units.Rate(exact))
		}
	}
	t.Logf("%d graphs: %d rebalanced, %d proportional, %d without a hose bound", graphs, rebalanced, proportional, none)
	if rebalanced < graphs/5 {
		t.Errorf("only %d of %d graphs exercised the rebalanced bound", rebalanced, graphs)
	}
}

// randomTiered returns a custom fabric with tiered switches: 2 or 3
// tiers, each switch linked to a random subset of the tier above (at
// least one), some links doubled, rates mixed; 4 to 14 hosts, each on one
// or two leaves.
func randomTiered(rng *rand.Rand) (*ir.Graph, ir.FabricID) {
	tiers := []string{"leaf", "spine", "core"}[:2+rng.IntN(2)]
	g := ir.New()
	fid := g.AddFabric(ir.Fabric{Name: "t", Family: "custom", Tiers: tiers})
	rates := []float64{100e9, 200e9, 400e9}
	randomTiers(rng, g, fid, tiers, rates, 4, func(leaves []ir.NodeID) {
		hosts := 4 + rng.IntN(11)
		for h := 0; h < hosts; h++ {
			id := g.AddNode(ir.NewNode(fmt.Sprintf("h%02d", h), ir.KindHost))
			g.JoinFabric(id, fid)
			g.Fabrics[fid].Endpoints = append(g.Fabrics[fid].Endpoints, ir.Port{Node: id})
			for p := range 1 + rng.IntN(2) {
				randomLink(g, fid, id, leaves[rng.IntN(len(leaves))], int32(p), rates[rng.IntN(len(rates))])
			}
		}
	})
	return g, fid
}

// randomTiers adds the switches of tiers to fabric fid of g: 2 to 4 per
// tier, 1 to topMax at the top, each linked once or twice to each of a
// random nonempty subset of the tier above, at rates drawn from rates.
// atLeaves (if not nil) attaches endpoints to the leaves before the
// tiers above are built. It returns the leaves.
func randomTiers(rng *rand.Rand, g *ir.Graph, fid ir.FabricID, tiers []string, rates []float64, topMax int, atLeaves func([]ir.NodeID)) []ir.NodeID {
	var leaves, below []ir.NodeID
	for ti, tier := range tiers {
		n := 2 + rng.IntN(3)
		if ti == len(tiers)-1 {
			n = 1 + rng.IntN(topMax)
		}
		var sws []ir.NodeID
		for s := 0; s < n; s++ {
			node := ir.NewNode(fmt.Sprintf("%s%d", tier, s), ir.KindSwitch)
			node.SetTier(tier)
			id := g.AddNode(node)
			g.JoinFabric(id, fid)
			sws = append(sws, id)
		}
		for _, b := range below {
			for _, u := range rng.Perm(n)[:1+rng.IntN(n)] {
				for range 1 + rng.IntN(2) {
					randomLink(g, fid, b, sws[u], 0, rates[rng.IntN(len(rates))])
				}
			}
		}
		if ti == 0 {
			leaves = sws
			if atLeaves != nil {
				atLeaves(sws)
			}
		}
		below = sws
	}
	return leaves
}

// randomLink adds a link of fabric fid from port ap of a to b.
func randomLink(g *ir.Graph, fid ir.FabricID, a, b ir.NodeID, ap int32, c float64) {
	g.AddLink(ir.Link{A: ir.Port{Node: a, Port: ap}, B: ir.Port{Node: b}, CapacityBPS: c, Kind: ir.LinkCustom, Fabric: fid})
}
