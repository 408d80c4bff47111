package all

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/analyzers/results"
	"github.com/topoc/topoc/compiler"
	"github.com/topoc/topoc/compiler/compiletest"
)

// racksAndRisks is a design whose stages after the cable plan and whose
// analyses read the plan: a rack power budget (the rack_power stage
// reads the cables' transceivers), risk groups over rack and cable
// classes, and requirements on what-if sweeps over both.
const racksAndRisks = `
node_group "dgx" {
  model = "DGX-H100"
  count = 2
  rack {
    per_rack     = 1
    power_budget = "10kW"
  }
}
fabric "compute" {
  clos {
    endpoints = node_group.dgx.nics.compute
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 2
      up    = 2
    }
    tier "spine" {
      model = "QM9700"
    }
  }
}
risk_group "pdu_a" {
  class   = "pdu"
  devices = ["dgx0", "dgx1"]
}
requirement "rack_loss" {
  condition     = fabric.compute.whatif.rack.bisection.ratio >= 0.1
  error_message = "Losing a rack must keep a tenth of the bisection."
}
requirement "cable_loss" {
  condition     = fabric.compute.whatif.cable.bisection.ratio >= 0.5
  error_message = "Losing a cable must keep half the bisection."
}
`

// The compiler plans the cables in the background (ir.Graph.
// PlanInBackground) while its later stages and, in `topoc check`, the
// analyses run; on designs whose later stages and analyses read the plan
// (cable counts, rack power, what-if over racks and cables) the graph's
// report and every diagnostic are the same as with the plan done before
// the analyses. .ci/run runs this under the race detector.
func TestAnalysesBesideCablePlan(t *testing.T) {
	root := compiletest.Root(t)
	for _, dir := range []string{compiletest.Write(t, racksAndRisks), filepath.Join(root, "examples", "gb200-nvl72-2rack"), filepath.Join(root, "examples", "roce-leaf-spine-2plane"), filepath.Join(root, "examples", "fat-tree-k8")} {
		t.Run(filepath.Base(dir), func(t *testing.T) { besideCablePlan(t, dir) })
	}
}

// besideCablePlan analyses the design in dir beside its cable plan and
// after it, and compares.
func besideCablePlan(t *testing.T, dir string) {
	g, d := compiler.Compile(compiletest.Load(t, dir), compiler.Options{})
	if g == nil {
		t.Fatalf("%s: %v", dir, d)
	}
	res, err := analysis.Run(g, Analyzers)
	if err != nil {
		t.Fatal(err)
	}
	want := reportOf(t, res, d)

	b := compiler.Start(compiletest.Load(t, dir), compiler.Options{})
	early, stopped := b.Graph()
	if early == nil || stopped {
		t.Fatalf("%s: no graph to analyze while the cables are planned", dir)
	}
	res, err = analysis.Run(early, Analyzers)
	if err != nil {
		t.Fatal(err)
	}
	g2, d2 := b.Finish()
	if g2 != early {
		t.Fatalf("%s: Finish returned another graph", dir)
	}
	if got := reportOf(t, res, d2); got != want {
		t.Errorf("%s: analysed beside the cable plan, the report differs:\n%.3000s\nwant\n%.3000s", dir, got, want)
	}
	if g2.Cabling() == nil || len(g2.Cabling().Cables) == 0 {
		t.Errorf("%s: no cables planned", dir)
	}
}

// reportOf is the analyses' results as JSON, then the compiler's and the
// analyses' diagnostics, one a line.
func reportOf(t *testing.T, res *analysis.Results, compile hcl.Diagnostics) string {
	t.Helper()
	out, err := json.Marshal(results.Fabrics(res.Of))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range append(compile, res.Diagnostics...) {
		out = append(out, "\n"+d.Error()...)
	}
	return string(out)
}
