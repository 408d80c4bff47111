package all

import (
	"runtime"
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

// The driver runs independent analyzers at the same time; on the
// SuperPOD with every analyzer the report (each fabric's results and the
// diagnostics, in order) is the same as one analyzer after another.
// .ci/run runs this under the race detector.
func TestParallelRunMatchesSequential(t *testing.T) {
	report := func(procs int) string {
		old := runtime.GOMAXPROCS(procs)
		defer runtime.GOMAXPROCS(old)
		g := compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1")
		res, err := analysis.Run(g, Analyzers)
		if err != nil {
			t.Fatal(err)
		}
		return reportOf(t, res, nil)
	}
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("GOMAXPROCS is 1: analyzers run one at a time")
	}
	want := report(1)
	if got := report(2); got != want {
		t.Errorf("report on two cores differs from one:\n%.2000s\nwant\n%.2000s", got, want)
	}
}
