// Package eval evaluates the values of a topoc design: input variables
// (variable blocks, --var, --var-file), locals in dependency order, the
// functions expressions may call, and the strict unit literals of rates,
// sizes and lengths ("400Gb/s", "141GB", "3m"). It knows nothing of
// fabrics; the lang package decodes blocks with the context it builds.
package eval

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// Inputs are the values given to a design from outside it, as the CLI
// collects them.
type Inputs struct {
	// Vars are the --var flags in command-line order, each "NAME=VALUE".
	// A later flag for the same name wins.
	Vars []string
	// VarFiles are the paths of --var-file flags in command-line order,
	// HCL files of NAME = VALUE lines. A later file wins over an earlier
	// one; any --var wins over every file.
	VarFiles []string
	// Budget is the design's evaluation budget, which var files and --var
	// values are metered on too; nil gives them a budget of their own.
	Budget *Budget
}

// Evaluate computes the values of the design's variables and locals and
// returns the context that the rest of the design is evaluated in: var.NAME
// for each variable, local.NAME for each local, and Functions().
//
// A variable's value is, lowest precedence first: its default, then each
// var file in order, then each --var in order. A --var value for a
// string-typed variable is taken as raw text; for any other type it is an
// HCL expression (strings quoted), evaluated with no variables. Values
// are converted to the variable's type, then its validations run.
//
// Locals may refer to variables, functions and other locals, in any
// order; they are evaluated in dependency order. A local or variable with
// an error is cty.DynamicVal in the returned context, and locals that use
// it are too, without further errors. The context is never nil.
func Evaluate(vars []*Variable, locals []*hcl.Attribute, in Inputs) (*hcl.EvalContext, hcl.Diagnostics) {
	if in.Budget == nil {
		in.Budget = NewBudget()
	}
	funcs := FunctionsOn(in.Budget)
	vs, diags := variableValues(vars, in, funcs)
	lvals, d := evaluateLocals(locals, vs, funcs)
	diags = append(diags, d...)
	ctx := &hcl.EvalContext{
		Variables: map[string]cty.Value{
			"var":   objectOf(vs.values()),
			"local": objectOf(lvals),
		},
		Functions: funcs,
	}
	return ctx, diags
}

// Child returns a context below parent that adds vars, e.g. the count or
// each object of one instance of an expanded block:
//
//	eval.Child(ctx, map[string]cty.Value{"count": cty.ObjectVal(map[string]cty.Value{"index": cty.NumberIntVal(i)})})
//
// Names in vars hide the parent's names; the parent's functions stay
// available. vars is copied.
func Child(parent *hcl.EvalContext, vars map[string]cty.Value) *hcl.EvalContext {
	c := parent.NewChild()
	c.Variables = make(map[string]cty.Value, len(vars))
	for k, v := range vars {
		c.Variables[k] = v
	}
	return c
}

// objectOf is cty.ObjectVal that accepts an empty map.
func objectOf(m map[string]cty.Value) cty.Value {
	if len(m) == 0 {
		return cty.EmptyObjectVal
	}
	return cty.ObjectVal(m)
}
