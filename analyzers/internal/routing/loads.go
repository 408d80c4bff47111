package routing

import "github.com/topoc/topoc/compiler/ir"

// Loads accumulates two quantities per link direction (slot, see Arc):
// the offered rate of the flows crossing it, in bits per second, and the
// bytes they carry. Congestion is rate ÷ capacity; the bandwidth term of a
// collective's time is bytes ÷ capacity at the bottleneck. Both live in
// one cell per slot, so that an update touches one cache line, and Loads
// remembers which slots it touched, so that clearing and scanning cost
// what was routed rather than the size of the graph.
type Loads struct {
	cells []cell
	// touched is this view's own list of slots first written since the
	// last Reset; cells[s].marked is shared by all views.
	touched []int32
}

type cell struct {
	rate, bytes float64
	marked      bool
}

// NewLoads returns zero loads for every link direction of g.
func NewLoads(g *ir.Graph) *Loads { return &Loads{cells: make([]cell, 2*g.NumLinks())} }

// Len is the number of slots (twice the graph's links).
func (l *Loads) Len() int { return len(l.cells) }

// Rate returns the offered rate on slot, bits per second.
func (l *Loads) Rate(slot int) float64 { return l.cells[slot].rate }

// Bytes returns the bytes carried on slot.
func (l *Loads) Bytes(slot int) float64 { return l.cells[slot].bytes }

// Clone returns an independent copy of l's values.
func (l *Loads) Clone() *Loads {
	c := &Loads{cells: make([]cell, len(l.cells))}
	copy(c.cells, l.cells)
	c.touched = append([]int32(nil), l.touched...)
	return c
}

// View returns loads that share l's cells but keep their own list of
// touched slots, for one goroutine routing a plane whose links no other
// goroutine touches; Merge folds the list back.
func (l *Loads) View() *Loads { return &Loads{cells: l.cells} }

// Merge moves v's touched slots to l's list (v's list is emptied, keeping
// its capacity for the next round).
func (l *Loads) Merge(v *Loads) {
	l.touched = append(l.touched, v.touched...)
	v.touched = v.touched[:0]
}

// Touched lists the slots written since the last Reset, in first-write
// order.
func (l *Loads) Touched() []int32 { return l.touched }

// Add adds rate and bytes to slot.
func (l *Loads) Add(slot int32, rate, bytes float64) { l.add(slot, vec{rate, bytes}) }

func (l *Loads) add(slot int32, v vec) {
	c := &l.cells[slot]
	if !c.marked {
		c.marked = true
		l.touched = append(l.touched, slot)
	}
	c.rate += v[0]
	c.bytes += v[1]
}

// Reset zeroes the touched slots.
func (l *Loads) Reset() {
	for _, s := range l.touched {
		l.cells[s] = cell{}
	}
	l.touched = l.touched[:0]
}

// vec carries a flow's rate (bits per second) and bytes together through
// the engines: both are linear in the flow, so every split applies to
// both alike.
type vec [2]float64

func (v vec) scale(f float64) vec { return vec{v[0] * f, v[1] * f} }
func (v vec) plus(w vec) vec      { return vec{v[0] + w[0], v[1] + w[1]} }
func (v vec) zero() bool          { return v[0] == 0 && v[1] == 0 }
