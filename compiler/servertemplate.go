package compiler

import (
	"iter"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
)

// serverTemplate is one node model's server built once (buildTemplate):
// its nodes and links with node ids counted from its host (0), node
// names as suffixes of the server's name ("/gpu3"; "" for the host).
// Every server of the model is a copy of it at its own first node id
// (stamp), so a 16,384-server design works out its model's internals
// once (issue 16).
type serverTemplate struct {
	nodes []ir.Node
	links []ir.Link
	// gpus and nics are the template's GPUs and each role's NICs, which
	// buildTemplate adds one after another.
	gpus idRange
	nics map[string]idRange
	// nameBytes is the length of all node name suffixes together.
	nameBytes int
}

// builtServer is a server while buildTemplate builds it: its host and
// components, by id in the template's graph.
type builtServer struct {
	id   ir.NodeID
	gpus []ir.NodeID
	nics map[string][]ir.NodeID
}

// idRange is n consecutive node ids from first.
type idRange struct {
	first ir.NodeID
	n     int
}

// at returns the range's i-th id.
func (r idRange) at(i int) ir.NodeID { return r.first + ir.NodeID(i) }

// all yields the range's ids with their indices.
func (r idRange) all() iter.Seq2[int, ir.NodeID] {
	return func(yield func(int, ir.NodeID) bool) {
		for i := range r.n {
			if !yield(i, r.at(i)) {
				return
			}
		}
	}
}

// from returns the range moved to a server whose host is at base (the
// template's ids count from its host).
func (r idRange) from(base ir.NodeID) idRange { return idRange{r.first + base, r.n} }

// newTemplate records a server built into g as a template. It panics if
// the GPUs or one role's NICs are not consecutive, which buildTemplate
// guarantees.
func newTemplate(g *ir.Graph, sv builtServer) *serverTemplate {
	t := &serverTemplate{nodes: g.Nodes, links: g.CopyLinks(), gpus: consecutive(sv.gpus), nics: map[string]idRange{}}
	for role, ids := range sv.nics {
		t.nics[role] = consecutive(ids)
	}
	for _, n := range g.Nodes {
		t.nameBytes += len(n.Name)
	}
	return t
}

// consecutive returns ids as a range; they must be consecutive.
func consecutive(ids []ir.NodeID) idRange {
	if len(ids) == 0 {
		return idRange{}
	}
	for i, id := range ids {
		if id != ids[0]+ir.NodeID(i) {
			panic("compiler: a server template's devices of one kind are not consecutive")
		}
	}
	return idRange{ids[0], len(ids)}
}

// stamp adds one server named name, copied from template t: its nodes
// after the graph's last node (so its ids are the template's plus the
// host's), its links after the last link (kept once for the servers
// stamped one after another from t: ir.Graph.AddInstance), each node in
// rack rack (or ir.None) and every node and link with origin origin. The node names
// of one server share one string (one allocation per server instead of
// one per node).
func (s *state) stamp(t *serverTemplate, name string, origin ir.OriginID, rack int) server {
	g := s.g
	base := ir.NodeID(len(g.Nodes))
	var b strings.Builder
	b.Grow(t.nameBytes + len(name)*len(t.nodes))
	for i := range t.nodes {
		b.WriteString(name)
		b.WriteString(t.nodes[i].Name)
	}
	names, at := b.String(), 0
	for i, n := range t.nodes {
		end := at + len(name) + len(n.Name)
		n.Name, at = names[at:end], end
		n.Origin, n.Rack = origin, int32(rack)
		if i > 0 {
			n.Parent = base
		}
		g.Nodes = append(g.Nodes, n)
	}
	g.AddInstance(t.links, base, len(t.nodes), origin)
	return server{id: base, t: t}
}
