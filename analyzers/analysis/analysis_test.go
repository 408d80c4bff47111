package analysis

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
)

func TestRunOrderAndResults(t *testing.T) {
	var log []string
	mk := func(name string, req ...*Analyzer) *Analyzer {
		a := &Analyzer{Name: name, Requires: req}
		a.Run = func(p *Pass) (any, error) {
			log = append(log, name)
			sum := 1
			for _, r := range req {
				sum += Result(p, Accessor[int]{r})
			}
			return sum, nil
		}
		return a
	}
	base := mk("base")
	left := mk("left", base)
	right := mk("right", base)
	top := mk("top", left, right)
	res, err := Run(ir.New(), []*Analyzer{top, base})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"base", "left", "right", "top"}; !reflect.DeepEqual(log, want) {
		t.Errorf("ran %v, want %v (each once, dependencies first)", log, want)
	}
	// base=1, left=right=2, top=1+2+2.
	if v, _ := Lookup[int](res, top); v != 5 {
		t.Errorf("top = %d, want 5", v)
	}
	if _, ok := Lookup[int](res, mk("never")); ok {
		t.Errorf("Lookup of an analyzer that did not run reported a result")
	}
}

func TestCycleIsAnError(t *testing.T) {
	a := &Analyzer{Name: "a", Run: func(*Pass) (any, error) { return nil, nil }}
	b := &Analyzer{Name: "b", Requires: []*Analyzer{a}, Run: a.Run}
	a.Requires = []*Analyzer{b}
	if _, err := Run(ir.New(), []*Analyzer{a}); err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Fatalf("want a cycle error, got %v", err)
	}
}

func TestDiagnosticsAndErrors(t *testing.T) {
	rep := &Analyzer{Name: "rep", Run: func(p *Pass) (any, error) {
		p.Report(&hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: "w"})
		return nil, nil
	}}
	boom := &Analyzer{Name: "boom", Requires: []*Analyzer{rep}, Run: func(*Pass) (any, error) { return nil, errors.New("bad") }}
	res, err := Run(ir.New(), []*Analyzer{boom})
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("want the failing analyzer named, got %v", err)
	}
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].Summary != "w" {
		t.Errorf("diagnostics = %v", res.Diagnostics)
	}
}

// A result of another type than the analyzer declares is a driver error,
// and Lookup of a result as the wrong type panics instead of reading
// nothing: a changed result type cannot vanish silently from a report.
func TestDeclaredResultType(t *testing.T) {
	a := &Analyzer{Name: "a", Run: func(*Pass) (any, error) { return "text", nil }}
	Declare[int](a)
	if _, err := Run(ir.New(), []*Analyzer{a}); err == nil || !strings.Contains(err.Error(), "returned a string, but declares int") {
		t.Errorf("error %v, want the declared-type refusal", err)
	}
	b := &Analyzer{Name: "b", Run: func(*Pass) (any, error) { return 7, nil }}
	acc := Declare[int](b)
	res, err := Run(ir.New(), []*Analyzer{b})
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := acc.In(res); !ok || v != 7 {
		t.Errorf("accessor read %v, %v", v, ok)
	}
	defer func() {
		if recover() == nil {
			t.Error("Lookup as the wrong type did not panic")
		}
	}()
	Lookup[string](res, b)
}
