package compiler

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// speedsModel is a 64-port 400G leaf whose ports may also run at 200G
// and 100G (the lower speeds a 400G port is set to for older hosts).
const speedsModel = `
switch_model "L400" {
  radix     = 64
  port_rate = "400Gb/s"
  speeds    = ["200Gb/s", "100Gb/s"]
}
`

// A link at one of a switch model's lower speeds takes one whole port at
// that rate, in every family: a Clos of 96 hosts at 200G on 48-down
// leaves (each host link 200 Gb/s on a port of its own, the 16 uplinks
// at 400G, so 48 × 200G down over 16 × 400G up: 1.5:1); a custom
// fabric's 100G link; a fat-tree at 200G. Without the speed the same
// rate is a rate-mismatch.
func TestSwitchPortSpeeds(t *testing.T) {
	g, errs := compileSrc(t, speedsModel+`
fabric "c" {
  clos {
    hosts     = 96
    host_rate = "200Gb/s"
    unit "rack" {
      nodes = 48
    }
    tier "leaf" {
      model = "L400"
      per   = ["rack"]
      down  = 48
      up    = 16
    }
    tier "spine" {
      model = "L400"
      count = 8
    }
  }
}
fabric "x" {
  custom {
    switch "s" {
      model = "L400"
    }
    host "h" {
      count = 2
      rate  = "100Gb/s"
    }
    link {
      count = 2
      a     = "h${count.index}"
      b     = "s"
      rate  = "100Gb/s"
    }
  }
}
fabric "ft" {
  fat_tree {
    k            = 4
    link_rate    = "200Gb/s"
    switch_model = "L400"
  }
}
`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	rates := map[string]map[float64]int{} // fabric → capacity → links
	ports := map[ir.NodeID]map[int32]int{}
	for _, l := range g.AllLinks() {
		f := g.Fabrics[l.Fabric].Name
		if rates[f] == nil {
			rates[f] = map[float64]int{}
		}
		rates[f][l.CapacityBPS]++
		for _, p := range [2]ir.Port{l.A, l.B} {
			if g.Nodes[p.Node].Kind == ir.KindSwitch {
				if ports[p.Node] == nil {
					ports[p.Node] = map[int32]int{}
				}
				ports[p.Node][p.Port]++
				if l.Breakout > 1 || p.Lane != 0 {
					t.Errorf("%s: a lane (breakout %d, lane %d); want whole ports", g.Nodes[p.Node].Name, l.Breakout, p.Lane)
				}
				// Named as the whole port it is (swp3), as ibsim numbers it.
				if name := g.PortName(p, &l); strings.Contains(strings.TrimPrefix(name, "swp"), "s") {
					t.Errorf("%s: port named %q, a lane's name; want swpN", g.Nodes[p.Node].Name, name)
				}
			}
		}
	}
	if r := rates["c"]; r[200e9] != 96 || r[400e9] != 2*16 {
		t.Errorf("clos links by rate %v; want 96 at 200G (hosts), 32 at 400G (uplinks)", r)
	}
	if r := rates["x"]; r[100e9] != 2 || len(r) != 1 {
		t.Errorf("custom links by rate %v; want 2 at 100G", r)
	}
	if r := rates["ft"]; r[200e9] != 16+16+16 || len(r) != 1 {
		t.Errorf("fat-tree links by rate %v; want 48 at 200G", r)
	}
	for n, ps := range ports {
		for p, c := range ps {
			if c != 1 {
				t.Errorf("%s port %d carries %d links; want one link per port", g.Nodes[n].Name, p, c)
			}
		}
	}

	_, errs = compileSrc(t, strings.Replace(speedsModel, `speeds    = ["200Gb/s", "100Gb/s"]`, `speeds    = ["100Gb/s"]`, 1)+`
fabric "ft" {
  fat_tree {
    k            = 4
    link_rate    = "200Gb/s"
    switch_model = "L400"
  }
}
`)
	if len(errs) != 1 || errs[0] != string(diag.RateMismatch) {
		t.Fatalf("200G links without the 200G speed: %v; want one rate-mismatch", errs)
	}
}

// Implicit hosts whose host_rate does not meet the leaf's ports are
// reported at host_rate, the line that caused it; a rate 8 times one the
// port takes was written in bytes, and the message says so and gives
// the rate in bits (trial 54: "400GB/s" got a rate-mismatch at the tier
// with no hint).
func TestHostRateInBytes(t *testing.T) {
	src := `
fabric "ls" {
  clos {
    hosts     = 8
    host_rate = "%s"
    tier "leaf" {
      model = "QM9700"
      count = 1
      down  = 8
    }
  }
}
`
	for _, c := range []struct {
		rate string
		hint bool
	}{{"400GB/s", true}, {"100Gb/s", false}} {
		_, _, all := compileDiagsLoose(t, fmt.Sprintf(src, c.rate))
		// The rate in bytes is also a rate-in-bytes warning at the line.
		var d hcl.Diagnostics
		warned := false
		for _, x := range all {
			switch diag.CodeOf(x) {
			case diag.RateInBytes:
				warned = x.Subject != nil && x.Subject.Start.Line == 5
			default:
				d = append(d, x)
			}
		}
		if len(d) != 1 || d[0].Subject == nil || d[0].Subject.Start.Line != 5 || !strings.Contains(d[0].Summary, "rate mismatch") {
			t.Fatalf("host_rate %s: %v; want one rate mismatch at line 5 (host_rate)", c.rate, d)
		}
		if warned != c.hint {
			t.Errorf("host_rate %s: rate-in-bytes warning %v, want %v", c.rate, warned, c.hint)
		}
		if got := strings.Contains(d[0].Detail, `Write host_rate = "400Gb/s"`); got != c.hint {
			t.Errorf("host_rate %s: %q; bytes hint %v, want %v", c.rate, d[0].Detail, got, c.hint)
		}
	}
}

// A zero host rate is reported as such at host_rate (trial 56: "Clos
// fabric without endpoints"), and a missing one at hosts.
func TestHostRateZero(t *testing.T) {
	src := `
fabric "ls" {
  clos {
    hosts     = 8
    host_rate = "0Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 1
      down  = 8
    }
  }
}
`
	_, _, d := compileDiagsLoose(t, src)
	if len(d) != 1 || d[0].Subject == nil || d[0].Subject.Start.Line != 5 || d[0].Summary != "Host rate not positive" || !strings.Contains(d[0].Detail, "the 8 hosts need a positive rate") {
		t.Errorf("host_rate 0: %v; want one \"Host rate not positive\" at line 5", d)
	}
	_, _, d = compileDiagsLoose(t, strings.Replace(src, "    host_rate = \"0Gb/s\"\n", "", 1))
	if len(d) != 1 || d[0].Subject == nil || d[0].Subject.Start.Line != 4 || d[0].Summary != "Hosts without a rate" {
		t.Errorf("no host_rate: %v; want one \"Hosts without a rate\" at line 4 (hosts)", d)
	}
}

// An upper tier short of down ports is reported at its down line, names
// the switch as written and says what to change (trial 54: "Spine0
// receives 32 links from leaf but has 16 down ports" at the tier block).
func TestSpineDownPortsAtDown(t *testing.T) {
	_, _, d := compileDiagsLoose(t, `
fabric "ls" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 4
      down  = 16
      up    = 16
    }
    tier "spine" {
      model = "QM9700"
      count = 2
      down  = 16
    }
  }
}
`)
	if len(d) != 1 || d[0].Subject == nil || d[0].Subject.Start.Line != 15 {
		t.Fatalf("%v; want one radix-exceeded at line 15 (the spine's down)", d)
	}
	if !strings.Contains(d[0].Detail, "Switch spine0 receives 32 links from tier leaf but has 16 down ports; raise down to at least 32") {
		t.Errorf("detail %q", d[0].Detail)
	}
}

// A misspelt unit in a tier's per gets the nearest name (trial 54:
// "rial" got none, where a model or striping typo did).
func TestPerTypoSuggests(t *testing.T) {
	_, _, d := compileDiagsLoose(t, `
fabric "f" {
  clos {
    hosts     = 8
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      per   = ["rial"]
      down  = 8
    }
  }
}
`)
	if len(d) == 0 || !strings.Contains(d[0].Detail, `"rial" is not a unit of this fabric`) || !strings.Contains(d[0].Detail, `did you mean "rail"?`) {
		t.Fatalf("%v; want the unknown unit with a suggestion of rail", d)
	}
}

// A spine of one rate left to its default down counts the lanes its
// ports split into at the link rate: 64 × 800G ports on 2 × 400G
// breakouts take 4 leaves × 32 uplinks = 128 links of 400G, not 64
// (trial 56 was told to raise down to 96).
func TestDefaultDownCountsLanes(t *testing.T) {
	src := `
fabric "ls" {
  clos {
    hosts     = 128
    host_rate = "400Gb/s"
    link_rate = "400Gb/s"
    tier "leaf" {
      model = "TH4-64x400G"
      count = 4
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "TH5-64x800G"
      count = 1
    }
  }
}
`
	g, _, d := compileDiagsLoose(t, src)
	if d.HasErrors() {
		t.Fatalf("%v; want the 128 uplinks on the spine's 64 broken-out ports", d)
	}
	links, ports := 0, map[int32]bool{}
	for _, l := range g.AllLinks() {
		for _, e := range []ir.Port{l.A, l.B} {
			if g.Nodes[e.Node].TierName() == "spine" {
				links++
				ports[e.Port] = true
			}
		}
	}
	if links != 128 || len(ports) != 64 {
		t.Errorf("spine: %d links on %d ports; want 128 on 64", links, len(ports))
	}
}
