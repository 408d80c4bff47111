package eval

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// groupCtx is a node group's context: the design's functions, metered,
// and var.per = 32, var.pre = "su", var.half = 1.5, local.n = "7".
func groupCtx(b *Budget) *hcl.EvalContext {
	return &hcl.EvalContext{Functions: FunctionsOn(b), Variables: map[string]cty.Value{
		"var":   cty.ObjectVal(map[string]cty.Value{"per": cty.NumberIntVal(32), "pre": cty.StringVal("su"), "half": cty.NumberFloatVal(1.5)}),
		"local": cty.ObjectVal(map[string]cty.Value{"n": cty.StringVal("7")}),
	}}
}

// indexCtx is count.index = i in groupCtx.
func indexCtx(b *Budget, i int64) *hcl.EvalContext {
	return Child(groupCtx(b), map[string]cty.Value{"count": cty.ObjectVal(map[string]cty.Value{"index": cty.NumberIntVal(i)})})
}

// parseMetered parses src as an expression and meters it, as a design's
// name template is.
func parseMetered(t *testing.T, src string, b *Budget) hcl.Expression {
	t.Helper()
	e, d := hclsyntax.ParseExpression([]byte(src), "t.hcl", hcl.InitialPos)
	if d.HasErrors() {
		t.Fatalf("%s: %v", src, d)
	}
	return MeterExpr(e, b)
}

// TestIndexTemplateMatchesHCL: the compiled subset gives HCL's own string
// for every index, or declines; over the shipped examples' templates,
// hand-picked edge cases and 800 random templates of literals,
// count.index, + − × ÷ %, floor and format with random widths, each at
// indices 0–120 (and a few large ones). Where it declines, HCL answers
// (an error, a fraction, a negative number). It found two differences
// the subset now declines: arithmetic on a fraction (HCL rounds it) and
// a product of 0 and a negative number (HCL keeps a "-0").
func TestIndexTemplateMatchesHCL(t *testing.T) {
	fixed := []string{
		`format("pod%d/rack%03d/node%d", floor(count.index / 384), floor(count.index / 2) % 192, count.index % 2)`,
		`format("su%02d/node%02d", floor(count.index / 32), count.index % 32)`,
		`"rack${floor(count.index / 4)}/n${count.index % 4}"`,
		`"node${count.index}"`,
		`format("%s-%d", "a", count.index)`,
		`format("%5d|%d%%", count.index, count.index * 3 - 1)`,
		`format("x%d", count.index - 5)`, // negative below 5: HCL's
		`"h${count.index / 3}"`,          // fractions: HCL's
		`format("%d", count.index / 2)`,  // a fraction to %d: HCL's error
		`"a${(count.index + 1) * 2 % 7}"`,
		`format("%03d", floor((count.index - 1) / 2))`,
		`format("su%03d/node%02d", floor(count.index / var.per), count.index % var.per)`,
		`"${var.pre}${count.index}-${local.n}"`,
		`format("%d", count.index * var.half)`, // a fraction variable: HCL's
		`"x${local.n + count.index}"`,          // a string in arithmetic: HCL converts it
	}
	rng := rand.New(rand.NewPCG(7, 11))
	var num func(depth int) string
	num = func(depth int) string {
		if depth == 0 || rng.IntN(3) == 0 {
			switch rng.IntN(3) {
			case 0:
				return "count.index"
			default:
				return fmt.Sprint(rng.IntN(400))
			}
		}
		a, b := num(depth-1), num(depth-1)
		switch rng.IntN(6) {
		case 0:
			return "(" + a + " + " + b + ")"
		case 1:
			return "(" + a + " - " + b + ")"
		case 2:
			return "(" + a + " * " + b + ")"
		case 3:
			return "(" + a + " / " + b + ")"
		case 4:
			return "(" + a + " % " + b + ")"
		}
		return "floor(" + a + ")"
	}
	random := make([]string, 0, 800)
	for range 800 {
		var verbs, args []string
		for range 1 + rng.IntN(3) {
			switch rng.IntN(4) {
			case 0:
				verbs, args = append(verbs, "%s"), append(args, `"s"`)
			case 1:
				verbs, args = append(verbs, fmt.Sprintf("%%0%dd", rng.IntN(6))), append(args, num(3))
			default:
				verbs, args = append(verbs, "%d"), append(args, num(3))
			}
		}
		if rng.IntN(3) == 0 {
			random = append(random, `"n${`+num(3)+`}-${`+num(2)+`}"`)
			continue
		}
		random = append(random, fmt.Sprintf(`format("r%s", %s)`, strings.Join(verbs, "/"), strings.Join(args, ", ")))
	}
	compiled, agreed, declined := 0, 0, 0
	for _, src := range append(fixed, random...) {
		b := NewBudget()
		e := parseMetered(t, src, b)
		tmpl, ok := CompileIndexTemplate(e, groupCtx(b))
		if !ok {
			continue
		}
		compiled++
		for _, i := range append(indices(120), 4095, 65535, 1<<20) {
			want, d := StringChecked(e, indexCtx(b, i))
			got, ok := tmpl.String(i)
			switch {
			case !ok:
				declined++
			case d.HasErrors():
				t.Errorf("%s at %d: compiled %q, HCL refuses: %v", src, i, got, d)
			case got != want:
				t.Errorf("%s at %d: compiled %q, HCL %q", src, i, got, want)
			default:
				agreed++
			}
		}
	}
	if compiled < 600 || agreed < 30000 {
		t.Errorf("compiled %d templates, %d values agreed (%d declined); want most compiled and agreeing", compiled, agreed, declined)
	}
	t.Logf("%d templates compiled, %d values agreed, %d left to HCL", compiled, agreed, declined)
}

func indices(n int) []int64 {
	out := make([]int64, n+1)
	for i := range out {
		out[i] = int64(i)
	}
	return out
}

// Templates outside the subset are not compiled: other functions, other
// verbs and flags, references other than count.index.
func TestIndexTemplateDeclines(t *testing.T) {
	for _, src := range []string{
		`upper("a${count.index}")`,
		`format("%x", count.index)`,
		`format("%-3d", count.index)`,
		`format("%.2f", count.index)`,
		`format("%[1]d", count.index)`,
		`format("%0100d", count.index)`,
		`"${var.missing}${count.index}"`,
		`each.key`,
		`count.index > 2 ? "a" : "b"`,
		`format(local.f, count.index)`,
	} {
		b := NewBudget()
		if _, ok := CompileIndexTemplate(parseMetered(t, src, b), groupCtx(b)); ok {
			t.Errorf("%s: compiled, want left to HCL", src)
		}
	}
}
