package resilience

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/analyzers/oversub"
	"github.com/topoc/topoc/lang/units"
)

// WriteText writes r for a reader: the intact bisection per fabric, then
// per sweep its size, what symmetry saved and the worst scenario (every
// scenario with all).
func WriteText(w io.Writer, r *Report, all bool) {
	for _, b := range r.Baseline {
		fmt.Fprintf(w, "intact     fabric %q: bisection %s (%s)\n", b.Fabric, Interval(b.LowerBoundBPS, b.UpperBoundBPS), b.Method)
	}
	for _, s := range r.Sweeps {
		fmt.Fprintln(w)
		head := fmt.Sprintf("N−%d over %s", s.Depth, s.Class)
		switch {
		case s.Class == "scenario":
			head = "scenarios"
		case s.Class == ClassRack && rackUnits(r):
			// A Clos unit "rack" names its units rack00, rack01, … as the
			// cable plan names its racks (trial 50): say which are failed.
			head += " (the cable plan's racks, not the units of kind rack)"
		}
		if s.Skipped != "" {
			fmt.Fprintf(w, "%s: skipped (%s)\n", head, s.Skipped)
			continue
		}
		if s.Iterations > 0 {
			writeMonteCarlo(w, &s, all)
			continue
		}
		fmt.Fprintf(w, "%s: %s", head, units.CountOf(s.Scenarios, "scenario", "scenarios"))
		if s.Evaluated < s.Scenarios {
			fmt.Fprintf(w, ", %s evaluated (the others are twins: the same links to the same neighbours, so the same answer)", units.Count(s.Evaluated))
		}
		if s.Quick {
			fmt.Fprint(w, "; evaluated quickly (bounds against the intact cut, no new search; workloads by their ranks)")
		}
		if s.Light {
			fmt.Fprint(w, "; searched light (over the search budget: each interval proven, its upper end possibly looser than a full search's, which --fail gives)")
		}
		fmt.Fprintln(w)
		if s.Worst < 0 {
			continue
		}
		for i := range s.Outcomes {
			if !all && i != s.Worst {
				continue
			}
			label := "  "
			if i == s.Worst && len(s.Outcomes) > 1 {
				label = "  worst "
			}
			writeOutcome(w, label, &s.Outcomes[i])
		}
		if !all {
			writeCapacityWorst(w, &s)
			writeOtherFabrics(w, &s)
		}
	}
}

// writeCapacityWorst writes the scenario that leaves the least bisection
// when it is not the sweep's worst: the worst ranks restarted workloads
// and lost ranks first (worstIn), so a rack that halves a fabric's
// bisection without cutting off any rank hid behind one that cuts off a
// few ranks and keeps most of the capacity (trial 54 #9).
func writeCapacityWorst(w io.Writer, s *Sweep) {
	i := leastBisection(s.Outcomes)
	if i < 0 || i == s.Worst || !(upperPercent(&s.Outcomes[i]) < upperPercent(&s.Outcomes[s.Worst])-1e-9) {
		return
	}
	wo := &s.Outcomes[i]
	fmt.Fprintf(w, "  least bisection left: %s\n", outcomeName(wo))
	writeOutcomeBody(w, wo, "")
}

// leastBisection returns the index of the outcome whose residual
// bisection is least over its fabrics: the least upper end (a cut that
// proves what is lost), then the least lower end; -1 when none.
func leastBisection(os []Outcome) int {
	best := -1
	for i := range os {
		if len(os[i].Fabrics) == 0 {
			continue
		}
		if best < 0 || upperPercent(&os[i]) < upperPercent(&os[best]) ||
			upperPercent(&os[i]) == upperPercent(&os[best]) && lowerPercent(&os[i]) < lowerPercent(&os[best]) {
			best = i
		}
	}
	return best
}

// upperPercent and lowerPercent are an outcome's least residual
// bisection over its fabrics, in percent of the intact one, at the upper
// and lower end (an upper end unknown, where the intact lower bound is
// 0, proves nothing: +Inf).
func upperPercent(o *Outcome) float64 {
	p := math.Inf(1)
	for _, f := range o.Fabrics {
		if f.UpperPercent != nil {
			p = min(p, *f.UpperPercent)
		}
	}
	return p
}

func lowerPercent(o *Outcome) float64 {
	p := math.Inf(1)
	for _, f := range o.Fabrics {
		p = min(p, f.LowerPercent)
	}
	return p
}

