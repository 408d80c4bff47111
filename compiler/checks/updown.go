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

// bitset is a set of small integers kept as its words from the first
// nonzero one, word lo of the whole set, to the last: a core's set is
// its one bit, not the 128 words of a fabric of 8,192 cores, and a
// union reads only its parts' words.
type bitset struct {
	lo    int
	words []uint64
}

// meets reports whether b and c share an integer.
func (b bitset) meets(c bitset) bool {
	lo, hi := max(b.lo, c.lo), min(b.lo+len(b.words), c.lo+len(c.words))
	for i := lo; i < hi; i++ {
		if b.words[i-b.lo]&c.words[i-c.lo] != 0 {
			return true
		}
	}
	return false
}

// count returns the number of integers in b.
func (b bitset) count() int {
	n := 0
	for _, w := range b.words {
		n += bits.OnesCount64(w)
	}
	return n
}

// bitUnion builds bitsets over 0 to n-1 in one array of words, of which
// it clears only those a union set.
type bitUnion struct {
	words  []uint64
	lo, hi int // the words set since the last clear
}

// newBitUnion returns an empty union over 0 to n-1.
func newBitUnion(n int) *bitUnion { return &bitUnion{words: make([]uint64, (n+63)/64)} }

// touch widens the words set to take in word i.
func (u *bitUnion) touch(i int) {
	if u.lo == u.hi {
		u.lo, u.hi = i, i+1
		return
	}
	u.lo, u.hi = min(u.lo, i), max(u.hi, i+1)
}

// set adds i.
func (u *bitUnion) set(i int) {
	u.touch(i / 64)
	u.words[i/64] |= 1 << (i % 64)
}

// or adds b's integers.
func (u *bitUnion) or(b bitset) {
	if len(b.words) == 0 {
		return
	}
	u.touch(b.lo)
	u.touch(b.lo + len(b.words) - 1)
	for i, w := range b.words {
		u.words[b.lo+i] |= w
	}
}

// trimmed returns the union as a bitset over u's own words, valid until
// it is cleared. Its first and last words are nonzero, as set's are and
// those of the bitsets or takes in.
func (u *bitUnion) trimmed() bitset { return bitset{lo: u.lo, words: u.words[u.lo:u.hi]} }

// clear empties the union.
func (u *bitUnion) clear() {
	clear(u.words[u.lo:u.hi])
	u.lo, u.hi = 0, 0
}

// appendKey appends b, as a map key, to buf: its first word's index and
// its words' bytes (a fat-tree of k = 160 has 12,800 edge switches over
// 6,400 cores, and formatting every word as hex cost 0.3 s). Trimmed
// sets are equal exactly when their keys are.
func (b bitset) appendKey(buf []byte) []byte {
	buf = binary.LittleEndian.AppendUint32(buf, uint32(b.lo))
	for _, w := range b.words {
		buf = binary.LittleEndian.AppendUint64(buf, w)
	}
	return buf
}

