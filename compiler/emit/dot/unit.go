package dot

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// MaxDetailMembers is the number of members of one level a unit detail
// draws one by one; beyond it the first two and the last are drawn and
// the rest folded into one node (32 DGX of a scalable unit become node00,
// node01, "node02 … node30", node31), which keeps every rail's wiring
// visible. A readability choice.
const MaxDetailMembers = 16

// MaxShapesPerKind bounds the unit details per unit kind: the first unit
// and up to two more that are built differently.
const MaxShapesPerKind = 3

// railColours colour links by rail in unit details (Tableau 10 palette,
// chosen for distinguishability); rail i takes colour i mod 10.
var railColours = []string{"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"}

type detail struct {
	name string
	dot  []byte
}

// unitMembers lists each unit's members (not folded units) in NodeID
// order, keyed by unit.
func (ov *overview) unitMembers() map[unitRef][]ir.NodeID {
	out := map[unitRef][]ir.NodeID{}
	for n, gid := range ov.groupOf {
		if gid < 0 {
			continue
		}
		u := ov.groups[gid].key.unit
		if u.kind != "" && u.index != elided {
			out[u] = append(out[u], ir.NodeID(n))
		}
	}
	return out
}

// shape summarises how a unit is built, to pick one detail view per
// shape: its groups' member models and components, and its links to
// other groups summed per level (not per group, because which neighbours
// are folded differs from unit to unit).
func (ov *overview) shape(u unitRef) string {
	var parts []string
	in := map[int]bool{}
	for _, gr := range ov.groups {
		if gr.key.unit == u {
			in[gr.id] = true
			parts = append(parts, fmt.Sprintf("g%d/%d:%v:%v", gr.key.level, gr.key.plane, countLines(gr.models), partsText(gr.parts)))
		}
	}
	out := map[int]*bundle{}
	for k, b := range ov.edges {
		if in[k[0]] == in[k[1]] {
			continue
		}
		other := k[1]
		if in[k[1]] {
			other = k[0]
		}
		l := ov.groups[other].key.level
		if out[l] == nil {
			out[l] = &bundle{}
		}
		for rate, n := range b.byRate {
			for i := 0; i < n; i++ {
				out[l].add(rate)
			}
		}
	}
	for l, b := range out {
		parts = append(parts, fmt.Sprintf("e%d:%s", l, b.text()))
	}
	sort.Strings(parts)
	return strings.Join(parts, ";")
}

// MaxWholeFabric is the largest number of members (switches, servers,
// hosts) of a fabric without pods, scalable units or groups that is drawn
// node by node as one detail view (an NVL72 rack's NVLink domain or its
// scale-out leaves), instead of per rail. A readability choice.
const MaxWholeFabric = 48

// unitDetails returns the detail views: per unit kind, the first unit
// and each later one of a new shape, at most MaxShapesPerKind. A unit
// whose shape matches an earlier one is not drawn again. A small fabric
// without structural units is drawn whole instead ("detail").
func (ov *overview) unitDetails() []detail {
	if d, ok := ov.wholeFabric(); ok {
		return []detail{d}
	}
	members := ov.unitMembers()
	units := make([]unitRef, 0, len(members))
	for u := range members {
		units = append(units, u)
	}
	sort.Slice(units, func(i, j int) bool {
		if units[i].kind != units[j].kind {
			return units[i].kind < units[j].kind
		}
		return units[i].index < units[j].index
	})
	var out []detail
	seen := map[string]map[string]bool{}
	for _, u := range units {
		if seen[u.kind] == nil {
			seen[u.kind] = map[string]bool{}
		}
		s := ov.shape(u)
		if seen[u.kind][s] || len(seen[u.kind]) >= MaxShapesPerKind {
			continue
		}
		seen[u.kind][s] = true
		name := ov.unitName(u.kind, u.index)
		out = append(out, detail{name: name, dot: ov.unitDOT(name, name+"/", members[u])})
	}
	return out
}

