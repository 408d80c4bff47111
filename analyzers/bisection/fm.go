package bisection

import (
	"math"
	"slices"

	"github.com/topoc/topoc/analyzers/internal/maxflow"
)

// fm improves a cut on graph a by Fiduccia–Mattheyses passes (Fiduccia
// and Mattheyses, DAC 1982) over all vertices: each pass moves every
// vertex once, best gain first (capacity to the other side minus capacity
// to its own), keeping the terminal count of side A within one vertex's
// weight of balance, then rolls back to the best balanced prefix. The
// improved terminal split is re-evaluated by max-flow, which re-places
// the switches optimally, and the loop repeats while the cut shrinks.
func (m *model) fm(a *agraph, c cut) cut {
	if a.fg.NumArcs() > fmArcs || c.vA == nil {
		return c
	}
	n := len(m.terms)
	for round := 0; round < fmRounds; round++ {
		vA := slices.Clone(c.vA)
		if !fmPass(a.fg, a.weight, vA, n, fmSlack(a.weight, n)) {
			return c
		}
		inA := make([]bool, n)
		for i, v := range a.tv {
			inA[i] = v >= 0 && vA[v]
		}
		nc, ok := m.evaluate(a, inA, c.how+", refined by Fiduccia–Mattheyses")
		if !ok || nc.value >= c.value-1e-12*math.Max(1, c.value) {
			return c
		}
		c = nc
	}
	return c
}

// fmSlack is how far a pass may stray from balance, in terminals: one
// vertex's weight, or 2% of the terminals (METIS's default imbalance is
// 3%), so that a cluster of terminals can cross before its counterpart.
func fmSlack(weight []int32, n int) int {
	s := max(1, n/50)
	for _, w := range weight {
		s = max(s, int(w))
	}
	return s
}

// fmPass runs up to fmPasses passes on the vertex bipartition vA of the
// graph fg with terminal counts weight, in place, recording only states
// whose side A holds ⌊n/2⌋ or ⌈n/2⌉ terminals and moving within slack of
// them; it reports whether the cut improved.
func fmPass(fg *maxflow.Graph, weight []int32, vA []bool, n, slack int) bool {
	nv := fg.N()
	lo, hi := n/2, (n+1)/2
	wA := 0
	for v := 0; v < nv; v++ {
		if vA[v] {
			wA += int(weight[v])
		}
	}
	gain := make([]float64, nv)
	boundary := make([]bool, nv)
	computeGains := func() {
		for v := int32(0); v < int32(nv); v++ {
			g := 0.0
			boundary[v] = false
			l, h := fg.Arcs(v)
			for x := l; x < h; x++ {
				if vA[fg.Head(x)] != vA[v] {
					g += fg.Capacity(x)
					boundary[v] = true
				} else {
					g -= fg.Capacity(x)
				}
			}
			gain[v] = g
		}
	}
	// A pass gives up after this many moves without a new best (METIS
	// bounds its FM passes the same way).
	stall := max(64, nv/100)
	improved := false
	locked := make([]bool, nv)
	pos := make([]int32, nv) // shared by both queues: a vertex is in its side's at most
	heaps := [2]*gainHeap{{gain: gain, pos: pos}, {gain: gain, pos: pos}}
	var moves []int32
	for pass := 0; pass < fmPasses; pass++ {
		computeGains()
		for i := range locked {
			locked[i] = false
			pos[i] = -1
		}
		heaps[0].items, heaps[1].items = heaps[0].items[:0], heaps[1].items[:0]
		// Boundary FM: only vertices with a neighbour across the cut start
		// in the queues; others enter when a neighbour moves.
		for v := int32(0); v < int32(nv); v++ {
			if boundary[v] || (!balanced0(wA, lo, hi) && weight[v] > 0) {
				h := heaps[b2i(vA[v])]
				pos[v] = int32(len(h.items))
				h.items = append(h.items, v)
			}
		}
		heaps[0].init()
		heaps[1].init()
		moves = moves[:0]
		total, best, bestAt := 0.0, 0.0, 0
		balanced := wA >= lo && wA <= hi
		for {
			// The best movable vertex of each side.
			var pick [2]int32
			for s := 0; s < 2; s++ {
				pick[s] = -1
				h := heaps[s]
				for len(h.items) > 0 {
					v := h.items[0]
					// Moving from side A (s == 1) lowers wA.
					nw := wA - int(weight[v])
					if s == 0 {
						nw = wA + int(weight[v])
					}
					if nw < lo-slack || nw > hi+slack {
						h.pop() // not movable now; back when a neighbour moves
						continue
					}
					pick[s] = v
					break
				}
			}
			v := pick[0]
			if v < 0 || (pick[1] >= 0 && gain[pick[1]] > gain[v]) {
				v = pick[1]
			}
			if v < 0 {
				break
			}
			heaps[b2i(vA[v])].pop()
			// Move v.
			if vA[v] {
				wA -= int(weight[v])
			} else {
				wA += int(weight[v])
			}
			total += gain[v]
			vA[v] = !vA[v]
			locked[v] = true
			moves = append(moves, v)
			l, h := fg.Arcs(v)
			for x := l; x < h; x++ {
				w := fg.Head(x)
				if locked[w] {
					continue
				}
				c := fg.Capacity(x)
				if vA[w] == vA[v] {
					gain[w] -= 2 * c
				} else {
					gain[w] += 2 * c
				}
				heaps[b2i(vA[w])].update(w)
			}
			// A balanced state is recorded when it improves on the best
			// so far, or when it is the first one reached from an
			// unbalanced start (a repair may cost capacity).
			if wA >= lo && wA <= hi && (!balanced || total > best+1e-9*math.Abs(best)+1e-6) {
				best, bestAt, balanced = total, len(moves), true
			}
			if balanced && len(moves)-bestAt > stall {
				break
			}
		}
		// Roll back past the best balanced prefix.
		for i := len(moves) - 1; i >= bestAt; i-- {
			v := moves[i]
			if vA[v] {
				wA -= int(weight[v])
			} else {
				wA += int(weight[v])
			}
			vA[v] = !vA[v]
		}
		if bestAt == 0 {
			break
		}
		improved = true
	}
	return improved
}

