package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/diag"
)

func varValue(t *testing.T, src string, in Inputs, name string) cty.Value {
	t.Helper()
	ctx, diags := evaluate(t, src, in)
	noDiags(t, diags)
	return ctx.Variables["var"].GetAttr(name)
}

func writeFile(t *testing.T, dir, name, src string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestVariablePrecedence(t *testing.T) {
	src := `variable "spines" {
  type    = number
  default = 4
}`
	dir := t.TempDir()
	f1 := writeFile(t, dir, "a.vars.hcl", "spines = 6\n")
	f2 := writeFile(t, dir, "b.vars.hcl", "spines = 8\n")
	cases := []struct {
		name string
		in   Inputs
		want int64
	}{
		{"default", Inputs{}, 4},
		{"one file", Inputs{VarFiles: []string{f1}}, 6},
		{"later file wins", Inputs{VarFiles: []string{f1, f2}}, 8},
		{"later file wins, reversed", Inputs{VarFiles: []string{f2, f1}}, 6},
		{"flag beats files", Inputs{VarFiles: []string{f1, f2}, Vars: []string{"spines=10"}}, 10},
		{"later flag wins", Inputs{VarFiles: []string{f1}, Vars: []string{"spines=10", "spines=12"}}, 12},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := varValue(t, src, c.in, "spines")
			if !got.RawEquals(cty.NumberIntVal(c.want)) {
				t.Errorf("var.spines = %#v, want %d", got, c.want)
			}
		})
	}
}

func TestVarFlagTypes(t *testing.T) {
	src := `
variable "site"  { type = string }
variable "pods"  { type = list(number) }
variable "dual"  { type = bool }
variable "any"   {}
variable "shape" {
  type = object({ k = number, name = optional(string, "ft") })
}`
	ctx, diags := evaluate(t, src, Inputs{Vars: []string{
		"site=hall 3 = east", // raw text, "=" after the first is kept
		"pods=[0, 1, 2]",
		"dual=true",
		`any={ a = "x" }`,
		"shape={ k = 8 }",
	}})
	noDiags(t, diags)
	v := ctx.Variables["var"]
	if got := v.GetAttr("site"); !got.RawEquals(cty.StringVal("hall 3 = east")) {
		t.Errorf("site = %#v", got)
	}
	if got := v.GetAttr("pods"); !got.RawEquals(cty.ListVal([]cty.Value{cty.NumberIntVal(0), cty.NumberIntVal(1), cty.NumberIntVal(2)})) {
		t.Errorf("pods = %#v", got)
	}
	if got := v.GetAttr("dual"); !got.RawEquals(cty.True) {
		t.Errorf("dual = %#v", got)
	}
	if got := v.GetAttr("any").GetAttr("a"); !got.RawEquals(cty.StringVal("x")) {
		t.Errorf("any.a = %#v", got)
	}
	if got := v.GetAttr("shape").GetAttr("name"); !got.RawEquals(cty.StringVal("ft")) {
		t.Errorf("shape.name = %#v (optional default not applied)", got)
	}
}

func TestVarFlagErrors(t *testing.T) {
	src := `variable "spines" { type = number }
variable "name" {}`
	t.Run("no equals", func(t *testing.T) {
		_, diags := evaluate(t, src, Inputs{Vars: []string{"spines", "spines=2", "name=\"x\""}})
		d := wantOne(t, diags, diag.InvalidValue, "NAME=VALUE")
		if d.Subject != nil {
			t.Errorf("a --var error has a range: %v", d.Subject)
		}
		if want := `Invalid --var "spines"`; d.Summary != want {
			t.Errorf("summary %q, want %q", d.Summary, want)
		}
	})
	t.Run("undeclared", func(t *testing.T) {
		_, diags := evaluate(t, src, Inputs{Vars: []string{"spinez=4", "spines=2", "name=\"x\""}})
		wantOne(t, diags, diag.UndeclaredVariable, `Did you mean "spines"?`)
	})
	t.Run("wrong type", func(t *testing.T) {
		_, diags := evaluate(t, src, Inputs{Vars: []string{`spines="many"`, "name=\"x\""}})
		wantOne(t, diags, diag.InvalidValue, "number")
	})
	t.Run("unquoted text for any type", func(t *testing.T) {
		_, diags := evaluate(t, src, Inputs{Vars: []string{"spines=2", "name=east"}})
		if len(diags) == 0 || diag.CodeOf(diags[0]) != diag.InvalidValue {
			t.Fatalf("got %v", diags)
		}
		// The flag is named, not a pseudo-file whose source cannot be
		// shown, and HCL's wording is kept inside the detail only.
		if d := diags[0]; d.Subject != nil || d.Summary != "Invalid value for --var name" || !strings.Contains(d.Detail, `"east" is not an HCL value of type`) {
			t.Errorf("subject %v, summary %q, detail %q; want no range and the flag named", d.Subject, d.Summary, d.Detail)
		}
	})
}

