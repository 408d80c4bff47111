package bisection

import (
	"cmp"
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
	// The switches met get local indices, each with its tier's rank
	// read once: maps keyed by node (and a tier name per link end) took
	// most of this pass at 131,072 GPUs (issue 16).
	sw := newSwitchIndex(g, m.fid, rank)
	// Uplink capacity from each access-tier switch to each upper switch,
	// by local index.
	type edge struct {
		lo, up int32
		c      float64
	}
	var edges []edge // parallel links stay separate: only sums are read
	kinds := g.Kinds()
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		if !kinds[l.A.Node].IsSwitch() || !kinds[l.B.Node].IsSwitch() {
			continue // endpoint links: most of a large fabric's
		}
		a, b := sw.of(l.A.Node), sw.of(l.B.Node)
		ra, rb := sw.rank[a], sw.rank[b]
		if ra == 1 && rb == 0 {
			a, b = b, a
		} else if ra != 0 || rb != 1 {
			continue
		}
		edges = append(edges, edge{a, b, l.CapacityBPS})
	}
	var ups []int32
	isUp := make([]bool, len(sw.node))
	for _, e := range edges {
		if !isUp[e.up] {
			isUp[e.up] = true
			ups = append(ups, e.up)
		}
	}
	if len(ups) < 2 {
		return nil
	}
	slices.SortFunc(ups, func(x, y int32) int { return cmp.Compare(sw.node[x], sw.node[y]) })
	// Groups of upper switches: pieces of the bipartite graph.
	parent := make([]int32, len(sw.node))
	for i := range parent {
		parent[i] = int32(i)
	}
	var find func(int32) int32
	find = func(x int32) int32 {
		if parent[x] == x {
			return x
		}
		r := find(parent[x])
		parent[x] = r
		return r
	}
	for _, e := range edges {
		if ra, rb := find(e.lo), find(e.up); ra != rb {
			parent[ra] = rb
		}
	}
	groups := map[int32][]int32{}
	for _, u := range ups {
		r := find(u)
		groups[r] = append(groups[r], u)
	}
	var out []ordering
	for hv, halving := range []string{"first | second half", "even | odd positions"} {
		inFirst := make([]bool, len(sw.node))
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
		first, total := make([]float64, len(sw.node)), make([]float64, len(sw.node))
		for _, e := range edges {
			total[e.lo] += e.c
			if inFirst[e.up] {
				first[e.lo] += e.c
			}
		}
		share := make([]float64, len(m.terms))
		for t := range share {
			share[t] = 0.5
			if h := m.homeSwitch(t); h != ir.None {
				if k := sw.local.Get(h); k >= 0 && total[k] > 0 {
					share[t] = first[k] / total[k]
				}
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
