package cableplan

import (
	"fmt"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// upgrades collects the cages sameFiberPerCage moved to a fiber of longer
// reach because no declared module fits the fiber their runs need: with
// only an inter-site module declared for a rate (a 400G ZR for a DCI
// link), every in-hall cage of that rate would otherwise take ZR optics
// without a word (trial 70: 100 ZR modules for 5 m host cables).
type upgrades struct {
	order []upgradeKey
	by    map[upgradeKey]*upgrade
}

// upgradeKey is one kind of move: from one cable type to another, for
// the links of one origin.
type upgradeKey struct {
	origin   ir.OriginID
	from, to int32
}

// upgrade counts the cages of one kind of move and their longest run.
type upgrade struct {
	cages   int
	longest float64 // metres
}

// note records that a cage whose first cable carries link moved from
// type from to type to, its cables at most length metres.
func (u *upgrades) note(g *ir.Graph, link ir.LinkID, from, to int32, length float64) {
	if u.by == nil {
		u.by = map[upgradeKey]*upgrade{}
	}
	k := upgradeKey{g.Link(link).Origin, from, to}
	e := u.by[k]
	if e == nil {
		e = &upgrade{}
		u.by[k] = e
		u.order = append(u.order, k)
	}
	e.cages++
	e.longest = max(e.longest, length)
}

// reportUpgrades reports each kind of move whose new fiber reaches more
// than ten times what its cables need (a threshold of ours, not a
// vendor figure: in-hall media differ by less — DR4's 500 m over SR4's
// 100 m is five — and inter-site optics by far more) as a
// no-transceiver-model info at the links' origin: the plan orders what the declared modules allow,
// and says which module would serve the runs instead. Moves within that
// factor (DR4 for a run an SR4 module would serve, where none is
// declared) are the rule working as cabling.md says, and pass silently.
func (s *state) reportUpgrades(g *ir.Graph, u *upgrades) {
	types := g.Cabling().Types
	for _, k := range u.order {
		e := u.by[k]
		from, to := &types[k.from], &types[k.to]
		if to.ReachM <= 10*e.longest {
			continue
		}
		s.diags = append(s.diags, diag.Info(diag.NoTransceiverModel, g.Range(k.origin), "Longer-reach optics for want of a module",
			fmt.Sprintf("%s (and the cages at their cables' other ends) take %s fiber (reach %s) for runs of at most %s, since no transceiver_model fits %s, the fiber those runs need, in them: the plan gives a cage the least reach a declared module fits (docs/cabling.md, Media). Declare a transceiver_model for %s at %s, or these cages are ordered with %s's modules.",
				units.CountOf(e.cages, "cage", "cages"), to.Model, units.Length(to.ReachM), units.Length(e.longest), from.Model, from.Model, units.Rate(from.MaxRateBPS), to.Model)))
	}
}