func TestVarFileErrors(t *testing.T) {
	src := `variable "spines" {
  type    = number
  default = 4
}`
	dir := t.TempDir()
	t.Run("undeclared", func(t *testing.T) {
		p := writeFile(t, dir, "u.hcl", "spines = 2\n\nleafs = 8\n")
		_, diags := evaluate(t, src, Inputs{VarFiles: []string{p}})
		d := wantOne(t, diags, diag.UndeclaredVariable)
		if d.Subject == nil || d.Subject.Filename != p || d.Subject.Start.Line != 3 {
			t.Errorf("subject %v, want %s line 3", d.Subject, p)
		}
	})
	t.Run("unreadable", func(t *testing.T) {
		_, diags := evaluate(t, src, Inputs{VarFiles: []string{filepath.Join(dir, "missing.hcl")}})
		wantOne(t, diags, diag.NoInput, "missing.hcl")
	})
	t.Run("wrong type", func(t *testing.T) {
		p := writeFile(t, dir, "w.hcl", "spines = \"eight\"\n")
		_, diags := evaluate(t, src, Inputs{VarFiles: []string{p}})
		d := wantOne(t, diags, diag.InvalidValue)
		if d.Subject == nil || d.Subject.Filename != p {
			t.Errorf("subject %v, want in %s", d.Subject, p)
		}
	})
	t.Run("reference", func(t *testing.T) {
		p := writeFile(t, dir, "r.hcl", "spines = var.other\n")
		_, diags := evaluate(t, src, Inputs{VarFiles: []string{p}})
		wantOne(t, diags, diag.InvalidValue)
	})
}

func TestMissingVariable(t *testing.T) {
	src := `
variable "spines" {
  type        = number
  description = "spine switches per plane"
}`
	ctx, diags := evaluate(t, src, Inputs{})
	d := wantOne(t, diags, diag.MissingVariable, "--var spines=VALUE", "spine switches per plane")
	if d.Subject == nil || d.Subject.Start.Line != 2 {
		t.Errorf("subject %v, want line 2", d.Subject)
	}
	if got := ctx.Variables["var"].GetAttr("spines"); got.IsKnown() {
		t.Errorf("a missing variable is %#v, want unknown", got)
	}
}

func TestValidation(t *testing.T) {
	src := `variable "spines" {
  type    = number
  default = 4
  validation {
    condition     = var.spines % 2 == 0
    error_message = format("spines must be even, not %d.", var.spines)
  }
  validation {
    condition     = var.spines > 0
    error_message = "spines must be positive."
  }
}`
	t.Run("ok", func(t *testing.T) {
		_, diags := evaluate(t, src, Inputs{})
		noDiags(t, diags)
	})
	t.Run("false", func(t *testing.T) {
		_, diags := evaluate(t, src, Inputs{Vars: []string{"spines=3"}})
		d := wantOne(t, diags, diag.VariableValidation, "spines must be even, not 3.", "from --var spines")
		if d.Subject == nil || d.Subject.Start.Line != 5 {
			t.Errorf("subject %v, want line 5 (the condition)", d.Subject)
		}
	})
	t.Run("both false", func(t *testing.T) {
		_, diags := evaluate(t, src, Inputs{Vars: []string{"spines=-1"}})
		if len(diags) != 2 || diag.CodeOf(diags[0]) != diag.VariableValidation || diag.CodeOf(diags[1]) != diag.VariableValidation {
			t.Fatalf("got %v: %v", codes(diags), diags)
		}
	})
	t.Run("not bool", func(t *testing.T) {
		_, diags := evaluate(t, `variable "x" {
  default = 1
  validation {
    condition     = "yes"
    error_message = "x"
  }
}`, Inputs{})
		wantOne(t, diags, diag.InvalidValue)
	})
	t.Run("other reference", func(t *testing.T) {
		_, diags := evaluate(t, `variable "y" { default = 1 }
variable "x" {
  default = 1
  validation {
    condition     = var.x > var.y
    error_message = "x"
  }
}`, Inputs{})
		wantOne(t, diags, diag.UnknownReference, "only to var.x")
	})
}

