package bisection

import (
	"math"
	"slices"
	"sort"
)

// The whole-leaf hose bound (LowerBoundMethod "hose_whole_leaves").
//
// The hose bound (hose.go) proves every balanced split carries θ × the
// injection of its smaller side, θ set by the worst leaf's uplinks. Where
// the leaves are filled unevenly (a 72-host Clos on leaves of 40 and 32)
// or ⌊n/2⌋ falls inside a leaf, no split reaches that: the fuller leaf
// cannot put all its hosts on one side, and a leaf split between the
// sides pays for the hosts on its other side. This bound counts that,
// the whole-server bound's argument (hose_whole.go) one level up: the
// leaves are the items, their hosts what a split cuts inside them.
//
// The argument. Take any split A|B of the terminals and its cut, every
// vertex of the fabric on a side. Each terminal hangs from exactly one
// switch, its leaf. The terminals' links and the links between switches
// are disjoint sets of the cut's links (any other link only adds to it).
//
//   - Upper part. Let A' be the leaves on side A, B' the rest, and U(l)
//     the capacity of leaf l's uplinks. Route from the leaves up the
//     tiers in proportion to capacity, each leaf a source of weight U;
//     when all of them reach the top switches with the same
//     distribution, any matrix in which leaf l sends and receives at most
//     θ·U(l) fits, θ the least capacity ÷ up-load over the links above
//     the leaves (Duffield et al., SIGCOMM 1999). D(s,t) =
//     θ·U(s)·U(t)/U(B') is such a matrix when U(A') ≤ U(B') and sends
//     θ·U(A') across over links between switches only, so that part of
//     the cut is at least θ·min(U(A'), U(B')).
//   - Leaf part. A leaf on side A with a of its d terminals on A cuts the
//     links of its d − a terminals on B, at least the d − a least of its
//     terminals' capacities; on side B, the a least.
//
// So the cut is at least min over the side X ∈ {A, B} charged of Σ over
// leaves of min(leaf on A: S(d − a) + θ·U·[X = A], leaf on B: S(a) +
// θ·U·[X = B]), S(k) the sum of the leaf's k least terminal capacities.
// The least total with exactly |A| terminals on A is a knapsack over the
// leaves, solved exactly by dynamic programming over the terminal count;
// the bound is its least over X and over |A| ∈ {⌊n/2⌋, ⌈n/2⌉}. Its argmin
// is a split, evaluated by max-flow as a candidate: where it meets the
// bound the bisection is exact.
//
// Under up*/down* routing (routed.go's layering: a climbing and a
// descending copy of every vertex, a free turn from the one to the other)
// the same bound holds. The hose routing is valley-free, so the upper
// part holds in the layering as in the graph. A leaf's copies take the
// two states above or a third: climbing copy off side A, descending copy
// on it, which carries nothing between the sides and cuts every link of
// its terminals (the A ones' climbing arcs, the B ones' descending arcs),
// charged on neither side. For the side X charged, the leaf wholly on the
// other side costs no more (only its terminals on that side's far side,
// and no charge), so the third state never lowers the knapsack.
//
// Preconditions (else no bound): a tiered fabric; every terminal a vertex
// of its own in the fabric graph (hosts, or NIC ports in the port view:
// not the GPUs of servers, whose NICs may hang from several leaves), all
// of whose links reach one switch of the fabric (or none: a cut-off
// host, free on either side); the leaves reaching the top switches with
// the same distribution, or linking up only to top switches, each pair
// sharing one (leafPairTheta); the knapsack within wholeServerWork.

