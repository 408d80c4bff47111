package bisection

import (
	"math"

	"github.com/topoc/topoc/analyzers/internal/unionfind"
)

// The uniform multicommodity-flow lower bound (Leighton and Rao, J. ACM
// 46(6), 1999, §1 "product multicommodity flow"): route a demand of d
// between every ordered pair of terminals, let λ be the largest link load
// ÷ capacity (per direction). Scaling the flow by 1/λ makes it feasible,
// and every balanced split A|B has |A|·|B| ≥ ⌊n/2⌋·⌈n/2⌉ pairs whose flow
// must cross from A to B, so the cut carries at least ⌊n/2⌋·⌈n/2⌉·d/λ per
// direction. Any routing gives a sound bound; a good routing a tight one.
// The bound is at most about half the bisection when the terminal links are
// the bottleneck (half of each terminal's uniform traffic stays on its own
// side), and tight when the core is: a dragonfly's global links.

// uniformBudget bounds the work of the generic bound in arc visits
// (sources × arcs), about a second on one core.
const uniformBudget = 300_000_000

// quickUniformBudget is uniformBudget for a quick evaluation (a what-if
// draw among thousands): about 10 ms. A budget, not a modelling value.
const quickUniformBudget = 3_000_000

// uniformWithin computes the bound on an analysis graph, routing each
// pair's demand over all shortest paths (by hop count) in proportion to
// the product of the capacities along each path. Terminals whose links
// all lead to one vertex are routed from that vertex together. ok is
// false when the work would exceed budget arc visits (uniformBudget for
// the search's own).
func (m *model) uniformWithin(a *agraph, budget float64) (float64, bool) {
	fg := a.fg
	nv := len(a.vnode)
	n := len(m.terms)
	if n < 2 {
		return 0, false
	}
	// Group single-homed terminal vertices (weight 1) by their neighbour.
	root := make([]int32, nv)
	for v := range root {
		root[v] = -1
	}
	group := map[int32][]int32{}
	var roots []int32
	for _, v := range a.termVertices() {
		lo, hi := fg.Arcs(v)
		r := int32(-1)
		single := a.weight[v] == 1 && hi > lo
		for x := lo; x < hi && single; x++ {
			if r >= 0 && fg.Head(x) != r {
				single = false
			}
			r = fg.Head(x)
		}
		if !single || a.weight[r] > 0 {
			r = v
		}
		if _, ok := group[r]; !ok {
			roots = append(roots, r)
		}
		group[r] = append(group[r], v)
		root[v] = r
	}
	if float64(len(roots))*float64(fg.NumArcs()) > budget {
		return 0, false
	}
	load := make([]float64, fg.NumArcs())
	cmax := 0.0
	for x := range load {
		cmax = math.Max(cmax, fg.Capacity(int32(x)))
	}
	dist := make([]int32, nv)
	sigma := make([]float64, nv)
	delta := make([]float64, nv)
	order := make([]int32, 0, nv)
	inGroup := make([]bool, nv)
	for _, r := range roots {
		members := group[r]
		k := 0.0
		for _, v := range members {
			inGroup[v] = true
			k += float64(a.weight[v])
		}
		for i := range dist {
			dist[i], sigma[i], delta[i] = -1, 0, 0
		}
		order = append(order[:0], r)
		dist[r], sigma[r] = 0, 1
		for q := 0; q < len(order); q++ {
			v := order[q]
			lo, hi := fg.Arcs(v)
			for x := lo; x < hi; x++ {
				if fg.Capacity(x) <= 0 {
					continue // a 0 b/s link carries nothing: no path through it
				}
				w := fg.Head(x)
				if dist[w] < 0 {
					dist[w] = dist[v] + 1
					order = append(order, w)
				}
				if dist[w] == dist[v]+1 {
					// Capacities scaled to at most 1, so that path
					// weights (products over hops) cannot overflow.
					sigma[w] += sigma[v] * fg.Capacity(x) / cmax
				}
			}
		}
		for _, v := range order {
			if a.weight[v] == 0 {
				continue
			}
			dem := k * float64(a.weight[v])
			if inGroup[v] {
				dem -= float64(a.weight[v]) // no demand to itself
			}
			if r == v {
				dem = float64(a.weight[v]) * (k - 1)
				if k == 1 {
					dem = 0
				}
			}
			delta[v] = dem
		}
		for q := len(order) - 1; q > 0; q-- {
			w := order[q]
			if delta[w] == 0 || sigma[w] == 0 {
				continue
			}
			lo, hi := fg.Arcs(w)
			for x := lo; x < hi; x++ {
				v := fg.Head(x)
				if dist[v] != dist[w]-1 {
					continue
				}
				f := delta[w] * sigma[v] * fg.Capacity(x) / cmax / sigma[w]
				load[fg.Reverse(x)] += f // flow runs v → w
				delta[v] += f
			}
		}
		// The members' own links to the root carry all they send.
		if len(members) > 1 || members[0] != r {
			for _, v := range members {
				lo, hi := fg.Arcs(v)
				tot := 0.0
				for x := lo; x < hi; x++ {
					tot += fg.Capacity(x)
				}
				for x := lo; x < hi; x++ {
					load[x] += float64(n-1) * fg.Capacity(x) / tot
				}
			}
		}
		for _, v := range members {
			inGroup[v] = false
		}
	}
	lambda := 0.0
	for x := range load {
		if c := fg.Capacity(int32(x)); c > 0 {
			lambda = math.Max(lambda, load[x]/c)
		}
	}
	if lambda == 0 {
		return 0, false
	}
	return leastCrossingPairs(n, largestTerminalComponent(a)) / lambda, true
}