func TestLocalsOrder(t *testing.T) {
	src := `locals {
  c = local.b + 1
  b = local.a * 2
  a = 1
}`
	ctx, diags := evaluate(t, src, Inputs{})
	noDiags(t, diags)
	l := ctx.Variables["local"]
	for name, want := range map[string]int64{"a": 1, "b": 2, "c": 3} {
		if got := l.GetAttr(name); !got.RawEquals(cty.NumberIntVal(want)) {
			t.Errorf("local.%s = %#v, want %d", name, got, want)
		}
	}
}

func TestLocalsUseVariables(t *testing.T) {
	src := `variable "k" { default = 8 }
locals {
  hosts = local.half * local.half * var.k
  half  = var.k / 2
}`
	ctx, diags := evaluate(t, src, Inputs{Vars: []string{"k=4"}})
	noDiags(t, diags)
	if got := ctx.Variables["local"].GetAttr("hosts"); !got.RawEquals(cty.NumberIntVal(16)) {
		t.Errorf("hosts = %#v", got)
	}
}

func TestLocalCycle(t *testing.T) {
	src := `locals {
  a = local.b
  b = local.a
  c = local.a + 1
}`
	ctx, diags := evaluate(t, src, Inputs{})
	d := wantOne(t, diags, diag.LocalCycle, "local.a → local.b → local.a")
	if d.Subject == nil || d.Subject.Start.Line != 2 {
		t.Errorf("subject %v, want line 2 (local.a)", d.Subject)
	}
	for _, n := range []string{"a", "b", "c"} {
		if v := ctx.Variables["local"].GetAttr(n); v.IsKnown() {
			t.Errorf("local.%s = %#v, want unknown", n, v)
		}
	}
}

func TestLocalCycles(t *testing.T) {
	t.Run("self", func(t *testing.T) {
		_, diags := evaluate(t, "locals {\n  a = local.a + 1\n}\n", Inputs{})
		wantOne(t, diags, diag.LocalCycle, "local.a → local.a")
	})
	t.Run("two cycles", func(t *testing.T) {
		_, diags := evaluate(t, `locals {
  a = local.b
  b = local.a
  x = local.y
  y = local.z
  z = local.x
}`, Inputs{})
		if len(diags) != 2 {
			t.Fatalf("got %v: %v", codes(diags), diags)
		}
		wantOne(t, diags[:1], diag.LocalCycle, "local.a → local.b → local.a")
		wantOne(t, diags[1:], diag.LocalCycle, "local.x → local.y → local.z → local.x")
	})
	t.Run("knot", func(t *testing.T) {
		_, diags := evaluate(t, `locals {
  a = local.b
  b = local.a + local.c
  c = local.b
}`, Inputs{})
		wantOne(t, diags, diag.LocalCycle, "local.a → local.b → local.a", "also involves local.c")
	})
}