// wholeFabric draws a fabric whose groups have no unit but rails or none,
// when it has at most MaxWholeFabric members.
func (ov *overview) wholeFabric() (detail, bool) {
	n := 0
	for _, gr := range ov.groups {
		if k := gr.key.unit.kind; k != "" && k != "rail" {
			return detail{}, false
		}
		n += gr.members
	}
	if n > MaxWholeFabric || n == len(ov.groups) {
		return detail{}, false // too big, or the overview already shows every member
	}
	var members []ir.NodeID
	for m, gid := range ov.groupOf {
		if gid >= 0 {
			members = append(members, ir.NodeID(m))
		}
	}
	return detail{name: "detail", dot: ov.unitDOT("all "+units.Count(n)+" members", "", members)}, true
}

// dnode is one node of a detail view: a member, a folded run of members,
// or a group outside the unit.
type dnode struct {
	id      string
	level   int
	lines   []string
	fill    string
	dashed  bool
	members int
}

// unitDOT draws a unit (or a whole small fabric) node by node, names
// shortened by prefix ("su0/"): its members (folded per level
// beyond MaxDetailMembers), the links between them, and its links to
// other units as one edge per member and outside group. Links are
// coloured by the rail of their switch end.
func (ov *overview) unitDOT(what, prefix string, members []ir.NodeID) []byte {
	byLevel := ov.membersByLevel(members)
	homes := ov.singleHomes(byLevel[0])
	nodes, nodeOf := ov.drawMembers(byLevel, homes, prefix)
	edges, outside := ov.detailEdges(nodeOf)
	nodes = append(nodes, placeOutside(outside, byLevel)...)
	return ov.writeDetail(what, nodes, edges)
}

// membersByLevel returns members by detail level, switches at their tier
// and the others at 0, each level in the order given.
func (ov *overview) membersByLevel(members []ir.NodeID) map[int][]ir.NodeID {
	byLevel := map[int][]ir.NodeID{}
	for _, m := range members {
		l := ov.levelOf(m)
		byLevel[l] = append(byLevel[l], m)
	}
	return byLevel
}

// singleHomes returns the one switch each endpoint is cabled to when
// there are more than MaxDetailMembers endpoints and every one is cabled
// to exactly one switch (fat-tree and dragonfly hosts): those fold per
// switch. Otherwise it returns nil, and multi-homed endpoints (a DGX on
// eight rails) fold as a run.
func (ov *overview) singleHomes(endpoints []ir.NodeID) map[ir.NodeID]ir.NodeID {
	if len(endpoints) <= MaxDetailMembers {
		return nil
	}
	homes := make(map[ir.NodeID]ir.NodeID, len(endpoints))
	for _, m := range endpoints {
		homes[m] = ir.None
	}
	for _, id := range ov.g.FabricLinks(ov.f) {
		l := ov.g.Link(id)
		ma, mb := ov.memberOf(l.A.Node), ov.memberOf(l.B.Node)
		if !ov.noteHome(homes, ma, mb) || !ov.noteHome(homes, mb, ma) {
			return nil
		}
	}
	for _, sw := range homes {
		if sw == ir.None {
			return nil // cabled to no switch
		}
	}
	return homes
}

// noteHome records switch s as the home of endpoint e, when e is one of
// homes' endpoints and s a switch. It reports false when e already has
// another: e is multi-homed.
func (ov *overview) noteHome(homes map[ir.NodeID]ir.NodeID, e, s ir.NodeID) bool {
	h, ok := homes[e]
	switch {
	case !ok || !ov.g.Nodes[s].Kind.IsSwitch():
		return true
	case h == ir.None:
		homes[e] = s
		return true
	}
	return h == s
}

