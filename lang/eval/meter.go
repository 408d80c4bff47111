package eval

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Meter puts the expressions of body (a *hclsyntax.Body; other bodies are
// left alone) on budget b: every function call and string template, and
// every key, element and condition of a for expression (including
// template %{for}), takes a step before it is evaluated and is charged
// its result afterwards; a template is also refused before it is built
// when the values it copies would not fit (meteredTemplate). It
// also replaces HCL's / and % with versions that refuse a zero divisor
// and infinite operands (safeDivide, safeModulo), and +, - and * with
// versions that refuse a result beyond MaxMagnitude.
//
// HCL evaluates expressions itself and has no hook for a budget, so the
// metering is done on the syntax tree: a metered node embeds the node it
// meters, which keeps it an hclsyntax.Expression (walks and Variables see
// the original tree), and overrides Value. Only nodes that nothing
// type-asserts on are wrapped: function calls and the parts of for
// expressions and templates; traversals, tuples and objects keep their
// types.
func Meter(body hcl.Body, b *Budget) {
	if sb, ok := body.(*hclsyntax.Body); ok {
		meterBody(sb, b)
	}
}

// MeterExpr is Meter for one expression (a --var value); it returns the
// expression to evaluate in place of e.
func MeterExpr(e hcl.Expression, b *Budget) hcl.Expression {
	if se, ok := e.(hclsyntax.Expression); ok {
		return meterNode(se, b)
	}
	return e
}

func meterBody(body *hclsyntax.Body, b *Budget) {
	for _, at := range body.Attributes {
		at.Expr = meterNode(at.Expr, b)
	}
	for _, blk := range body.Blocks {
		meterBody(blk.Body, b)
	}
}

// meterNode meters the children of e and returns e, wrapped when it is a
// function call.
func meterNode(e hclsyntax.Expression, b *Budget) hclsyntax.Expression {
	m := func(c hclsyntax.Expression) hclsyntax.Expression {
		if c == nil {
			return nil
		}
		return meterNode(c, b)
	}
	// loop wraps a part of a for expression, evaluated once per element.
	// A bare traversal (local.x, v) is left unwrapped: HCL finds the
	// references of an expression (Variables) by the type of each node,
	// so a wrapped traversal would hide its reference. It costs nothing
	// per element beyond the collection, which was charged when built.
	loop := func(c hclsyntax.Expression) hclsyntax.Expression {
		if _, bare := c.(*hclsyntax.ScopeTraversalExpr); c == nil || bare {
			return c
		}
		return &metered{Expression: meterNode(c, b), b: b}
	}
	switch n := e.(type) {
	case *hclsyntax.FunctionCallExpr:
		for i, a := range n.Args {
			n.Args[i] = m(a)
		}
		return &meteredCall{FunctionCallExpr: n, b: b}
	case *hclsyntax.ForExpr:
		n.CollExpr = m(n.CollExpr)
		n.KeyExpr, n.ValExpr, n.CondExpr = loop(n.KeyExpr), loop(n.ValExpr), loop(n.CondExpr)
	case *hclsyntax.BinaryOpExpr:
		n.LHS, n.RHS = m(n.LHS), m(n.RHS)
		switch n.Op {
		case hclsyntax.OpDivide:
			n.Op = safeDivide
		case hclsyntax.OpModulo:
			n.Op = safeModulo
		case hclsyntax.OpAdd:
			n.Op = safeAdd
		case hclsyntax.OpSubtract:
			n.Op = safeSubtract
		case hclsyntax.OpMultiply:
			n.Op = safeMultiply
		}
	case *hclsyntax.UnaryOpExpr:
		n.Val = m(n.Val)
	case *hclsyntax.ConditionalExpr:
		n.Condition, n.TrueResult, n.FalseResult = m(n.Condition), m(n.TrueResult), m(n.FalseResult)
	case *hclsyntax.ParenthesesExpr:
		n.Expression = m(n.Expression)
	case *hclsyntax.TupleConsExpr:
		for i, x := range n.Exprs {
			n.Exprs[i] = m(x)
		}
	case *hclsyntax.ObjectConsExpr:
		for i := range n.Items {
			n.Items[i].KeyExpr = m(n.Items[i].KeyExpr)
			n.Items[i].ValueExpr = m(n.Items[i].ValueExpr)
		}
	case *hclsyntax.ObjectConsKeyExpr:
		n.Wrapped = m(n.Wrapped)
	case *hclsyntax.IndexExpr:
		n.Collection, n.Key = m(n.Collection), m(n.Key)
	case *hclsyntax.RelativeTraversalExpr:
		n.Source = m(n.Source)
	case *hclsyntax.SplatExpr:
		// Each refers to n.Item by pointer; the Item node is not replaced.
		n.Source, n.Each = m(n.Source), m(n.Each)
	case *hclsyntax.TemplateExpr:
		literal := true
		for i, p := range n.Parts {
			n.Parts[i] = m(p)
			_, lit := p.(*hclsyntax.LiteralValueExpr)
			literal = literal && lit
		}
		if literal {
			return n // a quoted string: bounded by the file, no step needed
		}
		return &meteredTemplate{TemplateExpr: n, b: b}
	case *hclsyntax.TemplateJoinExpr:
		n.Tuple = m(n.Tuple)
	case *hclsyntax.TemplateWrapExpr:
		n.Wrapped = m(n.Wrapped)
	}
	return e
}

// metered is an expression on a Budget: a step before Value, a charge
// after it.
type metered struct {
	hclsyntax.Expression
	b *Budget
}

// Value evaluates the metered expression within the budget; when the
// budget is spent it returns cty.DynamicVal and the budget's diagnostic
// without evaluating.
func (e *metered) Value(ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	rng := e.Expression.Range()
	if d := e.b.step(rng); d != nil {
		return cty.DynamicVal, hcl.Diagnostics{d}
	}
	return e.b.charged(e.Expression.Value(ctx))(rng)
}

// meteredCall is a function call on a Budget. It embeds the call itself,
// not the Expression interface, so that hcl.ExprCall (type constraints
// such as list(string)) still sees a call.
type meteredCall struct {
	*hclsyntax.FunctionCallExpr
	b *Budget
}

// Value is metered.Value for a function call.
func (e *meteredCall) Value(ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	rng := e.Range()
	if d := e.b.step(rng); d != nil {
		return cty.DynamicVal, hcl.Diagnostics{d}
	}
	v, diags := e.FunctionCallExpr.Value(ctx)
	if spent := e.b.spentDiag(); spent != nil && diags.HasErrors() {
		// The call's own work spent the budget (FunctionsOn): one
		// evaluation-limit at the call, not a failed call as well.
		if spent.Subject == nil {
			spent.Subject = rng.Ptr()
		}
		return cty.DynamicVal, hcl.Diagnostics{spent}
	}
	return e.b.charged(v, diags)(rng)
}

// meteredTemplate is a string template on a Budget. A template copies
// its parts into one new string, and a part that refers to a value
// (local.s) costs nothing to evaluate however large the value is:
// "${local.s}" written 300 times over a 4 MB local built 1.2 GB before
// any cap saw it. So the parts that are references are measured first,
// and the template is refused before it is built when their copies
// would not fit the budget; the built string is then charged. Parts that
// compute (function calls) are metered themselves.
type meteredTemplate struct {
	*hclsyntax.TemplateExpr
	b *Budget
}

// Value evaluates the template within the budget.
func (e *meteredTemplate) Value(ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	rng := e.Range()
	if d := e.b.step(rng); d != nil {
		return cty.DynamicVal, hcl.Diagnostics{d}
	}
	var copies int64
	for _, p := range e.Parts {
		switch p.(type) {
		case *hclsyntax.ScopeTraversalExpr, *hclsyntax.RelativeTraversalExpr, *hclsyntax.IndexExpr:
			if v, diags := p.Value(ctx); !diags.HasErrors() && v.IsKnown() && !v.IsNull() {
				if v, _ = v.Unmark(); v.Type() == cty.String {
					copies += int64(len(v.AsString()))
				}
			}
		}
	}
	if d := e.b.ahead(copies, rng); d != nil {
		return cty.DynamicVal, hcl.Diagnostics{d}
	}
	return e.b.charged(e.TemplateExpr.Value(ctx))(rng)
}

// Unmetered returns the syntax node e meters (the function call or the
// for-expression part itself), or e when it is not metered: for code that
// inspects the syntax of an expression rather than evaluating it (the
// monotonicity walker of requirements).
func Unmetered(e hcl.Expression) hcl.Expression {
	switch m := e.(type) {
	case *meteredCall:
		return m.FunctionCallExpr
	case *meteredTemplate:
		return m.TemplateExpr
	case *metered:
		return m.Expression
	}
	return e
}

// BaseOp returns HCL's own operation for op (hclsyntax.OpAdd,
// OpSubtract, OpMultiply, OpDivide, OpModulo) for the checked version
// Meter puts in its place, op itself otherwise.
func BaseOp(op *hclsyntax.Operation) *hclsyntax.Operation {
	switch op {
	case safeDivide:
		return hclsyntax.OpDivide
	case safeModulo:
		return hclsyntax.OpModulo
	case safeAdd:
		return hclsyntax.OpAdd
	case safeSubtract:
		return hclsyntax.OpSubtract
	case safeMultiply:
		return hclsyntax.OpMultiply
	}
	return op
}