func TestLocalReferences(t *testing.T) {
	src := `variable "spines" { default = 4 }
locals {
  a = var.spinez
  b = local.nope
  c = local.a + local.b
  d = each.key
  e = var.spines * 2
}`
	ctx, diags := evaluate(t, src, Inputs{})
	if len(diags) != 3 {
		t.Fatalf("got %v: %v", codes(diags), diags)
	}
	wantOne(t, diags[0:1], diag.UnknownReference, `Did you mean "spines"?`)
	wantOne(t, diags[1:2], diag.UnknownReference, `no local value named "nope"`)
	wantOne(t, diags[2:3], diag.UnknownReference, `nothing named "each"`)
	if line := diags[0].Subject.Start.Line; line != 3 {
		t.Errorf("first error on line %d, want 3", line)
	}
	if got := ctx.Variables["local"].GetAttr("e"); !got.RawEquals(cty.NumberIntVal(8)) {
		t.Errorf("local.e = %#v", got)
	}
}

func TestLocalErrorsDoNotCascade(t *testing.T) {
	src := `variable "n" { type = number }
locals {
  a = var.n + 1
  b = "x" + 1
  c = local.b * 2
}`
	_, diags := evaluate(t, src, Inputs{})
	if len(diags) != 2 || diag.CodeOf(diags[0]) != diag.MissingVariable || diag.CodeOf(diags[1]) != diag.InvalidValue {
		t.Fatalf("got %v: %v", codes(diags), diags)
	}
}

func TestDuplicateLocal(t *testing.T) {
	src := "locals {\n  a = 1\n}\nlocals {\n  a = 2\n}\n"
	_, diags := evaluate(t, src, Inputs{})
	d := wantOne(t, diags, diag.DuplicateName, "test.topo.hcl:2")
	if d.Subject.Start.Line != 5 {
		t.Errorf("subject %v, want line 5", d.Subject)
	}
}

func TestFunctionsInLocals(t *testing.T) {
	src := `locals {
  pairs  = setproduct(["a", "b"], [0, 1])
  pods   = range(3)
  name   = format("pod%02d/leaf%d", 3, 7)
  pos    = index(["x", "y", "z"], "y")
  chars  = length("spine")
  rate   = upper("gb/s")
  merged = merge({ a = 1 }, { b = 2 })
}`
	ctx, diags := evaluate(t, src, Inputs{})
	noDiags(t, diags)
	l := ctx.Variables["local"]
	if n := l.GetAttr("pairs").LengthInt(); n != 4 {
		t.Errorf("setproduct gave %d pairs, want 4", n)
	}
	if got := l.GetAttr("pods"); !got.RawEquals(cty.ListVal([]cty.Value{cty.NumberIntVal(0), cty.NumberIntVal(1), cty.NumberIntVal(2)})) {
		t.Errorf("range(3) = %#v", got)
	}
	checks := map[string]cty.Value{
		"name":  cty.StringVal("pod03/leaf7"),
		"pos":   cty.NumberIntVal(1),
		"chars": cty.NumberIntVal(5),
		"rate":  cty.StringVal("GB/S"),
	}
	for name, want := range checks {
		if got := l.GetAttr(name); !got.RawEquals(want) {
			t.Errorf("local.%s = %#v, want %#v", name, got, want)
		}
	}
}

func TestUnknownFunction(t *testing.T) {
	_, diags := evaluate(t, "locals {\n  a = nosuch(1)\n}\n", Inputs{})
	wantOne(t, diags, diag.UnknownReference)
}

func TestChild(t *testing.T) {
	ctx, diags := evaluate(t, `variable "k" { default = 4 }`, Inputs{})
	noDiags(t, diags)
	vars := map[string]cty.Value{"count": cty.ObjectVal(map[string]cty.Value{"index": cty.NumberIntVal(2)})}
	child := Child(ctx, vars)
	vars["count"] = cty.NullVal(cty.DynamicPseudoType) // Child copies
	s, diags := String(expr(t, `format("leaf%d", count.index * var.k)`), child)
	noDiags(t, diags)
	if s != "leaf8" {
		t.Errorf("got %q", s)
	}
	_, diags = Int(expr(t, "count.idx"), child)
	wantOne(t, diags, diag.UnknownReference, `Did you mean "index"?`)
	_, diags = Int(expr(t, "count.index"), ctx)
	wantOne(t, diags, diag.UnknownReference, `nothing named "count"`)
}
