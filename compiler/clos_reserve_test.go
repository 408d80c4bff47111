package compiler

import (
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// TestClosReserve: a clos tier's reserve keeps ports of each switch free
// (issue 12 item 5: spare ports reserved). 128 hosts on 5 QM9700 leaves
// reserving 4 of 64 ports: the default down and up split the other 60
// (30 and 30), no link takes ports 60–63, and each leaf reports its 64
// ports with 4 reserved; a reserve of every port, or on a model with port
// groups, is invalid-value.
func TestClosReserve(t *testing.T) {
	g, errs := compileSrc(t, `
fabric "f" {
  clos {
    hosts     = 128
    host_rate = "400Gb/s"
    tier "leaf" {
      model   = "QM9700"
      count   = 5
      reserve = 4
    }
    tier "spine" {
      model = "QM9700"
    }
  }
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	leaves := 0
	for i, n := range g.Nodes {
		if n.TierName() != "leaf" {
			continue
		}
		leaves++
		if n.Radix != 64 || n.Reserved != 4 {
			t.Errorf("%s: radix %d, reserved %d; want 64 and 4", n.Name, n.Radix, n.Reserved)
		}
		down, up := 0, 0
		for _, l := range g.AllLinks() {
			for _, p := range [2]ir.Port{l.A, l.B} {
				if p.Node != ir.NodeID(i) {
					continue
				}
				if p.Port >= 60 {
					t.Errorf("%s: port %d cabled; 60–63 are reserved", n.Name, p.Port)
				}
				if l.Kind == ir.LinkLeafSpine {
					up++
				} else {
					down++
				}
			}
		}
		if up != 30 || down > 30 {
			t.Errorf("%s: %d down, %d up; want at most 30 down and 30 up", n.Name, down, up)
		}
	}
	if leaves != 5 {
		t.Errorf("%d leaves; want 5", leaves)
	}
	for _, bad := range []string{`reserve = 64`, `reserve = -1`} {
		_, errs := compileSrc(t, `
fabric "f" {
  clos {
    hosts     = 16
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      `+bad+`
    }
  }
}`)
		if len(errs) != 1 || errs[0] != "invalid-value" {
			t.Errorf("%s: %v; want one invalid-value", bad, errs)
		}
	}
}

// TestClosDefaultSplitLanes: with neither down nor up, a leaf of one port
// rate takes half its ports each way times the links a port carries at
// the links' rate: 64-port SN5600s at 400G on 2 × 400G breakouts take 64
// links down and 64 up (trial 68: 32 and 32, half the leaf idle).
func TestClosDefaultSplitLanes(t *testing.T) {
	g, errs := compileSrc(t, `
fabric "f" {
  clos {
    hosts     = 128
    host_rate = "400Gb/s"
    link_rate = "400Gb/s"
    tier "leaf" {
      model = "SN5600"
      count = 2
    }
    tier "spine" {
      model = "SN5600"
    }
  }
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	byKind := map[ir.LinkKind]int{}
	for _, l := range g.AllLinks() {
		byKind[l.Kind]++
	}
	if byKind[ir.LinkNodeLeaf] != 128 || byKind[ir.LinkLeafSpine] != 128 {
		t.Errorf("links %v; want 128 host links and 128 leaf–spine links (64 up from each leaf)", byKind)
	}
}
