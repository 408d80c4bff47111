package bisection

import (
	"math"
	"slices"
)

// concentrateWork caps concentratedSplit's work, in groups² × routers
// per group (the group pairs each candidate sums × its candidates for
// one profile): about a hundredth of a second per profile. A budget,
// not a modelling value.
const concentrateWork = 50_000_000

// concentratedSplit tries a cut the vertex moves and refineDragonfly do
// not reach on a dragonfly with several global links between two
// groups: one group X split so that the routers it puts on side B reach
// as few groups as possible, and exactly those groups with them. Where
// the arrangement repeats its round of g − 1 ports over a group's
// routers, routers at the same place in different rounds reach the same
// groups (examples/frontier-slingshot: 8 routers of a group, at two
// places in each of the four rounds, reach 21 groups), so X's global
// links to side B leave from its B routers and cross nowhere, while a
// split of X's routers in index order sends them everywhere.
//
// For the first group X of each profile (its routers' terminal counts,
// sorted: the arrangements topoc builds treat the groups alike up to
// their numbering) and every count k of its routers on side B, the k
// routers are chosen greedily from each first router (from the best one
// alone past concentrateWork), each next one with the most global links
// less the groups it reaches that none before it did (ties to the lower
// index); the groups they reach go
// to side B; the other groups fill side A, the most terminals first,
// while they fit ⌊n/2⌋ less X's terminals on A; the rest go to B. Each
// is scored on the router graph (terminals with their router, the
// imbalance paid at the least terminal capacity, as refineDragonfly
// scores), and the best is evaluated exactly on a (evaluate); it
// replaces c only when smaller, so it only ever lowers a proven upper
// end. Skipped past concentrateWork.
func (m *model) concentratedSplit(s *dfShape, a *agraph, c cut) cut {
	ng := int(s.ng)
	if c.vA == nil || c.g != a || ng < 3 || len(s.termRouter) < 2 {
		return c
	}
	size := int(slices.Max(s.size))
	if float64(ng)*float64(ng)*float64(size) > concentrateWork {
		return c
	}
	tr := math.Inf(1)
	cnt := make([]int, len(s.routers)) // terminals on each router
	groupTerms := make([]int, ng)
	for i, r := range s.termRouter {
		cnt[r]++
		groupTerms[s.groupOf[r]]++
		tr = math.Min(tr, s.termCap[i])
	}
	members := make([][]int32, ng)
	for i := range s.routers {
		members[s.groupOf[i]] = append(members[s.groupOf[i]], int32(i))
	}
	// reach[r]: router r's global links, as the group at the far end
	// and the capacity (a router reaches few groups of many).
	reach := make([][]groupArc, len(s.routers))
	gcMin := math.Inf(1)
	for _, l := range s.global {
		reach[l.a] = append(reach[l.a], groupArc{s.groupOf[l.b], l.c})
		reach[l.b] = append(reach[l.b], groupArc{s.groupOf[l.a], l.c})
		gcMin = math.Min(gcMin, l.c)
	}
	if math.IsInf(gcMin, 1) || gcMin <= 0 {
		return c
	}
	t := len(s.termRouter) / 2
	byTerms := make([]int, ng) // groups, the most terminals first
	for i := range byTerms {
		byTerms[i] = i
	}
	slices.SortStableFunc(byTerms, func(x, y int) int { return groupTerms[y] - groupTerms[x] })

	type choice struct {
		x     int
		onB   []bool  // X's routers on side B, by position in members[x]
		sideA []bool  // whole groups on side A
		score float64 // on the router graph
	}
	best := choice{score: math.Inf(1)}
	onB := make([]bool, size)
	reached := make([]bool, ng)
	seen := map[string]bool{} // profiles tried: routers' terminal counts, sorted
	for x := range ng {
		rs := members[x]
		counts := make([]int, len(rs))
		for p, r := range rs {
			counts[p] = cnt[r]
		}
		profile := profileKey(counts)
		if seen[profile] {
			continue
		}
		seen[profile] = true
		// Every first router where the work allows, else the greedy's.
		starts := []int{-1}
		if float64(ng)*float64(ng)*float64(size)*float64(size) <= concentrateWork {
			starts = starts[:0]
			for p := range rs {
				starts = append(starts, p)
			}
		}
		for _, first := range starts {
			clear(onB)
			clear(reached)
			termsB := 0
			for k := 1; k < len(rs); k++ {
				// The next router: the most global links (in units of the
				// least global link) less the groups it adds to those reached.
				pick, most := -1, math.Inf(-1)
				for p, r := range rs {
					if onB[p] || k == 1 && first >= 0 && p != first {
						continue
					}
					gain := s.globalCap[r] / gcMin
					for j, e := range reach[r] {
						// A group counts once, at its first link.
						if !reached[e.group] && !slices.ContainsFunc(reach[r][:j], func(o groupArc) bool { return o.group == e.group }) {
							gain--
						}
					}
					if gain > most+1e-9 {
						pick, most = p, gain
					}
				}
				onB[pick] = true
				termsB += cnt[rs[pick]]
				for _, e := range reach[rs[pick]] {
					reached[e.group] = true
				}
				sideA := make([]bool, ng)
				tA := groupTerms[x] - termsB
				for _, h := range byTerms {
					if h != x && !reached[h] && tA+groupTerms[h] <= t {
						sideA[h] = true
						tA += groupTerms[h]
					}
				}
				score := tr*math.Abs(float64(tA-t)) + s.concentratedCut(x, rs, onB, sideA, reach)
				if best.onB == nil || score < best.score-1e-9*best.score {
					best = choice{x: x, onB: slices.Clone(onB), sideA: sideA, score: score}
				}
			}
		}
	}
	if best.onB == nil || best.score >= c.value-1e-12*math.Max(1, c.value) {
		return c
	}
	r := newDfRefiner(s, tr, 0, t)
	for h := range ng {
		for p, i := range members[h] {
			r.side[i] = h == best.x && !best.onB[p] || h != best.x && best.sideA[h]
		}
	}
	nc, ok := m.evaluate(a, r.terminalSplit(s), c.how+", a concentrated group split")
	if !ok || nc.value >= c.value-1e-12*math.Max(1, c.value) {
		return c
	}
	return nc
}

// concentratedCut is the capacity a concentratedSplit candidate cuts
// between routers: the global capacity between the whole groups of the
// two sides, group X's local links between its two sides, and X's
// global links to groups on the other side from their router.
func (s *dfShape) concentratedCut(x int, rs []int32, onB, sideA []bool, reach [][]groupArc) float64 {
	ng := int(s.ng)
	sum := 0.0
	for i := range ng {
		if i == x || !sideA[i] {
			continue
		}
		row := s.groupCap[i*ng : (i+1)*ng]
		for j := range ng {
			if j != x && !sideA[j] {
				sum += row[j]
			}
		}
	}
	sz := int(s.size[x])
	lc := s.localCap[x]
	for p := range rs {
		for q := p + 1; q < len(rs); q++ {
			if onB[p] != onB[q] {
				sum += lc[p*sz+q]
			}
		}
		for _, e := range reach[rs[p]] {
			if int(e.group) != x && sideA[e.group] == onB[p] {
				sum += e.cap
			}
		}
	}
	return sum
}

// groupArc is one global link seen from a router: the group at its far
// end and its capacity, bits per second per direction.
type groupArc struct {
	group int32
	cap   float64
}
