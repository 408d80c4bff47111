package eval

import (
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/diag"
)

func TestDecodeVariable(t *testing.T) {
	vars, _, diags := load(t, `variable "pods" {
  type        = list(number)
  default     = [0, "1"]
  description = "pods to build"
  validation {
    condition     = length(var.pods) > 0
    error_message = "at least one pod"
  }
}
variable "free" {}`)
	noDiags(t, diags)
	if len(vars) != 2 {
		t.Fatalf("got %d variables", len(vars))
	}
	v := vars[0]
	if v.Name != "pods" || !v.Type.Equals(cty.List(cty.Number)) || !v.HasDefault || v.Description != "pods to build" {
		t.Errorf("decoded %+v", v)
	}
	if want := cty.ListVal([]cty.Value{cty.NumberIntVal(0), cty.NumberIntVal(1)}); !v.Default.RawEquals(want) {
		t.Errorf("default %#v, want %#v (converted to the type)", v.Default, want)
	}
	if len(v.Validations) != 1 || v.Validations[0].DeclRange.Start.Line != 5 {
		t.Errorf("validations %+v", v.Validations)
	}
	if v.DeclRange.Start.Line != 1 {
		t.Errorf("DeclRange %v", v.DeclRange)
	}
	if f := vars[1]; f.Type != cty.DynamicPseudoType || f.HasDefault {
		t.Errorf("free = %+v", f)
	}
}

func TestDecodeVariableErrors(t *testing.T) {
	cases := []struct {
		src  string
		code diag.Code
		line int
	}{
		{"variable \"n\" {\n  type = number\n  default = \"four\"\n}", diag.InvalidValue, 3},
		{"variable \"n\" {\n  type = numbr\n}", diag.HCLSchema, 2},
		{"variable \"9n\" {}", diag.InvalidValue, 1},
		{"variable \"n\" {\n  default = var.m\n}", diag.InvalidValue, 2},
		{"variable \"n\" {\n  colour = 1\n}", diag.HCLSchema, 2},
		{"variable \"n\" {\n  validation {\n    condition = true\n  }\n}", diag.HCLSchema, 2},
	}
	for _, c := range cases {
		_, _, diags := load(t, c.src)
		d := wantOne(t, diags, c.code)
		if d.Subject == nil || d.Subject.Start.Line != c.line {
			t.Errorf("%q: subject %v, want line %d", c.src, d.Subject, c.line)
		}
	}
}
