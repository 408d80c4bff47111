package bisection

import (
	"math"
	"sort"

	"github.com/topoc/topoc/compiler/ir"
)

// dfShape is a dragonfly fabric as its two lower bounds read it: routers
// grouped by their unit (the group), the capacity between every pair of
// routers of a group and between every pair of groups, and the router
// each terminal hangs from. Capacities are bits per second per direction.
type dfShape struct {
	routers   []ir.NodeID
	routerIdx map[ir.NodeID]int32
	// groupOf and inGroup are each router's group and its position in
	// it; size the routers per group; ng the number of groups.
	groupOf, inGroup, size []int32
	ng                     int32
	// localCap[gr][i*size+j] is the local capacity between routers i and
	// j of group gr (both orders); groupCap[a*ng+b] the global capacity
	// between groups a and b (both orders); globalCap[r] the capacity of
	// router r's global links.
	localCap  [][]float64
	groupCap  []float64
	globalCap []float64
	// termRouter and termCap are each terminal's router and the capacity
	// of its links to it.
	termRouter []int32
	termCap    []float64
	// global lists the links between routers of different groups.
	global []dfLink
}

// dragonflyShape reads the shape of a dragonfly fabric. ok is false for
// another family, fewer than two terminals, a router outside any group,
// more than 4,096 groups (the group-pair table would pass 2²⁴ entries),
// and a terminal with no router or on more than one.
func (m *model) dragonflyShape() (*dfShape, bool) {
	g := m.g
	if m.fab.Family != ir.FamilyDragonfly || len(m.terms) < 2 {
		return nil, false
	}
	s := &dfShape{routerIdx: map[ir.NodeID]int32{}}
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		for _, e := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			if g.Nodes[e].Kind.IsSwitch() {
				if _, ok := s.routerIdx[e]; !ok {
					s.routerIdx[e] = int32(len(s.routers))
					s.routers = append(s.routers, e)
				}
			}
		}
	}
	nr := len(s.routers)
	s.groupOf = make([]int32, nr)
	// Groups are numbered densely in the order of their labels: a group
	// whose routers all failed (a what-if) leaves no empty group
	// behind, so the rest still read as alike groups.
	dense := map[int32]int32{}
	for i, r := range s.routers {
		u := g.Nodes[r].UnitIndex
		if u < 0 {
			return nil, false
		}
		s.groupOf[i] = u
		dense[u] = 0
	}
	labels := make([]int32, 0, len(dense))
	for u := range dense {
		labels = append(labels, u)
	}
	sort.Slice(labels, func(i, j int) bool { return labels[i] < labels[j] })
	for k, u := range labels {
		dense[u] = int32(k)
	}
	for i := range s.groupOf {
		s.groupOf[i] = dense[s.groupOf[i]]
	}
	s.ng = int32(len(labels))
	if int64(s.ng)*int64(s.ng) > 1<<24 {
		return nil, false
	}
	s.inGroup = make([]int32, nr)
	s.size = make([]int32, s.ng)
	for i := range s.routers {
		s.inGroup[i] = s.size[s.groupOf[i]]
		s.size[s.groupOf[i]]++
	}
	s.localCap = make([][]float64, s.ng)
	for gi, sz := range s.size {
		s.localCap[gi] = make([]float64, int(sz)*int(sz))
	}
	s.groupCap = make([]float64, int(s.ng)*int(s.ng))
	s.globalCap = make([]float64, nr)
	s.termCap = make([]float64, len(m.terms))
	s.termRouter = make([]int32, len(m.terms))
	for i := range s.termRouter {
		s.termRouter[i] = -1
	}
	termOf := func(e ir.Port) (int, bool) {
		if m.view == ViewPort {
			t := m.portTerm(e)
			return int(t), t >= 0
		}
		t := m.termOfNode.Get(e.Node)
		return int(t), t >= 0
	}
	ng := int(s.ng)
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		ra, okA := s.routerIdx[l.A.Node]
		rb, okB := s.routerIdx[l.B.Node]
		switch {
		case okA && okB:
			ga, gb := s.groupOf[ra], s.groupOf[rb]
			if ga == gb {
				sz := s.size[ga]
				s.localCap[ga][s.inGroup[ra]*sz+s.inGroup[rb]] += l.CapacityBPS
				s.localCap[ga][s.inGroup[rb]*sz+s.inGroup[ra]] += l.CapacityBPS
			} else {
				s.groupCap[int(ga)*ng+int(gb)] += l.CapacityBPS
				s.groupCap[int(gb)*ng+int(ga)] += l.CapacityBPS
				s.globalCap[ra] += l.CapacityBPS
				s.globalCap[rb] += l.CapacityBPS
				s.global = append(s.global, dfLink{ra, rb, l.CapacityBPS})
			}
		case okA || okB:
			r, e := ra, l.B
			if okB {
				r, e = rb, l.A
			}
			i, ok := termOf(e)
			if !ok || (s.termRouter[i] >= 0 && s.termRouter[i] != r) {
				return nil, false
			}
			s.termRouter[i] = r
			s.termCap[i] += l.CapacityBPS
		}
	}
	for _, r := range s.termRouter {
		if r < 0 {
			return nil, false
		}
	}
	return s, true
}

