// Package requirements checks the design's own `requirement` blocks after
// analysis. A condition sees the JSON report's per-fabric objects as
// `fabric.<name>` (so `fabric.compute.bisection.ratio` is exactly the
// number `topoc check --format json` prints), plus the design's variables,
// locals and functions. A false condition is an error (or a warning, with
// severity = "warning") at the requirement block; a condition that names a
// result that does not exist, or is not a bool, is an error too: never
// silently true.
package requirements

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/analyzers/flow"
	"github.com/topoc/topoc/analyzers/resilience"
	"github.com/topoc/topoc/analyzers/results"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
)

// Analyzer evaluates every requirement; its result is []results.Requirement
// in source order.
var Analyzer = &analysis.Analyzer{
	Name:     "requirements",
	Doc:      "check the design's requirement blocks against the analysis results",
	Requires: results.Sources,
	Run:      run,
}

// ResultOf reads the Analyzer's result, one outcome per requirement block, in design order (analysis.Declare).
var ResultOf = analysis.Declare[[]results.Requirement](Analyzer)

// Over returns the requirements analyzer reading only the results of the
// analyzers in selected (those of results.Sources among them): what
// `topoc check --analyzers` runs when it leaves the requirements out, so
// that a requirement is still evaluated, over what ran, and one that
// reads a result left out is requirement-invalid, never dropped.
func Over(selected []*analysis.Analyzer) *analysis.Analyzer {
	a := *Analyzer
	a.Requires = nil
	for _, src := range results.Sources {
		for _, x := range selected {
			if x == src || src == results.Sources[0] {
				a.Requires = append(a.Requires, src)
				break
			}
		}
	}
	return &a
}

func run(p *analysis.Pass) (any, error) {
	out := []results.Requirement{}
	if len(p.Graph.Requirements) == 0 {
		return out, nil
	}
	of := func(a *analysis.Analyzer) any { return p.ResultOf[a] }
	fabrics, err := scope(results.Fabrics(of), func(f results.Fabric) string { return f.Name }, referenced(p.Graph.Requirements, "fabric"))
	if err != nil {
		return nil, err
	}
	workloads, err := scope(results.Workloads(of), func(w congestion.Workload) string { return w.Name }, referenced(p.Graph.Requirements, "workload"))
	if err != nil {
		return nil, err
	}
	flows, err := scope(results.Flows(of), func(f flow.Result) string { return f.Name }, referenced(p.Graph.Requirements, "flow"))
	if err != nil {
		return nil, err
	}
	for i := range p.Graph.Requirements {
		out = append(out, check(p, &p.Graph.Requirements[i], fabrics, workloads, flows))
	}
	return out, nil
}

// scope turns report objects (fabrics, workloads) into one cty object
// keyed by their "name" field, through their JSON encoding so that
// requirement paths and JSON field names cannot drift apart.
//
// Only the items named in want are converted (nil wants all); the others
// are empty objects, so that a reference to them still resolves by name
// and "did you mean" still lists them. A design of 4,000 fabrics spent
// 4 s converting reports no requirement read.
func scope[T any](items []T, name func(T) string, want map[string]bool) (cty.Value, error) {
	m := map[string]cty.Value{}
	for _, f := range items {
		if want != nil && !want[name(f)] {
			m[name(f)] = cty.EmptyObjectVal
			continue
		}
		b, err := json.Marshal(f)
		if err != nil {
			return cty.NilVal, err
		}
		t, err := ctyjson.ImpliedType(b)
		if err != nil {
			return cty.NilVal, err
		}
		v, err := ctyjson.Unmarshal(b, t)
		if err != nil {
			return cty.NilVal, err
		}
		if v, err = snapNumbers(v); err != nil {
			return cty.NilVal, err
		}
		if v.Type().IsObjectType() && v.Type().HasAttribute("name") && v.GetAttr("name").Type() == cty.String {
			m[v.GetAttr("name").AsString()] = v
		}
	}
	if len(m) == 0 {
		return cty.EmptyObjectVal, nil
	}
	return cty.ObjectVal(m), nil
}

