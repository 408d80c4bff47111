package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// A cable plan that reports an error says so once its media are chosen
// (Build.CablesFail), before its passes over the cages end, so that
// `topoc check` does not analyse a graph Finish then drops (trial 67: an
// 80 km link no medium reaches beside a SuperPOD took 3 s instead of
// 0.02 s); Finish gives no graph and the cable-reach error, and a plan
// without an error says so.
func TestCablesFailKnownEarly(t *testing.T) {
	const fabrics = `
switch_model "S8" {
  radix     = 8
  port_rate = "400Gb/s"
}
fabric "east" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = "S8"
  }
}
fabric "west" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = "S8"
  }
}
fabric "dci" {
  custom {
    include = ["east", "west"]
    link {
      count  = 2
      a      = "core${count.index}"
      b      = "west/core${count.index}"
      length = "LENGTH"
    }
  }
}
`
	for _, c := range []struct {
		length string
		fail   bool
	}{{"80km", true}, {"20m", false}} {
		dir := t.TempDir()
		src := strings.ReplaceAll(fabrics, "LENGTH", c.length)
		if err := os.WriteFile(filepath.Join(dir, "d.topo.hcl"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, diags := lang.Load([]string{dir}, lang.Options{})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		b := Start(cfg, Options{})
		if g, _ := b.Graph(); g == nil {
			t.Fatalf("%s: no graph while the cables are planned", c.length)
		}
		if got := b.CablesFail(); got != c.fail {
			t.Errorf("%s: CablesFail %v, want %v", c.length, got, c.fail)
		}
		g, d := b.Finish()
		if reach := len(withCode(d, diag.CableReach)); (g == nil) != c.fail || (reach > 0) != c.fail {
			t.Errorf("%s: graph %v, %d cable-reach errors; want a graph %v", c.length, g != nil, reach, !c.fail)
		}
	}
}
