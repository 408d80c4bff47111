package cableplan

import (
	"fmt"
	"slices"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// unfilledCages reports (no-transceiver-model, an info per HCL block
// that made the links, listing each kind of cage) the cages that terminate fiber and that no
// transceiver_model fits at their longest cable: the BOM lists them as
// "(no transceiver_model)", lines procurement cannot order. A trial's
// 200G frontend read 1,920 such modules, 17% of the transceiver lines,
// with nothing in check or build saying so. Nothing is said when the
// design and the catalogue declare no transceiver at all (Parts.Fit
// then has nothing to choose from, and the BOM lists cages by kind), nor
// for the cages of a switch or host of no model (a textbook fat_tree's),
// whose BOM lines name no part to order either. ir.Graph.Cages answers
// the same per cage (with Parts.Fit), but through a map of every cable
// end's cage and a fit per cage; the cage scan and the fit memo this
// stage already holds answer it per shape (0.1 s of CPU at 131,072 GPUs
// the other way).
func (s *state) unfilledCages(g *ir.Graph, cs *cageScan, fit *cageFit) {
	if g.Parts == nil || len(g.Parts.Transceivers) == 0 {
		return
	}
	if !anyOrderedFiber(cs, fit) {
		return // a textbook fat tree's cages: all of devices of no model
	}
	cb := g.Cabling()
	longest := make([]float64, len(cs.cages))
	for _, c := range cb.Cables {
		if c.Type == ir.None || !fiberType(&cb.Types[c.Type]) {
			continue
		}
		for j := 0; j < int(c.Legs); j++ {
			i := int(c.Leg0) + j
			for e := range 2 {
				k := cs.end[2*i+e]
				longest[k] = max(longest[k], c.LengthM)
			}
		}
	}
	type kind struct {
		origin ir.OriginID
		cable  string
		rate   float64
		sw     bool
		form   string
	}
	type tally struct {
		n       int
		longest float64
		reach   float64 // the longest any module that suits reaches; 0: none suits
		at      ir.Port
	}
	found := map[kind]*tally{}
	canon := map[string]ir.OriginID{} // a range's first origin
	// canonOf memoizes canon by origin: the cages of one link origin
	// are many, its range's text one.
	canonOf := map[ir.OriginID]ir.OriginID{}
	var order []kind
	for k := range cs.cages {
		ci := orderedFiber(cs, fit, k)
		if ci < 0 {
			continue
		}
		t := cb.Cables[ci].Type
		r := fit.reachAt(k, t)
		if r.ok && longest[k] <= r.metres*(1+1e-9) {
			continue
		}
		_, cage := fit.shape(k)
		model := cb.Types[t].Model
		// Instances of one counted block are origins of one range: one
		// note for the block.
		pt, l := cs.at(k)
		o := l.Origin
		if c, ok := canonOf[o]; ok {
			o = c
		} else {
			rk := g.Range(o).String()
			if c, ok := canon[rk]; ok {
				canonOf[o], o = c, c
			} else {
				canon[rk], canonOf[o] = o, o
			}
		}
		key := kind{o, model, cage.RateBPS, cage.Switch, cage.FormFactor}
		tl := found[key]
		if tl == nil {
			tl = &tally{at: pt}
			if r.ok {
				tl.reach = r.metres
			}
			found[key] = tl
			order = append(order, key)
		}
		tl.n++
		tl.longest = max(tl.longest, longest[k])
	}
	// One warning per origin (the HCL block that made the links),
	// listing its kinds of cage in the order first met.
	var origins []ir.OriginID
	byOrigin := map[ir.OriginID][]string{}
	for _, k := range order {
		t := found[k]
		end := "node"
		if k.sw {
			end = "switch"
		}
		form := "cages"
		if k.form != "" {
			form = k.form + " cages"
		}
		why := "no transceiver_model lists that cable model at that rate and form factor"
		if t.reach > 0 {
			why = fmt.Sprintf("the modules that suit reach %gm, the longest cable is %.1fm", t.reach, t.longest)
		}
		o := k.origin
		if _, seen := byOrigin[o]; !seen {
			origins = append(origins, o)
		}
		byOrigin[o] = append(byOrigin[o], fmt.Sprintf("%s at the %s end for %s fiber at %s (the first at %s; %s)",
			units.CountOf(t.n, form[:len(form)-1], form), end, k.cable, units.Rate(k.rate), g.Nodes[t.at.Node].Name, why))
	}
	slices.Sort(origins)
	for _, o := range origins {
		s.diags = append(s.diags, diag.Info(diag.NoTransceiverModel, g.Range(o), "No transceiver for these cages",
			fmt.Sprintf("No transceiver_model fits %s. The BOM lists them as \"(no transceiver_model)\", which cannot be ordered. Declare a transceiver_model that fits (its form_factor, rate, reach and cable_models; docs/catalog.md), or give the NIC or switch model the form_factor of the modules it takes.",
				units.List(byOrigin[o]))))
	}
}

// orderedFiber returns a fiber cable that ends in cage k when the cage
// is one whose module the BOM orders by part: it holds a fiber (copper
// and AOC carry their own ends) and its device has a model (a switch or
// host of none has no part to order either); else -1.
func orderedFiber(cs *cageScan, fit *cageFit, k int) int32 {
	u := &cs.cages[k]
	ci := u.straight
	if ci < 0 {
		ci = u.splitter
	}
	if ci < 0 || fit.noModel(k) {
		return -1
	}
	return ci
}

// anyOrderedFiber reports whether some cage of cs has an orderedFiber,
// so that unfilledCages gathers no lengths for a design with none.
func anyOrderedFiber(cs *cageScan, fit *cageFit) bool {
	for k := range cs.cages {
		// noModel first, which reads 4 bytes a cage: sameFiberPerCage
		// found the shape of each cage that holds a fiber.
		if !fit.noModel(k) && orderedFiber(cs, fit, k) >= 0 {
			return true
		}
	}
	return false
}