// checkCommonAncestor reports lowest-tier switches of one connected
// fabric that share no switch above them: under up/down routing their
// endpoints cannot reach each other. It names the first such pair in
// node order and counts the pairs.
func (s *checker) checkCommonAncestor(v *fabricView, t *tierView, sc *checkScratch) {
	g, f := s.g, v.f
	if t == nil || g.Fabrics[f].Family == ir.FamilyDragonfly {
		return
	}
	tiers := t.tiers
	byRank := t.byRank()
	anc, tops := t.topAncestors(byRank)
	if tops < 2 {
		return
	}
	// Classes of lowest-tier switches with endpoints below them, by
	// ancestor set and connected piece (pieces apart are `disconnected`).
	// Only switches are asked their piece, and the switch links join
	// them, so the member switches stand for all the members.
	find := v.switchPieces(sc)
	// class is the switches of one ancestor set and piece: how many, and
	// the first by index (by NodeID: member switches are in NodeID
	// order).
	type class struct {
		set   bitset
		piece int32
		first int32
		n     int
	}
	type classKey struct{ set, piece int32 }
	var classes []*class
	byKey := map[classKey]*class{}
	for r := range byRank {
		for _, m := range byRank[r] {
			if !t.down[m] {
				continue
			}
			piece := find(int32(t.switches[m]))
			k := classKey{anc.of[m], piece}
			c := byKey[k]
			if c == nil {
				c = &class{set: anc.set(m), piece: piece, first: m}
				byKey[k] = c
				classes = append(classes, c)
			}
			c.n++
		}
	}
	if len(classes) < 2 {
		return
	}
	if len(classes) > maxAncestorClasses {
		a := &g.Nodes[t.switches[classes[0].first]]
		s.diags = append(s.diags, diag.Warning(diag.CheckSkipped, g.Range(a.Origin), "Up/down reachability not checked",
			fmt.Sprintf("In fabric %q, the %s switches fall into %s classes by the top switches they reach, more than the %s topoc compares pairwise, so whether every pair shares a switch above (no-common-ancestor) was not checked. Real Clos fabrics have a class per pod or a few; this many usually means a partial mesh: give every %s an uplink to every switch of its group.",
				g.Fabrics[f].Name, a.TierName(), units.Count(len(classes)), units.Count(maxAncestorClasses), a.TierName())))
		return
	}
	pairs, total := 0, 0
	var first [2]int32
	found := false
	for i := range classes {
		ni := classes[i].n
		total += ni * (ni - 1) / 2
		for j := i + 1; j < len(classes); j++ {
			if classes[i].piece != classes[j].piece {
				continue
			}
			nj := classes[j].n
			total += ni * nj
			if classes[i].set.meets(classes[j].set) {
				continue
			}
			pairs += ni * nj
			a, b := classes[i].first, classes[j].first
			if a > b {
				a, b = b, a
			}
			if !found || a < first[0] || a == first[0] && b < first[1] {
				first, found = [2]int32{a, b}, true
			}
		}
	}
	if !found {
		return
	}
	a, b := &g.Nodes[t.switches[first[0]]], &g.Nodes[t.switches[first[1]]]
	above := tiers[len(tiers)-1]
	s.diags = append(s.diags, diag.Error(diag.NoCommonAncestor, g.Range(a.Origin), "Switches share no switch above them",
		fmt.Sprintf("In fabric %q, %s and %s (tier %s) reach %d and %d of the fabric's %d top switches (tier %s) and none in common, so up/down routing (ECMP in a leaf-spine, InfiniBand ftree/updn) has no path between their endpoints; %s of %s such pairs share no upper switch. Other paths (down to a switch and up again, or across one tier) are not up/down routes. Give every lower switch an uplink to every upper switch of its group (up ≥ the upper count), or add a tier above.",
			g.Fabrics[f].Name, a.Name, b.Name, a.TierName(), anc.set(first[0]).count(), anc.set(first[1]).count(), tops, above, units.Count(pairs), units.Count(total))))
}

// ancestorSets is the top switches each switch reaches going up: the
// distinct sets, and each switch's set by index in them (-1 for none).
// Switches of one pod reach one set, so a design has few (8 at
// 1,048,576 GPUs on 8 planes, of 32,768 switches below the top), where
// a bitset per switch took 50 MB and its union over 64 uplinks each
// 0.15 s.
type ancestorSets struct {
	sets []bitset
	of   []int32
}

// set returns switch i's set.
func (a *ancestorSets) set(i int32) bitset { return a.sets[a.of[i]] }

