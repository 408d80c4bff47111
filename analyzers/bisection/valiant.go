package bisection

import (
	"math"
	"slices"
)

// valiantBound is a lower bound on the bisection of a dragonfly that
// holds for flows on Valiant paths alone (Valiant and Brebner 1981, as
// Kim et al., ISCA 2008, route a dragonfly: minimally from the source
// to a random intermediate group other than the source's and the
// destination's, then minimally on; traffic inside a group minimally),
// and so for the graph's bisection too. Bits per second per direction.
//
// The argument. Take any balanced split A|B (each side at most
// h = ⌈n/2⌉ of the n terminals) and the demand of d from every terminal
// of A to every one of B, routed obliviously: each inter-group pair's
// demand spread evenly over the K = g − 2 intermediate groups, each leg
// over the global links between its two groups in proportion to their
// capacity, a local hop at either end where the link is on another
// router. Every link's load is then at most (in units of d):
//
//   - a terminal's link: h (it sends to, or receives from, at most h);
//   - the links between groups X and Y, together: first legs from X's
//     terminals (at most min(T_X, h)·h/K) and second legs into Y's
//     (h·min(T_Y, h)/K), spread over their capacity C_XY;
//   - a local link u→v of group X: u's terminals to v's (T_u·T_v), u's
//     terminals' first legs leaving by v's global links (T_u·h·o_v, o_v
//     the share of the X–I capacity on v summed over v's global links,
//     ÷ K), second legs arriving at u for v's terminals (T_v·h·o_u), and
//     traffic through X as intermediate, arriving at u from a group G and
//     leaving by v to a group H ≠ G: Σ T_G·T_H·a_u(G)·a_v(H)/K with
//     a_u(G) the share of the X–G capacity on u, which is
//     (P_u·P_v − Q_uv)/K for P_u = Σ_G T_G·a_u(G) and
//     Q_uv = Σ_G T_G²·a_u(G)·a_v(G).
//
// With λ the largest load ÷ capacity over all links, d = 1/λ fits every
// link for every balanced split at once, so every such split carries at
// least |A|·|B|/λ = ⌊n/2⌋·⌈n/2⌉/λ across on Valiant paths. Unlike the
// uniform multicommodity-flow bound, whose demand runs both ways between
// every pair (Valiant's second global hop then halves it), the demand is
// one way across a split: on examples/dragonfly-545 the global links give
// (g − 2)/g of the group cut. ok is false for fewer than three groups, a
// pair of groups with no global link, or a group whose routers are not
// all linked (Valiant's minimal legs need both).
func (m *model) valiantBound(s *dfShape) (float64, bool) {
	g := m.g
	ng := int(s.ng)
	n := len(m.terms)
	if ng < 3 || n < 2 {
		return 0, false
	}
	h := float64((n + 1) / 2)
	K := float64(ng - 2)
	nr := len(s.routers)
	T := make([]float64, nr)
	TG := make([]float64, ng)
	lambda := 0.0
	for i := range m.terms {
		r := s.termRouter[i]
		if r < 0 || s.termCap[i] <= 0 {
			return 0, false
		}
		T[r]++
		TG[s.groupOf[r]]++
		lambda = math.Max(lambda, h/s.termCap[i])
	}
	for a := 0; a < ng; a++ {
		for b := a + 1; b < ng; b++ {
			c := s.groupCap[a*ng+b]
			if c == 0 {
				return 0, false
			}
			lambda = math.Max(lambda, (math.Min(TG[a], h)+math.Min(TG[b], h))*h/K/c)
		}
	}
	// Each router's share of its group's capacity to every group it has
	// global links to: share[r] lists (group, share).
	type towards struct {
		group int32
		share float64
	}
	share := make([][]towards, nr)
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		ra, okA := s.routerIdx[l.A.Node]
		rb, okB := s.routerIdx[l.B.Node]
		if !okA || !okB || s.groupOf[ra] == s.groupOf[rb] {
			continue
		}
		for _, e := range [2][2]int32{{ra, rb}, {rb, ra}} {
			r, far := e[0], s.groupOf[e[1]]
			f := l.CapacityBPS / s.groupCap[int(s.groupOf[r])*ng+int(far)]
			k := len(share[r]) - 1
			for k >= 0 && share[r][k].group != far {
				k--
			}
			if k < 0 {
				share[r] = append(share[r], towards{group: far})
				k = len(share[r]) - 1
			}
			share[r][k].share += f
		}
	}
	o := make([]float64, nr)
	P := make([]float64, nr)
	for r, ts := range share {
		for _, t := range ts {
			o[r] += t.share / K
			P[r] += t.share * TG[t.group]
		}
	}
	byGroup := make([][]int32, ng)
	for i := range s.routers {
		byGroup[s.groupOf[i]] = append(byGroup[s.groupOf[i]], int32(i))
	}
	for x, rs := range byGroup {
		sz := len(rs)
		// Q[i*sz+j] for routers i, j of the group (by position in rs):
		// Σ_G T_G²·a_i(G)·a_j(G), over the groups both reach.
		Q := make([]float64, sz*sz)
		at := map[int32][]int{} // group → positions of the routers reaching it
		for i, r := range rs {
			for _, t := range share[r] {
				at[t.group] = append(at[t.group], i)
			}
		}
		shareOf := func(r, grp int32) float64 {
			for _, t := range share[r] {
				if t.group == grp {
					return t.share
				}
			}
			return 0
		}
		// In group order: a map's order would vary the sums' rounding
		// from run to run, and the output must not.
		groups := make([]int32, 0, len(at))
		for grp := range at {
			groups = append(groups, grp)
		}
		slices.Sort(groups)
		for _, grp := range groups {
			pos := at[grp]
			for _, i := range pos {
				for _, j := range pos {
					Q[i*sz+j] += TG[grp] * TG[grp] * shareOf(rs[i], grp) * shareOf(rs[j], grp)
				}
			}
		}
		for i, u := range rs {
			for j := i + 1; j < sz; j++ {
				v := rs[j]
				c := s.localCap[x][s.inGroup[u]*s.size[x]+s.inGroup[v]]
				if c == 0 {
					return 0, false
				}
				load := T[u]*T[v] + h*(T[u]*o[v]+T[v]*o[u]) + (P[u]*P[v]-Q[i*sz+j])/K
				lambda = math.Max(lambda, load/c)
			}
		}
	}
	if lambda == 0 {
		return 0, false
	}
	return float64(n/2) * float64((n+1)/2) / lambda, true
}
