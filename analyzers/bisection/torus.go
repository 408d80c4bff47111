package bisection

import (
	"fmt"
	"math"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// direct reports a direct network, whose terminals hang off routers that
// also carry transit traffic in one tier (dragonfly, torus): up/down
// routing and the hose bound do not apply.
func (m *model) direct() bool {
	return m.fab.Family == ir.FamilyDragonfly || m.fab.Family == ir.FamilyTorus
}

// torusShape is a torus or mesh fabric whose structure the closed forms
// below need, checked on the IR: every router–router link at one rate,
// every router with the same terminals at one rate, and the link counts
// of the family's construction.
type torusShape struct {
	dims      []int
	wrap      bool
	p         int     // terminals per router
	routers   int     // ∏ dims
	linkBPS   float64 // router–router, per direction
	termBPS   float64 // router–terminal, per direction
	terminals int     // p · routers
}

// torusShape returns the fabric's shape when it is a torus (or mesh) as
// built, with uniform rates; false for any other family, or when a
// failure, an edit or a mixed rate breaks a precondition. Computed once
// per model (the bound and the formula both read it).
func (m *model) torusShape() (torusShape, bool) {
	if m.torus == nil {
		s, ok := m.scanTorus()
		m.torus = &torusMemo{s, ok}
	}
	return m.torus.shape, m.torus.ok
}

// torusMemo is a model's torus shape, once scanned.
type torusMemo struct {
	shape torusShape
	ok    bool
}

// scanTorus checks the preconditions of torusShape on the IR: one pass
// over the fabric's links.
func (m *model) scanTorus() (torusShape, bool) {
	f := m.fab
	if f.Family != ir.FamilyTorus {
		return torusShape{}, false
	}
	d, ok1 := f.Param("dims")
	p, ok2 := f.Param("p")
	w, ok3 := f.Param("wrap")
	if !ok1 || !ok2 || !ok3 || d < 1 || p < 1 {
		return torusShape{}, false
	}
	s := torusShape{wrap: w == 1, p: int(p), routers: 1}
	for i := range int(d) {
		k, ok := f.Param(fmt.Sprintf("k%d", i))
		if !ok || k < 2 {
			return torusShape{}, false
		}
		s.dims = append(s.dims, int(k))
		s.routers *= int(k)
	}
	s.terminals = s.routers * s.p
	var torusLinks, termLinks int
	perRouter := map[ir.NodeID]int{}
	for _, id := range m.fabricLinks {
		l := m.g.Link(id)
		switch l.Kind {
		case ir.LinkTorus:
			if torusLinks > 0 && l.CapacityBPS != s.linkBPS || l.CapacityBPS <= 0 {
				return torusShape{}, false
			}
			s.linkBPS = l.CapacityBPS
			torusLinks++
		case ir.LinkTerminal:
			if termLinks > 0 && l.CapacityBPS != s.termBPS || l.CapacityBPS <= 0 {
				return torusShape{}, false
			}
			s.termBPS = l.CapacityBPS
			termLinks++
			perRouter[l.B.Node]++
		default:
			return torusShape{}, false
		}
	}
	// The construction's link count (gen.Torus.Links; analyzers may not
	// import the generators): k per ring with wrap-around (k ≥ 3), else
	// k − 1.
	want := 0
	for _, k := range s.dims {
		ring := k - 1
		if s.wrap && k > 2 {
			ring = k
		}
		want += s.routers / k * ring
	}
	if torusLinks != want || termLinks != s.terminals || len(perRouter) != s.routers || len(m.terms) != s.terminals || s.terminals < 2 {
		return torusShape{}, false
	}
	for _, c := range perRouter {
		if c != s.p {
			return torusShape{}, false
		}
	}
	return s, true
}

// channelLoad returns the most traffic, per direction, on a link along a
// dimension of k routers, when every router injects 1 spread uniformly
// over all routers and packets follow dimension-order routing, splitting
// the two ways round a ring evenly where they are equally short. Along
// one dimension each ring then carries the traffic of a ring whose every
// router sends 1/k to each router of the ring (Dally and Towles 2004,
// §3.3.1): a torus ring of even k loads each link k/8, of odd k
// (k²−1)/(8k); a mesh line (or a ring of 2, one link) loads its middle
// link k/4, or (k²−1)/(4k) for odd k.
func channelLoad(k int, wrap bool) float64 {
	kk := float64(k)
	odd := k%2 == 1
	switch {
	case wrap && k > 2 && !odd:
		return kk / 8
	case wrap && k > 2:
		return (kk*kk - 1) / (8 * kk)
	case !odd:
		return kk / 4
	}
	return (kk*kk - 1) / (4 * kk)
}

// bound returns a lower bound on the bisection, bits per second per
// direction, proven as follows. A balanced split puts ⌊M/2⌋ or ⌈M/2⌉ of
// the M terminals on side A; let x of the N routers be on side A too.
// The terminal links that cross then number at least |p·x − M/2| (each
// terminal on the other side from its router crosses), and the
// router–router links that cross at least x(N−x)/(N·L): let every router
// send 1 spread evenly over all N routers, routed in dimension order, so
// that a link carries at most L = max over dimensions of channelLoad;
// scaled by the link rate c ÷ L the flow fits, and x(N−x)/N · c/L of it
// must cross (the uniform multicommodity-flow bound, Leighton and Rao,
// J. ACM 1999, over the routers). So every balanced split costs at least
// min over x of terminal rate · p·|x − M/(2p)| + c · x(N−x)/(N·L), which
// this returns. For a torus whose largest dimension k is even, the
// minimum is at x = N/2, 2·N/k links (Dally and Towles 2004, §3.3:
// 2kⁿ⁻¹ for a k-ary n-cube), met by the cut across that dimension,
// unless the terminals are slow enough to be cut instead.
func (s torusShape) bound() float64 {
	worst := 0.0
	for _, k := range s.dims {
		worst = max(worst, channelLoad(k, s.wrap))
	}
	n := float64(s.routers)
	best := math.Inf(1)
	for x := 0; x <= s.routers; x++ {
		fx := float64(x)
		best = min(best, s.termBPS*s.mismatch(x)+s.linkBPS*fx*(n-fx)/(n*worst))
	}
	return best
}

// planeCut returns the links and capacity of the cheapest cut across one
// dimension between its two halves, for the largest even dimension (the
// last of several, whose halves are runs of router order): in a torus
// 2·routers/k links (each ring cut twice), in a mesh (or a ring of 2)
// routers/k. False when no dimension is even (no plane splits the
// routers evenly).
func (s torusShape) planeCut() (links int, bps float64, k int, ok bool) {
	k, _ = s.planeDim()
	if k == 0 {
		return 0, 0, 0, false
	}
	links = s.routers / k
	if s.wrap && k > 2 {
		links *= 2
	}
	return links, float64(links) * s.linkBPS, k, true
}

// planeDim returns the largest even dimension, the last of several, and
// its index; k 0 when none is even.
func (s torusShape) planeDim() (k, at int) {
	for i, d := range s.dims {
		if d%2 == 0 && d >= k {
			k, at = d, i
		}
	}
	return k, at
}

// torusPlaneSplit returns the terminals of the routers in the lower half
// of the largest even dimension (the last such), one side of the plane
// cut; false when no dimension is even. Terminals are the fabric's
// endpoints in router order, dimension 0 fastest (gen.BuildTorus).
func (m *model) torusPlaneSplit(s torusShape) ([]ir.NodeID, bool) {
	k, at := s.planeDim()
	if k == 0 {
		return nil, false
	}
	stride := 1
	for _, d := range s.dims[:at] {
		stride *= d
	}
	var out []ir.NodeID
	for i, t := range m.terms {
		if (i/s.p/stride)%k < k/2 {
			out = append(out, t.node)
		}
	}
	return out, true
}

// formula names the closed form a torus bisection follows when the
// bound meets the plane cut.
func (s torusShape) formula(v float64) (string, bool) {
	links, bps, k, ok := s.planeCut()
	if !ok || !meets(s.bound(), bps) || !meets(v, bps) || !meets(bps, v) {
		return "", false
	}
	how := "2 × routers ÷ k"
	if !s.wrap || k == 2 {
		how = "routers ÷ k"
	}
	return fmt.Sprintf("%s = %d links × %s across the largest even dimension (k = %d; Dally and Towles 2004, §3.3), proven by the uniform multicommodity-flow bound under dimension-order routing", how, links, units.Rate(s.linkBPS), k), true
}
