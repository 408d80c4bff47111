package checks

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// A tier view lists each switch's links up in link order, and
// topAncestors' shared sets are, switch by switch, the sets a bitset per
// switch gives (each the union of its own top's and its upper switches'),
// and two switches share an index exactly when their sets are equal: on
// random tier views of up to four tiers, some switches reaching alike
// (as a pod's do) and some not.
func TestTopAncestorsAsPerSwitch(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 76))
	for trial := range 300 {
		tiers := []string{"t0", "t1", "t2", "t3"}[:2+rng.IntN(3)]
		n := 2 + rng.IntN(250) // tops over several words
		g := ir.New()
		g.Fabrics = []ir.Fabric{{Name: "f", Tiers: tiers}}
		rank := make([]int, n)
		for i := range n {
			rank[i] = rng.IntN(len(tiers))
			nd := ir.NewNode(fmt.Sprint("s", i), ir.KindSwitch)
			nd.SetTier(tiers[rank[i]])
			g.JoinFabric(g.AddNode(nd), 0)
		}
		for lo := range n {
			var above []int
			for up := range n {
				if rank[up] > rank[lo] {
					above = append(above, up)
				}
			}
			if len(above) == 0 {
				continue
			}
			for range rng.IntN(6) {
				pick := rng.IntN(len(above)) // anywhere, or among the first few, as a pod's switches reach alike
				if rng.IntN(2) == 0 {
					pick = rng.IntN(min(len(above), 3))
				}
				a, b := ir.NodeID(lo), ir.NodeID(above[pick])
				switch rng.IntN(4) {
				case 0: // the upper end first
					a, b = b, a
				case 1: // within a tier, which the view leaves out
					b = ir.NodeID(rng.IntN(n))
				}
				g.AddLink(ir.Link{A: ir.Port{Node: a}, B: ir.Port{Node: b}, Fabric: 0, CapacityBPS: float64(1 + rng.IntN(4))})
			}
		}
		tv := newTierView(g, newFabricView(g, 0), make([]int32, n))
		for i := range n {
			if got, want := tv.upsOf(i), upsInLinkOrder(g, rank, i); !slices.Equal(got, want) {
				t.Fatalf("trial %d: switch %d links up %v, want %v", trial, i, got, want)
			}
		}
		byRank := tv.byRank()
		got, tops := tv.topAncestors(byRank)
		want, wantTops := ancestorsPerSwitch(tv, byRank)
		if tops != wantTops || (got == nil) != (want == nil) {
			t.Fatalf("trial %d: %d tops (sets %v), want %d (sets %v)", trial, tops, got != nil, wantTops, want != nil)
		}
		if got == nil {
			continue
		}
		for i := range n {
			if set := whole(got.set(int32(i)), tops); !slices.Equal(set, want[i]) || !trimmed(got.set(int32(i))) {
				t.Fatalf("trial %d: switch %d reaches %b (from word %d), want %b", trial, i, got.set(int32(i)).words, got.set(int32(i)).lo, want[i])
			}
			for j := range n {
				if got.set(int32(i)).meets(got.set(int32(j))) != meets(want[i], want[j]) {
					t.Fatalf("trial %d: switches %d and %d meet %v", trial, i, j, got.set(int32(i)).meets(got.set(int32(j))))
				}
				if (got.of[i] == got.of[j]) != slices.Equal(want[i], want[j]) {
					t.Fatalf("trial %d: switches %d and %d share a set index %v, sets equal %v", trial, i, j, got.of[i] == got.of[j], slices.Equal(want[i], want[j]))
				}
			}
		}
	}
}

// upsInLinkOrder lists the links from switch i (node i, of rank[i]) to
// switches of higher rank, in link order.
func upsInLinkOrder(g *ir.Graph, rank []int, i int) []upLink {
	var out []upLink
	for _, l := range g.AllLinks() {
		a, b := int(l.A.Node), int(l.B.Node)
		if b == i {
			a, b = b, a
		}
		if a == i && rank[b] > rank[a] {
			out = append(out, upLink{int32(b), l.CapacityBPS})
		}
	}
	return out
}

// whole returns b as every word of a set over 0 to n-1.
func whole(b bitset, n int) []uint64 {
	out := make([]uint64, (n+63)/64)
	copy(out[b.lo:], b.words)
	return out
}

// trimmed reports whether b's first and last words are nonzero.
func trimmed(b bitset) bool {
	return len(b.words) > 0 && b.words[0] != 0 && b.words[len(b.words)-1] != 0
}

// meets reports whether two sets of the same words share an integer.
func meets(a, b []uint64) bool {
	for i := range a {
		if a[i]&b[i] != 0 {
			return true
		}
	}
	return false
}

// ancestorsPerSwitch is topAncestors with every word of a set made for
// each switch.
func ancestorsPerSwitch(t *tierView, byRank [][]int32) ([][]uint64, int) {
	top, tops := t.numberTops(byRank)
	if tops < 2 {
		return nil, tops
	}
	anc := make([][]uint64, len(t.switches))
	for r := len(byRank) - 1; r >= 0; r-- {
		for _, m := range byRank[r] {
			b := make([]uint64, (tops+63)/64)
			if top[m] >= 0 {
				b[top[m]/64] |= 1 << (top[m] % 64)
			}
			for _, u := range t.upsOf(int(m)) {
				for i, w := range anc[u.up] {
					b[i] |= w
				}
			}
			anc[m] = b
		}
	}
	return anc, tops
}
