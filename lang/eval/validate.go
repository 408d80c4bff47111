package eval

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
	ctyjson "github.com/zclconf/go-cty/cty/json"

	"github.com/topoc/topoc/lang/diag"
)

// validate runs the validations of one variable whose value is known. A
// false condition is a diag.VariableValidation at the condition's range,
// with the evaluated error_message as the detail.
func validate(st *varState, funcs map[string]function.Function) hcl.Diagnostics {
	v := st.v
	ctx := &hcl.EvalContext{
		Variables: map[string]cty.Value{"var": cty.ObjectVal(map[string]cty.Value{v.Name: st.val})},
		Functions: funcs,
	}
	var diags hcl.Diagnostics
	for _, val := range v.Validations {
		ok, d := validationCondition(v, val.Condition, ctx)
		diags = append(diags, d...)
		if d.HasErrors() || ok {
			continue
		}
		msg, d := validationMessage(v, val.ErrorMessage, ctx)
		diags = append(diags, d...)
		diags = append(diags, diag.Error(diag.VariableValidation, val.Condition.Range(),
			fmt.Sprintf("Invalid value for variable %q", v.Name),
			fmt.Sprintf("%s\n\nvar.%s = %s, from %s.", msg, v.Name, valueText(st.val), st.source)))
	}
	return diags
}

// ownReferences reports references in expr other than var.NAME of v.
func ownReferences(v *Variable, expr hcl.Expression) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, tr := range expr.Variables() {
		if name, _, ok := refName(tr); ok && tr.RootName() == "var" && name == v.Name {
			continue
		}
		diags = append(diags, diag.Error(diag.UnknownReference, tr.SourceRange(), "Invalid reference in validation",
			fmt.Sprintf("A validation of variable %q can refer only to var.%s (and call functions).", v.Name, v.Name)))
	}
	return diags
}

func validationCondition(v *Variable, expr hcl.Expression, ctx *hcl.EvalContext) (bool, hcl.Diagnostics) {
	if diags := ownReferences(v, expr); diags.HasErrors() {
		return false, diags
	}
	val, diags := expr.Value(ctx)
	diags = evalDiags(diags)
	if diags.HasErrors() {
		return false, diags
	}
	bad := func(why string) (bool, hcl.Diagnostics) {
		return false, append(diags, diag.Error(diag.InvalidValue, expr.Range(), "Invalid validation condition",
			fmt.Sprintf("A validation condition of variable %q must be true or false, but %s.", v.Name, why)))
	}
	val, _ = val.UnmarkDeep()
	switch {
	case !val.IsKnown():
		return bad("its value is unknown")
	case val.IsNull():
		return bad("it is null")
	}
	b, err := convert.Convert(val, cty.Bool)
	if err != nil {
		return bad("it is a " + val.Type().FriendlyName())
	}
	return b.True(), diags
}

// validationMessage evaluates error_message; on failure it returns a
// generic message along with the errors.
func validationMessage(v *Variable, expr hcl.Expression, ctx *hcl.EvalContext) (string, hcl.Diagnostics) {
	fallback := fmt.Sprintf("The value of var.%s failed a validation.", v.Name)
	if diags := ownReferences(v, expr); diags.HasErrors() {
		return fallback, diags
	}
	val, diags := expr.Value(ctx)
	diags = evalDiags(diags)
	if diags.HasErrors() {
		return fallback, diags
	}
	s, err := convert.Convert(val, cty.String)
	if err != nil || !s.IsKnown() || s.IsNull() {
		return fallback, append(diags, diag.Error(diag.InvalidValue, expr.Range(), "Invalid error_message",
			fmt.Sprintf("The error_message of a validation of variable %q must be a string.", v.Name)))
	}
	return s.AsString(), diags
}

// valueText renders a value as JSON (which reads as HCL for the values
// variables hold), cut short when long.
func valueText(v cty.Value) string {
	if !v.IsWhollyKnown() {
		return "(unknown)"
	}
	b, err := ctyjson.SimpleJSONValue{Value: v}.MarshalJSON()
	if err != nil {
		return "(" + v.Type().FriendlyName() + ")"
	}
	s := string(b)
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