// writeOtherFabrics writes, for each fabric the sweep touches whose own
// worst scenario is not the sweep's worst, that scenario: a class whose
// groups lie in several fabrics (tier "spine" of a backend and of a
// storage fabric, a PDU feeding switches of both) would otherwise show
// only the scenario that fared worst overall (trial 52: the backend's
// spine loss was hidden behind the storage fabric's; trial 53: a PDU
// that halves the compute fabric behind one that cut more ranks of the
// storage fabric). It is the scenario `fabric.<f>.whatif.<class>` reads.
func writeOtherFabrics(w io.Writer, s *Sweep) {
	shown := map[string]bool{}
	for _, o := range s.Outcomes {
		for _, f := range o.Fabrics {
			if shown[f.Fabric] {
				continue
			}
			shown[f.Fabric] = true
			i := worstIn(s.Outcomes, f.Fabric)
			if i == s.Worst {
				continue
			}
			wo := &s.Outcomes[i]
			fmt.Fprintf(w, "  worst in fabric %q: %s\n", f.Fabric, outcomeName(wo))
			writeOutcomeBody(w, wo, f.Fabric)
		}
	}
}

// rackUnits reports whether some fabric of r has units of kind rack (its
// baseline lists every unit kind, a closed one with no ratio).
func rackUnits(r *Report) bool {
	for _, b := range r.Baseline {
		if _, ok := b.UnitOversubscription[ClassRack]; ok {
			return true
		}
	}
	return false
}

// maxNamed is the most failed groups one text line names.
const maxNamed = 4

// writeOutcome writes one scenario as a few indented lines.
func writeOutcome(w io.Writer, label string, o *Outcome) {
	fmt.Fprintf(w, "%s%s\n", label, outcomeName(o))
	writeOutcomeBody(w, o, "")
}

// outcomeName names a scenario as the text shows it: its groups (the
// first few of a long draw), what a rack or declared group holds, and
// its twins.
func outcomeName(o *Outcome) string {
	name := o.Group
	// A draw of many groups names the first few on a terminal; the JSON
	// output names them all.
	if parts := strings.Split(name, " + "); len(parts) > maxNamed+1 {
		name = strings.Join(parts[:maxNamed], " + ") + fmt.Sprintf(" + %d more", len(parts)-maxNamed)
	}
	if o.Holds != "" {
		name += " (" + o.Holds + ")"
	}
	if o.Orbit > 1 {
		name += " (and " + units.CountOf(o.Orbit-1, "twin", "twins") + ")"
	}
	return name
}

// writeOutcomeBody writes a scenario's fabrics, domains, flows and
// workloads, a few indented lines.
func writeOutcomeBody(w io.Writer, o *Outcome, fabric string) {
	if len(o.Fabrics) == 0 {
		fmt.Fprintln(w, "    touches no fabric")
	}
	for i := range o.Fabrics {
		if fabric == "" || o.Fabrics[i].Fabric == fabric {
			writeFabricOutcome(w, &o.Fabrics[i])
		}
	}
	if d := o.NVLinkDomains; d != nil && d.Intact < d.Total {
		fmt.Fprintf(w, "    NVLink domains: %s of %s whole\n", units.Count(d.Intact), units.Count(d.Total))
	}
	for _, fl := range o.Flows {
		// Max-flow sums link capacities (exact); ECMP and WCMP split them
		// by path weights, in floating point, so they print rounded.
		fmt.Fprintf(w, "    flow %q: max-flow %s, ECMP %s, WCMP %s", fl.Flow, units.Rate(fl.MaxFlowBPS), units.RateSig(fl.ECMPBPS, 6), units.RateSig(fl.WCMPBPS, 6))
		if fl.StrandedEnds > 0 {
			fmt.Fprintf(w, " (%s cut off, left out)", units.CountOf(fl.StrandedEnds, "end", "ends"))
		}
		fmt.Fprintln(w)
	}
	var parts []string
	for _, wo := range o.Workloads {
		s := fmt.Sprintf("workload %q %s", wo.Workload, wo.Status)
		if wo.Reason != "" {
			s += ": " + wo.Reason
		}
		parts = append(parts, s)
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "    %s\n", strings.Join(parts, "; "))
	}
}

