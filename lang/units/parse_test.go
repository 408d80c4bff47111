package units

import (
	"math"
	"strings"
	"testing"
)

type unitCase struct {
	in   string
	want float64
}

var rateOK = []unitCase{
	{"400Gb/s", 400e9},
	{"400 Gb/s", 400e9},
	{"1.6Tb/s", 1.6e12},
	{"12.8Tb/s", 12.8e12},
	{"0.5Gb/s", 0.5e9},
	{"100Mb/s", 100e6},
	{"10Kb/s", 10e3},
	{"10kb/s", 10e3},
	{"9600b/s", 9600},
	{"400Gbps", 400e9},
	{"1Tbps", 1e12},
	{"100Mbps", 100e6},
	{"56Kbps", 56e3},
	{"56kbps", 56e3},
	{"1200bps", 1200},
	{"50GB/s", 4e11},
	{"450GB/s", 3.6e12},
	{"900 GB/s", 7.2e12},
	{"1TB/s", 8e12},
	{"25MB/s", 200e6},
	{"3KB/s", 24e3},
	{"3kB/s", 24e3},
	{"1B/s", 8},
	{"50GBps", 4e11},
	{"1TBps", 8e12},
	{"1MBps", 8e6},
	{"1KBps", 8e3},
	{"2Bps", 16},
	{"0Gb/s", 0},
	{"0b/s", 0},
	{"007Gb/s", 7e9},
	{"1000000Tb/s", 1e18},
	{"1000Pb/s", 1e18},
	{"139.52Pb/s", 139.52e15},
	{"400Pb/s", 400e15},
	{"2Pbps", 2e15},
	{"1PB/s", 8e15},
	{"1PBps", 8e15},
	{"1b/s", 1},
}

var rateBad = []struct {
	in       string
	contains []string // substrings the error must contain
}{
	{"", []string{"is empty"}},
	{"400G", []string{`did you mean "400Gb/s"`, "b/s, Kb/s"}},
	{"400Gbs", []string{`did you mean "400Gb/s"`, `"Gbs" is not a unit of rate`, `e.g. "400Gb/s" or "50GB/s"`}},
	{"400gb/s", []string{`did you mean "400Gb/s"`}},
	{"400GB", []string{`did you mean "400GB/s"`}},
	{"400gbps", []string{`did you mean "400Gb/s"`}},
	{"400Gbit/s", []string{`did you mean "400Gb/s"`}},
	{"400 gbit/s", []string{`did you mean "400Gb/s"`}},
	{"50Gbytes/s", []string{`did you mean "50GB/s"`}},
	{"400", []string{"a rate needs a unit"}},
	{"Gb/s", []string{"must start with a number"}},
	{"-400Gb/s", []string{"negative"}},
	{"+400Gb/s", []string{"without a sign"}},
	{".5Gb/s", []string{"0.5"}},
	{"1.Gb/s", []string{"decimal point must be followed by digits"}},
	{"1e3Gb/s", []string{"exponents (1e3) are not allowed"}},
	{"1E3Gb/s", []string{"exponents (1e3) are not allowed"}},
	{"400  Gb/s", []string{`did you mean "400Gb/s"`}},
	{" 400Gb/s", []string{`did you mean "400Gb/s"`}},
	{"400Gb/s ", []string{`did you mean "400Gb/s"`}},
	{"1,6Tb/s", []string{`did you mean "1.6Tb/s"`}},
	{"400\tGb/s", nil},
	{"400Gb/sec", []string{`did you mean "400Gb/s"`}},
	{"400pb/s", []string{`did you mean "400Pb/s"`}},
	{"400Eb/s", nil},
	{"400xb/s", nil},
	{"NaN", nil},
	{"Inf", nil},
	{"Infb/s", nil},
	{"0x10Gb/s", nil},
	{"1_000Gb/s", nil},
	{"1000001Tb/s", []string{"above the largest rate, 1000Pb/s"}},
	{"99999999999999999999999999999999Tb/s", []string{"above the largest"}},
	{"0.5b/s", []string{"below the smallest nonzero rate, 1b/s"}},
	{strings.Repeat("1", 65) + "b/s", []string{"longer than 64"}},
	{"400Gb/s/s", nil},
	{"１Gb/s", nil},
}

var sizeOK = []unitCase{
	{"1B", 1},
	{"141GB", 141e9},
	{"80 GB", 80e9},
	{"1KB", 1e3},
	{"1kB", 1e3},
	{"1.5MB", 1.5e6},
	{"2TB", 2e12},
	{"1PB", 1e15},
	{"1KiB", 1024},
	{"64MiB", 64 << 20},
	{"1GiB", 1073741824},
	{"0.5GiB", 1 << 29},
	{"2TiB", 2 << 40},
	{"1PiB", 1 << 50},
	{"0B", 0},
	{"1000PB", 1e18},
}

var sizeBad = []struct {
	in       string
	contains []string
}{
	{"141", []string{"a size needs a unit"}},
	{"141gb", []string{`did you mean "141GB"`}},
	{"141G", []string{`did you mean "141GB" or "141GiB"`}},
	{"1gib", []string{`did you mean "1GiB"`}},
	{"1GIB", []string{`did you mean "1GiB"`}},
	{"141Gb", []string{`did you mean "141GB"`}},
	{"141GBytes", []string{`did you mean "141GB"`}},
	{"1EB", nil},
	{"1KB/s", nil},
	{"0.5B", []string{"below the smallest nonzero size, 1B"}},
	{"1001PB", []string{"above the largest size"}},
	{"-1GB", []string{"negative"}},
}