// drawMembers returns the view's nodes for the members and the node each
// member is drawn as. Levels are drawn top first, so that endpoints
// folded per switch (homes not nil) can follow their switch's node.
func (ov *overview) drawMembers(byLevel map[int][]ir.NodeID, homes map[ir.NodeID]ir.NodeID, prefix string) ([]*dnode, map[ir.NodeID]*dnode) {
	nodeOf := map[ir.NodeID]*dnode{}
	var nodes []*dnode
	for _, l := range slices.Backward(slices.Sorted(maps.Keys(byLevel))) {
		ms := byLevel[l]
		if l == 0 && len(homes) > 0 {
			nodes = ov.foldPerSwitch(ms, homes, prefix, nodes, nodeOf)
			continue
		}
		for _, run := range runsByModel(ov.g, ms) {
			nodes = ov.drawRun(run, l, prefix, nodes, nodeOf)
		}
	}
	return nodes, nodeOf
}

// dpair is a detail view's bundle: its two nodes, the lower level (then
// the lower id) first.
type dpair struct{ lo, hi *dnode }

// dedges are a detail view's edges: the links of the view bundled per
// pair of nodes, in the order of their first link, with the rail their
// links share (ir.None when they do not all share one).
type dedges struct {
	bundles map[dpair]*bundle
	rails   map[dpair]int32
	order   []dpair
}

// detailEdges returns the fabric's links with an end drawn in the view,
// bundled per pair of nodes (inside–inside by node pair, inside–outside
// by node and outside group), and the nodes that stand for outside
// groups, by group id.
func (ov *overview) detailEdges(nodeOf map[ir.NodeID]*dnode) (dedges, map[int]*dnode) {
	e := dedges{bundles: map[dpair]*bundle{}, rails: map[dpair]int32{}}
	outside := map[int]*dnode{}
	for _, id := range ov.g.FabricLinks(ov.f) {
		l := ov.g.Link(id)
		in, other := ov.detailEnds(&l, nodeOf, outside)
		if in == nil || in == other {
			continue // not in the view, or inside a folded run (none in the families built so far)
		}
		e.add(in, other, &l, railOfLink(ov.g, &l))
	}
	return e, outside
}

// detailEnds returns the nodes link l's ends are drawn as, an end in the
// view first; an end outside the view is drawn as its group's node
// (outsideNode). Both are nil when neither end is in the view.
func (ov *overview) detailEnds(l *ir.Link, nodeOf map[ir.NodeID]*dnode, outside map[int]*dnode) (in, other *dnode) {
	ma, mb := ov.memberOf(l.A.Node), ov.memberOf(l.B.Node)
	na, nb := nodeOf[ma], nodeOf[mb]
	switch {
	case na != nil && nb != nil:
		return na, nb
	case na == nil && nb == nil:
		return nil, nil
	case na == nil:
		na, mb = nb, ma
	}
	return na, ov.outsideNode(int(ov.groupOf[mb]), outside)
}

// outsideNode returns the node that stands for group gid outside the
// view, made on first use: dashed, with the first three lines of the
// group's overview label.
func (ov *overview) outsideNode(gid int, outside map[int]*dnode) *dnode {
	if o := outside[gid]; o != nil {
		return o
	}
	gr := ov.groups[gid]
	lines := ov.groupLabel(gr, false)
	o := &dnode{id: "o" + strconv.Itoa(gid), level: ov.tierLevelOfGroup(gr), fill: "#ffffff", dashed: true, lines: lines[:min(len(lines), 3)]}
	outside[gid] = o
	return o
}

// add counts link l, whose switch end is on rail, in the bundle between
// nodes x and y. A bundle takes its rail's colour only when all its
// links share it.
func (e *dedges) add(x, y *dnode, l *ir.Link, rail int32) {
	k := dpair{x, y}
	if y.level < x.level || (y.level == x.level && y.id < x.id) {
		k = dpair{y, x}
	}
	b := e.bundles[k]
	switch {
	case b == nil:
		b = &bundle{}
		e.bundles[k] = b
		e.order = append(e.order, k)
		e.rails[k] = rail
	case e.rails[k] != rail:
		e.rails[k] = ir.None
	}
	b.addLink(l)
}

