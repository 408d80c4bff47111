package eval

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/topoc/topoc/lang/diag"
)

// Variable is a decoded `variable "NAME" { ... }` block: an input of the
// design, set by its default, a --var-file or --var (see Evaluate).
type Variable struct {
	// Name is the block's label, a valid HCL identifier.
	Name string
	// Type is the type constraint from the type argument (hcl
	// ext/typeexpr syntax: number, string, bool, list(number),
	// object({...}) with optional(...) attributes, any);
	// cty.DynamicPseudoType ("any") when absent.
	Type cty.Type
	// TypeDefaults are the defaults of optional object attributes given in
	// Type, applied to every value before conversion; nil when none.
	TypeDefaults *typeexpr.Defaults
	// Default is the default value, already converted to Type. It is
	// cty.DynamicVal when the default failed to convert (the error is
	// reported by DecodeVariable).
	Default cty.Value
	// HasDefault reports whether the block has a default argument; a
	// variable without one must be given a value.
	HasDefault bool
	// Description is the description argument, for documentation.
	Description string
	// Validations are the validation blocks, checked in order.
	Validations []Validation
	// DeclRange is the range of the block header, `variable "NAME"`.
	DeclRange hcl.Range
}

// Validation is a `validation { condition = ...  error_message = ... }`
// block of a variable. Both expressions may refer only to var.NAME of
// their own variable, and to functions.
type Validation struct {
	// Condition must evaluate to true for a valid value.
	Condition hcl.Expression
	// ErrorMessage is a string expression, shown when Condition is false.
	ErrorMessage hcl.Expression
	// DeclRange is the range of the block header, `validation`.
	DeclRange hcl.Range
}

var variableSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "type"}, {Name: "default"}, {Name: "description"}},
	Blocks:     []hcl.BlockHeaderSchema{{Type: "validation"}},
}

var validationSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "condition", Required: true},
		{Name: "error_message", Required: true},
	},
}

// DecodeVariable decodes a variable block. It returns nil only when the
// block has no usable name; otherwise it returns a Variable even when
// there are errors, so that references to it do not cascade. Duplicate
// variable blocks are the caller's to report.
func DecodeVariable(block *hcl.Block) (*Variable, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	if len(block.Labels) != 1 {
		return nil, hcl.Diagnostics{diag.Error(diag.HCLSchema, block.DefRange, "Variable needs one name",
			`Write a variable block as variable "NAME" { ... }.`)}
	}
	name := block.Labels[0]
	if !hclsyntax.ValidIdentifier(name) {
		return nil, hcl.Diagnostics{diag.Error(diag.InvalidValue, block.LabelRanges[0], "Invalid variable name",
			fmt.Sprintf("%q is not a valid name: a name starts with a letter or underscore and contains only letters, digits, underscores and dashes.", name))}
	}
	v := &Variable{Name: name, Type: cty.DynamicPseudoType, Default: cty.NilVal, DeclRange: block.DefRange}

	content, d := block.Body.Content(variableSchema)
	diags = append(diags, withCode(d, diag.HCLSchema)...)

	if at, ok := content.Attributes["type"]; ok {
		ty, defaults, d := typeexpr.TypeConstraintWithDefaults(at.Expr)
		diags = append(diags, withCode(d, diag.HCLSchema)...)
		if !d.HasErrors() {
			v.Type, v.TypeDefaults = ty, defaults
		}
	}
	if at, ok := content.Attributes["description"]; ok {
		s, d := literal(at.Expr, cty.String, "description")
		diags = append(diags, d...)
		if !d.HasErrors() {
			v.Description = s.AsString()
		}
	}
	if at, ok := content.Attributes["default"]; ok {
		v.HasDefault = true
		v.Default = cty.DynamicVal
		val, d := literal(at.Expr, cty.DynamicPseudoType, "default")
		diags = append(diags, d...)
		if !d.HasErrors() {
			conv, err := v.convert(val)
			if err != nil {
				diags = append(diags, diag.Error(diag.InvalidValue, at.Expr.Range(), "Invalid default value",
					fmt.Sprintf("The default of variable %q does not fit its type %s: %s.", name, typeexpr.TypeString(v.Type), convertMessage(err))))
			} else {
				v.Default = conv
			}
		}
	}
	for _, b := range content.Blocks {
		c, d := b.Body.Content(validationSchema)
		diags = append(diags, withCode(d, diag.HCLSchema)...)
		cond, okC := c.Attributes["condition"]
		msg, okM := c.Attributes["error_message"]
		if okC && okM {
			v.Validations = append(v.Validations, Validation{Condition: cond.Expr, ErrorMessage: msg.Expr, DeclRange: b.DefRange})
		}
	}
	return v, diags
}

// convert applies the type's optional-attribute defaults to val and
// converts it to the variable's type.
func (v *Variable) convert(val cty.Value) (cty.Value, error) {
	if v.TypeDefaults != nil {
		val = v.TypeDefaults.Apply(val)
	}
	return convert.Convert(val, v.Type)
}

// literal evaluates an expression that may not refer to anything (a
// default, a description) and converts it to ty.
func literal(expr hcl.Expression, ty cty.Type, what string) (cty.Value, hcl.Diagnostics) {
	if trs := expr.Variables(); len(trs) > 0 {
		return cty.DynamicVal, hcl.Diagnostics{diag.Error(diag.InvalidValue, trs[0].SourceRange(), "Reference not allowed",
			fmt.Sprintf("A variable's %s must be a literal value; it cannot refer to variables or locals.", what))}
	}
	val, diags := expr.Value(&hcl.EvalContext{Functions: Functions()})
	diags = evalDiags(diags)
	if diags.HasErrors() {
		return cty.DynamicVal, diags
	}
	conv, err := convert.Convert(val, ty)
	if err == nil && ty == cty.String && conv.IsNull() {
		err = fmt.Errorf("it is null")
	}
	if err != nil {
		return cty.DynamicVal, append(diags, diag.Error(diag.InvalidValue, expr.Range(), fmt.Sprintf("Invalid %s", what),
			fmt.Sprintf("The %s must be a %s: %s.", what, ty.FriendlyName(), convertMessage(err))))
	}
	return conv, diags
}