// referenced returns the names under root ("fabric", "workload") that the
// requirements' conditions and messages refer to by a static attribute
// or string key, or nil (all of them) when one refers to root some other
// way (fabric[local.name], or fabric itself).
func referenced(reqs []ir.Requirement, root string) map[string]bool {
	want := map[string]bool{}
	for _, r := range reqs {
		for _, e := range []hcl.Expression{r.Condition, r.ErrorMessage} {
			if e == nil {
				continue
			}
			for _, tr := range e.Variables() {
				if tr.RootName() != root {
					continue
				}
				if len(tr) < 2 {
					return nil
				}
				switch st := tr[1].(type) {
				case hcl.TraverseAttr:
					want[st.Name] = true
				case hcl.TraverseIndex:
					if st.Key.Type() != cty.String || !st.Key.IsKnown() || st.Key.IsNull() {
						return nil
					}
					want[st.Key.AsString()] = true
				default:
					return nil
				}
			}
		}
	}
	return want
}

// messageScope is ctx with its numbers as an error_message quotes them
// (messageNumbers), or ctx itself if a value cannot be rounded.
func messageScope(r *ir.Requirement, ctx *hcl.EvalContext) *hcl.EvalContext {
	c := r.Scope.NewChild()
	c.Variables = map[string]cty.Value{}
	for k, v := range ctx.Variables {
		m, err := messageNumbers(v)
		if err != nil {
			return ctx
		}
		c.Variables[k] = m
	}
	return c
}

