package eval

import (
	"fmt"
	"sync/atomic"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/diag"
)

// MaxEvalSteps caps the metered evaluations of one design: every element,
// key and condition a for expression evaluates, and every function call,
// wherever it appears (locals, names, templates, conditions, messages).
// HCL evaluates about a million such steps a second on this project's
// 2-core reference machine, so the cap ends a runaway nested loop within
// seconds. The largest shipped design (16,384 servers named by a
// template) takes 1.6% of it (TestBudgetOfExamples), so the names of
// eight times as many servers still fit. A modelling assumption.
const MaxEvalSteps = 1 << 21

// MaxEvalCost caps the values one design builds while it is evaluated, in
// cost units: one per byte of string, ElementCost per element or
// attribute, summed over the result of every metered step. A step's
// result is charged once per metered step that holds it, so nesting
// counts it more than once; the cap is an estimate of memory, and a
// conservative one. 128 Mi units keep a refused design's evaluation
// under 256 MiB of peak RSS (testdata/bad/eval-*); the largest shipped
// design spends under 2% of it. A modelling assumption.
const MaxEvalCost = 128 << 20

// ElementCost is the cost of one element or attribute of a value: go-cty
// holds each element behind an interface and each number as a *big.Float,
// about 64–200 bytes in all (a 1,048,576-element list of numbers built
// by a for expression and flattened once peaked at 435 MB RSS). A
// modelling assumption.
const ElementCost = 64

// MaxTupleElements caps the elements of a tuple a metered expression makes
// (flatten, concat and for expressions make tuples): 4,096, which go-cty
// converts to a list in about 0.3 s; see QuadraticElementsPerStep. The
// lists of a design hold hundreds. A modelling assumption.
const MaxTupleElements = 4096

// Budget is the evaluation budget of one design, shared by every
// expression parsed for it (see Meter): a step and cost account that
// refuses the evaluation that would pass MaxEvalSteps or MaxEvalCost.
// Once spent, every later metered evaluation fails at once with the same
// diagnostic, so that a loop around it ends quickly; Dedupe drops the
// repeats. A Budget is safe for concurrent use.
//
// The account is kept in atomics rather than under a lock: a node group's
// name templates are evaluated on several cores (lang's
// serversInParallel), every function call takes a step and a charge, and
// a contended lock cost more than the names. Spending is the same as one
// evaluation after another would see it: the step or charge that passes
// a cap sets the diagnostic, the first to do so wins, and every later
// evaluation returns it.
type Budget struct {
	steps, cost       atomic.Int64
	maxSteps, maxCost int64
	spent             atomic.Pointer[hcl.Diagnostic]
}

// budgetShrink divides the caps of every new Budget (ShrinkBudgetForFuzzing).
var budgetShrink int64 = 1

// NewBudget returns an unspent budget of MaxEvalSteps and MaxEvalCost.
func NewBudget() *Budget {
	return &Budget{maxSteps: MaxEvalSteps / budgetShrink, maxCost: MaxEvalCost / budgetShrink}
}

// ShrinkBudgetForFuzzing divides the caps of the budgets made from now on
// by div, until restore is called: a fuzz target runs thousands of inputs
// and the bad-corpus seeds that spend the whole budget take seconds each,
// past the fuzzing engine's time for one input. Not for concurrent use;
// only fuzz targets call it, as they lower the expansion budget.
func ShrinkBudgetForFuzzing(div int64) (restore func()) {
	old := budgetShrink
	budgetShrink = div
	return func() { budgetShrink = old }
}

// Used returns the steps and cost units spent so far.
func (b *Budget) Used() (steps, cost int64) {
	return b.steps.Load(), b.cost.Load()
}

// BudgetState is a budget's account at one moment (Budget.State), to
// return to with Budget.Reset.
type BudgetState struct {
	steps, cost int64
	spent       *hcl.Diagnostic
}

// State returns the budget's account now.
func (b *Budget) State() BudgetState {
	return BudgetState{b.steps.Load(), b.cost.Load(), b.spent.Load()}
}

// Reset returns the budget to an account State gave: an evaluation run
// in parallel that failed is run again in order from there, so that the
// failure reported (which step spent the budget first) does not depend
// on timing.
func (b *Budget) Reset(s BudgetState) {
	b.steps.Store(s.steps)
	b.cost.Store(s.cost)
	b.spent.Store(s.spent)
}

// step takes one step, before the evaluation of the expression at rng.
// It returns the budget's diagnostic when the budget is spent.
func (b *Budget) step(rng hcl.Range) *hcl.Diagnostic {
	if d := b.spent.Load(); d != nil {
		return d
	}
	if b.steps.Add(1) > b.maxSteps {
		return b.spend(diag.Error(diag.EvaluationLimit, rng, "Evaluation too large",
			fmt.Sprintf("Evaluating the design takes more than %d steps (elements of for expressions and function calls) by this expression; a loop here is nested too deep or runs over too many values. Iterate over fewer values, or describe large fabrics with a family block (fat_tree, clos, dragonfly).", b.maxSteps)))
	}
	return nil
}

// spend records d as the budget's diagnostic unless one was recorded
// first, and returns the one recorded.
func (b *Budget) spend(d *hcl.Diagnostic) *hcl.Diagnostic {
	if b.spent.CompareAndSwap(nil, d) {
		return d
	}
	return b.spent.Load()
}

