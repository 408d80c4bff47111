package cableplan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// cageMedia is what the cables ending in one front-panel cage are.
type cageMedia struct {
	plug     int32 // a cable whose own plug fills the cage (copper, AOC), or -1
	straight int32 // a straight fiber, or -1
	splitter int32 // a splitter fiber (Cable.SplitFiber), or -1
	other    int32 // a second cable beside plug (another cable of any kind), or -1
	origin   ir.OriginID
	port     ir.Port
	link     int32 // a link of port, to name it
}

// mixedCages reports (cage-mixed-media, a warning per fabric origin) the
// cages the plan fills with cables no one module or plug can terminate:
//   - a straight and a splitter fiber in one cage: both fibers of a
//     twin-port module must be the same type, straight or splitter
//     (NVIDIA MMA4Z00-NS400-T / MMA1Z00-NS400-T product pages,
//     cabling.md S6 [src]);
//   - a copper or AOC cable beside a cable of another kind: such a cable
//     ends in its own plug, which fills the whole cage (cabling.md §1c,
//     S4), so the other port cannot take a fiber.
//
// Two copper cables in one cage are not flagged: a twin-port DAC or a
// splitter DAC carries both ports.
func (s *state) mixedCages(g *ir.Graph) {
	cb := g.Cabling
	nums := g.NewCageIndex().Numbers()
	var cages []cageMedia
	for ci, c := range cb.Cables {
		if c.Type == ir.None {
			continue
		}
		t := &cb.Types[c.Type]
		fiber := t.Kind == "mmf" || t.Kind == "smf"
		for j := 0; j < int(c.Legs); j++ {
			a, b := g.Ends(c, j)
			for _, pt := range [2]ir.Port{a, b} {
				k, first := nums.Of(pt)
				if first {
					id := cb.Legs[int(c.Leg0)+j]
					cages = append(cages, cageMedia{plug: -1, straight: -1, splitter: -1, other: -1, origin: g.Links[id].Origin, port: pt, link: int32(id)})
				}
				m := &cages[k]
				switch {
				case !fiber:
					if m.plug < 0 {
						m.plug = int32(ci)
					} else if m.plug != int32(ci) && !copperType(cb.Types[cb.Cables[m.plug].Type]) || m.plug != int32(ci) && !copperType(*t) {
						m.other = int32(ci)
					}
				case c.SplitFiber:
					m.splitter = int32(ci)
				default:
					m.straight = int32(ci)
				}
			}
		}
	}
	type fault struct {
		splitMix, plugMix int
		first             *cageMedia
		why               string
	}
	faults := map[ir.OriginID]*fault{}
	for i := range cages {
		m := &cages[i]
		splitMix := m.straight >= 0 && m.splitter >= 0
		plugMix := m.plug >= 0 && (m.straight >= 0 || m.splitter >= 0 || m.other >= 0)
		if !splitMix && !plugMix {
			continue
		}
		f := faults[m.origin]
		if f == nil {
			f = &fault{first: m}
			faults[m.origin] = f
			f.why = cageWhy(g, m)
		}
		if splitMix {
			f.splitMix++
		}
		if plugMix {
			f.plugMix++
		}
	}
	origins := make([]ir.OriginID, 0, len(faults))
	for o := range faults {
		origins = append(origins, o)
	}
	slices.Sort(origins)
	for _, o := range origins {
		f := faults[o]
		var what, fix []string
		if f.splitMix > 0 {
			what = append(what, units.CountOf(f.splitMix, "cage holds", "cages hold")+" a straight and a splitter fiber, which one twin-port module cannot serve: both its fibers must be the same type, straight or splitter (cabling.md S6)")
			fix = append(fix, "break out both ports of such a cage alike, or neither")
		}
		if f.plugMix > 0 {
			what = append(what, units.CountOf(f.plugMix, "cage holds", "cages hold")+" a copper or AOC cable beside a cable of another kind, where that cable's own plug fills the cage (cabling.md §1c)")
			fix = append(fix, "place the far ends of a cage's ports alike so their runs take one medium, or declare a cable_model that serves both runs")
		}
		s.diags = append(s.diags, diag.Warning(diag.CageMixedMedia, g.Range(o), "Cage mixes cable media",
			fmt.Sprintf("In the cable plan, %s; %s. The BOM cannot order one module or plug for such a cage. To fix: %s.", joinAnd(what), f.why, joinAnd(fix))))
	}
}

// cageWhy names the first faulty cage: its device, a port in it and the
// cables' types.
func cageWhy(g *ir.Graph, m *cageMedia) string {
	cb := g.Cabling
	var kinds []string
	for _, ci := range []int32{m.plug, m.other, m.straight, m.splitter} {
		if ci < 0 {
			continue
		}
		c := &cb.Cables[ci]
		k := cb.Types[c.Type].Model
		if c.SplitFiber {
			k += " (splitter)"
		}
		kinds = append(kinds, g.CableID(int(ci))+" "+k)
	}
	return fmt.Sprintf("the first at %s port %s: %s", g.Nodes[m.port.Node].Name, g.PortName(m.port, &g.Links[m.link]), joinAnd(kinds))
}

// joinAnd joins phrases for a sentence: "a", "a and b", "a, b and c".
func joinAnd(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
