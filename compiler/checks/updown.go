package checks

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// Up/down checks for tiered fabrics (Clos, fat-tree, custom fabrics whose
// switches name tiers). A tiered fabric is routed up*/down*: a packet
// climbs to a switch that is an ancestor of both ends and descends (ECMP
// over eBGP in a leaf-spine, RFC 7938 §5; the ftree and updn engines of
// InfiniBand's OpenSM). Two lowest-tier switches that share no ancestor
// then have no route at all, however well connected the graph is, and a
// lower switch whose uplinks favour some upper switches gives its
// endpoints less capacity towards the others.

// maxAncestorClasses caps the distinct top-ancestor sets of lowest-tier
// switches compared pairwise (4,096² / 2 ≈ 8.4 million set intersections).
// Real Clos fabrics have one class per pod or a handful; a design past the
// cap is left unchecked rather than slowing `check` down, and the
// diagnostic-free result is then not a proof, which docs/diagnostics.md
// ("no-common-ancestor") says.
const maxAncestorClasses = 4096

// tierRanks returns the rank of each of the fabric's tiers, bottom first.
func tierRanks(tiers []string) map[string]int {
	rank := make(map[string]int, len(tiers))
	for i, t := range tiers {
		rank[t] = i
	}
	return rank
}

// bitset is a set of small integers.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }
func (b bitset) set(i int)   { b[i/64] |= 1 << (i % 64) }
func (b bitset) or(c bitset) {
	for i := range b {
		b[i] |= c[i]
	}
}
func (b bitset) meets(c bitset) bool {
	for i := range b {
		if b[i]&c[i] != 0 {
			return true
		}
	}
	return false
}
func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// key is the set as a map key, prefixed by piece: its words' bytes (a
// fat-tree of k = 160 has 12,800 edge switches over 6,400 cores, and
// formatting every word as hex cost 0.3 s).
func (b bitset) key(piece int32) string {
	buf := binary.LittleEndian.AppendUint32(make([]byte, 0, 4+8*len(b)), uint32(piece))
	for _, w := range b {
		buf = binary.LittleEndian.AppendUint64(buf, w)
	}
	return string(buf)
}