// groupBoundBudget bounds groupBound's work, in group-pair × router
// steps (about a second on one core). A budget, not a modelling value.
const groupBoundBudget = 500_000_000

// groupBound is a lower bound on the balanced bisection of a dragonfly
// whose groups are alike: a routers each, p terminals on every router,
// every terminal a vertex of its own (no server internals). It is exact
// on the balanced dragonflies of Kim et al. (ISCA 2008), where the
// uniform multicommodity-flow bound cannot pass ⌊n/2⌋⌈n/2⌉/(n−1) of a
// terminal's rate (each terminal's uniform traffic loads its own link).
//
// The proof. Take any split with T = ⌊n/2⌋ terminals on side A (one side
// of every balanced split holds ⌊n/2⌋; the enumeration below covers both
// orientations). Call a group full-A when all its routers are on side A,
// full-B when none is, split otherwise; say F_A, F_B and S = g − F_A − F_B
// groups of each. The cut holds these disjoint link sets, each bounded
// below with the least capacities of its kind (tr a terminal's links, lc
// between two routers of a group, gc between two groups; hc the most
// global capacity on one router):
//
//   - the global links between a full-A and a full-B group, all cut:
//     F_A·F_B·gc;
//   - in a split group with k of its a routers on A: its local links,
//     k(a−k)·lc (every router pair of a group is linked); its terminals
//     on the other side from their router, at least |t − k·p| of them
//     when t of its terminals are on A; and of its global links to the
//     F_B full-B groups (at least F_B·gc) those on its A routers, at
//     least F_B·gc − (a−k)·hc since its B routers hold at most (a−k)·hc,
//     likewise F_A·gc − k·hc towards the full-A groups;
//   - in a full-A (full-B) group, its terminals on B (A): tr each.
//
// So a split costs at least F_A·F_B·gc + Σ c(t_i) with Σ t_i = T, where
// c is tr·(m − t) on a full-A group (m = a·p), tr·t on a full-B one, and
// f(t) = min over k of the split terms on a split one. Every c has slopes
// within ±tr and full-A's is −tr, full-B's +tr, so filling the full-A
// groups first, then the split ones, then the full-B ones is optimal
// (an exchange argument). S split groups holding t_S terminals cost at
// least the least Σ split[kᵢ] + tr·|t_S − p·Σkᵢ| over their routers on A
// (integer, by dynamic programming, where groupDPBudget allows), and in
// any case at least S·f̂(t_S/S) with f̂ the lower convex hull of f
// (Jensen), or f(t_S) itself when S = 1. The bound is the least of
// these over all (F_A, F_B), tried cheapest relaxation first. It uses
// only least capacities and per-router maxima, so a failure or an
// uneven rate leaves it sound, only looser. Cost O(g²·a) plus the
// integer minima.
//
// This argument ignores the global links between split groups, so many
// split groups each trading global links on one side pass it cheaply
// (balanced dragonflies with p = h ≥ 3); classBound pools those links
// and closes them. The result is the larger of the two. Neither reads
// which groups a router's global links reach (the arrangement), so
// where a tie saves more global capacity than its local links cost
// (a < 2h, as in examples/dragonfly-545: 0.530–0.532) the interval can
// stay open.
//
// Groups that differ only in how many terminals their routers hold
// (a partially populated dragonfly) take profileBound instead, the
// same arguments by profile class; alike groups never reach it, so
// their values are unchanged.
//
// ok is false as alike says, or, past it, as profileBound says.
func (s *dfShape) groupBound(quick bool) (float64, bool) {
	c, ok := s.alike()
	if !ok {
		// Groups that differ only in their routers' terminal counts
		// (partial population) take the argument by profile class.
		return s.profileBound(quick)
	}
	ng, a, gc, tr := int(s.ng), c.a, c.gc, c.tr
	t := len(s.termRouter) / 2
	// First every (F_A, F_B) at its convex relaxation, then, cheapest
	// first, the integer minimum over the split groups where it is
	// affordable, until the next relaxation passes the best found.
	var cases []groupCase
	hull := make([]hullPt, 0, a+1)
	for fa := 0; fa <= ng; fa++ {
		for fb := 0; fa+fb <= ng; fb++ {
			ns := ng - fa - fb
			if ns > 0 && a == 1 {
				continue // a one-router group is never split
			}
			gcase := groupCase{fa: fa, fb: fb, ns: ns}
			ta := min(fa*c.m, t)
			gcase.ts = min(t-ta, ns*c.m)
			gcase.whole = float64(fa)*float64(fb)*gc + tr*float64(fa*c.m-ta) + tr*float64(t-ta-gcase.ts)
			gcase.bound = gcase.whole
			if ns > 0 {
				c.fill(fa, fb)
				if ns == 1 {
					gcase.bound += c.f(gcase.ts)
				} else {
					hull = c.lowerHull(hull[:0])
					gcase.bound += float64(ns) * hullAt(hull, float64(gcase.ts)/float64(ns))
				}
			}
			cases = append(cases, gcase)
		}
	}
	if len(cases) == 0 {
		return 0, false
	}
	sort.Slice(cases, func(x, y int) bool {
		if cases[x].bound != cases[y].bound {
			return cases[x].bound < cases[y].bound
		}
		return cases[x].fa*(ng+1)+cases[x].fb < cases[y].fa*(ng+1)+cases[y].fb
	})
	best := math.Inf(1)
	// Splits with at most two split groups, enumerated where affordable
	// (pairSplitsBound): then only the cases of three split groups or
	// more need the relaxation.
	budget := float64(placementWork)
	if quick {
		budget /= 64 // a what-if's quick pass: many scenarios, each cheap
	}
	pairs, exactPairs := s.pairSplitsBound(c.tr, budget)
	if exactPairs {
		best = pairs
	}
	// With few groups every assignment of them is read with the
	// arrangement (arrangedBound), which bounds each case at least as
	// high as the counts below do; the counts serve the rest.
	minSplit := 0
	if exactPairs {
		minSplit = 3
	}
	arrangedBudget := float64(arrangedWork)
	if quick {
		arrangedBudget /= 64
	}
	ceiling := math.Inf(1)
	if exactPairs {
		ceiling = pairs // assignments above it cannot lower min(pairs, …)
	}
	arranged, ok := s.arrangedBound(c, minSplit, arrangedBudget, ceiling)
	if ok {
		cases = nil
		best = min(best, arranged)
	}
	work := 0
	for _, gcase := range cases {
		if gcase.bound >= best {
			break
		}
		if exactPairs && gcase.ns <= 2 {
			continue
		}
		v := gcase.bound
		if cost := gcase.ns * gcase.ns * a * a; gcase.ns > 1 && work+cost <= groupDPBudget {
			work += cost
			c.fill(gcase.fa, gcase.fb)
			v = gcase.whole + c.integer(gcase.ns, gcase.ts)
		}
		best = min(best, v)
	}
	// The pooled argument (classBound) where its O(g²) work is
	// affordable; both are sound, so the larger holds.
	if int64(ng)*int64(ng) <= classBoundBudget {
		best = max(best, c.classBound(ng, t))
	}
	return best, true
}