func check(p *analysis.Pass, r *ir.Requirement, fabrics, workloads, flows cty.Value) results.Requirement {
	rng := p.Graph.Range(r.Origin)
	ctx := r.Scope.NewChild()
	ctx.Variables = map[string]cty.Value{"fabric": fabrics, "workload": workloads, "flow": flows}
	res := results.Requirement{Name: r.Name, Status: results.RequirementInvalid, Values: values(r.Condition, ctx, fabrics)}
	invalid := func(subject *hcl.Range, summary, detail string) results.Requirement {
		if subject == nil {
			subject = &rng
		}
		p.Report(diag.Error(diag.RequirementInvalid, *subject, summary,
			fmt.Sprintf("requirement %q: %s", r.Name, detail)))
		return res
	}
	// evaluate evaluates the condition over one fabrics scope: the
	// report's own values, or a corner of the intervals it reads.
	evaluate := func(fs cty.Value) (cty.Value, hcl.Diagnostics) {
		c := r.Scope.NewChild()
		c.Variables = map[string]cty.Value{"fabric": fs, "workload": workloads, "flow": flows}
		return r.Condition.Value(c)
	}
	v, d := evaluate(fabrics)
	switch {
	case d.HasErrors():
		first := d.Errs()[0].(*hcl.Diagnostic)
		if strings.Contains(first.Detail, "must not be null") {
			return invalid(first.Subject, "Requirement reads a null value", nullReads(res.Values))
		}
		if c := unknownWhatif(p.Graph, r.Condition); c != "" && strings.Contains(first.Detail, strconv.Quote(c)) {
			// The whatif analyzer reported the class at this reference
			// (unknown-reference, with its suggestion): one typo, one
			// error (trial 52).
			return res
		}
		return invalid(first.Subject, "Requirement cannot be evaluated", strings.TrimSpace(first.Summary+": "+first.Detail)+" "+available(first))
	case v.IsNull() || !v.IsKnown():
		return invalid(r.Condition.Range().Ptr(), "Requirement condition has no value",
			"the condition evaluated to null; a result it reads is absent (an analysis that did not run or does not apply to this fabric).")
	case v.Type() != cty.Bool:
		// No conversion: the string "true" is not a passing requirement.
		return invalid(r.Condition.Range().Ptr(), "Requirement condition is not a bool",
			fmt.Sprintf("the condition is a %s; write a comparison such as fabric.compute.bisection.ratio >= 1.", v.Type().FriendlyName()))
	}
	used, mono, why := reads(r.Condition, openUnknowns(fabrics))
	// At the ends of the intervals the condition can fail to evaluate
	// where it did not at the report's values (0 × ∞ at an unbounded
	// end): then the ends cannot decide it, which is unproven, not an
	// error of the design's.
	corner := func(fs cty.Value) (bool, error) {
		v, d := evaluate(fs)
		if d.HasErrors() || v.IsNull() || !v.IsKnown() || v.Type() != cty.Bool {
			return false, errCorner
		}
		return v.True(), nil
	}
	status, unproven, err := decide(corner, fabrics, used, mono, why)
	if err != nil {
		status, unproven = results.RequirementUnproven, "it cannot be evaluated at an end of the interval (an unbounded end, say), so the ends cannot decide it"
	}
	res.Status = status
	var vals []string
	for _, x := range res.Values {
		vals = append(vals, fmt.Sprintf("%s = %s", x.Ref, x.Text()))
	}
	valueText := ""
	if len(vals) > 0 {
		valueText = " (" + strings.Join(vals, ", ") + ")"
	}
	if w := worstScenarios(r.Condition, ctx); len(w) > 0 {
		valueText += "; " + strings.Join(w, "; ")
	}
	switch status {
	case results.RequirementMet:
		res.OK = true
		for _, c := range vacuousWhatif(r.Condition, ctx) {
			p.Report(diag.Warning(diag.RequirementVacuous, r.Condition.Range(), "Requirement "+r.Name+" holds by default",
				fmt.Sprintf("The condition reads %s, but no scenario of that class fails anything of fabric %q (its groups lie in other fabrics), so every number it reads is the intact fabric's and the requirement cannot fail. Read a class that fails part of %s (topoc whatif lists each sweep's scenarios), or drop the requirement.", c.ref, c.fabric, c.fabric)))
		}
		return res
	case results.RequirementUnproven:
		p.Report(diag.Warning(diag.RequirementUnproven, r.Condition.Range(), "Requirement "+r.Name+" is unproven",
			fmt.Sprintf("The condition reads a result known only as a proven interval%s: %s. Neither met nor failed; docs/analyzers.md says how each bound is proven.", valueText, unproven)))
		return res
	}
	mv, md := r.ErrorMessage.Value(messageScope(r, ctx))
	if md.HasErrors() {
		first := md.Errs()[0].(*hcl.Diagnostic)
		return invalid(first.Subject, "Requirement message cannot be evaluated", strings.TrimSpace(first.Summary+": "+first.Detail))
	}
	if mv.Type() != cty.String || mv.IsNull() || !mv.IsKnown() {
		return invalid(r.ErrorMessage.Range().Ptr(), "Requirement message is not a string",
			fmt.Sprintf("error_message is a %s; write the sentence a reviewer should read, in quotes.", mv.Type().FriendlyName()))
	}
	msg := mv.AsString()
	res.Message = msg
	detail := msg + valueText
	if r.Warning {
		p.Report(diag.Warning(diag.RequirementFailed, rng, "Requirement "+r.Name+" failed", detail))
	} else {
		p.Report(diag.Error(diag.RequirementFailed, rng, "Requirement "+r.Name+" failed", detail))
	}
	return res
}

// errCorner stops the corner evaluation of a condition that cannot be
// evaluated at some end of its intervals.
var errCorner = errors.New("condition cannot be evaluated at an end of its interval")

// values evaluates each fabric or workload reference of the condition, for
// the report and the diagnostic ("fabric.compute.bisection.ratio = 0.333").
func values(expr hcl.Expression, ctx *hcl.EvalContext, fabrics cty.Value) []results.Value {
	out := []results.Value{}
	seen := map[string]bool{}
	for _, t := range append(expr.Variables(), forReads(expr, ctx)...) {
		if t.RootName() != "fabric" && t.RootName() != "workload" && t.RootName() != "flow" {
			continue
		}
		ref := traversalString(t)
		if seen[ref] {
			continue
		}
		seen[ref] = true
		v, d := t.TraverseAbs(ctx)
		if d.HasErrors() {
			continue
		}
		if v.IsNull() && (v.Type().IsPrimitiveType() || v.Type() == cty.DynamicPseudoType) {
			// A result the report leaves null (a time that never
			// completes) is a value the reader must see: it is why the
			// requirement cannot hold.
			out = append(out, results.Value{Ref: ref})
			continue
		}
		// Only scalars: a list or object the condition iterates over
		// would repeat a whole report section in the diagnostic.
		if !v.IsWhollyKnown() || !v.Type().IsPrimitiveType() {
			continue
		}
		b, err := ctyjson.Marshal(v, v.Type())
		if err != nil {
			continue
		}
		var x any
		if json.Unmarshal(b, &x) == nil {
			val := results.Value{Ref: ref, Value: x}
			val.Lower, val.Upper = bounds(t, fabrics)
			out = append(out, val)
		}
	}
	return out
}