// checkCommonAncestor reports lowest-tier switches of one connected
// fabric that share no switch above them: under up/down routing their
// endpoints cannot reach each other. It names the first such pair in
// node order and counts the pairs.
func (s *checker) checkCommonAncestor(f ir.FabricID, members []ir.NodeID, links, sw []ir.LinkID, sc *checkScratch) {
	g := s.g
	tiers := g.Fabrics[f].Tiers
	if len(tiers) < 2 || g.Fabrics[f].Composite() || g.Fabrics[f].Family == ir.FamilyDragonfly {
		return
	}
	rank := tierRanks(tiers)
	top := map[ir.NodeID]int{}
	var byRank = make([][]ir.NodeID, len(tiers))
	for _, m := range members {
		n := &g.Nodes[m]
		if r, ok := rank[n.TierName()]; ok && n.Kind.IsSwitch() {
			byRank[r] = append(byRank[r], m)
		}
	}
	// Top-ancestor sets, from the top tier down: a switch with no uplink
	// is its own top (checkUplinks reports it when it should have one).
	ups := map[ir.NodeID][]ir.NodeID{}
	for _, id := range sw {
		l := g.Link(id)
		a, b := &g.Nodes[l.A.Node], &g.Nodes[l.B.Node]
		ra, okA := rank[a.TierName()]
		rb, okB := rank[b.TierName()]
		if !okA || !okB || ra == rb {
			continue
		}
		if ra < rb {
			ups[l.A.Node] = append(ups[l.A.Node], l.B.Node)
		} else {
			ups[l.B.Node] = append(ups[l.B.Node], l.A.Node)
		}
	}
	for r := len(tiers) - 1; r >= 0; r-- {
		for _, m := range byRank[r] {
			if len(ups[m]) == 0 {
				top[m] = len(top)
			}
		}
	}
	if len(top) < 2 {
		return
	}
	anc := map[ir.NodeID]bitset{}
	for r := len(tiers) - 1; r >= 0; r-- {
		for _, m := range byRank[r] {
			b := newBitset(len(top))
			if i, ok := top[m]; ok {
				b.set(i)
			}
			for _, u := range ups[m] {
				if ub, ok := anc[u]; ok {
					b.or(ub)
				}
			}
			anc[m] = b
		}
	}
	// Classes of lowest-tier switches with endpoints below them, by
	// ancestor set and connected piece (pieces apart are `disconnected`).
	find := unionFind(g, members, sw, sc.parent)
	// Switches with a link down to an endpoint, marked in the scratch
	// array (false everywhere between checks; cleared on return).
	hasDown := sc.hasDown
	var marked []ir.NodeID
	defer func() {
		for _, m := range marked {
			hasDown[m] = false
		}
	}()
	for _, id := range links {
		l := g.Link(id)
		a, b := &g.Nodes[l.A.Node], &g.Nodes[l.B.Node]
		if a.Kind.IsSwitch() != b.Kind.IsSwitch() {
			x := l.B.Node
			if a.Kind.IsSwitch() {
				x = l.A.Node
			}
			if !hasDown[x] {
				hasDown[x] = true
				marked = append(marked, x)
			}
		}
	}
	type class struct {
		set     bitset
		piece   int32
		members []ir.NodeID
	}
	var classes []*class
	byKey := map[string]*class{}
	for r := range byRank {
		for _, m := range byRank[r] {
			if !hasDown[m] {
				continue
			}
			k := anc[m].key(find(int32(m)))
			c := byKey[k]
			if c == nil {
				c = &class{set: anc[m], piece: find(int32(m))}
				byKey[k] = c
				classes = append(classes, c)
			}
			c.members = append(c.members, m)
		}
	}
	if len(classes) < 2 {
		return
	}
	if len(classes) > maxAncestorClasses {
		a := &g.Nodes[classes[0].members[0]]
		s.diags = append(s.diags, diag.Warning(diag.CheckSkipped, g.Range(a.Origin), "Up/down reachability not checked",
			fmt.Sprintf("In fabric %q, the %s switches fall into %s classes by the top switches they reach, more than the %s topoc compares pairwise, so whether every pair shares a switch above (no-common-ancestor) was not checked. Real Clos fabrics have a class per pod or a few; this many usually means a partial mesh: give every %s an uplink to every switch of its group.",
				g.Fabrics[f].Name, a.TierName(), units.Count(len(classes)), units.Count(maxAncestorClasses), a.TierName())))
		return
	}
	pairs, total := 0, 0
	var first [2]ir.NodeID
	found := false
	for i := range classes {
		ni := len(classes[i].members)
		total += ni * (ni - 1) / 2
		for j := i + 1; j < len(classes); j++ {
			if classes[i].piece != classes[j].piece {
				continue
			}
			nj := len(classes[j].members)
			total += ni * nj
			if classes[i].set.meets(classes[j].set) {
				continue
			}
			pairs += ni * nj
			a, b := classes[i].members[0], classes[j].members[0]
			if a > b {
				a, b = b, a
			}
			if !found || a < first[0] || a == first[0] && b < first[1] {
				first, found = [2]ir.NodeID{a, b}, true
			}
		}
	}
	if !found {
		return
	}
	a, b := &g.Nodes[first[0]], &g.Nodes[first[1]]
	above := tiers[len(tiers)-1]
	s.diags = append(s.diags, diag.Error(diag.NoCommonAncestor, g.Range(a.Origin), "Switches share no switch above them",
		fmt.Sprintf("In fabric %q, %s and %s (tier %s) reach %d and %d of the fabric's %d top switches (tier %s) and none in common, so up/down routing (ECMP in a leaf-spine, InfiniBand ftree/updn) has no path between their endpoints; %s of %s such pairs share no upper switch. Other paths (down to a switch and up again, or across one tier) are not up/down routes. Give every lower switch an uplink to every upper switch of its group (up ≥ the upper count), or add a tier above.",
			g.Fabrics[f].Name, a.Name, b.Name, a.TierName(), anc[first[0]].count(), anc[first[1]].count(), len(top), above, units.Count(pairs), units.Count(total))))
}