// topAncestors returns the top switches each member switch reaches
// going up (no set for other switches), and how many top switches there
// are: a switch with no uplink is its own top (checkUplinks reports it
// when it should have one). It returns no sets when there are fewer
// than two tops.
func (t *tierView) topAncestors(byRank [][]int32) (*ancestorSets, int) {
	top, tops := t.numberTops(byRank)
	if tops < 2 {
		return nil, tops
	}
	a := &ancestorSets{of: make([]int32, len(t.switches))}
	for i := range a.of {
		a.of[i] = -1
	}
	b := newAncestorBuilder(a, tops)
	// From the top tier down, so that a switch's upper switches have
	// their sets when it takes their union.
	for r := len(byRank) - 1; r >= 0; r-- {
		for _, m := range byRank[r] {
			a.of[m] = b.union(top[m], t.upsOf(int(m)))
		}
	}
	return a, tops
}

// numberTops numbers the switches with no uplink, from the top tier
// down, and returns each switch's number (-1 for the others) and how
// many there are.
func (t *tierView) numberTops(byRank [][]int32) ([]int, int) {
	top, tops := make([]int, len(t.switches)), 0
	for i := range top {
		top[i] = -1
	}
	for r := len(byRank) - 1; r >= 0; r-- {
		for _, m := range byRank[r] {
			if len(t.upsOf(int(m))) == 0 {
				top[m] = tops
				tops++
			}
		}
	}
	return top, tops
}

// ancestorBuilder makes the sets of ancestorSets: a switch's set is the
// union of its own top's and its upper switches' sets, named by those
// (the distinct sets of its uplinks, in link order) so that it is
// computed once for the switches that name it alike, and kept once by
// its content, so that equal sets have one index however they were
// named.
type ancestorBuilder struct {
	a   *ancestorSets
	acc *bitUnion
	// byParts maps the parts of a union to its set; byContent a set's
	// key (bitset.appendKey) to its index.
	byParts, byContent map[string]int32
	// mark holds, by set, the last union that named it; ids lists a
	// union's parts, parts them as a key.
	mark       []int32
	stamp      int32
	ids        []int32
	parts, key []byte
}

// newAncestorBuilder returns a builder of a's sets over tops top switches.
func newAncestorBuilder(a *ancestorSets, tops int) *ancestorBuilder {
	return &ancestorBuilder{a: a, acc: newBitUnion(tops), byParts: map[string]int32{}, byContent: map[string]int32{}}
}

