package dot

import (
	"sort"
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// MaxUnits is the number of units of one kind (pods, scalable units,
// groups, racks) an overview draws one by one. Beyond it the overview
// draws the first two and the last, and folds the ones between into one
// node per tier ("su02 … su14"), so the picture has the same size at 16
// scalable units as at 256. A readability choice, not a published number.
const MaxUnits = 12

// elided is the unit index of a folded group.
const elided = -2

// unitRef names a structural unit: its kind ("pod", "su", "group",
// "rack", or "rail" for switches placed per rail only) and index, or ""
// and ir.None for none.
type unitRef struct {
	kind  string
	index int32
}

// groupKey identifies one overview node: a level (0 endpoints, i+1 the
// fabric's tier i), a plane (or ir.None), and a unit (index elided for a
// folded range).
type groupKey struct {
	level int
	plane int32
	unit  unitRef
}

// group is one overview node: the members (switches, servers, hosts) of
// one unit at one level.
type group struct {
	id  int
	key groupKey
	// first and last are the unit indices a folded group covers.
	first, last int32
	units       int // units folded into this group (1 when not folded)
	members     int
	models      map[string]int // members by model (or kind/role)
	parts       map[string]int // endpoint components by kind ("NIC", "GPU")
	rails       map[int32]bool
	tier        string
	// internal holds links with both ends in the group, by link kind.
	internal map[string]*bundle
	switches bool
	// failed counts the members a what-if scenario fails.
	failed int
}

// overview is a fabric aggregated into groups and bundles.
type overview struct {
	g   *ir.Graph
	f   ir.FabricID
	fab *ir.Fabric
	// heatFrom names the traffic a heatmap shows (emit.Input.LinkLoadsFrom).
	heatFrom string
	groups   []*group
	// edges are bundles between two groups, key [lower, higher] group id.
	edges map[[2]int]*bundle
	// groupOf maps a member node to its group id (-1 when not in the fabric).
	groupOf []int32
	// memberOf maps a fabric node to the member it is drawn as: itself,
	// or the server a component (NIC, GPU) sits in.
	memberOf func(ir.NodeID) ir.NodeID
	// levelOf gives a member's level.
	level []int8
	// width is the digit count of the largest index per unit kind, for names.
	width map[string]int
	// folded lists unit kinds that were folded, with the folded range.
	folded []string
	// links counts the fabric's links; capacity sums them.
	links    int
	capacity float64
	switches int
	merged   bool // dragonfly: endpoints drawn inside their group
	loads    []float64
	// failure is the what-if scenario counted in groups and bundles, or
	// nil.
	failure *emit.Failure
}

// aggregate groups fabric f of g by level, plane and unit, and bundles its
// links between groups. loads, when not nil, holds load ÷ capacity per
// LinkID. Cost O(nodes + links).
func aggregate(g *ir.Graph, f ir.FabricID, loads []float64) *overview {
	fab := &g.Fabrics[f]
	ov := &overview{g: g, f: f, fab: fab, edges: map[[2]int]*bundle{}, width: map[string]int{},
		merged: fab.Family == ir.FamilyDragonfly, loads: loads}
	tierLevel := map[string]int{}
	for i, t := range fab.Tiers {
		tierLevel[t] = i + 1
	}
	ov.memberOf = func(n ir.NodeID) ir.NodeID {
		nd := &g.Nodes[n]
		if !nd.Kind.IsSwitch() && nd.Parent != ir.None {
			return nd.Parent
		}
		return n
	}
	const unset = -1
	ov.level = make([]int8, len(g.Nodes))
	unit := make([]unitRef, len(g.Nodes))
	plane := make([]int32, len(g.Nodes))
	inFabric := make([]bool, len(g.Nodes))
	for i := range ov.level {
		ov.level[i] = unset
	}
	levelOf := func(n ir.NodeID) int {
		nd := &g.Nodes[n]
		if !nd.Kind.IsSwitch() {
			return 0
		}
		if l, ok := tierLevel[nd.Tier]; ok {
			return l
		}
		return len(fab.Tiers) + 1
	}
	// Members, their levels, own units and planes.
	var members []ir.NodeID
	for id := range g.Links {
		l := &g.Links[id]
		if l.Fabric != f {
			continue
		}
		ov.links++
		ov.capacity += l.CapacityBPS
		for _, end := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			m := ov.memberOf(end)
			if inFabric[m] {
				continue
			}
			inFabric[m] = true
			members = append(members, m)
			nd := &g.Nodes[m]
			ov.level[m] = int8(levelOf(end))
			plane[m] = nd.Plane
			switch {
			case nd.Unit != "":
				unit[m] = unitRef{nd.Unit, nd.UnitIndex}
			case nd.Kind.IsSwitch() && nd.Rail != ir.None:
				unit[m] = unitRef{"rail", nd.Rail}
			default:
				unit[m] = unitRef{"", ir.None}
			}
		}
	}
	// Endpoints without a unit of their own take the unit of the first
	// switch they are cabled to that has one (a DGX is in the scalable
	// unit of its leaves), in LinkID order so the choice is stable.
	for id := range g.Links {
		l := &g.Links[id]
		if l.Fabric != f {
			continue
		}
		ma, mb := ov.memberOf(l.A.Node), ov.memberOf(l.B.Node)
		for _, p := range [2][2]ir.NodeID{{ma, mb}, {mb, ma}} {
			e, s := p[0], p[1]
			if ov.level[e] == 0 && unit[e].kind == "" && ov.level[s] > 0 && g.Nodes[s].Unit != "" {
				unit[e] = unitRef{g.Nodes[s].Unit, g.Nodes[s].UnitIndex}
			}
		}
	}
	if ov.merged {
		for _, m := range members {
			ov.level[m] = 1
		}
	}
	// Fold unit kinds with more than MaxUnits units.
	indices := map[string][]int32{}
	seenIdx := map[unitRef]bool{}
	for _, m := range members {
		u := unit[m]
		if u.kind != "" && !seenIdx[u] {
			seenIdx[u] = true
			indices[u.kind] = append(indices[u.kind], u.index)
		}
	}
	keep := map[unitRef]bool{}
	foldRange := map[string][2]int32{}
	kinds := make([]string, 0, len(indices))
	for k := range indices {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		idx := indices[k]
		sort.Slice(idx, func(i, j int) bool { return idx[i] < idx[j] })
		ov.width[k] = len(strconv.Itoa(int(idx[len(idx)-1])))
		if len(idx) <= MaxUnits {
			for _, i := range idx {
				keep[unitRef{k, i}] = true
			}
			continue
		}
		for _, i := range []int32{idx[0], idx[1], idx[len(idx)-1]} {
			keep[unitRef{k, i}] = true
		}
		foldRange[k] = [2]int32{idx[2], idx[len(idx)-2]}
		ov.folded = append(ov.folded, k+ov.pad(k, idx[2])+" … "+k+ov.pad(k, idx[len(idx)-2])+
			" ("+strconv.Itoa(len(idx)-3)+" "+k+" units) are drawn as one node per tier")
	}
	// Groups.
	byKey := map[groupKey]*group{}
	memberKey := make(map[ir.NodeID]groupKey, len(members))
	for _, m := range members {
		u := unit[m]
		if u.kind != "" && !keep[u] {
			u.index = elided
		}
		k := groupKey{level: int(ov.level[m]), plane: plane[m], unit: u}
		memberKey[m] = k
		gr := byKey[k]
		if gr == nil {
			gr = &group{key: k, models: map[string]int{}, parts: map[string]int{}, rails: map[int32]bool{},
				internal: map[string]*bundle{}, first: unit[m].index, last: unit[m].index}
			if u.index == elided {
				r := foldRange[u.kind]
				gr.first, gr.last = r[0], r[1]
				gr.units = int(r[1]-r[0]) + 1
			} else {
				gr.units = 1
			}
			byKey[k] = gr
		}
		gr.members++
		nd := &g.Nodes[m]
		if nd.Kind.IsSwitch() {
			gr.switches = true
			gr.tier = nd.Tier
			ov.switches++
			if nd.Rail != ir.None {
				gr.rails[nd.Rail] = true
			}
		}
		name := memberModel(nd)
		if nd.Kind.IsSwitch() && nd.Model == "" && ov.merged {
			name = nd.Tier // the dragonfly group label has no tier line
		}
		gr.models[name]++
	}
	if len(foldRange) > 0 {
		// A folded group covers only the indices that exist.
		for _, gr := range byKey {
			if gr.key.unit.index == elided {
				gr.units = 0
				for _, i := range indices[gr.key.unit.kind] {
					if i >= gr.first && i <= gr.last {
						gr.units++
					}
				}
			}
		}
	}
	for _, gr := range byKey {
		ov.groups = append(ov.groups, gr)
	}
	sort.Slice(ov.groups, func(i, j int) bool { return lessKey(ov.groups[i], ov.groups[j]) })
	ov.groupOf = make([]int32, len(g.Nodes))
	for i := range ov.groupOf {
		ov.groupOf[i] = -1
	}
	for i, gr := range ov.groups {
		gr.id = i
	}
	for _, m := range members {
		ov.groupOf[m] = int32(byKey[memberKey[m]].id)
	}
	// Components per group (NICs of servers, GPUs of trays), and bundles.
	counted := make([]bool, len(g.Nodes))
	for id := range g.Links {
		l := &g.Links[id]
		if l.Fabric != f {
			continue
		}
		for _, end := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			if m := ov.memberOf(end); m != end && !counted[end] {
				counted[end] = true
				ov.groups[ov.groupOf[m]].parts[partName(&g.Nodes[end])]++
			}
		}
		ga, gb := int(ov.groupOf[ov.memberOf(l.A.Node)]), int(ov.groupOf[ov.memberOf(l.B.Node)])
		var b *bundle
		if ga == gb {
			gr := ov.groups[ga]
			if b = gr.internal[string(l.Kind)]; b == nil {
				b = &bundle{}
				gr.internal[string(l.Kind)] = b
			}
		} else {
			if ga > gb {
				ga, gb = gb, ga
			}
			k := [2]int{ga, gb}
			if b = ov.edges[k]; b == nil {
				b = &bundle{}
				ov.edges[k] = b
			}
		}
		b.addLink(l)
		if loads != nil {
			b.addLoad(loads[id], int(l.Physical()))
		}
	}
	return ov
}

