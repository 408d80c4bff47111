package ir

import (
	"math"
	"strconv"
	"strings"
)

// Cabling is the physical plan of a compiled design, filled by the
// compiler's "cabling" stage: where every device sits (its Racking)
// and which physical cables carry the fabric links, with their medium,
// catalogue part and length. docs/cabling.md describes the model.
//
// Lengths are metres, heights rack units (1U = 44.45 mm). Slices are in a
// deterministic order (racks by ID, mounts by node, cables by fabric and
// then first link), so emitters that walk them write stable output.
type Cabling struct {
	Racking
	// Types lists the cable types in use, in catalogue order.
	Types []CableType
	// Cables lists the physical cables, grouped by fabric in fabric order,
	// then in the order of their first link.
	Cables []Cable
	// Legs holds the links of every cable: cable c carries
	// Legs[c.Leg0 : c.Leg0+c.Legs], in lane order.
	Legs []LinkID
	// PerFabric counts the cables of each fabric (indexed by FabricID), the
	// width of the fabric's cable ids.
	PerFabric []int32
	// carriedBy is 1 + the index in Cables of the cable that carries
	// each link, by link id; 0 (or past its end) for a link that is no
	// cable. It is kept here rather than on the links so that the cable
	// plan writes nothing to the graph it reads: the compiler runs it
	// beside the stages and analyses that read the same links (issue 16).
	carriedBy []int32
}

// IndexLinks sizes the index of links (CableOf) for the ids below n at
// once, so that SetCableOf does not grow it link by link: at 131,072
// GPUs growing it copied 14 MB for an index of 5.
func (cb *Cabling) IndexLinks(n int) {
	if n > len(cb.carriedBy) {
		cb.carriedBy = append(cb.carriedBy, make([]int32, n-len(cb.carriedBy))...)
	}
}

// SetCableOf records that cable c (an index in Cables) carries link id,
// or with c = None that no cable does.
func (cb *Cabling) SetCableOf(id LinkID, c int32) {
	if int(id) >= len(cb.carriedBy) {
		if c == None {
			return
		}
		cb.carriedBy = append(cb.carriedBy, make([]int32, int(id)+1-len(cb.carriedBy))...)
	}
	cb.carriedBy[id] = c + 1
}

// CableOf returns the index in Cables of the cable that carries link
// id, or None when the link is no cable.
func (cb *Cabling) CableOf(id LinkID) int32 { return carrier(cb.carriedBy, id) }

// CableIndex returns CableOf as a function that keeps only the plan's
// index of links alive (4 bytes a link), not the plan: for a caller
// that releases the plan and still names each link's cable.
func (cb *Cabling) CableIndex() func(LinkID) int32 {
	carried := cb.carriedBy
	return func(id LinkID) int32 { return carrier(carried, id) }
}

// carrier reads link id's cable from an index of links (carriedBy).
func carrier(carriedBy []int32, id LinkID) int32 {
	if int(id) >= len(carriedBy) {
		return None
	}
	return carriedBy[id] - 1
}

// CableOf returns the index in Cabling.Cables of the cable that carries
// link id, or None when the link is no cable or there is no plan.
func (g *Graph) CableOf(id LinkID) int32 {
	if cb := g.Cabling(); cb != nil {
		return cb.CableOf(id)
	}
	return None
}

// CableLengthM returns the ordered length of the cable that carries
// link id, metres (Cable.LengthM); 0 when the link is no cable or there
// is no plan.
func (g *Graph) CableLengthM(id LinkID) float64 {
	if cb := g.Cabling(); cb != nil {
		if c := cb.CableOf(id); c != None {
			return cb.Cables[c].LengthM
		}
	}
	return 0
}

// Racking is where every cabled device sits: rack, row, slot and rack
// unit. The compiler places the devices before it plans the cables, and
// a stage that needs only the racks reads Graph.Racking without
// waiting for the cables (Graph.Cabling).
type Racking struct {
	// Layout holds the geometry the lengths were computed with.
	Layout Layout
	// Racks lists every rack that holds a placed device, sorted by ID.
	Racks []Rack
	// Mounts lists the racked devices (servers, switches, implicit hosts,
	// appliances), sorted by node. A server's components (NICs, GPUs) are
	// not mounted themselves: they share their Parent's mount.
	Mounts []Mount
}

