package oversub

import (
	"math"
	"strings"

	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/analyzers/internal/unionfind"
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
//     which can take it: a hose matrix), so its ratio is at most 1/θ. A
//     direct network (a dragonfly, whose groups are linked directly) has
//     no hose bound; its uniform bound's θ (UniformTheta) bounds every
//     such set likewise;
//   - below: the certificate's smaller side is such a set, whose ratio
//     is its injection ÷ the cut's capacity.
//
// The units' own ratios are exact, so the interval is
// [max(worst unit, set found), max(worst unit, 1/θ)]. The fabric's end to
// end then covers every set of at most half the injection, not only the
// declared units: in trial 54's 40 leaves striped unevenly over 10 spines,
// every leaf 2:1, half the leaves and the spines they favour taper at
// 2.35:1. Where the bisection proves no θ out keeps basis "per_switch",
// its lower end raised to the cut's smaller side (witness). Where the fabric's switches
// fall into pieces joined only at the endpoints (planes), which the
// endpoint_port view sees apart, each piece is bounded on its own
// (planePieces) and the sets are those within one piece holding at most
// half of its injection; θ is then the least piece's. The search is the
// light one (bisection.Options.Light): its cut only has to witness a
// ratio.
func Bound(g *ir.Graph, f ir.FabricID, out *Fabric) { BoundWith(g, f, out, nil) }

// BoundWith is Bound reading the bisection known, a result over the
// fabric's endpoint ports (the Analyzer's own, where its view sees them
// as they are), instead of computing one: a second search would double a
// large dragonfly's check (dragonfly-545: 3.4 to 4.6 s).
func BoundWith(g *ir.Graph, f ir.FabricID, out *Fabric, known *bisection.Fabric) {
	if out.Basis != BasisPerSwitch || out.EndToEnd == nil {
		return
	}
	var b bisection.Fabric
	if known != nil {
		b = *known
	} else {
		b = bisection.Compute(g, f, bisection.Options{View: bisection.ViewPort, Light: true})
	}
	pieces := []bisection.Fabric{b}
	thetaOf := (*bisection.Fabric).HoseTheta
	how := "hose"
	same := sameInjection(out.scan.injection(nil), b)
	if theta, ok := b.HoseTheta(); !ok || theta == 0 || !same {
		if t, ok := b.UniformTheta(); ok && same && t > 0 {
			// A direct network (a dragonfly): the uniform multicommodity-
			// flow bound bounds every set as the hose bound does.
			thetaOf, how = (*bisection.Fabric).UniformTheta, "uniform multicommodity-flow"
		} else if pieces = planePieces(g, f, out.scan); pieces == nil {
			if same {
				witness(b, out)
			}
			return
		}
	}
	lo, hi, worst := *out.EndToEnd, *out.EndToEnd, out.WorstUnit
	theta := math.Inf(1)
	for _, b := range pieces {
		t, _ := thetaOf(&b)
		theta = min(theta, t)
		hi = max(hi, 1/t)
		if side, cut := b.SmallerSideBPS(), b.Certificate.CutBPS; side > 0 && cut > 0 && side/cut > lo*(1+1e-9) {
			lo = side / cut
			worst = &UnitRef{Kind: cutSet, Name: "the smaller side of the bisection's cut (endpoint_port view)"}
			if len(pieces) > 1 {
				worst.Name = "the smaller side of a plane's bisection cut (endpoint_port view)"
			}
		}
	}
	switch {
	case hi < lo*(1-1e-9):
		return // two proofs that disagree: a bug, never a narrowed interval
	case hi <= lo*(1+1e-9):
		hi = lo // float rounding of one value
	}
	out.Basis, out.EndToEnd, out.EndToEndLowerBound, out.EndToEndUpperBound = BasisSets, ptr(lo), ptr(lo), ptr(hi)
	out.WorstUnit, out.HoseTheta, out.ThetaBound, out.byPlane = worst, ptr(theta), how, len(pieces) > 1
	// The per-switch note said only the worst access switch is known; now
	// an upper bound is (oracle trial 57 read the two together).
	out.Note = setsNote(out.Note)
}

// witness raises a "per_switch" end to end to the ratio of the smaller
// side of bisection b's cut where that tapers more (a set of at most half
// the injection with the cut's capacity leaving it: a proven lower end),
// when no bound above is known; the upper end stays unknown.
func witness(b bisection.Fabric, out *Fabric) {
	side, cut := b.SmallerSideBPS(), b.Certificate.CutBPS
	if side <= 0 || cut <= 0 || side/cut <= *out.EndToEnd*(1+1e-9) {
		return
	}
	out.EndToEnd, out.EndToEndLowerBound = ptr(side/cut), ptr(side/cut)
	out.WorstUnit = &UnitRef{Kind: cutSet, Name: "the smaller side of the bisection's cut (endpoint_port view)"}
	out.Note = setsNote(out.Note)
}

// setsNote rewrites a note that said only the worst access switch is
// known, once a set of switches has been judged.
func setsNote(note string) string {
	if !strings.HasPrefix(note, noUnitNote) {
		return note
	}
	return "no unit above the access switches, so sets of switches decide it" + strings.TrimPrefix(note, noUnitNote+"; a set of switches can taper more")
}

// planePieces bisects each piece of fabric f on its own, where its
// switches fall into pieces joined only at the endpoints (the planes of a
// multi-plane fabric, which the endpoint_port view sees apart: a plane
// holds half the injection with nothing leaving it, so no θ is proven
// over the whole). A set is then judged within its piece, holding at
// most half of that piece's injection; each piece's hose bound bounds
// those sets as the whole fabric's does. A piece is the fabric less the
// other pieces' links (ir.Graph.Residual) with the endpoint ports cabled
// to it. nil when there are fewer than two
// pieces, an endpoint link has no switch end, or some piece has no θ.
func planePieces(g *ir.Graph, f ir.FabricID, s *scanned) []bisection.Fabric {
	uf := unionfind.New(len(s.switches))
	find := uf.Find
	for _, id := range s.ssLinks {
		l := g.Link(id)
		uf.Union(s.swIdx.Get(l.A.Node), s.swIdx.Get(l.B.Node))
	}
	piece := map[int32]int{}
	for i := range s.switches {
		if r := find(int32(i)); piece[r] == 0 {
			piece[r] = len(piece) + 1
		}
	}
	if len(piece) < 2 || len(piece) > maxPieces {
		return nil
	}
	pieceOf := func(id ir.LinkID) int {
		l := g.Link(id)
		for _, n := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			if i := s.swIdx.Get(n); i >= 0 {
				return piece[find(i)] - 1
			}
		}
		return -1
	}
	links := g.FabricLinks(f)
	byPiece := make([][]ir.LinkID, len(piece))
	for _, id := range links {
		p := pieceOf(id)
		if p < 0 {
			return nil
		}
		byPiece[p] = append(byPiece[p], id)
	}
	out := make([]bisection.Fabric, 0, len(piece))
	for p := range byPiece {
		var fail ir.Failure
		for q, ids := range byPiece {
			if q != p {
				fail.Links = append(fail.Links, ids...)
			}
		}
		r := g.Residual(fail)
		// The piece's own endpoint ports: one without a link here would
		// be a terminal injecting 0, and the balanced splits the search
		// tries count terminals, not injection.
		here := map[ir.Port]bool{}
		for _, id := range byPiece[p] {
			l := g.Link(id)
			here[ir.Port{Node: l.A.Node, Port: l.A.Port}], here[ir.Port{Node: l.B.Node, Port: l.B.Port}] = true, true
		}
		r.Fabrics[f].Endpoints = nil
		for _, e := range g.Fabrics[f].Endpoints {
			if here[ir.Port{Node: e.Node, Port: e.Port}] {
				r.Fabrics[f].Endpoints = append(r.Fabrics[f].Endpoints, e)
			}
		}
		b := bisection.Compute(r, f, bisection.Options{View: bisection.ViewPort, Light: true})
		inPiece := func(sw int32) bool { return piece[find(sw)]-1 == p }
		if t, ok := b.HoseTheta(); !ok || t == 0 || !sameInjection(s.injection(inPiece), b) {
			return nil
		}
		out = append(out, b)
	}
	return out
}

// maxPieces bounds the pieces planePieces bisects one by one (a bound on
// the work, not a modelling value: a multi-plane fabric has 2 to 8).
const maxPieces = 16

// injection returns the endpoints' injection on the links to the
// switches keep accepts (all of them for nil), bits per second.
func (s *scanned) injection(keep func(sw int32) bool) float64 {
	var inj float64
	for _, e := range s.epLinks {
		if keep == nil || keep(e.sw) {
			inj += s.g.Link(e.link).CapacityBPS
		}
	}
	return inj
}

// sameInjection reports whether the bisection's terminals inject inj in
// total, what the oversubscription's endpoints do, so that θ speaks of the
// same injection (the two views own the links of a node's unlisted ports
// differently).
func sameInjection(inj float64, b bisection.Fabric) bool {
	if b.Endpoints < 2 || inj == 0 {
		return false
	}
	return math.Abs(b.InjectionBPS()-inj) <= 1e-9*inj
}
