package units

import (
	"math"
	"strconv"
	"strings"
)

// unit is a unit's canonical spelling with its decimal exponent.
type unit struct {
	exp10 int
	name  string
}

// rateUnits are the rate units largest first, and the last one. Pb/s is
// the largest: the design language reads no larger one (a printed value
// must parse back), and a fabric's summed capacity reaches it
// ("139.52Pb/s" rather than "139520Tb/s"; thousands separators would not
// parse back, and "1,6Tb/s" reads as a decimal comma).
var (
	rateUnits = []unit{{15, "Pb/s"}, {12, "Tb/s"}, {9, "Gb/s"}, {6, "Mb/s"}, {3, "Kb/s"}}
	rateLast  = unit{0, "b/s"}
)

// Rate formats an exact rate in bits per second per direction: always
// bits, in the largest of Pb/s, Tb/s, Gb/s, Mb/s, Kb/s, b/s that keeps the
// number at least 1, with the shortest decimal that parses back to the
// same value and no trailing zeros: "400Gb/s", "1.6Tb/s", "100Mb/s",
// "26.2144Pb/s". It is topoc's one formatting of rates (RateSig and
// RateBound round in the same units). NaN and infinities format as strconv does ("NaN",
// "+Inf"), without a unit.
func Rate(bps float64) string {
	return inUnits(bps, rateUnits, rateLast, shortest)
}

// Size formats a size in bytes: the shorter of the decimal form (PB, TB,
// GB, MB, KB, B) and the binary form (PiB … KiB), the decimal one on a
// tie: "141GB", "1GiB", "64MiB", "1.5KB". NaN and infinities format as
// strconv does, without a unit.
func Size(bytes float64) string {
	dec := inUnits(bytes, []unit{{15, "PB"}, {12, "TB"}, {9, "GB"}, {6, "MB"}, {3, "KB"}}, unit{0, "B"}, shortest)
	a := math.Abs(bytes)
	if math.IsInf(a, 0) || math.IsNaN(a) || a < 1024 {
		return dec
	}
	names := []string{"", "KiB", "MiB", "GiB", "TiB", "PiB"}
	k := 1
	for k+1 < len(names) && a >= math.Ldexp(1, 10*(k+1)) {
		k++
	}
	bin := shortest(math.Ldexp(bytes, -10*k), 0) + names[k]
	if len(bin) < len(dec) {
		return bin
	}
	return dec
}

// Length formats a length in metres: km from 1000 m, m from 0.1 m, mm
// below: "2km", "3m", "0.5m", "50mm". NaN and infinities format as
// strconv does, without a unit.
func Length(metres float64) string {
	if a := math.Abs(metres); a >= 0.1 || a == 0 {
		return inUnits(metres, []unit{{3, "km"}}, unit{0, "m"}, shortest)
	}
	return inUnits(metres, nil, unit{-3, "mm"}, shortest)
}

// Power formats a power in watts: MW from 10^6 W, kW from 1000 W, W from
// 1 W, mW below: "15W", "10.2kW", "1.2MW".
func Power(watts float64) string {
	if a := math.Abs(watts); a >= 1 || a == 0 {
		return inUnits(watts, []unit{{6, "MW"}, {3, "kW"}}, unit{0, "W"}, shortest)
	}
	return inUnits(watts, nil, unit{-3, "mW"}, shortest)
}

// Compute formats a compute throughput in FLOP/s: EFLOP/s, PFLOP/s,
// TFLOP/s or GFLOP/s from their thresholds, FLOP/s below: "989TFLOP/s".
func Compute(flops float64) string {
	return inUnits(flops, []unit{{18, "EFLOP/s"}, {15, "PFLOP/s"}, {12, "TFLOP/s"}, {9, "GFLOP/s"}}, unit{0, "FLOP/s"}, shortest)
}

// Count writes a count with thousands separators: "65,536", "-1,024".
func Count(n int) string {
	if n < 0 {
		return "-" + Count(-n)
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// CountOf writes a count with its noun, singular for one and plural
// otherwise, the count with thousands separators: CountOf(1, "link",
// "links") is "1 link", CountOf(1024, "switch", "switches") "1,024
// switches". Messages use it instead of "link(s)".
func CountOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Count(n) + " " + many
}

// Agree returns one when n is 1 and many otherwise: the word that agrees
// with a count CountOf wrote, its verb or pronoun: "1 cable has no end,
// so it is", "2 cables have no end, so they are" from
// Agree(n, "has", "have") and Agree(n, "it is", "they are").
func Agree(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// inUnits writes v with text in the first of units (largest first) whose
// power of ten |v| reaches, else in last. text writes v in units of
// 10^exp10.
func inUnits(v float64, units []unit, last unit, text func(v float64, exp10 int) string) string {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	a := math.Abs(v)
	for _, u := range units {
		if a >= math.Pow10(u.exp10) {
			return text(v, u.exp10) + u.name
		}
	}
	return text(v, last.exp10) + last.name
}

// shortest returns the shortest plain decimal t (no exponent) for which
// strconv.ParseFloat(t+"e"+exp10) == v: v's shortest round-trip digits
// with the decimal point moved by exp10 places. Moving the point in the
// text rather than dividing keeps the round trip exact.
func shortest(v float64, exp10 int) string {
	if v == 0 {
		v = 0 // drop the sign of -0
	}
	neg, digits, e := decimal(strconv.FormatFloat(v, 'e', -1, 64))
	return place(neg, digits, e-exp10)
}

// decimal splits strconv's 'e' form ("-1.6e+12") into its sign, its
// digits without the point ("16") and the exponent of the first digit.
func decimal(s string) (neg bool, digits string, e int) {
	neg = strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	mant, expText, _ := strings.Cut(s, "e")
	e, _ = strconv.Atoi(expText)
	return neg, strings.Replace(mant, ".", "", 1), e
}

// place writes digits d₀d₁… whose first digit has weight 10^e as a plain
// decimal, dropping trailing zeros after the point.
func place(neg bool, digits string, e int) string {
	if t := strings.TrimRight(digits, "0"); t != "" {
		digits = t
	} else {
		return "0"
	}
	point := e + 1 // digits before the decimal point
	var out string
	switch {
	case point <= 0:
		out = "0." + strings.Repeat("0", -point) + digits
	case point >= len(digits):
		out = digits + strings.Repeat("0", point-len(digits))
	default:
		out = digits[:point] + "." + digits[point:]
	}
	if neg {
		return "-" + out
	}
	return out
}

// List joins phrases for a sentence: "a", "a and b", "a, b and c"; ""
// for none.
func List(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
