package compiler

import (
	"fmt"
	"testing"

	"github.com/topoc/topoc/lang/diag"
)

// customPods is two leaves of pods 0 and 1 under one spine, two hosts on
// each; host h<i> says pod = pods[i].
func customPods(pods [4]string) string {
	return fmt.Sprintf(`
fabric "f" {
  custom {
    switch "spine" {
      model = "QM9700"
      tier  = "spine"
    }
    switch "leaf" {
      count = 2
      model = "QM9700"
      tier  = "leaf"
      pod   = count.index
    }
    host "h" {
      count = 4
      rate  = "400Gb/s"
      %s
    }
    link {
      count = 4
      a     = "h${count.index}"
      b     = "leaf${floor(count.index / 2)}"
    }
    link {
      count    = 2
      a        = "leaf${count.index}"
      b        = "spine"
      parallel = 2
    }
  }
}

workload "w" {
  gpus  = fabric.f.endpoints
  units = ["pod1"]
}
`, fmt.Sprintf("pod = [%s, %s, %s, %s][count.index]", pods[0], pods[1], pods[2], pods[3]))
}

// A custom host's unit label reaches the IR, and a workload's `units`
// places on the hosts that carry it (issue 11, units in custom fabrics:
// labels on switches and nodes alike).
func TestCustomHostUnits(t *testing.T) {
	g, d := compileDiags(t, customPods([4]string{"0", "0", "1", "1"}))
	if d.HasErrors() {
		t.Fatal(d)
	}
	var got []string
	for _, r := range g.Workloads[0].Ranks(g) {
		got = append(got, g.Nodes[r].Name)
	}
	if fmt.Sprint(got) != "[h2 h3]" {
		t.Errorf("units = [\"pod1\"] placed on %v, want [h2 h3]", got)
	}
	for _, n := range g.Nodes {
		if n.Name == "h1" && (n.UnitName() != "pod" || n.UnitIndex != 0) {
			t.Errorf("h1 carries %s %d, want pod 0", n.UnitName(), n.UnitIndex)
		}
	}
}

// A host labelled with another unit than every switch it is cabled to is
// an invalid-value error at its label; so are two labels on one host.
func TestCustomHostUnitContradicted(t *testing.T) {
	_, _, d := compileDiagsLoose(t, customPods([4]string{"0", "1", "1", "1"}))
	wantDiag(t, "h1 in pod 1 on leaf0", d, diag.InvalidValue, `Host "h1" says pod = 1, but it is cabled to leaf0, of pod 0`)
	_, _, d = compileDiagsLoose(t, `
fabric "f" {
  custom {
    switch "s" {
      model = "QM9700"
    }
    host "h" {
      rate = "400Gb/s"
      pod  = 0
      zone = 1
    }
    link {
      a = "h"
      b = "s"
    }
  }
}`)
	wantDiag(t, "two labels", d, diag.InvalidValue, `host "h" already names pod 0`)
}
