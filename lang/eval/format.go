package eval

import (
	"math"
	"strconv"
	"strings"
)

// unitName is a unit's canonical spelling with its decimal exponent.
type unitName struct {
	exp10 int
	name  string
}

// FormatRate formats a rate in bits per second as canonical text: always
// bits, in the largest of Tb/s, Gb/s, Mb/s, Kb/s, b/s that keeps the
// number at least 1, with the shortest decimal that parses back to the
// same value and no trailing zeros: "400Gb/s", "1.6Tb/s", "100Mb/s".
// NaN and infinities format as strconv does ("NaN", "+Inf"), without a
// unit.
func FormatRate(bps float64) string {
	return formatDecimalUnits(bps, []unitName{{12, "Tb/s"}, {9, "Gb/s"}, {6, "Mb/s"}, {3, "Kb/s"}}, unitName{0, "b/s"})
}

// FormatSize formats a size in bytes as canonical text: the shorter of the
// decimal form (PB, TB, GB, MB, KB, B) and the binary form (PiB ... KiB),
// the decimal one on a tie: "141GB", "1GiB", "64MiB", "1.5KB".
// NaN and infinities format as strconv does, without a unit.
func FormatSize(bytes float64) string {
	dec := formatDecimalUnits(bytes, []unitName{{15, "PB"}, {12, "TB"}, {9, "GB"}, {6, "MB"}, {3, "KB"}}, unitName{0, "B"})
	a := math.Abs(bytes)
	if math.IsInf(a, 0) || math.IsNaN(a) || a < 1024 {
		return dec
	}
	names := []string{"", "KiB", "MiB", "GiB", "TiB", "PiB"}
	k := 1
	for k+1 < len(names) && a >= math.Ldexp(1, 10*(k+1)) {
		k++
	}
	bin := decimalText(math.Ldexp(bytes, -10*k), 0) + names[k]
	if len(bin) < len(dec) {
		return bin
	}
	return dec
}

// FormatLength formats a length in metres as canonical text: km from
// 1000 m, m from 0.1 m, mm below: "2km", "3m", "0.5m", "50mm".
// NaN and infinities format as strconv does, without a unit.
func FormatLength(metres float64) string {
	if a := math.Abs(metres); a >= 0.1 || a == 0 {
		return formatDecimalUnits(metres, []unitName{{3, "km"}}, unitName{0, "m"})
	}
	return formatDecimalUnits(metres, nil, unitName{-3, "mm"})
}

// formatWith formats v with the formatter of q's kind.
func formatWith(q *quantity, v float64) string {
	switch q {
	case &rateQuantity:
		return FormatRate(v)
	case &sizeQuantity:
		return FormatSize(v)
	}
	return FormatLength(v)
}

// formatDecimalUnits writes v in the first of units (largest first) whose
// power of ten v reaches, else in last.
func formatDecimalUnits(v float64, units []unitName, last unitName) string {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	a := math.Abs(v)
	for _, u := range units {
		if a >= math.Pow10(u.exp10) {
			return decimalText(v, u.exp10) + u.name
		}
	}
	return decimalText(v, last.exp10) + last.name
}

// decimalText returns the shortest plain decimal text t (no exponent) for
// which strconv.ParseFloat(t+"e"+exp10) == v: v's shortest round-trip
// digits with the decimal point moved by exp10 places. Moving the point in
// the text rather than dividing keeps the round trip exact.
func decimalText(v float64, exp10 int) string {
	if v == 0 {
		v = 0 // drop the sign of -0
	}
	s := strconv.FormatFloat(v, 'e', -1, 64) // "-1.6e+12"
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	mant, expText, _ := strings.Cut(s, "e")
	e, _ := strconv.Atoi(expText)
	digits := strings.Replace(mant, ".", "", 1)
	point := e - exp10 + 1 // digits before the decimal point
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

// FormatCount writes a count with thousands separators, as messages print
// counts ("65,536", "-1,024").
func FormatCount(n int) string {
	if n < 0 {
		return "-" + FormatCount(-n)
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