// Layout is the geometry of the length model (cabling.md §3). Every value
// is a modelling assumption with a source where one exists; docs/cabling.md
// tables them.
type Layout struct {
	// RackUnits is the mounting height of every rack, in rack units.
	RackUnits int32
	// UnitM is the height of one rack unit, metres (EIA-310: 44.45 mm).
	UnitM float64
	// RowRacks is the most racks in one row.
	RowRacks int32
	// SlotPitchM is the distance between neighbouring racks of a row (W).
	SlotPitchM float64
	// RowPitchM is the distance between neighbouring rows (P).
	RowPitchM float64
	// TrayM is the height of the overhead tray above the top of a rack (T).
	TrayM float64
	// LateralM is the run from a port to the rack's side cable manager,
	// per end (E).
	LateralM float64
	// SlackM is the service loop left at each end (S).
	SlackM float64
	// RoutingFactor is the fraction added for bends, turns and drops (k).
	RoutingFactor float64
}

// Rack is one rack of the layout.
type Rack struct {
	// ID is the value of Node.Rack for the devices in this rack: the
	// node_group's rack numbers where the design gives them, numbers after
	// the largest of those for racks the cabling stage adds.
	ID int32
	// Name is "rack" and the ID, zero-padded to the widest ID.
	Name string
	// Role is "compute" (servers or implicit hosts, perhaps with their
	// top-of-rack switches) or "network" (switches and appliances only).
	Role string
	// Row and Slot are the rack's position, both from 0.
	Row, Slot int32
	// UsedU is the number of rack units occupied.
	UsedU int32
}

// Mount is one racked device.
type Mount struct {
	Node NodeID
	// Rack is the Rack.ID of the rack it sits in.
	Rack int32
	// U is the lowest rack unit it occupies, from 1 at the bottom.
	U int32
	// Height is its height in rack units.
	Height int32
}

// CableType is one catalogue cable_model in use.
type CableType struct {
	// Model is the cable_model name ("MMF-SR4-400G").
	Model string
	// Media is "copper" or "fiber"; Kind is "passive_dac", "acc", "aec",
	// "aoc", "mmf" or "smf" (lang's cable_model attributes).
	Media, Kind string
	// ReachM is the longest length, metres; MaxRateBPS the highest rate per
	// link, bits per second per direction.
	ReachM, MaxRateBPS float64
	// Splitter marks a 1:N breakout cable (one head, N legs).
	Splitter bool
	// Protocol is "infiniband" or "ethernet" for a medium of one
	// protocol only, "" for either.
	Protocol string
	// KgPerM is the cable's mass per metre, kilograms; 0 when the
	// catalogue gives none.
	KgPerM float64
	// Splits are the breakouts of a MaxRateBPS port the medium carries as
	// one 1:N splitter fiber (lang.CableModel.Splits); SplitReachM is
	// the longest such fiber, metres.
	Splits      []Split
	SplitReachM float64
	// Cords is the number of separate cords one cable of this type is
	// ordered as (lang.CableModel.CordsPerLink): 2 for a twin-port
	// 2 x SR4 module's two MPO fibers, else 1.
	Cords int32
	// LengthsM are the lengths the model is sold in, metres, ascending
	// (lang.CableModel.LengthsM); empty: the medium's list.
	LengthsM []float64
}

// Plugged reports whether the medium ends in plugs of its own (copper,
// AOC), rather than a fiber that a transceiver terminates (multimode or
// single-mode).
func (t *CableType) Plugged() bool { return t.Kind != "mmf" && t.Kind != "smf" }

// Split is a breakout of a port into Lanes legs of LaneBPS each, bits
// per second per direction.
type Split struct {
	Lanes   int32
	LaneBPS float64
}

// SplitsInto reports whether the medium carries a port broken out into
// lanes legs of laneBPS each as one splitter fiber, and how long that
// fiber may be, metres.
func (t *CableType) SplitsInto(lanes int32, laneBPS float64) (reachM float64, ok bool) {
	for _, s := range t.Splits {
		if s.Lanes == lanes && math.Abs(s.LaneBPS-laneBPS) <= laneBPS*1e-9 {
			return t.SplitReachM, true
		}
	}
	return 0, false
}

// FiberSplit returns how a splitter fiber of type t serves a port broken
// out into lanes lanes of laneBPS: k = lanes when t's splits list the
// whole breakout, else the largest k dividing lanes that they list, the
// port then taking lanes/k such fibers, one per MPO of a multi-port
// module (NVIDIA builds an 800G port split 4 × 200G from a twin-port
// 2 × 400G module and two 1:2 fibers: MMA4Z00-NS400-T product page,
// "200Gb/s mode", cabling.md S6). reachM is the split reach; ok false
// when t serves no such split.
func (t *CableType) FiberSplit(lanes int32, laneBPS float64) (k int32, reachM float64, ok bool) {
	for k = lanes; k >= 2; k-- {
		if lanes%k == 0 {
			if r, ok := t.SplitsInto(k, laneBPS); ok {
				return k, r, true
			}
		}
	}
	return 0, 0, false
}

