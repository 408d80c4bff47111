package bisection

import (
	"slices"

	"github.com/topoc/topoc/compiler/ir"
)

// linkSet is a set of link ids of one graph, one bit per id from the
// least to the greatest it holds: a fabric's links lie close together
// in the graph's ids, so a set costs about its fabric's links, not the
// graph's (a design of 4,000 small fabrics kept 94 MB of sets sized to
// the graph; testdata/bad/many-fabrics). nil is the absent set.
type linkSet struct {
	base  ir.LinkID // the id of bit 0 of words[0]
	words []uint64
}

// linkSetOf returns the set of ids, which it sorts.
func linkSetOf(ids []ir.LinkID) *linkSet {
	s := &linkSet{}
	if len(ids) == 0 {
		return s
	}
	lo, hi := slices.Min(ids), slices.Max(ids)
	s.base = lo &^ 63
	s.words = make([]uint64, (hi-s.base)/64+1)
	for _, id := range ids {
		d := id - s.base
		s.words[d/64] |= 1 << (uint(d) % 64)
	}
	return s
}

// has reports whether id is in the set.
func (s *linkSet) has(id ir.LinkID) bool {
	d := id - s.base
	w := int(d / 64)
	return d >= 0 && w < len(s.words) && s.words[w]&(1<<(uint(d)%64)) != 0
}