// largestTerminalComponent returns the most terminals that links of
// positive capacity join into one piece of a.
func largestTerminalComponent(a *agraph) int {
	fg := a.fg
	uf := unionfind.New(len(a.vnode))
	for v := int32(0); v < int32(len(uf)); v++ {
		lo, hi := fg.Arcs(v)
		for x := lo; x < hi; x++ {
			if fg.Capacity(x) > 0 {
				uf.Union(v, fg.Head(x))
			}
		}
	}
	count := map[int32]int{}
	best := 0
	for _, v := range a.termVertices() {
		r := uf.Find(v)
		count[r] += int(a.weight[v])
		best = max(best, count[r])
	}
	return best
}

// leastCrossingPairs is the fewest pairs of terminals joined by some path
// that a balanced split of n terminals (⌊n/2⌋ or ⌈n/2⌉ on a side) puts on
// opposite sides, when the largest piece of the graph holds c of them:
// at least a(c − a) for the a of them on side A, which the other n − c
// can push down to the end of a's range (a(c − a) is concave); the pairs
// in other pieces add more. With every terminal in one piece that is
// ⌊n/2⌋·⌈n/2⌉, the uniform bound's usual count. The demand between
// pieces has no path, so counting its pairs (as the bound did) let a
// what-if whose failed leaf cut 11 of 46 hosts off read 1.6 Tb/s
// "exact" where a 1.4 Tb/s split exists (trial 49).
func leastCrossingPairs(n, c int) float64 {
	best := math.Inf(1)
	for _, t := range []int{n / 2, (n + 1) / 2} {
		lo, hi := max(0, t-(n-c)), min(t, c)
		for _, a := range []int{lo, hi} {
			best = math.Min(best, float64(a)*float64(c-a))
		}
	}
	return best
}

// dragonflyBound is the uniform bound of a dragonfly under minimal
// routing (Kim et al., ISCA 2008: local, global, local), computed in
// O(links) by aggregating per group pair: the traffic from group G to
// group H (T(G)·T(H) pairs) is spread over the global links between them
// in proportion to capacity; it climbs from every router of G over the
// local link to the router holding the global link, and descends likewise
// in H. When the global links are the bottleneck this bound equals the
// group cut ⌊g/2⌋·⌈g/2⌉·(links per pair)·rate, which proves it optimal.
// ok is false when minimal routes do not exist (a group that is not a
// complete graph, a pair of groups with no global link).
func (m *model) dragonflyBound(s *dfShape) (float64, bool) {
	g := m.g
	n := float64(len(m.terms))
	nr, ng := len(s.routers), s.ng
	routerIdx, groupOf, inGroup, size := s.routerIdx, s.groupOf, s.inGroup, s.size
	localCap, groupCap, termRouter, termCap := s.localCap, s.groupCap, s.termRouter, s.termCap
	T := make([]float64, nr)
	TG := make([]float64, ng)
	lambda := 0.0
	for i := range m.terms {
		r := termRouter[i]
		if r < 0 {
			return 0, false
		}
		T[r]++
		TG[groupOf[r]]++
		lambda = math.Max(lambda, (n-1)/termCap[i])
	}
	for a := int32(0); a < ng; a++ {
		for b := a + 1; b < ng; b++ {
			c := groupCap[int(a)*int(ng)+int(b)]
			if c == 0 {
				if TG[a] > 0 && TG[b] > 0 {
					return 0, false
				}
				continue
			}
			lambda = math.Max(lambda, TG[a]*TG[b]/c)
		}
	}
	// out[v]: traffic per terminal-pair unit that v's global links carry
	// for the other routers of its group, summed over target groups.
	out := make([]float64, nr)
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		ra, okA := routerIdx[l.A.Node]
		rb, okB := routerIdx[l.B.Node]
		if !okA || !okB || groupOf[ra] == groupOf[rb] {
			continue
		}
		ga, gb := groupOf[ra], groupOf[rb]
		c := groupCap[int(ga)*int(ng)+int(gb)]
		out[ra] += TG[gb] * l.CapacityBPS / c
		out[rb] += TG[ga] * l.CapacityBPS / c
	}
	byGroup := make([][]int32, ng)
	for i := range s.routers {
		byGroup[groupOf[i]] = append(byGroup[groupOf[i]], int32(i))
	}
	for _, rs := range byGroup {
		for x, u := range rs {
			for _, v := range rs[x+1:] {
				c := localCap[groupOf[u]][inGroup[u]*size[groupOf[u]]+inGroup[v]]
				if c == 0 {
					return 0, false
				}
				// u→v carries u's terminals to v's terminals, u's
				// terminals to v's global links, and arrivals at u's
				// global links for v's terminals; v→u the mirror image.
				uv := T[u]*T[v] + T[u]*out[v] + T[v]*out[u]
				lambda = math.Max(lambda, uv/c)
			}
		}
	}
	if lambda == 0 {
		return 0, false
	}
	k := len(m.terms)
	return float64(k/2) * float64((k+1)/2) / lambda, true
}