// markFailure counts fl's failed members per group and failed links per
// bundle, and reports whether fl touches the fabric at all.
func (ov *overview) markFailure(fl *emit.Failure) bool {
	ov.failure = fl
	touched := false
	g := ov.g
	for n, dead := range fl.Nodes {
		if dead && ov.groupOf[n] >= 0 && ov.memberOf(ir.NodeID(n)) == ir.NodeID(n) {
			ov.groups[ov.groupOf[n]].failed++
			touched = true
		}
	}
	for id := range g.Links {
		l := &g.Links[id]
		if l.Fabric != ov.f || !fl.Links[id] {
			continue
		}
		touched = true
		ga, gb := int(ov.groupOf[ov.memberOf(l.A.Node)]), int(ov.groupOf[ov.memberOf(l.B.Node)])
		if ga == gb {
			ov.groups[ga].internal[string(l.Kind)].failed += int(l.Physical())
			continue
		}
		ov.edges[[2]int{min(ga, gb), max(ga, gb)}].failed += int(l.Physical())
	}
	return touched
}

// lessKey orders groups by level, plane, unit kind, then unit index, a
// folded group between the units it sits between.
func lessKey(x, y *group) bool {
	a, b := x.key, y.key
	if a.level != b.level {
		return a.level < b.level
	}
	if a.plane != b.plane {
		return a.plane < b.plane
	}
	if a.unit.kind != b.unit.kind {
		return a.unit.kind < b.unit.kind
	}
	return x.first < y.first
}