// placeOutside returns the outside groups' nodes in group order. Other
// units' groups at a level this unit also has (a dragonfly's other
// groups) go on a rank of their own above, so their links do not run
// along the unit's own rank.
func placeOutside(outside map[int]*dnode, byLevel map[int][]ir.NodeID) []*dnode {
	top := slices.Max(slices.Collect(maps.Keys(byLevel)))
	nodes := make([]*dnode, 0, len(outside))
	for _, gid := range slices.Sorted(maps.Keys(outside)) {
		o := outside[gid]
		if len(byLevel[o.level]) > 0 {
			o.level = top + 1
		}
		nodes = append(nodes, o)
	}
	return nodes
}

// writeDetail returns the DOT text of a detail view: the caption, the
// nodes ranked by level, and one edge per bundle.
func (ov *overview) writeDetail(what string, nodes []*dnode, e dedges) []byte {
	shared := e.sharedLabels()
	w := newWriter(ov.fab.Name+" "+what,
		lbl(ov.detailCaption(what, e, shared)...), r("labelloc", "t"), r("fontsize", "14"), a("fontname", fontName),
		r("rankdir", "BT"), r("nodesep", "0.25"), r("ranksep", "1.0"), r("newrank", "true"), a("outputorder", "edgesfirst"))
	w.defaults("node", a("shape", "box"), a("style", "rounded,filled"), a("fontname", fontName), r("fontsize", "10"), a("margin", "0.1,0.04"), a("color", "#37474f"))
	w.defaults("edge", a("dir", "none"), a("fontname", fontName), r("fontsize", "8"), a("color", colEdge), a("fontcolor", "#263238"))
	writeDetailNodes(w, nodes)
	e.write(w, shared)
	return w.bytes()
}

// detailCaption returns a detail view's caption: its title, how to read
// it, the rates an unlabelled line can stand for, and what line colours
// mean when any edge has a rail's.
func (ov *overview) detailCaption(what string, e dedges, shared map[[2]int]bool) []string {
	lines := []string{ov.title(what + " in detail"),
		"members one by one; a dashed box is a folded run of members or another unit's group"}
	if rates := e.singleRates(); len(rates) > 0 {
		lines = append(lines, "an unlabelled line is one link ("+strings.Join(rates, ", ")+")")
	}
	if len(shared) > 0 {
		lines = append(lines, "where the lines between two rows all carry the same, one is labelled")
	}
	if e.hasRails() {
		lines = append(lines, "line colour = rail of the switch end")
	}
	return lines
}

// sharedLabels returns the pairs of rows (levels) between which every
// bundle of several links carries the same label, two or more of them:
// those are labelled once (a rail-optimized SU's 8 leaf–spine bundles of
// 32 × 400G), since a label is a node in dot's layout and 8 alike side by
// side made the view a strip twice as wide as its boxes need.
func (e dedges) sharedLabels() map[[2]int]bool {
	text, count := map[[2]int]string{}, map[[2]int]int{}
	mixed := map[[2]int]bool{}
	for _, k := range e.order {
		b := e.bundles[k]
		if b.links < 2 {
			continue
		}
		rows := [2]int{k.lo.level, k.hi.level}
		t := b.text()
		if c, ok := text[rows]; ok && c != t {
			mixed[rows] = true
		}
		text[rows] = t
		count[rows]++
	}
	out := map[[2]int]bool{}
	for rows, n := range count {
		if n >= 2 && !mixed[rows] {
			out[rows] = true
		}
	}
	return out
}

// singleRates returns the rates of the bundles of one link, which are
// drawn unlabelled, each once in the order of the bundles.
func (e dedges) singleRates() []string {
	seen := map[string]bool{}
	var rates []string
	for _, k := range e.order {
		if b := e.bundles[k]; b.links == 1 && !seen[rateShort(b.total)] {
			seen[rateShort(b.total)] = true
			rates = append(rates, rateShort(b.total))
		}
	}
	return rates
}

// hasRails reports whether any bundle is coloured by its rail.
func (e dedges) hasRails() bool {
	for _, r := range e.rails {
		if r != ir.None {
			return true
		}
	}
	return false
}