// classBoundBudget bounds classBound's work, in (f_A, f_B) pairs × 2
// (about a second on one core at 4,096 groups, the most dragonflyShape
// reads). A budget, not a modelling value.
const classBoundBudget = 1 << 24

// alike reads the shape groupBound and classBound need: ok is false
// when there are no groups or fewer than two terminals, the groups
// differ in size or terminals per router, or groupBound's work would
// pass groupBoundBudget. The costs hold the least capacities of a
// terminal's links (tr), between two routers of a group (lc; 0 for
// one-router groups) and between two groups (gc; 0 for one group), and
// the most global capacity on one router (hc) and between two groups
// (gcMax).
func (s *dfShape) alike() (groupCosts, bool) {
	ng := int(s.ng)
	if ng < 1 || len(s.termRouter) < 2 {
		return groupCosts{}, false
	}
	a := int(s.size[0])
	for _, sz := range s.size {
		if int(sz) != a {
			return groupCosts{}, false
		}
	}
	if int64(ng)*int64(ng)*int64(a) > groupBoundBudget {
		return groupCosts{}, false
	}
	perRouter := make([]int, len(s.routers))
	tr := math.Inf(1)
	for i, r := range s.termRouter {
		perRouter[r]++
		tr = math.Min(tr, s.termCap[i])
	}
	p := perRouter[0]
	for _, c := range perRouter {
		if c != p {
			return groupCosts{}, false
		}
	}
	lc, gc, gcMax := s.pairCaps(a)
	hc := 0.0
	for _, c := range s.globalCap {
		hc = math.Max(hc, c)
	}
	return groupCosts{a: a, p: p, m: a * p, tr: tr, lc: lc, gc: gc, gcMax: gcMax, hc: hc, split: make([]float64, a+1)}, true
}

