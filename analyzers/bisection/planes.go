package bisection

import (
	"github.com/topoc/topoc/analyzers/internal/unionfind"
	"github.com/topoc/topoc/compiler/ir"
)

// The plane-sum bound (LowerBoundMethod "plane_sum").
//
// A fabric whose switches fall into planes that meet only at the
// endpoints (hosts with one port in each plane, `planes` in a clos of
// implicit hosts) has, for every split of the hosts, a cut that is the
// sum of the cuts of each plane over the same split: every link of the
// fabric has its switch end in exactly one plane, and placing the
// switches of one plane does not change what the others cut. So every
// balanced split costs at least Σ over planes of that plane's bisection
// with the same hosts as terminals (a host with no port in a plane is a
// terminal without links there), and a lower bound of each plane's sums
// to one of the fabric's. Each plane is analyzed on its own, as the
// fabric less every other plane's links, where its own bounds (the hose,
// whole-leaf and others) apply: a dual-plane host fabric whose hose bound
// is held down by the uneven fill of a leaf read 133.3–144 Tb/s, each
// plane 72 Tb/s exact (trial 50).
//
// Preconditions (else no bound): every terminal a host of its own (a
// vertex in the fabric graph with links only to switches: not the GPUs
// of servers, whose internals join the planes); at least two planes.

// planeSum returns the plane-sum bound (bits per second per direction)
// and the same sum of the planes' bounds under up/down routing (0 where a
// plane has none); ok is false where a precondition fails. Under up/down
// routing the sum holds too: a host is a vertex of rank 0, so a path may
// not climb again after descending to one, and no flow passes from one
// plane to another.
func (m *model) planeSum(opt Options) (graph, routed float64, ok bool) {
	if len(m.terms) < 2 || m.direct() {
		return 0, 0, false
	}
	fa := m.build(modeFabric)
	fg := fa.fg
	isTerm := make([]bool, len(fa.vnode))
	for i := range m.terms {
		v := fa.tv[i]
		if v < 0 || fa.weight[v] != 1 || m.terms[i].srv >= 0 {
			return 0, 0, false
		}
		isTerm[v] = true
	}
	// Planes: the pieces of the graph of switches alone.
	uf := unionfind.New(len(fa.vnode))
	for v := int32(0); v < int32(len(uf)); v++ {
		lo, hi := fg.Arcs(v)
		for x := lo; x < hi; x++ {
			w := fg.Head(x)
			switch {
			case isTerm[v] && isTerm[w]:
				return 0, 0, false // a link between two terminals belongs to no plane
			case !isTerm[v] && !isTerm[w]:
				uf.Union(v, w)
			}
		}
	}
	planeOf := map[int32]int{}
	for v := range uf {
		if !isTerm[v] {
			r := uf.Find(int32(v))
			if _, ok := planeOf[r]; !ok {
				planeOf[r] = len(planeOf)
			}
		}
	}
	if len(planeOf) < 2 {
		return 0, 0, false
	}
	// Each link's plane: that of its switch end (every fabric link has
	// one, no link joins two terminals).
	g := m.g
	nodePlane := map[ir.NodeID]int{}
	for v, node := range fa.vnode {
		if !isTerm[v] {
			nodePlane[node] = planeOf[uf.Find(int32(v))]
		}
	}
	plane := func(l ir.Link) int {
		for _, e := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			if p, ok := nodePlane[e]; ok {
				return p
			}
		}
		return -1
	}
	byPlane := make([][]ir.LinkID, len(planeOf))
	for _, id := range m.fabricLinks {
		p := plane(g.Link(id))
		if p < 0 {
			return 0, 0, false
		}
		byPlane[p] = append(byPlane[p], id)
	}
	routedOK := true
	sub := opt
	sub.noPlaneSum, sub.Splits, sub.KnownLowerBPS, sub.KnownLowerHow = true, nil, 0, ""
	for p := range byPlane {
		var f ir.Failure
		for q, ids := range byPlane {
			if q != p {
				f.Links = append(f.Links, ids...)
			}
		}
		r := g.Residual(f)
		r.Fabrics[m.fid].Endpoints = g.Fabrics[m.fid].Endpoints // every host stays a terminal
		res := Compute(r, m.fid, sub)
		graph += res.LowerBoundBPS
		if res.Routed != nil && res.Routed.Routing == "up_down" {
			routed += res.Routed.LowerBoundBPS
		} else {
			routedOK = false
		}
	}
	if !routedOK {
		routed = 0
	}
	return graph, routed, true
}
