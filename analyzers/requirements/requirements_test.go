package requirements_test

import (
	"math"
	"strings"
	"testing"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/analyzers/analysistest"
	"github.com/topoc/topoc/analyzers/requirements"
	"github.com/topoc/topoc/analyzers/results"
)

func outcomes(t *testing.T, r analysistest.Result) map[string]results.Requirement {
	t.Helper()
	rs, ok := analysis.Lookup[[]results.Requirement](r.Results, requirements.Analyzer)
	if !ok {
		t.Fatalf("%s: no requirements result", r.Dir)
	}
	m := map[string]results.Requirement{}
	for _, x := range rs {
		m[x.Name] = x
	}
	return m
}

func TestPass(t *testing.T) {
	for _, r := range analysistest.Run(t, "testdata", requirements.Analyzer, "pass") {
		got := outcomes(t, r)
		for name, o := range got {
			if !o.OK {
				t.Errorf("requirement %s failed: %+v", name, o)
			}
		}
		// A for-expression's reads are listed per item (the k = 8 tree's
		// three tiers: edge, aggregation, core, 32, 32 and 16 switches),
		// where only its collection, not a scalar, was seen and nothing
		// was listed.
		v := got["cores"].Values
		if len(v) != 6 || v[4].Ref != "fabric.ft.switches_by_tier[2].count" || v[4].Value != 16.0 || v[5].Value != "core" {
			t.Errorf("cores values %+v; want each tier's count and name, core's count 16", v)
		}
	}
}

func TestFail(t *testing.T) {
	for _, r := range analysistest.Run(t, "testdata", requirements.Analyzer, "fail") {
		got := outcomes(t, r)
		if o := got["big"]; o.OK || o.Message != "only 16 hosts" || len(o.Values) != 1 || o.Values[0].Value != 16.0 {
			t.Errorf("big = %+v, want failed with message \"only 16 hosts\" and the value 16 read", o)
		}
		for _, name := range []string{"soft", "typo", "null", "string_true", "number_message"} {
			if got[name].OK {
				t.Errorf("%s passed; a failed or invalid requirement is never ok", name)
			}
		}
	}
}

// TestBounded: a bounded bisection is read at both ends; each outcome and
// the proven ends reported for the values read.
func TestBounded(t *testing.T) {
	for _, r := range analysistest.Run(t, "testdata", requirements.Analyzer, "bounded") {
		got := outcomes(t, r)
		want := map[string]string{
			"half": results.RequirementMet, "sixty": results.RequirementFailed,
			"upper_only": results.RequirementUnproven, "lower_only": results.RequirementUnproven,
			"negated": results.RequirementFailed, "equal": results.RequirementUnproven,
			"window": results.RequirementUnproven, "proven_half": results.RequirementMet, "plain_fields": results.RequirementMet,
			"min_half": results.RequirementMet, "divided": results.RequirementMet,
		}
		for name, status := range want {
			o := got[name]
			if o.Status != status || o.OK != (status == results.RequirementMet) {
				t.Errorf("%s: status %q ok %v, want %q", name, o.Status, o.OK, status)
			}
		}
		v := got["upper_only"].Values
		if len(v) != 1 || v[0].Lower == nil || v[0].Upper == nil {
			t.Fatalf("upper_only values %+v: want the ratio with both ends", v)
		}
		// The cut of 21 links at 200 Gb/s over half of 60 terminals ×
		// 200 Gb/s: 4.2 Tb/s ÷ 6 Tb/s.
		if lo, hi := *v[0].Lower, *v[0].Upper; !(lo > 0.45 && lo < hi) || math.Abs(hi-0.7) > 1e-9 {
			t.Errorf("ends %v–%v, want a lower bound above 0.45 and the cut's 0.7", lo, hi)
		}
		if p := got["proven_half"].Values; len(p) != 1 || p[0].Lower != nil {
			t.Errorf("proven_half values %+v: a bound is a plain value", p)
		}
	}
}

