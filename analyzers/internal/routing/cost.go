package routing

import "github.com/topoc/topoc/compiler/ir"

// GlobalLinkWeight is the routing cost of a dragonfly global link that
// the design gives no cost: three local hops. A minimal dragonfly path
// crosses at most one global link (local, global, local; Kim et al.,
// ISCA 2008); costing a global link above two local hops keeps shortest
// paths to that form, since a second global hop never saves enough local
// ones. A modelling value of the routing model, not of any product.
const GlobalLinkWeight = 3

// LinkCost is what link l costs a shortest path: the cost the design
// gives it (ir.Link.Cost, a custom link's IGP metric), else
// GlobalLinkWeight for a dragonfly global link, else 1 (hop count).
// Congestion's ECMP routing and the flow placements both take it, so
// they route over the same paths.
func LinkCost(g *ir.Graph, l *ir.Link) int32 {
	switch {
	case l.Cost > 0:
		return l.Cost
	case l.Kind == ir.LinkGlobal && l.Fabric != ir.None && g.Fabrics[l.Fabric].Family == ir.FamilyDragonfly:
		return GlobalLinkWeight
	}
	return 1
}

// Weighted reports whether some link of fabric f costs other than 1, so
// that its shortest paths need weights (Plane.SetWeights).
func Weighted(g *ir.Graph, f ir.FabricID) bool {
	for _, id := range g.FabricLinks(f) {
		if LinkCost(g, new(g.Link(id))) != 1 {
			return true
		}
	}
	return false
}
