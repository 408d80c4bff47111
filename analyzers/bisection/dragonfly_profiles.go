package bisection

import (
	"math"
	"slices"
	"sort"
)

// profileWork bounds profileBound's work, in group-state cases × the
// routers one case reads (about a tenth of a second on one core). A
// budget, not a modelling value.
const profileWork = 50_000_000

// profileBound is groupBound's argument for a dragonfly whose groups
// are alike in everything groupBound reads except how many terminals
// each router holds: a partially populated system (routers filled in
// order, so one group part full and the rest of its routers empty), or
// a what-if that lost terminal links. Groups of a routers each; group i
// holds m_i terminals, and lo_i(k) and hi_i(k) are the fewest and most
// terminals k of its routers hold (the k smallest and the k largest
// per-router counts summed). Groups with the same sorted per-router
// counts form a profile class; the bound enumerates how many groups of
// each class are full-A, full-B and split.
//
// The proof. Take any split with T = ⌊n/2⌋ terminals on side A (one
// side of every balanced split holds ⌊n/2⌋; every assignment below is
// enumerated with A and B in both roles, so calling that side A loses
// nothing). Call a group full-A when all its routers are on side A,
// full-B when none is, split otherwise; F_A, F_B groups of the first
// two kinds. The cut holds these disjoint link sets, each bounded below
// with the least capacities of its kind (tr a terminal's links, lc
// between two routers of a group, gc between two groups), as
// groupBound's proof argues them:
//
//   - the global links between a full-A and a full-B group: F_A·F_B·gc;
//   - in a split group with k of its a routers on A: its local links,
//     k(a−k)·lc; of its global links to the full-B groups (at least
//     F_B·gc) those on its A routers, at least F_B·gc − top(a−k), where
//     top(j) is the most global capacity j routers of one group hold
//     (the j largest of a group's routers summed, the most over the
//     groups) — its a−k routers on B hold no more; likewise at least
//     F_A·gc − top(k) towards the full-A groups; split[k] is their sum;
//   - the terminals on the other side from their router: at least
//     |T − P| of them, tr each, where P is the number of terminals whose
//     router is on A. P = M_A + Σ P_i, M_A the terminals of the full-A
//     groups and P_i those on the k_i A routers of split group i, so
//     lo_i(k_i) ≤ P_i ≤ hi_i(k_i) and |T − P| is at least the distance
//     from T − M_A to [Σ lo_i(k_i), Σ hi_i(k_i)].
//
// So a split whose split groups have k_i routers on A costs at least
//
//	F_A·F_B·gc + Σ split[k_i] + tr·dist(T − M_A, [Σ lo_i(k_i), Σ hi_i(k_i)]).
//
// Groups with the same profile have the same m, lo and hi, and split[k]
// depends only on (F_A, F_B), so the value depends only on how many
// groups of each class are in each state and on the k_i. For S split
// groups with K = Σ k_i routers on A, Σ split[k_i] ≥ C(K), the least
// over the vectors of that sum, and the interval lies within [L(K),
// H(K)], the least Σ lo_i and most Σ hi over them, so the distance is
// at least the distance to [L(K), H(K)]; the bound is the least over K.
// C(K) is exact for one split group (split[K]) and two (by
// enumeration), and for more at least S·ŝ(K/S), ŝ the lower convex
// hull of split over k = 1…a−1 (Jensen). lo_i is convex in k (each
// router added holds at least as many as the ones before) and hi_i
// concave, so L(K) is the sum of every group's lo_i(1) and the K − S
// smallest increments of all the groups together (greedy is exact on
// convex sums), H(K) likewise with the largest. The bound is the least
// over every count of each class in each state. On alike groups
// (lo = hi = k·p) it is groupBound's counting argument with top(j) in
// place of j·hc; groupBound keeps its own code there, so its numbers do
// not change.
//
// Splits with at most two split groups are also enumerated with the
// arrangement read (pairSplitsBound) where affordable; then only the
// cases of three split groups or more need the counting above.
//
// The counting ignores the global links between split groups, so many
// split groups each holding one or a−1 routers on A pass it cheaply
// (on examples/frontier-slingshot every group split so reads 2,186
// links). The pooled argument (classBound) closes those, and carries
// over with one change: its proof reads terminals only in its last
// term, at least |t − p·K| terminals away from their router with K
// routers on A. With p now the most terminals on a router and span =
// g·a·p − n the empty terminal slots, the K routers on A hold p·K less
// the empty slots among them, between 0 and span, so at least the
// distance from p·K to [t, t + span] terminals are away (termsAway);
// its links are bounded with the same least and most capacities as
// before. Both arguments bound every split, so the larger holds. The
// pooled one cannot tell which side the empty slots are on: on
// examples/frontier-slingshot (256 empty, all in group 73) it stops at
// 5,476 links, the full system's 37 | 37 group cut, where the group
// cut of the partial system costs 5,604 (128 terminals across) and the
// concentrated group split (dragonfly_concentrate.go) cuts 5,594
// (TestFrontierProfileBound). Cost: classBound's
// O(g²), and the cases, Π over classes of (n_c+1)(n_c+2)/2, each O(g·a),
// stopped at the first at or below the pooled value.
//
// ok is false for no groups or fewer than two terminals, groups of
// different sizes, or counting work past profileWork (too many
// classes).
func (s *dfShape) profileBound(quick bool) (float64, bool) {
	count, pooled, ok := s.profileParts(quick, true)
	if v := math.Max(count, pooled); ok && !math.IsInf(v, 1) && v > 0 {
		return v, true
	}
	return 0, false
}

