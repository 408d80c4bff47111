package resilience

import (
	"fmt"
	"sort"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
)

// twins returns, per node, the representative of its twin class: the
// lowest-id fabric switch with the same labels (kind, model, tier, unit,
// rail, plane, fabrics), the same part in the flow blocks' ends, and the
// same links (the same neighbours, with the same capacities, kinds and
// routing costs, as many of each). Every other node is its
// own representative.
//
// Why this is a proof of symmetry: exchanging two twins x and y (their
// names aside) maps the graph onto itself, capacities, routing costs
// and labels included, and fixes every other node, so every endpoint, GPU and
// workload rank stays where it is. The graph without x is therefore
// isomorphic to the graph without y by a map that fixes every rank, and
// every number this package reports is the same for both. Composing such
// exchanges carries a link (a, x) onto (b, y) whenever a, b and x, y are
// twins. Switches joined to each other are never twins here (each lists
// the other as a neighbour), which only costs evaluations.
func twins(g *ir.Graph, adj ir.Adjacency) []ir.NodeID {
	rep := make([]ir.NodeID, len(g.Nodes))
	first := map[string]ir.NodeID{}
	// A switch that is a flow's end is only a twin of another end of the
	// same flows: the exchange must map each flow onto itself.
	ends := map[ir.NodeID]string{}
	for i, f := range g.Flows {
		for _, n := range f.From {
			ends[n] += fmt.Sprintf("f%d,", i)
		}
		for _, n := range f.To {
			ends[n] += fmt.Sprintf("t%d,", i)
		}
	}
	var nb []string
	for i := range g.Nodes {
		rep[i] = ir.NodeID(i)
		n := &g.Nodes[i]
		if !n.FabricSwitch() {
			continue
		}
		nb = nb[:0]
		for _, id := range adj.Of(ir.NodeID(i)) {
			l := g.Link(id)
			nb = append(nb, fmt.Sprintf("%d/%g/%s/%d/%d/%d", l.Other(ir.NodeID(i)), l.CapacityBPS, l.Kind, l.Fabric, l.Physical(), l.Cost))
		}
		sort.Strings(nb)
		key := fmt.Sprintf("%d|%s|%s|%s|%d|%d|%d|%v|%s|%s", n.Kind, n.Model, n.Tier, n.Unit, n.UnitIndex, n.Rail, n.Plane, n.Fabrics, ends[ir.NodeID(i)], strings.Join(nb, ","))
		if r, ok := first[key]; ok {
			rep[i] = r
		} else {
			first[key] = ir.NodeID(i)
		}
	}
	return rep
}

// orbit is the groups one evaluation stands for.
type orbit struct {
	rep     int   // index of the group evaluated
	members []int // indices of every group of the orbit, rep first
}

// orbits partitions groups into orbits under twin exchanges: a group of
// one switch by the switch's twin class, a group of one link by its ends'
// twin classes (with its capacity, kind and fabric); any other group is
// its own orbit. Orbits come in the order of their first group.
func orbits(g *ir.Graph, rep []ir.NodeID, groups []Group) []orbit {
	var out []orbit
	at := map[string]int{}
	for i, gr := range groups {
		key := ""
		f := gr.Failure
		switch {
		case len(f.Links) == 0 && len(f.Nodes) == 1 && g.Nodes[f.Nodes[0]].FabricSwitch():
			key = fmt.Sprintf("n%d", rep[f.Nodes[0]])
		case len(f.Nodes) == 0 && len(f.Links) == 1:
			l := g.Link(f.Links[0])
			a, b := rep[l.A.Node], rep[l.B.Node]
			if a > b {
				a, b = b, a
			}
			key = fmt.Sprintf("l%d-%d/%g/%s/%d/%d", a, b, l.CapacityBPS, l.Kind, l.Fabric, l.Cost)
		}
		if j, ok := at[key]; ok && key != "" {
			out[j].members = append(out[j].members, i)
			continue
		}
		if key != "" {
			at[key] = len(out)
		}
		out = append(out, orbit{rep: i, members: []int{i}})
	}
	return out
}
