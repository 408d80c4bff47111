package compiler

import (
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// A policy's modes, weights and rules reach the IR as written; rules
// written in the policy itself are its one mode, of weight 1.
func TestFailurePolicies(t *testing.T) {
	g, d := compileDiags(t, riskBase+`
failure_policy "field" {
  iterations = 200
  seed       = 7
  mode "cables" {
    weight = 0.9
    rule {
      class     = "leaf_spine"
      select    = "choice"
      count     = 2
      weight_by = "capacity"
    }
  }
  mode "spine" {
    weight = 0.1
    rule {
      class       = "spine"
      select      = "random"
      probability = 0.5
      match       = ["spine1"]
    }
  }
  mode "quiet" {
    weight = 0
  }
}
failure_policy "racks" {
  rule {
    class  = "rack"
    select = "all"
  }
}
`)
	if d.HasErrors() {
		t.Fatal(d)
	}
	f := g.Policy("field")
	if f == nil || f.Iterations != 200 || f.Seed != 7 || len(f.Modes) != 3 {
		t.Fatalf("field: %+v", f)
	}
	c := f.Modes[0]
	if c.Name != "cables" || c.Weight != 0.9 || len(c.Rules) != 1 {
		t.Fatalf("cables: %+v", c)
	}
	if r := c.Rules[0]; r.Class != "leaf_spine" || r.Select != ir.SelectChoice || r.Count != 2 || r.WeightBy != ir.WeightCapacity {
		t.Errorf("cables rule: %+v", r)
	}
	if r := f.Modes[1].Rules[0]; r.Select != ir.SelectRandom || r.Probability != 0.5 || len(r.Match) != 1 || r.Match[0] != "spine1" {
		t.Errorf("spine rule: %+v", r)
	}
	if m := f.Modes[2]; m.Weight != 0 || len(m.Rules) != 0 {
		t.Errorf("quiet: %+v", m)
	}
	r := g.Policy("racks")
	if r == nil || r.Seed != 1 || r.Iterations != 0 || len(r.Modes) != 1 || r.Modes[0].Name != "racks" || r.Modes[0].Weight != 1 ||
		r.Modes[0].Rules[0].Select != ir.SelectAll || r.Modes[0].Rules[0].Count != 1 {
		t.Errorf("racks: %+v", r)
	}
}

// Each way a policy can be wrong is diagnosed with its code at the
// argument or block that is wrong.
func TestFailurePolicyErrors(t *testing.T) {
	rule := func(body string) string {
		return "failure_policy \"p\" {\n  rule {\n" + body + "\n  }\n}\n"
	}
	for _, tc := range []struct {
		src  string
		code diag.Code
		msg  string
	}{
		{rule(`class = "spien"
select = "all"`), diag.UnknownReference, `Did you mean "spine"?`},
		{rule(`class = "spine"
select = "some"`), diag.InvalidValue, `select`},
		{rule(`class = "spine"`), diag.HCLSchema, `"select"`},
		{rule(`select = "all"`), diag.HCLSchema, `"class"`},
		{rule(`class = "spine"
select = "random"`), diag.HCLSchema, `needs probability`},
		{rule(`class = "spine"
select = "random"
probability = 1.5`), diag.InvalidValue, `from 0 to 1`},
		{rule(`class = "spine"
select = "all"
count = 2`), diag.InvalidValue, `count applies to select = "choice"`},
		{rule(`class = "spine"
select = "random"
probability = 0.1
weight_by = "links"`), diag.InvalidValue, `weight_by applies to select = "choice"`},
		{rule(`class = "spine"
select = "choice"
probability = 0.1`), diag.InvalidValue, `probability applies to select = "random"`},
		{rule(`class = "spine"
select = "choice"
count = 0`), diag.InvalidValue, `at least one group`},
		{rule(`class = "spine"
select = "choice"
weight_by = "optics"`), diag.InvalidValue, `weight_by`},
		{rule(`class = "spine"
select = "all"
match = ["["]`), diag.InvalidValue, `not a valid pattern`},
		{`failure_policy "p" {
}`, diag.InvalidValue, `draws nothing`},
		{`failure_policy "p" {
  mode "a" {
    weight = 0
  }
}`, diag.InvalidValue, `weigh 0 in all`},
		{`failure_policy "p" {
  mode "a" {
    weight = -1
  }
}`, diag.InvalidValue, `a number ≥ 0`},
		{`failure_policy "p" {
  mode "a" {}
  mode "a" {}
}`, diag.DuplicateName, `already has a mode named "a"`},
		{`failure_policy "p" {
  mode "a" {}
  rule {
    class  = "spine"
    select = "all"
  }
}`, diag.InvalidValue, `move the rules into a mode`},
		{`failure_policy "spine" {
  rule {
    class  = "leaf"
    select = "all"
  }
}`, diag.DuplicateName, `name of a risk-group class`},
		{`failure_policy "p" {
  iterations = 0
  rule {
    class  = "leaf"
    select = "all"
  }
}`, diag.InvalidValue, `draws from 1 to 100000 times`},
	} {
		_, _, d := compileDiagsLoose(t, riskBase+tc.src)
		wantDiag(t, tc.src, d, tc.code, tc.msg)
	}
}