var lengthOK = []unitCase{
	{"0.5m", 0.5},
	{"2km", 2000},
	{"3m", 3},
	{"3 m", 3},
	{"30cm", 0.3},
	{"150mm", 0.15},
	{"0m", 0},
	{"0.001mm", 1e-6},
	{"10000km", 1e7},
}

var lengthBad = []struct {
	in       string
	contains []string
}{
	{"3", []string{"a length needs a unit"}},
	{"3M", []string{`did you mean "3m"`}},
	{"3meters", []string{`did you mean "3m"`}},
	{"3 metres", []string{`did you mean "3m"`}},
	{"2KM", []string{`did you mean "2km"`}},
	{"2Km", []string{`did you mean "2km"`}},
	{"30 centimeters", []string{`did you mean "30cm"`}},
	{"10ft", []string{"mm, cm, m, km"}},
	{"0.0001mm", []string{"below the smallest nonzero length"}},
	{"10001km", []string{"above the largest length"}},
}

func checkOK(t *testing.T, parse func(string) (float64, error), cases []unitCase) {
	t.Helper()
	for _, c := range cases {
		got, err := parse(c.in)
		if err != nil {
			t.Errorf("%q: unexpected error: %v", c.in, err)
			continue
		}
		if got != c.want {
			t.Errorf("%q = %v, want %v", c.in, got, c.want)
		}
	}
}

func checkBad(t *testing.T, noun string, parse func(string) (float64, error), cases []struct {
	in       string
	contains []string
}) {
	t.Helper()
	for _, c := range cases {
		got, err := parse(c.in)
		if err == nil {
			t.Errorf("%q: parsed as %v, want an error", c.in, got)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, "is not a "+noun) {
			t.Errorf("%q: error %q does not say it is not a %s", c.in, msg, noun)
		}
		for _, s := range c.contains {
			if !strings.Contains(msg, s) {
				t.Errorf("%q: error %q does not contain %q", c.in, msg, s)
			}
		}
	}
}

func TestParseRate(t *testing.T) {
	checkOK(t, ParseRate, rateOK)
	checkBad(t, "rate", ParseRate, rateBad)
}

func TestParseSize(t *testing.T) {
	checkOK(t, ParseSize, sizeOK)
	checkBad(t, "size", ParseSize, sizeBad)
}

func TestParseLength(t *testing.T) {
	checkOK(t, ParseLength, lengthOK)
	checkBad(t, "length", ParseLength, lengthBad)
}

func TestRateErrorMessage(t *testing.T) {
	_, err := ParseRate("400Gbs")
	want := `"400Gbs" is not a rate: "Gbs" is not a unit of rate (did you mean "400Gb/s"?); ` +
		`write a number followed by one of b/s, Kb/s, Mb/s, Gb/s, Tb/s, Pb/s, B/s, KB/s, MB/s, GB/s, TB/s, PB/s ` +
		`(or bps, Kbps, Mbps, Gbps, Tbps, Pbps, Bps, KBps, MBps, GBps, TBps, PBps), e.g. "400Gb/s" or "50GB/s"`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
}

func TestFormat(t *testing.T) {
	cases := []struct {
		f    func(float64) string
		in   float64
		want string
	}{
		{Rate, 400e9, "400Gb/s"},
		{Rate, 1.6e12, "1.6Tb/s"},
		{Rate, 12.8e12, "12.8Tb/s"},
		{Rate, 100e6, "100Mb/s"},
		{Rate, 4e11, "400Gb/s"},
		{Rate, 3.6e12, "3.6Tb/s"},
		{Rate, 999e9, "999Gb/s"},
		{Rate, 1e3, "1Kb/s"},
		{Rate, 8, "8b/s"},
		{Rate, 0, "0b/s"},
		{Rate, math.Copysign(0, -1), "0b/s"},
		{Rate, 1e18, "1000Pb/s"},
		{Rate, 139520e12, "139.52Pb/s"},
		{Rate, 999.9e12, "999.9Tb/s"},
		{Rate, -400e9, "-400Gb/s"},
		{Rate, 0.5, "0.5b/s"},
		{Rate, math.NaN(), "NaN"},
		{Rate, math.Inf(1), "+Inf"},
		{Size, 141e9, "141GB"},
		{Size, 1073741824, "1GiB"},
		{Size, 64 << 20, "64MiB"},
		{Size, 1e9, "1GB"},
		{Size, 1500, "1.5KB"},
		{Size, 2048, "2KiB"},
		{Size, 1024000, "1.024MB"},
		{Size, 512, "512B"},
		{Size, 0, "0B"},
		{Size, 1 << 50, "1PiB"},
		{Length, 0.5, "0.5m"},
		{Length, 2000, "2km"},
		{Length, 3, "3m"},
		{Length, 0.05, "50mm"},
		{Length, 0.15, "0.15m"},
		{Length, 0, "0m"},
		{Length, 1e-6, "0.001mm"},
	}
	for _, c := range cases {
		if got := c.f(c.in); got != c.want {
			t.Errorf("format(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestRoundTrip checks that every accepted literal formats to text that
// parses back to exactly the same value.
func TestRoundTrip(t *testing.T) {
	kinds := []struct {
		parse  func(string) (float64, error)
		format func(float64) string
		cases  []unitCase
	}{
		{ParseRate, Rate, rateOK},
		{ParseSize, Size, sizeOK},
		{ParseLength, Length, lengthOK},
	}
	for _, k := range kinds {
		for _, c := range k.cases {
			text := k.format(c.want)
			back, err := k.parse(text)
			if err != nil || back != c.want {
				t.Errorf("%q: formatted %q, parsed back %v, %v", c.in, text, back, err)
			}
		}
	}
}