// writeFabricOutcome writes what a scenario leaves of one fabric: its
// bisection and share of the intact one, the ranks and units it costs,
// the tiers it oversubscribes or cuts off, and (on a line of its own) the
// unit kinds it oversubscribes or cuts off end to end.
func writeFabricOutcome(w io.Writer, f *FabricOutcome) {
	fmt.Fprintf(w, "    fabric %q: bisection %s, %s of intact (%s%s); ranks %s disconnected, %s degraded",
		f.Fabric, Interval(f.LowerBoundBPS, f.UpperBoundBPS), share(f), f.Method, shareNote(f), units.Count(f.RanksDisconnected), units.Count(f.RanksDegraded))
	if f.StrandedEndpoints > 0 {
		fmt.Fprintf(w, "; %s cut off", units.CountOf(f.StrandedEndpoints, "endpoint", "endpoints"))
	}
	for _, u := range f.Units {
		// "of kind": a unit kind may share a word with a what-if class (a
		// Clos unit "rack" beside the cable plan's racks, which --sweep
		// rack fails), so the line says it counts units.
		fmt.Fprintf(w, "; %s of %s of kind %s intact", units.Count(u.Intact), units.CountOf(u.Total, "unit", "units"), u.Kind)
		if u.Intact > 0 && u.Intact < u.Total {
			fmt.Fprintf(w, " (largest %s)", units.CountOf(u.LargestIntactRanks, "rank", "ranks"))
		}
	}
	for _, t := range f.Oversubscription {
		if s := tierText(&t); s != "" {
			fmt.Fprintf(w, "; %s", s)
		}
	}
	fmt.Fprintln(w)
	var worse []string
	for _, u := range f.UnitOversubscription {
		if u.Worst != "" && u.Ratio > u.IntactRatio && oversub.Ratio(u.Ratio) != oversub.Ratio(u.IntactRatio) {
			worse = append(worse, fmt.Sprintf("%s %s (was %s) at %s", u.Kind, oversub.Ratio(u.Ratio), oversub.Ratio(u.IntactRatio), u.Worst))
		}
		if u.CutOff > 0 {
			// Nothing leaves such a unit: its ratio is unbounded, not 0.
			worse = append(worse, fmt.Sprintf("%s cut off: nothing leaves %s",
				units.CountOf(u.CutOff, "unit", "units")+" of kind "+u.Kind, units.Agree(u.CutOff, "it", "them")))
		}
	}
	if len(worse) > 0 {
		fmt.Fprintf(w, "      units end to end: %s\n", strings.Join(worse, "; "))
	}
}

// share writes the residual bisection as a share of the intact one: the
// residual lower ÷ intact upper to residual upper ÷ intact lower, one
// number when they meet.
func share(f *FabricOutcome) string {
	switch {
	case f.UpperPercent == nil && f.LowerPercent == 0:
		// The intact bisection has no positive proven lower bound (0 in
		// the NIC-port view of planes that meet only in the hosts): no
		// share of it says anything.
		return "no share"
	case f.UpperPercent == nil:
		return fmt.Sprintf("at least %s%%", percent(f.LowerPercent))
	case *f.UpperPercent-f.LowerPercent > 0.05:
		return fmt.Sprintf("%s–%s%%", percent(f.LowerPercent), percent(*f.UpperPercent))
	}
	return percent(f.LowerPercent) + "%"
}

// percent prints a share of the intact bisection to 0.1, with more
// digits (up to 4) where that would print a loss as 100.0 (818.8 of
// 819.2 Tb/s is 99.95, trial 48).
func percent(x float64) string {
	for d := 1; ; d++ {
		s := strconv.FormatFloat(x, 'f', d, 64)
		if r, _ := strconv.ParseFloat(s, 64); d == 4 || x >= 100 || r < 100 {
			return s
		}
	}
}

// shareNote explains a share of the intact bisection that passes 100%,
// after the method: only a failure that leaves fewer endpoints can raise
// it (with the same endpoints the intact bisection caps the residual), as
// the balanced split of those left is another cut, which can cost more.
func shareNote(f *FabricOutcome) string {
	const over = 100.05 // prints above "100.0%"
	switch {
	case f.LowerPercent >= over:
		return "; above 100%: the failure left fewer endpoints, and their balanced split costs more than the intact one"
	case f.UpperPercent != nil && *f.UpperPercent >= over:
		return "; it can pass 100%: the failure left fewer endpoints, and their balanced split can cost more than the intact one"
	}
	return ""
}

