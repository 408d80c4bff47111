package bisection

import "math"

// classBound is the second half of the dragonfly group-structure bound:
// where groupBound charges each split group alone for the global links
// to full groups, this one pools the global links between all groups,
// split ones included, so a split cannot save global links by
// splitting many groups. Same preconditions and least capacities as
// groupBound (c's a, p, m, tr, lc, gc, hc); ng groups, side A holding t
// terminals.
//
// The proof. Take any split with t terminals on side A and class every
// group by the side holding most of its routers: class A or B, a tie
// (k = a/2 routers on A, a even) in either class, as the bound chooses.
// A router on the other side from its group's class is a minority
// router. Every group pair of opposite classes holds at least gc of
// global capacity, n_A·n_B·gc in all; a unit of it is uncut only when
// both its ends are on one side, and then exactly one end is a minority
// router, in the group of the other class. A group's minority routers
// so keep uncut at most min(d·hc, n·gcMax) (d of them, hc each, and
// only on the links to the n groups of the other class). What the ties
// keep lies on the pairs of opposite classes with a tie at one end or
// both, at most gcMax each, and no pair is kept twice, so the ties
// together keep no more than that either. The global cut is at least
// n_A·n_B·gc less what is kept, or 0. A group with d minority routers
// also cuts d(a−d)·lc local capacity: (a/2)²·lc for a tie, and at least
// d·(⌊a/2⌋+1)·lc for a strict group, whose d is at most s = ⌈a/2⌉−1.
// With K routers on A, at least |t − p·K| terminals are on the other
// side from their router, tr each (with c.span > 0, a partially
// populated dragonfly, at least the distance from p·K to [t, t + span]:
// termsAway, argued at profileBound). The three link sets are disjoint.
//
// For the minimum, a split is described by its full-or-strict groups of
// each class (f_A, f_B), its ties (u = ng − f_A − f_B) and the minority
// totals of the strict groups of class A and B (D_A ≤ f_A·s, D_B ≤
// f_B·s); K = a·f_A + (a/2)·u − D_A + D_B. Two relaxations of the strict
// groups' part each give a piecewise-linear function of (D_A, D_B) over
// a box, relaxed to real values, and each is a lower bound on every
// split described so:
//
//   - pooled: a sum of mins is at most the min of the sums, so the
//     strict groups of class A keep at most min(D_A·hc, f_A·n_B·gcMax)
//     uncut, likewise B, against d·(⌊a/2⌋+1)·lc of local capacity per
//     minority router. The function is linear on each cell of the
//     arrangement of its kink lines and the box's sides, so its least
//     value is at an intersection of two of them, and only those are
//     evaluated.
//   - per group (perGroupMin): each strict group's own local capacity
//     less what it keeps, which cannot pool one group's minority ports
//     with another's links.
//
// The larger of the two least values bounds every split of the (f_A,
// f_B) and classing; so does the largest over the classings tried (the
// most equal classes, the ties halved, all ties in A, all in B). The
// bound is the least over (f_A, f_B). On a balanced dragonfly (a = 2h,
// equal rates; Kim et al., ISCA 2008) a tie saves exactly what its local
// links cost and a strict minority router costs more local capacity
// than it saves, so the bound meets the cut of (g−1)/2 groups a side and
// one group halved. On examples/dragonfly-545 (a = 32 < 2h = 34, where
// a tie saves 16 links more than its local links cost) the tie pair cap
// and the per-group form bring the bound from 61,600 to 73,950 links,
// the value of 255 groups whole on side A and the other 290 in class B,
// the rest of side A's routers in 15-router minorities of class-B
// groups (relaxed to real counts).
// Cost O(g²): about 33 evaluations per pair, and where a pair's pooled
// value is below the least so far, the other classings and perGroupMin
// (about 300 more).
func (c *groupCosts) classBound(ng, t int) float64 {
	best := math.Inf(1)
	visit := func(fa, fb int) {
		if c.a%2 == 1 && fa+fb != ng {
			return // no ties when a is odd
		}
		u := ng - fa - fb
		// The tie classing that makes the classes most equal first; the
		// proof holds for any classing chosen per split, so every one
		// tried bounds this (f_A, f_B), and so does the largest.
		ua := min(max(ng/2-fa, 0), u)
		if ub := min(max((ng+1)/2-fa, 0), u); (fa+ub)*(ng-fa-ub) > (fa+ua)*(ng-fa-ua) {
			ua = ub
		}
		v := c.classCase(fa, fb, ua, ng, t, best)
		for _, other := range [...]int{u / 2, 0, u} {
			if v >= best {
				return
			}
			if other != ua {
				v = math.Max(v, c.classCase(fa, fb, other, ng, t, best))
			}
		}
		best = math.Min(best, v)
	}
	// The whole-group splits first: their value is near the least, so
	// most pairs after them stop at their pooled value.
	visit(ng/2, ng-ng/2)
	visit((ng-1)/2, (ng-1)/2)
	for fa := 0; fa <= ng; fa++ {
		for fb := 0; fa+fb <= ng; fb++ {
			visit(fa, fb)
		}
	}
	return best
}

