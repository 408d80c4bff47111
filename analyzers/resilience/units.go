package resilience

import (
	"slices"
	"sort"

	"github.com/topoc/topoc/compiler/ir"
)

// UnitsIntact is how many scheduling units of one kind keep every rank
// whole after a failure: what a topology-aware scheduler can still place
// as a block (reference/handoffs.md, "Metrics architects want after a
// failure": scalable units with all rails, NVLink domains still whole).
type UnitsIntact struct {
	// Kind is the unit kind ("su", "pod", "group", "zone" for a composed
	// fabric's member fabrics, or "nvlink_domain").
	Kind string `json:"kind"`
	// Total and Intact count the units, Intact those in which no rank is
	// disconnected or degraded.
	Total  int `json:"total"`
	Intact int `json:"intact"`
	// LargestIntactRanks is the most ranks of one intact unit (0 when
	// none is intact).
	LargestIntactRanks int `json:"largest_intact_ranks"`
}

// unitKey is one unit of a fabric.
type unitKey struct {
	kind string
	idx  int32
}

// unitMap records, per fabric, which units each rank owner belongs to
// (the units of the switches its endpoint links end on) and the ranks of
// each unit.
type unitMap struct {
	of    map[ir.NodeID][]unitKey
	ranks map[unitKey]int
	kinds []string
}

// newUnitMap builds fabric fid's unit map from the intact design.
func (b *baseline) newUnitMap(fid ir.FabricID) unitMap {
	g := b.g
	u := unitMap{of: map[ir.NodeID][]unitKey{}, ranks: map[unitKey]int{}}
	seen := map[ir.NodeID]map[unitKey]bool{}
	// A composite fabric's units are its zones, the member fabrics: a
	// switch's zone is the first member it belongs to (the members' own
	// units are reported under each member).
	members := g.Fabrics[fid].Members
	unitOf := func(sw ir.NodeID) (unitKey, bool) {
		nd := &g.Nodes[sw]
		if len(members) == 0 {
			return unitKey{nd.UnitName(), nd.UnitIndex}, nd.UnitName() != ""
		}
		for z, m := range members {
			if slices.Contains(nd.FabricIDs(), m) {
				return unitKey{"zone", int32(z)}, true
			}
		}
		return unitKey{}, false
	}
	for _, id := range g.FabricLinks(fid) {
		l := g.Link(id)
		for _, ends := range [2][2]ir.NodeID{{l.A.Node, l.B.Node}, {l.B.Node, l.A.Node}} {
			ep, sw := ends[0], ends[1]
			o := owner(g, ep)
			if _, isOwner := b.capBPS[fid][o]; !isOwner || !g.Nodes[sw].FabricSwitch() {
				continue
			}
			k, ok := unitOf(sw)
			if !ok {
				continue
			}
			if seen[o] == nil {
				seen[o] = map[unitKey]bool{}
			}
			if !seen[o][k] {
				seen[o][k] = true
				u.of[o] = append(u.of[o], k)
				u.ranks[k] += b.rankCount(o, nil)
			}
		}
	}
	kinds := map[string]bool{}
	for k := range u.ranks {
		kinds[k.kind] = true
	}
	for k := range kinds {
		u.kinds = append(u.kinds, k)
	}
	sort.Strings(u.kinds)
	return u
}

// intact counts, per unit kind, the units none of whose rank owners is in
// lost (owners that lost capacity or failed).
func (u unitMap) intact(lost map[ir.NodeID]float64) []UnitsIntact {
	broken := map[unitKey]bool{}
	for o := range lost {
		for _, k := range u.of[o] {
			broken[k] = true
		}
	}
	var out []UnitsIntact
	for _, kind := range u.kinds {
		x := UnitsIntact{Kind: kind}
		for k, n := range u.ranks {
			if k.kind != kind {
				continue
			}
			x.Total++
			if !broken[k] {
				x.Intact++
				x.LargestIntactRanks = max(x.LargestIntactRanks, n)
			}
		}
		out = append(out, x)
	}
	return out
}