// pairCaps returns, for groups of a routers each, the least local
// capacity between two routers of a group (0 for one-router groups) and
// the least and the most global capacity between two groups (least 0 for
// a single group), bits per second per direction.
func (s *dfShape) pairCaps(a int) (lc, gc, gcMax float64) {
	ng := int(s.ng)
	lc = math.Inf(1)
	if a == 1 {
		lc = 0
	}
	for gi := range s.localCap {
		for i := 0; i < a; i++ {
			for j := i + 1; j < a; j++ {
				lc = math.Min(lc, s.localCap[gi][i*a+j])
			}
		}
	}
	gc = math.Inf(1)
	if ng == 1 {
		gc = 0
	}
	for x := 0; x < ng; x++ {
		for y := x + 1; y < ng; y++ {
			gc = math.Min(gc, s.groupCap[x*ng+y])
			gcMax = math.Max(gcMax, s.groupCap[x*ng+y])
		}
	}
	return lc, gc, gcMax
}

// groupDPBudget bounds the work of groupBound's integer minima, in
// (split groups × routers)² steps summed over the cases tried (about a
// tenth of a second). A budget, not a modelling value.
const groupDPBudget = 50_000_000

// groupCase is one (F_A, F_B) of groupBound: ns split groups holding ts
// of side A's terminals; whole is the cost outside the split groups and
// bound the case's relaxed lower bound.
type groupCase struct {
	fa, fb, ns, ts int
	whole, bound   float64
}

