package units

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestRate(t *testing.T) {
	for v, want := range map[float64]string{
		400e9: "400Gb/s", 1.6e12: "1.6Tb/s", 100e6: "100Mb/s", 26214.4e12: "26.2144Pb/s", 139520e12: "139.52Pb/s",
		0: "0b/s", 1: "1b/s", 1500: "1.5Kb/s", 504.1e9: "504.1Gb/s", 817.6e12: "817.6Tb/s",
		-200e9: "-200Gb/s", math.Inf(1): "+Inf",
	} {
		if got := Rate(v); got != want {
			t.Errorf("Rate(%v) = %q, want %q", v, got, want)
		}
	}
}

// Rate's text parses back to the same float: the exact form round-trips.
func TestRateRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	scale := map[string]float64{"Pb/s": 1e15, "Tb/s": 1e12, "Gb/s": 1e9, "Mb/s": 1e6, "Kb/s": 1e3, "b/s": 1}
	for range 20000 {
		v := math.Ldexp(r.Float64(), r.IntN(60))
		s := Rate(v)
		for _, u := range []string{"Pb/s", "Tb/s", "Gb/s", "Mb/s", "Kb/s", "b/s"} {
			if num, ok := strings.CutSuffix(s, u); ok {
				exp := int(math.Round(math.Log10(scale[u])))
				got, err := strconv.ParseFloat(num+"e"+strconv.Itoa(exp), 64)
				if err != nil || got != v {
					t.Fatalf("Rate(%v) = %q parses to %v", v, s, got)
				}
				break
			}
		}
	}
}

