// Package checks holds the compiler's last stage: structural checks over
// the built IR (ports, connectivity, uplinks, up*/down* reachability,
// striping, rails, free ports). They read only the graph and its origins,
// so every diagnostic points at the HCL range that built the element.
package checks

import (
	"fmt"
	"iter"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// Options carry what the checks need to know of earlier stages.
type Options struct {
	// UnevenReported reports whether the generator already warned that
	// the uplink totals between tier rank lower and the tier above it in
	// fabric f are uneven, so that the per-switch striping check does not
	// say it again. Nil means no such warning was given.
	UnevenReported func(f ir.FabricID, lower int) bool
}

// checker holds the graph under check and the diagnostics found.
type checker struct {
	g      *ir.Graph
	diags  hcl.Diagnostics
	uneven func(ir.FabricID, int) bool
	// reported holds the origins already reported radix-exceeded, over
	// every fabric (a zone's switch is a member of the composite too).
	reported map[ir.OriginID]bool
}

// Run runs the structural checks over a built graph and returns their
// diagnostics: endpoint ports cabled twice; then per fabric, nodes cabled
// on more ports than they have, a fabric in pieces, switches without
// uplinks, lowest-tier switches that share no ancestor (no up*/down*
// route) and uneven per-switch striping, NICs on the wrong rail, and the
// free ports per tier. Each check walks only its fabric's members
// (ir.Graph.FabricNodes), so together they cost O(nodes + links) however
// many fabrics a design declares; a walk over the whole graph per fabric
// is quadratic in a design of many small fabrics (one NVLink domain per
// rack, say).
func Run(g *ir.Graph, opts Options) hcl.Diagnostics {
	s := &checker{g: g, uneven: opts.UnevenReported, reported: map[ir.OriginID]bool{}}
	if s.uneven == nil {
		s.uneven = func(ir.FabricID, int) bool { return false }
	}
	used := g.PortsUsed().All
	sc := newCheckScratch(len(g.Nodes))
	s.checkEndpointPorts()
	for fi := range g.Fabrics {
		f := ir.FabricID(fi)
		v := newFabricView(g, f)
		s.checkRadix(v.members, v.links, used)
		if s.checkConnected(v, sc) {
			s.checkEndpointRelay(v, sc)
		}
		t := newTierView(g, v, sc.index)
		s.checkUplinks(t)
		s.checkCommonAncestor(v, t, sc)
		s.checkPerSwitchStriping(f, t)
		s.checkRails(v)
		s.checkSingleHomed(v)
		s.reportFreePorts(f, v.switches, used)
	}
	return s.diags
}

// checkScratch holds per-node arrays that the per-fabric checks reuse, so
// that a design of many fabrics allocates them once. Each check leaves
// them as it found them for the entries it touched.
type checkScratch struct {
	parent []int32 // union-find parent; valid only for nodes a check set
	index  []int32 // zero everywhere between checks (newTierView)
}

func newCheckScratch(n int) *checkScratch {
	return &checkScratch{parent: make([]int32, n), index: make([]int32, n)}
}

// checkRadix reports nodes cabled on more ports than they have. A switch
// is reported at the block that made it (once per block: one block builds
// many identical switches), unless the link that takes its first port too
// many is another fabric's (a composite's joining link to a zone's
// switch), which is then the one to change; a server component (a NIC) at
// the link that takes its first port too many, since its own origin is
// the node_group, where nothing is wrong.
func (s *checker) checkRadix(nodes []ir.NodeID, links []ir.LinkID, used []int32) {
	var overLink, overAny map[ir.NodeID]overRadix
	for _, i := range nodes {
		n := &s.g.Nodes[i]
		if n.Radix <= 0 || used[i] <= n.Radix {
			continue
		}
		origin := n.Origin
		detail := fmt.Sprintf("%s (%s) is cabled on %d ports but has %d; use a model with more ports, fewer links, or a breakout.", n.Name, orKind(*n), used[i], n.Radix)
		if n.Parent != ir.None {
			if overLink == nil {
				overLink = s.firstLinkOverRadix(func(yield func(ir.LinkID, ir.Link) bool) {
					for _, id := range links {
						if !yield(id, s.g.Link(id)) {
							return
						}
					}
				}, false)
			}
			if o, ok := overLink[i]; ok {
				origin = o.origin
			}
		} else {
			if overAny == nil {
				overAny = s.firstLinkOverRadix(s.g.AllFabricLinks(), true)
			}
			if o, ok := overAny[i]; ok && len(n.FabricIDs()) > 0 && o.fabric != n.FabricIDs()[0] {
				origin = o.origin
				detail = fmt.Sprintf("%s (%s) has %d ports, all taken by the block that built it, and the links here take %d more; free ports on it (fewer links or hosts below it, a model with more ports) or join the fabrics at another switch.", n.Name, orKind(*n), n.Radix, used[i]-n.Radix)
			}
		}
		if s.reported[origin] {
			continue
		}
		s.reported[origin] = true
		s.diags = append(s.diags, diag.Error(diag.RadixExceeded, s.g.Range(origin), "Not enough ports", detail))
	}
}

// overRadix is the link that takes a node's first port too many: its
// origin and its fabric.
type overRadix struct {
	origin ir.OriginID
	fabric ir.FabricID
}

// firstLinkOverRadix maps each node that runs out of ports on links, a
// fabric switch where switches is set, else a server component, to the
// link that takes its first port too many.
func (s *checker) firstLinkOverRadix(links iter.Seq2[ir.LinkID, ir.Link], switches bool) map[ir.NodeID]overRadix {
	out := map[ir.NodeID]overRadix{}
	seen := map[ir.Port]bool{}
	count := map[ir.NodeID]int32{}
	for _, l := range links {
		for _, p := range [2]ir.Port{l.A, l.B} {
			n := &s.g.Nodes[p.Node]
			key := ir.Port{Node: p.Node, Port: p.Port}
			if p.Port < 0 || (n.Parent == ir.None) != switches || n.Radix <= 0 || seen[key] {
				continue
			}
			seen[key] = true
			count[p.Node]++
			if _, done := out[p.Node]; !done && count[p.Node] > n.Radix {
				out[p.Node] = overRadix{l.Origin, l.Fabric}
			}
		}
	}
	return out
}

func orKind(n ir.Node) string {
	if n.ModelName() != "" {
		return n.ModelName()
	}
	return n.Kind.String()
}

// Pieces returns the number of connected pieces of fabric f of g: its
// member nodes (ir.Node.FabricIDs) joined by its links (ir.Link.Fabric), by
// the union-find of the compiler's connectivity check. A connected fabric
// is 1 piece, one without members 0. Nodes that are not members but end
// one of the fabric's links join the pieces they touch.
func Pieces(g *ir.Graph, f ir.FabricID) int {
	find := unionFind(g.FabricNodes(f), linkEnds(g, g.FabricLinks(f)), make([]int32, len(g.Nodes)))
	roots := map[int32]bool{}
	for _, m := range g.FabricNodes(f) {
		roots[find(int32(m))] = true
	}
	return len(roots)
}

// pairs yields pairs of nodes to join, the same each time it is called.
type pairs func(yield func(a, b ir.NodeID))

// linkEnds yields the two ends' nodes of each link.
func linkEnds(g *ir.Graph, links []ir.LinkID) pairs {
	return func(yield func(a, b ir.NodeID)) {
		for _, id := range links {
			l := g.Link(id)
			yield(l.A.Node, l.B.Node)
		}
	}
}

// unionFind joins the nodes of each pair in parent (a scratch array of
// one entry per node, whose entries for nodes neither in members nor in
// a pair are left alone) and returns the find function (with path
// halving); each member and each node of a pair starts as a piece of its
// own. It is our own rather than gonum's: it runs on the flat arrays at
// every check, where gonum's graph views cost ten times the memory
// (docs/reference/design-brief.md). Only the pieces are read, never
// which node is a piece's root, so the order of the pairs is free.
func unionFind(members []ir.NodeID, joined pairs, parent []int32) func(int32) int32 {
	for _, m := range members {
		parent[m] = int32(m)
	}
	joined(func(a, b ir.NodeID) { parent[a], parent[b] = int32(a), int32(b) })
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	joined(func(a, b ir.NodeID) {
		if x, y := find(int32(a)), find(int32(b)); x != y {
			parent[x] = y
		}
	})
	return find
}

// checkConnected reports a fabric that falls apart into pieces, naming a
// node of a piece other than the largest, and reports whether it is in one
// piece.
func (s *checker) checkConnected(v *fabricView, sc *checkScratch) bool {
	g, f, members := s.g, v.f, v.members
	find := unionFind(members, v.allEnds(g), sc.parent)
	// Server transit (`server_transit`) joins NICs of a server, or of an
	// NVLink domain, whatever the fabric's links do.
	for _, grp := range g.TransitGroups(f) {
		for _, n := range grp[1:] {
			if a, b := find(int32(grp[0])), find(int32(n)); a != b {
				sc.parent[a] = b
			}
		}
	}
	if onePiece(members, find) {
		return true // most fabrics: no sizes to count
	}
	size := map[int32]int{}
	for _, m := range members {
		size[find(int32(m))]++
	}
	var big int32 = -1
	for _, m := range members {
		r := find(int32(m))
		if big < 0 || size[r] > size[big] {
			big = r
		}
	}
	var stray []ir.NodeID
	for _, m := range members {
		if find(int32(m)) != big {
			stray = append(stray, m)
		}
	}
	fab := g.Fabrics[f]
	n := g.Nodes[stray[0]]
	at := g.Range(n.Origin)
	if fab.Composite() || fab.Family != ir.FamilyCustom || n.Parent != ir.None {
		// A composite misses joining links, not a member's; a generated
		// family's wiring comes from its block, and so do a custom
		// fabric's links to a server, not from the node group that
		// declared the stray NIC (audit of issue 12). A custom device
		// cut off is pointed at where it is declared.
		at = g.Range(fab.Origin)
	}
	s.diags = append(s.diags, diag.Error(diag.Disconnected, at, "Fabric is not connected",
		fmt.Sprintf("Fabric %q falls apart into %d pieces: the largest holds %s, and the other %s (%s%s) cannot reach it. Add the missing links.",
			fab.Name, len(size), units.CountOf(len(members)-len(stray), "node", "nodes"), units.CountOf(len(stray), "node", "nodes"), n.Name, units.Agree(len(stray), "", " among them"))+transitHint(g, f)))
	return false
}

// onePiece reports whether the members all have one root under find
// (or there are none).
func onePiece(members []ir.NodeID, find func(int32) int32) bool {
	if len(members) == 0 {
		return true
	}
	root := find(int32(members[0]))
	for _, m := range members[1:] {
		if find(int32(m)) != root {
			return false
		}
	}
	return true
}

// transitHint says, for a disconnected fabric, what server transit did or
// could have joined: NVLink where the servers' GPUs have it, else PCIe.
func transitHint(g *ir.Graph, f ir.FabricID) string {
	fab := &g.Fabrics[f]
	if !g.HasServerNICs(f) || fab.Family != ir.FamilyClos && fab.Family != ir.FamilyCustom {
		return ""
	}
	nv := serversHaveNVLink(g, f)
	switch {
	case fab.Transit != 0 && !fab.Transit.Has(ir.TransitPCIe) && !nv:
		return fmt.Sprintf(" Server transit (%s) was counted, but these servers' GPUs have no NVLink between them; server_transit = [\"pcie\"] would join their NICs over the PCIe tree.", strings.Join(fab.Transit.Names(), ", "))
	case fab.Transit != 0:
		return fmt.Sprintf(" Server transit (%s) was counted and does not join them.", strings.Join(fab.Transit.Names(), ", "))
	case nv:
		return ` If the pieces are rails or planes that meet inside the servers (a rail-only or multi-plane fabric), say so with server_transit = ["nvlink"].`
	}
	return ` If the pieces are rails or planes that meet inside the servers (a rail-only or multi-plane fabric), say so with server_transit = ["pcie"]: these servers' GPUs have no NVLink between them.`
}

// serversHaveNVLink reports whether a server of fabric f's NIC endpoints
// has an NVLink link between its GPUs (directly or through an NVSwitch).
func serversHaveNVLink(g *ir.Graph, f ir.FabricID) bool {
	for _, p := range g.Fabrics[f].Endpoints {
		sv := g.Nodes[p.Node].Parent
		if sv == ir.None {
			continue
		}
		for _, id := range g.InternalLinks(sv) {
			if g.ScaleUpLink(g.Link(id)) {
				return true
			}
		}
		return false // servers of one fabric are alike enough: look at the first
	}
	return false
}

// checkUplinks reports switches below the top tier with no link to a
// higher tier of the same fabric, the first of each tier (t nil: a
// fabric of fewer than two tiers, or a composite, whose tiers are its
// members', checked with them).
func (s *checker) checkUplinks(t *tierView) {
	if t == nil {
		return
	}
	g := s.g
	reported := make([]bool, len(t.tiers)) // by rank
	for i, r := range t.rank[:t.members] {
		if r < 0 || int(r) == len(t.tiers)-1 || len(t.upsOf(i)) > 0 || reported[r] {
			continue
		}
		reported[r] = true
		n := &g.Nodes[t.switches[i]]
		s.diags = append(s.diags, diag.Error(diag.NoUplinks, g.Range(n.Origin), "Switch without uplinks",
			fmt.Sprintf("%s (tier %s) has no link to tier %s or above; traffic from its endpoints cannot leave it. Add uplinks.", n.Name, n.TierName(), t.tiers[r+1])))
	}
}

// checkRails reports a NIC of rail i cabled to a switch of another rail.
func (s *checker) checkRails(v *fabricView) {
	g := s.g
	rails, ok := g.Fabrics[v.f].Param("rails")
	for _, e := range v.edges {
		nic, sw := &g.Nodes[e.ep], &g.Nodes[e.sw]
		if e.kind != ir.KindNIC || nic.Rail == ir.None || sw.Rail == ir.None {
			continue
		}
		want := nic.Rail // the generator's (ir.Node.Rail), or the NIC's index
		if ok && rails > 0 {
			want %= int32(rails)
		}
		if sw.Rail != want {
			s.diags = append(s.diags, diag.Error(diag.RailMisalignment, g.Range(g.Link(e.id).Origin), "NIC on the wrong rail",
				fmt.Sprintf("%s is rail %d but is cabled to %s on rail %d; in a rail-optimized fabric NIC i goes to a rail-i leaf.", nic.Name, want, sw.Name, sw.Rail)))
			return
		}
	}
}

// reportFreePorts notes, per tier, the switch ports left free on the
// fabric's member switches.
func (s *checker) reportFreePorts(f ir.FabricID, switches []ir.NodeID, used []int32) {
	g := s.g
	type tally struct{ switches, total, free int }
	byTier := map[string]*tally{}
	var order []string
	for _, i := range switches {
		n := &g.Nodes[i]
		if n.Radix <= 0 {
			continue
		}
		t := byTier[n.TierName()]
		if t == nil {
			t = &tally{}
			byTier[n.TierName()] = t
			order = append(order, n.TierName())
		}
		t.switches++
		t.total += int(n.Radix)
		t.free += max(0, int(n.Radix-used[i])-int(n.Reserved))
	}
	fab := g.Fabrics[f]
	// One note per fabric naming every tier: notes per tier at one place
	// would be merged as repeats (collapseRepeats), hiding all but the
	// first tier's count.
	var parts []string
	for _, tier := range order {
		t := byTier[tier]
		if t.free == 0 {
			continue
		}
		name := tier
		if name == "" {
			name = "untiered"
		}
		parts = append(parts, fmt.Sprintf("tier %s: %s of %s ports free on %s", name, units.Count(t.free), units.Count(t.total), units.CountOf(t.switches, "switch", "switches")))
	}
	if len(parts) > 0 {
		s.diags = append(s.diags, diag.Info(diag.UnusedPorts, g.Range(fab.Origin), "Unused switch ports",
			fmt.Sprintf("Fabric %q, %s (room to grow, or capacity to remove).", fab.Name, strings.Join(parts, "; "))))
	}
}

// checkSingleHomed notes (single-homed-ports, an info) the NICs and hosts
// with several ports on fabric f whose ports all reach one switch: that
// switch's loss takes every port of each, where ports spread over two
// switches (clos homing = 2, or planes) would leave half. A design may
// mean it (ports bonded to one switch for bandwidth); a trial's dual-ToR
// design that lost its planes by mistake said nothing (trial 66).
func (s *checker) checkSingleHomed(v *fabricView) {
	g := s.g
	// Only an endpoint on several links can have several ports on one
	// switch: the others (1,048,576 single-port NICs at planes-1048k)
	// are passed by a bit per node, not kept in a list with a slot
	// per node to find them by.
	many, links := v.endpointsOnSeveralLinks(len(g.Nodes))
	if links == 0 {
		return
	}
	n, first := v.singleHomed(g, many.has, links)
	if n == 0 {
		return
	}
	fab := &g.Fabrics[v.f]
	s.diags = append(s.diags, diag.Info(diag.SingleHomedPorts, g.Range(fab.Origin), "Every port on one switch",
		fmt.Sprintf("In fabric %q, %s with several ports %s all of them on one switch (the first, %s, its %d ports on %s): that switch's loss takes every port of each. Spread them over two switches (a clos's homing = 2 puts a port of each on a pair of leaves; planes put each port in its own) where a switch's loss should leave half; ignore this where one switch is meant.",
			fab.Name, units.CountOf(n, "endpoint", "endpoints"), units.Agree(n, "has", "have"), g.Nodes[first.ep].Name, first.ports, g.Nodes[first.sw].Name)))
}

// homedEnd is an endpoint's ports on a fabric: the switch of its first,
// how many, and whether another reaches another switch.
type homedEnd struct {
	ep, sw ir.NodeID
	ports  int32
	mixed  bool
}

// singleHomed returns how many of v's NICs and hosts for which keep
// holds, on about links of its edge links, have several ports all on
// one switch, and the first of them in link order.
func (v *fabricView) singleHomed(g *ir.Graph, keep func(ir.NodeID) bool, links int) (int, *homedEnd) {
	ends := make([]homedEnd, 0, links) // in the order first met
	slot := ir.NewNodeMap[int32](g, links, -1)
	for _, e := range v.edges {
		if e.kind != ir.KindNIC && e.kind != ir.KindHost || !keep(e.ep) {
			continue
		}
		i := slot.Get(e.ep)
		if i < 0 {
			i = int32(len(ends))
			slot.Set(e.ep, i)
			ends = append(ends, homedEnd{ep: e.ep, sw: e.sw})
		}
		ends[i].ports++
		ends[i].mixed = ends[i].mixed || ends[i].sw != e.sw
	}
	n := 0
	var first *homedEnd
	for i := range ends {
		if e := &ends[i]; e.ports > 1 && !e.mixed {
			n++
			if first == nil {
				first = e
			}
		}
	}
	return n, first
}
