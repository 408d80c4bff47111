package gen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/topoc/topoc/lang/units"
)

// Breakout is an allowed split of one switch port into Lanes ports of
// LaneBPS bits per second each (a switch model's "2x400Gb/s").
type Breakout struct {
	Lanes   int
	LaneBPS float64
}

// PortGroup is a run of Ports physical ports of PortBPS each (bits per
// second per direction), with the breakouts and lower whole-port speeds
// (Speeds, bits per second) they allow. Ports 0 means unbounded.
type PortGroup struct {
	Name      string
	Ports     int
	PortBPS   float64
	Breakouts []Breakout
	Speeds    []float64
}

// PortModel is what port allocation needs to know of a device: Radix
// physical ports of PortBPS each (0 = unbounded), its breakouts, and the
// lower speeds one whole port may run at (Speeds, bits per second); or,
// for a switch whose ports do not all run at one rate, its Groups in
// port order, Radix their sum and PortBPS the fastest group's rate.
type PortModel struct {
	Radix     int
	PortBPS   float64
	Breakouts []Breakout
	Speeds    []float64
	Groups    []PortGroup
}

// groups returns the port groups: Groups, or one group of the whole
// model. It allocates for a model of one rate, so the per-link paths
// (Lanes, groupOf, the allocator) use numGroups and group instead.
func (m PortModel) groups() []PortGroup {
	if len(m.Groups) > 0 {
		return m.Groups
	}
	return []PortGroup{m.group(0)}
}

// numGroups returns the number of port groups (1 for a model of one
// rate).
func (m PortModel) numGroups() int { return max(len(m.Groups), 1) }

// group returns port group i: Groups[i], or the whole model of one rate.
func (m PortModel) group(i int) PortGroup {
	if len(m.Groups) > 0 {
		return m.Groups[i]
	}
	return PortGroup{Ports: m.Radix, PortBPS: m.PortBPS, Breakouts: m.Breakouts, Speeds: m.Speeds}
}

// Lanes returns how many links of rate bps one port of g carries: 1 at
// the native rate (or when the group has no rate) or at one of its lower
// speeds, the breakout's lane count when a breakout produces bps, and 0
// when no port of g runs at bps.
func (g PortGroup) Lanes(bps float64) int {
	if g.PortBPS == 0 || bps == g.PortBPS || slices.Contains(g.Speeds, bps) {
		return 1
	}
	for _, b := range g.Breakouts {
		if b.LaneBPS == bps {
			return b.Lanes
		}
	}
	return 0
}

// Lanes returns how many links of rate bps one physical port carries, in
// the first port group that runs at bps: 1 at a native rate or a lower
// speed, the breakout's lane count when a breakout produces bps, and 0
// when the rate is impossible on every port (a rate mismatch).
func (m PortModel) Lanes(bps float64) int {
	if i := m.groupOf(bps); i >= 0 {
		return m.group(i).Lanes(bps)
	}
	return 0
}

// groupOf returns the index of the first group that runs at bps, or -1.
func (m PortModel) groupOf(bps float64) int {
	for i := range m.numGroups() {
		if m.group(i).Lanes(bps) > 0 {
			return i
		}
	}
	return -1
}

// PortAllocator hands out port numbers of one device in order, splitting a
// physical port into lanes when a link's rate needs a breakout. Ports are
// numbered group after group; a link takes a port of the first group that
// runs at its rate and has one free. Allocation never fails: when every
// such group is full, ports are numbered on from the radix, so the
// overcommit shows in Used and Overflow for the radix checks.
type PortAllocator struct {
	groups  []PortGroup // the model's, in port order
	cursors []portCursor
	over    portCursor // ports past the radix
	// overflow counts, per group, the links that found it full.
	overflow []int
}

// portCursor allocates within one run of ports.
type portCursor struct {
	first, size int32 // size 0 = unbounded
	next        int32 // next unused port, relative to first
	open        int32 // port currently broken out (relative), or -1
	lanes       int32 // lanes of the open port
	used        int32 // lanes taken on the open port
	laneRate    float64
}

// NewPortAllocator returns an allocator for a device without port
// groups or bounds, starting at port 0.
func NewPortAllocator() PortAllocator { return PortModel{}.NewAllocator() }