func TestSizeLengthCount(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Size(141e9), "141GB"}, {Size(1 << 30), "1GiB"}, {Size(64 << 20), "64MiB"}, {Size(1500), "1.5KB"},
		{Length(2000), "2km"}, {Length(3), "3m"}, {Length(0.5), "0.5m"}, {Length(0.05), "50mm"},
		{Count(65536), "65,536"}, {Count(-1024), "-1,024"}, {Count(999), "999"}, {Count(0), "0"},
		{CountOf(1, "link", "links"), "1 link"}, {CountOf(0, "link", "links"), "0 links"}, {CountOf(1024, "switch", "switches"), "1,024 switches"},
		{CountOf(1, "cable", "cables") + " " + Agree(1, "has", "have"), "1 cable has"},
		{CountOf(2, "cable", "cables") + " " + Agree(2, "has", "have"), "2 cables have"},
		{Agree(0, "it", "them"), "them"},
		{Seconds(1.25, 3), "1.25s"}, {Seconds(0.0032, 3), "3.2ms"}, {Seconds(750e-6, 3), "750µs"},
		{Seconds(9.91e10, 3), "9.91e10s"}, {Seconds(6.01e18, 4), "6.01e18s"}, {Seconds(1e6, 3), "1e6s"}, {Seconds(999999, 3), "1e6s"}, {Seconds(999000, 3), "999000s"},
		{RateSig(200.6321e9, 4), "200.6Gb/s"}, {RateSig(999.96e9, 4), "1000Gb/s"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// A bound rounded Down never prints above its value and Up never below,
// checked on random values by parsing the text back; with the digits to
// spare it is the exact value.
func TestRateBoundDirected(t *testing.T) {
	for v, want := range map[float64][2]string{
		17.15014e12:   {"17.1501Tb/s", "17.1502Tb/s"},
		18e12:         {"18Tb/s", "18Tb/s"},
		13952.1052e12: {"13.9521Pb/s", "13.9522Pb/s"},
		999.9999e9:    {"999.999Gb/s", "1000Gb/s"},
		// Rounding noise around a short decimal is that decimal (trial
		// 50's whole-leaf bound printed "87.9999Tb/s"); a real digit is
		// kept.
		87.99999999999999e12: {"88Tb/s", "88Tb/s"},
		88.00000000000001e12: {"88Tb/s", "88Tb/s"},
		87.9999999e12:        {"87.9999Tb/s", "88Tb/s"},
	} {
		if d, u := RateBound(v, 6, Down), RateBound(v, 6, Up); d != want[0] || u != want[1] {
			t.Errorf("%v: %q %q, want %q %q", v, d, u, want[0], want[1])
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	back := func(s string) float64 {
		for u, e := range map[string]string{"Pb/s": "e15", "Tb/s": "e12", "Gb/s": "e9", "Mb/s": "e6", "Kb/s": "e3"} {
			if num, ok := strings.CutSuffix(s, u); ok {
				f, _ := strconv.ParseFloat(num+e, 64)
				return f
			}
		}
		f, _ := strconv.ParseFloat(strings.TrimSuffix(s, "b/s"), 64)
		return f
	}
	for range 20000 {
		v := math.Ldexp(r.Float64(), r.IntN(60)) * float64(1-2*r.IntN(2))
		n := 1 + r.IntN(8)
		noise := NoiseTolerance * math.Abs(v)
		if d := back(RateBound(v, n, Down)); d > v+noise {
			t.Fatalf("RateBound(%v, %d, Down) = %q, above", v, n, RateBound(v, n, Down))
		}
		if u := back(RateBound(v, n, Up)); u < v-noise {
			t.Fatalf("RateBound(%v, %d, Up) = %q, below", v, n, RateBound(v, n, Up))
		}
	}
}

func TestFixedBound(t *testing.T) {
	for _, c := range []struct {
		x    float64
		r    Rounding
		want string
	}{
		{0.5316, Down, "0.531"}, {0.5316, Up, "0.532"}, {0.5316, Nearest, "0.532"},
		{0.5, Down, "0.500"}, {0.5, Up, "0.500"}, {0.99999, Down, "0.999"}, {0.99999, Up, "1.000"},
		{-0.0001, Up, "0.000"}, {1.0 / 3, Up, "0.334"},
		{0.44 - 1e-16, Down, "0.440"}, {0.44 + 1e-16, Up, "0.440"}, {0.44 - 1e-9, Down, "0.439"},
	} {
		if got := FixedBound(c.x, 3, c.r); got != c.want {
			t.Errorf("FixedBound(%v, 3, %d) = %q, want %q", c.x, c.r, got, c.want)
		}
	}
}

// TestPower: power literals parse to watts and format back to the same
// text; a misspelt unit gets its symbol suggested.
func TestPower(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
		out  string
	}{{"15W", 15, "15W"}, {"10.2kW", 10200, "10.2kW"}, {"1.2MW", 1.2e6, "1.2MW"}, {"500mW", 0.5, "500mW"}, {"0W", 0, "0W"}, {"40 kW", 40000, "40kW"}} {
		v, err := ParsePower(c.in)
		if err != nil || v != c.want {
			t.Errorf("ParsePower(%q) = %v, %v; want %v", c.in, v, err, c.want)
			continue
		}
		if got := Power(v); got != c.out {
			t.Errorf("Power(%v) = %q, want %q", v, got, c.out)
		}
	}
	for in, hint := range map[string]string{"15w": `"15W"`, "10kw": `"10kW"`, "3 watts": `"3W"`, "2 kilowatts": `"2kW"`} {
		_, err := ParsePower(in)
		if err == nil || !strings.Contains(err.Error(), hint) {
			t.Errorf("ParsePower(%q) error %v, want a hint %s", in, err, hint)
		}
	}
	if _, err := ParsePower("2GW"); err == nil {
		t.Errorf("ParsePower(2GW) accepted a unit it does not know")
	}
}

// Compute throughput literals: a GPU's datasheet peak ("989TFLOP/s",
// NVIDIA H100 SXM dense BF16) read back from its canonical text.
func TestCompute(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
		out  string
	}{{"989TFLOP/s", 989e12, "989TFLOP/s"}, {"2.25PFLOP/s", 2.25e15, "2.25PFLOP/s"}, {"400 TFLOP/s", 400e12, "400TFLOP/s"}, {"1EFLOP/s", 1e18, "1EFLOP/s"}} {
		v, err := ParseCompute(c.in)
		if err != nil || v != c.want {
			t.Errorf("ParseCompute(%q) = %v, %v; want %v", c.in, v, err, c.want)
			continue
		}
		if got := Compute(v); got != c.out {
			t.Errorf("Compute(%v) = %q, want %q", v, got, c.out)
		}
	}
	for in, hint := range map[string]string{"989tflops": `"989TFLOP/s"`, "989TFLOPS": `"989TFLOP/s"`} {
		if _, err := ParseCompute(in); err == nil || !strings.Contains(err.Error(), hint) {
			t.Errorf("ParseCompute(%q) error %v, want a hint %s", in, err, hint)
		}
	}
	if _, err := ParseCompute("989TB/s"); err == nil {
		t.Error("ParseCompute accepted a size rate")
	}
}
