package lang

import (
	"fmt"
	"path"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

// FailurePolicy is `failure_policy "name" { mode "name" { weight, rule
// {...} } }`: how failures are drawn in a Monte Carlo run (`topoc whatif
// --policy NAME`, docs/resilience.md "Failure policies"). Each draw picks
// one mode, with probability proportional to its weight, and fails the
// union of what its rules select. The model is NetGraph's failure policies
// (weighted modes of rules with all/choice/random selection,
// docs/reference/handoffs.md); the selection is over topoc's risk-group
// classes.
//
// Rules written directly in the policy, without a mode block, form its
// one mode (named after the policy, weight 1).
type FailurePolicy struct {
	Name  string
	Modes []*FailureMode
	// Iterations and Seed are the draws and the PCG seed `topoc check`
	// uses for requirements over the policy, and `topoc whatif --policy`
	// without --iterations or --seed (defaults 1,000 and 1).
	Iterations Val[int64]
	Seed       Val[int64]
	DeclRange  hcl.Range
}

// FailureMode is one `mode` of a failure policy: rules that apply
// together, drawn with probability Weight ÷ the policy's total weight. A
// mode without rules fails nothing (a draw of the intact design).
type FailureMode struct {
	Name string
	// Weight is a number ≥ 0 (default 1).
	Weight    Val[float64]
	Rules     []*FailureRule
	DeclRange hcl.Range
}

// FailureRule is one `rule` of a mode: which risk groups of one class fail.
type FailureRule struct {
	// Class is the risk-group class the rule selects from (switch, a tier,
	// link, a link kind, server, rack, rail, plane, a unit kind, a
	// declared risk_group class).
	Class Val[string]
	// Select is "all" (every matching group), "choice" (Count distinct
	// groups, uniformly or in proportion to WeightBy) or "random" (each
	// matching group on its own with Probability).
	Select Val[string]
	// Count is choice's number of groups (default 1).
	Count Val[int64]
	// Probability is random's chance per group, in [0, 1].
	Probability Val[float64]
	// Match narrows the class to groups whose names match one of these
	// path.Match globs ("su0/*", "rail 3"); all groups when unset.
	Match Val[[]string]
	// WeightBy makes choice draw groups in proportion to one of
	// FailureWeights instead of uniformly.
	WeightBy  Val[string]
	DeclRange hcl.Range
}

// MaxPolicyIterations is the most draws a policy may ask for; it is
// resilience.MaxIterations, which lang may not import (a budget, sourced
// there).
const MaxPolicyIterations = 100_000

// FailureSelections are the values of a rule's select.
var FailureSelections = []string{"all", "choice", "random"}

// FailureWeights are the values of a rule's weight_by: what a group's
// chance of being chosen is proportional to. "links" counts the links the
// group takes down (its own and those of its devices), "capacity" sums
// their rates, "devices" counts its devices, "gpus" its GPUs. A modelling
// assumption the user chooses: that failures are as likely per cable (or
// per unit of capacity, device or GPU) everywhere.
var FailureWeights = []string{"links", "capacity", "devices", "gpus"}

var failurePolicySchema = schemaOf([]string{"iterations", "seed"},
	hcl.BlockHeaderSchema{Type: "mode", LabelNames: []string{"name"}},
	hcl.BlockHeaderSchema{Type: "rule"})

var failureModeSchema = schemaOf([]string{"weight"}, hcl.BlockHeaderSchema{Type: "rule"})

var failureRuleSchema = schemaOf([]string{"class", "select", "count", "probability", "match", "weight_by"})

func decodeFailurePolicy(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *FailurePolicy {
	c := content(b, failurePolicySchema, diags)
	a := newAttrs(c, ctx, b.DefRange)
	p := &FailurePolicy{Name: b.Labels[0], Iterations: a.int("iterations"), Seed: a.int("seed"), DeclRange: b.DefRange}
	if v := p.Iterations; v.Set && (v.V < 1 || v.V > MaxPolicyIterations) {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, v.Range, "Invalid iterations",
			fmt.Sprintf("iterations is %d; a Monte Carlo run draws from 1 to %d times (a budget: about 5 ms a draw on a 1,000-GPU design).", v.V, MaxPolicyIterations)))
	}
	if v := p.Seed; v.Set && v.V < 0 {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, v.Range, "Invalid seed",
			fmt.Sprintf("seed is %d; give a whole number ≥ 0.", v.V)))
	}
	*diags = append(*diags, a.diags...)
	var direct []*FailureRule
	seen := map[string]hcl.Range{}
	for _, blk := range c.Blocks {
		switch blk.Type {
		case "rule":
			direct = append(direct, decodeFailureRule(blk, ctx, diags))
		case "mode":
			name := blk.Labels[0]
			if first, dup := seen[name]; dup {
				*diags = append(*diags, diag.Error(diag.DuplicateName, blk.LabelRanges[0], fmt.Sprintf("Duplicate mode %q", name),
					fmt.Sprintf("failure_policy %q already has a mode named %q at %s; rename one.", p.Name, name, first)))
				continue
			}
			seen[name] = blk.DefRange
			p.Modes = append(p.Modes, decodeFailureMode(blk, ctx, diags))
		}
	}
	switch {
	case len(direct) > 0 && len(p.Modes) > 0:
		*diags = append(*diags, diag.Error(diag.InvalidValue, b.DefRange, "Rules beside modes",
			fmt.Sprintf("failure_policy %q has both rule blocks of its own and mode blocks; move the rules into a mode (a policy's own rules are its only mode).", p.Name)))
		return nil
	case len(direct) > 0:
		p.Modes = []*FailureMode{{Name: p.Name, Weight: Val[float64]{V: 1, Range: b.DefRange}, Rules: direct, DeclRange: b.DefRange}}
	case len(p.Modes) == 0:
		*diags = append(*diags, diag.Error(diag.InvalidValue, b.DefRange, "Failure policy without rules",
			fmt.Sprintf("failure_policy %q draws nothing; give it rule blocks, or mode blocks holding them.", p.Name)))
		return nil
	}
	total := 0.0
	for _, m := range p.Modes {
		total += m.Weight.V
	}
	if total <= 0 {
		*diags = append(*diags, diag.Error(diag.InvalidValue, b.DefRange, "Failure policy without weight",
			fmt.Sprintf("The modes of failure_policy %q weigh 0 in all; give at least one mode a weight above 0.", p.Name)))
		return nil
	}
	return p
}

