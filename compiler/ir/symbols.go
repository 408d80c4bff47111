package ir

import (
	"sync"
	"sync/atomic"
)

// sym is an interned short string: a node's model, role, tier or unit
// name, of which a design has a few dozen, repeated over hundreds of
// thousands of nodes (545,863 at 131,072 GPUs). 0 is "". The index is
// 4 bytes against a string header's 16, and holds no pointer, so the
// collector does not scan it: at 131,072 GPUs the four names came to
// 35 MB of the node array. unique.Handle (the standard library's
// interning) is 8 bytes and a pointer, which keeps both costs; hence a
// table of our own. Symbols are numbered in the order first interned,
// which differs between runs with the order of work, so nothing may
// sort or hash by a sym: compare and order by the name.
type sym uint32

// symbolTable holds every interned name. Both views are read without a
// lock and replaced whole, under mu, when a name is added (a design has
// a few dozen, so copying the map then costs nothing, while the
// generators intern a name per node): ids maps a name to its sym, names
// lists them by sym.
type symbolTable struct {
	mu    sync.Mutex
	ids   atomic.Pointer[map[string]sym]
	names atomic.Pointer[[]string]
}

// symbols is the process's table. It only grows: a long-running
// process keeps the names of every design it compiled (a few kilobytes).
var symbols = func() *symbolTable {
	t := &symbolTable{}
	ids, names := map[string]sym{"": 0}, []string{""}
	t.ids.Store(&ids)
	t.names.Store(&names)
	return t
}()

// internSym returns the sym of name, adding it on first use.
func internSym(name string) sym {
	t := symbols
	if s, ok := (*t.ids.Load())[name]; ok {
		return s
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	old := *t.ids.Load()
	if s, ok := old[name]; ok {
		return s
	}
	names := append(*t.names.Load(), name)
	s := sym(len(names) - 1)
	ids := make(map[string]sym, len(old)+1)
	for k, v := range old {
		ids[k] = v
	}
	ids[name] = s
	t.names.Store(&names) // before ids: a sym read from ids always has its name
	t.ids.Store(&ids)
	return s
}

// name returns the interned name.
func (s sym) name() string { return (*symbols.names.Load())[s] }

// ModelName returns the node's catalogue model name ("QM9700",
// "H100"), or "".
func (n *Node) ModelName() string { return n.model.name() }

// RoleName returns the node's role (Node's doc comment lists them).
func (n *Node) RoleName() Role { return Role(n.role.name()) }

// TierName returns the node's switching tier in its fabric's own words
// ("leaf", "spine", "router"), or "" for a node that is no switch.
func (n *Node) TierName() string { return n.tier.name() }

// UnitName returns the node's structural unit kind ("pod", "su",
// "group", "rack", "node"), or "".
func (n *Node) UnitName() string { return n.unit.name() }

// SetModel sets the node's catalogue model name.
func (n *Node) SetModel(name string) { n.model = internSym(name) }

// SetRole sets the node's role.
func (n *Node) SetRole(r Role) { n.role = internSym(string(r)) }

// SetTier sets the node's switching tier.
func (n *Node) SetTier(name string) { n.tier = internSym(name) }

// SetUnit sets the node's structural unit kind.
func (n *Node) SetUnit(name string) { n.unit = internSym(name) }
