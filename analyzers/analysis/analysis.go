// Package analysis defines the analyzer interface and the driver that runs
// analyzers over a compiled design, in the shape of golang.org/x/tools'
// go/analysis: an analyzer is a declarative value (name, doc line, the
// analyzers whose results it needs, a run function), and one driver runs a
// requested set in dependency order, each exactly once.
//
// Analyzers see only the IR (compiler/ir) and the results of the analyzers
// they require; they never read HCL. Diagnostics they report carry the HCL
// range of the IR element that caused them (ir.Graph.Range).
package analysis

import (
	"flag"
	"fmt"
	"reflect"
	"runtime"
	"runtime/debug"
	"sort"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
)

// Analyzer is one analysis over the IR.
type Analyzer struct {
	// Name is the analyzer's stable name, used by `topoc check
	// --analyzers` and in docs/analyzers.md ("bisection").
	Name string
	// Doc is a one-line description; docs/analyzers.md has the full
	// definition, formula and sources under a "## Name" heading.
	Doc string
	// Requires lists the analyzers whose results Run reads through
	// Pass.ResultOf; the driver runs them first.
	Requires []*Analyzer
	// ReadsCables is set when Run reads the cable plan (ir.Graph.Cabling:
	// cables, their media and lengths). The compiler may still be
	// planning the cables when the analyses start (ir.Graph.
	// PlanInBackground); the driver starts such an analyzer once the plan
	// is done, so that it does not hold one of the driver's GOMAXPROCS
	// places while it waits. An analyzer that reads the plan without
	// saying so still reads it whole (Cabling waits), only later.
	ReadsCables bool
	// Run computes the analyzer's result. Findings about the design are
	// reported through Pass.Report; a returned error means the analyzer
	// itself failed (a bug or an impossible input), and the driver stops.
	Run func(*Pass) (any, error)
	// Flags are the analyzer's own options, as in go/analysis: a driver
	// (the CLI) surfaces flag F of analyzer A as --A.F and parses it
	// before any analyzer runs. Most analyzers have none.
	Flags flag.FlagSet
	// ResultType is the type of the value Run returns, as in go/analysis;
	// Declare sets it. The driver refuses a result of another type, and
	// the typed accessor Declare returns is the one way to read it.
	ResultType reflect.Type
}

// Accessor reads one analyzer's result as its declared type, so that a
// reader of a result whose type changed fails to compile instead of
// reading nothing.
type Accessor[T any] struct{ a *Analyzer }

// Declare records T as a's ResultType and returns the accessor of its
// result. Each analyzer package declares it once, beside its Analyzer:
//
//	var ResultOf = analysis.Declare[[]Fabric](Analyzer)
func Declare[T any](a *Analyzer) Accessor[T] {
	a.ResultType = reflect.TypeFor[T]()
	return Accessor[T]{a}
}

// From reads the result through of (Results.Of, or a Pass's ResultOf map
// through a closure), and whether the analyzer ran.
func (x Accessor[T]) From(of func(*Analyzer) any) (T, bool) {
	v, ok := of(x.a).(T)
	return v, ok
}

// In reads the result from a driver run, and whether the analyzer ran.
func (x Accessor[T]) In(r *Results) (T, bool) { return x.From(r.Of) }

// Analyzer returns the analyzer whose result x reads.
func (x Accessor[T]) Analyzer() *Analyzer { return x.a }

func (a *Analyzer) String() string { return a.Name }

// Pass is what Run sees: the graph, the results of the required
// analyzers, and a diagnostics sink.
type Pass struct {
	Analyzer *Analyzer
	Graph    *ir.Graph
	// ResultOf holds the result of every analyzer in Analyzer.Requires
	// (and, transitively, theirs).
	ResultOf map[*Analyzer]any
	diags    *hcl.Diagnostics
}

// Report records a diagnostic about the design.
func (p *Pass) Report(d *hcl.Diagnostic) { *p.diags = append(*p.diags, d) }

// Result returns the result of a required analyzer through its accessor.
// It panics when the analyzer is not required: a programming error in the
// analyzer's declaration, caught by any test that runs it.
func Result[T any](p *Pass, x Accessor[T]) T {
	v, ok := p.ResultOf[x.a]
	if !ok {
		panic(fmt.Sprintf("analyzer %s reads the result of %s without requiring it", p.Analyzer.Name, x.a.Name))
	}
	return v.(T)
}

// Results is the outcome of one driver run.
type Results struct {
	// Ran lists the analyzers that ran, in the order they ran.
	Ran         []*Analyzer
	results     map[*Analyzer]any
	Diagnostics hcl.Diagnostics
}

// Of returns the result of analyzer a, or nil when it did not run.
func (r *Results) Of(a *Analyzer) any {
	if r == nil {
		return nil
	}
	return r.results[a]
}

// Lookup returns the result of a as a T, and whether a ran, for an
// analyzer made at run time (requirements.Over) that has no accessor of
// its own. A result of another type than T panics: the caller's type is
// wrong, and reading nothing would hide it.
func Lookup[T any](r *Results, a *Analyzer) (T, bool) {
	v := r.Of(a)
	if v == nil {
		var zero T
		return zero, false
	}
	t, ok := v.(T)
	if !ok {
		panic(fmt.Sprintf("analyzer %s's result is a %T, read as a %v", a.Name, v, reflect.TypeFor[T]()))
	}
	return t, true
}

