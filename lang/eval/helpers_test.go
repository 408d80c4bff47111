package eval

import (
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/topoc/topoc/lang/diag"
)

var testSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
	{Type: "variable", LabelNames: []string{"name"}},
	{Type: "locals"},
}}

// load parses src as a design file and decodes its variable and locals
// blocks, failing the test on syntax errors. It returns the decoder's
// diagnostics.
func load(t *testing.T, src string) ([]*Variable, []*hcl.Attribute, hcl.Diagnostics) {
	t.Helper()
	f, diags := hclsyntax.ParseConfig([]byte(src), "test.topo.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("parse: %v", diags)
	}
	content, diags := f.Body.Content(testSchema)
	if diags.HasErrors() {
		t.Fatalf("content: %v", diags)
	}
	var vars []*Variable
	var locals []*hcl.Attribute
	for _, b := range content.Blocks {
		switch b.Type {
		case "variable":
			v, d := DecodeVariable(b)
			diags = append(diags, d...)
			if v != nil {
				vars = append(vars, v)
			}
		case "locals":
			attrs, d := b.Body.JustAttributes()
			diags = append(diags, d...)
			var list []*hcl.Attribute
			for _, a := range attrs {
				list = append(list, a)
			}
			sort.Slice(list, func(i, j int) bool { return list[i].Range.Start.Byte < list[j].Range.Start.Byte })
			locals = append(locals, list...)
		}
	}
	return vars, locals, diags
}

// evaluate loads src and evaluates it with in, failing on decode errors.
func evaluate(t *testing.T, src string, in Inputs) (*hcl.EvalContext, hcl.Diagnostics) {
	t.Helper()
	vars, locals, diags := load(t, src)
	if diags.HasErrors() {
		t.Fatalf("decode: %v", diags)
	}
	ctx, diags := Evaluate(vars, locals, in)
	if ctx == nil {
		t.Fatal("Evaluate returned a nil context")
	}
	return ctx, diags
}

// expr parses one expression.
func expr(t *testing.T, src string) hcl.Expression {
	t.Helper()
	e, diags := hclsyntax.ParseExpression([]byte(src), "expr.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("parse %q: %v", src, diags)
	}
	return e
}

func codes(ds hcl.Diagnostics) []diag.Code {
	var out []diag.Code
	for _, d := range ds {
		out = append(out, diag.CodeOf(d))
	}
	return out
}

// wantOne asserts that ds is exactly one error with code c whose detail
// contains each of details, and returns it.
func wantOne(t *testing.T, ds hcl.Diagnostics, c diag.Code, details ...string) *hcl.Diagnostic {
	t.Helper()
	if len(ds) != 1 {
		t.Fatalf("got %d diagnostics %v, want one %s: %v", len(ds), codes(ds), c, ds)
	}
	d := ds[0]
	if d.Severity != hcl.DiagError || diag.CodeOf(d) != c {
		t.Fatalf("got %s %v, want error %s: %v", diag.CodeOf(d), d.Severity, c, d)
	}
	for _, s := range details {
		if !strings.Contains(d.Detail, s) {
			t.Errorf("detail %q does not contain %q", d.Detail, s)
		}
	}
	return d
}

func noDiags(t *testing.T, ds hcl.Diagnostics) {
	t.Helper()
	if len(ds) > 0 {
		t.Fatalf("unexpected diagnostics %v: %v", codes(ds), ds)
	}
}