// unknownWhatif returns the first what-if class expr reads
// (fabric.<f>.whatif.<class>) that g does not know, or "".
func unknownWhatif(g *ir.Graph, expr hcl.Expression) string {
	for _, t := range expr.Variables() {
		if len(t) < 4 || t.RootName() != "fabric" {
			continue
		}
		a, ok := t[2].(hcl.TraverseAttr)
		c, ok2 := t[3].(hcl.TraverseAttr)
		if ok && ok2 && a.Name == "whatif" && !resilience.KnownClass(g, c.Name) {
			return c.Name
		}
	}
	return ""
}

// vacuousRead is a what-if class a condition reads whose scenarios fail
// nothing of the fabric: ref is fabric.<f>.whatif.<class>.
type vacuousRead struct{ ref, fabric string }

// vacuousWhatif returns the what-if classes expr reads
// (fabric.<f>.whatif.<class>) whose sweep has scenarios, none of which
// touches fabric f (scenarios_touching 0, resilience.WorstCase): a
// requirement over them holds by default (trial 53: the spine class of a
// fabric without spines).
func vacuousWhatif(expr hcl.Expression, ctx *hcl.EvalContext) []vacuousRead {
	var out []vacuousRead
	seen := map[string]bool{}
	for _, t := range whatifReads(expr, ctx) {
		ref := traversalString(t[:4])
		if seen[ref] {
			continue
		}
		seen[ref] = true
		field := func(name string) (cty.Value, bool) {
			v, d := append(append(hcl.Traversal{}, t[:4]...), hcl.TraverseAttr{Name: name}).TraverseAbs(ctx)
			return v, !d.HasErrors() && v.Type() == cty.Number && v.IsKnown() && !v.IsNull()
		}
		touching, ok1 := field("scenarios_touching")
		n, ok2 := field("scenarios")
		if ok1 && ok2 && touching.AsBigFloat().Sign() == 0 && n.AsBigFloat().Sign() > 0 {
			f, _ := t[1].(hcl.TraverseAttr)
			out = append(out, vacuousRead{ref: ref, fabric: f.Name})
		}
	}
	return out
}

// whatifReads returns the traversals expr reads (its variables and the
// for-expressions' items, forReads) that name a what-if class:
// fabric.<f>.whatif.<class>…, at least four steps.
func whatifReads(expr hcl.Expression, ctx *hcl.EvalContext) []hcl.Traversal {
	var out []hcl.Traversal
	for _, t := range append(expr.Variables(), forReads(expr, ctx)...) {
		if len(t) < 4 || t.RootName() != "fabric" {
			continue
		}
		if a, ok := t[2].(hcl.TraverseAttr); ok && a.Name == "whatif" {
			out = append(out, t)
		}
	}
	return out
}

// worstScenarios names, for each what-if class and quantity a condition
// reads (fabric.<f>.whatif.<class>.bisection… or .ranks_…), the scenario
// that decides it, so a failed or unproven requirement says what to look
// at: "whatif.tray's least bisection is under tray rack4", "whatif.rack's
// most ranks are lost under rack rack0" (worst_ranks_scenario; trial 35
// was pointed at the bisection's scenario for a ranks condition). Other
// quantities name no scenario.
func worstScenarios(expr hcl.Expression, ctx *hcl.EvalContext) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range whatifReads(expr, ctx) {
		class := traversalString(t[:4])
		// A class read whole or through bisection names the bisection's
		// scenario; a ranks count names the ranks' scenario.
		field, says := []string{"bisection", "scenario"}, "least bisection is under"
		if len(t) > 4 {
			a, _ := t[4].(hcl.TraverseAttr)
			switch a.Name {
			case "bisection", "scenario":
			case "ranks_disconnected", "ranks_degraded", "worst_ranks_scenario":
				field, says = []string{"worst_ranks_scenario"}, "most ranks are lost under"
			default:
				continue
			}
		}
		if seen[class+says] {
			continue
		}
		seen[class+says] = true
		at := append(hcl.Traversal{}, t[:4]...)
		for _, f := range field {
			at = append(at, hcl.TraverseAttr{Name: f})
		}
		v, d := at.TraverseAbs(ctx)
		if d.HasErrors() || v.IsNull() || !v.IsKnown() || v.Type() != cty.String || v.AsString() == "" {
			continue
		}
		out = append(out, fmt.Sprintf("%s's %s %s", class, says, v.AsString()))
	}
	return out
}

