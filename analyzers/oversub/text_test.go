package oversub_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/topoc/topoc/analyzers/oversub"
)

func TestWriteText(t *testing.T) {
	f := fabric(t, loadSource(t, taperedClos), "tapered")
	var b strings.Builder
	oversub.WriteText(&b, &f)
	want := `  oversub    end to end 4:1 (worst pod pod0)
    tier leaf        2:1 (16 switches)
    tier spine       2:1 (16 switches)
    leaf             2:1 (16 units, worst rack00/leaf0)
    rack             2:1 (16 units, worst rack00)
    pod              4:1 (4 units, worst pod0)
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	for r, s := range map[float64]string{3: "3:1", 31.0 / 32: "0.969:1", 0.4: "0.4:1", 1.5: "1.5:1"} {
		if got := oversub.Ratio(r); got != s {
			t.Errorf("Ratio(%g) = %q, want %q", r, got, s)
		}
	}
}

// A count of one reads in the singular: one leaf switch is "1 switch"
// and "1 unit".
func TestWriteTextSingular(t *testing.T) {
	f := fabric(t, loadSource(t, `fabric "one" {
  clos {
    hosts     = 8
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 8
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["rack"]
      down  = 8
      up    = 8
    }
    tier "spine" {
      model = "QM9700"
      count = 1
    }
  }
}`), "one")
	var b strings.Builder
	oversub.WriteText(&b, &f)
	for _, want := range []string{"    tier leaf        1:1 (1 switch)\n", "    leaf             1:1 (1 unit, worst rack0/leaf0)\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("got\n%s\nwant a line %q", b.String(), want)
		}
	}
}

// Routers a partial dragonfly leaves without terminals are 0:1, which
// would read as the tier's best ratio; they are counted apart (trial 58).
// 9 groups of 4 routers with 4 terminals each, 120 terminals built: 30
// routers full (4 down, 3 local + 2 global up: 0.8:1) and 6 empty; with
// 122, one router holds 2 terminals (0.4:1).
func TestWriteTextSwitchesWithNothingBelow(t *testing.T) {
	for terminals, want := range map[int]string{
		120: "    tier router      0.8:1 (36 switches; 6 with nothing below)\n",
		122: "    tier router      0.8:1 (36 switches, 0.4:1 to 0.8:1; 5 with nothing below)\n",
		144: "    tier router      0.8:1 (36 switches)\n",
	} {
		f := fabric(t, loadSource(t, `fabric "df" {
  dragonfly {
    p           = 4
    a           = 4
    h           = 2
    g           = 9
    terminals   = `+strconv.Itoa(terminals)+`
    local_rate  = "200Gb/s"
    global_rate = "200Gb/s"
  }
}`), "df")
		var b strings.Builder
		oversub.WriteText(&b, &f)
		if !strings.Contains(b.String(), want) {
			t.Errorf("terminals = %d: got\n%s\nwant a line %q", terminals, b.String(), want)
		}
		if strings.Contains(b.String(), " 0:1") {
			t.Errorf("terminals = %d: a 0:1 ratio is printed:\n%s", terminals, b.String())
		}
	}
}

// RatioPair prints the ends of an interval apart where three digits
// would print them alike (audit of issue 11: the SuperPOD at up = 28
// read "between 1.33:1 and 1.33:1" for 1.328–1.333).
func TestRatioPair(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		a, b   string
	}{
		{1.328, 1.3333333, "1.328:1", "1.333:1"},
		{1.5, 2, "1.5:1", "2:1"},
		{1.25, 1.25, "1.25:1", "1.25:1"},
		{1.0000001, 1.0000002, "1:1", "1:1"},
	} {
		if a, b := oversub.RatioPair(c.lo, c.hi); a != c.a || b != c.b {
			t.Errorf("RatioPair(%g, %g) = %s, %s; want %s, %s", c.lo, c.hi, a, b, c.a, c.b)
		}
	}
}