// profileParts returns profileBound's two arguments: the counting
// bound (at most two split groups with the arrangement, more by
// profile class) and the pooled one (classBound with the terminal
// interval). With stop, the counting stops at its first value at or
// below the pooled one (the larger is returned either way), so count
// is then only an upper end of its own least value; the tests read
// both whole.
func (s *dfShape) profileParts(quick, stop bool) (count, pooled float64, ok bool) {
	ng := int(s.ng)
	if ng < 1 || len(s.termRouter) < 2 {
		return 0, 0, false
	}
	a := int(s.size[0])
	for _, sz := range s.size {
		if int(sz) != a {
			return 0, 0, false
		}
	}
	nr := len(s.routers)
	perRouter := make([]int, nr)
	tr := math.Inf(1)
	for i, r := range s.termRouter {
		perRouter[r]++
		tr = math.Min(tr, s.termCap[i])
	}
	lc, gc, gcMax := s.pairCaps(a)
	hc, most := 0.0, 0
	for r := range nr {
		hc = math.Max(hc, s.globalCap[r])
		most = max(most, perRouter[r])
	}
	// Per group: its routers' terminal counts and global capacities.
	counts := make([][]int, ng)
	caps := make([][]float64, ng)
	for r := range nr {
		gi := s.groupOf[r]
		counts[gi] = append(counts[gi], perRouter[r])
		caps[gi] = append(caps[gi], s.globalCap[r])
	}
	// top[j]: the most global capacity j routers of one group hold.
	top := make([]float64, a+1)
	for _, cs := range caps {
		slices.Sort(cs)
		sum := 0.0
		for j := 1; j <= a; j++ {
			sum += cs[a-j]
			top[j] = math.Max(top[j], sum)
		}
	}
	// Profile classes: groups with the same sorted per-router counts.
	var classes []profileClass
	index := map[string]int{}
	for _, cs := range counts {
		key := profileKey(cs) // sorts cs
		if ci, ok := index[key]; ok {
			classes[ci].n++
			continue
		}
		index[key] = len(classes)
		c := profileClass{n: 1, counts: cs}
		for _, v := range cs {
			c.m += v
		}
		classes = append(classes, c)
	}
	cases := 1.0
	for _, c := range classes {
		cases *= float64((c.n + 1) * (c.n + 2) / 2)
	}
	if cases*float64(ng*a+len(classes)*a) > profileWork {
		return 0, 0, false
	}
	t := len(s.termRouter) / 2
	// The pooled argument (classBound) with the terminal interval
	// (termsAway) first: both bounds are sound, so the larger holds, and
	// the counting below stops at its first case at or below it.
	pooled = 0.0
	if int64(ng)*int64(ng) <= classBoundBudget {
		c := groupCosts{a: a, p: most, m: a * most, tr: tr, lc: lc, gc: gc, gcMax: gcMax, hc: hc,
			span: ng*a*most - len(s.termRouter)}
		pooled = c.classBound(ng, t)
	}
	best := math.Inf(1)
	// Splits with at most two split groups, with the arrangement, where
	// affordable; then the counting serves only three or more.
	budget := float64(placementWork)
	if quick {
		budget /= 64
	}
	minSplit := 0
	if pairs, ok := s.pairSplitsBound(tr, budget); ok {
		best, minSplit = pairs, 3
	}
	p := profileCase{a: a, t: t, tr: tr, lc: lc, gc: gc, top: top, classes: classes,
		split: make([]float64, a), fa: make([]int, len(classes)), fb: make([]int, len(classes))}
	var walk func(ci int)
	walk = func(ci int) {
		if stop && best <= pooled {
			return // the pooled bound is the larger whatever follows
		}
		if ci == len(classes) {
			if v, ok := p.value(minSplit); ok {
				best = math.Min(best, v)
			}
			return
		}
		for fa := 0; fa <= classes[ci].n; fa++ {
			for fb := 0; fa+fb <= classes[ci].n; fb++ {
				p.fa[ci], p.fb[ci] = fa, fb
				walk(ci + 1)
			}
		}
	}
	walk(0)
	return best, pooled, true
}

