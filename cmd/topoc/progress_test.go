package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the spinner's goroutine and the
// test to use at once.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestProgress: the spinner writes nothing to a non-terminal however long
// the work runs, nothing to a terminal before the delay, and shows its
// label on a terminal after the delay (so the silence of the first two
// cases is the gate's doing, not a broken spinner).
func TestProgress(t *testing.T) {
	const work = 400 * time.Millisecond
	cases := []struct {
		name     string
		delay    time.Duration
		terminal bool
		shows    bool
	}{
		{"not a terminal", time.Millisecond, false, false},
		{"terminal, short work", time.Hour, true, false},
		{"terminal, long work", time.Millisecond, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out syncBuffer
			stop := newProgress(&out, "checking designs/a", c.delay, c.terminal)
			time.Sleep(work)
			stop()
			got := out.String()
			if shown := strings.Contains(got, "checking designs/a"); shown != c.shows {
				t.Errorf("spinner shown = %v, want %v; output %q", shown, c.shows, got)
			}
			if !c.shows && got != "" {
				t.Errorf("output %q, want none", got)
			}
		})
	}
}

// TestProgressNotTerminalFile: the terminal test startProgress uses says
// no for a regular file (redirected stderr) and for a pipe.
func TestProgressNotTerminalFile(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Error("a regular file counts as a terminal")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if isTerminal(w) {
		t.Error("a pipe counts as a terminal")
	}
	if isTerminal(&bytes.Buffer{}) {
		t.Error("a buffer counts as a terminal")
	}
}
