package ir

import (
	"iter"
	"slices"
)

// NumLinks returns the number of links; link ids run from 0 to
// NumLinks()-1.
func (g *Graph) NumLinks() int { return len(g.links) }

// Link returns link id by value. It panics if id is out of range, as an
// index would.
func (g *Graph) Link(id LinkID) Link { return g.links[id] }

// AllLinks yields every link with its id, in id order.
func (g *Graph) AllLinks() iter.Seq2[LinkID, Link] {
	return func(yield func(LinkID, Link) bool) {
		for i := range g.links {
			if !yield(LinkID(i), g.links[i]) {
				return
			}
		}
	}
}

// LinkRef returns link id for the compiler stages that change a link
// after it was added (cable planning sets Cable and LengthM). Analyzers
// and emitters read links with Link.
func (g *Graph) LinkRef(id LinkID) *Link { return &g.links[id] }

// ReserveLinks makes room for n more links, so that adding them does
// not copy the link array at each doubling (millions of links at scale).
func (g *Graph) ReserveLinks(n int) { g.links = slices.Grow(g.links, n) }

// CopyLinks returns a copy of every link, in id order (a server
// template's links, copied at each server; compiler.stamp).
func (g *Graph) CopyLinks() []Link { return slices.Clone(g.links) }

// SetLinks makes links the graph's links, by id (the slice is not
// copied): for tools and tests that assemble a graph from parts.
func (g *Graph) SetLinks(links []Link) { g.links = links }
