package bisection

import (
	"math"
	"math/bits"
)

// Splits of a dragonfly with at most two split groups, enumerated. The
// group-structure bound (groupBound) reads no router's global links, only
// per-group totals and per-router maxima, so on a dragonfly of fewer
// groups than a·h + 1, whose several links between two groups sit on
// different routers, it can stay well below the bisection: p = 4, a = 8,
// h = 4, g = 5 read 0.6–0.8, the bound allowing a halved group to keep
// every global link on its own side, which the arrangement does not.
// The cheapest splits of a balanced dragonfly split one or two groups
// and keep the rest whole; those are few enough to enumerate with the
// arrangement read link by link. Every split has some number S of split
// groups: the least over S ≤ 2, found here exactly, and the least over
// S ≥ 3, which the group-structure argument bounds (its cases of three
// split groups or more), together bound every split. The result can
// only raise groupBound's value, never lower it.

// dfLink is a link between two routers of a dragonfly: their indices in
// dfShape.routers and its capacity, bits per second per direction.
type dfLink struct {
	a, b int32
	c    float64
}

// pairSplitsBound returns the least capacity of a balanced split in
// which at most two groups have routers on both sides, terminals placed
// best, with every terminal taken at the least terminal capacity tr (so
// the value is exact where terminal links are alike, a lower bound
// otherwise); false when there are fewer than three groups (the
// group-structure cases cover them) or the enumeration's work, groups
// pairs × 2^(g−2) sides of the others × 2^(2a) placements × the links
// one router moves, passes budget (placementWork, or a 64th of it in a
// what-if's quick pass).
//
// For each pair of groups, each side of every other group and every
// placement of the pair's 2a routers (Gray code: one router moves at a
// time, its links adjusting the cut), the cut is the router links that
// cross plus tr for each terminal on the other side from its router,
// |T − (terminals on side-A routers)| of them at least, T = ⌊n/2⌋ or
// ⌈n/2⌉. A placement with a group of the pair on one side is a split of
// one group or none, so every split with S ≤ 2 is met.
func (s *dfShape) pairSplitsBound(tr, budget float64) (float64, bool) {
	ng := int(s.ng)
	nr := len(s.routers)
	if ng < 3 {
		return 0, false
	}
	// Router adjacency over local and global links (CSR).
	deg := make([]int32, nr+1)
	for _, l := range s.global {
		deg[l.a+1]++
		deg[l.b+1]++
	}
	byGroup := make([][]int32, ng)
	for r := range nr {
		byGroup[s.groupOf[r]] = append(byGroup[s.groupOf[r]], int32(r))
	}
	for _, rs := range byGroup {
		sz := len(rs)
		for _, r := range rs {
			deg[r+1] += int32(sz - 1)
		}
	}
	for r := range nr {
		deg[r+1] += deg[r]
	}
	type arc struct {
		to int32
		c  float64
	}
	adj := make([]arc, deg[nr])
	fill := make([]int32, nr)
	copy(fill, deg[:nr])
	add := func(a, b int32, c float64) {
		adj[fill[a]] = arc{b, c}
		fill[a]++
	}
	for _, l := range s.global {
		add(l.a, l.b, l.c)
		add(l.b, l.a, l.c)
	}
	for gi, rs := range byGroup {
		sz := len(rs)
		for _, r := range rs {
			for _, o := range rs {
				if o != r {
					add(r, o, s.localCap[gi][int(s.inGroup[r])*sz+int(s.inGroup[o])])
				}
			}
		}
	}
	terms := make([]int, nr)
	for _, r := range s.termRouter {
		terms[r]++
	}
	// The work: every pair × sides of the rest × placements × a move.
	maxPair, maxDeg := 0, int32(0)
	for _, rs := range byGroup {
		maxPair = max(maxPair, len(rs))
	}
	for r := range nr {
		maxDeg = max(maxDeg, deg[r+1]-deg[r])
	}
	if 2*maxPair > 40 || ng-2 > 40 {
		return 0, false
	}
	work := float64(ng*(ng-1)/2) * math.Exp2(float64(ng-2)) * (math.Exp2(float64(2*maxPair))*float64(maxDeg+1) + float64(len(adj)))
	if work > budget {
		return 0, false
	}
	n := len(s.termRouter)
	lo, hi := n/2, (n+1)/2
	termCost := func(onA int) float64 {
		return tr * float64(min(abs(lo-onA), abs(hi-onA)))
	}
	side := make([]bool, nr) // true: side A
	best := math.Inf(1)
	for gi := range ng {
		for gj := gi + 1; gj < ng; gj++ {
			free := append(append([]int32(nil), byGroup[gi]...), byGroup[gj]...)
			others := make([]int, 0, ng-2)
			for gk := range ng {
				if gk != gi && gk != gj {
					others = append(others, gk)
				}
			}
			for sides := 0; sides < 1<<len(others); sides++ {
				for _, r := range free {
					side[r] = false
				}
				onA := 0
				for bit, gk := range others {
					a := sides>>bit&1 == 1
					for _, r := range byGroup[gk] {
						side[r] = a
						if a {
							onA += terms[r]
						}
					}
				}
				cut := 0.0
				for r := range nr {
					if !side[r] {
						continue
					}
					for _, e := range adj[deg[r]:deg[r+1]] {
						if !side[e.to] {
							cut += e.c
						}
					}
				}
				best = min(best, cut+termCost(onA))
				for i := 1; i < 1<<len(free); i++ {
					r := free[bits.TrailingZeros(uint(i))]
					toA := !side[r]
					side[r] = toA
					for _, e := range adj[deg[r]:deg[r+1]] {
						if side[e.to] == toA {
							cut -= e.c
						} else {
							cut += e.c
						}
					}
					if toA {
						onA += terms[r]
					} else {
						onA -= terms[r]
					}
					best = min(best, cut+termCost(onA))
				}
			}
		}
	}
	return best, true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
