package bisection

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/topoc/topoc/lang/units"
)

// WriteText writes the bisection section of `topoc check`'s text summary:
// the value, ratio and method when the interval is closed; otherwise both
// ends, each with what proves it (the lower bound's method, the cut), so
// that an upper bound never reads as the value.
func WriteText(w io.Writer, f *Fabric) {
	if f.Closed() {
		// A proven value at six digits (32.2639Tb/s for a cut through
		// PCIe links); the JSON holds every digit.
		fmt.Fprintf(w, "  bisection  %s per direction, ratio %s (%s)\n", units.RateSig(f.BandwidthBPS, BoundDigits), fixed3(f.Ratio), f.Method)
	} else {
		fmt.Fprintf(w, "  bisection  between %s (%s) and %s (the cut below) per direction, ratio %s–%s (bounded)\n",
			lowerRate(f.LowerBoundBPS), LowerBoundText(f), upperRate(f.UpperBoundBPS), lowerRatio(f.LowerBoundRatio), upperRatio(f.UpperBoundRatio))
	}
	fmt.Fprintf(w, "    cut      %s, across %s\n", units.CountOf(f.Certificate.CutLinks, "link", "links"), f.Certificate.Text)
	if f.LowerBoundNote != "" {
		fmt.Fprintf(w, "    lower    %s\n", f.LowerBoundNote)
	}
	if f.Note != "" {
		fmt.Fprintf(w, "    note     %s\n", f.Note)
	}
	for _, rt := range []*Routed{f.Routed, f.RoutedValiant} {
		writeRouted(w, f, rt)
	}
}

// writeRouted writes the line of one routed interval where it differs
// from the graph's.
func writeRouted(w io.Writer, f *Fabric, rt *Routed) {
	if rt != nil && (!same(rt.UpperBoundBPS, f.UpperBoundBPS) || !same(rt.LowerBoundBPS, f.LowerBoundBPS)) {
		lb := "no lower bound proven"
		if rt.LowerBoundMethod != "none" && rt.LowerBoundBPS > 0 {
			lb = lbText(rt.LowerBoundMethod) + " bound"
		}
		if rt.UpperBoundBPS <= 0 {
			fmt.Fprintf(w, "    routed   %s routing has no path across the cut: 0b/s per direction, ratio 0.000\n", routingText(rt.Routing))
		} else if same(rt.LowerBoundBPS, rt.UpperBoundBPS) {
			fmt.Fprintf(w, "    routed   %s routing uses exactly %s per direction (%s met by the cut), ratio %s\n",
				routingText(rt.Routing), upperRate(rt.UpperBoundBPS), lb, fixed3(rt.UpperBoundRatio))
		} else {
			fmt.Fprintf(w, "    routed   %s routing uses between %s (%s) and %s per direction, ratio %s–%s\n",
				routingText(rt.Routing), lowerRate(rt.LowerBoundBPS), lb, upperRate(rt.UpperBoundBPS),
				lowerRatio(rt.LowerBoundRatio), upperRatio(rt.UpperBoundRatio))
		}
	}
}

// routingText names a Routed.Routing in words: "up/down", "up/down
// zones", "minimal", "shortest path", "Valiant".
func routingText(routing string) string {
	if routing == "valiant" {
		return "Valiant"
	}
	return strings.ReplaceAll(strings.ReplaceAll(routing, "up_down", "up/down"), "_", " ")
}

// LowerBoundText says how the lower bound of f is proven, in words: "hose
// bound", or "no lower bound proven" when it is 0 for want of one.
func LowerBoundText(f *Fabric) string {
	if f.LowerBoundMethod == "none" || f.LowerBoundBPS <= 0 {
		return "no lower bound proven"
	}
	return lbText(f.LowerBoundMethod) + " bound"
}

// fixed3 formats a ratio with three decimals, as check prints ratios.
func fixed3(x float64) string { return strconv.FormatFloat(x, 'f', 3, 64) }

// BoundDigits is the number of significant digits of a printed bound of
// an interval: a bound computed in floating point (a flow's dual, a hose
// routing, a cut through links of PCIe rates) has no exact short form, and six
// digits tell intervals apart without reading as more precise than they
// are.
const BoundDigits = 6

// lowerRate writes a proven lower bound, rounded down so the text is
// still proven: "17.1501Tb/s" for 17.150142… Tb/s.
func lowerRate(bps float64) string { return units.RateBound(bps, BoundDigits, units.Down) }

// upperRate writes an upper bound (a cut's value, exact in the JSON but
// of many digits when PCIe rates take part) at BoundDigits, rounded up so
// the text is still an upper bound: "211.409Tb/s" for 211.40824… Tb/s.
func upperRate(bps float64) string { return units.RateBound(bps, BoundDigits, units.Up) }

// lowerRatio and upperRatio write an interval's ends with three decimals,
// rounded outward so the printed interval still holds the value.
func lowerRatio(x float64) string { return units.FixedBound(x, 3, units.Down) }

func upperRatio(x float64) string { return units.FixedBound(x, 3, units.Up) }

// same reports whether two rates are equal up to float rounding.
func same(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
