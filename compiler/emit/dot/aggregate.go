package dot

import (
	"maps"
	"slices"
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
	internal map[ir.LinkKind]*bundle
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
//
// The phases: find the members (the switches, servers and hosts the
// links reach) with their levels and units; fold the unit kinds that have
// more than MaxUnits units; put the members in groups and number the
// groups in drawing order; then count each group's components and bundle
// the links.
func aggregate(g *ir.Graph, f ir.FabricID, loads []float64) *overview {
	fab := &g.Fabrics[f]
	ov := &overview{g: g, f: f, fab: fab, edges: map[[2]int]*bundle{},
		merged: fab.Family == ir.FamilyDragonfly, loads: loads}
	links := g.FabricLinks(f)
	ov.links, ov.capacity = len(links), totalCapacity(g, links)
	ms := ov.findMembers(links)
	ov.switches = ms.switches
	ov.adoptSwitchUnits(&ms, links)
	if ov.merged {
		// A dragonfly's endpoints are drawn in the node of their group's
		// routers: every member at one level.
		for _, m := range ms.list {
			ms.level[m] = 1
		}
	}
	indices := ms.unitIndices()
	ov.width = unitWidths(indices)
	folds := foldUnits(indices)
	ov.folded = ov.foldNotes(folds)
	groups, groupOf := ov.groupMembers(ms, folds)
	ov.groups = numberGroups(groups)
	ov.groupOf = groupIDs(len(g.Nodes), groupOf)
	ov.countParts(links)
	ov.bundleLinks(links)
	return ov
}

// totalCapacity returns the capacity of links summed, bits per second
// per direction, in LinkID order (a float sum, so the order is fixed).
func totalCapacity(g *ir.Graph, links []ir.LinkID) float64 {
	var c float64
	for _, id := range links {
		c += g.Link(id).CapacityBPS
	}
	return c
}

// memberOf is the member a fabric node is drawn as: itself, or the
// server a component (NIC, GPU) sits in.
func (ov *overview) memberOf(n ir.NodeID) ir.NodeID {
	nd := &ov.g.Nodes[n]
	if !nd.Kind.IsSwitch() && nd.Parent != ir.None {
		return nd.Parent
	}
	return n
}

// levelOf is a node's level: 0 for an endpoint or a component, and
// 1 + its tier's index for a switch (tierLevel).
func (ov *overview) levelOf(n ir.NodeID) int {
	nd := &ov.g.Nodes[n]
	if !nd.Kind.IsSwitch() {
		return 0
	}
	return ov.tierLevel(nd)
}

// memberSet is what aggregate knows of a fabric's members before it
// groups them. level and unit are indexed by NodeID and hold only for
// the members.
type memberSet struct {
	list  []ir.NodeID // in the order the fabric's links first reach them
	level []int8
	unit  []unitRef
	// zoned says, in a composite fabric, how an endpoint came by its
	// zone (zoneAdopted, zoneShared); nil elsewhere.
	zoned    []int8
	switches int
}

// How an endpoint of a composite fabric came by its zone (memberSet.zoned):
// its own, adopted from the switches it is cabled to (adoptUnit), or
// none because it is in several zones (a Fire-Flyer 2 storage server
// with a NIC in each), which draws it apart from every zone.
const (
	zoneOwn int8 = iota
	zoneAdopted
	zoneShared
)

// findMembers returns the members the fabric's links reach, each with
// the level of the node its first link ends at and the unit it names
// itself (ownUnit).
func (ov *overview) findMembers(links []ir.LinkID) memberSet {
	g := ov.g
	ms := memberSet{level: make([]int8, len(g.Nodes)), unit: make([]unitRef, len(g.Nodes))}
	if ov.fab.Composite() {
		ms.zoned = make([]int8, len(g.Nodes))
	}
	seen := make([]bool, len(g.Nodes))
	for _, id := range links {
		l := g.Link(id)
		for _, end := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			m := ov.memberOf(end)
			if seen[m] {
				continue
			}
			seen[m] = true
			ms.list = append(ms.list, m)
			ms.level[m] = int8(ov.levelOf(end))
			ms.unit[m] = ownUnit(&g.Nodes[m])
			if ov.fab.Composite() {
				// A composite's units are its member fabrics (zones):
				// their own unit labels restart in each member.
				var several bool
				ms.unit[m], several = zoneOf(ov.fab, &g.Nodes[m])
				if several {
					ms.zoned[m] = zoneShared
				}
			}
			if g.Nodes[m].Kind.IsSwitch() {
				ms.switches++
			}
		}
	}
	return ms
}

// zoneOf returns the unit "zone" of a node of composite fabric f: the
// index of the one member fabric it belongs to, or none, with several
// set when it belongs to more than one.
func zoneOf(f *ir.Fabric, nd *ir.Node) (zone unitRef, several bool) {
	zone = unitRef{"", ir.None}
	for z, m := range f.Members {
		if slices.Contains(nd.FabricIDs(), m) {
			if zone.kind != "" {
				return unitRef{"", ir.None}, true
			}
			zone = unitRef{"zone", int32(z)}
		}
	}
	return zone, false
}

