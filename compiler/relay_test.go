package compiler

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/lang/diag"
)

// relayDesign is oracle trial 57's seed 1044: two leaf–spine meshes,
// {t0s1, t0s2, t1s0} and {t0s0, t0s3, t1s1}, joined only by host h2,
// which has a port in each; h0 hangs off the first, h1 off the second.
const relayDesign = `
fabric "f" {
  custom {
    switch "t0s0" {
      model = "QM9700"
      tier  = "leaf"
    }
    switch "t0s1" {
      model = "QM9700"
      tier  = "leaf"
    }
    switch "t0s2" {
      model = "QM9700"
      tier  = "leaf"
    }
    switch "t0s3" {
      model = "QM9700"
      tier  = "leaf"
    }
    switch "t1s0" {
      model = "QM9700"
      tier  = "spine"
    }
    switch "t1s1" {
      model = "QM9700"
      tier  = "spine"
    }
    host "h0" {
      rate = "400Gb/s"
    }
    host "h1" {
      rate = "400Gb/s"
    }
    host "h2" {
      rate  = "400Gb/s"
      ports = 2
    }
    link {
      a = "h0"
      b = "t0s1"
    }
    link {
      a = "h1"
      b = "t0s3"
    }
    link {
      a = "h2"
      b = "t0s2"
    }
    link {
      a = "h2"
      b = "t0s0"
    }
    link {
      a = "t0s0"
      b = "t1s1"
    }
    link {
      a = "t0s1"
      b = "t1s0"
    }
    link {
      a = "t0s2"
      b = "t1s0"
    }
    link {
      a = "t0s3"
      b = "t1s1"
    }
%s  }
}
`

// A fabric in one piece only through a dual-homed host is disconnected
// for its other endpoints: h0 and h1 share no switch piece, and a host
// does not forward between its ports (trial 57: it passed with end to
// end 2:1 and a bisection relayed through h2). A spine–spine link joins
// the meshes and clears it; the planes of a multi-plane fabric, where
// every host has a port in each, never raise it (the examples).
func TestFabricJoinedOnlyThroughEndpoints(t *testing.T) {
	_, d := compileDiags(t, strings.Replace(relayDesign, "%s", "", 1))
	got := withCode(d, diag.Disconnected)
	if len(got) != 1 || got[0].Summary != "Fabric joined only through endpoints" || !strings.Contains(got[0].Detail, "(h2)") || !strings.Contains(got[0].Detail, "h0 and h1 share no piece") || got[0].Subject == nil || got[0].Subject.Start.Line != 31 {
		t.Errorf("diagnostics %v; want one disconnected naming h2 as the relay and h0, h1, at h1 (line 31)", d)
	}
	joined := "    link {\n      a = \"t1s0\"\n      b = \"t1s1\"\n    }\n"
	if _, d := compileDiags(t, strings.Replace(relayDesign, "%s", joined, 1)); len(withCode(d, diag.Disconnected)) != 0 {
		t.Errorf("with a spine-spine link: %v; want no disconnected", d)
	}
}
