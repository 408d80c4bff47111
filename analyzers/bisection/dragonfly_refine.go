package bisection

import (
	"math"
	"slices"
	"sort"
)

// dfRefineMoves bounds refineDragonfly's accepted moves (each O(g·a·(a +
// h)) to find): a budget, not a modelling value; a balanced dragonfly's
// best cut is a few dozen group moves from the search's.
const dfRefineMoves = 100

// refineDragonfly improves cut c of an alike dragonfly (groups of a
// routers, p terminals on every router) by group moves the vertex-level
// search cannot make: it re-splits whole groups, each to its best set of
// routers on side A for a given count (the routers whose global links
// reach side A most), one group at a time where the terminal balance
// allows, else two at once whose router counts change oppositely. Such
// pairs are how a dragonfly's cheapest cuts are built: a group at the
// centre of side A's arc of the global arrangement splits its near and
// far routers, paired with one at the centre of side B's, each pair
// trading its local links for more global ones kept. The moves are
// scored on the router graph (terminals on their router's side, the
// imbalance paid at the least terminal capacity); the cut returned is
// the terminal split that results, evaluated exactly on a like c
// (evaluate), and replaces c only when it is smaller. So the refinement
// only ever lowers a proven upper end. Cost O(moves · g · a · (a + h)).
func (m *model) refineDragonfly(s *dfShape, a *agraph, c cut) cut {
	costs, ok := s.alike()
	if !ok || c.vA == nil || c.g != a {
		return c
	}
	r := newDfRefiner(s, costs.tr, costs.p, len(s.termRouter)/2)
	for _, id := range m.fabricLinks {
		l := m.g.Link(id)
		i, okA := s.routerIdx[l.A.Node]
		j, okB := s.routerIdx[l.B.Node]
		if okA && okB && s.groupOf[i] != s.groupOf[j] {
			r.nbr[i] = append(r.nbr[i], dfArc{j, l.CapacityBPS})
			r.nbr[j] = append(r.nbr[j], dfArc{i, l.CapacityBPS})
		}
	}
	for i, node := range s.routers {
		if v := a.vtx[node]; v >= 0 && c.vA[v] {
			r.side[i] = true
			r.onA++
		}
	}
	if !r.improve(dfRefineMoves) {
		return c
	}
	nc, ok := m.evaluate(a, r.terminalSplit(s), c.how+", refined by group moves")
	if !ok || nc.value >= c.value-1e-12*math.Max(1, c.value) {
		return c
	}
	return nc
}

// dfRefiner holds the router-level state of refineDragonfly: each
// router's side (true = A), its global links, and the counts the move
// scores need.
type dfRefiner struct {
	s *dfShape
	// tr is the least terminal capacity, bits per second per direction,
	// and p the terminals per router: what termCost needs.
	tr    float64
	p     int
	side  []bool
	nbr   [][]dfArc // global links of each router
	group [][]int32 // router indices of each group, in inGroup order
	t     int       // terminals side A must hold
	onA   int       // routers on side A
}

// dfArc is one global link seen from a router: its far router and its
// capacity, bits per second per direction.
type dfArc struct {
	to  int32
	cap float64
}

func newDfRefiner(s *dfShape, tr float64, p, t int) *dfRefiner {
	r := &dfRefiner{s: s, tr: tr, p: p, side: make([]bool, len(s.routers)), nbr: make([][]dfArc, len(s.routers)), group: make([][]int32, s.ng), t: t}
	for i := range s.routers {
		g := s.groupOf[i]
		r.group[g] = append(r.group[g], int32(i))
	}
	return r
}

// termCost is the terminal cost of onA routers on side A: the terminals
// that must leave their router's side to hold t on A, at the least
// terminal capacity.
func (r *dfRefiner) termCost(onA int) float64 {
	return r.tr * math.Abs(float64(r.p*onA-r.t))
}

// groupMove is a re-split of one group to its k best routers on side A,
// with the change in local and global cut capacity it makes with every
// other router fixed, and the change in routers on A.
type groupMove struct {
	group int32
	k     int
	delta float64
	dA    int
}

// bestMoves returns, for group g, the move to every k in 0..a (k = the
// routers on A) and the routers' ranking: by how much more global
// capacity they cut on side A than on side B, the top k on A. The local
// cut of the top k is kept as k grows, O(a) per step.
func (r *dfRefiner) bestMoves(g int32, out []groupMove) ([]groupMove, []int32) {
	rs := r.group[g]
	a := len(rs)
	d := make([]float64, a) // global cut on A minus on B, per router
	base, kCur := 0.0, 0
	for x, i := range rs {
		toA, toB := 0.0, 0.0
		for _, arc := range r.nbr[i] {
			if r.side[arc.to] {
				toA += arc.cap
			} else {
				toB += arc.cap
			}
		}
		d[x] = toB - toA
		base += toA // every router on B cuts its links to A
		if r.side[i] {
			kCur++
		}
	}
	order := make([]int32, a)
	for x := range order {
		order[x] = int32(x)
	}
	sort.SliceStable(order, func(x, y int) bool { return d[order[x]] < d[order[y]] })
	lc := r.s.localCap[g]
	rowIn := make([]float64, a) // local capacity from each router to the top k
	rowSum := make([]float64, a)
	for x := 0; x < a; x++ {
		for y := 0; y < a; y++ {
			rowSum[x] += lc[x*a+y]
		}
	}
	cur := r.affectedCut([]int32{g})
	out = out[:0]
	prefix, local := 0.0, 0.0
	for k := 0; k <= a; k++ {
		if k > 0 {
			x := order[k-1]
			prefix += d[x]
			local += rowSum[x] - 2*rowIn[x]
			for y := 0; y < a; y++ {
				rowIn[y] += lc[y*a+int(x)]
			}
		}
		out = append(out, groupMove{group: g, k: k, delta: base + prefix + local - cur, dA: k - kCur})
	}
	return out, order
}

