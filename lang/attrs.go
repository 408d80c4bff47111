package lang

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
)

// attrs decodes the arguments of one block instance against an evaluation
// context, accumulating diagnostics, so decode functions read as a list of
// fields rather than error plumbing.
type attrs struct {
	m     hcl.Attributes
	ctx   *hcl.EvalContext
	block hcl.Range
	diags hcl.Diagnostics
}

func newAttrs(content *hcl.BodyContent, ctx *hcl.EvalContext, block hcl.Range) *attrs {
	return &attrs{m: content.Attributes, ctx: ctx, block: block}
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

func (a *attrs) int(name string) Val[int64]      { return read(a, name, eval.Int) }
func (a *attrs) str(name string) Val[string]     { return read(a, name, eval.String) }
func (a *attrs) boolean(name string) Val[bool]   { return read(a, name, eval.Bool) }
func (a *attrs) rate(name string) Val[float64]   { return read(a, name, eval.Rate) }
func (a *attrs) size(name string) Val[float64]   { return read(a, name, eval.Size) }
func (a *attrs) length(name string) Val[float64] { return read(a, name, eval.Length) }
func (a *attrs) ints(name string) Val[[]int64]   { return read(a, name, eval.IntList) }
func (a *attrs) strs(name string) Val[[]string]  { return read(a, name, eval.StringList) }

// ref reads an argument that must be a plain reference (node_group.x.gpus),
// kept unevaluated for the compiler to resolve.
func (a *attrs) ref(name string) *Ref {
	at, ok := a.get(name)
	if !ok {
		return nil
	}
	return a.refOf(name, at.Expr, "node_group.dgx.nics.compute")
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