// Order returns the requested analyzers and everything they require,
// dependencies first; among independent analyzers the request order is
// kept, so the run order is deterministic. A dependency cycle is an error.
func Order(requested []*Analyzer) ([]*Analyzer, error) {
	const (
		unseen = iota
		active
		done
	)
	state := map[*Analyzer]int{}
	var out []*Analyzer
	var visit func(a *Analyzer, path []string) error
	visit = func(a *Analyzer, path []string) error {
		switch state[a] {
		case done:
			return nil
		case active:
			return fmt.Errorf("analyzer dependency cycle: %v -> %s", path, a.Name)
		}
		state[a] = active
		for _, r := range a.Requires {
			if err := visit(r, append(path, a.Name)); err != nil {
				return err
			}
		}
		state[a] = done
		out = append(out, a)
		return nil
	}
	for _, a := range requested {
		if err := visit(a, nil); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Run runs the requested analyzers (and what they require) on g. The
// returned diagnostics are in the order the analyzers reported them,
// analyzer by analyzer in Order's order; the caller sorts them with the
// compiler's (diag.Sort).
//
// Analyzers that do not depend on each other run at the same time, up to
// GOMAXPROCS at once: each starts when the analyzers it requires have
// finished. Analyzers only read the graph (its lazily built indexes take
// a lock), so the outcome is the same as one after another: results,
// diagnostics and Ran are assembled in Order's order, and a failing
// analyzer stops the run there, as it would have alone, with the
// diagnostics of the analyzers before it. A panic in an analyzer is
// raised again here, in the caller's goroutine, with the analyzer's name
// and stack.
func Run(g *ir.Graph, requested []*Analyzer) (*Results, error) {
	order, err := Order(requested)
	if err != nil {
		return nil, err
	}
	index := make(map[*Analyzer]int, len(order))
	for i, a := range order {
		index[a] = i
	}
	outs := make([]outcome, len(order))
	done := make([]chan struct{}, len(order))
	for i := range done {
		done[i] = make(chan struct{})
	}
	slots := make(chan struct{}, max(runtime.GOMAXPROCS(0), 1))
	for i, a := range order {
		go func() {
			defer close(done[i])
			for _, r := range a.Requires {
				<-done[index[r]]
				if outs[index[r]].failed() {
					outs[i].skipped = true
					return
				}
			}
			if a.ReadsCables {
				g.WaitCabling()
			}
			slots <- struct{}{}
			defer func() { <-slots }()
			outs[i].run(g, a, func(r *Analyzer) any { return outs[index[r]].value })
		}()
	}
	for i := range done {
		<-done[i]
	}
	res := &Results{results: map[*Analyzer]any{}}
	for i, a := range order {
		o := &outs[i]
		if o.panicked != nil {
			panic(fmt.Sprintf("analyzer %s panicked: %v\n%s", a.Name, o.panicked, o.stack))
		}
		res.Diagnostics = append(res.Diagnostics, o.diags...)
		if o.err != nil {
			return res, o.err
		}
		res.results[a] = o.value
		res.Ran = append(res.Ran, a)
	}
	return res, nil
}

// outcome is one analyzer's run within Run.
type outcome struct {
	value any
	diags hcl.Diagnostics
	err   error
	// panicked is the value an analyzer panicked with, and stack its
	// goroutine's stack then.
	panicked any
	stack    []byte
	// skipped is set when a required analyzer failed, so a did not run.
	skipped bool
}

// failed reports whether the analyzer gave no result its dependants may
// read.
func (o *outcome) failed() bool { return o.err != nil || o.panicked != nil || o.skipped }

// run runs a on g with the results of its requirements (read through
// of, which they have all set) and records what happened.
func (o *outcome) run(g *ir.Graph, a *Analyzer, of func(*Analyzer) any) {
	defer func() {
		if r := recover(); r != nil {
			o.panicked, o.stack = r, debug.Stack()
		}
	}()
	p := &Pass{Analyzer: a, Graph: g, ResultOf: map[*Analyzer]any{}, diags: &o.diags}
	collect(a, of, p.ResultOf)
	v, err := a.Run(p)
	if err != nil {
		o.err = fmt.Errorf("analyzer %s: %w", a.Name, err)
		return
	}
	if a.ResultType != nil && v != nil && reflect.TypeOf(v) != a.ResultType {
		o.err = fmt.Errorf("analyzer %s returned a %T, but declares %v (analysis.Declare)", a.Name, v, a.ResultType)
		return
	}
	o.value = v
}

// collect copies the results of a's requirements, transitively, read
// through of.
func collect(a *Analyzer, of func(*Analyzer) any, into map[*Analyzer]any) {
	for _, r := range a.Requires {
		if _, ok := into[r]; ok {
			continue
		}
		into[r] = of(r)
		collect(r, of, into)
	}
}

// Names returns the analyzers' names, sorted.
func Names(as []*Analyzer) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Name
	}
	sort.Strings(out)
	return out
}
