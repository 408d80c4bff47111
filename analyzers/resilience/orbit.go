package resilience

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"slices"

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
	ends := map[ir.NodeID][]byte{}
	for i, f := range g.Flows {
		for _, n := range f.From {
			ends[n] = binary.AppendUvarint(ends[n], uint64(2*i))
		}
		for _, n := range f.To {
			ends[n] = binary.AppendUvarint(ends[n], uint64(2*i+1))
		}
	}
	// The key is a byte string, not text: a sweep's switches of a large
	// fabric have hundreds of thousands of links between them.
	type nbr struct {
		other          ir.NodeID
		capacity       float64
		kind           ir.LinkKind
		fabric         ir.FabricID
		physical, cost int32
	}
	var nb []nbr
	var key []byte
	str := func(s string) { key = binary.AppendUvarint(key, uint64(len(s))); key = append(key, s...) }
	num := func(x int64) { key = binary.AppendVarint(key, x) }
	for i := range g.Nodes {
		rep[i] = ir.NodeID(i)
		n := &g.Nodes[i]
		if !n.FabricSwitch() {
			continue
		}
		nb = nb[:0]
		for _, id := range adj.Of(ir.NodeID(i)) {
			l := g.Link(id)
			nb = append(nb, nbr{l.Other(ir.NodeID(i)), l.CapacityBPS, l.Kind, l.Fabric, l.Physical(), l.Cost})
		}
		slices.SortFunc(nb, func(a, b nbr) int {
			return cmp.Or(cmp.Compare(a.other, b.other), cmp.Compare(a.capacity, b.capacity), cmp.Compare(a.kind, b.kind),
				cmp.Compare(a.fabric, b.fabric), cmp.Compare(a.physical, b.physical), cmp.Compare(a.cost, b.cost))
		})
		key = key[:0]
		num(int64(n.Kind))
		str(n.ModelName())
		str(n.TierName())
		str(n.UnitName())
		num(int64(n.UnitIndex))
		num(int64(n.Rail))
		num(int64(n.Plane))
		num(int64(len(n.FabricIDs())))
		for _, f := range n.FabricIDs() {
			num(int64(f))
		}
		e := ends[ir.NodeID(i)]
		num(int64(len(e)))
		key = append(key, e...)
		for _, x := range nb {
			num(int64(x.other))
			key = binary.LittleEndian.AppendUint64(key, math.Float64bits(x.capacity))
			num(int64(x.kind))
			num(int64(x.fabric))
			num(int64(x.physical))
			num(int64(x.cost))
		}
		if r, ok := first[string(key)]; ok {
			rep[i] = r
		} else {
			first[string(key)] = ir.NodeID(i)
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
