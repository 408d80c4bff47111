package bisection

import "github.com/topoc/topoc/compiler/ir"

// linkSet is a set of link ids of one graph, one bit per link (a
// 3,194,880-link design takes 390 KiB).
type linkSet []uint64

// newLinkSet returns an empty set for a graph of n links.
func newLinkSet(n int) linkSet { return make(linkSet, (n+63)/64) }

// add puts id in the set.
func (s linkSet) add(id ir.LinkID) { s[id/64] |= 1 << (uint(id) % 64) }

// has reports whether id is in the set; ids beyond the set's graph are
// not.
func (s linkSet) has(id ir.LinkID) bool {
	w := int(id / 64)
	return id >= 0 && w < len(s) && s[w]&(1<<(uint(id)%64)) != 0
}