// memberModel is how a member is counted in its group's label: its model
// ("QM9700", "DGX-H100"), else its role ("ufm"), else its kind ("host").
func memberModel(n *ir.Node) string {
	switch {
	case n.Model != "":
		return n.Model
	case n.Role != ir.RoleNone:
		return string(n.Role)
	}
	return n.Kind.String()
}

// partName names an endpoint component kind for labels: "NIC", "GPU".
func partName(n *ir.Node) string {
	switch n.Kind {
	case ir.KindNIC:
		return "NIC"
	case ir.KindGPU:
		return "GPU"
	case ir.KindCPU:
		return "CPU"
	}
	return n.Kind.String()
}

// pad formats a unit index zero-padded to the width of the largest index
// of its kind, as the compiler names units ("su03" of 16).
func (ov *overview) pad(kind string, i int32) string {
	s := strconv.Itoa(int(i))
	if w := ov.width[kind]; len(s) < w {
		s = strings.Repeat("0", w-len(s)) + s
	}
	return s
}

// unitTitle is "su03", "rail2", "su02 … su14", or "" for no unit.
func (ov *overview) unitTitle(gr *group) string {
	u := gr.key.unit
	if u.kind == "" {
		return ""
	}
	if u.index == elided {
		return u.kind + ov.pad(u.kind, gr.first) + " … " + u.kind + ov.pad(u.kind, gr.last)
	}
	return u.kind + ov.pad(u.kind, u.index)
}

// countLines lists "N × model" lines, most numerous first, then by name.
func countLines(m map[string]int) []string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		if m[names[i]] != m[names[j]] {
			return m[names[i]] > m[names[j]]
		}
		return names[i] < names[j]
	})
	out := make([]string, len(names))
	for i, k := range names {
		out[i] = units.Count(m[k]) + " × " + k
	}
	return out
}

// railText is "rail 3", "rails 0–7", or "rails 0, 2, 5".
func railText(rails map[int32]bool) string {
	if len(rails) == 0 {
		return ""
	}
	rs := make([]int, 0, len(rails))
	for r := range rails {
		rs = append(rs, int(r))
	}
	sort.Ints(rs)
	if len(rs) == 1 {
		return "rail " + strconv.Itoa(rs[0])
	}
	if rs[len(rs)-1]-rs[0] == len(rs)-1 {
		return "rails " + strconv.Itoa(rs[0]) + "–" + strconv.Itoa(rs[len(rs)-1])
	}
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = strconv.Itoa(r)
	}
	return "rails " + strings.Join(parts, ", ")
}