// affectedCut is the capacity cut on the links that touch a router of
// the given groups (their local links and their global links, each link
// once), as the routers stand.
func (r *dfRefiner) affectedCut(groups []int32) float64 {
	sum := 0.0
	for _, g := range groups {
		rs := r.group[g]
		a := len(rs)
		lc := r.s.localCap[g]
		for x := 0; x < a; x++ {
			for y := x + 1; y < a; y++ {
				if r.side[rs[x]] != r.side[rs[y]] {
					sum += lc[x*a+y]
				}
			}
		}
		for _, i := range rs {
			for _, arc := range r.nbr[i] {
				if r.side[arc.to] == r.side[i] {
					continue
				}
				// A link between two of the groups counts once: at its
				// end of the lower router index.
				if slices.Contains(groups, r.s.groupOf[arc.to]) && arc.to < i {
					continue
				}
				sum += arc.cap
			}
		}
	}
	return sum
}

// apply puts group g's routers ranked first k (order) on side A.
func (r *dfRefiner) apply(g int32, order []int32, k int) {
	for rank, x := range order {
		i := r.group[g][x]
		if r.side[i] {
			r.onA--
		}
		r.side[i] = rank < k
		if r.side[i] {
			r.onA++
		}
	}
}

// improve makes improving moves until none is left or the budget is
// spent; it reports whether any was made. Each round scores every
// group's best move per router count, then tries single moves and pairs
// whose counts cancel, best estimate first, keeping the first whose
// exact change (on the links its groups touch, and the terminal cost) is
// a decrease.
func (r *dfRefiner) improve(budget int) bool {
	improved := false
	moves := make([][]groupMove, len(r.group))
	orders := make([][]int32, len(r.group))
	for made := 0; made < budget; made++ {
		for g := range r.group {
			moves[g], orders[g] = r.bestMoves(int32(g), moves[g])
		}
		accepted := false
		for _, cd := range r.candidates(moves) {
			groups := make([]int32, len(cd.moves))
			for x, mv := range cd.moves {
				groups[x] = mv.group
			}
			before := r.affectedCut(groups) + r.termCost(r.onA)
			saved, savedA := slices.Clone(r.side), r.onA
			for _, mv := range cd.moves {
				r.apply(mv.group, orders[mv.group], mv.k)
			}
			if after := r.affectedCut(groups) + r.termCost(r.onA); after < before-1e-9*math.Max(1, before) {
				accepted, improved = true, true
				break
			}
			r.side, r.onA = saved, savedA
		}
		if !accepted {
			break
		}
	}
	return improved
}

// dfCandidate is one or two group moves with their estimated change.
type dfCandidate struct {
	moves []groupMove
	score float64
}

// dfCandidateLimit bounds the candidates a round tries exactly, best
// estimate first: a budget, not a modelling value.
const dfCandidateLimit = 64

// candidates lists the moves worth trying, best estimated change first:
// every single group move, scored with its change of terminal cost, and
// for every change of router count δ the best group moving by δ paired
// with the best other group moving by −δ (their link to each other is
// left out of the estimate; the exact total decides).
func (r *dfRefiner) candidates(moves [][]groupMove) []dfCandidate {
	a := len(r.group[0])
	type pick struct {
		mv  groupMove
		ok  bool
		mv2 groupMove // the second best, from another group
		ok2 bool
	}
	best := make([]pick, 2*a+1) // by δ + a
	var out []dfCandidate
	base := r.termCost(r.onA)
	for _, ms := range moves {
		for _, mv := range ms {
			if mv.dA == 0 {
				continue
			}
			if s := mv.delta + r.termCost(r.onA+mv.dA) - base; s < -1e-9 {
				out = append(out, dfCandidate{[]groupMove{mv}, s})
			}
			b := &best[mv.dA+a]
			switch {
			case !b.ok || mv.delta < b.mv.delta:
				if b.ok && b.mv.group != mv.group {
					b.mv2, b.ok2 = b.mv, true
				}
				b.mv, b.ok = mv, true
			case mv.group != b.mv.group && (!b.ok2 || mv.delta < b.mv2.delta):
				b.mv2, b.ok2 = mv, true
			}
		}
	}
	for d := 1; d <= a; d++ {
		up, down := best[a+d], best[a-d]
		if !up.ok || !down.ok {
			continue
		}
		x, y := up.mv, down.mv
		if x.group == y.group {
			switch {
			case up.ok2 && (!down.ok2 || up.mv2.delta <= down.mv2.delta):
				x = up.mv2
			case down.ok2:
				y = down.mv2
			default:
				continue
			}
		}
		if s := x.delta + y.delta; s < -1e-9 {
			out = append(out, dfCandidate{[]groupMove{x, y}, s})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].score < out[j].score })
	if len(out) > dfCandidateLimit {
		out = out[:dfCandidateLimit]
	}
	return out
}

// terminalSplit places each terminal on its router's side, then moves
// the fewest terminals (the last of the side holding too many, in
// terminal order) to hold exactly t on side A.
func (r *dfRefiner) terminalSplit(s *dfShape) []bool {
	inA := make([]bool, len(s.termRouter))
	n := 0
	for i, rt := range s.termRouter {
		inA[i] = r.side[rt]
		if inA[i] {
			n++
		}
	}
	for i := len(inA) - 1; i >= 0 && n != r.t; i-- {
		switch {
		case n > r.t && inA[i]:
			inA[i] = false
			n--
		case n < r.t && !inA[i]:
			inA[i] = true
			n++
		}
	}
	return inA
}
