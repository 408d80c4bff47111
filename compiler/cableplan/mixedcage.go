package cableplan

import (
	"fmt"
	"slices"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// mixedCages reports (cage-mixed-media, a warning per fabric origin) the
// cages the plan leaves with cables no one module or plug can terminate:
//   - a straight and a splitter fiber in one cage: both fibers of a
//     twin-port module must be the same type, straight or splitter
//     (NVIDIA MMA4Z00-NS400-T / MMA1Z00-NS400-T product pages,
//     cabling.md S6 [src]);
//   - a copper or AOC cable that one plug cannot hold with the cage's
//     other cables (cageUse.plugClash), where onePlugPerCage found no
//     fiber that reaches.
//
// Copper cables from one cage to NICs are not flagged: one splitter
// (MCP7Y00) carries them, though the plan counts a cable per port.
func (s *state) mixedCages(g *ir.Graph, cs *cageScan) {
	// sameFiberPerCage changes which fiber a cable is, never whether it
	// is one or a splitter, so cs is still what the cages hold.
	cages := cs.cages
	type fault struct {
		splitMix, plugMix int
		why               string
	}
	faults := map[ir.OriginID]*fault{}
	for i := range cages {
		u := &cages[i]
		splitMix, plugMix := u.straight >= 0 && u.splitter >= 0, u.plugClash()
		if !splitMix && !plugMix {
			continue
		}
		_, l := cs.at(i)
		o := l.Origin
		f := faults[o]
		if f == nil {
			f = &fault{why: cageWhy(g, cs, i)}
			faults[o] = f
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
			what = append(what, units.CountOf(f.plugMix, "cage holds", "cages hold")+" a copper or AOC cable whose plug fills the cage beside another cable (a fiber, or a cable to another switch), and no fiber reaches to replace it (cabling.md §1c)")
			fix = append(fix, "place the far ends of a cage's ports closer, so a fiber reaches, or declare a cable_model of fiber that does")
		}
		s.diags = append(s.diags, diag.Warning(diag.CageMixedMedia, g.Range(o), "Cage mixes cable media",
			fmt.Sprintf("In the cable plan, %s; %s. The BOM cannot order one module or plug for such a cage. To fix: %s.", units.List(what), f.why, units.List(fix))))
	}
}

// cageWhy names a faulty cage: its device, a port in it and the cables'
// ids and types.
func cageWhy(g *ir.Graph, cs *cageScan, k int) string {
	cb, u := g.Cabling(), &cs.cages[k]
	var kinds []string
	for _, ci := range []int32{u.plug, u.straight, u.splitter} {
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
	pt, l := cs.at(k)
	return fmt.Sprintf("the first at %s port %s: %s", g.Nodes[pt.Node].Name, g.PortName(pt, &l), units.List(kinds))
}
