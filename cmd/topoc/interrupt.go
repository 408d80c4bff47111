package main

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/topoc/topoc/compiler/emit"
)

// interruptible runs work (a build or report: compile, emit, write
// through w) and returns its result, unless SIGINT, SIGTERM or SIGHUP (a
// closed terminal) comes first; what names the command in messages. Then it aborts
// w, which waits for the file-system step in progress and removes the
// staging directory, temporary files and new directories of the set, and
// returns at once with exit status 128 + the signal (130 for SIGINT), as a
// shell reports a command killed by it. Without the handler the signal
// would kill topoc between two steps and leave staged files behind.
//
// work goes on in the background until the process exits; w refuses it
// every further step, so it creates nothing more.
func interruptible(c *cobra.Command, what string, w *emit.Writer, work func() error) error {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	signalReady()
	result := make(chan error, 1)
	go func() { result <- work() }()
	select {
	case err := <-result:
		return err
	case s := <-sigs:
		if w.Abort() {
			// The set had been moved into place in full just before.
			fmt.Fprintf(c.ErrOrStderr(), "topoc: %s stopped by a signal (%v) after every file had been written\n", what, s)
		} else {
			fmt.Fprintf(c.ErrOrStderr(), "topoc: %s stopped by a signal (%v); nothing was written, the output directory is as it was\n", what, s)
		}
		code := 130
		if n, ok := s.(syscall.Signal); ok {
			code = 128 + int(n)
		}
		return exitError{code}
	}
}

// ReadyEnv names a file that interruptible creates once its signal
// handler is installed, for the interrupt tests: a signal sent before
// that point (on a loaded machine, hundreds of milliseconds after the
// process starts) takes Go's default action and kills the process, which
// is not what they test. Unset in normal use.
const ReadyEnv = "TOPOC_TEST_SIGNAL_READY"

func signalReady() {
	if f := os.Getenv(ReadyEnv); f != "" {
		os.WriteFile(f, nil, 0o600)
	}
}