// tierText writes what a scenario did to one tier, or "" when the tier
// is no worse: its switches left with no uplink (cut off: nothing leaves
// them, which is no ratio), and the worst ratio of the others when it
// rose.
func tierText(t *TierOversub) string {
	rose := t.Worst != "" && t.Ratio > t.IntactRatio && oversub.Ratio(t.Ratio) != oversub.Ratio(t.IntactRatio)
	switch {
	case t.WithoutUplinks > 0 && rose:
		return fmt.Sprintf("%s: %s cut off (no uplink left), the others oversubscribed %s (was %s) at %s",
			t.Tier, units.CountOf(t.WithoutUplinks, "switch", "switches"), oversub.Ratio(t.Ratio), oversub.Ratio(t.IntactRatio), t.Worst)
	case t.WithoutUplinks > 0:
		return fmt.Sprintf("%s: %s cut off (no uplink left)", t.Tier, units.CountOf(t.WithoutUplinks, "switch", "switches"))
	case rose:
		return fmt.Sprintf("%s oversubscribed %s (was %s) at %s", t.Tier, oversub.Ratio(t.Ratio), oversub.Ratio(t.IntactRatio), t.Worst)
	}
	return ""
}

// Interval writes a proven interval of rates (bits per second per
// direction), one rate when it is closed: "between 1.2Tb/s and 1.3Tb/s".
func Interval(lo, hi float64) string {
	if lo >= hi*(1-1e-9) {
		return units.RateSig(hi, bisection.BoundDigits) // 8.20825Tb/s, not every digit of a float
	}
	// Both ends rounded away from the value, as check prints a bisection
	// interval, so the printed interval still holds it.
	return "between " + units.RateBound(lo, bisection.BoundDigits, units.Down) + " and " + units.RateBound(hi, bisection.BoundDigits, units.Up)
}

// writeMonteCarlo writes a Monte Carlo run: its draws (each distinct one
// with all), the modes drawn, the quantiles per fabric, the restart
// shares and the worst draw.
func writeMonteCarlo(w io.Writer, s *Sweep, all bool) {
	if s.Policy != "" {
		fmt.Fprintf(w, "Monte Carlo over policy %q: %s (seed %d), %s distinct\n", s.Policy, units.CountOf(s.Iterations, "draw", "draws"), s.Seed, units.Count(s.Evaluated))
		if len(s.Modes) > 1 {
			var parts []string
			for _, m := range s.Modes {
				parts = append(parts, fmt.Sprintf("%q %s (weight %g)", m.Mode, units.Count(m.Draws), m.Weight))
			}
			fmt.Fprintf(w, "  modes drawn: %s\n", strings.Join(parts, ", "))
		}
	} else {
		possible := units.Count(s.Scenarios)
		if s.Scenarios == math.MaxInt {
			possible = "more than " + units.Count(math.MaxInt)
		}
		fmt.Fprintf(w, "Monte Carlo over %s: %s of %d (seed %d), %s distinct of %s possible\n",
			s.Class, units.CountOf(s.Iterations, "draw", "draws"), s.Depth, s.Seed, units.Count(s.Evaluated), possible)
	}
	for _, d := range s.Distributions {
		fmt.Fprintf(w, "  fabric %q: bisection ratio at least %.3f in 50%% of draws, %.3f in 99%% (upper ends %.3f, %.3f); ranks disconnected p50 %d, p99 %d; degraded p50 %d, p99 %d\n",
			d.Fabric, d.LowerRatioP50, d.LowerRatioP99, d.UpperRatioP50, d.UpperRatioP99, d.RanksDisconnectedP50, d.RanksDisconnectedP99, d.RanksDegradedP50, d.RanksDegradedP99)
	}
	for _, r := range s.Restarts {
		fmt.Fprintf(w, "  workload %q restarts in %s of %s (%.1f%%)\n", r.Workload, units.Count(r.Draws), units.CountOf(s.Iterations, "draw", "draws"), 100*r.Share)
	}
	for i := range s.Outcomes {
		if all {
			writeOutcome(w, fmt.Sprintf("  %d× ", s.Outcomes[i].Occurrences), &s.Outcomes[i])
		}
	}
	if s.Worst >= 0 {
		writeOutcome(w, "  worst ", &s.Outcomes[s.Worst])
	}
}
