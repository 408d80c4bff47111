package oversub

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/topoc/topoc/lang/units"
)

// Ratio formats a ratio as "3:1", "0.984:1" (three significant digits).
func Ratio(r float64) string { return strconv.FormatFloat(r, 'g', 3, 64) + ":1" }

// RatioPair formats the two ends of an interval of ratios as Ratio does,
// with more significant digits (up to 6) where 3 would print two
// different ends alike ("between 1.33:1 and 1.33:1" for 1.328 and
// 1.333).
func RatioPair(lo, hi float64) (string, string) {
	for digits := 3; ; digits++ {
		a, b := strconv.FormatFloat(lo, 'g', digits, 64), strconv.FormatFloat(hi, 'g', digits, 64)
		if a != b || lo == hi || digits == 6 {
			return a + ":1", b + ":1"
		}
	}
}

// WriteText writes the oversubscription section of `topoc check`'s text
// summary: end to end with its worst unit, each tier, each unit kind, the
// rail split and the global taper.
func WriteText(w io.Writer, f *Fabric) {
	switch {
	case f.EndToEnd == nil:
		fmt.Fprintf(w, "  oversub    end to end: none (%s)\n", f.Note)
	case f.Basis == BasisPerSwitch && f.WorstUnit.Kind == cutSet:
		// A set found tapers more than any switch, and nothing bounds
		// the sets from above: a proven lower end of end to end.
		fmt.Fprintf(w, "  oversub    end to end at least %s (a set found: %s; no bound above: %s)\n", Ratio(*f.EndToEnd), strings.TrimSuffix(f.WorstUnit.Name, " (endpoint_port view)"), f.Note)
	case f.Basis == BasisPerSwitch:
		// Only the worst switch is known: it is a lower bound on end to
		// end, and is never printed as end to end (issue 11).
		fmt.Fprintf(w, "  oversub    per switch %s (worst %s %s; %s)\n", Ratio(*f.EndToEnd), f.WorstUnit.Kind, f.WorstUnit.Name, f.Note)
	case f.Basis == BasisSets:
		found := "worst " + f.WorstUnit.Kind + " " + f.WorstUnit.Name
		if f.WorstUnit.Kind == cutSet {
			found = "a set found: " + strings.TrimSuffix(f.WorstUnit.Name, " (endpoint_port view)")
		}
		theta := strconv.FormatFloat(*f.HoseTheta, 'g', 3, 64)
		if *f.EndToEndUpperBound == *f.EndToEndLowerBound {
			of := "the injection"
			if f.byPlane {
				of = "its plane's injection"
			}
			fmt.Fprintf(w, "  oversub    end to end %s (%s; no set of at most half %s tapers more: %s bound, θ = %s)\n", Ratio(*f.EndToEnd), found, of, f.ThetaBound, theta)
		} else {
			lo, hi := RatioPair(*f.EndToEndLowerBound, *f.EndToEndUpperBound)
			fmt.Fprintf(w, "  oversub    end to end between %s (%s) and %s (%s bound, θ = %s) (bounded; %s)\n", lo, found, hi, f.ThetaBound, theta, f.Note)
		}
	case f.WorstUnit != nil:
		fmt.Fprintf(w, "  oversub    end to end %s (worst %s %s)\n", Ratio(*f.EndToEnd), f.WorstUnit.Kind, f.WorstUnit.Name)
	default:
		fmt.Fprintf(w, "  oversub    end to end %s (%s)\n", Ratio(*f.EndToEnd), f.Note)
	}
	for _, t := range f.Tiers {
		spread := ""
		dist, idle := t.Distribution, 0
		if len(dist) > 1 && dist[0].Ratio == 0 {
			// Switches with nothing below them (routers a partial
			// dragonfly leaves without terminals, leaves without
			// servers) are 0:1, which reads as a ratio; they are
			// counted apart and the range is over the others.
			dist, idle = dist[1:], dist[0].Count
		}
		if len(dist) > 1 { // the switches differ: the tier's ratio is its worst
			spread = fmt.Sprintf(", %s to %s", Ratio(dist[0].Ratio), Ratio(t.Ratio))
		}
		if idle > 0 {
			spread += fmt.Sprintf("; %s with nothing below", units.Count(idle))
		}
		fmt.Fprintf(w, "    tier %-11s %s (%s%s)\n", t.Tier, Ratio(t.Ratio), units.CountOf(t.Switches, "switch", "switches"), spread)
	}
	for _, u := range f.Units {
		closed := ""
		switch {
		case u.Closed > 0 && len(f.ServerTransit) > 0 && (u.Kind == "rail" || u.Kind == "plane"):
			closed = fmt.Sprintf(", %s closed: joined only through the servers (%s)", units.Count(u.Closed), strings.Join(f.ServerTransit, ", "))
		case u.Closed > 0:
			closed = fmt.Sprintf(", %s closed: nothing leaves %s", units.Count(u.Closed), units.Agree(u.Closed, "it", "them"))
		}
		if u.Max == nil {
			fmt.Fprintf(w, "    %-16s none (%s%s)\n", u.Kind, units.CountOf(u.Count, "unit", "units"), closed)
			continue
		}
		fmt.Fprintf(w, "    %-16s %s (%s, worst %s%s)\n", u.Kind, Ratio(*u.Max), units.CountOf(u.Count, "unit", "units"), u.Worst, closed)
	}
	if r := f.Rails; r != nil {
		cross := ratioOrNone(r.CrossRail)
		if r.CrossRail == nil && len(f.ServerTransit) > 0 {
			cross = "through the servers (" + strings.Join(f.ServerTransit, ", ") + "), sharing the rails"
		}
		fmt.Fprintf(w, "    rails            intra-rail %s, cross-rail %s\n", ratioOrNone(r.IntraRail), cross)
	}
	if f.GlobalTaper != nil {
		fmt.Fprintf(w, "    global taper     %s\n", Ratio(*f.GlobalTaper))
	}
}

func ratioOrNone(r *float64) string {
	if r == nil {
		return "none"
	}
	return Ratio(*r)
}
