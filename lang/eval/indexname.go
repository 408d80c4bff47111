package eval

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// A node group's name template is evaluated once per server, 3,072 times
// in examples/llama3-24k and 16,384 in rail-optimized-131k, and go-cty's
// general evaluation of format("pod%d/rack%03d/node%d", floor(i / 384),
// ...) costs about 20 µs a server: big-number arithmetic, function type
// checks, marks. Nearly every template is such an expression of
// count.index alone: integer arithmetic, floor, format with %d and %s,
// and string interpolation. IndexTemplate compiles exactly that subset to
// Go and evaluates it with int64 rationals; anything outside it, and any
// value it cannot represent exactly (a fraction to print, a negative
// number, a number past 2^31), is left to HCL, server by server,
// so the names are always HCL's own. A differential test holds the two
// to the same strings (indexname_test.go). This is the language's own
// evaluation of its own expressions, kept small; no library evaluates
// HCL faster.

// IndexTemplate is a string expression of count.index compiled by
// CompileIndexTemplate.
type IndexTemplate struct {
	root ixNode
}

// ixVal is a value of the subset: a string, or the rational num/den
// (den > 0, in lowest terms).
type ixVal struct {
	str      string
	isStr    bool
	num, den int64
}

// ixNode is a compiled node: its value for count.index i, or false when
// the value falls outside what the subset represents exactly.
type ixNode func(i int64) (ixVal, bool)

// ixLimit bounds every numerator and denominator the subset holds: far
// beyond any index or name part, and small enough that a·d + b·c of two
// of them fits an int64 (2 × 2^62).
const ixLimit = 1 << 31

// maxIndexWidth bounds a format verb's width (%0Nd): a wider pad is left
// to HCL, whose format charges its output against the evaluation budget.
const maxIndexWidth = 64

// CompileIndexTemplate compiles expr, a metered name template of a
// count instance (Meter's wrappers are looked through), when every node
// of it is in the subset: string and whole-number literals, count.index,
// var.NAME and local.NAME whose values in ctx (the group's context,
// without count) are such literals,
// + − × ÷ and % of numbers, parentheses, floor(x), format with a literal
// format of %d, %Nd, %0Nd, %s and %% verbs only, and templates of those.
// False otherwise: the caller evaluates expr with HCL.
func CompileIndexTemplate(expr hcl.Expression, ctx *hcl.EvalContext) (*IndexTemplate, bool) {
	c := ixCompiler{ctx: ctx}
	n, ok := c.compile(expr)
	if !ok {
		return nil, false
	}
	return &IndexTemplate{root: n}, true
}

// String returns the template's string for count.index i, as HCL's
// conversion to a string gives it; false when a value on the way is
// outside the subset, for the caller to evaluate with HCL.
func (t *IndexTemplate) String(i int64) (string, bool) {
	v, ok := t.root(i)
	if !ok {
		return "", false
	}
	return v.text()
}

// text is v as a string: itself, or a whole number's decimal digits.
func (v ixVal) text() (string, bool) {
	switch {
	case v.isStr:
		return v.str, true
	case v.den == 1:
		return strconv.FormatInt(v.num, 10), true
	}
	return "", false
}

