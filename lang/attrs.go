package lang

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
	"github.com/topoc/topoc/lang/units"
)

// attrs decodes the arguments of one block instance against an evaluation
// context, accumulating diagnostics, so decode functions read as a list of
// fields rather than error plumbing.
type attrs struct {
	m     hcl.Attributes
	ctx   *hcl.EvalContext
	block hcl.Range
	diags hcl.Diagnostics
	plain bool // strings must be plain text (checkPlain)
}

func newAttrs(content *hcl.BodyContent, ctx *hcl.EvalContext, block hcl.Range) *attrs {
	return &attrs{m: withoutNulls(content.Attributes, ctx), ctx: ctx, block: block}
}

// withoutNulls returns the attributes less those set to null: in HCL, as
// in Terraform, an argument whose value is null is as if it were not
// written, so `switch_model = var.model` with a null default, or
// `rate = var.fast ? "800Gb/s" : null`, falls back to the argument's
// default (and a required argument set to null is missing). Only
// literals, references and conditionals are evaluated for the test; an
// expression that fails to evaluate is kept, for its reader to report.
func withoutNulls(m hcl.Attributes, ctx *hcl.EvalContext) hcl.Attributes {
	var out hcl.Attributes
	for name, at := range m {
		switch at.Expr.(type) {
		case *hclsyntax.LiteralValueExpr, *hclsyntax.ScopeTraversalExpr, *hclsyntax.ConditionalExpr:
		default:
			continue
		}
		v, d := at.Expr.Value(ctx)
		if d.HasErrors() || !v.IsKnown() || !v.IsNull() {
			continue
		}
		if out == nil {
			out = make(hcl.Attributes, len(m))
			for k, x := range m {
				out[k] = x
			}
		}
		delete(out, name)
	}
	if out == nil {
		return m
	}
	return out
}

// newPlainAttrs is newAttrs for a block whose strings become values in
// artifacts written without escapes: the arguments of catalogue and node
// models (vendor, CPU model, bus ids, device names) are attributes of
// NCCL topology XML, whose parser (NCCL 2.30 src/graph/xml.cc) decodes no
// entities, and cells of the BOM. Their strings must be plain text
// (checkPlain).
func newPlainAttrs(content *hcl.BodyContent, ctx *hcl.EvalContext, block hcl.Range) *attrs {
	a := newAttrs(content, ctx, block)
	a.plain = true
	return a
}

// MaxPlainText caps a plain-text string, in bytes: NCCL reads an XML
// attribute value into a 255-byte buffer and refuses a value of 254
// characters or more ("value %s too long"); 253 is the longest accepted
// (docs/reference/nccl-topo-xml.md §8, tested against NCCL 2.30).
const MaxPlainText = 253

// checkPlain reports a string of a plain-text argument that holds a
// control character, a quote, '<', '>' or '&' (each would end or corrupt
// an XML attribute, as `vendor = "GenuineIntel\" arch=\"arm64"` did), or
// that is longer than MaxPlainText.
func (a *attrs) checkPlain(name, s string, rng hcl.Range) bool {
	bad := strings.IndexFunc(s, func(r rune) bool {
		return unicode.IsControl(r) || strings.ContainsRune("\"<>&", r)
	})
	switch {
	case bad >= 0:
		r, _ := utf8.DecodeRuneInString(s[bad:])
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, rng, "Invalid text",
			fmt.Sprintf("%s holds %s; it is written into NCCL topology XML and the BOM as it is, where quotes, '<', '>', '&' and control characters are not allowed. Remove it.", name, describeRune(r))))
		return false
	case len(s) > MaxPlainText:
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, rng, "Text too long",
			fmt.Sprintf("%s is %d bytes; NCCL reads at most %d characters of an attribute value.", name, len(s), MaxPlainText)))
		return false
	}
	return true
}

func (a *attrs) get(name string) (*hcl.Attribute, bool) {
	at, ok := a.m[name]
	return at, ok
}

func read[T any](a *attrs, name string, f func(hcl.Expression, *hcl.EvalContext) (T, hcl.Diagnostics)) Val[T] {
	at, ok := a.get(name)
	if !ok {
		return Val[T]{Range: a.block}
	}
	v, d := f(at.Expr, a.ctx)
	a.diags = append(a.diags, d...)
	return Val[T]{V: v, Range: at.Expr.Range(), Set: !d.HasErrors()}
}

