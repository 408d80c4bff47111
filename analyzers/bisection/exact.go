package bisection

import (
	"math"
	"math/bits"

	"github.com/topoc/topoc/analyzers/internal/maxflow"
)

// exact enumerates every balanced split of the terminals on the full
// analysis graph, with terminal 0 on side A (a split and its mirror have
// the same cut), evaluates each by max-flow, and returns the least cut:
// C(17,8) = 24,310 max-flows at 18 terminals. Ties keep the first split in
// enumeration order, so the certificate is deterministic.
func (m *model) exact(a *agraph) cut {
	n := len(m.terms)
	best := cut{value: math.Inf(1)}
	inA := make([]bool, n)
	var side []maxflow.Side
	lo, hi := n/2, (n+1)/2
	for mask := uint32(0); mask < 1<<(n-1); mask++ {
		size := 1 + bits.OnesCount32(mask)
		if size != lo && size != hi {
			continue
		}
		inA[0] = true
		for i := 1; i < n; i++ {
			inA[i] = mask&(1<<(i-1)) != 0
		}
		var ok bool
		side, ok = a.sides(inA, side)
		if !ok {
			continue
		}
		if f := a.fg.MaxFlow(side); f < best.value-1e-12*math.Max(1, f) {
			best = cut{value: f, inA: append([]bool(nil), inA...), vA: a.fg.SourceSide(nil), g: a, how: "enumeration"}
		}
	}
	return best
}

// cut is a bisection candidate: its per-direction capacity, the terminal
// split, and the side of every vertex of the graph it was evaluated on.
type cut struct {
	value float64
	inA   []bool // per terminal
	vA    []bool // per vertex of g
	g     *agraph
	how   string // how it was found, for the formula text
}
