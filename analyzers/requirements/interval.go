package requirements

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/analyzers/results"
	"github.com/topoc/topoc/lang/eval"
)

// A requirement over a bounded quantity (results.Intervals: the bisection
// of a fabric whose bounds do not meet) is decided by evaluating the
// condition at every combination of the ends of the intervals it reads.
// That decides it soundly when the condition is monotone in each of them:
// a monotone function on a box takes its extreme values at corners, so
// "true at every corner" proves it true for the unknown value and "false
// at every corner" proves it false. monotone checks that syntactically;
// anything else that reads an open interval is unproven.

// maxCorners caps the corners evaluated (2^10 evaluations of one
// condition); a condition over more open intervals is unproven.
const maxCorners = 10

// unknown is one open interval a condition reads: the Object of report
// Interval of one fabric, whose fields move to their ends together. The
// object is a path below the fabric object: "bisection", or
// "whatif.spine.bisection" for the worst case of a what-if sweep
// (results.IntervalObjects); its last name is the Interval's Object.
type unknown struct {
	fabric, object string
}

func (u unknown) String() string { return "fabric." + u.fabric + "." + u.object }

// path returns the names of u's object path.
func (u unknown) path() []string { return strings.Split(u.object, ".") }

// openUnknowns returns the fabric objects of scope whose bounded fields
// have ends that differ, in name order.
func openUnknowns(fabrics cty.Value) []unknown {
	var out []unknown
	if !fabrics.Type().IsObjectType() {
		return nil
	}
	for name, f := range fabrics.AsValueMap() {
		for _, path := range intervalObjects(f) {
			obj, _ := attrPath(f, path)
			for _, iv := range results.Intervals {
				if iv.Object != path[len(path)-1] {
					continue
				}
				if lo, hi, ok := ends(obj, iv); ok && lo != hi {
					out = append(out, unknown{name, strings.Join(path, ".")})
					break
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].fabric != out[j].fabric {
			return out[i].fabric < out[j].fabric
		}
		return out[i].object < out[j].object
	})
	return out
}

// intervalObjects returns the paths of the objects of fabric object f that
// can hold an interval: each results.Intervals object it has, and the
// bisection of each what-if class or failure policy under "whatif"
// (resilience.WorstCase), and a policy's p50 and p99 bisections.
func intervalObjects(f cty.Value) [][]string {
	var out [][]string
	seen := map[string]bool{}
	for _, iv := range results.Intervals {
		if _, ok := attr(f, iv.Object); ok && !seen[iv.Object] {
			seen[iv.Object] = true
			out = append(out, []string{iv.Object})
		}
	}
	if w, ok := attr(f, "whatif"); ok && w.Type().IsObjectType() {
		classes := make([]string, 0)
		for c := range w.Type().AttributeTypes() {
			classes = append(classes, c)
		}
		sort.Strings(classes)
		for _, c := range classes {
			for _, sub := range [][]string{{c, "bisection"}, {c, "p50", "bisection"}, {c, "p99", "bisection"}} {
				if _, ok := attrPath(w, sub); ok {
					out = append(out, append([]string{"whatif"}, sub...))
				}
			}
		}
	}
	return out
}

// ends returns the lower and upper end of interval iv in obj, the object
// of iv.Object.
func ends(obj cty.Value, iv results.Interval) (lo, hi float64, ok bool) {
	l, ok1 := attr(obj, iv.Lower)
	u, ok2 := attr(obj, iv.Upper)
	if !ok1 || !ok2 || l.IsNull() || !l.IsKnown() || l.Type() != cty.Number {
		return 0, 0, false
	}
	lo, _ = l.AsBigFloat().Float64()
	if u.IsNull() {
		return lo, math.Inf(1), true // no upper bound known
	}
	if u.Type() != cty.Number {
		return 0, 0, false
	}
	hi, _ = u.AsBigFloat().Float64()
	return lo, hi, true
}

func attr(v cty.Value, name string) (cty.Value, bool) {
	if v.IsNull() || !v.IsKnown() || !v.Type().IsObjectType() || !v.Type().HasAttribute(name) {
		return cty.NilVal, false
	}
	return v.GetAttr(name), true
}

// attrPath follows names from v.
func attrPath(v cty.Value, names []string) (cty.Value, bool) {
	for _, n := range names {
		var ok bool
		if v, ok = attr(v, n); !ok {
			return cty.NilVal, false
		}
	}
	return v, true
}

// setPath returns v with the object at names replaced by set(that object).
func setPath(v cty.Value, names []string, set func(map[string]cty.Value)) cty.Value {
	m := v.AsValueMap()
	if len(names) == 0 {
		set(m)
	} else {
		m[names[0]] = setPath(m[names[0]], names[1:], set)
	}
	return cty.ObjectVal(m)
}

// atCorner returns the fabrics scope with unknown i at its upper end when
// bit i of mask is set and at its lower end otherwise.
func atCorner(fabrics cty.Value, us []unknown, mask int) cty.Value {
	m := fabrics.AsValueMap()
	for i, u := range us {
		path := u.path()
		object := path[len(path)-1]
		m[u.fabric] = setPath(m[u.fabric], path, func(obj map[string]cty.Value) {
			for _, iv := range results.Intervals {
				if iv.Object != object {
					continue
				}
				end := iv.Lower
				if mask&(1<<i) != 0 {
					end = iv.Upper
				}
				if v, ok := obj[end]; ok {
					if v.IsNull() && end == iv.Upper {
						v = cty.PositiveInfinity // unbounded above
					}
					obj[iv.Field] = v
				}
			}
		})
	}
	return cty.ObjectVal(m)
}

// reads returns the open unknowns a condition reads, and whether it reads
// each of them monotonically (see the comment at the top of this file);
// why says what breaks monotonicity when it does not.
func reads(expr hcl.Expression, open []unknown) (used []unknown, mono bool, why string) {
	isOpen := map[unknown]bool{}
	for _, u := range open {
		isOpen[u] = true
	}
	w := &walker{open: isOpen, polarity: map[unknown][]int{}}
	w.walk(expr, 1)
	for _, u := range open {
		if ps, ok := w.polarity[u]; ok {
			used = append(used, u)
			if len(ps) > 1 {
				for _, p := range ps {
					if p == 0 || p != ps[0] {
						w.fail(fmt.Sprintf("it reads %s more than once, in opposite directions", u))
					}
				}
			}
		}
	}
	for _, u := range w.opaque {
		if !contains(used, u) {
			used = append(used, u)
		}
	}
	return used, w.why == "", w.why
}

func contains(us []unknown, u unknown) bool {
	for _, x := range us {
		if x == u {
			return true
		}
	}
	return false
}

// walker tracks, for each open unknown, the direction (+1 increasing, −1
// decreasing, 0 of unknown sign) in which the condition's truth moves with
// each place that reads it.
type walker struct {
	open     map[unknown]bool
	polarity map[unknown][]int
	// opaque are open unknowns read through something other than a
	// direct reference to a bounded field (the whole object, an index).
	opaque []unknown
	why    string
}

func (w *walker) fail(why string) {
	if w.why == "" {
		w.why = why
	}
}

// refs reports whether e reads any open unknown, recording those read
// whole (not through a bounded field) as opaque.
func (w *walker) refs(e hcl.Expression) bool {
	found := false
	for _, t := range e.Variables() {
		for u := range w.open {
			if touches(t, u) {
				found = true
			}
		}
	}
	return found
}

// touches reports whether traversal t can read unknown u: it names u's
// fabric (or iterates over fabric whole) and then u's object path or a
// prefix of it, or one bounded field of the object.
func touches(t hcl.Traversal, u unknown) bool {
	if t.RootName() != "fabric" {
		return false
	}
	names := attrNames(t)
	if len(names) < 2 {
		return true // fabric, fabric[...]: anything
	}
	if names[1] != u.fabric {
		return false
	}
	path := u.path()
	for i, p := range path {
		if len(names) < 3+i {
			return true // a prefix of the object path, whole or indexed
		}
		if names[2+i] != p {
			return false
		}
	}
	if len(names) < 3+len(path) {
		return true // the object whole, or indexed
	}
	// One field of the object: only a bounded field reads the unknown
	// (bisection.method and certificate.cut_bps are plain values).
	return bounded(path[len(path)-1], names[2+len(path)])
}

// bounded reports whether field of object is one of results.Intervals.
func bounded(object, field string) bool {
	for _, iv := range results.Intervals {
		if iv.Object == object && iv.Field == field {
			return true
		}
	}
	return false
}

// attrNames lists the leading root and attribute names of t, stopping at
// the first step that is not a name.
func attrNames(t hcl.Traversal) []string {
	var out []string
	for _, s := range t {
		switch x := s.(type) {
		case hcl.TraverseRoot:
			out = append(out, x.Name)
		case hcl.TraverseAttr:
			out = append(out, x.Name)
		default:
			return out
		}
	}
	return out
}

// direct returns the unknown a traversal reads through one of its bounded
// fields (fabric.<f>.bisection.ratio, fabric.<f>.whatif.spine.bisection.ratio),
// if it does exactly that.
func (w *walker) direct(t hcl.Traversal) (unknown, bool) {
	names := attrNames(t)
	if len(names) < 4 || len(t) != len(names) || names[0] != "fabric" {
		return unknown{}, false
	}
	u := unknown{names[1], strings.Join(names[2:len(names)-1], ".")}
	if !w.open[u] || !bounded(names[len(names)-2], names[len(names)-1]) {
		return unknown{}, false
	}
	return u, true
}

func (w *walker) walk(e hcl.Expression, pol int) {
	if !w.refs(e) {
		return
	}
	switch x := eval.Unmetered(e).(type) {
	case *hclsyntax.ScopeTraversalExpr:
		if u, ok := w.direct(x.Traversal); ok {
			w.polarity[u] = append(w.polarity[u], pol)
			return
		}
		// A bound (lower_bound_ratio) or another field is a plain
		// value; anything else that can reach an open object reads it
		// whole.
		opaque := false
		for u := range w.open {
			if touches(x.Traversal, u) {
				w.opaque = append(w.opaque, u)
				opaque = true
			}
		}
		if opaque {
			w.fail("it reads a bounded result through " + traversalString(x.Traversal) + " rather than by its field")
		}
	case *hclsyntax.ParenthesesExpr:
		w.walk(x.Expression, pol)
	case *hclsyntax.UnaryOpExpr:
		w.walk(x.Val, -pol)
	case *hclsyntax.BinaryOpExpr:
		w.binary(x, pol)
	case *hclsyntax.ConditionalExpr:
		if w.refs(x.Condition) {
			w.fail("it chooses between branches on a bounded result")
			return
		}
		w.walk(x.TrueResult, pol)
		w.walk(x.FalseResult, pol)
	case *hclsyntax.FunctionCallExpr:
		if x.Name != "min" && x.Name != "max" {
			w.fail("it passes a bounded result to " + x.Name + "(), which topoc cannot show to be monotone")
			return
		}
		for _, a := range x.Args {
			w.walk(a, pol)
		}
	default:
		for u := range w.open {
			for _, t := range e.Variables() {
				if touches(t, u) {
					w.opaque = append(w.opaque, u)
				}
			}
		}
		w.fail("it reads a bounded result inside an expression topoc cannot show to be monotone")
	}
}

func (w *walker) binary(x *hclsyntax.BinaryOpExpr, pol int) {
	l, r := w.refs(x.LHS), w.refs(x.RHS)
	op := eval.BaseOp(x.Op)
	switch op {
	case hclsyntax.OpLogicalAnd, hclsyntax.OpLogicalOr, hclsyntax.OpAdd:
		w.walk(x.LHS, pol)
		w.walk(x.RHS, pol)
	case hclsyntax.OpSubtract:
		w.walk(x.LHS, pol)
		w.walk(x.RHS, -pol)
	case hclsyntax.OpGreaterThan, hclsyntax.OpGreaterThanOrEqual:
		w.walk(x.LHS, pol)
		w.walk(x.RHS, -pol)
	case hclsyntax.OpLessThan, hclsyntax.OpLessThanOrEqual:
		w.walk(x.LHS, -pol)
		w.walk(x.RHS, pol)
	case hclsyntax.OpMultiply, hclsyntax.OpDivide:
		// x·c and x/c are monotone for a constant c of either sign; the
		// direction is then unknown (0), which is fine for one reading.
		if l && r || op == hclsyntax.OpDivide && r {
			w.fail("it multiplies or divides by a bounded result")
			return
		}
		sign := 0
		if lit, ok := x.RHS.(*hclsyntax.LiteralValueExpr); ok && l && lit.Val.Type() == cty.Number {
			if s := lit.Val.AsBigFloat().Sign(); s != 0 {
				sign = s * pol
			}
		}
		if lit, ok := x.LHS.(*hclsyntax.LiteralValueExpr); ok && r && lit.Val.Type() == cty.Number {
			if s := lit.Val.AsBigFloat().Sign(); s != 0 {
				sign = s * pol
			}
		}
		w.walk(x.LHS, sign)
		w.walk(x.RHS, sign)
	default: // ==, !=, %
		w.fail("it compares a bounded result with " + opText(op) + " (compare with >= or <= instead)")
	}
}

func opText(op *hclsyntax.Operation) string {
	switch op {
	case hclsyntax.OpEqual:
		return "=="
	case hclsyntax.OpNotEqual:
		return "!="
	case hclsyntax.OpModulo:
		return "%"
	}
	return "an operator"
}

// decide evaluates the condition at every corner of the unknowns it reads
// and returns the outcome with a sentence for the unproven case.
func decide(eval func(fabrics cty.Value) (bool, error), fabrics cty.Value, used []unknown, mono bool, why string) (status, detail string, err error) {
	if len(used) > maxCorners {
		return results.RequirementUnproven, fmt.Sprintf("it reads %d bounded results; topoc decides at most %d at once", len(used), maxCorners), nil
	}
	holds, fails := []int{}, []int{}
	for mask := 0; mask < 1<<len(used); mask++ {
		ok, err := eval(atCorner(fabrics, used, mask))
		if err != nil {
			return "", "", err
		}
		if ok {
			holds = append(holds, mask)
		} else {
			fails = append(fails, mask)
		}
	}
	switch {
	case !mono:
		return results.RequirementUnproven, "the ends of its interval cannot decide it, because " + why, nil
	case len(fails) == 0:
		return results.RequirementMet, "", nil
	case len(holds) == 0:
		return results.RequirementFailed, "", nil
	}
	var parts []string
	for i, u := range used {
		holdsUp, failsUp := holds[0]&(1<<i) != 0, fails[0]&(1<<i) != 0
		switch {
		case holdsUp && !failsUp:
			parts = append(parts, fmt.Sprintf("it holds at the upper end of %s and fails at the lower end, so the lower bound decides it: met once a lower bound that high is proven, failed once an upper bound below it is (for a bisection, a cut)", u))
		case !holdsUp && failsUp:
			parts = append(parts, fmt.Sprintf("it holds at the lower end of %s and fails at the upper end, so the upper bound decides it: met once an upper bound that low is proven (for a bisection, a cut; for an end to end, a tighter hose bound over the sets of switches, which a less tapered top tier gives, or units that decide it), failed once a lower bound above it is", u))
		}
	}
	if len(parts) == 0 {
		parts = append(parts, "it holds at some ends of the intervals and fails at others")
	}
	return results.RequirementUnproven, strings.Join(parts, "; "), nil
}