func balanced0(wA, lo, hi int) bool { return wA >= lo && wA <= hi }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// gainHeap is an indexed binary max-heap of vertices on their gain (read
// from gain, which the pass updates), ties to the lower vertex id so that
// passes are deterministic; pos[v] is v's index in items, or -1. Each
// vertex is in it at most once and a gain change moves it in place, so
// the heap never holds stale entries (a lazy heap with one entry per
// change spent half of a what-if sweep's search comparing them).
type gainHeap struct {
	items []int32
	gain  []float64
	pos   []int32
}

func (h *gainHeap) less(i, j int) bool {
	a, b := h.items[i], h.items[j]
	if h.gain[a] != h.gain[b] {
		return h.gain[a] > h.gain[b]
	}
	return a < b
}

func (h *gainHeap) swap(i, j int) {
	h.items[i], h.items[j] = h.items[j], h.items[i]
	h.pos[h.items[i]], h.pos[h.items[j]] = int32(i), int32(j)
}

// init orders the items appended so far (pos already set).
func (h *gainHeap) init() {
	for i := len(h.items)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

// update places v after a change of its gain, inserting it when absent.
func (h *gainHeap) update(v int32) {
	i := int(h.pos[v])
	if i < 0 {
		i = len(h.items)
		h.items = append(h.items, v)
		h.pos[v] = int32(i)
	}
	h.up(i)
	h.down(int(h.pos[v]))
}

// pop removes the top item.
func (h *gainHeap) pop() {
	n := len(h.items) - 1
	h.swap(0, n)
	h.pos[h.items[n]] = -1
	h.items = h.items[:n]
	h.down(0)
}

func (h *gainHeap) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(i, p) {
			return
		}
		h.swap(i, p)
		i = p
	}
}

func (h *gainHeap) down(i int) {
	n := len(h.items)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		c := l
		if r := l + 1; r < n && h.less(r, l) {
			c = r
		}
		if !h.less(c, i) {
			return
		}
		h.swap(i, c)
		i = c
	}
}