// NewAllocator returns an allocator over m's ports, starting at port 0
// of its first group.
func (m PortModel) NewAllocator() PortAllocator {
	gs := m.groups()
	a := PortAllocator{groups: gs, cursors: make([]portCursor, len(gs)), overflow: make([]int, len(gs))}
	first := int32(0)
	for i, g := range gs {
		a.cursors[i] = portCursor{first: first, size: int32(g.Ports), open: -1}
		first += int32(g.Ports)
	}
	if len(gs) == 1 {
		a.cursors[0].size = 0 // one group: count on past the radix, as the checks expect
	}
	a.over = portCursor{first: first, open: -1}
	return a
}

// room reports whether c can take one more link of lanes × laneRate.
func (c *portCursor) room(lanes int32, laneRate float64) bool {
	if lanes > 1 && c.open >= 0 && c.used < c.lanes && c.laneRate == laneRate && c.lanes == lanes {
		return true
	}
	return c.size == 0 || c.next < c.size
}

// take allocates one link of lanes × laneRate in c.
func (c *portCursor) take(lanes int32, laneRate float64) (port, lane int32) {
	if lanes <= 1 {
		c.next++
		return c.first + c.next - 1, 0
	}
	if c.open >= 0 && c.used < c.lanes && c.laneRate == laneRate && c.lanes == lanes {
		c.used++
		return c.first + c.open, c.used - 1
	}
	c.open, c.lanes, c.used, c.laneRate = c.next, lanes, 1, laneRate
	c.next++
	return c.first + c.open, 0
}

// Take allocates one link of rate bps, returning the physical port, the
// lane (0 for whole ports) and the lanes its port is split into (1 for a
// whole port). A rate no group runs at takes a whole port of the first
// group with room (the rate mismatch is reported on its own).
func (a *PortAllocator) Take(bps float64) (port, lane int32, lanes int) {
	gs := a.groups
	first := -1
	for i, g := range gs {
		l := g.Lanes(bps)
		if l == 0 {
			continue
		}
		if first < 0 {
			first = i
		}
		if a.cursors[i].room(int32(l), bps) {
			p, ln := a.cursors[i].take(int32(l), bps)
			return p, ln, l
		}
	}
	if first < 0 {
		for i := range a.cursors {
			if a.cursors[i].room(1, bps) {
				p, ln := a.cursors[i].take(1, bps)
				return p, ln, 1
			}
		}
		first = 0
	}
	a.overflow[first]++
	l := max(gs[first].Lanes(bps), 1)
	p, ln := a.over.take(int32(l), bps)
	return p, ln, l
}

// Reserve marks the first links ports of the group that runs at bps
// taken (as if links at bps had been allocated), so that later links of
// that group start after them: a Clos switch's uplinks start after its
// declared down ports even when a unit is partly populated.
func (a *PortAllocator) Reserve(bps float64, links int) {
	i := 0
	for j, g := range a.groups {
		if g.Lanes(bps) > 0 {
			i = j
			break
		}
	}
	c := &a.cursors[i]
	lanes := max(a.groups[i].Lanes(bps), 1)
	n := int32((links + lanes - 1) / lanes)
	if c.size > 0 {
		n = min(n, c.size)
	}
	c.next = max(c.next, n)
}

// Skip marks physical port taken (another fabric's link uses it), so
// that later links of its group start after it.
func (a *PortAllocator) Skip(port int32) {
	for i := range a.cursors {
		c := &a.cursors[i]
		if port >= c.first && (c.size == 0 || port < c.first+c.size) {
			c.next = max(c.next, port-c.first+1)
			return
		}
	}
	a.over.next = max(a.over.next, port-a.over.first+1)
}

// Used returns the number of physical ports allocated or reserved so
// far, past the radix included.
func (a *PortAllocator) Used() int {
	n := int(a.over.next)
	for _, c := range a.cursors {
		n += int(c.next)
	}
	return n
}

// Overflow returns, per port group, the links that found every group
// running at their rate full (numbered on past the radix).
func (a *PortAllocator) Overflow() []int { return a.overflow }

// portRates lists the rates a port model's ports run, for a diagnostic:
// each group's port rate with its breakouts' lane rates and its speeds
// ("400Gb/s, 2x200Gb/s").
func portRates(m PortModel) string {
	var out []string
	for _, g := range m.groups() {
		out = append(out, units.Rate(g.PortBPS))
		for _, b := range g.Breakouts {
			out = append(out, fmt.Sprintf("%dx%s", b.Lanes, units.Rate(b.LaneBPS)))
		}
		for _, s := range g.Speeds {
			out = append(out, units.Rate(s))
		}
	}
	return strings.Join(out, ", ")
}
