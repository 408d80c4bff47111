package ibsim_test

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/ibsim"
	"github.com/topoc/topoc/lang/diag"
)

// TestGolden: the net file of one SuperPOD scalable unit, reviewed.
// Regenerate with: go test ./compiler/emit/ibsim -run TestGolden -update
func TestGolden(t *testing.T) {
	arts, err := ibsim.Emitter.Emit(&emit.Input{Graph: compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1")})
	if err != nil || len(arts) != 1 || arts[0].Path != "ibsim/compute.net" {
		t.Fatalf("artifacts %v, %v", len(arts), err)
	}
	compiletest.Golden(t, "testdata/superpod-1su.net", arts[0].Data, "ibsim net file of the 1-SU SuperPOD")
}

// Ethernet fabrics get no net file; a device of more ports than the
// format states is ibsim-limit when ibsim is asked for by name, and a
// note in ibsim/README.txt under --emit all.
func TestOnlyInfiniBandAndLimits(t *testing.T) {
	if arts, err := ibsim.Emitter.Emit(&emit.Input{Graph: compiletest.Example(t, "roce-leaf-spine-2plane")}); err != nil || len(arts) != 0 {
		t.Errorf("RoCE example: %d artifacts, %v; want none", len(arts), err)
	}
	g := compiletest.Source(t, `
switch_model "big" {
  radix     = 300
  port_rate = "400Gb/s"
  protocol  = "infiniband"
}
fabric "f" {
  clos {
    hosts     = 300
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "big"
      down  = 300
    }
  }
}`)
	_, err := ibsim.Emitter.Emit(&emit.Input{Graph: g, Explicit: true})
	if e, ok := err.(*emit.Error); !ok || e.Code != diag.IBSimLimit || !strings.Contains(e.Msg, "300 ports") {
		t.Errorf("explicit: %v, want ibsim-limit naming 300 ports", err)
	}
	arts, err := ibsim.Emitter.Emit(&emit.Input{Graph: g})
	if err != nil || len(arts) != 1 || arts[0].Path != "ibsim/README.txt" || !strings.Contains(string(arts[0].Data), "at most 255") {
		t.Errorf("under all: %v %v; want only the README note", arts, err)
	}
}

// Hosts on 2x lanes of split 400G ports: each host record declares its
// own single port (not the leaf's lane count), and every lane link says
// w=16 (2x) at both ends, so ibsim trains it as designed and verify sees
// no width difference (found by a trial: Hca 2, and 4x links).
func TestBreakoutLanes(t *testing.T) {
	g := compiletest.Dir(t, "testdata/breakout")
	net, err := ibsim.Net(g, 0, -1)
	if err != nil {
		t.Fatal(err)
	}
	s := string(net)
	if strings.Contains(s, "Hca\t2 ") || !strings.Contains(s, "Hca\t1 \"host0\"") {
		t.Errorf("host records:\n%s", s)
	}
	if n := strings.Count(s, "w=16"); n != 12 {
		t.Errorf("%d lane ends with w=16, want 12 (6 links, both ends)", n)
	}
}
