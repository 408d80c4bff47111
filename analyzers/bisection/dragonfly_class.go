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
// (k = a/2 routers on A, a even) in whichever class makes the classes
// most equal. A router on the other side from its group's class is a
// minority router. Every group pair of opposite classes holds at least
// gc of global capacity, n_A·n_B·gc in all; a unit of it is uncut only
// when both its ends are on one side, and then exactly one end is a
// minority router, in the group of the other class. A group's minority
// routers so keep uncut at most min(d·hc, n·gcMax) (d of them, hc each,
// and only on the links to the n groups of the other class), and the
// global cut is at least n_A·n_B·gc less the sum of these, or 0. A
// group with d minority routers also cuts d(a−d)·lc local capacity:
// (a/2)²·lc for a tie, and at least d·(⌊a/2⌋+1)·lc for a strict group,
// whose d is at most s = ⌈a/2⌉−1. With K routers on A, at least
// |t − p·K| terminals are on the other side from their router, tr each.
// The three link sets are disjoint.
//
// For the minimum, a split is described by its full-or-strict groups of
// each class (f_A, f_B), its ties (u = ng − f_A − f_B) and the minority
// totals of the strict groups of class A and B (D_A ≤ f_A·s, D_B ≤
// f_B·s); K = a·f_A + (a/2)·u − D_A + D_B. A sum of mins is at most the
// min of the sums, so the strict groups of class A keep at most
// min(D_A·hc, f_A·n_B·gcMax) uncut, likewise B. What remains is a
// piecewise-linear function of (D_A, D_B) over a box, relaxed to real
// values; it is linear on each cell of the arrangement of its kink
// lines and the box's sides, so its least value over the box is at an
// intersection of two of them, and only those are evaluated. The bound
// is the least over (f_A, f_B). On a balanced dragonfly (a = 2h, equal
// rates; Kim et al., ISCA 2008) a tie saves exactly what its local
// links cost and a strict minority router costs more local capacity
// than it saves, so the bound meets the cut of (g−1)/2 groups a side
// and one group halved. Cost O(g²), about 33 evaluations per pair.
func (c *groupCosts) classBound(ng, t int) float64 {
	a, half := c.a, c.a/2
	s := (c.a+1)/2 - 1 // the most minority routers of a strict group
	strictLocal := float64(half+1) * c.lc
	tieLocal := float64(half*half) * c.lc
	best := math.Inf(1)
	for fa := 0; fa <= ng; fa++ {
		fbMin := 0
		if a%2 == 1 {
			fbMin = ng - fa // no ties when a is odd
		}
		for fb := fbMin; fa+fb <= ng; fb++ {
			u := ng - fa - fb
			// The tie classing that makes the classes most equal.
			ua := min(max(ng/2-fa, 0), u)
			if ub := min(max((ng+1)/2-fa, 0), u); (fa+ub)*(ng-fa-ub) > (fa+ua)*(ng-fa-ua) {
				ua = ub
			}
			na, nb := fa+ua, ng-fa-ua
			capA, capB := float64(nb)*c.gcMax, float64(na)*c.gcMax
			tieSave := float64(ua)*math.Min(float64(half)*c.hc, capA) + float64(u-ua)*math.Min(float64(half)*c.hc, capB)
			r := float64(na)*float64(nb)*c.gc - tieSave
			cA, cB := float64(fa)*capA, float64(fb)*capB
			base, far := float64(a*fa+half*u), float64(t)/float64(c.p)
			xMax, yMax := float64(fa*s), float64(fb*s)
			cost := func(x, y float64) float64 {
				x, y = math.Min(math.Max(x, 0), xMax), math.Min(math.Max(y, 0), yMax)
				kept := math.Min(x*c.hc, cA) + math.Min(y*c.hc, cB)
				return math.Max(0, r-kept) + tieLocal*float64(u) + strictLocal*(x+y) +
					c.tr*math.Abs(float64(t)-float64(c.p)*(base-x+y))
			}
			// Kink lines: x = v for v in xs, y = w for w in ys, and the
			// diagonals y − x = d1 (terminals with their routers) and
			// x + y = d2 (the global term at 0 where neither min caps).
			xs := [4]float64{0, xMax, cA / c.hc, (r - cB) / c.hc}
			ys := [4]float64{0, yMax, cB / c.hc, (r - cA) / c.hc}
			d1, d2 := far-base, r/c.hc
			try := func(x, y float64) {
				if !math.IsNaN(x) && !math.IsNaN(y) && !math.IsInf(x, 0) && !math.IsInf(y, 0) {
					best = math.Min(best, cost(x, y))
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
		}
	}
	return best
}