func ixNum(num, den int64) (ixVal, bool) {
	if den == 0 {
		return ixVal{}, false
	}
	if den < 0 {
		num, den = -num, -den
	}
	if num < 0 {
		// Negative values are left to HCL: its numbers carry a signed
		// zero, which a product of 0 and a negative number keeps
		// ("-0" in a name; the differential test met it).
		return ixVal{}, false
	}
	if g := gcd(abs64(num), den); g > 1 {
		num, den = num/g, den/g
	}
	if abs64(num) > ixLimit || den > ixLimit {
		return ixVal{}, false
	}
	return ixVal{num: num, den: den}, true
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// ixCompiler compiles expressions of one context: the variables and
// locals a template reads are read once, as constants.
type ixCompiler struct {
	ctx *hcl.EvalContext
}

func (c ixCompiler) compile(e hcl.Expression) (ixNode, bool) {
	switch n := e.(type) {
	case *metered:
		return c.compile(n.Expression)
	case *meteredCall:
		return c.call(n.FunctionCallExpr)
	case *meteredTemplate:
		return c.template(n.TemplateExpr)
	case *hclsyntax.FunctionCallExpr:
		return c.call(n)
	case *hclsyntax.TemplateExpr:
		return c.template(n)
	case *hclsyntax.TemplateWrapExpr:
		return c.compile(n.Wrapped)
	case *hclsyntax.ParenthesesExpr:
		return c.compile(n.Expression)
	case *hclsyntax.LiteralValueExpr:
		return ixLiteral(n.Val)
	case *hclsyntax.ScopeTraversalExpr:
		t := n.Traversal
		if root := t.RootName(); (root == "var" || root == "local") && c.ctx != nil {
			// A variable or local is one value for every instance.
			v, d := t.TraverseAbs(c.ctx)
			if d.HasErrors() {
				return nil, false
			}
			return ixLiteral(v)
		}
		if len(t) != 2 || t.RootName() != "count" {
			return nil, false
		}
		if a, ok := t[1].(hcl.TraverseAttr); !ok || a.Name != "index" {
			return nil, false
		}
		return func(i int64) (ixVal, bool) { return ixNum(i, 1) }, true
	case *hclsyntax.BinaryOpExpr:
		return c.binary(n)
	}
	return nil, false
}

// ixLiteral compiles a string or a whole number that fits the subset.
func ixLiteral(v cty.Value) (ixNode, bool) {
	if v.IsNull() || !v.IsKnown() || v.IsMarked() {
		return nil, false
	}
	switch v.Type() {
	case cty.String:
		s := v.AsString()
		return func(int64) (ixVal, bool) { return ixVal{str: s, isStr: true}, true }, true
	case cty.Number:
		bf := v.AsBigFloat()
		if !bf.IsInt() {
			return nil, false
		}
		x, acc := bf.Int64()
		if acc != big.Exact || abs64(x) > ixLimit {
			return nil, false
		}
		return func(int64) (ixVal, bool) { return ixVal{num: x, den: 1}, true }, true
	}
	return nil, false
}

// binary compiles + − × ÷ %, metered (Meter's safe operations) or not.
func (c ixCompiler) binary(n *hclsyntax.BinaryOpExpr) (ixNode, bool) {
	l, ok1 := c.compile(n.LHS)
	r, ok2 := c.compile(n.RHS)
	if !ok1 || !ok2 {
		return nil, false
	}
	var op func(a, b ixVal) (ixVal, bool)
	switch n.Op {
	case safeAdd, hclsyntax.OpAdd:
		op = func(a, b ixVal) (ixVal, bool) { return ixNum(a.num*b.den+b.num*a.den, a.den*b.den) }
	case safeSubtract, hclsyntax.OpSubtract:
		op = func(a, b ixVal) (ixVal, bool) { return ixNum(a.num*b.den-b.num*a.den, a.den*b.den) }
	case safeMultiply, hclsyntax.OpMultiply:
		op = func(a, b ixVal) (ixVal, bool) { return ixNum(a.num*b.num, a.den*b.den) }
	case safeDivide, hclsyntax.OpDivide:
		op = func(a, b ixVal) (ixVal, bool) {
			if b.num == 0 {
				return ixVal{}, false // HCL's own error
			}
			return ixNum(a.num*b.den, a.den*b.num)
		}
	case safeModulo, hclsyntax.OpModulo:
		// Whole, non-negative operands only, where every definition of
		// the remainder agrees with Go's %.
		op = func(a, b ixVal) (ixVal, bool) {
			if a.den != 1 || b.den != 1 || a.num < 0 || b.num <= 0 {
				return ixVal{}, false
			}
			return ixNum(a.num%b.num, 1)
		}
	default:
		return nil, false
	}
	// Whole operands only: HCL's numbers are binary floating point (512
	// bits), so a fraction such as 298/48 is rounded, and arithmetic on it
	// can miss the whole number exact arithmetic reaches (the
	// differential test found (298/48)·379·i(i+1) whole here, not in
	// HCL). A quotient of whole numbers is exact in both where it is
	// whole, and floors alike where it is not (it is at least 1/den from
	// a whole number, far beyond the rounding), so a fraction may only
	// go to floor, or to a template or %d, which refuse it.
	return func(i int64) (ixVal, bool) {
		a, ok := l(i)
		if !ok || a.isStr || a.den != 1 {
			return ixVal{}, false
		}
		b, ok := r(i)
		if !ok || b.isStr || b.den != 1 {
			return ixVal{}, false
		}
		return op(a, b)
	}, true
}

// template compiles a string template: its parts' texts joined.
func (c ixCompiler) template(n *hclsyntax.TemplateExpr) (ixNode, bool) {
	parts := make([]ixNode, len(n.Parts))
	for k, p := range n.Parts {
		x, ok := c.compile(p)
		if !ok {
			return nil, false
		}
		parts[k] = x
	}
	return func(i int64) (ixVal, bool) {
		var b strings.Builder
		for _, p := range parts {
			v, ok := p(i)
			if !ok {
				return ixVal{}, false
			}
			s, ok := v.text()
			if !ok {
				return ixVal{}, false
			}
			b.WriteString(s)
		}
		return ixVal{str: b.String(), isStr: true}, true
	}, true
}

// call compiles floor(x) and format(literal, args...).
func (c ixCompiler) call(n *hclsyntax.FunctionCallExpr) (ixNode, bool) {
	if n.ExpandFinal {
		return nil, false
	}
	args := make([]ixNode, len(n.Args))
	for k, a := range n.Args {
		x, ok := c.compile(a)
		if !ok {
			return nil, false
		}
		args[k] = x
	}
	switch {
	case n.Name == "floor" && len(args) == 1:
		x := args[0]
		return func(i int64) (ixVal, bool) {
			v, ok := x(i)
			if !ok || v.isStr {
				return ixVal{}, false
			}
			q := v.num / v.den // exact floor, not through a float
			if v.num%v.den != 0 && v.num < 0 {
				q--
			}
			return ixNum(q, 1)
		}, true
	case n.Name == "format" && len(args) >= 1:
		spec, ok := ixFormatSpec(n.Args[0])
		if !ok || spec.verbs != len(args)-1 {
			return nil, false
		}
		return func(i int64) (ixVal, bool) {
			var b strings.Builder
			arg := 1
			for _, piece := range spec.pieces {
				if piece.verb == 0 {
					b.WriteString(piece.lit)
					continue
				}
				v, ok := args[arg](i)
				arg++
				if !ok {
					return ixVal{}, false
				}
				switch piece.verb {
				case 's':
					s, ok := v.text()
					if !ok {
						return ixVal{}, false
					}
					b.WriteString(s)
				case 'd':
					if v.isStr || v.den != 1 || v.num < 0 {
						return ixVal{}, false
					}
					digits := strconv.FormatInt(v.num, 10)
					pad := " "
					if piece.zero {
						pad = "0"
					}
					if k := piece.width - len(digits); k > 0 {
						b.WriteString(strings.Repeat(pad, k))
					}
					b.WriteString(digits)
				}
			}
			return ixVal{str: b.String(), isStr: true}, true
		}, true
	}
	return nil, false
}

// ixPiece is a literal run of a format string, or one of its verbs.
type ixPiece struct {
	lit   string
	verb  byte // 0 for a literal run, 'd' or 's'
	zero  bool // the 0 flag (pad %d with zeros)
	width int
}

// ixSpec is a format string split into pieces, with its verb count.
type ixSpec struct {
	pieces []ixPiece
	verbs  int
}

// ixFormatSpec parses a literal format string of %d (with an optional 0
// flag and width), %s and %%; false for anything else (other verbs,
// flags, precisions, argument indexes), which HCL formats.
func ixFormatSpec(e hcl.Expression) (ixSpec, bool) {
	var f string
	switch n := e.(type) {
	case *hclsyntax.LiteralValueExpr:
		if n.Val.Type() != cty.String || n.Val.IsNull() {
			return ixSpec{}, false
		}
		f = n.Val.AsString()
	case *hclsyntax.TemplateExpr:
		if len(n.Parts) != 1 {
			return ixSpec{}, false
		}
		lit, ok := n.Parts[0].(*hclsyntax.LiteralValueExpr)
		if !ok || lit.Val.Type() != cty.String || lit.Val.IsNull() {
			return ixSpec{}, false
		}
		f = lit.Val.AsString()
	default:
		return ixSpec{}, false
	}
	var spec ixSpec
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			spec.pieces = append(spec.pieces, ixPiece{lit: lit.String()})
			lit.Reset()
		}
	}
	for k := 0; k < len(f); k++ {
		if f[k] != '%' {
			lit.WriteByte(f[k])
			continue
		}
		k++
		if k < len(f) && f[k] == '%' {
			lit.WriteByte('%')
			continue
		}
		p := ixPiece{}
		if k < len(f) && f[k] == '0' {
			p.zero = true
			k++
		}
		start := k
		for k < len(f) && f[k] >= '0' && f[k] <= '9' {
			k++
		}
		if k > start {
			w, err := strconv.Atoi(f[start:k])
			if err != nil || w > maxIndexWidth {
				return ixSpec{}, false
			}
			p.width = w
		}
		if k >= len(f) || (f[k] != 'd' && f[k] != 's') || (f[k] == 's' && (p.zero || p.width > 0)) {
			return ixSpec{}, false
		}
		p.verb = f[k]
		flush()
		spec.pieces = append(spec.pieces, p)
		spec.verbs++
	}
	flush()
	return spec, true
}
