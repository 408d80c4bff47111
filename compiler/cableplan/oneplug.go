package cableplan

import (
	"github.com/topoc/topoc/compiler/ir"
)

// cageUse is what the cables ending in one front-panel cage are, as
// onePlugPerCage and mixedCages read them.
type cageUse struct {
	plug, far int32 // the first copper or AOC cable and its far cage; -1
	farSwitch bool  // that far cage is a switch's
	// clashes: another copper or AOC cable runs to another cage, one of
	// the two a switch's.
	clashes bool
	// straight and splitter are a straight and a splitter fiber; -1.
	straight, splitter int32
	// end names the cage in messages (cageScan.at): the link end it was
	// first met at, as 2 × the link's entry in Cabling.Legs, plus 1 for
	// its B port. It stands for a port and a link in 4 bytes, where they
	// took 16 of a cage's 36 (6 million cages at a fat tree of k = 160).
	end int32
}

// plugClash reports whether the cage cannot be one plug: a copper or AOC
// cable beside a fiber, or beside another such cable to another cage
// where a switch is at either far end (no splitter has a leg that ends
// at a switch, media.go).
func (u *cageUse) plugClash() bool {
	return u.plug >= 0 && (u.straight >= 0 || u.splitter >= 0 || u.clashes)
}

// cageScan is the plan's cables by the front-panel cage each end sits
// in, numbered once (CageIndex lookups cost most at a million ports;
// cable types change between scans, cages do not).
type cageScan struct {
	g *ir.Graph
	// idx is the cage index that numbered the cages, kept for cageFit:
	// it knows each NIC's ordinal once asked (a second index worked them
	// out again, 2 ms at 131,072 GPUs).
	idx *ir.CageIndex
	// end holds, per entry of Cabling.Legs, the cages of its leg's A
	// and B ends (Graph.Ends order): end[2i], end[2i+1].
	end   []int32
	cages []cageUse
}

// newCageScan numbers the cages of every cable end of g's plan and reads
// what they hold. Cages are numbered from 0 in the order first met, so a
// second pass in the same order meets each first where its number is the
// next, and the cages are allocated once, at their count (393,216 at
// 131,072 GPUs). That pass also reads what the cages hold, as refresh
// does: a pass of its own read each leg's link a third time (Graph.Ends,
// 36 ms per scan there, 22 ms in two passes). It reads the links of
// copper and AOC cables only (hold): at a fat tree of k = 160, reading
// each of the 3 million links again took 65 ms.
func newCageScan(g *ir.Graph) *cageScan {
	cb := g.Cabling()
	cs := &cageScan{g: g, idx: g.NewCageIndex(), end: make([]int32, 2*len(cb.Legs))}
	nums := cs.idx.Numbers()
	cages := int32(0)
	cs.eachLeg(func(ci int32, i, j int) {
		a, b := g.Ends(cb.Cables[ci], j)
		for e, pt := range [2]ir.Port{a, b} {
			k, first := nums.Of(pt)
			if first {
				cages++
			}
			cs.end[2*i+e] = k
		}
	})
	cs.cages = make([]cageUse, cages)
	next := int32(0)
	cs.eachLeg(func(ci int32, i, j int) {
		for e := range 2 {
			if cs.end[2*i+e] == next {
				atB := int32(e) // the plan's B end is the link's B port unless swapped
				if cb.Cables[ci].Swap {
					atB = 1 - atB
				}
				cs.cages[next] = cageUse{plug: -1, far: -1, straight: -1, splitter: -1, end: 2*int32(i) + atB}
				next++
			}
		}
		cs.hold(ci, i, j)
	})
	return cs
}

// at returns the port that names cage k in messages and the link there
// (cageUse.end).
func (cs *cageScan) at(k int) (ir.Port, ir.Link) {
	end := cs.cages[k].end
	l := cs.g.Link(cs.g.Cabling().Legs[end/2])
	if end%2 == 1 {
		return l.B, l
	}
	return l.A, l
}

