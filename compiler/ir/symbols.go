package ir

import (
	"encoding/binary"
	"slices"
	"sync"
	"sync/atomic"
)

// class is an interned nodeClass: a node's model, role, tier and unit
// names, of which a design has a few dozen combinations, repeated over
// hundreds of thousands of nodes (545,863 at 131,072 GPUs). 0 is the
// class of four empty names. One index of 4 bytes stands for four
// string headers of 16, and holds no pointer, so the collector does not
// scan it: at 131,072 GPUs the four names as strings came to 35 MB of
// the node array, and as four indices of their own to 8.7 MB, 16 bytes
// a node more than this one index. A smaller node is also fewer cache
// lines for every analysis that walks the nodes: 16 bytes more per
// node cost `topoc check` of the 131k example about 0.1 s of CPU and
// 20 MB (measured 2026-12-07 by padding Node, on a shared machine). unique.Handle (the standard
// library's interning) is 8 bytes and a pointer, which keeps both
// costs; hence a table of our own. Classes are numbered in the order
// first interned, which differs between runs with the order of work,
// so nothing may sort or hash by a class: compare and order by the
// names.
type class uint32

// nodeClass is the names a class stands for (Node's doc comment says
// what each holds).
type nodeClass struct {
	model, role, tier, unit string
}

// interner holds interned values of type T by a string key: a node
// class's names, or a fabric list's bytes. Both views are read without a lock and
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

// classes is the process's table of node classes. It only grows: a
// long-running process keeps the classes of every design it compiled
// (a few kilobytes).
var classes = newInterner[nodeClass]()

// internClass returns the class of c, adding it on first use.
func internClass(c nodeClass) class {
	if c == (nodeClass{}) {
		return 0 // the interner's zero value, under the empty key
	}
	// The key is each name behind its length, so that no name's bytes
	// can be mistaken for a separator.
	var buf [128]byte
	key := buf[:0]
	for _, name := range [4]string{c.model, c.role, c.tier, c.unit} {
		key = binary.AppendUvarint(key, uint64(len(name)))
		key = append(key, name...)
	}
	// The lookup with the key converted in the index expression does not
	// allocate.
	if i, ok := (*classes.ids.Load())[string(key)]; ok {
		return class(i)
	}
	return class(classes.intern(string(key), func() nodeClass { return c }))
}

// names returns the names class c stands for, shared with the table:
// callers must not modify them.
func (c class) names() *nodeClass { return &(*classes.vals.Load())[c] }

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
func (n *Node) ModelName() string { return n.class.names().model }

// RoleName returns the node's role (Node's doc comment lists them).
func (n *Node) RoleName() Role { return Role(n.class.names().role) }

// TierName returns the node's switching tier in its fabric's own words
// ("leaf", "spine", "router"), or "" for a node that is no switch.
func (n *Node) TierName() string { return n.class.names().tier }

// UnitName returns the node's structural unit kind ("pod", "su",
// "group", "rack", "node"), or "".
func (n *Node) UnitName() string { return n.class.names().unit }

// SetModel sets the node's catalogue model name.
func (n *Node) SetModel(name string) { n.reclass(func(c *nodeClass) { c.model = name }) }

// SetRole sets the node's role.
func (n *Node) SetRole(r Role) { n.reclass(func(c *nodeClass) { c.role = string(r) }) }

// SetTier sets the node's switching tier.
func (n *Node) SetTier(name string) { n.reclass(func(c *nodeClass) { c.tier = name }) }

// SetUnit sets the node's structural unit kind.
func (n *Node) SetUnit(name string) { n.reclass(func(c *nodeClass) { c.unit = name }) }

// reclass gives the node the class of its names changed by set.
func (n *Node) reclass(set func(*nodeClass)) {
	c := *n.class.names()
	set(&c)
	n.class = internClass(c)
}
