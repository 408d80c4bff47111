package gen

import "slices"

// Breakout is an allowed split of one switch port into Lanes ports of
// LaneBPS bits per second each (a switch model's "2x400Gb/s").
type Breakout struct {
	Lanes   int
	LaneBPS float64
}

// PortModel is what port allocation needs to know of a device: Radix
// physical ports of PortBPS each (0 = unbounded), its breakouts, and the
// lower speeds one whole port may run at (Speeds, bits per second).
type PortModel struct {
	Radix     int
	PortBPS   float64
	Breakouts []Breakout
	Speeds    []float64
}

// Lanes returns how many links of rate bps one physical port carries: 1
// at the native rate (or when the device has no rate) or at one of its
// lower speeds, the breakout's lane count when a breakout produces bps,
// and 0 when the rate is impossible without a breakout (a rate
// mismatch).
func (m PortModel) Lanes(bps float64) int {
	if m.PortBPS == 0 || bps == m.PortBPS || slices.Contains(m.Speeds, bps) {
		return 1
	}
	for _, b := range m.Breakouts {
		if b.LaneBPS == bps {
			return b.Lanes
		}
	}
	return 0
}

// PortAllocator hands out port numbers of one device in order, splitting a
// physical port into lanes when a link's rate needs a breakout. Allocation
// never fails: a device asked for more ports than it has keeps counting,
// and Used exposes the overcommit for the radix check.
type PortAllocator struct {
	next     int32 // next unused physical port
	open     int32 // physical port currently broken out, or -1
	lanes    int32 // lanes of the open port
	used     int32 // lanes taken on the open port
	laneRate float64
}

// NewPortAllocator returns an allocator starting at port 0.
func NewPortAllocator() PortAllocator { return PortAllocator{open: -1} }

// Take allocates one link of the given lane count (1 = a whole port) and
// lane rate, returning the physical port and lane (0 for whole ports).
func (a *PortAllocator) Take(lanes int, laneRate float64) (port, lane int32) {
	if lanes <= 1 {
		a.next++
		return a.next - 1, 0
	}
	if a.open >= 0 && a.used < a.lanes && a.laneRate == laneRate && a.lanes == int32(lanes) {
		a.used++
		return a.open, a.used - 1
	}
	a.open, a.lanes, a.used, a.laneRate = a.next, int32(lanes), 1, laneRate
	a.next++
	return a.open, 0
}

// Used returns the number of physical ports allocated so far.
func (a *PortAllocator) Used() int { return int(a.next) }