// writeDetailNodes writes the nodes in order, then one rank per level,
// bottom-up, each in the order of its nodes.
func writeDetailNodes(w *writer, nodes []*dnode) {
	rank := map[int][]string{}
	for _, n := range nodes {
		attrs := []attr{lbl(n.lines...), a("fillcolor", n.fill)}
		if n.dashed {
			attrs = append(attrs, a("style", "rounded,filled,dashed"))
		}
		w.node(n.id, attrs...)
		rank[n.level] = append(rank[n.level], n.id)
	}
	for _, l := range slices.Sorted(maps.Keys(rank)) {
		w.sameRank(rank[l])
	}
}

// write writes one edge per bundle, in order: labelled when it holds
// more than one link, in its rail's colour when it has one, and not
// constraining the ranks when both its nodes are on one.
func (e dedges) write(w *writer, shared map[[2]int]bool) {
	labelled := map[[2]int]bool{}
	for _, k := range e.order {
		b := e.bundles[k]
		var attrs []attr
		rows := [2]int{k.lo.level, k.hi.level}
		if b.links > 1 && !(shared[rows] && labelled[rows]) {
			attrs = append(attrs, lbl(b.text()))
			labelled[rows] = true
		}
		if r := e.rails[k]; r != ir.None {
			attrs = append(attrs, a("color", railColours[int(r)%len(railColours)]))
		}
		if k.lo.level == k.hi.level {
			attrs = append(attrs, r("constraint", "false"))
		}
		w.edge(k.lo.id, k.hi.id, attrs...)
	}
}

// runsByModel splits a level's members into runs of one model (DGX
// servers, then UFM appliances), in order of first appearance, so a
// folded box never mixes kinds.
func runsByModel(g *ir.Graph, ms []ir.NodeID) [][]ir.NodeID {
	var order []string
	runs := map[string][]ir.NodeID{}
	for _, m := range ms {
		k := memberModel(&g.Nodes[m])
		if _, ok := runs[k]; !ok {
			order = append(order, k)
		}
		runs[k] = append(runs[k], m)
	}
	out := make([][]ir.NodeID, len(order))
	for i, k := range order {
		out[i] = runs[k]
	}
	return out
}

// drawRun adds one node per member of a run, or, beyond
// MaxDetailMembers, the first two, one folded node, and the last.
func (ov *overview) drawRun(ms []ir.NodeID, level int, prefix string, nodes []*dnode, nodeOf map[ir.NodeID]*dnode) []*dnode {
	g := ov.g
	fold := len(ms) > MaxDetailMembers
	var folded *dnode
	for i, m := range ms {
		nd := &g.Nodes[m]
		if fold && i >= 2 && i < len(ms)-1 {
			if folded == nil {
				last := &g.Nodes[ms[len(ms)-2]]
				folded = &dnode{id: "f" + strconv.Itoa(len(nodes)), level: level, fill: fillOf(nd), dashed: true,
					lines: []string{strings.TrimPrefix(nd.Name, prefix) + " … " + strings.TrimPrefix(last.Name, prefix)}}
				nodes = append(nodes, folded)
			}
			folded.members++
			nodeOf[m] = folded
			continue
		}
		dn := &dnode{id: "m" + strconv.Itoa(int(m)), level: level, fill: fillOf(nd), members: 1,
			lines: []string{strings.TrimPrefix(nd.Name, prefix)}}
		if mm := memberModel(nd); mm != nd.Kind.String() {
			dn.lines = append(dn.lines, mm)
		}
		if nd.Rail != ir.None && nd.Kind.IsSwitch() {
			dn.lines = append(dn.lines, "rail "+strconv.Itoa(int(nd.Rail)))
		}
		nodes = append(nodes, dn)
		nodeOf[m] = dn
	}
	if folded != nil {
		folded.lines = append(folded.lines, "("+units.Count(folded.members)+" "+memberNoun(&g.Nodes[ms[2]])+", drawn as one)")
	}
	return nodes
}

