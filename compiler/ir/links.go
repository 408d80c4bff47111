package ir

import (
	"iter"
	"slices"
	"sort"
)

// linkStore holds a graph's links by id. Most links of a large design
// are server internals (NVLink, PCIe, inter-socket links), the same in
// every server of one node model but for their node ids: at 131,072
// GPUs, 967,000 of 1.36 million links. Those are kept once per run of
// servers stamped one after another from one template (linkRun) and
// built when read; the other links, fabric links mostly, are kept one
// by one in flat (issue 16). Ids are the same as if every link were
// kept one by one, so every artifact is unchanged.
type linkStore struct {
	// flat holds the links of no run, in id order.
	flat []Link
	// runs are the instanced runs, in id order.
	runs []linkRun
	// inRuns is the number of links in runs.
	inRuns int
	// flatFrom is the end of the last run: links from it on are
	// flat[id − flatShift], flatShift = inRuns (Link's fast path, kept
	// within the compiler's inlining budget).
	flatFrom, flatShift LinkID
	// templates numbers the distinct templates of runs, by the address
	// of their first link (a template is one slice, never changed):
	// a node group's servers are split into several runs where other
	// links were added between them, and are still one template
	// (StampOf).
	templates map[*Link]int32
}

// linkRun is count instances of one template's links, with consecutive
// ids from first: instance i's links are tmpl's with stride·i + node0
// added to both ends' node ids and origin as their Origin. Its servers'
// nodes are consecutive too, stride nodes each (compiler.stamp).
type linkRun struct {
	first LinkID
	// flatBefore is the number of flat links whose ids are below first.
	flatBefore int
	tmpl       []Link
	// template is the template's number among the store's (templates).
	template int32
	count    int
	node0    NodeID
	stride   NodeID
	origin   OriginID
}

// end returns the id after the run's last link.
func (r *linkRun) end() LinkID { return r.first + LinkID(r.count*len(r.tmpl)) }

// at returns the run's link id, which it must hold. Link ids are
// int32, so 32-bit division serves, which x86-64 does in fewer cycles
// than 64-bit division.
func (r *linkRun) at(id LinkID) Link {
	k, n := uint32(id-r.first), uint32(len(r.tmpl))
	inst, j := k/n, k%n
	return r.instance(int(inst), int(j))
}

// instance returns link j of instance inst.
func (r *linkRun) instance(inst, j int) Link {
	l := r.tmpl[j]
	base := r.node0 + NodeID(inst)*r.stride
	l.A.Node += base
	l.B.Node += base
	l.Origin = r.origin
	return l
}

// NumLinks returns the number of links; link ids run from 0 to
// NumLinks()-1.
func (g *Graph) NumLinks() int { return len(g.links.flat) + g.links.inRuns }

// Link returns link id by value. It panics if id is out of range, as an
// index would. A fabric link (after the last server) is one index; a
// server's internal link is found among the graph's runs (one per node
// group, usually) and built from its template.
func (g *Graph) Link(id LinkID) Link {
	if id >= g.links.flatFrom {
		return g.links.flat[id-g.links.flatShift]
	}
	return g.links.slow(id)
}

// slow returns link id, which lies below the end of the last run.
// A design has a run per node group, usually a handful, so a scan
// from the last beats a binary search up to a few dozen.
func (s *linkStore) slow(id LinkID) Link {
	k := len(s.runs) - 1
	if k > 32 {
		k = sort.Search(len(s.runs), func(i int) bool { return s.runs[i].first > id }) - 1
	} else {
		for k >= 0 && s.runs[k].first > id {
			k--
		}
	}
	if k < 0 {
		return s.flat[id]
	}
	r := &s.runs[k]
	if id < r.end() {
		return r.at(id)
	}
	return s.flat[r.flatBefore+int(id-r.end())]
}

