package bisection

import (
	"fmt"
	"math"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// Compute returns the bisection of fabric fid of g. It never fails: a
// fabric with fewer than two endpoints has bisection 0 (nothing to cut),
// and a disconnected one a bisection that may be 0.
//
// Steps: lower bounds first (hose for tiered fabrics, minimal routing for
// dragonflies); then structure-aligned candidate splits, on the graph
// with servers contracted when the fabric is built on servers (a cheap
// valid upper bound) and, unless a bound already meets it, on the full
// analysis graph; enumeration when at most ExactEndpoints endpoints;
// otherwise Fiduccia–Mattheyses refinement and the uniform
// multicommodity-flow bound.
func Compute(g *ir.Graph, fid ir.FabricID, opt Options) Fabric {
	if opt.View == "" {
		opt.View = ViewGPU
	}
	m := newModel(g, fid, opt.View)
	m.light = opt.Light
	n := len(m.terms)
	total := m.injection()
	r := Fabric{View: m.view, Endpoints: n, HalfInjectionBPS: halfInjection(total, n), LowerBoundMethod: "none", injectionBPS: total}
	levels := m.levels()
	if n < 2 {
		inA := make([]bool, n)
		if n == 1 {
			inA[0] = true
		}
		r.Method, r.LowerBoundMethod = MethodExact, "enumeration"
		r.Formula = "fewer than two endpoints: nothing to cut"
		r.Certificate = m.certificate(levels, inA, 0, 0)
		r.finish()
		return r
	}
	if !opt.NoFormula && m.fab.Family == ir.FamilyFatTree {
		if f, ok := m.fatTree(r, levels); ok {
			return f
		}
	}
	lb, lbHow := 0.0, "none"
	best := cut{value: math.Inf(1)}
	var full *agraph
	if len(opt.Splits) > 0 {
		full = m.build(modeFull)
		best = m.given(full, opt.Splits)
	}
	// A dragonfly or a torus has one tier of routers, each terminal its
	// own top: the hose bound cannot apply, so it is not attempted.
	hose := hoseBound{reason: "a direct network (dragonfly, torus) has no tier to route up to"}
	switch {
	case opt.Quick && best.g != nil && meets(opt.KnownLowerBPS, best.value):
		// A quick what-if whose residual bound meets the given split
		// skips the hose routing, its most expensive part on a large
		// fabric.
		hose = hoseBound{reason: "not computed in a quick evaluation"}
	case !m.direct():
		hose = m.hose()
	}
	if hose.ok && hose.bound > lb {
		lb, lbHow = hose.bound, hose.method()
	}
	// Zones joined by explicit links: each member's hose routing, joined
	// at the links' ends, proves what the joining links allow
	// (composite.go) without a search from every endpoint.
	compositeWhy := ""
	if m.fab.Composite() {
		b, why := m.compositeHose()
		if compositeWhy = why; why == "" && b > lb {
			lb, lbHow = b, "hose_composite"
		}
	}
	if opt.KnownLowerBPS > lb && opt.KnownLowerHow != "" {
		lb, lbHow = opt.KnownLowerBPS, opt.KnownLowerHow
	}
	minimal := false   // a direct network's bound under minimal routing applies
	directBound := 0.0 // a dragonfly's or torus's bound under minimal routing
	valiant := 0.0     // a dragonfly's bound on Valiant paths (valiantBound)
	var shape *dfShape
	if s, ok := m.dragonflyShape(); ok {
		shape = s
		if !opt.Quick {
			if v, ok := m.valiantBound(s); ok {
				valiant = v
			}
		}
		if d, ok := m.dragonflyBound(s); ok {
			minimal, directBound = true, d
			r.uniformTheta = m.uniformTheta(d)
			if d > lb {
				lb, lbHow = d, "uniform_multicommodity_flow"
			}
		}
		// The group-structure bound passes the uniform one where the
		// terminal links cap that (a balanced dragonfly); a quick run
		// whose bound already meets its given split needs neither.
		if !(opt.Quick && best.g != nil && meets(lb, best.value)) {
			if b, ok := s.groupBound(opt.Quick); ok && !meets(lb, b) {
				lb, lbHow = b, "dragonfly_group_structure"
			}
		}
	}
	torusWhy := "" // why a torus's compression bound was not computed
	if torus, ok := m.torusShape(); ok {
		minimal = true
		if b := torus.bound(); b > lb {
			lb, lbHow, directBound = b, "uniform_multicommodity_flow", b
		}
		if b, ok := torus.oddCubeBound(); ok && b > lb && !meets(lb, b) {
			lb, lbHow = b, "odd_torus_lindsey"
		}
		// An all-odd torus has no plane cut; the staircase of slabs is
		// the cut odd k-ary d-cubes' bound proves.
		if split, ok := m.oddTorusSplit(torus); ok {
			if full == nil {
				full = m.build(modeFull)
			}
			if c := m.given(full, [][]ir.NodeID{split}); c.value < best.value {
				best = c
			}
		}
		// The cut across the largest even dimension is the bisection the
		// bound proves wherever it is met; vertex moves need not find it.
		if split, ok := m.torusPlaneSplit(torus); ok {
			if full == nil {
				full = m.build(modeFull)
			}
			if c := m.given(full, [][]ir.NodeID{split}); c.value < best.value {
				best = c
			}
		}
		// Other tori (a longest side odd, sides of different odd
		// lengths): the compression bound and the cheapest segment of a
		// lexicographic order of the routers (torus_downset.go).
		if !meets(lb, best.value) {
			b, ok := torus.compressionBound()
			if ok && b > lb && !meets(lb, b) {
				lb, lbHow = b, "torus_compression"
			}
			if !ok {
				torusWhy = fmt.Sprintf("the torus compression bound was not computed: its dynamic programme over %s routers would pass its work budget (docs/analyzers.md, torus compression bound)", units.Count(torus.routers))
			}
			if full == nil {
				full = m.build(modeFull)
			}
			if c := m.given(full, [][]ir.NodeID{m.torusLexSplit(torus)}); c.value < best.value {
				best = c
			}
		}
	}
	// A fabric of at most ExactEndpoints endpoints is small enough to
	// search even in a quick run, which then ends exact instead of with
	// a lower bound of 0 where no bound applies (a custom fabric without
	// tiers).
	if opt.Quick && best.g != nil && (n > ExactEndpoints || meets(lb, best.value)) {
		// Where no other bound applies, the uniform bound if it is cheap:
		// a lower end of 0 tells a what-if nothing.
		if lb == 0 && !hose.ok && !minimal {
			if u, ok := m.uniformWithin(full, quickUniformBudget); ok && u > lb {
				lb, lbHow = u, "uniform_multicommodity_flow"
			}
		}
		return m.quick(r, levels, best, lb, lbHow)
	}
	if m.view == ViewGPU && m.hasGPUServers() && !meets(lb, best.value) {
		ca := m.build(modeContracted)
		if c := m.candidates(ca, m.orderings(levels, nil), lb); c.value < best.value {
			best = c
		}
	}
	// The knapsack bounds, each with its argmin split as a candidate:
	// where a server must be split (⌊n/2⌋ not a multiple of its GPUs)
	// the whole-server bound counts what the split costs (hose_whole.go);
	// where leaves are filled unevenly or ⌊n/2⌋ falls inside a leaf, the
	// whole-leaf bound the hosts a split leaf cuts off (hose_leaves.go);
	// where servers hang from several leaves (a rail group, a dual-ToR
	// segment), the server-cluster bound charges each leaf for the
	// servers on its far side (hose_clusters.go).
	gpuServers := m.view == ViewGPU && m.hasGPUServers()
	for _, kb := range []struct {
		method  string
		applies bool
		bound   func(*agraph, bool) (float64, cut, bool)
	}{
		{"hose_whole_servers", gpuServers, m.wholeServers},
		{"hose_whole_leaves", true, m.wholeLeaves},
		{"hose_server_clusters", gpuServers, m.serverClusters},
	} {
		if !kb.applies || meets(lb, best.value) || n <= ExactEndpoints {
			continue
		}
		if full == nil {
			full = m.build(modeFull)
		}
		if b, c, ok := kb.bound(full, false); ok {
			if b > lb && !meets(lb, b) {
				lb, lbHow = b, kb.method
			}
			if c.value < best.value {
				best = c
			}
		}
	}
	planeRouted := 0.0 // the plane-sum bound under up/down routing
	// Planes that meet only at the hosts: each plane's bound over the
	// same hosts, summed (planes.go).
	if !meets(lb, best.value) && n > ExactEndpoints && !opt.noPlaneSum && m.view == ViewGPU {
		if b, rb, ok := m.planeSum(opt); ok && b > lb && !meets(lb, b) {
			lb, lbHow, planeRouted = b, "plane_sum", rb
		}
	}
	enumerated, placed, placedHow := false, false, ""
	if !meets(lb, best.value) {
		if full == nil {
			full = m.build(modeFull)
		}
		if fb := m.candidates(full, m.orderings(levels, full), lb); fb.value < best.value {
			best = fb
		}
		// A few switches with the endpoints hanging from them: every
		// placement of the switches, the endpoints placed best for each,
		// is every cut that matters (placements.go).
		if !meets(lb, best.value) && n > ExactEndpoints {
			c, ok := m.placements(full)
			if !ok {
				c, ok = m.placementsByTops(full)
			}
			if ok {
				if c.value < best.value {
					best = c
				}
				lb, lbHow, placed, placedHow = math.Min(c.value, best.value), "placement_enumeration", true, c.how
			}
		}
		switch {
		case meets(lb, best.value):
		case n <= ExactEndpoints:
			best, enumerated = m.exact(full), true
			lb, lbHow = best.value, "enumeration"
		default:
			if best.g != full && !meets(lb, best.value) {
				if p, ok := m.project(best, full); ok {
					best = p
				}
			}
			if !meets(lb, best.value) {
				best = m.fm(full, best)
			}
			if !meets(lb, best.value) && full.fg.NumArcs() <= fmArcs {
				if ml := m.fm(full, m.multilevel(full)); ml.value < best.value-1e-12*best.value {
					best = ml
				}
			}
			// A dragonfly's cheapest cuts split whole groups by where
			// their routers' global links lead, which vertex moves
			// rarely find.
			if shape != nil && !meets(lb, best.value) {
				best = m.refineDragonfly(shape, full, best)
				best = m.concentratedSplit(shape, full, best)
			}
			// The generic uniform bound loses about half to
			// terminal-bound traffic, so it is only worth its cost where
			// neither the proportional hose bound nor the dragonfly's
			// applies (a rebalanced hose bound can be the weaker one).
			if !meets(lb, best.value) && (!hose.ok || hose.rebalanced) && !minimal {
				budget := float64(uniformBudget)
				if opt.UniformArcVisits > 0 {
					budget = opt.UniformArcVisits
				}
				if u, ok := m.uniformWithin(full, budget); ok {
					if u > lb {
						lb, lbHow = u, "uniform_multicommodity_flow"
					}
					if largestTerminalComponent(full) == n {
						r.uniformTheta = m.uniformTheta(u) // a dragonfly cabled by hand
					}
				}
			}
		}
	}
	ub := best.value
	r.BandwidthBPS, r.UpperBoundBPS = ub, ub
	switch {
	case enumerated:
		r.Method = MethodExact
		r.LowerBoundBPS = ub
		r.Formula = fmt.Sprintf("minimum over all %d balanced splits, each by max-flow", balancedSplits(n))
	case placed && meets(lb, ub):
		r.Method = MethodExact
		r.LowerBoundBPS = ub
		r.Formula = "minimum over " + placedHow + " (every balanced split is one of them)"
	case meets(lb, ub):
		r.LowerBoundBPS = ub
		if f, ok := m.formula(hose, lbHow, ub, best); ok {
			r.Method, r.Formula = MethodAnalytic, f
		} else {
			r.Method = MethodExact
			r.Formula = fmt.Sprintf("the %s lower bound meets the cut found (%s)", lbText(lbHow), best.how)
			if ub == 0 {
				r.Formula = fmt.Sprintf("a cut of capacity 0 (halves in %s): the fabric is not connected", best.how)
			}
		}
	default:
		r.Method = MethodBounded
		r.LowerBoundBPS = lb
	}
	r.LowerBoundMethod = lbHow
	if enumerated {
		r.LowerBoundMethod = "enumeration"
	}
	// A dragonfly never tries the hose bound (its bound is the minimal
	// routing's), so saying it does not apply would be noise there.
	if lbHow == "hose_rebalanced" {
		r.LowerBoundNote = fmt.Sprintf("proven by the rebalanced hose bound, θ = %s: under proportional up-routing the endpoints reach different top switches, so the traffic between every two groups of switches below the top tier (pods, or leaves) is routed over the top switches both reach by a max-flow, and θ is 1 ÷ the worst load met", ratioText(hose.theta))
	}
	if r.Method == MethodBounded && lbHow != "hose" && lbHow != "hose_rebalanced" && hose.reason != "" && !m.direct() {
		r.LowerBoundNote = "the hose bound does not apply: " + hose.reason
		if lbHow == "none" && !minimal {
			r.LowerBoundNote += "; the uniform multicommodity-flow bound was not computed (over its work budget, or not needed)"
		}
	}
	if r.Method == MethodBounded && torusWhy != "" {
		r.LowerBoundNote = torusWhy
	}
	if r.Method == MethodBounded && shape != nil && int(shape.ng) > arrangedGroups && (lbHow == "dragonfly_group_structure" || lbHow == "uniform_multicommodity_flow") {
		r.LowerBoundNote = fmt.Sprintf("the dragonfly's lower bounds read the global capacity between groups, not which groups each router's global links reach (the global arrangement), which they read only up to %d groups (here %s)", arrangedGroups, units.Count(int(shape.ng)))
	}
	if r.Method == MethodBounded && compositeWhy != "" && lbHow != "hose_composite" {
		r.LowerBoundNote = strings.TrimPrefix(r.LowerBoundNote+"; ", "; ") + "the composite hose bound does not apply: " + compositeWhy
	}
	r.finish()
	links, bps := best.g.cutLinks(best.vA)
	r.Certificate = m.certificate(levels, best.inA, links, bps)
	r.sideA = m.sideA(best.inA)
	r.cross = m.crossing(best.g, best.vA)
	if hose.ok {
		r.hoseTheta = hose.theta
	}
	r.smallerSideBPS = m.smallerSide(best.inA)
	r.Note = m.indivisibleNote(&r)
	r.indivisible = r.Note != ""
	if r.Note == "" {
		r.Note = m.mixedRateNote(&r, hose)
	}
	if r.Note == "" {
		r.Note = m.serverSplitNote(&r, best.inA)
	}
	if r.Note == "" {
		r.Note = m.portViewNote(&r, best.inA)
	}
	m.setRouted(&r, best, full, hose, directBound, minimal)
	if valiant > 0 {
		// No flow restricted to Valiant paths is computed: above, the
		// graph's cut, which bounds every routing.
		v := &Routed{Routing: "valiant", LowerBoundBPS: min(valiant, r.UpperBoundBPS), LowerBoundMethod: "valiant_split", UpperBoundBPS: r.UpperBoundBPS}
		v.LowerBoundRatio = ratio(v.LowerBoundBPS, r.HalfInjectionBPS)
		v.UpperBoundRatio = ratio(v.UpperBoundBPS, r.HalfInjectionBPS)
		r.RoutedValiant = v
	}
	if rt := r.Routed; rt != nil && rt.Routing == "up_down" && planeRouted > rt.LowerBoundBPS {
		rt.LowerBoundBPS, rt.LowerBoundMethod = min(planeRouted, rt.UpperBoundBPS), "plane_sum"
		rt.LowerBoundRatio = ratio(rt.LowerBoundBPS, r.HalfInjectionBPS)
	}
	return r
}

// uniformTheta is UniformTheta's θ for the uniform bound's balanced
// value b over every terminal: b ÷ (⌊n/2⌋·w) where every terminal injects
// w, else 0 (the argument needs k ≤ ⌊n/2⌋ terminals in a set of at most
// half the injection).
func (m *model) uniformTheta(b float64) float64 {
	n := len(m.terms)
	if n < 2 {
		return 0
	}
	w := m.terms[0].inj()
	for i := range m.terms {
		if m.terms[i].inj() != w {
			return 0
		}
	}
	if w <= 0 {
		return 0
	}
	return b / (float64(n/2) * w)
}

// smallerSide returns the injection of the side of split inA (one entry
// per terminal, true on side A) that injects less.
func (m *model) smallerSide(inA []bool) float64 {
	var side [2]float64
	for i, a := range inA {
		if a {
			side[0] += m.terms[i].inj()
		} else {
			side[1] += m.terms[i].inj()
		}
	}
	return min(side[0], side[1])
}

// given evaluates the caller's splits (Options.Splits) on a, keeping the
// least, each rebalanced over this model's terminals first.
func (m *model) given(a *agraph, splits [][]ir.NodeID) cut {
	best := cut{value: math.Inf(1)}
	n := len(m.terms)
	idx := make(map[ir.NodeID][]int32, n)
	for i, t := range m.terms {
		idx[t.node] = append(idx[t.node], int32(i))
	}
	for _, sp := range splits {
		inA := make([]bool, n)
		count := 0
		for _, node := range sp {
			for _, t := range idx[node] {
				if !inA[t] {
					inA[t] = true
					count++
				}
			}
		}
		// Rebalance a split made for other terminals (a what-if that
		// lost endpoints): move the last terminals across until the
		// sides differ by at most one. Any balanced split gives a valid
		// cut.
		for i := n - 1; i >= 0 && count > (n+1)/2; i-- {
			if inA[i] {
				inA[i] = false
				count--
			}
		}
		for i := n - 1; i >= 0 && count < n/2; i-- {
			if !inA[i] {
				inA[i] = true
				count++
			}
		}
		if count == 0 || count == n {
			continue
		}
		if c, ok := m.evaluate(a, inA, "the given split"); ok && c.value < best.value {
			best = c
		}
	}
	return best
}

// quick finishes a result of Options.Quick: the bounds already proven
// against the given splits' best cut, without search.
func (m *model) quick(r Fabric, levels []level, best cut, lb float64, lbHow string) Fabric {
	ub := best.value
	r.BandwidthBPS, r.UpperBoundBPS, r.LowerBoundMethod = ub, ub, lbHow
	if meets(lb, ub) {
		r.Method, r.LowerBoundBPS = MethodExact, ub
		r.Formula = fmt.Sprintf("the %s lower bound meets the cut of the given split", lbText(lbHow))
	} else {
		r.Method, r.LowerBoundBPS = MethodBounded, lb
	}
	r.finish()
	links, bps := best.g.cutLinks(best.vA)
	r.Certificate = m.certificate(levels, best.inA, links, bps)
	r.sideA = m.sideA(best.inA)
	r.cross = m.crossing(best.g, best.vA)
	r.smallerSideBPS = m.smallerSide(best.inA)
	return r // no Routed: a quick result skips the routed flow as well
}

// sideA lists the terminal nodes a split puts on side A.
func (m *model) sideA(inA []bool) []ir.NodeID {
	var out []ir.NodeID
	for i, in := range inA {
		if in && (len(out) == 0 || out[len(out)-1] != m.terms[i].node) {
			out = append(out, m.terms[i].node)
		}
	}
	return out
}

// hasGPUServers reports whether some terminal is a GPU of a server, so
// that contracting servers changes the graph.
func (m *model) hasGPUServers() bool {
	for s := range m.servers {
		if len(m.srvGPUs[s]) > 1 {
			return true
		}
	}
	return false
}

// balancedSplits is the number of unordered balanced splits of n: side
// A holds terminal 0 and ⌊n/2⌋-1 (or, n odd, ⌊n/2⌋) of the others.
func balancedSplits(n int) int {
	c := binom(n-1, n/2-1)
	if n%2 == 1 {
		c += binom(n-1, n/2)
	}
	return c
}

func binom(n, k int) int {
	c := 1
	for i := 0; i < k; i++ {
		c = c * (n - i) / (i + 1)
	}
	return c
}

func lbText(how string) string {
	switch how {
	case "hose":
		return "hose"
	case "hose_rebalanced":
		return "rebalanced hose"
	case "hose_whole_servers":
		return "whole-server hose"
	case "hose_whole_leaves":
		return "whole-leaf hose"
	case "hose_server_clusters":
		return "server-cluster hose"
	case "plane_sum":
		return "plane-sum"
	case "hose_composite":
		return "composite hose"
	case "uniform_multicommodity_flow":
		return "uniform multicommodity-flow"
	case "dragonfly_group_structure":
		return "dragonfly group-structure"
	case "valiant_split":
		return "Valiant split-demand"
	case "residual":
		return "residual (intact bound less what the failure can take from a cut)"
	case "placement_enumeration":
		return "switch-placement enumeration"
	case "odd_torus_lindsey":
		return "odd-torus (Lindsey)"
	case "torus_compression":
		return "torus compression"
	}
	return how
}

// halfInjection is the denominator of the bisection ratio: half the total
// injection for an even number of endpoints (docs/reference/design-brief.md), and for an odd
// number the injection of ⌊n/2⌋ average endpoints, total × ⌊n/2⌋ / n —
// the smaller side of an odd split injects that much on average, so a
// non-blocking fabric of 63 hosts has ratio 1 rather than 31/31.5. With
// equal rates it is exactly the smaller side's injection.
func halfInjection(total float64, n int) float64 {
	if n < 2 || n%2 == 0 {
		return total / 2
	}
	return total * float64(n/2) / float64(n)
}

// finish derives the ratios and the gap from the bounds.
func (r *Fabric) finish() {
	r.Ratio = ratio(r.BandwidthBPS, r.HalfInjectionBPS)
	r.LowerBoundRatio = ratio(r.LowerBoundBPS, r.HalfInjectionBPS)
	r.UpperBoundRatio = ratio(r.UpperBoundBPS, r.HalfInjectionBPS)
	r.Gap = nil
	switch {
	case r.Method != MethodBounded:
		one := 1.0
		r.Gap = &one
	case r.LowerBoundBPS > 0:
		g := r.UpperBoundBPS / r.LowerBoundBPS
		r.Gap = &g
	}
}
