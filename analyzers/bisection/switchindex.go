package bisection

import "github.com/topoc/topoc/compiler/ir"

// switchIndex numbers the switches of one fabric as a pass meets them,
// with each one's tier rank, so that per-switch sums and lists are kept
// in slices by local index instead of maps keyed by node (the affinity
// orders and the Al-Fares wiring check read it).
type switchIndex struct {
	g     *ir.Graph
	tiers map[string]int
	// local maps a node to its local index, -1 for one not met; sized
	// for the fabric's nodes, not the graph's (ir.NodeMap).
	local ir.NodeMap[int32]
	// node and rank are by local index: the switch, and its tier's
	// index among the fabric's tiers, -1 for a tier not listed.
	node []ir.NodeID
	rank []int
}

// newSwitchIndex returns an empty index of fabric f's switches, ranked
// by tiers (tier name → rank).
func newSwitchIndex(g *ir.Graph, f ir.FabricID, tiers map[string]int) *switchIndex {
	return &switchIndex{g: g, tiers: tiers, local: ir.NewNodeMap[int32](g, len(g.FabricNodes(f)), -1)}
}

// of returns n's local index, numbering it if new.
func (x *switchIndex) of(n ir.NodeID) int32 {
	if i := x.local.Get(n); i >= 0 {
		return i
	}
	i := int32(len(x.node))
	x.local.Set(n, i)
	x.node = append(x.node, n)
	r, ok := x.tiers[x.g.Nodes[n].TierName()]
	if !ok {
		r = -1
	}
	x.rank = append(x.rank, r)
	return i
}
