package bisection

import (
	"fmt"
	"io"
	"strconv"
)

// WriteText writes the bisection section of `topoc check`'s text summary:
// the value, ratio and method, the bounds when they differ, and the cut.
func WriteText(w io.Writer, f *Fabric) {
	r := strconv.FormatFloat(f.Ratio, 'f', 3, 64)
	switch f.Method {
	case "heuristic":
		fmt.Fprintf(w, "  bisection  %s per direction, ratio %s (heuristic: between %s and %s, ratio ≥ %s by the %s bound)\n",
			rateText(f.BandwidthBPS), r, rateText(f.LowerBoundBPS), rateText(f.UpperBoundBPS),
			strconv.FormatFloat(f.LowerBoundRatio, 'f', 3, 64), lbText(f.LowerBoundMethod))
	default:
		fmt.Fprintf(w, "  bisection  %s per direction, ratio %s (%s)\n", rateText(f.BandwidthBPS), r, f.Method)
	}
	fmt.Fprintf(w, "    cut      %s: %s links\n", f.Certificate.Text, comma(f.Certificate.CutLinks))
}

// comma formats a count with thousands separators ("65,536").
func comma(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