// wholeLeaves returns the whole-leaf hose bound (bits per second per
// direction) and the cut of its argmin split evaluated on full; ok is
// false where a precondition fails. With routed set it returns the bound
// under up*/down* routing instead, with no split.
func (m *model) wholeLeaves(full *agraph, routed bool) (bound float64, best cut, ok bool) {
	n := len(m.terms)
	if n < 2 || m.direct() {
		return 0, cut{}, false
	}
	lo, hi := n/2, (n+1)/2
	if (n+1)*(hi+1) > wholeServerWork {
		return 0, cut{}, false
	}
	fa := m.build(modeFabric)
	rank, why := m.tierRanks(fa)
	if why != "" {
		return 0, cut{}, false
	}
	leaves, ok := m.leafItems(fa, rank)
	if !ok || (n+len(leaves))*(hi+1) > wholeServerWork { // the knapsack's steps
		return 0, cut{}, false
	}
	upCap := upCaps(fa, rank)
	inflow := make([]float64, len(fa.vnode))
	sources := make([][]att2, len(leaves))
	for i, l := range leaves {
		if l.v >= 0 {
			inflow[l.v] = upCap[l.v]
			sources[i] = []att2{{l.v, 1}}
		}
	}
	skip := func(i int) bool { return leaves[i].v < 0 || upCap[leaves[i].v] == 0 }
	name := func(i int) string { return m.g.Nodes[fa.vnode[leaves[i].v]].Name }
	var theta float64
	if m.sameTops(fa, rank, upCap, sourceLists(sources), skip, name) == "" {
		theta = upTheta(fa, rank, upCap, inflow)
	} else if theta, ok = leafPairTheta(fa, rank, upCap, leaves); !ok {
		return 0, cut{}, false
	}
	if math.IsInf(theta, 1) || theta <= 0 {
		return 0, cut{}, false
	}
	bound = math.Inf(1)
	var bestPick [][]leafPick
	bestSize, bestX := 0, -1
	for x := range 2 {
		dp, pick := leafKnapsack(leaves, upCap, theta, x, hi)
		for _, size := range []int{lo, hi} {
			if dp[size] < bound {
				bound, bestSize, bestX, bestPick = dp[size], size, x, pick
			}
		}
	}
	if bestX < 0 || math.IsInf(bound, 1) {
		return 0, cut{}, false
	}
	if routed {
		return bound, cut{value: math.Inf(1)}, true
	}
	// The argmin, leaves from the last back: a leaf on A keeps its most
	// expensive terminals with it, one on B lets its cheapest go to A.
	inA := make([]bool, n)
	size := bestSize
	for i := len(leaves) - 1; i >= 0; i-- {
		p := bestPick[i][size]
		size -= int(p.a)
		ts := leaves[i].terms
		if p.onA {
			for _, t := range ts[len(ts)-int(p.a):] {
				inA[t] = true
			}
		} else {
			for _, t := range ts[:p.a] {
				inA[t] = true
			}
		}
	}
	best, ok = m.evaluate(full, inA, "the whole-leaf hose bound's least split")
	if !ok {
		best = cut{value: math.Inf(1)}
	}
	return bound, best, true
}

// leafPairBudget caps leafPairTheta's work, in pairs of leaves × the
// top switches each reaches (about a tenth of a second). A budget, not a
// modelling value.
const leafPairBudget = 20_000_000

// leafPairTheta is θ for the upper part where the leaves reach the top
// switches with different distributions (a leaf-spine striped unevenly,
// 21 uplinks over 8 spines), when every leaf links up only to top
// switches: the rebalanced routing of hose_balance.go with each leaf a
// group of its own. Traffic from leaf g to leaf h crosses the tops both
// reach, at most λ·c_g(t)/U_g through top t on g's side and λ·c_h(t)/U_h
// on h's (c the leaf's capacity to t, U its uplinks), so a unit flows
// at λ_gh = 1 ÷ Σ_t min(c_g(t)/U_g, c_h(t)/U_h); every link above the
// leaves then carries at most λ × its capacity with λ the largest λ_gh
// (a leaf's traffic to the other side is a convex combination over the
// leaves there), and θ = 1/λ. ok is false when two leaves share no top,
// a leaf links up to a switch that is not a top, or the work passes
// leafPairBudget.
func leafPairTheta(fa *agraph, rank []int32, upCap []float64, leaves []leafItem) (float64, bool) {
	fg := fa.fg
	type share struct {
		top int32
		f   float64 // the leaf's capacity to top ÷ its uplinks
	}
	var shares [][]share
	work := 0
	for _, l := range leaves {
		if l.v < 0 || upCap[l.v] == 0 {
			continue
		}
		byTop := map[int32]float64{}
		lo, hi := fg.Arcs(l.v)
		for x := lo; x < hi; x++ {
			w := fg.Head(x)
			switch {
			case rank[w] <= rank[l.v]:
				// a host, or a link in the leaf's own tier: not climbed
			case upCap[w] > 0:
				return 0, false // not two tiers: the leaf climbs to a switch with uplinks of its own
			default:
				byTop[w] += fg.Capacity(x) / upCap[l.v]
			}
		}
		sh := make([]share, 0, len(byTop))
		for t, f := range byTop {
			sh = append(sh, share{t, f})
		}
		sort.Slice(sh, func(i, j int) bool { return sh[i].top < sh[j].top })
		shares = append(shares, sh)
		work += len(sh)
	}
	if work*len(shares) > leafPairBudget {
		return 0, false
	}
	lambda := 1.0 // a leaf's own uplinks carry its injection
	for a := range shares {
		for b := a + 1; b < len(shares); b++ {
			f := 0.0
			for i, j := 0, 0; i < len(shares[a]) && j < len(shares[b]); {
				switch x, y := shares[a][i], shares[b][j]; {
				case x.top < y.top:
					i++
				case x.top > y.top:
					j++
				default:
					f += min(x.f, y.f)
					i, j = i+1, j+1
				}
			}
			if f == 0 {
				return 0, false
			}
			lambda = max(lambda, 1/f)
		}
	}
	return 1 / lambda, true
}

