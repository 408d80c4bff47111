package results

import (
	"fmt"
	"math"
	"strings"

	"github.com/topoc/topoc/lang/units"
)

// FormatValue writes a report value for people (check, diff, review):
// integers with thousands separators, ratios with three decimals, rates
// (paths ending in _bps) at six significant digits, durations (_s) at
// four and sizes (_bytes) in lang/units' style, "—" for absent.
func FormatValue(path string, v any) string {
	switch t := v.(type) {
	case nil:
		return "—"
	case float64:
		switch {
		case IsOversubscription(path):
			return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.3f", t), "0"), ".") + ":1"
		case strings.HasSuffix(path, "_bps"):
			return units.RateSig(t, 6)
		case strings.HasSuffix(path, "_s"):
			return units.Seconds(t, 4)
		case strings.HasSuffix(path, "_bytes"):
			return units.Size(t)
		case strings.HasSuffix(path, "ratio"):
			return fmt.Sprintf("%.3f", t) // as check prints ratios: 1.000, not 1
		case t == math.Trunc(t) && math.Abs(t) < 1e15:
			return units.Count(int(t))
		default:
			return fmt.Sprintf("%.3f", t)
		}
	}
	return fmt.Sprint(v)
}

// IsOversubscription reports whether a report path holds an
// oversubscription ratio, which reviewers read as "3:1".
func IsOversubscription(path string) bool {
	if !strings.HasPrefix(path, "oversubscription.") {
		return false
	}
	last := path[strings.LastIndex(path, ".")+1:]
	switch last {
	case "end_to_end", "end_to_end_lower_bound", "end_to_end_upper_bound", "ratio", "min", "max", "global_taper", "intra_rail", "cross_rail":
		return true
	}
	return false
}
