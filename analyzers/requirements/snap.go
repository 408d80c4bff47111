package requirements

import (
	"math"
	"math/big"
	"strconv"

	"github.com/zclconf/go-cty/cty"
)

// The analyses compute in float64 and the report carries the shortest
// decimal that reads back as each float, while HCL evaluates a
// condition's own arithmetic exactly (512-bit, cty.ParseNumberVal): a
// residual ratio of exactly 2/3, computed as 0.6666666666666666, failed
// `ratio >= (s - 1) / s` with s = 3 while printing 0.667 (trial 53). A
// value that lies within snapTolerance of a fraction p/q with q at most
// snapMaxDenominator, and is that fraction correctly rounded to float64,
// is taken to be that fraction, as HCL would compute it: the analyses'
// numbers are quotients of integer capacities and counts, and a float64
// stands for its rational only to about 1e-16.

// snapTolerance is the relative distance within which a report number is
// read as a nearby fraction: a few float64 units in the last place (2.2
// × 10⁻¹⁶ each), far below any difference the analyses tell apart (their
// own tolerance for a bound meeting a cut is 1e-9, bisection.meets).
const snapTolerance = 1e-15

// snapMaxDenominator bounds the fractions tried. Fractions of denominator
// at most q lie at least 1/q² = 10⁻¹² apart, so within snapTolerance of a
// value there is at most one. A bound on the search, not a modelling
// value: the examples' ratios of capacities and counts reduce to
// denominators under 10⁵ (dragonfly-545's bisection, 74,166 of 139,520
// links: 37,083/69,760), and a fraction past the bound is only compared
// as its float, as before.
const snapMaxDenominator = 1_000_000

// snapNumbers returns v with every known number that lies within
// snapTolerance of a fraction of denominator at most snapMaxDenominator,
// and rounds from it, replaced by that fraction at HCL's precision.
func snapNumbers(v cty.Value) (cty.Value, error) {
	return cty.Transform(v, func(_ cty.Path, x cty.Value) (cty.Value, error) {
		if x.Type() != cty.Number || !x.IsKnown() || x.IsNull() {
			return x, nil
		}
		f, _ := x.AsBigFloat().Float64()
		if p, q, ok := nearFraction(f); ok {
			num := new(big.Float).SetPrec(512).SetInt64(p)
			den := new(big.Float).SetPrec(512).SetInt64(q)
			r := new(big.Float).SetPrec(512).Quo(num, den)
			// Only where the float is the fraction correctly rounded (one
			// division of exact integers, as a ratio of two capacities
			// is): the report's number and the one a requirement reads
			// then stay the same float64.
			if rf, _ := r.Float64(); rf == f {
				return cty.NumberVal(r), nil
			}
		}
		return x, nil
	})
}

// nearFraction returns the fraction p/q (q ≥ 1, at most
// snapMaxDenominator) within snapTolerance of x, found among x's
// continued-fraction convergents (the best approximations of their
// denominators), and false when there is none.
func nearFraction(x float64) (p, q int64, ok bool) {
	if math.IsInf(x, 0) || math.IsNaN(x) || math.Abs(x) > 1e15 {
		return 0, 0, false
	}
	tol := snapTolerance * math.Abs(x)
	// Convergents h/k of x = [a0; a1, a2, …].
	h0, h1 := int64(1), int64(math.Floor(x))
	k0, k1 := int64(0), int64(1)
	r := x - math.Floor(x)
	for {
		if math.Abs(x-float64(h1)/float64(k1)) <= tol {
			return h1, k1, true
		}
		if r < 1e-18 {
			return 0, 0, false
		}
		r = 1 / r
		a := math.Floor(r)
		r -= a
		if a > snapMaxDenominator {
			return 0, 0, false
		}
		h0, h1 = h1, int64(a)*h1+h0
		k0, k1 = k1, int64(a)*k1+k0
		if k1 > snapMaxDenominator {
			return 0, 0, false
		}
	}
}

// messageDigits is the significant digits of a non-integer number that
// an error_message template quotes. The report's text shows three
// (oversub.Ratio, bisection ratios); six keep a quoted ratio or rate
// readable ("0.333333", not the 150 digits of a 512-bit 1/3, trial 56)
// while a count or a rate in bits per second, an integer, is quoted
// whole.
const messageDigits = 6

// messageNumbers returns v with every known non-integer number rounded to
// messageDigits significant digits, for the scope of an error_message.
func messageNumbers(v cty.Value) (cty.Value, error) {
	return cty.Transform(v, func(_ cty.Path, x cty.Value) (cty.Value, error) {
		if x.Type() != cty.Number || !x.IsKnown() || x.IsNull() || x.AsBigFloat().IsInt() {
			return x, nil
		}
		f, _ := x.AsBigFloat().Float64()
		if f == 0 || math.IsInf(f, 0) || math.IsNaN(f) {
			return x, nil
		}
		r, err := strconv.ParseFloat(strconv.FormatFloat(f, 'g', messageDigits, 64), 64)
		if err != nil {
			return x, nil
		}
		return cty.NumberFloatVal(r), nil
	})
}