// classCase is classBound's least cost over the strict groups' minority
// totals for f_A = fa, f_B = fb and ua of the ng − fa − fb ties in class
// A: the larger of the pooled form's least value and perGroupMin's,
// which is skipped when the pooled form already reaches enough.
func (c *groupCosts) classCase(fa, fb, ua, ng, t int, enough float64) float64 {
	a, half := c.a, c.a/2
	s := (c.a+1)/2 - 1 // the most minority routers of a strict group
	strictLocal := float64(half+1) * c.lc
	tieLocal := float64(half*half) * c.lc
	u := ng - fa - fb
	ub := u - ua
	na, nb := fa+ua, fb+ub
	capA, capB := float64(nb)*c.gcMax, float64(na)*c.gcMax
	tieSave := float64(ua)*math.Min(float64(half)*c.hc, capA) + float64(ub)*math.Min(float64(half)*c.hc, capB)
	// A unit kept uncut by a tie lies on a pair of opposite classes with
	// a tie at one end or both, and no pair is kept twice.
	tieSave = math.Min(tieSave, float64(ua*nb+ub*na-ua*ub)*c.gcMax)
	r := float64(na)*float64(nb)*c.gc - tieSave
	cA, cB := float64(fa)*capA, float64(fb)*capB
	base, far := float64(a*fa+half*u), float64(t)/float64(c.p)
	xMax, yMax := float64(fa*s), float64(fb*s)
	cost := func(x, y float64) float64 {
		x, y = math.Min(math.Max(x, 0), xMax), math.Min(math.Max(y, 0), yMax)
		kept := math.Min(x*c.hc, cA) + math.Min(y*c.hc, cB)
		return math.Max(0, r-kept) + tieLocal*float64(u) + strictLocal*(x+y) +
			c.termsAway(t, base-x+y)
	}
	// Kink lines: x = v for v in xs, y = w for w in ys, and the diagonals
	// y − x = d1 (terminals with their routers) and x + y = d2 (the
	// global term at 0 where neither min caps).
	xs := [4]float64{0, xMax, cA / c.hc, (r - cB) / c.hc}
	ys := [4]float64{0, yMax, cB / c.hc, (r - cA) / c.hc}
	d1, d2 := far-base, r/c.hc
	pooled := math.Inf(1)
	try := func(x, y float64) {
		if !math.IsNaN(x) && !math.IsNaN(y) && !math.IsInf(x, 0) && !math.IsInf(y, 0) {
			pooled = math.Min(pooled, cost(x, y))
		}
	}
	for _, x := range xs {
		for _, y := range ys {
			try(x, y)
		}
		try(x, x+d1)
		try(x, d2-x)
	}
	for _, y := range ys {
		try(y-d1, y)
		try(d2-y, y)
	}
	try((d2-d1)/2, (d2+d1)/2)
	if c.span > 0 {
		// The far end of the terminal interval: a second diagonal.
		e1 := (far + float64(c.span)/float64(c.p)) - base
		for _, x := range xs {
			try(x, x+e1)
		}
		for _, y := range ys {
			try(y-e1, y)
		}
		try((d2-e1)/2, (d2+e1)/2)
	}
	if pooled >= enough {
		return pooled
	}
	return math.Max(pooled, c.perGroupMin(fa, fb, na, nb, r+tieLocal*float64(u), base, far, t))
}

