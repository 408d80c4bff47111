package requirements_test

import (
	"testing"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/analyzers/analysistest"
	"github.com/topoc/topoc/analyzers/report"
	"github.com/topoc/topoc/analyzers/requirements"
)

func outcomes(t *testing.T, r analysistest.Result) map[string]report.Requirement {
	t.Helper()
	rs, ok := analysis.Lookup[[]report.Requirement](r.Results, requirements.Analyzer)
	if !ok {
		t.Fatalf("%s: no requirements result", r.Dir)
	}
	m := map[string]report.Requirement{}
	for _, x := range rs {
		m[x.Name] = x
	}
	return m
}

func TestPass(t *testing.T) {
	for _, r := range analysistest.Run(t, "testdata", requirements.Analyzer, "pass") {
		for name, o := range outcomes(t, r) {
			if !o.OK {
				t.Errorf("requirement %s failed: %+v", name, o)
			}
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