// checkPerSwitchStriping reports, per pair of adjacent tiers, lower
// switches whose uplinks are spread unevenly over the upper switches they
// reach: some get more of its capacity than others, so its endpoints have
// less capacity towards the switches below the rest, and the cut along
// the favoured switches falls below what the totals suggest. The worst
// switch (the largest ratio of most to least capacity to one upper
// switch) is named. Upper switches it does not reach are not counted
// (the spine–core stage of a 3-tier Clos reaches a subset by design;
// pairs that share none are checkCommonAncestor's). Totals that do not divide are the generator's uneven-striping
// warning; this one is per switch, and applies to custom fabrics too.
func (s *checker) checkPerSwitchStriping(f ir.FabricID, sw []ir.LinkID) {
	g := s.g
	tiers := g.Fabrics[f].Tiers
	if len(tiers) < 2 || g.Fabrics[f].Composite() || g.Fabrics[f].Family == ir.FamilyDragonfly || g.Fabrics[f].Family == ir.FamilyFatTree {
		return
	}
	rank := tierRanks(tiers)
	type edge struct {
		lo, up ir.NodeID
		c      float64
	}
	for r := 0; r+1 < len(tiers); r++ {
		if s.uneven(f, r) {
			continue // the generator's uneven-striping warning covers it
		}
		// Capacity from each lower switch to each upper switch it
		// reaches: the links between the two tiers, sorted and merged.
		es := make([]edge, 0, len(sw))
		for _, id := range sw {
			l := g.Link(id)
			a, b := l.A.Node, l.B.Node
			ra, okA := rank[g.Nodes[a].TierName()]
			rb, okB := rank[g.Nodes[b].TierName()]
			if !okA || !okB {
				continue
			}
			if ra == r+1 && rb == r {
				a, b = b, a
			} else if !(ra == r && rb == r+1) {
				continue
			}
			es = append(es, edge{a, b, l.CapacityBPS})
		}
		slices.SortFunc(es, func(x, y edge) int {
			if x.lo != y.lo {
				return int(x.lo - y.lo)
			}
			return int(x.up - y.up)
		})
		var worst ir.NodeID = ir.None
		var wMax, wMin float64
		var wReach, uneven int
		for k := 0; k < len(es); {
			lo := es[k].lo
			mx, mn, reach := 0.0, -1.0, 0
			for k < len(es) && es[k].lo == lo {
				up, c := es[k].up, 0.0
				for k < len(es) && es[k].lo == lo && es[k].up == up {
					c += es[k].c
					k++
				}
				reach++
				mx = max(mx, c)
				if mn < 0 || c < mn {
					mn = c
				}
			}
			if reach < 2 || mx <= mn*(1+1e-9) {
				continue
			}
			uneven++
			// Worst first: the largest ratio, then the most capacity to
			// one switch; ties by node id (switches come in id order).
			if worst == ir.None || mx*wMin > wMax*mn || mx*wMin == wMax*mn && mx > wMax {
				worst, wMax, wMin, wReach = lo, mx, mn, reach
			}
		}
		if worst == ir.None {
			continue
		}
		n := &g.Nodes[worst]
		s.diags = append(s.diags, diag.Warning(diag.UnevenStriping, g.Range(n.Origin), "Uplinks spread unevenly",
			fmt.Sprintf("In fabric %q, %s %s %s %s unevenly over the %s switches %s. The worst, %s, sends %s to some and %s to others of the %d it reaches, so its endpoints have less capacity towards the %s switches it favours least, and a cut along the favoured switches can be far below the totals. Make the uplinks per %s a multiple of the %s count (or the %s count a multiple of the uplinks, with a tier above).",
				g.Fabrics[f].Name, units.Count(uneven), tiers[r], units.Agree(uneven, "switch", "switches"), units.Agree(uneven, "spreads its uplinks", "spread their uplinks"),
				tiers[r+1], units.Agree(uneven, "it reaches", "they reach"), n.Name, units.Rate(wMax), units.Rate(wMin), wReach,
				tiers[r+1], tiers[r], tiers[r+1], tiers[r+1])))
	}
}

// switchLinks returns the links of links that join two switches: planes
// that meet only inside servers are separate routing domains.
func switchLinks(g *ir.Graph, links []ir.LinkID) []ir.LinkID {
	out := make([]ir.LinkID, 0, len(links))
	for _, id := range links {
		l := g.Link(id)
		if g.Nodes[l.A.Node].Kind.IsSwitch() && g.Nodes[l.B.Node].Kind.IsSwitch() {
			out = append(out, id)
		}
	}
	return out
}

// checkEndpointPorts reports a server NIC port that is an endpoint twice:
// of two fabrics (both listing node_group.x.nics.compute), or of one
// fabric twice (two custom links to the same NIC). A port carries one
// cable, so the design asks for a cable that cannot be plugged in; before
// this check each fabric counted the port as its own. Implicit hosts and
// appliances are made per fabric and cannot collide; links on a NIC's
// other ports are not endpoints of this kind and are left to the radix
// check.
func (s *checker) checkEndpointPorts() {
	g := s.g
	seen := map[ir.Port]ir.FabricID{} // endpoint port → the first fabric listing it
	reported := map[ir.NodeID]bool{}
	for fi := range g.Fabrics {
		f := ir.FabricID(fi)
		if g.Fabrics[f].Composite() {
			continue // its members' endpoints, shared by design
		}
		for _, p := range g.Fabrics[f].Endpoints {
			n := &g.Nodes[p.Node]
			if n.Parent == ir.None || p.Port < 0 {
				continue // implicit hosts, appliances, NVLink GPUs (port -1)
			}
			prev, dup := seen[p]
			if !dup {
				seen[p] = f
				continue
			}
			if reported[p.Node] {
				continue
			}
			reported[p.Node] = true
			where := fmt.Sprintf("twice by fabric %q", g.Fabrics[f].Name)
			if prev != f {
				where = fmt.Sprintf("by fabric %q and by fabric %q", g.Fabrics[prev].Name, g.Fabrics[f].Name)
			}
			s.diags = append(s.diags, diag.Error(diag.RadixExceeded, g.Range(g.Fabrics[f].Origin), "NIC port cabled twice",
				fmt.Sprintf("Port %d of %s (%s) is cabled %s, but one port carries one cable. Give each fabric its own NICs: a nic role per fabric in the node_model (node_group.x.nics.compute for one, node_group.x.nics.storage for the other).",
					p.Port, n.Name, orKind(*n), where)))
		}
	}
}
