package ir

import (
	"slices"
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

// interner holds interned values of type T by a string key: a name, or
// a fabric list's bytes. Both views are read without a lock and
// replaced whole, under mu, when a value is added (a design has a few
// dozen, so copying the map then costs nothing, while the generators
// intern a value per node): ids maps a key to its index, vals lists the
// values by index. Index 0 is the zero value, under the empty key.
type interner[T any] struct {
	mu   sync.Mutex
	ids  atomic.Pointer[map[string]uint32]
	vals atomic.Pointer[[]T]
}

// newInterner returns an interner holding only the zero value, at 0.
func newInterner[T any]() *interner[T] {
	t := &interner[T]{}
	var zero T
	ids, vals := map[string]uint32{"": 0}, []T{zero}
	t.ids.Store(&ids)
	t.vals.Store(&vals)
	return t
}

// intern returns the index of key, adding value() under it on first use.
func (t *interner[T]) intern(key string, value func() T) uint32 {
	if i, ok := (*t.ids.Load())[key]; ok {
		return i
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	old := *t.ids.Load()
	if i, ok := old[key]; ok {
		return i
	}
	vals := append(*t.vals.Load(), value())
	i := uint32(len(vals) - 1)
	ids := make(map[string]uint32, len(old)+1)
	for k, v := range old {
		ids[k] = v
	}
	ids[key] = i
	t.vals.Store(&vals) // before ids: an index read from ids always has its value
	t.ids.Store(&ids)
	return i
}

// at returns the value at index i.
func (t *interner[T]) at(i uint32) T { return (*t.vals.Load())[i] }

// symbols is the process's table of names. It only grows: a
// long-running process keeps the names of every design it compiled (a
// few kilobytes).
var symbols = newInterner[string]()

// internSym returns the sym of name, adding it on first use.
func internSym(name string) sym {
	return sym(symbols.intern(name, func() string { return name }))
}

// name returns the interned name.
func (s sym) name() string { return symbols.at(uint32(s)) }

// fabList is an interned list of fabrics (a node's FabricIDs), 0 for
// none: 4 bytes against a slice header's 24 and a list of its own per
// node (a design has a handful of distinct lists).
type fabList uint32

// fabLists is the process's table of fabric lists; each is clipped, so
// that appending to one never writes into the table.
var fabLists = newInterner[[]FabricID]()

// internFabrics returns the fabList of fs (copied).
func internFabrics(fs []FabricID) fabList {
	if len(fs) == 0 {
		return 0
	}
	var buf [16]byte // a node is in one fabric, or a few
	key := buf[:0]
	for _, f := range fs {
		key = append(key, byte(f), byte(f>>8), byte(f>>16), byte(f>>24))
	}
	// The lookup with the key converted in the index expression does not
	// allocate (the generators join a fabric per node).
	if i, ok := (*fabLists.ids.Load())[string(key)]; ok {
		return fabList(i)
	}
	return fabList(fabLists.intern(string(key), func() []FabricID { return slices.Clip(slices.Clone(fs)) }))
}

// FabricIDs returns the fabrics the node belongs to, in FabricID order
// (JoinFabric keeps it so). The slice is shared: callers must not
// modify it.
func (n *Node) FabricIDs() []FabricID { return fabLists.at(uint32(n.fabrics)) }

// SetFabrics sets the fabrics the node belongs to (fs is copied).
func (n *Node) SetFabrics(fs []FabricID) { n.fabrics = internFabrics(fs) }

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