// nullReads says which of a condition's references read null and why a
// result is null, for a condition that cannot be evaluated on a null
// operand. vals are the condition's values (values), nulls among them.
func nullReads(vals []results.Value) string {
	var refs []string
	for _, v := range vals {
		if v.Value == nil && v.Lower == nil && v.Upper == nil {
			refs = append(refs, v.Ref)
		}
	}
	which := "a value it reads is null"
	switch len(refs) {
	case 0:
		which = "a value it computes is null (a literal null, or a function's null result)"
	case 1:
		which = refs[0] + " is null"
	default:
		which = strings.Join(refs, ", ") + " are null"
	}
	return which + ": the report leaves a result null where it is unbounded or unknown, such as a whatif oversubscription when a scenario leaves a switch of the tier with no uplink, a unit_oversubscription when a scenario cuts a unit off (units_cut_off counts them) or of a unit kind nothing leaves by design (planes joined only through the servers), or the time, bandwidth or speed-up of a collective or lever that never completes (its unroutable counts the transfers with no path). The requirement cannot hold; to accept such a result, test it first (x == null || x <= 10)."
}

// available names the attributes of the object a failed traversal stopped
// at, so "Unsupported attribute" comes with the list of what exists.
func available(d *hcl.Diagnostic) string {
	if d.Expression == nil || d.EvalContext == nil || d.Summary != "Unsupported attribute" && d.Summary != "Invalid index" {
		return "" // a function error, say, is not about the fields
	}
	for _, t := range d.Expression.Variables() {
		root := t.RootName()
		if root != "fabric" && root != "workload" && root != "flow" {
			continue
		}
		cur := d.EvalContext.Variables[root]
		if cur == cty.NilVal {
			return ""
		}
		cur = cty.ObjectVal(map[string]cty.Value{root: cur})
		for _, step := range t {
			name := ""
			switch s := step.(type) {
			case hcl.TraverseRoot:
				name = s.Name
			case hcl.TraverseAttr:
				name = s.Name
			case hcl.TraverseIndex: // a key of a map such as restart_share["llm-70b"]
				if s.Key.Type() != cty.String || !s.Key.IsKnown() || s.Key.IsNull() {
					return ""
				}
				name = s.Key.AsString()
			default:
				return ""
			}
			if !cur.Type().IsObjectType() {
				return ""
			}
			if !cur.Type().HasAttribute(name) {
				var names []string
				for k := range cur.Type().AttributeTypes() {
					names = append(names, k)
				}
				sort.Strings(names)
				why := ""
				if c := diag.Closest(name, names); c != "" {
					why = fmt.Sprintf(" Did you mean %q?", c)
				}
				switch {
				case root == "workload" && len(names) == 0:
					why += " No workload is in the report: the design declares none, or the congestion analyzer, which evaluates workloads, was left out by --analyzers."
				case name == "whatif":
					why += " No what-if sweep this requirement reads ran: the class is unknown, its risk groups fail nothing (risk-group-empty), or it is over the budget (see the diagnostic at the same reference), or the whatif analyzer was left out by --analyzers."
				case analyzed[name]:
					why += " The " + name + " analyzer did not run (left out by --analyzers?), so its results are absent."
				}
				if len(names) == 0 {
					return strings.TrimPrefix(why, " ")
				}
				return "Available here: " + strings.Join(names, ", ") + "." + why
			}
			cur = cur.GetAttr(name)
		}
	}
	return ""
}

