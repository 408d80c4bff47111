package resilience_test

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/analyzers/resilience"
	"github.com/topoc/topoc/compiler/compiletest"
)

// A sweep within LightBudget searches each scenario in full, so it finds
// the cuts a named scenario finds: trial 51's two planes of three tiers
// (180 dual-port hosts) read plane0/rack0/leaf0's loss as 11.92–21.2 Tb/s
// at the light effort, where the full search reads 11.92–18 Tb/s: its
// upper end is an 18 Tb/s cut, the exact bisection by trial 51's integer
// program (cbc), though the lower end stays the residual bound. Fails if
// the sweep is light (or the budget too small for 16 leaves).
func TestSmallSweepSearchedInFull(t *testing.T) {
	g := compiletest.Source(t, `
fabric "f" {
  clos {
    hosts      = 180
    host_rate  = "400Gb/s"
    host_ports = 2
    planes     = 2
    unit "rack" {
      nodes = 25
    }
    unit "pod" {
      units = 3
    }
    tier "leaf" {
      model = "TH4-64x400G"
      per   = ["rack"]
      down  = 25
      up    = 7
    }
    tier "spine" {
      model = "TH4-64x400G"
      per   = ["pod"]
      count = 3
      down  = 7
      up    = 5
    }
    tier "super_spine" {
      model = "TH4-64x400G"
      count = 2
    }
  }
}`)
	f, err := resilience.Resolve(g, "plane0/rack0/leaf0")
	if err != nil {
		t.Fatal(err)
	}
	r, err := resilience.Run(g, resilience.Options{Classes: []string{"leaf"}, Scenarios: []resilience.Scenario{{Name: "named", Failure: f}}})
	if err != nil {
		t.Fatal(err)
	}
	var swept, named float64
	for _, s := range r.Sweeps {
		for _, o := range s.Outcomes {
			switch o.Group {
			case "plane0/rack0/leaf0":
				swept = o.Fabrics[0].UpperBoundBPS
			case "named":
				named = o.Fabrics[0].UpperBoundBPS
			}
		}
	}
	if named != 18e12 || swept != named {
		t.Errorf("plane0/rack0/leaf0 down: swept upper end %v b/s, named %v; want both the 18 Tb/s cut (the sweep searched in full)", swept, named)
	}
}

// A sweep whose groups lie in two fabrics (tier spine in each) shows each
// fabric's worst scenario, not only the one that fared worse (trial 52:
// the backend's spine loss was hidden behind the storage fabric's).
func TestWorstPerFabric(t *testing.T) {
	g := compiletest.Source(t, `
fabric "wide" {
  clos {
    hosts     = 32
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 16
    }
    tier "leaf" {
      model = "TH4-64x400G"
      per   = ["rack"]
      down  = 16
      up    = 16
    }
    tier "spine" {
      model = "TH4-64x400G"
      count = 4
    }
  }
}
fabric "thin" {
  clos {
    hosts     = 32
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 16
    }
    tier "leaf" {
      model = "TH4-64x400G"
      per   = ["rack"]
      down  = 16
      up    = 2
    }
    tier "spine" {
      model = "TH4-64x400G"
      count = 2
    }
  }
}`)
	r, err := resilience.Run(g, resilience.Options{Classes: []string{"spine"}})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	resilience.WriteText(&b, r, false)
	out := b.String()
	if !strings.Contains(out, `worst in fabric "wide": spine0 (and 3 twins)`) || strings.Contains(out, `worst in fabric "thin"`) {
		t.Errorf("want the thin fabric's spine as the worst and the wide fabric's own worst beside it:\n%s", out)
	}
}

// unevenLeafSpine is trial 50's design b: 1,000 hosts on 24 leaves of 42
// (21 uplinks each, striped unevenly over 8 spines).
const unevenLeafSpine = `
fabric "be" {
  clos {
    hosts     = 1000
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 42
    }
    tier "leaf" {
      model = "TH4-64x400G"
      per   = ["rack"]
      down  = 42
      up    = 21
    }
    tier "spine" {
      model = "TH4-64x400G"
      count = 8
    }
  }
}
`

