package analysis

import (
	"errors"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
)

func TestRunOrderAndResults(t *testing.T) {
	var mu sync.Mutex
	var log []string
	mk := func(name string, req ...*Analyzer) *Analyzer {
		a := &Analyzer{Name: name, Requires: req}
		a.Run = func(p *Pass) (any, error) {
			mu.Lock()
			log = append(log, name)
			mu.Unlock()
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
	// left and right may run at the same time, in either order; Ran is
	// Order's order whatever the timing.
	if len(log) != 4 || log[0] != "base" || log[3] != "top" || !slices.Contains(log, "left") || !slices.Contains(log, "right") {
		t.Errorf("ran %v, want base, left and right in either order, top (each once, dependencies first)", log)
	}
	if got, want := Names(res.Ran), []string{"base", "left", "right", "top"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Ran = %v, want %v", got, want)
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

// Independent analyzers run at the same time: a and b each wait for the
// other to start, which one after another would never see. Diagnostics
// come out in Order's order whichever finishes first.
func TestIndependentAnalyzersRunTogether(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("GOMAXPROCS is 1: analyzers run one at a time")
	}
	startA, startB := make(chan struct{}), make(chan struct{})
	meet := func(mine, other chan struct{}, name string) func(p *Pass) (any, error) {
		return func(p *Pass) (any, error) {
			close(mine)
			select {
			case <-other:
			case <-time.After(10 * time.Second):
				return nil, errors.New(name + " ran alone")
			}
			p.Report(&hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: name})
			return nil, nil
		}
	}
	a := &Analyzer{Name: "a", Run: meet(startA, startB, "a")}
	b := &Analyzer{Name: "b", Run: meet(startB, startA, "b")}
	res, err := Run(ir.New(), []*Analyzer{a, b})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 2 || res.Diagnostics[0].Summary != "a" || res.Diagnostics[1].Summary != "b" {
		t.Errorf("diagnostics %v, want a's then b's", res.Diagnostics)
	}
}

// A panic in an analyzer reaches the caller's goroutine with the
// analyzer's name; an analyzer whose requirement panicked does not run.
func TestPanicReachesCaller(t *testing.T) {
	bad := &Analyzer{Name: "bad", Run: func(*Pass) (any, error) { panic("oops") }}
	ran := false
	after := &Analyzer{Name: "after", Requires: []*Analyzer{bad}, Run: func(*Pass) (any, error) { ran = true; return nil, nil }}
	defer func() {
		r := recover()
		if s, _ := r.(string); !strings.Contains(s, "analyzer bad panicked: oops") {
			t.Errorf("recovered %v, want the analyzer's panic", r)
		}
		if ran {
			t.Errorf("an analyzer whose requirement panicked ran")
		}
	}()
	Run(ir.New(), []*Analyzer{after})
	t.Errorf("Run returned after a panic")
}