func (a *attrs) int(name string) Val[int64] { return read(a, name, eval.Int) }
func (a *attrs) str(name string) Val[string] {
	v := read(a, name, eval.String)
	if v.Set && a.plain && !a.checkPlain(name, v.V, v.Range) {
		v.Set = false
	}
	return v
}
func (a *attrs) boolean(name string) Val[bool]   { return read(a, name, eval.Bool) }
func (a *attrs) number(name string) Val[float64] { return read(a, name, eval.Number) }
func (a *attrs) rate(name string) Val[float64]   { return read(a, name, eval.Rate) }
func (a *attrs) size(name string) Val[float64]   { return read(a, name, eval.Size) }

func (a *attrs) length(name string) Val[float64]  { return read(a, name, eval.Length) }
func (a *attrs) power(name string) Val[float64]   { return read(a, name, eval.Power) }
func (a *attrs) compute(name string) Val[float64] { return read(a, name, eval.Compute) }
func (a *attrs) ints(name string) Val[[]int64]    { return read(a, name, eval.IntList) }
func (a *attrs) strs(name string) Val[[]string] {
	v := read(a, name, eval.StringList)
	if v.Set && a.plain {
		for _, s := range v.V {
			if !a.checkPlain(name, s, v.Range) {
				v.Set = false
				break
			}
		}
	}
	return v
}

// netRate reads the rate of a network link (a family's link, host or
// terminal rate, a custom link's), warning (rate-in-bytes) when it is
// written in bytes per second: "200GB/s" is 1.6 Tb/s, eight times the
// "200Gb/s" a network rate of that figure almost always means (NVLink
// and PCIe rates, which are read with rate, are quoted in bytes). Trial
// 58: a dragonfly's local and global rates written "200GB/s" gave every
// link 1.6 Tb/s with no word where no router_model bounds the ports.
func (a *attrs) netRate(name string) Val[float64] {
	v := a.rate(name)
	a.warnBytes(name, v)
	return v
}

// warnBytes is netRate's warning for a rate v read with rate: a model's
// port rate is read before its protocol says whether it is NVLink, whose
// rates are quoted in bytes.
func (a *attrs) warnBytes(name string, v Val[float64]) {
	if !v.Set {
		return
	}
	at, _ := a.get(name)
	s, d := eval.String(at.Expr, a.ctx)
	t := strings.TrimSpace(s)
	bits := strings.NewReplacer("B/s", "b/s", "Bps", "bps").Replace(t)
	if !d.HasErrors() && (strings.HasSuffix(t, "B/s") || strings.HasSuffix(t, "Bps")) {
		a.diags = append(a.diags, diag.Warning(diag.RateInBytes, v.Range, "Network rate in bytes",
			fmt.Sprintf("%s = %q is %s per direction: B/s counts bytes, and network link rates are written in bits. Write %q if that is meant, or %q to keep %s.", name, s, units.Rate(v.V), bits, units.Rate(v.V), units.Rate(v.V))))
	}
}

// refs reads an argument that is one reference or a list of them
// ([node_group.a.nics.compute, node_group.b.nics.compute]), in order; nil
// when the argument is absent or an element is not a reference (an
// error is recorded, citing example as what to write).
func (a *attrs) refs(name, example string) []*Ref {
	at, ok := a.get(name)
	if !ok {
		return nil
	}
	exprs := []hcl.Expression{at.Expr}
	if _, isList := at.Expr.(*hclsyntax.TupleConsExpr); isList {
		list, d := hcl.ExprList(at.Expr)
		if d.HasErrors() {
			a.diags = append(a.diags, d...)
			return nil
		}
		if len(list) == 0 {
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, at.Expr.Range(), "Empty list",
				"The argument "+name+" lists no reference; name at least one, such as "+example+"."))
			return nil
		}
		exprs = list
	}
	var out []*Ref
	for _, e := range exprs {
		r := a.refOf(name, e, example)
		if r == nil {
			return nil
		}
		out = append(out, r)
	}
	return out
}

// refOf turns one expression into a Ref, or records why it is not one,
// citing example as what to write.
func (a *attrs) refOf(name string, expr hcl.Expression, example string) *Ref {
	tr, d := hcl.AbsTraversalForExpr(expr)
	if d.HasErrors() {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, expr.Range(),
			"Reference expected",
			"The argument "+name+" must be a reference such as "+example+" (or a list of them, one per node group), not a computed value."))
		return nil
	}
	r := &Ref{Range: expr.Range()}
	for _, step := range tr {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			r.Parts = append(r.Parts, s.Name)
		case hcl.TraverseAttr:
			r.Parts = append(r.Parts, s.Name)
		case hcl.TraverseIndex:
			if s.Key.Type() == cty.String {
				r.Parts = append(r.Parts, s.Key.AsString())
			}
		}
	}
	return r
}
