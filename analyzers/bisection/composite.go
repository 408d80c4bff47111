package bisection

import (
	"maps"
	"math"
	"slices"

	"github.com/topoc/topoc/compiler/ir"
)

// compositeHose returns the composite hose bound (LowerBoundMethod
// "hose_composite") of a composite fabric: members (zones) joined by
// explicit links, each member tiered. It is the uniform
// multicommodity-flow argument (Leighton and Rao, J. ACM 46(6), 1999)
// with a routing built from the members' hose routings instead of
// shortest paths, so it costs one hose routing per member rather than a
// search from every endpoint (quadratic in the endpoints).
//
// Route a demand d between every ordered pair of the n terminals. Inside
// member i (n_i terminals), a pair stays in the member; a pair to member
// j goes to the ends of the links joining i and j, over those links in
// proportion to their capacity (C_ij in all), and on from their far ends
// in member j. So member i carries a matrix whose sources are its
// terminals and the ends of its joining links: a terminal sends and
// receives d·(n − 1); a joining end v, d·Σ_j n_i·n_j·c(v, j)/C_ij, c(v, j)
// the capacity of v's links to member j. Member i's hose routing with
// these as the sources' weights (n − 1 and Σ_j n_i·n_j·c(v, j)/C_ij),
// when every source reaches its top switches alike (hose.go), carries
// any matrix in which each source sends and receives at most θ_i times
// its weight, θ_i the least capacity ÷ up-load over the member's links.
// So the demand fits when d ≤ θ_i for every member, d ≤ θ_c·w(t)/(n − 1)
// for every GPU t behind its server's internal routing (θ_c per unit of
// its injection w(t)), and d ≤ C_ij/(n_i·n_j) for every pair of
// members; and every balanced split then carries at least
// ⌊n/2⌋·⌈n/2⌉·d across, per direction.
//
// Preconditions (else ok is false): every member's hose bound applies
// with its joining ends as sources (proportional up-routing, all
// sources reaching the tops alike: a joining link at a top switch fails
// this), every pair of members with terminals is joined directly, the
// members' terminals are the composite's, and every terminal injects.
// Where the joining links are the thin part (DeepSeek Fire-Flyer 2's
// zones) the bound is the joining capacity, the cut between the zones.
//
// It returns the bound, or 0 and the reason it does not apply.
func (m *model) compositeHose() (float64, string) {
	g := m.g
	members := m.fab.Members
	k := len(members)
	if k < 2 {
		return 0, "it includes fewer than two fabrics"
	}
	memberOf := map[ir.FabricID]int{}
	for i, f := range members {
		memberOf[f] = i
	}
	member := func(n ir.NodeID) int {
		at := -1
		for _, f := range g.Nodes[n].FabricIDs() {
			if i, ok := memberOf[f]; ok {
				if at >= 0 {
					return -1 // in two members: not a member's switch
				}
				at = i
			}
		}
		return at
	}
	// The joining links: the composite's own, between two members.
	capBetween := make([][]float64, k)
	for i := range capBetween {
		capBetween[i] = make([]float64, k)
	}
	ends := make([]map[ir.NodeID][]float64, k) // member → end → capacity to each member
	for i := range ends {
		ends[i] = map[ir.NodeID][]float64{}
	}
	for _, id := range g.FabricLinks(m.fid) {
		l := g.Link(id)
		if l.Fabric != m.fid {
			continue // a member's link
		}
		a, b := member(l.A.Node), member(l.B.Node)
		if a < 0 || b < 0 || a == b {
			return 0, "joining link " + g.Nodes[l.A.Node].Name + "--" + g.Nodes[l.B.Node].Name + " does not join two included fabrics"
		}
		capBetween[a][b] += l.CapacityBPS
		capBetween[b][a] += l.CapacityBPS
		for _, e := range [2]struct {
			n       ir.NodeID
			at, far int
		}{{l.A.Node, a, b}, {l.B.Node, b, a}} {
			c := ends[e.at][e.n]
			if c == nil {
				c = make([]float64, k)
				ends[e.at][e.n] = c
			}
			c[e.far] += l.CapacityBPS
		}
	}
	n := len(m.terms)
	sizes := make([]float64, k)
	total := 0
	d := math.Inf(1)
	models := make([]*model, k)
	for i, f := range members {
		mm := newModel(g, f, m.view)
		models[i] = mm
		sizes[i] = float64(len(mm.terms))
		total += len(mm.terms)
	}
	if total != n || n < 2 || !m.sameTerminals(models) {
		return 0, "the included fabrics' endpoints are not the composite's, each once (a server with NICs in two zones joins them inside itself, or an included fabric counts a server as one endpoint where the composite counts its NICs)"
	}
	for i := range members {
		for j := range members {
			if i == j || sizes[i] == 0 || sizes[j] == 0 {
				continue
			}
			if capBetween[i][j] == 0 {
				return 0, "fabrics " + g.Fabrics[members[i]].Name + " and " + g.Fabrics[members[j]].Name + " are joined only through another" // not modelled
			}
			d = math.Min(d, capBetween[i][j]/(sizes[i]*sizes[j]))
		}
	}
	for i, mm := range models {
		if sizes[i] == 0 {
			continue
		}
		// Sources weighted by what they send per unit of d: n − 1 for a
		// terminal, the joining traffic for a joining end. In node order,
		// so the arithmetic does not depend on map order.
		mm.uniformWeight = float64(n - 1)
		for _, node := range slices.Sorted(maps.Keys(ends[i])) {
			l := 0.0
			for j, x := range ends[i][node] {
				if x > 0 {
					l += sizes[i] * sizes[j] * x / capBetween[i][j]
				}
			}
			mm.extra = append(mm.extra, extraSource{node: node, w: l})
		}
		h := mm.hose()
		switch {
		case !h.ok:
			return 0, "in " + g.Fabrics[members[i]].Name + ", " + h.reason
		case h.rebalanced || h.fabricTheta <= 0:
			return 0, "in " + g.Fabrics[members[i]].Name + ", the endpoints reach the top switches unevenly"
		}
		d = math.Min(d, h.fabricTheta)
		// Inside the servers the routing's θ is per unit of a GPU's
		// injection: a GPU sends d·(n − 1) of its w.
		if !math.IsInf(h.classTheta, 1) {
			for t := range mm.terms {
				if w := mm.terms[t].inj(); mm.terms[t].srv >= 0 && w > 0 {
					d = math.Min(d, h.classTheta*w/float64(n-1))
				}
			}
		}
		for t := range mm.terms {
			if mm.terms[t].inj() <= 0 {
				return 0, m.g.Nodes[mm.terms[t].node].Name + " injects nothing"
			}
		}
	}
	if math.IsInf(d, 1) {
		return 0, "no demand is limited"
	}
	return float64(n/2) * float64((n+1)/2) * d, ""
}

