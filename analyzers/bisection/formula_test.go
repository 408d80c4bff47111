package bisection

import (
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// alFaresWiring (pairs sorted into distinct counts) answers as the
// straightforward check with a set of peers per switch does, on k = 4
// and 6 fat-trees and on copies with up to three random links re-ended
// on another switch of the same tier, doubled or cut: where either says
// the wiring is Al-Fares's, both do.
func TestAlFaresWiringMatchesMaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 4))
	agree, wired := 0, 0
	for trial := range 600 {
		k := 4 + 2*(trial%2)
		g, fid := fatTree(k, 400e9)
		links := g.CopyLinks()
		for range trial % 4 {
			i := rng.IntN(len(links))
			switch rng.IntN(3) {
			case 0: // re-end on a switch of the same kind and tier
				b := &g.Nodes[links[i].B.Node]
				j := ir.NodeID(rng.IntN(len(g.Nodes)))
				if o := &g.Nodes[j]; o.Kind == b.Kind && o.TierName() == b.TierName() {
					links[i].B.Node = j
				}
			case 1: // doubled
				links = append(links, links[i])
			default: // cut
				links = append(links[:i], links[i+1:]...)
			}
		}
		g.SetLinks(links)
		m := newModel(g, fid, ViewGPU)
		got, want := m.alFaresWiring(k), alFaresByMaps(m, k)
		if got != want {
			t.Fatalf("trial %d (k = %d): alFaresWiring %v, the check by maps %v", trial, k, got, want)
		}
		agree++
		if got {
			wired++
		}
	}
	if wired == 0 || wired == agree {
		t.Fatalf("%d of %d trials wired as Al-Fares's: both answers must be met", wired, agree)
	}
}

// alFaresByMaps is the check alFaresWiring makes, written with a set of
// peers and pods per switch: the oracle it is compared with.
func alFaresByMaps(m *model, k int) bool {
	g := m.g
	h := k / 2
	type tally struct {
		hosts int
		peers map[ir.NodeID]bool
		pods  map[int32]bool
	}
	sw := map[ir.NodeID]*tally{}
	get := func(n ir.NodeID) *tally {
		t := sw[n]
		if t == nil {
			t = &tally{peers: map[ir.NodeID]bool{}, pods: map[int32]bool{}}
			sw[n] = t
		}
		return t
	}
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		x, y := l.A.Node, l.B.Node
		if g.Nodes[x].TierName() > g.Nodes[y].TierName() { // order the ends: "" < aggregation < core < edge
			x, y = y, x
		}
		a, b := &g.Nodes[x], &g.Nodes[y]
		switch {
		case a.TierName() == "" && b.TierName() == "edge":
			get(y).hosts++
		case a.TierName() == "aggregation" && b.TierName() == "edge":
			if a.UnitIndex != b.UnitIndex {
				return false
			}
			get(y).peers[x] = true
		case a.TierName() == "aggregation" && b.TierName() == "core":
			get(x).peers[y] = true
			tc := get(y)
			if tc.pods[a.UnitIndex] {
				return false // two links from one core into one pod
			}
			tc.pods[a.UnitIndex] = true
		default:
			return false
		}
	}
	for n, t := range sw {
		switch g.Nodes[n].TierName() {
		case "edge":
			if t.hosts != h || len(t.peers) != h {
				return false
			}
		case "aggregation":
			if len(t.peers) != h {
				return false
			}
		case "core":
			if len(t.pods) != k {
				return false
			}
		}
	}
	return true
}
