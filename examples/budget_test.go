package examples_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/eval"
)

// TestBudgetOfExamples loads every shipped example and asserts that it
// spends under 2% of the evaluation budget (eval.MaxEvalSteps and
// eval.MaxEvalCost), the margin those caps' documentation promises real
// designs.
func TestBudgetOfExamples(t *testing.T) {
	ents, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		if m, _ := filepath.Glob(filepath.Join(e.Name(), "*"+lang.Suffix)); len(m) == 0 {
			continue
		}
		n++
		cfg, diags := lang.Load([]string{e.Name()}, lang.Options{})
		if diags.HasErrors() {
			t.Errorf("%s: %v", e.Name(), diags)
			continue
		}
		steps, cost := cfg.Budget.Used()
		t.Logf("%s: %d steps, %d cost units", e.Name(), steps, cost)
		if steps == 0 {
			t.Errorf("%s: no metered step; the metering is not applied", e.Name())
		}
		if steps > eval.MaxEvalSteps/50 || cost > eval.MaxEvalCost/50 {
			t.Errorf("%s: %d steps and %d cost units, more than 2%% of the budget (%d, %d)", e.Name(), steps, cost, eval.MaxEvalSteps, eval.MaxEvalCost)
		}
	}
	if n < 5 {
		t.Fatalf("only %d examples found", n)
	}
}