// leafItem is one leaf of the whole-leaf bound: its vertex in the fabric
// graph, its terminals in ascending order of their capacity to it, and
// prefix[k] the sum of the k least of those capacities. The terminals
// with no link at all (a what-if's hosts whose leaf failed) form one item
// of their own, v = -1, all of whose placements cost nothing.
type leafItem struct {
	v      int32
	terms  []int32
	prefix []float64
}

// leafItems returns the leaves under the terminals, in order of their
// first terminal, and the item of the terminals without links; ok is
// false where a terminal is not a vertex of its own, links to two
// vertices, or hangs from a vertex that is not a switch of the fabric.
func (m *model) leafItems(fa *agraph, rank []int32) ([]leafItem, bool) {
	fg := fa.fg
	leafOf := make([]int32, len(fa.vnode)) // vertex → leaf index + 1
	isolated := int32(-1)                  // the item of terminals without links
	capOf := make([]float64, len(m.terms))
	var leaves []leafItem
	for i := range m.terms {
		v := fa.tv[i]
		if v < 0 || fa.weight[v] != 1 || rank[v] >= 0 {
			return nil, false
		}
		head := int32(-1)
		lo, hi := fg.Arcs(v)
		for a := lo; a < hi; a++ {
			h := fg.Head(a)
			if head >= 0 && h != head {
				return nil, false
			}
			head = h
			capOf[i] += fg.Capacity(a)
		}
		if head < 0 { // cut off: free on either side
			if isolated < 0 {
				leaves = append(leaves, leafItem{v: -1})
				isolated = int32(len(leaves) - 1)
			}
			leaves[isolated].terms = append(leaves[isolated].terms, int32(i))
			continue
		}
		if rank[head] < 0 {
			return nil, false
		}
		if leafOf[head] == 0 {
			leaves = append(leaves, leafItem{v: head})
			leafOf[head] = int32(len(leaves))
		}
		l := &leaves[leafOf[head]-1]
		l.terms = append(l.terms, int32(i))
	}
	for k := range leaves {
		l := &leaves[k]
		slices.SortStableFunc(l.terms, func(x, y int32) int {
			switch {
			case capOf[x] < capOf[y]:
				return -1
			case capOf[x] > capOf[y]:
				return 1
			}
			return 0
		})
		l.prefix = make([]float64, len(l.terms)+1)
		for j, t := range l.terms {
			l.prefix[j+1] = l.prefix[j] + capOf[t]
		}
	}
	return leaves, true
}

// leafPick is the knapsack's choice for one leaf: a of its terminals on
// side A, and whether the leaf itself is on A.
type leafPick struct {
	a   int32
	onA bool
}

// leafKnapsack returns, for side x charged (0: A, 1: B), the least cost
// of each count of terminals on A up to hi over the leaves, and each
// leaf's choice per running count for the argmin.
func leafKnapsack(leaves []leafItem, upCap []float64, theta float64, x, hi int) ([]float64, [][]leafPick) {
	inf := math.Inf(1)
	dp := make([]float64, hi+1)
	next := make([]float64, hi+1)
	for s := range dp {
		dp[s] = inf
	}
	dp[0] = 0
	pick := make([][]leafPick, len(leaves))
	for i, l := range leaves {
		d := len(l.terms)
		charge := 0.0
		if l.v >= 0 {
			charge = theta * upCap[l.v]
		}
		chA, chB := 0.0, charge // the leaf's charge on side A, on side B
		if x == 0 {
			chA, chB = charge, 0
		}
		p := make([]leafPick, hi+1)
		for s := range next {
			next[s] = inf
			for a := 0; a <= d && a <= s; a++ {
				if math.IsInf(dp[s-a], 1) {
					continue
				}
				onA := l.prefix[d-a] + chA
				onB := l.prefix[a] + chB
				if v := dp[s-a] + min(onA, onB); v < next[s] {
					next[s], p[s] = v, leafPick{a: int32(a), onA: onA < onB}
				}
			}
		}
		pick[i] = p
		dp, next = next, dp
	}
	return dp, pick
}
