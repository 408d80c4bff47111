package bisection

import (
	"math"
	"slices"

	"github.com/topoc/topoc/analyzers/internal/maxflow"
)

// Size limits of the search, in arcs (two per link). Above maxFlowArcs a
// candidate split is evaluated by a greedy placement of the switches
// (still a valid cut, so still an upper bound) instead of max-flow; above
// fmArcs the Fiduccia–Mattheyses refinement is skipped. Measured on 2
// cores: max-flow on 4M arcs takes about a second.
const (
	maxFlowArcs = 4_000_000
	fmArcs      = 2_000_000
	fmPasses    = 6
	fmRounds    = 4
)

// prefixSplits returns the splits "first half | rest" of an ordering on
// graph a: prefixes of whole terminal vertices whose terminal count is
// ⌊n/2⌋ or ⌈n/2⌉. A vertex holding several terminals (a contracted server)
// moves as one, so an order may give no balanced prefix.
func prefixSplits(a *agraph, n int, order []int32) [][]bool {
	lo, hi := n/2, (n+1)/2
	var out [][]bool
	taken := make([]bool, len(a.vnode))
	inA := make([]bool, n)
	count := 0
	for _, t := range order {
		v := a.tv[t]
		if v < 0 || taken[v] {
			continue
		}
		taken[v] = true
		for _, x := range a.members(v) {
			inA[x] = true
		}
		count += int(a.weight[v])
		if count == lo || count == hi {
			out = append(out, slices.Clone(inA))
		}
		if count >= hi {
			break
		}
	}
	return out
}

// evaluate returns the least cut of graph a for the terminal split inA:
// by max-flow (exact for that split) when the graph is small enough, else
// by greedy switch placement (a valid cut, hence an upper bound).
func (m *model) evaluate(a *agraph, inA []bool, how string) (cut, bool) {
	side, ok := a.sides(inA, nil)
	if !ok {
		return cut{}, false
	}
	c := cut{inA: slices.Clone(inA), g: a, how: how}
	if a.fg.NumArcs() <= maxFlowArcs {
		c.value = a.fg.MaxFlow(side)
		c.vA = a.fg.SourceSide(nil)
		return c, true
	}
	c.vA, c.value = greedy(a, side)
	return c, true
}

// greedy places the free vertices of a split: breadth-first from the
// terminals, each joins the side it has more capacity to among the
// vertices placed before it; then sweeps move any free vertex with more
// capacity to the other side, until none does (or three sweeps). O(arcs)
// per sweep.
func greedy(a *agraph, side []maxflow.Side) ([]bool, float64) {
	fg := a.fg
	nv := len(a.vnode)
	inA := make([]bool, nv)
	placed := make([]bool, nv)
	var q []int32
	for v, s := range side {
		if s != maxflow.Free {
			placed[v] = true
			inA[v] = s == maxflow.Source
			q = append(q, int32(v))
		}
	}
	queued := slices.Clone(placed)
	for i := 0; i < len(q); i++ {
		v := q[i]
		lo, hi := fg.Arcs(v)
		if !placed[v] {
			ca, cb := 0.0, 0.0
			for x := lo; x < hi; x++ {
				if w := fg.Head(x); placed[w] {
					if inA[w] {
						ca += fg.Capacity(x)
					} else {
						cb += fg.Capacity(x)
					}
				}
			}
			inA[v] = ca > cb
			placed[v] = true
		}
		for x := lo; x < hi; x++ {
			if w := fg.Head(x); !queued[w] {
				queued[w] = true
				q = append(q, w)
			}
		}
	}
	for range 3 {
		moved := false
		for v := 0; v < nv; v++ {
			if side[v] != maxflow.Free {
				continue
			}
			ca, cb := 0.0, 0.0
			lo, hi := fg.Arcs(int32(v))
			for x := lo; x < hi; x++ {
				if inA[fg.Head(x)] {
					ca += fg.Capacity(x)
				} else {
					cb += fg.Capacity(x)
				}
			}
			if (inA[v] && cb > ca) || (!inA[v] && ca > cb) {
				inA[v] = !inA[v]
				moved = true
			}
		}
		if !moved {
			break
		}
	}
	_, c := a.cutLinks(inA)
	return inA, c
}

// candidates evaluates the halves of every ordering on graph a and returns
// the best cut (value +Inf when no ordering gives a balanced split).
func (m *model) candidates(a *agraph, orders []ordering, stop float64) cut {
	best := cut{value: math.Inf(1)}
	n := len(m.terms)
	// Terminals no link of positive capacity reaches (a what-if's hosts
	// whose leaf failed) cost nothing on either side: each ordering is
	// also tried with them first, so that they fill side A and the
	// others split where the ordering's structure puts (T − those) on it
	// (trial 49: 11 cut-off hosts and one whole leaf against the rest,
	// 1.4 Tb/s, which the plain orderings missed at 1.6).
	if cut := isolatedTerminals(a); len(cut) > 0 {
		isCut := make([]bool, n)
		for _, t := range cut {
			isCut[t] = true
		}
		var more []ordering
		for _, o := range orders {
			order := slices.Clone(cut)
			for _, t := range o.order {
				if !isCut[t] {
					order = append(order, t)
				}
			}
			more = append(more, ordering{order: order, what: o.what + ", cut-off endpoints first"})
		}
		orders = append(slices.Clip(orders), more...)
	}
	for _, o := range orders {
		for _, inA := range prefixSplits(a, n, o.order) {
			if c, ok := m.evaluate(a, inA, o.what); ok && c.value < best.value-1e-12*math.Max(1, c.value) {
				best = c
				if meets(stop, best.value) {
					return best
				}
			}
		}
	}
	return best
}

// isolatedTerminals returns the terminals whose vertex has no link of
// positive capacity, in terminal order.
func isolatedTerminals(a *agraph) []int32 {
	var out []int32
	for t, v := range a.tv {
		if v < 0 {
			continue
		}
		lo, hi := a.fg.Arcs(v)
		linked := false
		for x := lo; x < hi && !linked; x++ {
			linked = a.fg.Capacity(x) > 0
		}
		if !linked {
			out = append(out, int32(t))
		}
	}
	return out
}

// project maps a cut found on another graph of the same model (the
// contracted graph) onto a: the same terminal split, re-evaluated.
func (m *model) project(c cut, a *agraph) (cut, bool) {
	if c.inA == nil {
		return cut{}, false
	}
	return m.evaluate(a, c.inA, c.how)
}