// sameTerminals reports whether the members' terminals are the
// composite's, one to one: a terminal the composite and a member both
// take as it is (a GPU, a NIC, a port) is the same node and port; a
// server a member contracts to one endpoint (a GPU-less server behind
// server transit) stands for exactly one composite terminal among the
// server itself and its endpoint nodes in that member (Fire-Flyer 2's
// storage servers, one NIC in each zone); and every composite terminal
// is some member's. A count that merely adds up is not enough (trial
// 33: a zone with PCIe server transit counted a storage server with both
// its NICs in that zone as one endpoint, the composite its two NICs, and
// the bound came out twice the demand those NICs can carry).
func (m *model) sameTerminals(members []*model) bool {
	type key struct {
		node ir.NodeID
		port int32
	}
	index := make(map[key]int, len(m.terms))
	for i, t := range m.terms {
		index[key{t.node, t.port}] = i
	}
	used := make([]bool, len(m.terms))
	for _, mm := range members {
		// The member's endpoint nodes by server, once (a contracted
		// terminal's candidates), not a scan per terminal.
		byServer := map[ir.NodeID][]ir.NodeID{}
		for _, e := range mm.epNodes {
			if p := mm.g.Nodes[e].Parent; p != ir.None {
				byServer[p] = append(byServer[p], e)
			}
		}
		for _, t := range mm.terms {
			c := -1
			if i, ok := index[key{t.node, t.port}]; ok && m.terms[i].contracted == t.contracted {
				c = i
			}
			if t.contracted && c < 0 {
				// The composite terminals this member's endpoints of the
				// server feed: there must be exactly one.
				for _, e := range byServer[t.node] {
					if i, ok := index[key{e, -1}]; ok && !m.terms[i].contracted && c != i {
						if c >= 0 {
							return false
						}
						c = i
					}
				}
			}
			if c < 0 || used[c] {
				return false
			}
			used[c] = true
		}
	}
	for _, u := range used {
		if !u {
			return false
		}
	}
	return true
}
