package eval

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function/stdlib"

	"github.com/topoc/topoc/lang/diag"
)

// Below the caps each wrapped function returns exactly what go-cty's does
// (a second implementation of the same call is the oracle).
func TestBoundedStringFunctionsAgree(t *testing.T) {
	s := cty.StringVal
	l := func(vs ...string) cty.Value {
		var out []cty.Value
		for _, v := range vs {
			out = append(out, s(v))
		}
		return cty.ListVal(out)
	}
	cases := []struct {
		name      string
		got, want func([]cty.Value) (cty.Value, error)
		args      []cty.Value
	}{
		{"format", boundedFormat().Call, stdlib.FormatFunc.Call, []cty.Value{s("%5s|%-3d|%.2f|%%|%[1]s|%04096d"), s("a"), cty.NumberIntVal(3), cty.NumberFloatVal(1.5)}},
		{"formatlist", boundedFormatList().Call, stdlib.FormatListFunc.Call, []cty.Value{s("%s-%03d"), l("a", "b"), cty.TupleVal([]cty.Value{cty.NumberIntVal(1), cty.NumberIntVal(2)})}},
		{"indent", boundedIndent().Call, stdlib.IndentFunc.Call, []cty.Value{cty.NumberIntVal(4), s("a\nb\nc")}},
		{"join", boundedJoin().Call, stdlib.JoinFunc.Call, []cty.Value{s(", "), l("a", "b"), l("c")}},
		{"replace", boundedReplace().Call, stdlib.ReplaceFunc.Call, []cty.Value{s("spine-1"), s("-"), s("--")}},
	}
	for _, c := range cases {
		got, err := c.got(c.args)
		want, err2 := c.want(c.args)
		if err != nil || err2 != nil || !got.RawEquals(want) {
			t.Errorf("%s = %#v, %v; go-cty gives %#v, %v", c.name, got, err, want, err2)
		}
	}
}

// Calls whose result the arguments predict to pass MaxValueSize are
// refused at the call, quickly and with a located diagnostic, before the
// result is built: each of these took seconds and gigabytes, or ran out of
// memory, when go-cty built it first.
func TestBoundedStringFunctionsRefuse(t *testing.T) {
	cases := []struct{ expr, want string }{
		{`indent(1000000000, "a\nb")`, "1000000000 spaces"},
		{`indent(3000000, "a\nb\nc")`, "result of indent would be at least 6000005 bytes"},
		{`indent(-1, "a\nb")`, `"spaces" parameter: must not be negative`},
		{`format("%999999999s", "a")`, `"%999999999s" asks for 999999999 characters`},
		{`format("%.5000f", 1)`, `asks for 5000 characters`},
		{`length(join("", [for i in range(1000): format("%0999999d", i)]))`, `asks for 999999 characters`},
		{`formatlist("%4096s%s", range(1024), range(1024))`, "result of formatlist would be"},
		{`join(format("%4096s", ""), range(1024), range(1024))`, "result of join would be at least 8390484 bytes"},
		{`join("", [for i in range(1024): join("", [for j in range(8): format("%4096d", j)])])`, "arguments of join hold more than 4194304"},
		{`jsonencode([for i in range(1024): format("%4096s%s", "", "abcdefgh")])`, "arguments of jsonencode hold more than 4194304"},
		{`replace(format("%4000s", ""), "", format("%4000s", ""))`, "result of replace would be"},
	}
	for _, c := range cases {
		src := "locals {\n  x = " + c.expr + "\n}\n"
		_, ds := evaluate(t, src, Inputs{})
		if len(ds) == 0 {
			t.Errorf("%s: accepted", c.expr)
			continue
		}
		d := ds[0]
		if d.Severity != hcl.DiagError || !strings.Contains(d.Detail, c.want) {
			t.Errorf("%s: got %v %q, want an error saying %q", c.expr, d.Severity, d.Detail, c.want)
		}
		if d.Subject == nil || d.Subject.Filename != "test.topo.hcl" || d.Subject.Start.Line != 2 {
			t.Errorf("%s: diagnostic at %v, want test.topo.hcl line 2", c.expr, d.Subject)
		}
	}
}

// A local past MaxValueSize that no function predicts (a template that
// repeats its input) is refused at the local's expression.
func TestValueTooLargeLocated(t *testing.T) {
	src := "locals {\n  a = format(\"%4096s\", \"\")\n  b = \"%{for i in range(1024)}${local.a}%{endfor}\"\n}\n"
	_, ds := evaluate(t, src, Inputs{})
	d := wantOne(t, ds, diag.ExpansionLimit, "local.b")
	if d.Subject == nil || d.Subject.Filename != "test.topo.hcl" || d.Subject.Start.Line != 3 {
		t.Errorf("diagnostic at %v, want test.topo.hcl line 3", d.Subject)
	}
}

// formatPadding sums widths and precisions and names the first verb past
// MaxFormatWidth; "%%" and flags are not widths, leading zeros are a flag.
func TestFormatPadding(t *testing.T) {
	for f, want := range map[string]int{"": 0, "%s": 0, "%%5": 0, "%5s%-3d": 8, "%.2f": 2, "%08.3f": 11, "%[2]s": 2, "%04096d": 4096, "%": 0} {
		if got, err := formatPadding(f); err != nil || got != want {
			t.Errorf("formatPadding(%q) = %d, %v; want %d", f, got, err, want)
		}
	}
	for _, f := range []string{"%4097s", "%.99999f", "%0000000000000004097d"} {
		if _, err := formatPadding(f); err == nil {
			t.Errorf("formatPadding(%q) accepted", f)
		}
	}
}
