//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// endlessYes is `yes`: "y\n" forever.
type endlessYes struct{}

func (endlessYes) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "y\n"[i%2]
	}
	return len(p), nil
}

// within fails the test when f does not return in time: the defects
// these tests guard against are hangs.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s did not return within 30 s", what)
	}
}

// `yes | topoc fmt -` is cut at the cap and refused (exit 2), and `yes >
// FIFO & topoc check FIFO` (a stream named on the command line, as
// /dev/stdin is) likewise: neither reads until memory runs out.
func TestEndlessStreamsRefused(t *testing.T) {
	within(t, "fmt -", func() {
		var out, errb bytes.Buffer
		root := newRoot()
		root.SetArgs([]string{"fmt", "-"})
		root.SetIn(endlessYes{})
		root.SetOut(&out)
		root.SetErr(&errb)
		var ee exitError
		if err := root.Execute(); !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(errb.String(), "Error[file-too-large]") || out.Len() != 0 {
			t.Errorf("fmt - on an endless stream: %v, stdout %d bytes, stderr %q; want exit 2, file-too-large", err, out.Len(), errb.String())
		}
	})
	fifo := filepath.Join(t.TempDir(), "s.topo.hcl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		buf := bytes.Repeat([]byte("y\n"), 32<<10)
		for {
			if _, err := f.Write(buf); err != nil {
				return // the reader closed: EPIPE
			}
		}
	}()
	within(t, "check FIFO", func() {
		code, _, stderr := runCaptured(t, "check", fifo)
		if code != 2 || !strings.Contains(stderr, "Error[file-too-large]") || !strings.Contains(stderr, "a stream or device") {
			t.Errorf("check on an endless FIFO: exit %d, stderr %q; want 2, file-too-large", code, stderr)
		}
	})
}

// A named pipe called *.topo.hcl inside a design directory is refused by
// check and fmt (exit 2, naming it) without being opened; opening it would
// block until a writer appears, which is forever.
func TestFIFOInDesignDir(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "x.topo.hcl"), 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	for _, args := range [][]string{{"check", dir}, {"fmt", dir}, {"fmt", "--check", dir}} {
		within(t, strings.Join(args, " "), func() {
			code, _, stderr := runCaptured(t, args...)
			if code != 2 || !strings.Contains(stderr, "Error[no-input]: Not a regular file") || !strings.Contains(stderr, "named pipe") {
				t.Errorf("topoc %s: exit %d, stderr %q; want 2 and the named pipe refused", strings.Join(args, " "), code, stderr)
			}
		})
	}
}