// analyzed names the report objects that an analyzer adds to a fabric.
var analyzed = map[string]bool{"bisection": true, "oversubscription": true, "pcie": true, "whatif": true}

// traversalString writes a traversal as source ("fabric.compute.bisection.ratio").
func traversalString(t hcl.Traversal) string {
	var b strings.Builder
	for _, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			b.WriteString(s.Name)
		case hcl.TraverseAttr:
			b.WriteString("." + s.Name)
		case hcl.TraverseIndex:
			if s.Key.Type() == cty.String {
				fmt.Fprintf(&b, "[%q]", s.Key.AsString())
			} else if s.Key.Type() == cty.Number {
				fmt.Fprintf(&b, "[%s]", s.Key.AsBigFloat().String())
			}
		}
	}
	return b.String()
}

// bounds returns the proven ends of the bounded field traversal t reads
// (fabric.<f>.bisection.ratio, fabric.<f>.whatif.<class>.bisection.ratio),
// or nil when t reads no interval or its ends meet.
func bounds(t hcl.Traversal, fabrics cty.Value) (lo, hi *float64) {
	names := attrNames(t)
	if len(names) < 4 || len(t) != len(names) || names[0] != "fabric" {
		return nil, nil
	}
	obj, ok := attrPath(fabrics, names[1:len(names)-1])
	if !ok {
		return nil, nil
	}
	object, field := names[len(names)-2], names[len(names)-1]
	for _, iv := range results.Intervals {
		if iv.Object == object && iv.Field == field {
			if l, u, ok := ends(obj, iv); ok && l != u {
				if math.IsInf(u, 1) {
					return &l, nil // at least l; JSON holds no infinity
				}
				return &l, &u
			}
		}
	}
	return nil, nil
}

// maxForItems caps the items of one for-expression whose reads values
// lists: a condition over a workload's collectives lists each, one over
// thousands of what-if scenarios does not flood the report. A
// presentation limit.
const maxForItems = 32

// forReads returns, for each for-expression of expr over a report
// collection (`[for c in workload.llm.collectives : c.time_s < 1]`), the
// references its body makes through the iterator, one per item, as
// absolute traversals (workload.llm.collectives[2].time_s), so that
// values can show what the condition read: expr.Variables gives only the
// collection, which is not a scalar. Items past maxForItems, and
// iterators over anything but a plain reference, are left out.
func forReads(expr hcl.Expression, ctx *hcl.EvalContext) []hcl.Traversal {
	var out []hcl.Traversal
	root, ok := eval.Unmetered(expr).(hclsyntax.Node)
	if !ok {
		return nil // not native syntax: no for-expressions to walk
	}
	hclsyntax.VisitAll(root, func(n hclsyntax.Node) hcl.Diagnostics {
		fe, ok := n.(*hclsyntax.ForExpr)
		if !ok {
			return nil
		}
		coll, ok := fe.CollExpr.(*hclsyntax.ScopeTraversalExpr)
		if !ok {
			return nil
		}
		switch coll.Traversal.RootName() {
		case "fabric", "workload", "flow":
		default:
			return nil
		}
		cv, d := coll.Traversal.TraverseAbs(ctx)
		if d.HasErrors() || !cv.IsWhollyKnown() || cv.IsNull() || !cv.CanIterateElements() {
			return nil
		}
		var body []hcl.Traversal // the body's reads through the iterator
		for _, e := range []hclsyntax.Expression{fe.KeyExpr, fe.ValExpr, fe.CondExpr} {
			if e == nil {
				continue
			}
			for _, t := range e.Variables() {
				if t.RootName() == fe.ValVar && len(t) > 1 {
					body = append(body, t)
				}
			}
		}
		if len(body) == 0 {
			return nil
		}
		i := 0
		for it := cv.ElementIterator(); it.Next() && i < maxForItems; i++ {
			key, _ := it.Element()
			for _, t := range body {
				abs := append(append(slices.Clone(coll.Traversal), hcl.TraverseIndex{Key: key}), t[1:]...)
				out = append(out, abs)
			}
		}
		return nil
	})
	return out
}