// ownUnit is the unit a member names itself: its structural unit, for a
// switch placed per rail only its rail, or none.
func ownUnit(nd *ir.Node) unitRef {
	switch {
	case nd.UnitName() != "":
		return unitRef{nd.UnitName(), nd.UnitIndex}
	case nd.Kind.IsSwitch() && nd.Rail != ir.None:
		return unitRef{"rail", nd.Rail}
	}
	return unitRef{"", ir.None}
}

// adoptSwitchUnits gives each endpoint without a unit of its own the
// unit of the first switch it is cabled to that has one (a DGX is in the
// scalable unit of its leaves), in LinkID order so the choice is stable.
func (ov *overview) adoptSwitchUnits(ms *memberSet, links []ir.LinkID) {
	for _, id := range links {
		l := ov.g.Link(id)
		ma, mb := ov.memberOf(l.A.Node), ov.memberOf(l.B.Node)
		ms.adoptUnit(ov.g, ma, mb)
		ms.adoptUnit(ov.g, mb, ma)
	}
}

// adoptUnit gives endpoint e switch s's unit when e has none and s has
// one: in a composite fabric, the switch's zone, and none once e is
// cabled to switches of two zones.
func (ms *memberSet) adoptUnit(g *ir.Graph, e, s ir.NodeID) {
	switch {
	case ms.level[e] != 0 || ms.level[s] == 0:
	case ms.zoned != nil && ms.zoned[e] == zoneAdopted && ms.unit[s].kind == "zone" && ms.unit[s] != ms.unit[e]:
		ms.unit[e], ms.zoned[e] = unitRef{"", ir.None}, zoneShared
	case ms.unit[e].kind != "" || ms.zoned != nil && ms.zoned[e] == zoneShared:
	case ms.unit[s].kind == "zone":
		ms.unit[e] = ms.unit[s] // a composite's server is in its switch's zone
		ms.zoned[e] = zoneAdopted
	case g.Nodes[s].UnitName() != "":
		ms.unit[e] = unitRef{g.Nodes[s].UnitName(), g.Nodes[s].UnitIndex}
	}
}

// unitIndices returns the distinct indices of each unit kind among the
// members, in ascending order: what names and folds are computed from.
func (ms memberSet) unitIndices() map[string][]int32 {
	indices := map[string][]int32{}
	seen := map[unitRef]bool{}
	for _, m := range ms.list {
		if u := ms.unit[m]; u.kind != "" && !seen[u] {
			seen[u] = true
			indices[u.kind] = append(indices[u.kind], u.index)
		}
	}
	for _, idx := range indices {
		slices.Sort(idx)
	}
	return indices
}

// unitWidths returns the digit count of each unit kind's largest index,
// the width pad writes the kind's indices in.
func unitWidths(indices map[string][]int32) map[string]int {
	width := make(map[string]int, len(indices))
	for k, idx := range indices {
		width[k] = len(strconv.Itoa(int(idx[len(idx)-1])))
	}
	return width
}

// foldRange is the run of one unit kind's units an overview folds into
// one node per tier: all but the first two and the last.
type foldRange struct {
	first, last int32 // the first and last folded index
	units       int   // the folded units: the indices that exist in the range
}

// foldUnits returns the folded range of each unit kind with more than
// MaxUnits units (indices as unitIndices returns them).
func foldUnits(indices map[string][]int32) map[string]foldRange {
	folds := map[string]foldRange{}
	for k, idx := range indices {
		if len(idx) > MaxUnits {
			folds[k] = foldRange{first: idx[2], last: idx[len(idx)-2], units: len(idx) - 3}
		}
	}
	return folds
}

// drawnUnit is the unit a member with unit u is drawn in: u, or its
// kind's folded range (index elided) when u falls in it.
func drawnUnit(u unitRef, folds map[string]foldRange) unitRef {
	if r, ok := folds[u.kind]; ok && u.index >= r.first && u.index <= r.last {
		u.index = elided
	}
	return u
}

// foldNotes returns the overview's caption lines that say which units
// are folded, by unit kind in name order.
func (ov *overview) foldNotes(folds map[string]foldRange) []string {
	var notes []string
	for _, k := range slices.Sorted(maps.Keys(folds)) {
		r := folds[k]
		notes = append(notes, ov.rangeTitle(k, r.first, r.last)+
			" ("+strconv.Itoa(r.units)+" "+k+" units) are drawn as one node per tier")
	}
	return notes
}

// groupMembers puts each member in the group of its level, plane and
// drawn unit, and returns the groups in the order of their first member
// and each member's group.
func (ov *overview) groupMembers(ms memberSet, folds map[string]foldRange) ([]*group, map[ir.NodeID]*group) {
	byKey := map[groupKey]*group{}
	var groups []*group
	groupOf := make(map[ir.NodeID]*group, len(ms.list))
	for _, m := range ms.list {
		nd := &ov.g.Nodes[m]
		k := groupKey{level: int(ms.level[m]), plane: nd.Plane, unit: drawnUnit(ms.unit[m], folds)}
		gr := byKey[k]
		if gr == nil {
			gr = newGroup(k, folds)
			byKey[k] = gr
			groups = append(groups, gr)
		}
		gr.add(nd, ov.merged)
		groupOf[m] = gr
	}
	return groups, groupOf
}

