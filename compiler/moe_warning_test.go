package compiler

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/lang/diag"
)

// moeDesign is a 2-DGX MoE workload with the routed experts' parameters
// given (%s is the expert_parameters line, or nothing).
const moeDesign = `
node_group "dgx" {
  model = "DGX-H100"
  count = 2
}

fabric "compute" {
  clos {
    endpoints = node_group.dgx.nics.compute
    rails     = 8
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 2
      up    = 2
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}

workload "moe" {
  gpus = node_group.dgx.gpus
  parallelism {
    expert = 16
  }
  model {
    parameters      = 100e9
    %s
    layers          = 16
    moe_layers      = 16
    hidden          = 4096
    experts         = 64
    top_k           = 2
    sequence_length = 4096
    micro_batch     = 1
    global_batch    = 16
  }
}
`

// Routed experts without expert_parameters: one workload-parallelism
// warning at the experts line, saying the gradients are reduced as dense
// ones; with the split given, none.
func TestMoEWithoutExpertParameters(t *testing.T) {
	_, diags := compileDiags(t, strings.Replace(moeDesign, "%s", "", 1))
	var warns []string
	for _, d := range diags {
		if diag.CodeOf(d) == diag.WorkloadParallelism {
			warns = append(warns, d.Detail)
			if diag.SeverityOf(d) != diag.SevWarning || d.Subject == nil || d.Subject.Start.Line != 35 {
				t.Errorf("%s at %v: want a warning at the experts line (35)", diag.SeverityOf(d), d.Subject)
			}
		}
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "64 routed experts but no expert_parameters") {
		t.Fatalf("warnings %q; want one naming the 64 routed experts", warns)
	}
	_, diags = compileDiags(t, strings.Replace(moeDesign, "%s", "expert_parameters = 90e9", 1))
	for _, d := range diags {
		if diag.CodeOf(d) == diag.WorkloadParallelism {
			t.Errorf("with expert_parameters: %s", d.Detail)
		}
	}
}

// A lever that sets only what the workload already has (zero_stage 1,
// the model's own) repeats the workload's row: one warning at the lever;
// one that changes something, none.
func TestNoOpLever(t *testing.T) {
	src := strings.Replace(moeDesign, "%s", "expert_parameters = 90e9\n    zero_stage = 1", 1)
	src = strings.Replace(src, "    global_batch    = 16\n  }\n}", "    global_batch    = 16\n  }\n  lever \"same\" {\n    zero_stage = 1\n  }\n  lever \"zero3\" {\n    zero_stage = 3\n  }\n}", 1)
	_, diags := compileDiags(t, src)
	var got []string
	for _, d := range diags {
		if d.Summary == "Lever changes nothing" {
			got = append(got, d.Detail)
		}
	}
	if len(got) != 1 || !strings.Contains(got[0], `Lever "same"`) || !strings.Contains(got[0], "zero_stage = 1") {
		t.Fatalf("no-op lever warnings %q; want one for lever \"same\"", got)
	}
}
