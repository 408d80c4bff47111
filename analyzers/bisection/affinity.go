package bisection

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/topoc/topoc/compiler/ir"
)

// affinityOrders serve tiered fabrics whose access switches favour some
// upper switches over others (uneven per-switch striping: 12 uplinks over
// 8 spines give each leaf 2 links to four spines and 1 to the other
// four). Such a fabric has a cut far below what endpoint order finds: put
// the upper switches of each group in two halves and every access switch
// with the half it sends most of its uplinks to. For each group of upper
// switches above the access tier (a connected piece of the access–upper
// bipartite graph) and each of two halvings (first half | second half,
// even | odd positions, in node order), the order lists terminals by the
// share of their access switch's uplink capacity that goes into the first
// half, largest first; its halves are candidate splits, evaluated exactly
// by max-flow like every other. A terminal without an access switch in a
// group sorts in the middle.
func (m *model) affinityOrders() []ordering {
	g := m.g
	tiers := m.fab.Tiers
	if len(tiers) < 2 || m.fab.Family == ir.FamilyDragonfly || m.fab.Family == ir.FamilyFatTree || m.home == nil {
		return nil
	}
	rank := make(map[string]int, len(tiers))
	for i, t := range tiers {
		rank[t] = i
	}
	// Uplink capacity from each access-tier switch to each upper switch.
	type edge struct {
		lo, up ir.NodeID
		c      float64
	}
	var edges []edge // parallel links stay separate: only sums are read
	var ups []ir.NodeID
	seenUp := map[ir.NodeID]bool{}
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		a, b := l.A.Node, l.B.Node
		if !g.Nodes[a].Kind.IsSwitch() || !g.Nodes[b].Kind.IsSwitch() {
			continue // endpoint links: most of a large fabric's
		}
		ra, okA := rank[g.Nodes[a].TierName()]
		rb, okB := rank[g.Nodes[b].TierName()]
		if !okA || !okB {
			continue
		}
		if ra == 1 && rb == 0 {
			a, b = b, a
		} else if ra != 0 || rb != 1 {
			continue
		}
		edges = append(edges, edge{a, b, l.CapacityBPS})
		if !seenUp[b] {
			seenUp[b] = true
			ups = append(ups, b)
		}
	}
	if len(ups) < 2 {
		return nil
	}
	slices.Sort(ups)
	// Groups of upper switches: pieces of the bipartite graph.
	parent := map[ir.NodeID]ir.NodeID{}
	var find func(ir.NodeID) ir.NodeID
	find = func(x ir.NodeID) ir.NodeID {
		p, ok := parent[x]
		if !ok {
			parent[x] = x
			return x
		}
		if p == x {
			return x
		}
		r := find(p)
		parent[x] = r
		return r
	}
	for _, e := range edges {
		if ra, rb := find(e.lo), find(e.up); ra != rb {
			parent[ra] = rb
		}
	}
	groups := map[ir.NodeID][]ir.NodeID{}
	for _, u := range ups {
		r := find(u)
		groups[r] = append(groups[r], u)
	}
	var out []ordering
	for hv, halving := range []string{"first | second half", "even | odd positions"} {
		inFirst := map[ir.NodeID]bool{}
		for _, us := range groups {
			if len(us) < 2 {
				continue
			}
			for i, u := range us {
				if hv == 0 && i < len(us)/2 || hv == 1 && i%2 == 0 {
					inFirst[u] = true
				}
			}
		}
		first, total := map[ir.NodeID]float64{}, map[ir.NodeID]float64{}
		for _, e := range edges {
			total[e.lo] += e.c
			if inFirst[e.up] {
				first[e.lo] += e.c
			}
		}
		share := make([]float64, len(m.terms))
		for t := range share {
			share[t] = 0.5
			if sw := m.homeSwitch(t); sw != ir.None && total[sw] > 0 {
				share[t] = first[sw] / total[sw]
			}
		}
		// Evenly striped access switches give every terminal the same
		// share: the order would be endpoint order again, a candidate
		// already evaluated (and a max-flow on the full graph wasted).
		if !slices.ContainsFunc(share, func(x float64) bool { return math.Abs(x-share[0]) > 1e-9 }) {
			continue
		}
		o := make([]int32, len(m.terms))
		for i := range o {
			o[i] = int32(i)
		}
		sort.SliceStable(o, func(x, y int) bool { return share[o[x]] > share[o[y]] })
		out = append(out, ordering{fmt.Sprintf("access switches by the %s of the %s they favour", halving, tiers[1]), o})
	}
	return out
}