// eachLeg calls visit with every leg of the plan in plan order: its
// cable, its entry in Cabling.Legs and its index among the cable's legs.
func (cs *cageScan) eachLeg(visit func(ci int32, i, j int)) {
	for ci, c := range cs.g.Cabling().Cables {
		for j := range int(c.Legs) {
			visit(int32(ci), int(c.Leg0)+j, j)
		}
	}
}

// refresh reads again what each cage holds, from the cables' types.
func (cs *cageScan) refresh() {
	for k := range cs.cages {
		u := &cs.cages[k]
		*u = cageUse{plug: -1, far: -1, straight: -1, splitter: -1, end: u.end}
	}
	cs.eachLeg(cs.hold)
}

// hold records in the cages at the ends of leg j of cable ci, entry i of
// Cabling.Legs, that the cable ends there.
func (cs *cageScan) hold(ci int32, i, j int) {
	g, cb := cs.g, cs.g.Cabling()
	c := &cb.Cables[ci]
	if c.Type == ir.None {
		return
	}
	fiber := fiberType(&cb.Types[c.Type])
	var far [2]ir.Port // the ends' far ports, for a plug's
	if !fiber {
		a, b := g.Ends(*c, j)
		far = [2]ir.Port{b, a}
	}
	for e := range 2 {
		u := &cs.cages[cs.end[2*i+e]]
		switch {
		case fiber && c.SplitFiber:
			u.splitter = ci
		case fiber:
			u.straight = ci
		default:
			fk, sw := cs.end[2*i+1-e], g.Nodes[far[e].Node].Kind.IsSwitch()
			switch {
			case u.plug < 0:
				u.plug, u.far, u.farSwitch = ci, fk, sw
			case u.plug != ci && u.far != fk && (sw || u.farSwitch):
				u.clashes = true
			}
		}
	}
}

// onePlugPerCage moves to fiber the straight copper and AOC cables of a
// front-panel cage that one plug cannot fill (cageUse.plugClash). Such a
// cable ends in its own plug, which fills the whole cage (cabling.md
// §1c, S4): a twin-port cage takes one twin-port cable, to one peer cage
// (MCP4Y10, S1), or one splitter whose legs end at NICs (MCP7Y00, S2).
// A twin-port module with a fiber per port serves such a cage (S5, S7).
// Each such cable takes the cheapest fiber that reaches (route × k, k =
// 1 + the routing factor), if any; a splitter cable is left as it is. A
// cable moved at one end can leave its far cage mixed, so this repeats
// until no cage changes: cables only move from plug to fiber, so it
// ends. cage-mixed-media (mixedCages) warns about what is left.
func onePlugPerCage(g *ir.Graph, cs *cageScan, media *mediaTable, k float64) {
	cb := g.Cabling()
	for changed := true; changed; {
		changed = false
		for ci := range cb.Cables {
			c := &cb.Cables[ci]
			if c.Type == ir.None || fiberType(&cb.Types[c.Type]) || c.Legs != 1 {
				continue
			}
			i := int(c.Leg0)
			if !cs.cages[cs.end[2*i]].plugClash() && !cs.cages[cs.end[2*i+1]].plugClash() {
				continue
			}
			a, b := g.Ends(*c, 0)
			l := new(g.Link(cb.Legs[c.Leg0]))
			switches := g.Nodes[a.Node].Kind.IsSwitch() && g.Nodes[b.Node].Kind.IsSwitch()
			ch := media.chooseAmong(fiberType, g.LineRateBPS(l), c.RouteM*k, 0, switches, false, linkProtocol(g, l))
			if ch.typ == ir.None {
				continue // no fiber reaches: cage-mixed-media says so
			}
			c.Type, c.LengthM = ch.typ, ch.length
			changed = true
		}
		if changed {
			cs.refresh()
		}
	}
}