// newGroup returns an empty group for key k, spanning its unit, or for a
// folded unit its kind's folded range.
func newGroup(k groupKey, folds map[string]foldRange) *group {
	gr := &group{key: k, models: map[string]int{}, parts: map[string]int{}, rails: map[int32]bool{},
		internal: map[ir.LinkKind]*bundle{}, first: k.unit.index, last: k.unit.index, units: 1}
	if k.unit.index == elided {
		r := folds[k.unit.kind]
		gr.first, gr.last, gr.units = r.first, r.last, r.units
	}
	return gr
}

// add counts member nd in the group: by model for the label, and a
// switch's tier and rail.
func (gr *group) add(nd *ir.Node, merged bool) {
	gr.members++
	name := memberModel(nd)
	if nd.Kind.IsSwitch() {
		gr.switches = true
		gr.tier = nd.TierName()
		if nd.Rail != ir.None {
			gr.rails[nd.Rail] = true
		}
		if nd.ModelName() == "" && merged {
			name = nd.TierName() // the dragonfly group label has no tier line
		}
	}
	gr.models[name]++
}

// numberGroups returns the groups sorted by lessKey, the order they are
// drawn in, each with its index there as id.
func numberGroups(groups []*group) []*group {
	sort.Slice(groups, func(i, j int) bool { return lessKey(groups[i], groups[j]) })
	for i, gr := range groups {
		gr.id = i
	}
	return groups
}

// groupIDs returns each of n nodes' group id, -1 for a node that is no
// member.
func groupIDs(n int, groupOf map[ir.NodeID]*group) []int32 {
	ids := make([]int32, n)
	for i := range ids {
		ids[i] = -1
	}
	for m, gr := range groupOf {
		ids[m] = int32(gr.id)
	}
	return ids
}

// countParts counts the components on the fabric (NICs of servers, GPUs
// of trays) in their member's group, each once.
func (ov *overview) countParts(links []ir.LinkID) {
	counted := make([]bool, len(ov.g.Nodes))
	for _, id := range links {
		l := ov.g.Link(id)
		for _, end := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			if m := ov.memberOf(end); m != end && !counted[end] {
				counted[end] = true
				ov.groups[ov.groupOf[m]].parts[partName(&ov.g.Nodes[end])]++
			}
		}
	}
}

// bundleLinks adds each link to its bundle (bundleOf), with its load
// when loads are known, in LinkID order so the sums are stable.
func (ov *overview) bundleLinks(links []ir.LinkID) {
	for _, id := range links {
		l := ov.g.Link(id)
		b := ov.bundleOf(&l)
		b.addLink(&l)
		if ov.loads != nil {
			b.addLoad(ov.loads[id], int(l.Physical()))
		}
	}
}

// bundleOf returns the bundle link l is counted in, made on first use:
// its group's internal bundle of l's kind when both ends are in one
// group, else the edge between its two groups.
func (ov *overview) bundleOf(l *ir.Link) *bundle {
	lo, hi := ov.groupPair(l)
	if lo == hi {
		return bundleAt(ov.groups[lo].internal, l.Kind)
	}
	return bundleAt(ov.edges, [2]int{lo, hi})
}

// groupPair returns the group ids of l's two ends, the lower first.
func (ov *overview) groupPair(l *ir.Link) (lo, hi int) {
	ga, gb := int(ov.groupOf[ov.memberOf(l.A.Node)]), int(ov.groupOf[ov.memberOf(l.B.Node)])
	return min(ga, gb), max(ga, gb)
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
	for id, l := range g.AllLinks() {
		if l.Fabric != ov.f || !fl.Links[id] {
			continue
		}
		touched = true
		lo, hi := ov.groupPair(&l)
		if lo == hi {
			ov.groups[lo].internal[l.Kind].failed += int(l.Physical())
			continue
		}
		ov.edges[[2]int{lo, hi}].failed += int(l.Physical())
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
	case n.ModelName() != "":
		return n.ModelName()
	case n.RoleName() != ir.RoleNone:
		return string(n.RoleName())
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
		return ov.rangeTitle(u.kind, gr.first, gr.last)
	}
	return ov.unitName(u.kind, u.index)
}

// rangeTitle names a run of units of one kind: "su02 … su14".
func (ov *overview) rangeTitle(kind string, first, last int32) string {
	return ov.unitName(kind, first) + " … " + ov.unitName(kind, last)
}

// unitName names one unit: "su03"; a zone of a composite fabric by its
// member fabric's name, as the text output names it.
func (ov *overview) unitName(kind string, index int32) string {
	if kind == "zone" && index >= 0 && int(index) < len(ov.fab.Members) {
		return ov.g.Fabrics[ov.fab.Members[index]].Name
	}
	return kind + ov.pad(kind, index)
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