// AllLinks yields every link with its id, in id order.
func (g *Graph) AllLinks() iter.Seq2[LinkID, Link] { return g.linksWhere(false) }

// AllFabricLinks yields every link on a fabric (Fabric != None) with its
// id, in id order: AllLinks without the links of no fabric. A run of a
// server template none of whose links is on a fabric (PCIe, NVLink and
// CPU links inside a server, most of a large design's links) is skipped
// without building its links.
func (g *Graph) AllFabricLinks() iter.Seq2[LinkID, Link] { return g.linksWhere(true) }

// linksWhere yields every link, or with fabricOnly every link on a
// fabric, with its id, in id order.
func (g *Graph) linksWhere(fabricOnly bool) iter.Seq2[LinkID, Link] {
	return func(yield func(LinkID, Link) bool) {
		s := &g.links
		id, next := LinkID(0), 0
		// flatTo yields the flat links up to id end.
		flatTo := func(end LinkID) bool {
			for ; id < end; id++ {
				if l := s.flat[next]; (!fabricOnly || l.Fabric != None) && !yield(id, l) {
					return false
				}
				next++
			}
			return true
		}
		for k := range s.runs {
			r := &s.runs[k]
			if !flatTo(r.first) {
				return
			}
			if !fabricOnly || slices.ContainsFunc(r.tmpl, func(l Link) bool { return l.Fabric != None }) {
				for inst := range r.count {
					for j := range r.tmpl {
						if (!fabricOnly || r.tmpl[j].Fabric != None) && !yield(r.first+LinkID(inst*len(r.tmpl)+j), r.instance(inst, j)) {
							return
						}
					}
				}
			}
			id = r.end()
		}
		flatTo(LinkID(g.NumLinks()))
	}
}

// eachSpan calls flat for every link kept one by one, with its id, and
// run for every run of a template's instances, in id order: a pass that
// reads a few fields of every link (its fabric, its ends' nodes) reads a
// server's internal links from the run's template instead of building
// each one (AllLinks), which at 131,072 GPUs is 967,000 links.
func (s *linkStore) eachSpan(flat func(id LinkID, l *Link), run func(r *linkRun)) {
	id, next := LinkID(0), 0
	flatTo := func(end LinkID) {
		for ; id < end; id++ {
			flat(id, &s.flat[next])
			next++
		}
	}
	for k := range s.runs {
		r := &s.runs[k]
		flatTo(r.first)
		run(r)
		id = r.end()
	}
	flatTo(LinkID(len(s.flat) + s.inRuns))
}

// LinkRef returns link id to change it after it was added (a test that
// breaks a link; no compiler stage does: the cable plan keeps each
// link's cable in its own plan, Cabling.CableOf). Analyzers and
// emitters read links with Link. A server's internal link is kept once
// for all servers of its run, so asking for one keeps every link one by
// one from then on. The membership index and the facts Memo keeps are
// dropped: the graph's sizes do not show the change (a link moved to
// other ports or another fabric).
func (g *Graph) LinkRef(id LinkID) *Link {
	g.forgetIndexes()
	s := &g.links
	if id < s.flatFrom {
		*s = linkStore{flat: g.CopyLinks()}
	}
	return &s.flat[int(id)-s.inRuns]
}

// AddLink appends a link and returns its id. A zero Breakout is stored as 1.
func (g *Graph) AddLink(l Link) LinkID {
	if l.Breakout == 0 {
		l.Breakout = 1
	}
	g.links.flat = append(g.links.flat, l)
	return LinkID(g.NumLinks() - 1)
}

