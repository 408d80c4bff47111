package oversub

import (
	"math"
	"strings"

	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/compiler/ir"
)

// BasisSets is the Basis of an end to end that Bound narrowed: the worst
// ratio over the fabric's units and over every set of the fabric's nodes
// that holds at most half the endpoints' injection, known as the proven
// interval [EndToEndLowerBound, EndToEndUpperBound] (one value when the
// ends meet). EndToEnd is the lower end, the worst unit or set found.
const BasisSets = "sets"

// cutSet is the UnitRef.Kind of the set Bound found: the side of the
// bisection's cut that injects less.
const cutSet = "cut"

// Bound narrows a "per_switch" end to end, whose upper bound is otherwise
// unknown (a partial mesh, a fabric with no unit above its access
// switches), to a proven interval. It bisects fabric f in the
// endpoint_port view, whose graph is the oversubscription's own (the
// fabric's links, each listed endpoint port injecting the capacity of its
// links), and reads two facts from the result:
//
//   - above: the hose bound's θ (bisection.Fabric.HoseTheta). Every set U
//     of the fabric's nodes holding at most half the injection has at
//     least θ·inj(U) leaving it (send all of U's injection to the rest,
//     which can take it: a hose matrix), so its ratio is at most 1/θ;
//   - below: the certificate's smaller side is such a set, whose ratio
//     is its injection ÷ the cut's capacity.
//
// The units' own ratios are exact, so the interval is
// [max(worst unit, set found), max(worst unit, 1/θ)]. The fabric's end to
// end then covers every set of at most half the injection, not only the
// declared units: in trial 54's 40 leaves striped unevenly over 10 spines,
// every leaf 2:1, half the leaves and the spines they favour taper at
// 2.35:1. Where the bisection proves no θ (a fabric without tiers to
// route up) out keeps basis "per_switch". The search is the light one
// (bisection.Options.Light): its cut only has to witness a ratio.
func Bound(g *ir.Graph, f ir.FabricID, out *Fabric) {
	if out.Basis != BasisPerSwitch || out.EndToEnd == nil {
		return
	}
	b := bisection.Compute(g, f, bisection.Options{View: bisection.ViewPort, Light: true})
	theta, ok := b.HoseTheta()
	if !ok || !sameInjection(out, b) {
		return
	}
	lo, hi, worst := *out.EndToEnd, max(*out.EndToEnd, 1/theta), out.WorstUnit
	if side, cut := b.SmallerSideBPS(), b.Certificate.CutBPS; side > 0 && cut > 0 && side/cut > lo*(1+1e-9) {
		lo = side / cut
		worst = &UnitRef{Kind: cutSet, Name: "the smaller side of the bisection's cut (endpoint_port view)"}
	}
	switch {
	case hi < lo*(1-1e-9):
		return // two proofs that disagree: a bug, never a narrowed interval
	case hi <= lo*(1+1e-9):
		hi = lo // float rounding of one value
	}
	out.Basis, out.EndToEnd, out.EndToEndLowerBound, out.EndToEndUpperBound = BasisSets, ptr(lo), ptr(lo), ptr(hi)
	out.WorstUnit, out.HoseTheta = worst, ptr(theta)
	if strings.HasPrefix(out.Note, noUnitNote) {
		// The per-switch note said only the worst access switch is known;
		// now an upper bound is (oracle trial 57 read the two together).
		out.Note = "no unit above the access switches, so sets of switches decide it" + strings.TrimPrefix(out.Note, noUnitNote+"; a set of switches can taper more")
	}
}

// sameInjection reports whether the bisection's terminals inject what the
// oversubscription's endpoints do, in total, so that θ speaks of the same
// injection (the two views own the links of a node's unlisted ports
// differently).
func sameInjection(out *Fabric, b bisection.Fabric) bool {
	var inj float64
	for _, e := range out.scan.eps {
		inj += e.injection
	}
	if b.Endpoints < 2 || inj == 0 {
		return false
	}
	n := float64(b.Endpoints)
	total := b.HalfInjectionBPS * n / math.Floor(n/2) // bisection.halfInjection inverted
	return math.Abs(total-inj) <= 1e-9*inj
}
