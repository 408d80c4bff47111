package units

import (
	"math"
	"testing"
)

// fuzzUnit checks one parser on arbitrary input: it never panics, an
// accepted value is finite and within [0, max], and its canonical text
// parses back to the same value (within 1e-9 relative; in fact exactly).
func fuzzUnit(f *testing.F, parse func(string) (float64, error), format func(float64) string, max float64, seeds []string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parse(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error message", s)
			}
			return
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > max {
			t.Fatalf("%q parsed to %v, outside [0, %v]", s, v, max)
		}
		text := format(v)
		back, err := parse(text)
		if err != nil {
			t.Fatalf("%q = %v formats as %q, which does not parse: %v", s, v, text, err)
		}
		if math.Abs(back-v) > 1e-9*math.Abs(v) {
			t.Fatalf("%q = %v formats as %q, which parses to %v", s, v, text, back)
		}
	})
}

func seedsOf(ok []unitCase, bad []struct {
	in       string
	contains []string
}) []string {
	var out []string
	for _, c := range ok {
		out = append(out, c.in)
	}
	for _, c := range bad {
		out = append(out, c.in)
	}
	return out
}

func FuzzParseRate(f *testing.F) {
	fuzzUnit(f, ParseRate, Rate, MaxRate, seedsOf(rateOK, rateBad))
}

func FuzzParseSize(f *testing.F) {
	fuzzUnit(f, ParseSize, Size, MaxSize, seedsOf(sizeOK, sizeBad))
}

func FuzzParseLength(f *testing.F) {
	fuzzUnit(f, ParseLength, Length, MaxLength, seedsOf(lengthOK, lengthBad))
}