// work takes n steps for the work of a call to fn (the size of its
// arguments, see FunctionsOn), without a range: the metered call reports
// the budget's diagnostic at its own range when a step fails.
func (b *Budget) work(n int64, fn string) *hcl.Diagnostic {
	if d := b.spent.Load(); d != nil {
		return d
	}
	if b.steps.Add(n) > b.maxSteps {
		return b.spend(diag.Error(diag.EvaluationLimit, hcl.Range{}, "Evaluation too large",
			fmt.Sprintf("Evaluating the design takes more than %d steps: calls such as %s over large arguments (a step per %d bytes of them) repeated in a loop. Call it on smaller values, or fewer times.", b.maxSteps, fn, ArgBytesPerStep)))
	}
	return nil
}

// charge adds the cost of v, the result of the expression at rng.
func (b *Budget) charge(v cty.Value, rng hcl.Range) *hcl.Diagnostic {
	c, huge := valueCost(v, b.maxCost-b.cost.Load())
	if d := b.spent.Load(); d != nil {
		return d
	}
	if t := v.Type(); v.IsKnown() && !v.IsNull() && t.IsTupleType() && v.LengthInt() > MaxTupleElements {
		return b.spend(diag.Error(diag.EvaluationLimit, rng, "Tuple too long",
			fmt.Sprintf("This expression makes a tuple of %d elements, more than %d: passed to a function, go-cty converts it to a list in time quadratic in its length (16,384 elements took 4.6 s). Make shorter lists.", v.LengthInt(), MaxTupleElements)))
	}
	if huge {
		return b.spend(diag.Error(diag.InvalidValue, rng, "Number out of range",
			"This expression makes a number beyond ±1.8e308, the largest a design may use (a float64); writing it as text alone would take minutes. Use smaller numbers."))
	}
	if b.cost.Add(c) > b.maxCost {
		return b.spend(diag.Error(diag.EvaluationLimit, rng, "Evaluation too large",
			fmt.Sprintf("Evaluating the design builds more than %d MiB of values (strings, and %d bytes per element) by this expression. Build smaller strings and lists: names and messages need tens of characters.", b.maxCost>>20, ElementCost)))
	}
	return nil
}

// ahead refuses, without charging, an evaluation at rng that is about to
// copy n bytes when they would not fit the budget: the check before a
// value is built.
func (b *Budget) ahead(n int64, rng hcl.Range) *hcl.Diagnostic {
	if d := b.spent.Load(); d != nil {
		return d
	}
	if b.cost.Load()+n > b.maxCost {
		return b.spend(diag.Error(diag.EvaluationLimit, rng, "Evaluation too large",
			fmt.Sprintf("This template would copy %s of strings, which would take the values built while evaluating the design past their budget of %d MiB. Build smaller strings: names and messages need tens of characters.", mib(n), MaxEvalCost>>20)))
	}
	return nil
}

// charged returns a function that charges v, the result of the
// expression at rng, and returns v with diags, or cty.DynamicVal with the
// budget's diagnostic added when v does not fit.
func (b *Budget) charged(v cty.Value, diags hcl.Diagnostics) func(rng hcl.Range) (cty.Value, hcl.Diagnostics) {
	return func(rng hcl.Range) (cty.Value, hcl.Diagnostics) {
		if d := b.charge(v, rng); d != nil {
			return cty.DynamicVal, append(diags, d)
		}
		return v, diags
	}
}

// spentDiag returns the budget's diagnostic once it is spent, or nil.
func (b *Budget) spentDiag() *hcl.Diagnostic {
	return b.spent.Load()
}

// Dedupe returns ds without the repeats of b's diagnostic (the one
// pointer every evaluation after the budget was spent returns).
func (b *Budget) Dedupe(ds hcl.Diagnostics) hcl.Diagnostics {
	spent := b.spent.Load()
	if spent == nil {
		return ds
	}
	out := ds[:0:0]
	seen := false
	for _, d := range ds {
		if d == spent {
			if seen {
				continue
			}
			seen = true
		}
		out = append(out, d)
	}
	return out
}

// valueCost is the cost of v in MaxEvalCost's units, stopping early once
// it exceeds limit (the result is then some value > limit), and whether
// v holds a number beyond MaxMagnitude (tonumber, jsondecode and parseint
// make them from text), found in the same walk.
func valueCost(v cty.Value, limit int64) (cost int64, huge bool) {
	if v.IsNull() || !v.IsKnown() {
		return ElementCost, false
	}
	v, _ = v.Unmark()
	t := v.Type()
	switch {
	case t == cty.String:
		return ElementCost + int64(len(v.AsString())), false
	case t == cty.Number:
		return ElementCost, tooBig(v)
	case t.IsListType() || t.IsSetType() || t.IsTupleType() || t.IsMapType() || t.IsObjectType():
		n := int64(ElementCost)
		for it := v.ElementIterator(); it.Next() && n <= limit && !huge; {
			_, e := it.Element()
			c, h := valueCost(e, limit-n)
			n, huge = n+c, h
		}
		return n, huge
	}
	return ElementCost, false
}

// mib writes a byte count in MiB with one decimal ("3.9 MiB").
func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
