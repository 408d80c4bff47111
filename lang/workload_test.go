package lang

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/lang/diag"
)

// A workload decodes with its ranges; sizes, durations and lists parse.
func TestDecodeWorkload(t *testing.T) {
	dir := writeFiles(t, map[string]string{"d.topo.hcl": `workload "llm" {
  gpus         = node_group.dgx.gpus
  units        = ["su0", "su1"]
  gpu_count    = 512
  placement    = "random"
  seed         = 7
  compute_time = "350ms"
  parallelism {
    tensor = 8
    expert = 4
  }
  collective "grads" {
    op             = "allreduce"
    algorithm      = "tree"
    size           = "140GB"
    flows_per_pair = 4
    per_step       = 2
  }
}
`})
	cfg, diags := Load([]string{dir}, Options{NoBuiltins: true})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	w := cfg.Workloads[0]
	if len(w.GPUs) != 1 || w.GPUs[0].String() != "node_group.dgx.gpus" || w.GPUCount.V != 512 || w.Placement.V != "random" || w.Seed.V != 7 {
		t.Errorf("workload %+v", w)
	}
	if w.ComputeTime.V != 0.35 || strings.Join(w.Units.V, ",") != "su0,su1" {
		t.Errorf("compute_time %g, units %v", w.ComputeTime.V, w.Units.V)
	}
	if p := w.Parallelism; p.Tensor.V != 8 || p.Expert.V != 4 || p.Data.Set {
		t.Errorf("parallelism %+v", p)
	}
	c := w.Collectives[0]
	if c.Size.V != 140e9 || c.Algorithm.V != "tree" || c.FlowsPerPair.V != 4 || c.PerStep.V != 2 || c.Size.Range.Start.Line != 15 {
		t.Errorf("collective %+v", c)
	}
}

// Mistakes are diagnostics at the argument, with a suggestion.
func TestWorkloadMistakes(t *testing.T) {
	for _, tc := range []struct {
		src, code, detail string
		line              int
	}{
		{`workload "w" {
  gpus = node_group.g.gpus
  collective "c" {
    op   = "allreduse"
    size = "1GB"
  }
}`, string(diag.InvalidValue), `Did you mean "allreduce"`, 4},
		{`workload "w" {
  gpus = node_group.g.gpus
  collective "c" {
    op        = "allgather"
    algorithm = "tree"
    size      = "1GB"
  }
}`, string(diag.InvalidValue), `"ring"`, 5},
		{`workload "w" {
  compute_time = "2s"
}`, string(diag.HCLSchema), "gpus", 1},
		{`workload "w" {
  gpus         = node_group.g.gpus
  compute_time = "2 fortnights"
}`, string(diag.InvalidUnit), "duration", 3},
		{`workload "w" {
  gpus = node_group.g.gpus
  collective "c" {
    op   = "alltoall"
    size = "0GB"
  }
}`, string(diag.InvalidValue), "positive", 5},
		{`workload "w" {
  gpus = node_group.g.gpus
  collective "c" {
    op   = "alltoall"
    size = "1GB"
  }
  collective "c" {
    op   = "alltoall"
    size = "1GB"
  }
}`, string(diag.DuplicateName), "d.topo.hcl:3,", 7},
		{`workload "w" {
  gpus = node_group.g.gpus
  collective "c" {
    op        = "allreduce"
    size      = "1GB"
    direction = "forward"
  }
}`, string(diag.InvalidValue), "sendrecv", 6},
	} {
		dir := writeFiles(t, map[string]string{"d.topo.hcl": tc.src})
		_, diags := Load([]string{dir}, Options{NoBuiltins: true})
		if len(diags) != 1 {
			t.Errorf("%q: %d diagnostics %v, want 1", tc.src, len(diags), diags)
			continue
		}
		d := diags[0]
		if string(diag.CodeOf(d)) != tc.code || !strings.Contains(d.Detail+d.Summary, tc.detail) || d.Subject.Start.Line != tc.line {
			t.Errorf("%q: got [%s] line %d %q, want [%s] line %d mentioning %q", tc.src, diag.CodeOf(d), d.Subject.Start.Line, d.Detail, tc.code, tc.line, tc.detail)
		}
	}
}
