package bisection

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// WriteText writes the bisection section of `topoc check`'s text summary:
// the value, ratio and method when the interval is closed; otherwise both
// ends, each with what proves it (the lower bound's method, the cut), so
// that an upper bound never reads as the value.
func WriteText(w io.Writer, f *Fabric) {
	if f.Closed() {
		fmt.Fprintf(w, "  bisection  %s per direction, ratio %s (%s)\n", RateText(f.BandwidthBPS), fixed3(f.Ratio), f.Method)
	} else {
		fmt.Fprintf(w, "  bisection  between %s (%s) and %s (the cut below) per direction, ratio %s–%s (bounded)\n",
			RateText(f.LowerBoundBPS), LowerBoundText(f), RateText(f.UpperBoundBPS), fixed3(f.LowerBoundRatio), fixed3(f.UpperBoundRatio))
	}
	fmt.Fprintf(w, "    cut      %s: %s links\n", f.Certificate.Text, comma(f.Certificate.CutLinks))
	if f.LowerBoundNote != "" {
		fmt.Fprintf(w, "    lower    %s\n", f.LowerBoundNote)
	}
	if f.Note != "" {
		fmt.Fprintf(w, "    note     %s\n", f.Note)
	}
	if rt := f.Routed; rt != nil && (!same(rt.UpperBoundBPS, f.UpperBoundBPS) || !same(rt.LowerBoundBPS, f.LowerBoundBPS)) {
		lb := "no lower bound proven"
		if rt.LowerBoundMethod != "none" && rt.LowerBoundBPS > 0 {
			lb = lbText(rt.LowerBoundMethod) + " bound"
		}
		if same(rt.LowerBoundBPS, rt.UpperBoundBPS) {
			fmt.Fprintf(w, "    routed   %s routing uses exactly %s per direction (%s met by the cut), ratio %s\n",
				strings.ReplaceAll(rt.Routing, "_", "/"), RateText(rt.UpperBoundBPS), lb, fixed3(rt.UpperBoundRatio))
		} else {
			fmt.Fprintf(w, "    routed   %s routing uses between %s (%s) and %s per direction, ratio %s–%s\n",
				strings.ReplaceAll(rt.Routing, "_", "/"), RateText(rt.LowerBoundBPS), lb, RateText(rt.UpperBoundBPS),
				fixed3(rt.LowerBoundRatio), fixed3(rt.UpperBoundRatio))
		}
	}
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

// comma formats a count with thousands separators ("65,536").
func comma(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// same reports whether two rates are equal up to float rounding.
func same(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
