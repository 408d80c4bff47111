package main

import (
	"io"
	"os"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
)

// progressDelay is how long work runs before a spinner appears. Most
// designs check in well under a second and should print nothing extra; a
// 131,072-GPU fabric or a max-flow bisection takes longer, and then a
// person at a terminal should see that topoc is working. One second is a
// usability convention (the "work over about a second"), not a
// measured figure.
const progressDelay = time.Second

// startProgress starts a spinner labelled label on w, shown only once the
// work has run for progressDelay and only when w is a terminal (and TERM
// is not "dumb", which cannot redraw a line). On a pipe, a file or a CI
// log it writes nothing. The returned function ends the spinner and
// erases it; call it before writing results to w.
func startProgress(w io.Writer, label string) (stop func()) {
	return newProgress(w, label, progressDelay, isTerminal(w) && os.Getenv("TERM") != "dumb")
}

// newProgress is startProgress with the delay and the terminal test given,
// for tests.
func newProgress(w io.Writer, label string, delay time.Duration, terminal bool) (stop func()) {
	if !terminal {
		return func() {}
	}
	show := make(chan any)
	timer := time.AfterFunc(delay, func() { close(show) })
	// WithAutoRefresh: the caller has decided w is a terminal; mpb's own
	// test would agree for a real terminal and lets tests use a buffer.
	p := mpb.New(mpb.WithOutput(w), mpb.WithRenderDelay(show), mpb.WithAutoRefresh())
	bar := p.New(0, mpb.SpinnerStyle(),
		mpb.PrependDecorators(decor.Name(label+" ")),
		mpb.AppendDecorators(decor.Elapsed(decor.ET_STYLE_GO)))
	return func() {
		timer.Stop()
		bar.Abort(true) // drop: the spinner's line is erased
		p.Wait()
	}
}