// AddInstance appends the links of one server stamped from a template:
// tmpl's links with base added to both ends' node ids and origin as
// their Origin, tmpl's node ids counting from the server's first node
// (base) and the server taking nodes base to base+nodes-1. Servers
// stamped one after another from one tmpl (the same slice) share one
// run; tmpl must not change afterwards. The links' Breakout must be set
// (AddLink sets it).
func (g *Graph) AddInstance(tmpl []Link, base NodeID, nodes int, origin OriginID) {
	if len(tmpl) == 0 {
		return
	}
	s := &g.links
	if n := len(s.runs); n > 0 {
		r := &s.runs[n-1]
		if int(r.end()) == g.NumLinks() && &r.tmpl[0] == &tmpl[0] && r.origin == origin &&
			r.stride == NodeID(nodes) && r.node0+NodeID(r.count)*r.stride == base {
			r.count++
			s.inRuns += len(tmpl)
			s.flatFrom, s.flatShift = r.end(), LinkID(s.inRuns)
			return
		}
	}
	t, ok := s.templates[&tmpl[0]]
	if !ok {
		if s.templates == nil {
			s.templates = map[*Link]int32{}
		}
		t = int32(len(s.templates))
		s.templates[&tmpl[0]] = t
	}
	s.runs = append(s.runs, linkRun{first: LinkID(g.NumLinks()), flatBefore: len(s.flat), tmpl: tmpl,
		template: t, count: 1, node0: base, stride: NodeID(nodes), origin: origin})
	s.inRuns += len(tmpl)
	s.flatFrom, s.flatShift = s.runs[len(s.runs)-1].end(), LinkID(s.inRuns)
}

// ReserveLinks makes room for n more links kept one by one (AddLink),
// so that adding them does not copy the link array at each doubling
// (millions of links at scale).
func (g *Graph) ReserveLinks(n int) { g.links.flat = slices.Grow(g.links.flat, n) }

// CopyLinks returns a copy of every link, in id order.
func (g *Graph) CopyLinks() []Link {
	out := make([]Link, 0, g.NumLinks())
	for _, l := range g.AllLinks() {
		out = append(out, l)
	}
	return out
}

// SetLinks makes links the graph's links, by id (the slice is not
// copied): for tools and tests that assemble a graph from parts.
func (g *Graph) SetLinks(links []Link) { g.links = linkStore{flat: links} }

// keptLinks returns g's links for which alive holds, in id order,
// renumbered from 0 as a store of their own with room for extra more:
// a server whose links all stay is still kept once for its run. It sets
// newID[id] to each link's new id, -1 for a link not kept, where newID
// is not nil (g.NumLinks() long).
func (g *Graph) keptLinks(alive func(LinkID, Link) bool, extra int, newID []int32) linkStore {
	r := &Graph{}
	s := &g.links
	r.links.flat = make([]Link, 0, len(s.flat)+extra)
	id, flat := LinkID(0), 0
	next := int32(0) // the next new id
	keep := func(old LinkID, kept bool) {
		if newID != nil {
			newID[old] = -1
			if kept {
				newID[old] = next
			}
		}
		if kept {
			next++
		}
	}
	flatTo := func(end LinkID) {
		for ; id < end; id++ {
			l := s.flat[flat]
			ok := alive(id, l)
			if ok {
				r.links.flat = append(r.links.flat, l)
			}
			keep(id, ok)
			flat++
		}
	}
	for k := range s.runs {
		run := &s.runs[k]
		flatTo(run.first)
		for inst := range run.count {
			all := true
			for j := range run.tmpl {
				if !alive(id+LinkID(j), run.instance(inst, j)) {
					all = false
					break
				}
			}
			if all {
				r.AddInstance(run.tmpl, run.node0+NodeID(inst)*run.stride, int(run.stride), run.origin)
				for j := range run.tmpl {
					keep(id+LinkID(j), true)
				}
			} else {
				for j := range run.tmpl {
					l := run.instance(inst, j)
					ok := alive(id+LinkID(j), l)
					if ok {
						r.links.flat = append(r.links.flat, l)
					}
					keep(id+LinkID(j), ok)
				}
			}
			id += LinkID(len(run.tmpl))
		}
	}
	flatTo(LinkID(g.NumLinks()))
	return r.links
}
