package checks

import (
	"cmp"
	"slices"

	"github.com/topoc/topoc/compiler/ir"
)

// fabricView is a fabric's members and links, its links sorted once by
// the kinds of their ends, with their ends' nodes. Most checks ask only
// of the links between two switches, or of those between a switch and
// an endpoint: each walking every link and loading both ends' nodes
// again made nine passes over 393,216 links at 131,072 GPUs, most of the
// stage's time, and the union-finds that read each link's ends from the
// graph (a link is 64 bytes) made seven more.
type fabricView struct {
	f       ir.FabricID
	members []ir.NodeID
	links   []ir.LinkID
	// switches lists the member switches, in NodeID order.
	switches []ir.NodeID
	// sw lists the links that join two switches, in link order: the
	// routing domain (planes that meet only inside servers are
	// separate ones).
	sw []swLink
	// edges lists the links that join a switch to a node that is not
	// one (a NIC, a host), in link order.
	edges []edgeLink
	// direct lists the links that join two nodes neither of which is a
	// switch (a direct network of hosts), in link order.
	direct []ir.LinkID
	// pieces is switchPieces' answer once asked.
	pieces func(int32) int32
}

// swLink is a link between two switches: its ends' nodes and its
// capacity, which the tier view reads (taking it from the link again
// streamed 2 million links of 64 bytes at 1,048,576 GPUs).
type swLink struct {
	a, b ir.NodeID
	bps  float64
}

// edgeLink is a link between a switch and a node that is not one, with
// that node's kind, which the checks of endpoints filter by.
type edgeLink struct {
	id     ir.LinkID
	ep, sw ir.NodeID
	kind   ir.Kind // ep's
}

// newFabricView sorts fabric f's links in one pass.
func newFabricView(g *ir.Graph, f ir.FabricID) *fabricView {
	v := &fabricView{f: f, members: g.FabricNodes(f), links: g.FabricLinks(f)}
	// The kinds from their dense copy: reading them off the nodes
	// loaded a 64-byte node for each end of each link (4.4 million
	// nodes at 1,048,576 GPUs, most of this pass's time).
	kinds := g.Kinds()
	for _, m := range v.members {
		if kinds[m].IsSwitch() {
			v.switches = append(v.switches, m)
		}
	}
	// Room for a link per endpoint port and the rest between switches,
	// the usual split, so that appending seldom copies: a large slice
	// grows by a quarter at a time, which allocates five times its size.
	eps := min(len(g.Fabrics[f].Endpoints), len(v.links))
	v.edges = make([]edgeLink, 0, eps)
	v.sw = make([]swLink, 0, len(v.links)-eps)
	for _, id := range v.links {
		l := g.Link(id)
		a, b := kinds[l.A.Node], kinds[l.B.Node]
		switch {
		case a.IsSwitch() && b.IsSwitch():
			v.sw = append(v.sw, swLink{l.A.Node, l.B.Node, l.CapacityBPS})
		case a.IsSwitch():
			v.edges = append(v.edges, edgeLink{id: id, ep: l.B.Node, sw: l.A.Node, kind: b})
		case b.IsSwitch():
			v.edges = append(v.edges, edgeLink{id: id, ep: l.A.Node, sw: l.B.Node, kind: a})
		default:
			v.direct = append(v.direct, id)
		}
	}
	return v
}

// allEnds yields the ends of every link of v.
func (v *fabricView) allEnds(g *ir.Graph) pairs {
	return func(yield func(a, b ir.NodeID)) {
		v.swEnds(yield)
		for _, e := range v.edges {
			yield(e.ep, e.sw)
		}
		linkEnds(g, v.direct)(yield)
	}
}

// swEnds yields the ends of v's links between two switches.
func (v *fabricView) swEnds(yield func(a, b ir.NodeID)) {
	for _, l := range v.sw {
		yield(l.a, l.b)
	}
}

// endpointsOnSeveralLinks returns the NICs and hosts that end more than
// one of v's edge links, a bit per node of the graph's nodes, and how
// many edge links they end.
func (v *fabricView) endpointsOnSeveralLinks(nodes int) (nodeBits, int) {
	endpoint := func(e edgeLink) bool { return e.kind == ir.KindNIC || e.kind == ir.KindHost }
	once, many := newNodeBits(nodes), newNodeBits(nodes)
	some := false
	for _, e := range v.edges {
		if endpoint(e) {
			if once.has(e.ep) {
				many.set(e.ep)
				some = true
			}
			once.set(e.ep)
		}
	}
	if !some {
		return many, 0
	}
	links := 0
	for _, e := range v.edges {
		if endpoint(e) && many.has(e.ep) {
			links++
		}
	}
	return many, links
}

// switchPieces returns the find function of the pieces that v's links
// between two switches join its switches into (its member switches, the
// switches of its edge links, and the ends of the switch links), in
// sc.parent: made once for the relay and up/down checks, which ask it
// in turn after checkConnected and before any other check writes
// sc.parent.
func (v *fabricView) switchPieces(sc *checkScratch) func(int32) int32 {
	if v.pieces == nil {
		for _, e := range v.edges {
			sc.parent[e.sw] = int32(e.sw) // a switch no switch link reaches is a piece of its own
		}
		v.pieces = unionFind(v.switches, v.swEnds, sc.parent)
	}
	return v.pieces
}

