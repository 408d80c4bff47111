package ir

import (
	"fmt"
	"runtime/debug"
	"sync/atomic"
)

// cablingFlight is a cable plan running in its own goroutine
// (Graph.PlanInBackground).
type cablingFlight struct {
	// done is closed once the plan has ended; landed is set just before,
	// so that readers after the plan pay an atomic load, not a channel
	// operation.
	done   chan struct{}
	landed atomic.Bool
	// panicked is what the plan panicked with, and its stack, or nil.
	panicked any
	stack    string
}

// Cabling returns the rack placement and cable plan, or nil before the
// compiler's cabling stage. While a plan started by PlanInBackground is
// running it waits for it, so a reader never sees a partial plan; if the
// plan panicked, it panics with the plan's value and stack.
func (g *Graph) Cabling() *Cabling {
	if f := g.flight; f != nil && (!f.landed.Load() || f.panicked != nil) {
		g.WaitCabling()
	}
	return g.cabling
}

// Racking returns where the cabled devices sit, without waiting for a
// plan in flight: nil before the compiler's cabling stage.
func (g *Graph) Racking() *Racking { return g.racking }

// SetCabling attaches cb as g's racking and cable plan. It must not be
// called while a plan started by PlanInBackground is running.
func (g *Graph) SetCabling(cb *Cabling) {
	g.cabling, g.racking = cb, nil
	if cb != nil {
		g.racking = &cb.Racking
	}
}

// PlanInBackground attaches cb's racking to g at once and runs plan in
// a new goroutine, which fills in cb's cables; Cabling waits for it and
// then returns cb. plan reads g through view, a shallow copy of g made
// before it starts whose Cabling is cb (Graph.CableLegs, Ends and the
// cage index read the plan), and must write nothing to g. Until the
// plan is done the caller must not change g's nodes, links, fabrics or
// maps; it may append to g's other slices (the view keeps their length
// at the start). The compiler plans the cables of a design this way
// while its structural checks and the analyses run (issue 16): the plan
// is read by few, and nothing it writes is read by the rest.
func (g *Graph) PlanInBackground(cb *Cabling, plan func(view *Graph)) {
	f := &cablingFlight{done: make(chan struct{})}
	view := *g
	view.flight, view.cabling, view.racking = nil, cb, &cb.Racking
	g.cabling, g.racking, g.flight = nil, &cb.Racking, f
	go func() {
		defer close(f.done)
		defer func() {
			if r := recover(); r != nil {
				f.panicked, f.stack = r, string(debug.Stack())
			}
			f.landed.Store(true)
		}()
		plan(&view)
		g.cabling = cb
	}()
}

// WaitCabling waits for a plan started by PlanInBackground, if any; if
// the plan panicked, it panics with the plan's value and stack, as the
// plan would have in the caller's goroutine.
func (g *Graph) WaitCabling() {
	f := g.flight
	if f == nil {
		return
	}
	<-f.done
	if f.panicked != nil {
		panic(fmt.Sprintf("cable plan panicked: %v\n%s", f.panicked, f.stack))
	}
}