// A sweep past LightBudget is searched light and says so: trial 50's 192
// leaf–spine scenarios of a 1,000-host leaf-spine (6.5 × 10⁷ arc visits
// in full).
func TestLargeSweepSearchedLight(t *testing.T) {
	g := compiletest.Source(t, unevenLeafSpine)
	r, err := resilience.Run(g, resilience.Options{Classes: []string{"leaf_spine", "spine"}})
	if err != nil {
		t.Fatal(err)
	}
	if ls, sp := r.Sweeps[0], r.Sweeps[1]; ls.Evaluated != 192 || !ls.Light || ls.Quick || sp.Light {
		t.Errorf("leaf_spine: %d evaluated, light %v, quick %v; spine light %v: want 192 searched light, the 8 spines in full",
			ls.Evaluated, ls.Light, ls.Quick, sp.Light)
	}
	var b strings.Builder
	resilience.WriteText(&b, r, false)
	if !strings.Contains(b.String(), "192 evaluated (the others are twins: the same links to the same neighbours, so the same answer); searched light") {
		t.Errorf("the text does not say the leaf–spine sweep was searched light:\n%s", b.String())
	}
}

// A rack scenario says what the rack holds, switches by tier (an
// underscore written as a hyphen) before hosts, counts agreeing: two
// racks of 16 hosts under their leaf, the two spines in a network rack
// of their own (the cable plan's placement, docs/cabling.md).
func TestRackHolds(t *testing.T) {
	g := compiletest.Source(t, `
fabric "f" {
  clos {
    hosts     = 32
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 16
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["rack"]
      down  = 16
      up    = 16
    }
    tier "super_spine" {
      model = "QM9700"
      count = 2
    }
  }
}`)
	r, err := resilience.Run(g, resilience.Options{Classes: []string{"rack"}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range r.Sweeps[0].Outcomes {
		got = append(got, o.Group+": "+o.Holds)
	}
	want := "rack0: 1 leaf switch, 16 hosts; rack1: 1 leaf switch, 16 hosts; rack2: 2 super-spine switches, in a network rack the cable plan filled, not the design"
	if strings.Join(got, "; ") != want {
		t.Errorf("holds %q, want %q", strings.Join(got, "; "), want)
	}
}

// TestLeastBisectionShown: the sweep's worst ranks cut-off ranks first,
// so a PDU that takes two hosts (2 ranks, 93.8% of the bisection left)
// is the worst; the one that takes 3 of 4 spines (no rank lost, 25% left)
// is shown beside it as the least bisection left (trial 54 #9), and not
// when it is the worst itself.
func TestLeastBisectionShown(t *testing.T) {
	src := `
fabric "f" {
  clos {
    hosts     = 32
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 16
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["rack"]
      down  = 16
      up    = 16
    }
    tier "spine" {
      model = "QM9700"
      count = 4
    }
  }
}
risk_group "pdu_a" {
  class   = "pdu"
  devices = ["rack0/host00", "rack0/host01"]
}
risk_group "pdu_b" {
  class   = "pdu"
  devices = ["spine0", "spine1", "spine2"]
}`
	text := func(src string) string {
		r, err := resilience.Run(compiletest.Source(t, src), resilience.Options{Classes: []string{"pdu"}})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		resilience.WriteText(&b, r, false)
		return b.String()
	}
	out := text(src)
	if !strings.Contains(out, "worst pdu_a (2 hosts)") || !strings.Contains(out, "least bisection left: pdu_b (3 spine switches)\n    fabric \"f\": bisection 1.6Tb/s, 25.0% of intact") {
		t.Errorf("want pdu_a worst and pdu_b as the least bisection left:\n%s", out)
	}
	out = text(strings.Replace(src, `"rack0/host00", "rack0/host01"`, `"spine3"`, 1))
	if strings.Contains(out, "least bisection left") {
		t.Errorf("the worst is the least bisection left; want no second line:\n%s", out)
	}
}