// perGroupMin is the per-group form of classBound for one (f_A, f_B):
// the strict groups' local capacity and the global capacity their
// minority routers keep uncut, taken group by group. A strict group of
// class A with d minority routers costs φ_A(d) = d(a−d)·lc −
// min(d·hc, n_B·gcMax), so the strict groups of class A with D_A
// minority routers in all cost at least f_A·φ̂_A(D_A/f_A), φ̂_A the lower
// convex hull of φ_A over 0…s (Jensen), likewise B. Where the pooled
// form lets a strict group keep uncut more links than it has to the
// other class (its minority routers' ports pooled with other groups'),
// this form does not; it drops the pooled form's floor of 0 on the
// global cut, so the two are taken together (the larger). fixed is the
// cut outside the strict groups (n_A·n_B·gc less what ties keep, plus
// the ties' local links); base the routers on side A with no strict
// minority, far = t/p. The function of (D_A, D_B) is convex and
// piecewise linear; its least value is at a vertex of the grid of the
// hulls' breakpoints and the terminal line D_B − D_A = far − base.
func (c *groupCosts) perGroupMin(fa, fb, na, nb int, fixed, base, far float64, t int) float64 {
	s := (c.a+1)/2 - 1
	hull := func(h []hullPt, n int) []hullPt {
		for d := 0; d <= s; d++ {
			h = appendHull(h, hullPt{float64(d), float64(d*(c.a-d))*c.lc - math.Min(float64(d)*c.hc, float64(n)*c.gcMax)})
		}
		return h
	}
	c.hullA, c.hullB = hull(c.hullA[:0], nb), hull(c.hullB[:0], na)
	hA, hB := c.hullA, c.hullB
	phi := func(h []hullPt, f int, x float64) float64 {
		if f == 0 {
			return 0
		}
		return float64(f) * hullAt(h, x/float64(f))
	}
	xMax, yMax := float64(fa*s), float64(fb*s)
	best := math.Inf(1)
	try := func(x, y float64) {
		if x < 0 || y < 0 || x > xMax || y > yMax {
			return
		}
		best = math.Min(best, fixed+phi(hA, fa, x)+phi(hB, fb, y)+c.termsAway(t, base-x+y))
	}
	d1 := far - base
	for _, va := range hA {
		x := va.x * float64(fa)
		for _, vb := range hB {
			try(x, vb.x*float64(fb))
		}
		try(x, x+d1)
	}
	for _, vb := range hB {
		y := vb.x * float64(fb)
		try(y-d1, y)
	}
	if c.span > 0 {
		e1 := d1 + float64(c.span)/float64(c.p)
		for _, va := range hA {
			try(va.x*float64(fa), va.x*float64(fa)+e1)
		}
		for _, vb := range hB {
			try(vb.x*float64(fb)-e1, vb.x*float64(fb))
		}
	}
	return best
}

// termsAway is the least capacity of the terminals on the other side
// from their router when k routers (real, in the relaxation) are on
// side A and side A holds t terminals: tr·|t − p·k| on alike groups
// (span 0). With span > 0 (profileBound: routers holding p or fewer
// terminals, span of the g·a·p slots empty) the routers on A hold p·k
// less the empty slots among them, between 0 and span, so the
// terminals away from their router are at least tr times the distance
// from p·k to [t, t + span].
func (c *groupCosts) termsAway(t int, k float64) float64 {
	if c.span == 0 {
		return c.tr * math.Abs(float64(t)-float64(c.p)*k)
	}
	pk := float64(c.p) * k
	return c.tr * math.Max(0, math.Max(float64(t)-pk, pk-float64(t+c.span)))
}
