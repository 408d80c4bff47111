package ir

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

// memoKey and otherKey are two facts' keys.
type memoKey struct{}
type otherKey struct{}

// Memo computes a fact once per graph, for readers in several goroutines
// at once, keeps a nil error as nil, keeps each key apart, computes again
// once the graph grew or a link was changed in place (LinkRef), and
// keeps nothing on a graph literal.
func TestMemoConcurrent(t *testing.T) {
	g := New()
	g.AddNode(NewNode("a", KindHost))
	var runs atomic.Int32
	compute := func() int { runs.Add(1); return len(g.Nodes) }
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if v := Memo(g, memoKey{}, compute); v != 1 {
				t.Errorf("Memo = %d, want 1", v)
			}
		})
	}
	wg.Wait()
	if n := runs.Load(); n != 1 {
		t.Fatalf("computed %d times by 8 readers, want once", n)
	}
	if err := Memo(g, otherKey{}, func() error { return nil }); err != nil {
		t.Fatalf("a nil error came back as %v", err)
	}
	bad := errors.New("refused")
	if err := Memo(g, otherKey{}, func() error { return bad }); err != nil {
		t.Fatalf("a kept nil error was computed again: %v", err)
	}
	g.AddNode(NewNode("b", KindHost))
	if v := Memo(g, memoKey{}, compute); v != 2 || runs.Load() != 2 {
		t.Fatalf("after a node was added: %d (computed %d times), want 2 (twice)", v, runs.Load())
	}
	g.AddLink(Link{A: Port{Node: 0, Port: 0}, B: Port{Node: 1, Port: 0}})
	Memo(g, memoKey{}, compute)
	g.LinkRef(0).B.Port = 1
	if Memo(g, memoKey{}, compute); runs.Load() != 4 {
		t.Fatalf("a value kept past a link changed in place: computed %d times, want 4", runs.Load())
	}
	lit := &Graph{}
	Memo(lit, memoKey{}, compute)
	Memo(lit, memoKey{}, compute)
	if runs.Load() != 6 {
		t.Fatalf("a graph literal kept its value: computed %d times, want 6", runs.Load())
	}
}