// groupCosts holds the alike groups' shape (a routers of p terminals, m
// terminals per group) and least capacities for groupBound; split[k] is
// the least cost inside a split group with k of its routers and k·p of
// its terminals on side A, for the F_A and F_B last filled.
type groupCosts struct {
	a, p, m        int
	tr, lc, gc, hc float64
	gcMax          float64 // the most capacity between two groups
	// span is 0 on alike groups; profileBound sets it to the empty
	// terminal slots (g·a·p less the terminals, p the most on a router)
	// for classBound (termsAway).
	span         int
	split        []float64
	hullA, hullB []hullPt // perGroupMin's hulls, kept between calls
}

// fill sets split[1..a−1] for F_A = fa, F_B = fb: local links k(a−k)·lc,
// and the global links to full groups that must land on the wrong side.
func (c *groupCosts) fill(fa, fb int) {
	for k := 1; k < c.a; k++ {
		c.split[k] = float64(k*(c.a-k))*c.lc +
			math.Max(0, float64(fb)*c.gc-float64(c.a-k)*c.hc) +
			math.Max(0, float64(fa)*c.gc-float64(k)*c.hc)
	}
}

// f is the least cost inside one split group with t of its terminals on
// side A: the least over k of split[k] + tr·|t − k·p|.
func (c *groupCosts) f(t int) float64 {
	v := math.Inf(1)
	for k := 1; k < c.a; k++ {
		v = math.Min(v, c.split[k]+c.tr*math.Abs(float64(t-k*c.p)))
	}
	return v
}

// integer is the least total over ns split groups holding ts terminals
// of side A: with K the sum of their routers on A, at least the least
// Σ split[kᵢ] for that K plus tr·|ts − p·K| (terminals moved off their
// router's side), by dynamic programming over the groups, O(ns²·a²).
func (c *groupCosts) integer(ns, ts int) float64 {
	costs := make([][]float64, ns)
	for i := range costs {
		costs[i] = c.split // alike groups: one cost array for all
	}
	return splitShare(costs, c.a, c.p, c.tr, ts)
}

// lowerHull returns the lower convex hull of f over [0, m] in h, whose
// corners can only be at 0, m and the k·p (f is a least of V shapes with
// their tips there): the points (0, f(0)), (k·p, split[k]) for
// k = 1..a−1 and (m, f(m)), by Andrew's monotone chain.
func (c *groupCosts) lowerHull(h []hullPt) []hullPt {
	h = appendHull(h, hullPt{0, c.f(0)})
	for k := 1; k < c.a; k++ {
		h = appendHull(h, hullPt{float64(k * c.p), c.split[k]})
	}
	return appendHull(h, hullPt{float64(c.m), c.f(c.m)})
}

// appendHull adds q, right of every point of h, to the lower convex
// hull h (Andrew's monotone chain), dropping the vertices q hides.
func appendHull(h []hullPt, q hullPt) []hullPt {
	for len(h) >= 2 {
		o, a := h[len(h)-2], h[len(h)-1]
		if (a.x-o.x)*(q.y-o.y)-(a.y-o.y)*(q.x-o.x) > 0 {
			break // a left turn: a stays a vertex
		}
		h = h[:len(h)-1]
	}
	return append(h, q)
}

// hullPt is a vertex of a lower convex hull.
type hullPt struct{ x, y float64 }

// hullAt evaluates the piecewise-linear hull h at x in [h[0].x, h[end].x].
func hullAt(h []hullPt, x float64) float64 {
	for i := 1; i < len(h); i++ {
		if x <= h[i].x {
			a, b := h[i-1], h[i]
			return a.y + (b.y-a.y)*(x-a.x)/(b.x-a.x)
		}
	}
	return h[len(h)-1].y
}
