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
	link := func(a, b ir.NodeID, ap int32, c float64) {
		g.AddLink(ir.Link{A: ir.Port{Node: a, Port: ap}, B: ir.Port{Node: b}, CapacityBPS: c, Kind: ir.LinkCustom, Fabric: fid})
	}
	var below []ir.NodeID
	for ti, tier := range tiers {
		n := 2 + rng.IntN(3)
		if ti == len(tiers)-1 {
			n = 1 + rng.IntN(4)
		}
		var sws []ir.NodeID
		for s := 0; s < n; s++ {
			node := ir.NewNode(fmt.Sprintf("%s%d", tier, s), ir.KindSwitch)
			node.Tier = tier
			id := g.AddNode(node)
			g.JoinFabric(id, fid)
			sws = append(sws, id)
		}
		for _, b := range below {
			up := rng.Perm(n)[:1+rng.IntN(n)]
			for _, u := range up {
				for range 1 + rng.IntN(2) {
					link(b, sws[u], 0, rates[rng.IntN(len(rates))])
				}
			}
		}
		if ti == 0 {
			hosts := 4 + rng.IntN(11)
			for h := 0; h < hosts; h++ {
				id := g.AddNode(ir.NewNode(fmt.Sprintf("h%02d", h), ir.KindHost))
				g.JoinFabric(id, fid)
				g.Fabrics[fid].Endpoints = append(g.Fabrics[fid].Endpoints, ir.Port{Node: id})
				for p := range 1 + rng.IntN(2) {
					link(id, sws[rng.IntN(n)], int32(p), rates[rng.IntN(len(rates))])
				}
			}
		}
		below = sws
	}
	return g, fid
}