// foldPerSwitch draws single-homed endpoints as one node per switch they
// hang off ("router03/host00 … host15 (16 hosts)"), in the order of their
// first member.
func (ov *overview) foldPerSwitch(ms []ir.NodeID, homes map[ir.NodeID]ir.NodeID, prefix string, nodes []*dnode, nodeOf map[ir.NodeID]*dnode) []*dnode {
	g := ov.g
	// Keyed by the switch's node, so the endpoints of a folded run of
	// switches fold together too.
	bySwitch := map[any]*dnode{}
	first := map[*dnode]ir.NodeID{}
	last := map[*dnode]ir.NodeID{}
	for _, m := range ms {
		sw := homes[m]
		var key any = sw
		if sn := nodeOf[sw]; sn != nil {
			key = sn
		}
		dn := bySwitch[key]
		if dn == nil {
			dn = &dnode{id: "h" + strconv.Itoa(int(m)), level: 0, fill: fillOf(&g.Nodes[m])}
			bySwitch[key] = dn
			first[dn] = m
			nodes = append(nodes, dn)
		}
		dn.members++
		last[dn] = m
		nodeOf[m] = dn
	}
	for _, dn := range nodes {
		f, ok := first[dn]
		if !ok {
			continue
		}
		name := strings.TrimPrefix(g.Nodes[f].Name, prefix)
		dn.lines = nil
		if dn.members > 1 {
			lastName := strings.TrimPrefix(g.Nodes[last[dn]].Name, prefix)
			if i := strings.LastIndex(name, "/"); i >= 0 && strings.HasPrefix(lastName, name[:i+1]) {
				// The switch's part on a line of its own: a row of
				// "router00/host00 … host15" boxes made a dragonfly
				// group of 16 routers 3,907 pixels wide (trial 58).
				dn.lines = append(dn.lines, name[:i+1])
				name, lastName = name[i+1:], lastName[i+1:]
			}
			name += " … " + lastName
			dn.dashed = true
		}
		dn.lines = append(dn.lines, name, "("+units.Count(dn.members)+" "+memberNoun(&g.Nodes[f])+")")
	}
	return nodes
}

// memberNoun is the plural noun for a run of members like n.
func memberNoun(n *ir.Node) string {
	switch {
	case n.Kind.IsSwitch():
		return "switches"
	case n.Kind == ir.KindHost && n.RoleName() == ir.RoleServer:
		return "servers"
	case n.Kind == ir.KindHost:
		return "hosts"
	}
	return n.Kind.String() + "s"
}

// tierLevel is a switch's level in its fabric (1 + tier index).
func (ov *overview) tierLevel(n *ir.Node) int {
	for i, t := range ov.fab.Tiers {
		if t == n.TierName() {
			return i + 1
		}
	}
	return len(ov.fab.Tiers) + 1
}

// tierLevelOfGroup is a group's level by its members' kind (the
// overview merges a dragonfly's levels; details do not).
func (ov *overview) tierLevelOfGroup(gr *group) int {
	if !gr.switches {
		return 0
	}
	for i, t := range ov.fab.Tiers {
		if t == gr.tier {
			return i + 1
		}
	}
	return len(ov.fab.Tiers) + 1
}

// railOfLink is the rail of a link's switch end, or ir.None.
func railOfLink(g *ir.Graph, l *ir.Link) int32 {
	for _, n := range [2]ir.NodeID{l.A.Node, l.B.Node} {
		if nd := &g.Nodes[n]; nd.Kind.IsSwitch() && nd.Rail != ir.None {
			return nd.Rail
		}
	}
	return ir.None
}

// fillOf is a node's fill colour in detail views.
func fillOf(n *ir.Node) string {
	switch {
	case n.Kind.IsSwitch():
		return colSwitch0
	case n.Kind == ir.KindHost && n.RoleName() == ir.RoleServer:
		return colServer
	}
	return colEndpoint
}
