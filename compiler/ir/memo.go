package ir

import "sync"

// memoEntry is one fact Memo keeps: its value, computed once, for a
// graph of the given sizes.
type memoEntry struct {
	once                  sync.Once
	nodes, links, fabrics int
	value                 any
}

// Memo returns what compute gives for key on g, computing it once per
// graph and returning the kept value after: for a fact of the built
// graph that several readers need, such as the hand-offs' node-name
// checks, which `topoc check` ran once per emitter (two passes with a
// map of every host's name, 0.6 s each at a million hosts; issue 16).
// key must be comparable and name the fact alone (a type of the
// caller's package, as context keys are). The value is computed again
// when nodes, links or fabrics were added since, as the membership index
// is; a graph literal (not made by New) keeps nothing. compute runs
// without a lock held, so it may read other indexes of g; readers from
// several goroutines wait for one computation.
func Memo[T any](g *Graph, key any, compute func() T) T {
	c := g.cache
	if c == nil {
		return compute()
	}
	nodes, links, fabrics := len(g.Nodes), g.NumLinks(), len(g.Fabrics)
	c.mu.Lock()
	if c.memo == nil {
		c.memo = map[any]*memoEntry{}
	}
	e := c.memo[key]
	if e == nil || e.nodes != nodes || e.links != links || e.fabrics != fabrics {
		e = &memoEntry{nodes: nodes, links: links, fabrics: fabrics}
		c.memo[key] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.value = compute() })
	v, _ := e.value.(T) // a nil interface value (a nil error) is T's zero
	return v
}