// profileKey sorts a group's per-router terminal counts (in place) and
// returns them as a map key: groups with equal keys have one profile.
func profileKey(counts []int) string {
	slices.Sort(counts)
	key := make([]byte, 0, 4*len(counts))
	for _, v := range counts {
		key = append(key, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return string(key)
}

// profileClass is one profile of profileBound: n groups whose routers
// hold counts terminals (ascending), m in all.
type profileClass struct {
	n, m   int
	counts []int
}

// profileCase is profileBound's state for one case: fa[c] and fb[c]
// groups of class c full-A and full-B, the rest split; split[k] the
// least cost inside a split group with k routers on A (local links and
// global links to full groups), refilled per case.
type profileCase struct {
	a, t         int
	tr, lc, gc   float64
	top          []float64
	classes      []profileClass
	split        []float64
	fa, fb       []int
	hull         []hullPt
	incLo, incHi []profileInc
	pairC        []float64
}

// profileInc is one increment of lo or hi shared by mult split groups.
type profileInc struct {
	v    int
	mult int
}

// value is the case's lower bound (see profileBound); false when the
// case has fewer than minSplit split groups (pairSplitsBound met it) or
// a split group of one-router groups.
func (p *profileCase) value(minSplit int) (float64, bool) {
	a := p.a
	fa, fb, ns, ma := 0, 0, 0, 0
	for ci, c := range p.classes {
		fa += p.fa[ci]
		fb += p.fb[ci]
		ns += c.n - p.fa[ci] - p.fb[ci]
		ma += p.fa[ci] * c.m
	}
	if ns < minSplit || (ns > 0 && a == 1) {
		return 0, false
	}
	whole := float64(fa) * float64(fb) * p.gc
	x := p.t - ma // terminals side A needs beyond the full-A groups
	if ns == 0 {
		return whole + p.tr*math.Abs(float64(x)), true
	}
	for k := 1; k < a; k++ {
		p.split[k] = float64(k*(a-k))*p.lc +
			math.Max(0, float64(fb)*p.gc-p.top[a-k]) +
			math.Max(0, float64(fa)*p.gc-p.top[k])
	}
	// L(K) and H(K): every split group's lo(1) and hi(1), then the
	// increments of all split groups merged, smallest (largest) first.
	lo1, hi1 := 0, 0
	p.incLo, p.incHi = p.incLo[:0], p.incHi[:0]
	for ci, c := range p.classes {
		sc := c.n - p.fa[ci] - p.fb[ci]
		if sc == 0 {
			continue
		}
		lo1 += sc * c.counts[0]
		hi1 += sc * c.counts[a-1]
		for j := 1; j < a-1; j++ {
			p.incLo = append(p.incLo, profileInc{c.counts[j], sc})
			p.incHi = append(p.incHi, profileInc{c.counts[a-1-j], sc})
		}
	}
	sort.Slice(p.incLo, func(i, j int) bool { return p.incLo[i].v < p.incLo[j].v })
	sort.Slice(p.incHi, func(i, j int) bool { return p.incHi[i].v > p.incHi[j].v })
	// C(K): exact for one or two split groups, else the hull.
	var cost func(k int) float64
	switch ns {
	case 1:
		cost = func(k int) float64 { return p.split[k] }
	case 2:
		p.pairC = slices.Grow(p.pairC[:0], 2*a)[:2*a]
		for k := range p.pairC {
			p.pairC[k] = math.Inf(1)
		}
		for k1 := 1; k1 < a; k1++ {
			for k2 := 1; k2 < a; k2++ {
				p.pairC[k1+k2] = math.Min(p.pairC[k1+k2], p.split[k1]+p.split[k2])
			}
		}
		cost = func(k int) float64 { return p.pairC[k] }
	default:
		p.hull = p.hull[:0]
		for k := 1; k < a; k++ {
			p.hull = appendHull(p.hull, hullPt{float64(k), p.split[k]})
		}
		cost = func(k int) float64 {
			return float64(ns) * hullAt(p.hull, float64(k)/float64(ns))
		}
	}
	best := math.Inf(1)
	lo, hi := lo1, hi1
	il, ih := 0, 0 // the next increment of each list
	ul, uh := 0, 0 // how many of its mult are taken
	for k := ns; k <= ns*(a-1); k++ {
		if k > ns {
			lo += p.incLo[il].v
			if ul++; ul == p.incLo[il].mult {
				il, ul = il+1, 0
			}
			hi += p.incHi[ih].v
			if uh++; uh == p.incHi[ih].mult {
				ih, uh = ih+1, 0
			}
		}
		d := max(0, lo-x, x-hi)
		best = math.Min(best, cost(k)+p.tr*float64(d))
	}
	return whole + best, true
}
