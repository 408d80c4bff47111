package checks

import (
	"fmt"
	"slices"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// maxPieceSets bounds the distinct sets of pieces checkEndpointRelay
// compares pairwise (a bound on the check's work, not a modelling value:
// a multi-plane or rail fabric has one set, and a design that reaches
// this many is left to the analyses).
const maxPieceSets = 1024

// checkEndpointRelay reports a connected fabric whose pieces are joined
// only through endpoints with ports in several of them, so that two
// endpoints share no piece: no endpoint forwards between its own ports
// (trial 57: two leaf–spine meshes joined by one dual-homed host passed,
// with an end to end of 2:1 and a bisection that relayed through the
// host). Pieces are the switches joined by switch–switch links; each
// endpoint is in the pieces its links reach. The planes of a multi-plane
// fabric pass, since every endpoint has a port in each. Fabrics with
// server transit (their servers do forward, and checkConnected joined
// them), and fabrics with a link between two endpoints or through a node
// that is neither (a direct network of hosts), are not judged.
func (s *checker) checkEndpointRelay(v *fabricView, sc *checkScratch) {
	g := s.g
	fab := &g.Fabrics[v.f]
	if fab.Transit != 0 || len(fab.Endpoints) < 2 || len(v.direct) > 0 {
		return
	}
	isEP := ir.NewNodeMap[bool](g, len(fab.Endpoints), false)
	for _, p := range fab.Endpoints {
		isEP.Set(p.Node, true)
	}
	for _, e := range v.edges {
		if !isEP.Get(e.ep) {
			return
		}
	}
	find := v.switchPieces(sc)
	// One piece of switches (most fabrics): every endpoint shares it. A
	// switch link's ends share a piece, so one end of each is enough.
	one, root := true, int32(-1)
	same := func(n ir.NodeID) {
		if r := find(int32(n)); root < 0 {
			root = r
		} else if r != root {
			one = false
		}
	}
	for _, e := range v.edges {
		same(e.sw)
	}
	for _, l := range v.sw {
		same(l.a)
	}
	if one {
		return
	}
	pieces := map[ir.NodeID][]int32{} // endpoint node → roots of the pieces it reaches
	var order []ir.NodeID
	for _, e := range v.edges {
		if _, seen := pieces[e.ep]; !seen {
			order = append(order, e.ep)
		}
		if r := find(int32(e.sw)); !slices.Contains(pieces[e.ep], r) {
			pieces[e.ep] = append(pieces[e.ep], r)
		}
	}
	type pieceSet struct {
		roots []int32
		first ir.NodeID
	}
	var sets []pieceSet
	index := map[string]int{}
	relays := []ir.NodeID{}
	for _, e := range order {
		rs := pieces[e]
		slices.Sort(rs)
		if len(rs) > 1 {
			relays = append(relays, e)
		}
		key := fmt.Sprint(rs)
		if _, ok := index[key]; !ok {
			index[key] = len(sets)
			sets = append(sets, pieceSet{roots: rs, first: e})
		}
	}
	if len(sets) < 2 || len(sets) > maxPieceSets || len(relays) == 0 {
		return
	}
	for i := range sets {
		for j := i + 1; j < len(sets); j++ {
			if slices.ContainsFunc(sets[i].roots, func(r int32) bool { return slices.Contains(sets[j].roots, r) }) {
				continue
			}
			a, b := &g.Nodes[sets[i].first], &g.Nodes[sets[j].first]
			at := g.Range(b.Origin)
			if fab.Family != ir.FamilyCustom {
				at = g.Range(fab.Origin)
			}
			var names []string
			for _, r := range relays[:min(len(relays), 3)] {
				names = append(names, g.Nodes[r].Name)
			}
			more := ""
			if len(relays) > 3 {
				more = fmt.Sprintf(" and %d more", len(relays)-3)
			}
			s.diags = append(s.diags, diag.Error(diag.Disconnected, at, "Fabric joined only through endpoints",
				fmt.Sprintf("Fabric %q is in one piece only through endpoints with ports in several of its switch pieces (%s%s), and an endpoint does not forward between its ports: %s and %s share no piece, so nothing routes between them. Cable the pieces together switch to switch, or give every endpoint a port in each piece, as the planes of a multi-plane fabric are.",
					fab.Name, strings.Join(names, ", "), more, a.Name, b.Name)))
			return
		}
	}
}
