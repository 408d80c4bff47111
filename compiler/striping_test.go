package compiler_test

import (
	"fmt"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// bundledDesign is 3 leaves of 4 hosts (down = 8, so uplinks start at
// port 9), 4 uplinks each over 2 spines, striped as %q.
const bundledDesign = `
fabric "ib" {
  clos {
    hosts     = 12
    host_rate = "400Gb/s"
    unit "su" {
      nodes = 4
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["su"]
      down  = 8
      up    = 4
    }
    tier "spine" {
      model    = "QM9700"
      count    = 2
      striping = %q
    }
  }
}
`

// Bundled striping sends each leaf's up/count = 2 consecutive uplinks to
// one spine (ports 9-10 to spine 0, 11-12 to spine 1), and each spine
// takes the leaves' runs in leaf order (spine ports 1-2 from leaf 0, 3-4
// from leaf 1, 5-6 from leaf 2); spread striping alternates (port 9 to
// spine 0, port 10 to spine 1). Both give every leaf 2 links per spine.
func TestBundledStriping(t *testing.T) {
	uplinks := func(g *ir.Graph) map[string]string {
		out := map[string]string{}
		for _, l := range g.AllLinks() {
			if l.Kind != ir.LinkLeafSpine {
				continue
			}
			out[fmt.Sprintf("%s:%d", g.Nodes[l.A.Node].Name, l.A.Port+1)] = fmt.Sprintf("%s:%d", g.Nodes[l.B.Node].Name, l.B.Port+1)
		}
		return out
	}
	b := uplinks(compiletest.Source(t, fmt.Sprintf(bundledDesign, "bundled")))
	want := map[string]string{
		"su0/leaf0:9": "spine0:1", "su0/leaf0:10": "spine0:2", "su0/leaf0:11": "spine1:1", "su0/leaf0:12": "spine1:2",
		"su1/leaf0:9": "spine0:3", "su1/leaf0:10": "spine0:4", "su1/leaf0:11": "spine1:3", "su1/leaf0:12": "spine1:4",
		"su2/leaf0:9": "spine0:5", "su2/leaf0:10": "spine0:6", "su2/leaf0:11": "spine1:5", "su2/leaf0:12": "spine1:6",
	}
	for k, v := range want {
		if b[k] != v {
			t.Errorf("bundled: %s reaches %s, want %s", k, b[k], v)
		}
	}
	if len(b) != len(want) {
		t.Errorf("bundled: %d uplinks, want %d", len(b), len(want))
	}
	s := uplinks(compiletest.Source(t, fmt.Sprintf(bundledDesign, "spread")))
	if s["su0/leaf0:9"] != "spine0:1" || s["su0/leaf0:10"] != "spine1:1" || s["su0/leaf0:11"] != "spine0:2" {
		t.Errorf("spread: %v", s)
	}
}
