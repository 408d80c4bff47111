package units

import (
	"math"
	"strconv"
	"strings"
)

// Rounding says which way a number leaves the digits it is written in.
type Rounding int

const (
	// Nearest rounds to the nearest (ties to even, as strconv does): for
	// modelled values.
	Nearest Rounding = iota
	// Down rounds toward −∞: for a proven lower bound, which stays proven.
	Down
	// Up rounds toward +∞: for a proven upper bound.
	Up
)

// RateSig formats a modelled rate in bits per second per direction,
// rounded to the nearest at digits significant digits, in Rate's units:
// RateSig(200.6321e9, 4) = "200.6Gb/s". A value derived from a model has
// no more precision than its model; digits < 1 is taken as 1.
func RateSig(bps float64, digits int) string {
	return RateBound(bps, digits, Nearest)
}

// RateBound formats a rate in bits per second per direction at digits
// significant digits, rounded as r says, in Rate's units. A lower bound
// is written with Down and an upper bound with Up, so the printed number
// is still a bound: RateBound(17.15014e12, 6, Down) = "17.1501Tb/s".
// Values with no more digits than asked print exactly, as Rate does.
func RateBound(bps float64, digits int, r Rounding) string {
	return inUnits(bps, rateUnits, rateLast, func(v float64, exp10 int) string {
		return significant(v, exp10, digits, r)
	})
}

// Seconds formats a modelled duration in seconds at digits significant
// digits, rounded to the nearest, in s, ms, µs or ns: "1.25s", "3.2ms",
// "750µs". From 10^6 s (11.6 days, far beyond any training step; only
// absurd inputs reach it) it writes a power of ten, "9.91e10s", rather
// than a string of zeros.
func Seconds(s float64, digits int) string {
	sci := strconv.FormatFloat(s, 'e', max(digits, 1)-1, 64)
	if r, _ := strconv.ParseFloat(sci, 64); math.Abs(r) >= 1e6 && !math.IsInf(s, 0) {
		mant, exp, _ := strings.Cut(sci, "e")
		if strings.Contains(mant, ".") {
			mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
		}
		return mant + "e" + strings.TrimLeft(strings.TrimPrefix(exp, "+"), "0") + "s"
	}
	return inUnits(s, []unit{{0, "s"}, {-3, "ms"}, {-6, "µs"}}, unit{-9, "ns"}, func(v float64, exp10 int) string {
		return significant(v, exp10, digits, Nearest)
	})
}

// FixedBound formats x with places decimals, rounded as r says and with
// its trailing zeros kept ("0.500"): ratios as check prints them, a lower
// end with Down and an upper end with Up.
func FixedBound(x float64, places int, r Rounding) string {
	if math.IsInf(x, 0) || math.IsNaN(x) || r == Nearest {
		return strconv.FormatFloat(x, 'f', places, 64)
	}
	s := strconv.FormatFloat(x, 'f', places, 64)
	y, _ := strconv.ParseFloat(s, 64)
	if math.Abs(y-x) <= NoiseTolerance*math.Abs(x) {
		return s // rounding noise around a short decimal (NoiseTolerance)
	}
	step := math.Pow10(-places)
	switch {
	case r == Down && y > x:
		s = strconv.FormatFloat(y-step, 'f', places, 64)
	case r == Up && y < x:
		s = strconv.FormatFloat(y+step, 'f', places, 64)
	}
	if z, _ := strconv.ParseFloat(s, 64); z == 0 {
		return strings.TrimPrefix(s, "-") // no "-0.000"
	}
	return s
}

// NoiseTolerance is the relative distance from a short decimal within
// which a bound is taken to be that decimal when printed. A bound computed
// in floating point (a sum over thousands of links, θ × an injection)
// carries rounding error of about 1e-16 per operation: 88 Tb/s computed
// as 87.99999999999999 Tb/s is 88 Tb/s, and rounding it down printed
// "87.9999Tb/s", a digit the proof never had. 1e-12 is far above that
// noise and far below any difference the analyses tell apart (their own
// tolerance for a lower bound meeting a cut is 1e-9, bisection.meets).
const NoiseTolerance = 1e-12

// floatNoise reports whether v, in units of 10^exp10, lies within
// NoiseTolerance of its nearest rounding at digits significant digits.
func floatNoise(v float64, exp10, digits int) bool {
	near, err := strconv.ParseFloat(strconv.FormatFloat(v, 'e', digits-1, 64), 64)
	return err == nil && near != v && math.Abs(near-v) <= NoiseTolerance*math.Abs(v)
}

// significant writes v in units of 10^exp10 at digits significant digits,
// rounded as r says. Nearest takes strconv's correctly rounded digits;
// Down and Up cut v's shortest round-trip digits and step the last kept
// digit where the cut went the wrong way, checked by parsing back.
func significant(v float64, exp10, digits int, r Rounding) string {
	digits = max(digits, 1)
	if v == 0 {
		return "0"
	}
	if r == Nearest || floatNoise(v, exp10, digits) {
		neg, d, e := decimal(strconv.FormatFloat(v, 'e', digits-1, 64))
		return place(neg, d, e-exp10)
	}
	neg, d, e := decimal(strconv.FormatFloat(v, 'e', -1, 64))
	if len(d) <= digits {
		return place(neg, d, e-exp10)
	}
	// Toward −∞ is toward zero for v > 0 and away from it for v < 0.
	away := (r == Up) != neg
	kept, _ := strconv.ParseUint(d[:digits], 10, 64)
	if away {
		kept++
	}
	text := strconv.FormatUint(kept, 10)
	if len(text) > digits { // 999 → 1000: one more digit before the point
		e++
		text = text[:digits]
	}
	out := place(neg, text, e-exp10)
	// The cut digits were nonzero, so toward zero is strictly below |v|
	// in decimal; check the float the text parses to all the same.
	if got, err := strconv.ParseFloat(out+"e"+strconv.Itoa(exp10), 64); err == nil && !away && math.Abs(got) > math.Abs(v) {
		kept--
		if text = strconv.FormatUint(kept, 10); len(text) < digits { // 1000 → 999
			e--
		}
		out = place(neg, text, e-exp10)
	}
	return out
}
