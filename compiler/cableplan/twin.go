package cableplan

import (
	"github.com/topoc/topoc/compiler/ir"
)

// mergeTwinCables makes one cable of the straight copper and AOC cables
// whose two ends lie in the same two front-panel cages, and reports
// whether it merged any. Such a cable ends in a plug that fills its cage
// (onePlugPerCage), so a twin-port cage's two ports to one peer cage are
// one twin-port cable (MCP4Y10, 2 x 400G OSFP to OSFP; cabling.md §1a,
// S1), ordered, labelled and failed as one (trial 52's bundled
// leaf-spine listed 256 DACs where 128 exist). The merged cable keeps
// its first cable's place; the cables after it are renumbered within
// their fabric, and each link's cable (Cabling.CableOf) follows. cs must be the scan of
// the plan as it stands; it is stale once this returns true.
func mergeTwinCables(g *ir.Graph, cs *cageScan) bool {
	cb := g.Cabling()
	type pair struct {
		a, b, typ int32
		swap      bool
	}
	into := make([]int32, len(cb.Cables)) // the cable each merges into; itself for most
	first := map[pair]int32{}
	merged := false
	for ci, c := range cb.Cables {
		into[ci] = int32(ci)
		if c.Type == ir.None || !cb.Types[c.Type].Plugged() || g.CableLegs(c) != 1 {
			continue
		}
		i := int(c.Leg0)
		ka, kb := cs.end[2*i], cs.end[2*i+1]
		if ka == kb {
			continue // a loop within one cage
		}
		k := pair{min(ka, kb), max(ka, kb), c.Type, c.Swap}
		if f, ok := first[k]; ok {
			into[ci], merged = f, true
			continue
		}
		first[k] = int32(ci)
	}
	if !merged {
		return false
	}
	// Each kept cable's legs: its own, then those merged into it, in
	// cable order.
	extra := map[int32][]int32{}
	for ci, f := range into {
		if f != int32(ci) {
			extra[f] = append(extra[f], int32(ci))
		}
	}
	old := cb.Cables
	oldLegs := cb.Legs
	cb.Cables = make([]ir.Cable, 0, len(old))
	cb.Legs = make([]ir.LinkID, 0, len(oldLegs))
	for f := range cb.PerFabric {
		cb.PerFabric[f] = 0
	}
	for ci, c := range old {
		if into[ci] != int32(ci) {
			continue
		}
		nc := c
		cb.PerFabric[c.Fabric]++
		nc.Seq, nc.Leg0 = cb.PerFabric[c.Fabric], int32(len(cb.Legs))
		for _, src := range append([]int32{int32(ci)}, extra[int32(ci)]...) {
			s := old[src]
			nc.RouteM, nc.LengthM = max(nc.RouteM, s.RouteM), max(nc.LengthM, s.LengthM)
			cb.Legs = append(cb.Legs, oldLegs[s.Leg0:s.Leg0+s.Legs]...)
		}
		nc.Legs = int32(len(cb.Legs)) - nc.Leg0
		for _, id := range cb.Legs[nc.Leg0:] {
			cb.SetCableOf(id, int32(len(cb.Cables)))
		}
		cb.Cables = append(cb.Cables, nc)
	}
	return true
}