// TestWhatif: requirements over N−1 sweeps read the worst case like any
// other result, at both ends of its interval.
func TestWhatif(t *testing.T) {
	for _, r := range analysistest.Run(t, "testdata", requirements.Analyzer, "whatif") {
		got := outcomes(t, r)
		want := map[string]string{
			"spine_three_quarters": results.RequirementMet, "spine_eighty": results.RequirementFailed,
			"leaf_blast": results.RequirementMet, "global_half": results.RequirementUnproven, "typo": results.RequirementInvalid,
			"leaf_oversub_after_spine": results.RequirementMet, "leaf_oversub_strict": results.RequirementFailed,
			"group_after_global_loss": results.RequirementMet, "policy_p50": results.RequirementMet, "policy_p99": results.RequirementMet, "policy_p99_strict": results.RequirementFailed,
			"thin_after_spine": results.RequirementInvalid, "leaf_none_lost": results.RequirementFailed,
		}
		for name, status := range want {
			if o := got[name]; o.Status != status {
				t.Errorf("%s: status %q, want %q (%+v)", name, o.Status, status, o)
			}
		}
		if v := got["leaf_oversub_strict"].Values; len(v) != 1 || v[0].Value != 8.0/6 {
			t.Errorf("leaf_oversub_strict values %+v, want 8 ÷ 6", v)
		}
		if v := got["spine_eighty"].Values; len(v) != 1 || v[0].Value != 0.75 || v[0].Lower != nil {
			t.Errorf("spine_eighty values %+v, want the exact 0.75", v)
		}
		if v := got["group_after_global_loss"].Values; len(v) != 2 || v[0].Value != 8.0/7 {
			t.Errorf("group_after_global_loss values %+v, want 8 ÷ 7", v)
		}
		if v := got["policy_p99_strict"].Values; len(v) != 1 || v[0].Value != 0.75 || v[0].Lower != nil {
			t.Errorf("policy_p99_strict values %+v, want the exact 0.75", v)
		}
		if v := got["policy_p50"].Values; len(v) != 1 || v[0].Value != 1.0 {
			t.Errorf("policy_p50 values %+v, want 1", v)
		}
		// The null it read is among its values, printed as null.
		if v := got["thin_after_spine"].Values; len(v) != 1 || v[0].Ref != "fabric.thin.whatif.spine.oversubscription.leaf" || v[0].Value != nil || v[0].Text() != "null" {
			t.Errorf("thin_after_spine values %+v, want the leaf oversubscription, null", v)
		}
		// Each failed what-if finding names the scenario that decides
		// what it reads (trial 35: a ranks condition named the least
		// bisection's scenario; an oversubscription one names none).
		for _, d := range r.Results.Diagnostics {
			switch {
			case strings.Contains(d.Detail, "ranks_disconnected"):
				if !strings.Contains(d.Detail, "whatif.leaf's most ranks are lost under leaf0") || strings.Contains(d.Detail, "least bisection") {
					t.Errorf("ranks finding: %s", d.Detail)
				}
			case strings.Contains(d.Detail, "oversubscription.leaf = "):
				if strings.Contains(d.Detail, "least bisection") || strings.Contains(d.Detail, "ranks are lost") {
					t.Errorf("oversubscription finding names a scenario of another quantity: %s", d.Detail)
				}
			case strings.Contains(d.Detail, "spine.bisection.ratio = "):
				if !strings.Contains(d.Detail, "whatif.spine's least bisection is under spine0") {
					t.Errorf("bisection finding: %s", d.Detail)
				}
			}
		}
		if v := got["global_half"].Values; len(v) != 1 || v[0].Lower == nil || v[0].Upper == nil || !(*v[0].Lower < 0.65 && *v[0].Upper > 0.65) {
			t.Errorf("global_half values %+v, want an interval around 0.65", v)
		}
	}
}

// TestFractions: a float64 result that stands for a fraction compares
// equal to the fraction HCL computes (trial 53: 0.6666666666666666 failed
// ratio >= (3 - 1) / 3), and no more.
func TestFractions(t *testing.T) {
	for _, r := range analysistest.Run(t, "testdata", requirements.Analyzer, "fraction") {
		for name, o := range outcomes(t, r) {
			if !o.OK {
				t.Errorf("requirement %s: %+v, want met", name, o)
			}
		}
	}
}

// TestMessageDigits: an error_message quotes a ratio of exactly 1/3 (a
// 512-bit fraction where the condition reads it) to six significant
// digits, not 150 (trial 56), and integers whole.
func TestMessageDigits(t *testing.T) {
	for _, r := range analysistest.Run(t, "testdata", requirements.Analyzer, "message") {
		o := outcomes(t, r)["quoted"]
		if want := "ratio 0.333333, end to end 3, 1600000000000 b/s, 24 hosts"; o.OK || o.Message != want {
			t.Errorf("message %q (ok %v); want failed with %q", o.Message, o.OK, want)
		}
	}
}

// TestVacuousWhatif: a requirement on the storage fabric's spine class,
// whose spines are all the backend's, is met by default and warned
// (requirement-vacuous); the backend's own spine requirement is met
// without a warning (the test's want comments).
func TestVacuousWhatif(t *testing.T) {
	for _, r := range analysistest.Run(t, "testdata", requirements.Analyzer, "vacuous") {
		got := outcomes(t, r)
		if !got["st_spine"].OK || !got["be_spine"].OK {
			t.Errorf("st_spine %+v, be_spine %+v; want both met", got["st_spine"], got["be_spine"])
		}
	}
}
