package all

import (
	"testing"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/compiler/compiletest"
)

// Every analyzer declares its result type (analysis.Declare), and on a
// design that exercises them all (the SuperPOD: workloads, requirements,
// what-if sweeps) each returns a value of that type: the driver refuses
// any other.
func TestResultTypesDeclared(t *testing.T) {
	for _, a := range Analyzers {
		if a.ResultType == nil {
			t.Errorf("analyzer %s declares no result type", a.Name)
		}
	}
	g := compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1")
	res, err := analysis.Run(g, Analyzers)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range Analyzers {
		if res.Of(a) == nil {
			t.Errorf("analyzer %s returned nothing on the SuperPOD", a.Name)
		}
	}
}
