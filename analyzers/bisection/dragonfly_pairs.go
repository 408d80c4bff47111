package bisection

import (
	"math"
	"math/bits"
	"slices"
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
	maxPair := 0
	for _, sz := range s.size {
		maxPair = max(maxPair, int(sz))
	}
	// Before anything is built: 2^(g−2) sides and 2^(2a) placements at
	// least, one step each.
	if ng < 3 || math.Exp2(float64(ng-2+2*maxPair)) > budget {
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
	maxDeg := int32(0)
	for r := range nr {
		maxDeg = max(maxDeg, deg[r+1]-deg[r])
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

// arrangedWork caps arrangedBound's work: its 3^g assignments of the
// groups × the routers' global links read per assignment. A performance
// threshold, not a modelling value (like placementWork).
const arrangedWork = 1 << 26

// arrangedGroups is the most groups arrangedBound reads the arrangement
// of (3^16 assignments, about 43 million). A performance bound, not a
// modelling value.
const arrangedGroups = 16

// arrangedBound is groupBound's argument with the arrangement read: for
// every assignment of the groups to full-A, full-B and split (each group
// by name, not only how many of each) with at least minSplit split
// groups, the cut holds the global links between full-A and full-B
// groups (their capacity, not its least), the terminals away from their
// routers as groupBound counts them, and in each split group X with k
// of its routers on A at least k(a−k)·lc of local links plus the least,
// over which k routers are on A, of the global capacity its A routers
// send to full-B groups and its B routers to full-A groups: each router
// r costs toB(r) on side A and toA(r) on side B, so the k routers whose
// toB − toA is least go to A. Links between split groups are left out
// (at least 0 cut). Split groups then share their terminals and routers
// on A as groupBound's integer minimum shares them. Sound for every
// split with at least minSplit split groups; false where the groups are
// more than 16 or the work passes budget (arrangedWork, or a 64th of it
// in a what-if's quick pass).
func (s *dfShape) arrangedBound(c groupCosts, minSplit int, budget, ceiling float64) (float64, bool) {
	ng, nr, a := int(s.ng), len(s.routers), c.a
	if ng > arrangedGroups {
		return 0, false
	}
	assignments := math.Pow(3, float64(ng))
	if assignments*float64(len(s.global)+ng*a*a) > budget {
		return 0, false
	}
	// Where every k of every split group can be tried ((a+1)^g vectors
	// over all assignments), the global links between split groups are
	// bounded too (splitVectors).
	// The vectors are tried where their count is within 16 budgets, with
	// a step count that falls back to the shared dynamic programme once
	// the budget is spent: pruned at the least found so far (and at
	// ceiling), most assignments end early.
	pairs := math.Pow(float64(a+1), float64(ng))*float64(ng*ng) <= 16*budget
	steps := int64(budget)
	// toGroup[r*ng+y]: router r's global capacity to group y.
	toGroup := make([]float64, nr*ng)
	for _, l := range s.global {
		toGroup[int(l.a)*ng+int(s.groupOf[l.b])] += l.c
		toGroup[int(l.b)*ng+int(s.groupOf[l.a])] += l.c
	}
	byGroup := make([][]int32, ng)
	for r := range nr {
		byGroup[s.groupOf[r]] = append(byGroup[s.groupOf[r]], int32(r))
	}
	// umax[x*ng+y]: the most global capacity one router of group x has to
	// group y.
	umax := make([]float64, ng*ng)
	for r := range nr {
		x := int(s.groupOf[r])
		for y := range ng {
			umax[x*ng+y] = max(umax[x*ng+y], toGroup[r*ng+y])
		}
	}
	t := len(s.termRouter) / 2
	state := make([]int8, ng) // 0 full-A, 1 full-B, 2 split
	diff := make([]float64, a)
	costs := make([][]float64, 0, ng) // each split group's cost by k
	best := ceiling
	for {
		fa, fb, ns := 0, 0, 0
		for _, st := range state {
			switch st {
			case 0:
				fa++
			case 1:
				fb++
			default:
				ns++
			}
		}
		if ns >= minSplit && !(ns > 0 && a == 1) {
			links := 0.0 // global links between full-A and full-B groups
			for x := range ng {
				for y := range ng {
					if state[x] == 0 && state[y] == 1 {
						links += s.groupCap[x*ng+y]
					}
				}
			}
			ta := min(fa*c.m, t)
			ts := min(t-ta, ns*c.m)
			whole := links + c.tr*float64(fa*c.m-ta) + c.tr*float64(t-ta-ts)
			costs = costs[:0]
			for x := range ng {
				if state[x] != 2 {
					continue
				}
				base := 0.0 // every router on B: its capacity to full-A groups
				for i, r := range byGroup[x] {
					toA, toB := 0.0, 0.0
					for y := range ng {
						switch state[y] {
						case 0:
							toA += toGroup[int(r)*ng+y]
						case 1:
							toB += toGroup[int(r)*ng+y]
						}
					}
					base += toA
					diff[i] = toB - toA
				}
				d := slices.Clone(diff[:len(byGroup[x])])
				slices.Sort(d)
				cost := make([]float64, a)
				sum := base
				for k := 1; k < a; k++ {
					sum += d[k-1]
					cost[k] = float64(k*(a-k))*c.lc + sum
				}
				costs = append(costs, cost)
			}
			v, done := 0.0, false
			if pairs {
				v, done = s.splitVectors(c, state, umax, costs, links, fa*c.m, t, best, &steps)
				pairs = done // spent: the rest take the programme
			}
			if !done {
				v = whole + splitShare(costs, a, c.p, c.tr, ts)
			}
			best = min(best, v)
		}
		// Next assignment (base-3 counter).
		i := 0
		for i < ng && state[i] == 2 {
			state[i] = 0
			i++
		}
		if i == ng {
			break
		}
		state[i]++
	}
	if math.IsInf(best, 1) {
		return 0, false // no assignment has minSplit split groups (one-router groups)
	}
	return best, true
}

// splitShare is the least total of split groups with costs[x][k] for k
// of their routers on side A (1 ≤ k < a) holding ts terminals of side
// A: the least Σ costs[x][kₓ] for each total K, by dynamic programming,
// plus tr·|ts − p·K| (terminals moved off their router's side). O(ns²·a²)
// for ns groups; groupCosts.integer is it with one array for alike
// groups.
func splitShare(costs [][]float64, a, p int, tr float64, ts int) float64 {
	if len(costs) == 0 {
		return tr * float64(abs(ts))
	}
	kmax := len(costs) * (a - 1)
	cur, next := make([]float64, kmax+1), make([]float64, kmax+1)
	for x := range cur {
		cur[x] = math.Inf(1)
	}
	cur[0] = 0
	for i, cost := range costs {
		for x := range next {
			next[x] = math.Inf(1)
		}
		for x := i; x <= i*(a-1); x++ {
			if math.IsInf(cur[x], 1) {
				continue
			}
			for k := 1; k < a; k++ {
				next[x+k] = math.Min(next[x+k], cur[x]+cost[k])
			}
		}
		cur, next = next, cur
	}
	v := math.Inf(1)
	for x := len(costs); x <= kmax; x++ {
		v = math.Min(v, cur[x]+tr*math.Abs(float64(ts-x*p)))
	}
	return v
}

// splitVectors is arrangedBound's value for one assignment (state) where
// every vector of routers on A of its split groups is tried: links holds
// the global links between full-A and full-B groups (not the terminals,
// which it counts itself), umaxAll the most
// capacity from one router of a group to another (by group pair); each split group X with kₓ routers on A
// costs costs[x][kₓ] (its local links and its global links to full
// groups); every pair of split groups X, Y whose gc global capacity runs
// between them at most u_XY from one router of X (u_YX of Y) leaves at
// most min(kₓ·u_XY, k_Y·u_YX, gc) of it uncut on side A and min((a−kₓ)·
// u_XY, (a−k_Y)·u_YX, gc) on side B, so at least the rest is cut; the
// terminals away from their routers are at least tr·|t − p·K|, K the
// routers on A of the full-A (onA terminals' worth) and split groups. It
// returns the least found below ceiling (ceiling when none is), and false
// when steps, the shared budget of visited vectors, ran out first.
func (s *dfShape) splitVectors(c groupCosts, state []int8, umaxAll []float64, costs [][]float64, links float64, fullATerms, t int, ceiling float64, steps *int64) (float64, bool) {
	ng, a := int(s.ng), c.a
	var split []int
	for x, st := range state {
		if st == 2 {
			split = append(split, x)
		}
	}
	ns := len(split)
	// gc and per-router maxima between the split groups.
	gcap := make([]float64, ns*ns)
	umax := make([]float64, ns*ns) // umax[i*ns+j]: most from one router of split[i] to split[j]
	for i, x := range split {
		for j, y := range split {
			gcap[i*ns+j], umax[i*ns+j] = s.groupCap[x*ng+y], umaxAll[x*ng+y]
		}
	}
	ks := make([]int, ns)
	best := ceiling
	var walk func(i int, sum float64, onA int)
	walk = func(i int, sum float64, onA int) {
		if sum >= best || *steps < 0 {
			return // every term is at least 0; or the budget is spent
		}
		*steps--
		if i == ns {
			best = min(best, sum+c.tr*math.Abs(float64(t-onA)))
			return
		}
		for k := 1; k < a; k++ {
			ks[i] = k
			v := sum + costs[i][k]
			for j := range i {
				gc := gcap[i*ns+j]
				kA, kB := float64(k), float64(ks[j])
				uncutA := min(kA*umax[i*ns+j], kB*umax[j*ns+i], gc)
				uncutB := min((float64(a)-kA)*umax[i*ns+j], (float64(a)-kB)*umax[j*ns+i], gc)
				v += max(0, gc-uncutA-uncutB)
			}
			walk(i+1, v, onA+k*c.p)
		}
	}
	walk(0, links, fullATerms)
	return best, *steps >= 0
}