// Cable is one physical cable: a straight cable carries one link, a
// splitter one link per leg.
type Cable struct {
	Fabric FabricID
	// Seq numbers the cable within its fabric, from 1.
	Seq int32
	// Leg0 and Legs locate the cable's links in Cabling.Legs.
	Leg0, Legs int32
	// Type indexes Cabling.Types, or None when no catalogue cable_model
	// serves the link's rate (a no-cable-model warning was reported).
	Type int32
	// Swap is true when the plan's A end is each leg's B port: the plan
	// always puts a broken-out port at the A end, and generators put the
	// switch of a node-to-leaf link at B.
	Swap bool
	// SplitFiber is true when the cable is one splitter fiber for the
	// lanes of a broken-out port (CableType.Splits: a 1:2 MPO fiber behind
	// a 400G SR4 module), not one fiber per lane.
	SplitFiber bool
	// RouteM is the estimated route of the longest leg before rounding,
	// metres; LengthM the length to order: RouteM times (1 + routing
	// factor), rounded up to the next length sold for the medium. A
	// length the design states for the link (Graph.StatedLengthM) is
	// both, as stated.
	RouteM, LengthM float64
}

// CableID returns the stable id of cable i: the fabric name and the
// cable's sequence number, zero-padded to the width of the fabric's cable
// count ("compute-0042").
func (g *Graph) CableID(i int) string {
	c := g.Cabling().Cables[i]
	return CableName(g.Fabrics[c.Fabric].Name, c.Seq, g.Cabling().PerFabric[c.Fabric])
}

// CableName is the id of cable seq (from 1) of fabric, of count cables
// in all: the fabric's name and the number, zero-padded to the width of
// count ("compute-0042"). CableID's form, for a caller that keeps the
// numbers without the plan.
func CableName(fabric string, seq, count int32) string {
	s, width := strconv.Itoa(int(seq)), len(strconv.Itoa(int(count)))
	return fabric + "-" + strings.Repeat("0", max(0, width-len(s))) + s
}

// Media returns link id's medium once the cable plan is made: its cable
// type's ("copper", "fiber"), "backplane" for the links of an NVLink
// domain (links, not cables), and "" for links inside a server, a cable
// no type serves, or before planning. It reads the plan, so a cable whose
// type the plan changed reports the type it ends with.
func (g *Graph) Media(id LinkID) string {
	cb := g.Cabling()
	if cb == nil {
		return ""
	}
	if c := cb.CableOf(id); c != None {
		if t := cb.Cables[c].Type; t != None {
			return cb.Types[t].Media
		}
		return ""
	}
	if f := g.Link(id).Fabric; f != None && g.Fabrics[f].Family == FamilyNVLinkDomain {
		return "backplane"
	}
	return ""
}

// Twin reports whether cable c is a twin-port cable: a medium with plugs
// of its own (copper, AOC) carrying several whole ports between the same
// two front-panel cages, not the lanes of a broken-out port (a splitter).
// The cable plan makes one cable of such links (a twin-port DAC such as
// MCP4Y10; docs/cabling.md).
func (g *Graph) Twin(c Cable) bool {
	if c.Legs < 2 || c.Type == None || !g.Cabling().Types[c.Type].Plugged() {
		return false
	}
	l := g.Link(g.Cabling().Legs[c.Leg0])
	a, _ := g.Ends(c, 0)
	return !g.BrokenOut(a, &l)
}

// CableLegs returns the legs cable c has: the lanes of its A end where
// that is a broken-out port served by a splitter (copper, AOC or a
// splitter fiber: a fiber per lane behind a multi-port transceiver is
// one cable per lane), whose
// legs may not all be used (one 200G host on a 400G port split 2 × 200G
// is a 1:2 splitter with a leg to spare); else the links it carries (1
// for a straight cable, 2 for a twin-port one: Twin).
func (g *Graph) CableLegs(c Cable) int {
	l := g.Link(g.Cabling().Legs[int(c.Leg0)])
	splitter := c.Type == None && c.Legs > 1 // an unserved port grouped as one cable
	if c.Type != None {
		t := &g.Cabling().Types[c.Type]
		if c.SplitFiber { // the legs its split makes, of a port's lanes or some
			if k, _, ok := t.FiberSplit(max(l.Breakout, c.Legs), g.LineRateBPS(&l)); ok {
				return int(k)
			}
		}
		splitter = t.Plugged() || c.SplitFiber
	}
	if a, _ := g.Ends(c, 0); splitter && g.BrokenOut(a, &l) {
		return max(int(l.Breakout), int(c.Legs))
	}
	return int(c.Legs)
}

// Ends returns the A and B ports of leg j of cable c in plan order: the
// split port (if any) at A.
func (g *Graph) Ends(c Cable, j int) (a, b Port) {
	l := g.Link(g.Cabling().Legs[int(c.Leg0)+j])
	if c.Swap {
		return l.B, l.A
	}
	return l.A, l.B
}
