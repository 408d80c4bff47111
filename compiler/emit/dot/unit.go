package dot

import (
	"fmt"
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
		name := u.kind + ov.pad(u.kind, u.index)
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
	g := ov.g
	// Members by detail level: switches at their tier, others at 0.
	byLevel := map[int][]ir.NodeID{}
	var levels []int
	for _, m := range members {
		l := 0
		if g.Nodes[m].Kind.IsSwitch() {
			l = ov.tierLevel(&g.Nodes[m])
		}
		if _, ok := byLevel[l]; !ok {
			levels = append(levels, l)
		}
		byLevel[l] = append(byLevel[l], m)
	}
	sort.Ints(levels)
	// Endpoints cabled to exactly one switch (fat-tree and dragonfly
	// hosts) fold per switch; multi-homed ones (a DGX on eight rails)
	// fold as a run.
	homes := map[ir.NodeID]map[ir.NodeID]bool{}
	if len(byLevel[0]) > MaxDetailMembers {
		for _, m := range byLevel[0] {
			homes[m] = map[ir.NodeID]bool{}
		}
		for id := range g.Links {
			l := &g.Links[id]
			if l.Fabric != ov.f {
				continue
			}
			ma, mb := ov.memberOf(l.A.Node), ov.memberOf(l.B.Node)
			if h, ok := homes[ma]; ok && g.Nodes[mb].Kind.IsSwitch() {
				h[mb] = true
			}
			if h, ok := homes[mb]; ok && g.Nodes[ma].Kind.IsSwitch() {
				h[ma] = true
			}
		}
		for _, h := range homes {
			if len(h) != 1 {
				homes = nil
				break
			}
		}
	}
	nodeOf := map[ir.NodeID]*dnode{}
	var nodes []*dnode
	// Top level first, so that endpoints can follow their switch's node.
	for li := len(levels) - 1; li >= 0; li-- {
		l := levels[li]
		ms := byLevel[l]
		if l == 0 && len(homes) > 0 {
			nodes = ov.foldPerSwitch(ms, homes, prefix, nodes, nodeOf)
			continue
		}
		for _, run := range runsByModel(g, ms) {
			nodes = ov.drawRun(run, l, prefix, nodes, nodeOf)
		}
	}
	// Bundles: inside–inside by node pair, inside–outside by node and group.
	type key struct{ a, b string }
	bundles := map[key]*bundle{}
	rails := map[key]int32{}
	var order []key
	outside := map[int]*dnode{}
	for id := range g.Links {
		l := &g.Links[id]
		if l.Fabric != ov.f {
			continue
		}
		ma, mb := ov.memberOf(l.A.Node), ov.memberOf(l.B.Node)
		na, nb := nodeOf[ma], nodeOf[mb]
		if na == nil && nb == nil {
			continue
		}
		if na == nil || nb == nil {
			if na == nil {
				na, nb, ma, mb = nb, na, mb, ma
			}
			gid := int(ov.groupOf[mb])
			o := outside[gid]
			if o == nil {
				gr := ov.groups[gid]
				lines := ov.groupLabel(gr)
				o = &dnode{id: "o" + strconv.Itoa(gid), level: ov.tierLevelOfGroup(gr), fill: "#ffffff", dashed: true, lines: lines[:min(len(lines), 3)]}
				outside[gid] = o
			}
			nb = o
		}
		if na == nb {
			continue // links inside a folded run (none in the families built so far)
		}
		lo, hi := na, nb
		if hi.level < lo.level || (hi.level == lo.level && hi.id < lo.id) {
			lo, hi = hi, lo
		}
		k := key{lo.id, hi.id}
		b := bundles[k]
		if b == nil {
			b = &bundle{}
			bundles[k] = b
			order = append(order, k)
		}
		first := b.links == 0
		b.addLink(l)
		// A bundle takes its rail's colour only when all its links share it.
		if r := railOfLink(g, l); first {
			rails[k] = r
		} else if rails[k] != r {
			rails[k] = ir.None
		}
	}
	outIDs := make([]int, 0, len(outside))
	for gid := range outside {
		outIDs = append(outIDs, gid)
	}
	sort.Ints(outIDs)
	// Other units' groups at a level this unit also has (a dragonfly's
	// other groups) go on a rank of their own above, so their links do
	// not run along the unit's own rank.
	top := levels[len(levels)-1]
	for _, gid := range outIDs {
		if o := outside[gid]; len(byLevel[o.level]) > 0 {
			o.level = top + 1
		}
	}
	for _, gid := range outIDs {
		nodes = append(nodes, outside[gid])
	}
	hasRails := false
	for _, r := range rails {
		hasRails = hasRails || r != ir.None
	}
	single := map[string]bool{}
	var singleRates []string
	for _, k := range order {
		if b := bundles[k]; b.links == 1 && !single[rateShort(b.total)] {
			single[rateShort(b.total)] = true
			singleRates = append(singleRates, rateShort(b.total))
		}
	}
	lines := []string{ov.title(what + " in detail"),
		"members one by one; a dashed box is a folded run of members or another unit's group"}
	if len(singleRates) > 0 {
		lines = append(lines, "an unlabelled line is one link ("+strings.Join(singleRates, ", ")+")")
	}
	if hasRails {
		lines = append(lines, "line colour = rail of the switch end")
	}
	w := newWriter(ov.fab.Name+" "+what,
		lbl(lines...), r("labelloc", "t"), r("fontsize", "14"), a("fontname", fontName),
		r("rankdir", "BT"), r("nodesep", "0.25"), r("ranksep", "1.0"), r("newrank", "true"), a("outputorder", "edgesfirst"))
	w.defaults("node", a("shape", "box"), a("style", "rounded,filled"), a("fontname", fontName), r("fontsize", "10"), a("margin", "0.1,0.04"), a("color", "#37474f"))
	w.defaults("edge", a("dir", "none"), a("fontname", fontName), r("fontsize", "8"), a("color", colEdge), a("fontcolor", "#263238"))
	rank := map[int][]string{}
	var rankLevels []int
	for _, n := range nodes {
		attrs := []attr{lbl(n.lines...), a("fillcolor", n.fill)}
		if n.dashed {
			attrs = append(attrs, a("style", "rounded,filled,dashed"))
		}
		w.node(n.id, attrs...)
		if _, ok := rank[n.level]; !ok {
			rankLevels = append(rankLevels, n.level)
		}
		rank[n.level] = append(rank[n.level], n.id)
	}
	sort.Ints(rankLevels)
	for _, l := range rankLevels {
		w.sameRank(rank[l])
	}
	levelOf := map[string]int{}
	for _, n := range nodes {
		levelOf[n.id] = n.level
	}
	for _, k := range order {
		b := bundles[k]
		attrs := []attr{}
		if b.links > 1 {
			attrs = append(attrs, lbl(b.text()))
		}
		if r := rails[k]; r != ir.None {
			attrs = append(attrs, a("color", railColours[int(r)%len(railColours)]))
		}
		if levelOf[k.a] == levelOf[k.b] {
			attrs = append(attrs, r("constraint", "false"))
		}
		w.edge(k.a, k.b, attrs...)
	}
	return w.bytes()
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
func (ov *overview) foldPerSwitch(ms []ir.NodeID, homes map[ir.NodeID]map[ir.NodeID]bool, prefix string, nodes []*dnode, nodeOf map[ir.NodeID]*dnode) []*dnode {
	g := ov.g
	// Keyed by the switch's node, so the endpoints of a folded run of
	// switches fold together too.
	bySwitch := map[any]*dnode{}
	first := map[*dnode]ir.NodeID{}
	last := map[*dnode]ir.NodeID{}
	for _, m := range ms {
		var sw ir.NodeID
		for s := range homes[m] {
			sw = s // exactly one
		}
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
		if dn.members > 1 {
			lastName := strings.TrimPrefix(g.Nodes[last[dn]].Name, prefix)
			if i := strings.LastIndex(name, "/"); i >= 0 && strings.HasPrefix(lastName, name[:i+1]) {
				lastName = lastName[i+1:]
			}
			name += " … " + lastName
			dn.dashed = true
		}
		dn.lines = []string{name, "(" + units.Count(dn.members) + " " + memberNoun(&g.Nodes[f]) + ")"}
	}
	return nodes
}

// memberNoun is the plural noun for a run of members like n.
func memberNoun(n *ir.Node) string {
	switch {
	case n.Kind.IsSwitch():
		return "switches"
	case n.Kind == ir.KindHost && n.Role == ir.RoleServer:
		return "servers"
	case n.Kind == ir.KindHost:
		return "hosts"
	}
	return n.Kind.String() + "s"
}

// tierLevel is a switch's level in its fabric (1 + tier index).
func (ov *overview) tierLevel(n *ir.Node) int {
	for i, t := range ov.fab.Tiers {
		if t == n.Tier {
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
	case n.Kind == ir.KindHost && n.Role == ir.RoleServer:
		return colServer
	}
	return colEndpoint
}