// union returns the index of the set of a switch whose own top is top
// (-1 for none) and whose links up are ups.
func (b *ancestorBuilder) union(top int, ups []upLink) int32 {
	b.stamp++
	b.ids = b.ids[:0]
	b.parts = binary.LittleEndian.AppendUint32(b.parts[:0], uint32(top))
	for _, u := range ups {
		if s := b.a.of[u.up]; s >= 0 && b.mark[s] != b.stamp {
			b.mark[s] = b.stamp
			b.ids = append(b.ids, s)
			b.parts = binary.LittleEndian.AppendUint32(b.parts, uint32(s))
		}
	}
	if s, ok := b.byParts[string(b.parts)]; ok {
		return s
	}
	if top >= 0 {
		b.acc.set(top)
	}
	for _, s := range b.ids {
		b.acc.or(b.a.sets[s])
	}
	set := b.acc.trimmed()
	b.key = set.appendKey(b.key[:0])
	s, ok := b.byContent[string(b.key)]
	if !ok {
		s = int32(len(b.a.sets))
		b.a.sets = append(b.a.sets, bitset{lo: set.lo, words: slices.Clone(set.words)})
		b.mark = append(b.mark, 0)
		b.byContent[string(b.key)] = s
	}
	b.acc.clear()
	b.byParts[string(b.parts)] = s
	return s
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
func (s *checker) checkPerSwitchStriping(f ir.FabricID, t *tierView) {
	g := s.g
	if t == nil || g.Fabrics[f].Family == ir.FamilyDragonfly || g.Fabrics[f].Family == ir.FamilyFatTree {
		return
	}
	stripes := make([]stripe, len(t.tiers)) // by lower tier's rank
	for r := range stripes {
		stripes[r].worst = ir.None
		// the generator's uneven-striping warning covers it
		stripes[r].skip = r+1 < len(t.tiers) && s.uneven(f, r)
	}
	// Lower switches in NodeID order, so that the worst is the first of
	// the largest ratio.
	sp := newSpreader(t)
	for _, lo := range t.inNodeOrder() {
		r := t.rank[lo]
		if r < 0 || int(r)+1 >= len(t.tiers) || stripes[r].skip {
			continue
		}
		mx, mn, reach := sp.spread(lo)
		if reach < 2 || mx <= mn*(1+1e-9) {
			continue
		}
		st := &stripes[r]
		st.uneven++
		// Worst first: the largest ratio, then the most capacity to
		// one switch; ties by node id.
		if st.worst == ir.None || mx*st.min > st.max*mn || mx*st.min == st.max*mn && mx > st.max {
			st.worst, st.max, st.min, st.reach = t.switches[lo], mx, mn, reach
		}
	}
	for r := 0; r+1 < len(t.tiers); r++ {
		if stripes[r].worst != ir.None {
			s.reportStriping(f, t.tiers, r, &stripes[r])
		}
	}
}

// stripe is what checkPerSwitchStriping found between one tier and the
// next: how many switches spread their uplinks unevenly, and the worst
// (ir.None for none), with its most and least capacity to one upper
// switch and how many it reaches. skip is set where the generator
// warned of the tiers' totals.
type stripe struct {
	worst    ir.NodeID
	max, min float64
	reach    int
	uneven   int
	skip     bool
}

// reportStriping reports the uneven striping st between tier r and the
// next of fabric f.
func (s *checker) reportStriping(f ir.FabricID, tiers []string, r int, st *stripe) {
	g := s.g
	n := &g.Nodes[st.worst]
	s.diags = append(s.diags, diag.Warning(diag.UnevenStriping, g.Range(n.Origin), "Uplinks spread unevenly",
		fmt.Sprintf("In fabric %q, %s %s %s %s unevenly over the %s switches %s. The worst, %s, sends %s to some and %s to others of the %d it reaches, so its endpoints have less capacity towards the %s switches it favours least, and a cut along the favoured switches can be far below the totals. Make the uplinks per %s a multiple of the %s count (or the %s count a multiple of the uplinks, with a tier above).",
			g.Fabrics[f].Name, units.Count(st.uneven), tiers[r], units.Agree(st.uneven, "switch", "switches"), units.Agree(st.uneven, "spreads its uplinks", "spread their uplinks"),
			tiers[r+1], units.Agree(st.uneven, "it reaches", "they reach"), n.Name, units.Rate(st.max), units.Rate(st.min), st.reach,
			tiers[r+1], tiers[r], tiers[r+1], tiers[r+1])))
}

// spreader sums a lower switch's capacity to each upper switch of the
// next tier, over their links, in slices it reuses from one lower
// switch to the next (per-switch sorting of every link, or a map per
// switch, cost more than the check).
type spreader struct {
	t *tierView
	// reached lists the upper switches met and caps their capacities;
	// pos holds an upper switch's place in them plus one, by switch
	// index, zero between lower switches.
	reached []int32
	caps    []float64
	pos     []int32
}

func newSpreader(t *tierView) *spreader {
	return &spreader{t: t, pos: make([]int32, len(t.switches))}
}

// spread returns the most and least capacity from switch lo to one
// switch of the tier above its own, and how many of them it reaches.
func (p *spreader) spread(lo int32) (mx, mn float64, reach int) {
	p.reached, p.caps = p.reached[:0], p.caps[:0]
	for _, u := range p.t.upsOf(int(lo)) {
		if p.t.rank[u.up] != p.t.rank[lo]+1 {
			continue
		}
		if p.pos[u.up] == 0 {
			p.reached = append(p.reached, u.up)
			p.caps = append(p.caps, 0)
			p.pos[u.up] = int32(len(p.reached))
		}
		p.caps[p.pos[u.up]-1] += u.bps
	}
	mx, mn = 0.0, -1.0
	for k, c := range p.caps {
		mx = max(mx, c)
		if mn < 0 || c < mn {
			mn = c
		}
		p.pos[p.reached[k]] = 0
	}
	return mx, mn, len(p.reached)
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
	again, ports := listedAgain(g)
	if ports == 0 {
		return
	}
	seen := newPortSeen(g, ports)
	reported := map[ir.NodeID]bool{}
	for fi := range g.Fabrics {
		f := ir.FabricID(fi)
		if g.Fabrics[f].Composite() {
			continue // its members' endpoints, shared by design
		}
		for _, p := range g.Fabrics[f].Endpoints {
			if p.Port < 0 || !again.has(p.Node) {
				continue // NVLink GPUs (port -1); a node listed once
			}
			n := &g.Nodes[p.Node]
			if n.Parent == ir.None {
				continue // implicit hosts, appliances
			}
			prev, dup := seen.first(p, f)
			if !dup {
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

// nodeBits is a bit per node.
type nodeBits []uint64

func newNodeBits(n int) nodeBits        { return make(nodeBits, (n+63)/64) }
func (b nodeBits) has(n ir.NodeID) bool { return b[n/64]&(1<<(n%64)) != 0 }
func (b nodeBits) set(n ir.NodeID)      { b[n/64] |= 1 << (n % 64) }

// listedAgain returns the nodes that the fabrics other than composites
// list as endpoints on a port (not -1) more than once, and how many
// such entries name them: only their ports can be listed twice, so
// checkEndpointPorts compares no others (a NIC of one port, listed
// once, is most: 1,048,576 at as many GPUs, each a node to load and a
// port to record).
func listedAgain(g *ir.Graph) (nodeBits, int) {
	once, again := newNodeBits(len(g.Nodes)), newNodeBits(len(g.Nodes))
	some := false
	endpoints := func(yield func(ir.Port) bool) {
		for fi := range g.Fabrics {
			if g.Fabrics[fi].Composite() {
				continue
			}
			for _, p := range g.Fabrics[fi].Endpoints {
				if p.Port >= 0 && !yield(p) {
					return
				}
			}
		}
	}
	for p := range endpoints {
		if once.has(p.Node) {
			again.set(p.Node)
			some = true
		}
		once.set(p.Node)
	}
	ports := 0
	if some {
		for p := range endpoints {
			if again.has(p.Node) {
				ports++
			}
		}
	}
	return again, ports
}

// portSeen records the endpoint ports met so far and the first fabric
// to list each. It keeps them per node in a list chained through uses,
// a node's head in a NodeMap, where a map keyed by port hashed 131,072
// ports at 131,072 GPUs (a NIC has a port or two, so the lists are
// short).
type portSeen struct {
	head ir.NodeMap[int32] // a node's latest use in uses, or -1
	uses []portUse
}

// portUse is an endpoint port and the first fabric to list it; next is
// the node's previous use in portSeen.uses, or -1.
type portUse struct {
	port, lane int32
	fabric     ir.FabricID
	next       int32
}

// newPortSeen returns an empty portSeen sized for n of g's endpoints.
func newPortSeen(g *ir.Graph, n int) *portSeen {
	return &portSeen{head: ir.NewNodeMap[int32](g, n, -1), uses: make([]portUse, 0, n)}
}

// first returns the first fabric to list port p and true, or records
// fabric f as the first and returns false.
func (s *portSeen) first(p ir.Port, f ir.FabricID) (ir.FabricID, bool) {
	for k := s.head.Get(p.Node); k >= 0; k = s.uses[k].next {
		if u := &s.uses[k]; u.port == p.Port && u.lane == p.Lane {
			return u.fabric, true
		}
	}
	s.uses = append(s.uses, portUse{port: p.Port, lane: p.Lane, fabric: f, next: s.head.Get(p.Node)})
	s.head.Set(p.Node, int32(len(s.uses)-1))
	return 0, false
}