// tierView is a tiered fabric's switches with their tiers' ranks, and
// its links between two tiers grouped by their lower switch. The
// up/down checks (checkUplinks, checkCommonAncestor,
// checkPerSwitchStriping) all read it: each looked up both ends' tier
// names in a map of strings for every switch link (the last once per
// pair of tiers) and sorted or mapped the links by their lower switch,
// which cost more than the checks themselves. Switches are numbered by
// their index in switches, so that the per-switch lists are slices
// the size of the fabric's switches, not of the graph's nodes.
type tierView struct {
	tiers []string
	// switches are the fabric's member switches in NodeID order, then
	// any other switch its switch links reach, in link order; members
	// counts the former.
	switches []ir.NodeID
	members  int
	// rank is each switch's tier's rank, bottom first, or -1 when its
	// tier is none of the fabric's.
	rank []int32
	// The links from switch i to switches of higher tiers are
	// ups[start[i]:start[i+1]], in link order.
	start []int32
	ups   []upLink
	// down is set for each switch with a link down to a node that is no
	// switch (an endpoint).
	down []bool
}

// upLink is a link from a switch to one of a higher tier.
type upLink struct {
	up  int32 // the upper switch's index in tierView.switches
	bps float64
}

// newTierView indexes fabric v's tiers, or returns nil when it has
// fewer than two or is a composite (whose tiers are its members',
// checked with them). index is scratch, zero everywhere, and left so.
func newTierView(g *ir.Graph, v *fabricView, index []int32) *tierView {
	fab := &g.Fabrics[v.f]
	if len(fab.Tiers) < 2 || fab.Composite() {
		return nil
	}
	t := &tierView{tiers: fab.Tiers}
	t.rankSwitches(g, v, index)
	t.group(v, index)
	for _, n := range t.switches {
		index[n] = 0
	}
	return t
}

// rankSwitches fills switches, members, rank and down from v, and
// leaves in index each switch's index in switches plus one.
func (t *tierView) rankSwitches(g *ir.Graph, v *fabricView, index []int32) {
	ranks := tierRanks(t.tiers)
	// at adds switch n on first sight.
	at := func(n ir.NodeID) {
		if index[n] == 0 {
			r, ok := ranks[g.Nodes[n].TierName()]
			if !ok {
				r = -1
			}
			t.switches = append(t.switches, n)
			t.rank = append(t.rank, int32(r))
			index[n] = int32(len(t.switches))
		}
	}
	for _, m := range v.switches {
		at(m)
	}
	t.members = len(t.switches)
	for _, l := range v.sw {
		at(l.a)
		at(l.b)
	}
	t.down = make([]bool, len(t.switches))
	for _, e := range v.edges {
		if i := index[e.sw]; i != 0 {
			t.down[i-1] = true
		}
	}
}

// group fills start and ups from v's links between two tiers (index
// numbering the switches as rankSwitches left it), grouped by lower
// switch in link order within each: a counting sort straight from the
// switch links, where a list of the links between tiers made to sort
// held 2 million of them at 1,048,576 GPUs.
func (t *tierView) group(v *fabricView, index []int32) {
	// between returns l's lower and upper switch, and whether it joins
	// two tiers of the fabric.
	between := func(l swLink) (lo, up int32, ok bool) {
		a, b := index[l.a]-1, index[l.b]-1
		if t.rank[a] < 0 || t.rank[b] < 0 || t.rank[a] == t.rank[b] {
			return 0, 0, false
		}
		if t.rank[a] > t.rank[b] {
			a, b = b, a
		}
		return a, b, true
	}
	t.start = make([]int32, len(t.switches)+1)
	for _, l := range v.sw {
		if lo, _, ok := between(l); ok {
			t.start[lo+1]++
		}
	}
	for i := 1; i < len(t.start); i++ {
		t.start[i] += t.start[i-1]
	}
	t.ups = make([]upLink, t.start[len(t.switches)])
	fill := make([]int32, len(t.switches))
	for _, l := range v.sw {
		if lo, up, ok := between(l); ok {
			t.ups[t.start[lo]+fill[lo]] = upLink{up, l.bps}
			fill[lo]++
		}
	}
}

// upsOf returns the links from switch i up to higher tiers.
func (t *tierView) upsOf(i int) []upLink { return t.ups[t.start[i]:t.start[i+1]] }

// byRank lists the member switches of each tier, bottom first, in
// NodeID order, by index in switches.
func (t *tierView) byRank() [][]int32 {
	out := make([][]int32, len(t.tiers))
	for i, r := range t.rank[:t.members] {
		if r >= 0 {
			out[r] = append(out[r], int32(i))
		}
	}
	return out
}

// inNodeOrder returns the switches' indices in NodeID order: the
// members' are in that order, and any other switch is sorted in.
func (t *tierView) inNodeOrder() []int32 {
	order := make([]int32, len(t.switches))
	for i := range order {
		order[i] = int32(i)
	}
	if t.members < len(t.switches) {
		slices.SortFunc(order, func(a, b int32) int { return cmp.Compare(t.switches[a], t.switches[b]) })
	}
	return order
}