func decodeFailureMode(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *FailureMode {
	c := content(b, failureModeSchema, diags)
	a := newAttrs(c, ctx, b.DefRange)
	m := &FailureMode{Name: b.Labels[0], Weight: a.number("weight"), DeclRange: b.DefRange}
	if !m.Weight.Set {
		m.Weight.V = 1
	} else if m.Weight.V < 0 {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, m.Weight.Range, "Invalid weight",
			fmt.Sprintf("weight is %g; a mode's weight is a number ≥ 0, its chance being weight ÷ the policy's total.", m.Weight.V)))
		m.Weight.V = 0
	}
	*diags = append(*diags, a.diags...)
	for _, blk := range c.Blocks {
		m.Rules = append(m.Rules, decodeFailureRule(blk, ctx, diags))
	}
	return m
}

func decodeFailureRule(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *FailureRule {
	a := newAttrs(content(b, failureRuleSchema, diags), ctx, b.DefRange)
	r := &FailureRule{Class: a.str("class"), Select: a.str("select"), Count: a.int("count"),
		Probability: a.number("probability"), Match: a.strs("match"), WeightBy: a.str("weight_by"), DeclRange: b.DefRange}
	requireSet(a, "class", r.Class.Set, "rule")
	requireSet(a, "select", r.Select.Set, "rule")
	if c := r.Class; c.Set && !classWord.MatchString(c.V) {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, c.Range, "Invalid risk-group class",
			fmt.Sprintf("class = %q: a risk-group class is one word of letters, digits, _ or - (\"spine\", \"leaf_spine\", \"pdu\").", c.V)))
	}
	oneOf(a, r.Select, "select", FailureSelections)
	oneOf(a, r.WeightBy, "weight_by", FailureWeights)
	only := func(v bool, rng hcl.Range, arg, sel string) {
		if v && r.Select.Set && r.Select.V != sel {
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, rng, "Argument for another selection",
				fmt.Sprintf("%s applies to select = %q; this rule selects %q. Remove it or change select.", arg, sel, r.Select.V)))
		}
	}
	only(r.Count.Set, r.Count.Range, "count", "choice")
	only(r.WeightBy.Set, r.WeightBy.Range, "weight_by", "choice")
	only(r.Probability.Set, r.Probability.Range, "probability", "random")
	if r.Count.Set && r.Count.V < 1 {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, r.Count.Range, "Invalid count",
			fmt.Sprintf("count is %d; a choice fails at least one group.", r.Count.V)))
	}
	if !r.Count.Set {
		r.Count.V = 1
	}
	if r.Select.V == "random" {
		switch p := r.Probability; {
		case !p.Set:
			if _, present := a.get("probability"); !present {
				a.diags = append(a.diags, diag.Error(diag.HCLSchema, b.DefRange, "Missing required argument",
					"A rule with select = \"random\" needs probability: the chance, from 0 to 1, that each matching group fails."))
			}
		case p.V < 0 || p.V > 1:
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, p.Range, "Invalid probability",
				fmt.Sprintf("probability is %g; give a chance from 0 to 1.", p.V)))
		}
	}
	for _, m := range r.Match.V {
		if _, err := path.Match(m, ""); err != nil {
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, r.Match.Range, "Invalid group pattern",
				fmt.Sprintf("match holds %q, which is not a valid pattern (%v); write a group name or a glob such as \"su0/leaf*\".", m, err)))
		}
	}
	*diags = append(*diags, a.diags...)
	return r
}
