package cableplan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// Rack placement for the cable plan (docs/cabling.md, "Placement").
//
// Servers stay in the racks their node_group's rack block gives them;
// servers without one, and implicit hosts, fill new racks. Switches that
// belong to a unit (a pod, scalable unit, dragonfly group, Clos unit) are a
// placement group: the group sits at the top of its servers' rack when it
// fits there (top of rack), otherwise in network racks inserted in the row
// beside the median rack of the servers it serves, as in NVIDIA's SuperPOD
// rows (leaf rack in the middle, cabling.md §4, S33). Switches of no unit
// (spines, cores) fill central network racks in a row of their own in the
// middle of the hall. Rows hold up to RowRacks racks and are not split
// inside one unit's block of racks where the block fits in a row.

// Default geometry (cabling.md §2 and §3). Each is a modelling assumption;
// the sources are the ones the reference names.
var defaultLayout = ir.Layout{
	RackUnits:     48,      // NVIDIA's minimum rack for DGX (≥48U), cabling.md §2, S31 [secondary]
	UnitM:         0.04445, // 1U = 44.45 mm, EIA-310; cabling.md §2, S39 [secondary]
	RowRacks:      20,      // rows of at most 20 racks; cabling.md §2, S37
	SlotPitchM:    0.6,     // W: 600 mm rack width, NVIDIA minimum; cabling.md §3, S31
	RowPitchM:     4.27,    // P: "7-tile" row pitch; cabling.md §3, S38 [secondary]
	TrayM:         0.30,    // T: tray above the rack top; cabling.md §3 [unconfirmed]
	LateralM:      0.30,    // E: half a rack width to the side cable manager; cabling.md §3
	SlackM:        0.5,     // S: slack per end; cabling.md §3 [assumption], BICSI S35
	RoutingFactor: 0.10,    // k: +10% for bends and drops; cabling.md §3 [unconfirmed]
}

// serverFillU is the rack height servers may fill when a rack's server
// count is not given: 32U of a 48U rack, leaving room for power and
// top-of-rack gear. A modelling assumption; it gives NVIDIA's 4 DGX H100
// (8U) per rack (cabling.md §4, S31).
const serverFillU = 32

// rackShape is a server's height and how many share a rack by default.
type rackShape struct{ height, perRack int32 }

// serverShapes gives the height (U) and default servers per rack of the
// built-in node models (cabling.md §4).
var serverShapes = map[string]rackShape{
	"DGX-H100":                 {8, 4},  // 8U (S26); up to 4 per rack (S31 [secondary], S45)
	"DGX-B200":                 {10, 2}, // 10U (S27); 2 per rack (S23)
	"GB200-NVL72-compute-tray": {1, 18}, // 1RU trays, 18 per NVL72 rack (S24, S28)
	"HGX-H100":                 {8, 4},  // [assumption]: an 8-GPU HGX server, as DGX-H100
	"ND-H100-v5":               {8, 4},  // [assumption]: an HGX H100 host
	"DGX-A100":                 {6, 4},  // [unconfirmed]: 6U; 4 per rack as DGX-H100
}

// switchHeights gives the height (U) of the built-in switch models.
var switchHeights = map[string]int32{
	"QM9700":       1, // "QM97XX 1U" system manual (catalogue K1) [src]
	"QM9790":       1, // as QM9700, K1 [src]
	"SN5600":       2, // "Spectrum-4 SN5000 2U Switch Systems" manual [src]
	"Quantum-X800": 4, // Q3400 [unconfirmed]
	"TH5-64x800G":  2, // [assumption]: 64 OSFP800 cages, as SN5600
}

// Heights of devices the design gives no size for; modelling assumptions.
const (
	implicitHostU = 2 // a 2U server per implicit host: 16 per rack at serverFillU
	applianceU    = 1 // UFM and other appliances
)

// placer holds the placement being built.
type placer struct {
	s   *state
	g   *ir.Graph
	lay ir.Layout
	// mountOf indexes mounts by node (-1: not mounted).
	mountOf []int32
	mounts  []ir.Mount
	// racks holds every rack by ID.
	racks map[int32]*rackState
	// compute lists compute rack IDs in row order (sorted IDs).
	compute []int32
	nextID  int32
	// anchor is a node's position in compute (-1: none).
	anchor []int32
	adj    adjacency
	// devices are the nodes of no parent (servers, hosts, switches,
	// appliances), in id order: the passes that place devices read them
	// alone, not every node (545,792 at 131,072 GPUs, of which 21,504
	// are devices).
	devices []ir.NodeID
	// cables are the cable links (isCable) in id order, found once for
	// the adjacency and the cable plan (cableLegs), which read no other
	// link: a pass over the graph's links yields the server internals'
	// runs and every fabric's links.
	cables []ir.LinkID
	// roots are the devices at the ends of each cable link (root of its
	// A and B ends, 2i and 2i+1 for cables[i]), found once for the
	// adjacency and the routes.
	roots []ir.NodeID
}

// rackState is a rack being filled: servers and hosts stack up from U1,
// switches and appliances down from the top.
type rackState struct {
	id          int32
	role        string
	bottom, top int32 // U used from the bottom and from the top
	row, slot   int32
	pos         int32 // position in compute, -1 for network racks
}

// group is a placement group of switches (and the appliances on them).
type group struct {
	members []ir.NodeID
	tier    int // lowest tier index of a member
	first   ir.NodeID
	anchor  int32
	lo, hi  int32 // span of compute positions served
	edge    bool  // serves servers or hosts directly
	racks   []int32
}

// adjacency is the cable graph between mounted nodes, in CSR form.
type adjacency struct {
	off []int32
	nb  []ir.NodeID
}

func (a adjacency) of(n ir.NodeID) []ir.NodeID { return a.nb[a.off[n]:a.off[n+1]] }

// root returns the mounted device a node belongs to: a component's server.
func root(g *ir.Graph, n ir.NodeID) ir.NodeID {
	for g.Nodes[n].Parent != ir.None {
		n = g.Nodes[n].Parent
	}
	return n
}

// isCable reports whether link l is a physical cable: a fabric link that
// is not NVLink over a backplane (docs/reference/design-brief.md "Link").
func isCable(g *ir.Graph, l *ir.Link) bool {
	return l.Fabric != ir.None && g.Fabrics[l.Fabric].Family != ir.FamilyNVLinkDomain
}

func newPlacer(s *state) *placer {
	g := s.g
	p := &placer{s: s, g: g, lay: defaultLayout, racks: map[int32]*rackState{},
		mountOf: make([]int32, len(g.Nodes)), anchor: make([]int32, len(g.Nodes))}
	for i := range p.mountOf {
		p.mountOf[i], p.anchor[i] = -1, -1
	}
	for i := range g.Nodes {
		if g.Nodes[i].Parent == ir.None {
			p.devices = append(p.devices, ir.NodeID(i))
		}
	}
	deg := make([]int32, len(g.Nodes)+1)
	for id, l := range g.AllFabricLinks() {
		if isCable(g, &l) {
			a, b := root(g, l.A.Node), root(g, l.B.Node)
			if len(p.cables) == cap(p.cables) {
				// Doubled, where append grows a large slice by a
				// quarter: five times the final size allocated in all,
				// 22 MB at 131,072 GPUs, against twice.
				p.cables, p.roots = slices.Grow(p.cables, len(p.cables)+1), slices.Grow(p.roots, len(p.roots)+2)
			}
			p.cables, p.roots = append(p.cables, id), append(p.roots, a, b)
			deg[a]++
			deg[b]++
		}
	}
	off := make([]int32, len(g.Nodes)+1)
	for i := range g.Nodes {
		off[i+1] = off[i] + deg[i]
	}
	nb := make([]ir.NodeID, off[len(g.Nodes)])
	fill := slices.Clone(off[:len(g.Nodes)])
	for i := range p.cables {
		a, b := p.roots[2*i], p.roots[2*i+1]
		nb[fill[a]], nb[fill[b]] = b, a
		fill[a]++
		fill[b]++
	}
	p.adj = adjacency{off: off, nb: nb}
	return p
}

func (p *placer) rack(id int32, role string) *rackState {
	r, ok := p.racks[id]
	if !ok {
		r = &rackState{id: id, role: role, pos: -1}
		p.racks[id] = r
	}
	return r
}

func (p *placer) newRack(role string) *rackState {
	r := p.rack(p.nextID, role)
	p.nextID++
	return r
}

// mountBottom stacks node n of height h on top of what rack r holds.
func (p *placer) mountBottom(n ir.NodeID, r *rackState, h int32) {
	p.mountOf[n] = int32(len(p.mounts))
	p.mounts = append(p.mounts, ir.Mount{Node: n, Rack: r.id, U: r.bottom + 1, Height: h})
	r.bottom += h
	p.g.Nodes[n].Rack = r.id
}

// mountTop hangs node n of height h below what rack r holds at its top.
func (p *placer) mountTop(n ir.NodeID, r *rackState, h int32) {
	r.top += h
	p.mountOf[n] = int32(len(p.mounts))
	p.mounts = append(p.mounts, ir.Mount{Node: n, Rack: r.id, U: p.lay.RackUnits - r.top + 1, Height: h})
	p.g.Nodes[n].Rack = r.id
}

func (p *placer) free(r *rackState) int32 { return p.lay.RackUnits - r.bottom - r.top }

// place runs the placement and returns the racks and mounts.
func (p *placer) place() {
	p.placeServers()
	p.placeHosts()
	p.indexCompute()
	p.placeFixed()
	p.placeDirectRouters()
	groups, central := p.groupSwitches()
	p.placeGroups(groups)
	p.layoutRows(groups, central)
	// Components share their server's rack.
	for i := range p.g.Nodes {
		n := &p.g.Nodes[i]
		if n.Parent != ir.None {
			n.Rack = p.g.Nodes[root(p.g, ir.NodeID(i))].Rack
		}
	}
}

// placeServers racks every node group's servers: in the racks the design
// gives, then new racks for groups without a rack block.
func (p *placer) placeServers() {
	for _, sg := range p.s.Groups {
		for _, sv := range sg.Servers {
			if r := p.g.Nodes[sv].Rack; r != ir.None {
				p.nextID = max(p.nextID, r+1)
			}
		}
	}
	for _, sg := range p.s.Groups {
		shape := serverShape(sg)
		var cur *rackState
		in := int32(0)
		full := false
		for _, sv := range sg.Servers {
			var r *rackState
			if id := p.g.Nodes[sv].Rack; id != ir.None {
				r = p.rack(id, "compute")
			} else {
				if cur == nil || in == shape.perRack {
					cur, in = p.newRack("compute"), 0
				}
				r = cur
				in++
			}
			p.mountBottom(sv, r, shape.height)
			if r.bottom > p.lay.RackUnits && !full {
				full = true
				rng := sg.PerRackRange
				p.s.diags = append(p.s.diags, diag.Warning(diag.RackFull, rng, "Rack over its height",
					fmt.Sprintf("node_group %q puts %s in rack %d, which then needs %dU of a %dU rack (%dU per %s server); lower per_rack, or the cable lengths of servers above the rack top are estimates.",
						sg.Name, p.g.Nodes[sv].Name, r.id, r.bottom, p.lay.RackUnits, shape.height, sg.Model)))
			}
		}
	}
}

// serverShape returns the height and default rack share of a group's
// servers: the built-in table, else 8U for 8-GPU servers and 2U for others
// (modelling assumptions), filling serverFillU.
func serverShape(sg Group) rackShape {
	if sh, ok := serverShapes[sg.Model]; ok {
		return sh
	}
	h := int32(2)
	if sg.GPUs >= 8 {
		h = 8
	}
	return rackShape{h, max(1, serverFillU/h)}
}

// placeHosts racks implicit hosts (fat-tree and dragonfly terminals, Clos
// hosts, custom hosts): implicitHostU each, serverFillU per rack, and a new
// rack where the host's unit (pod, group) changes.
func (p *placer) placeHosts() {
	per := int32(serverFillU / implicitHostU)
	var cur *rackState
	in := int32(0)
	var last *ir.Node // the host before: a new fabric or unit starts a rack
	for _, i := range p.devices {
		n := &p.g.Nodes[i]
		if n.Kind != ir.KindHost || n.RoleName() != ir.RoleNone || p.mountOf[i] >= 0 {
			continue
		}
		if cur == nil || in == per || n.UnitName() != last.UnitName() || n.UnitIndex != last.UnitIndex || !slices.Equal(n.FabricIDs(), last.FabricIDs()) {
			cur, in = p.newRack("compute"), 0
		}
		last = n
		p.mountBottom(i, cur, implicitHostU)
		in++
	}
}

// indexCompute fixes the row order of the compute racks (by ID) and
// anchors every mounted server and host at its rack's position.
func (p *placer) indexCompute() {
	for id := range p.racks {
		p.compute = append(p.compute, id)
	}
	slices.Sort(p.compute)
	for pos, id := range p.compute {
		p.racks[id].pos = int32(pos)
	}
	for _, m := range p.mounts {
		p.anchor[m.Node] = p.racks[m.Rack].pos
	}
}

// placeFixed mounts the switches the design puts in a given rack (custom
// `rack = N`) at the top of that compute rack, before any other switch is
// placed, so a top-of-rack switch's links to the servers below it are
// in-rack cables. A rack that holds no servers is an error at the
// argument; one over its height a rack-full warning, as for servers.
func (p *placer) placeFixed() {
	ids := make([]ir.NodeID, 0, len(p.s.FixedRack))
	for id := range p.s.FixedRack {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		n := &p.g.Nodes[id]
		rng := p.s.FixedRack[id]
		r, ok := p.racks[n.Rack]
		if !ok || r.pos < 0 {
			p.s.diags = append(p.s.diags, diag.Error(diag.InvalidValue, rng, "No such rack",
				fmt.Sprintf("%s is to go in rack %d, which holds no servers; racks are numbered as node groups' rack blocks fill them (first, per_rack), or as the cabling stage racks servers without one.", n.Name, n.Rack)))
			n.Rack = ir.None
			continue
		}
		h := switchHeight(n)
		if p.free(r) < h {
			// Mounting it anyway would put two devices in one rack unit.
			p.s.diags = append(p.s.diags, diag.Error(diag.InvalidValue, rng, "Rack full",
				fmt.Sprintf("%s (%dU) does not fit in rack %d: %dU of its %dU are free. Put fewer switches or servers in that rack (per_rack), or the switch in another rack.", n.Name, h, r.id, max(p.free(r), 0), p.lay.RackUnits)))
			n.Rack = ir.None
			continue
		}
		p.mountTop(id, r, h)
		p.anchor[id] = r.pos
	}
}

// placeDirectRouters mounts each router of a torus at the top of the
// rack of its first terminal: a direct network's router sits with the
// nodes it serves (on their blade or board, as a TPU-style chip is its
// own router), so its terminal links are in-rack cables, not runs to a
// central network rack. A router that no longer fits there goes the
// usual way (its unit's group, else central). A modelling assumption.
func (p *placer) placeDirectRouters() {
	g := p.g
	for f := range g.Fabrics {
		if g.Fabrics[f].Family != ir.FamilyTorus {
			continue
		}
		for _, id := range g.FabricLinks(ir.FabricID(f)) {
			l := g.Link(id)
			if l.Kind != ir.LinkTerminal {
				continue
			}
			router, host := l.B.Node, l.A.Node
			if p.mountOf[router] >= 0 || p.mountOf[host] < 0 {
				continue
			}
			r := p.racks[p.mounts[p.mountOf[host]].Rack]
			if h := switchHeight(&g.Nodes[router]); r != nil && p.free(r) >= h {
				p.mountTop(router, r, h)
				p.anchor[router] = r.pos
			}
		}
	}
}

// switchHeight returns a switch's height in rack units: the built-in
// table, else 1U per 64 ports (a modelling assumption).
func switchHeight(n *ir.Node) int32 {
	if h, ok := switchHeights[n.ModelName()]; ok {
		return h
	}
	return max(1, (n.Radix+63)/64)
}

// groupSwitches forms the placement groups: switches of one unit of one
// fabric (pod, SU, group). It computes each group's anchor, the lower
// median of the compute positions of what its switches connect to below
// them (servers and hosts, or switches of a lower tier), in tier order, so
// upper-tier unit groups anchor on the groups below them; links within a
// tier (dragonfly local and global links) do not pull a group. Switches of
// no unit, groups with nothing placed below them, appliances on central
// switches, and any other cabled device not yet placed go to the central
// list.
func (p *placer) groupSwitches() ([]*group, []ir.NodeID) {
	g := p.g
	byKey := map[string]*group{}
	var groups []*group
	var central []ir.NodeID
	groupOf := make(map[ir.NodeID]*group)
	assigned := make([]bool, len(g.Nodes))
	// tier is each switch's tierIndex; -1 for a node that is no switch.
	tier := make([]int32, len(g.Nodes))
	for i := range tier {
		tier[i] = -1
	}
	for _, i := range p.devices {
		n := &g.Nodes[i]
		if n.Kind != ir.KindSwitch {
			continue
		}
		assigned[i] = true
		tier[i] = int32(tierIndex(g, n))
		if p.mountOf[i] >= 0 {
			continue // mounted where the design says (placeFixed)
		}
		if n.UnitName() == "" || len(n.FabricIDs()) == 0 {
			central = append(central, i)
			continue
		}
		// Planes are racked apart: a rack's power or cooling must not
		// take a unit's switches of every plane (the dual-plane design
		// exists to survive losing one).
		k := fmt.Sprint(n.FabricIDs()[0], "/", n.UnitName(), "/", n.UnitIndex, "/", n.Plane)
		gr, ok := byKey[k]
		if !ok {
			gr = &group{first: i, tier: 1 << 30}
			byKey[k] = gr
			groups = append(groups, gr)
		}
		gr.members = append(gr.members, i)
		gr.tier = min(gr.tier, int(tier[i]))
		groupOf[i] = gr
	}
	slices.SortStableFunc(groups, func(a, b *group) int {
		if a.tier != b.tier {
			return a.tier - b.tier
		}
		return int(a.first - b.first)
	})
	var anchored []*group
	var vals []int32
	for _, gr := range groups {
		vals = vals[:0]
		for _, m := range gr.members {
			for _, nb := range p.adj.of(m) {
				a := p.anchor[nb]
				if a < 0 {
					continue
				}
				if t := tier[nb]; t >= 0 && t >= tier[m] { // a switch of its tier or above
					continue
				}
				vals = append(vals, a)
				gr.edge = gr.edge || g.Nodes[nb].Kind == ir.KindHost
			}
		}
		if len(vals) == 0 {
			central = append(central, gr.members...)
			for _, m := range gr.members {
				delete(groupOf, m)
			}
			continue
		}
		slices.Sort(vals)
		gr.anchor, gr.lo, gr.hi = vals[(len(vals)-1)/2], vals[0], vals[len(vals)-1]
		for _, m := range gr.members {
			p.anchor[m] = gr.anchor
		}
		anchored = append(anchored, gr)
	}
	// Appliances join the group of the first switch they are cabled to.
	for _, i := range p.devices {
		n := &g.Nodes[i]
		if n.Kind != ir.KindHost || n.RoleName() == ir.RoleNone || n.RoleName() == ir.RoleServer {
			continue
		}
		assigned[i] = true
		var home *group
		for _, nb := range p.adj.of(i) {
			if gr, ok := groupOf[nb]; ok {
				home = gr
				break
			}
		}
		if home == nil {
			central = append(central, i)
			continue
		}
		home.members = append(home.members, i)
	}
	// Anything else cabled but not yet placed (NVSwitch chips cabled by a
	// custom fabric, for instance) goes central.
	for _, i := range p.devices {
		if !assigned[i] && p.mountOf[i] < 0 && p.adj.off[i+1] > p.adj.off[i] {
			central = append(central, i)
		}
	}
	slices.Sort(central)
	return anchored, central
}

// tierIndex is the position of a switch's tier in its fabric's tier list
// (0 = leaf/edge), or a large number when unknown.
func tierIndex(g *ir.Graph, n *ir.Node) int {
	for _, f := range n.FabricIDs() {
		if i := slices.Index(g.Fabrics[f].Tiers, n.TierName()); i >= 0 {
			return i
		}
	}
	return 1 << 20
}

// deviceHeight returns the rack units a switch, appliance or other
// centrally placed device takes.
func deviceHeight(n *ir.Node) int32 {
	if n.Kind == ir.KindHost {
		return applianceU
	}
	if n.Kind == ir.KindSwitch {
		return switchHeight(n)
	}
	return 1
}

// placeGroups mounts each group at the top of its single rack when it
// fits (top of rack), else in new network racks, stacked from the top.
func (p *placer) placeGroups(groups []*group) {
	for _, gr := range groups {
		need := int32(0)
		for _, m := range gr.members {
			need += deviceHeight(&p.g.Nodes[m])
		}
		if gr.lo == gr.hi {
			if r := p.racks[p.compute[gr.lo]]; p.free(r) >= need {
				for _, m := range gr.members {
					p.mountTop(m, r, deviceHeight(&p.g.Nodes[m]))
				}
				continue
			}
		}
		var cur *rackState
		for _, m := range gr.members {
			h := deviceHeight(&p.g.Nodes[m])
			if cur == nil || (p.free(cur) < h && cur.top > 0) {
				cur = p.newRack("network")
				gr.racks = append(gr.racks, cur.id)
			}
			p.mountTop(m, cur, h)
		}
	}
}

// layoutRows orders the racks into rows: compute racks in ID order, each
// group's network racks after its anchor rack; whole blocks (the racks one
// leaf group serves, merged where they overlap) per row where they fit;
// central racks in rows of their own in the middle.
func (p *placer) layoutRows(groups []*group, central []ir.NodeID) {
	// Blocks: merged spans of the groups that serve hosts directly.
	blockOf := make([]int32, len(p.compute))
	for i := range blockOf {
		blockOf[i] = int32(i)
	}
	type span struct{ lo, hi int32 }
	var spans []span
	for _, gr := range groups {
		if gr.edge {
			spans = append(spans, span{gr.lo, gr.hi})
		}
	}
	slices.SortFunc(spans, func(a, b span) int { return int(a.lo - b.lo) })
	for i := 0; i < len(spans); {
		lo, hi := spans[i].lo, spans[i].hi
		j := i + 1
		for ; j < len(spans) && spans[j].lo <= hi; j++ {
			hi = max(hi, spans[j].hi)
		}
		for k := lo; k <= hi; k++ {
			blockOf[k] = lo
		}
		i = j
	}
	after := make([][]int32, len(p.compute))
	for _, gr := range groups {
		after[gr.anchor] = append(after[gr.anchor], gr.racks...)
	}
	// The sequence of racks, cut into blocks.
	var blocks [][]int32
	for pos, id := range p.compute {
		if pos == 0 || blockOf[pos] != blockOf[pos-1] {
			blocks = append(blocks, nil)
		}
		b := &blocks[len(blocks)-1]
		*b = append(*b, id)
		*b = append(*b, after[pos]...)
	}
	limit := int(p.lay.RowRacks)
	var rows [][]int32
	for _, b := range blocks {
		if n := len(rows); n > 0 && len(rows[n-1])+len(b) <= limit {
			rows[n-1] = append(rows[n-1], b...)
			continue
		}
		for len(b) > 0 {
			k := min(len(b), limit)
			rows = append(rows, b[:k:k])
			b = b[k:]
		}
	}
	// Central network racks, filled in node order, a new rack where the
	// plane changes (planes are racked apart, as in groupSwitches).
	var crow []int32
	var cur *rackState
	plane := int32(ir.None)
	for _, n := range central {
		h := deviceHeight(&p.g.Nodes[n])
		np := p.g.Nodes[n].Plane
		if cur == nil || (p.free(cur) < h || np != plane) && cur.top > 0 {
			cur = p.newRack("network")
			crow = append(crow, cur.id)
		}
		plane = np
		p.mountTop(n, cur, h)
	}
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	var crows [][]int32
	for len(crow) > 0 {
		k := min(len(crow), limit)
		crows = append(crows, crow[:k:k])
		crow = crow[k:]
	}
	mid := len(rows) / 2
	all := slices.Concat(rows[:mid], crows, rows[mid:])
	for ri, r := range all {
		off := 0
		if ri >= mid && ri < mid+len(crows) {
			off = max(0, (width-len(r))/2)
		}
		for si, id := range r {
			rs := p.racks[id]
			rs.row, rs.slot = int32(ri), int32(off+si)
		}
	}
}

// result returns the racks and mounts in IR form, racks sorted by ID and
// named with the widest ID's width.
func (p *placer) result() ([]ir.Rack, []ir.Mount) {
	ids := make([]int32, 0, len(p.racks))
	for id := range p.racks {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	w := 1
	if len(ids) > 0 {
		w = len(fmt.Sprint(ids[len(ids)-1]))
	}
	racks := make([]ir.Rack, len(ids))
	for i, id := range ids {
		r := p.racks[id]
		racks[i] = ir.Rack{ID: id, Name: "rack" + strings.Repeat("0", w-len(fmt.Sprint(id))) + fmt.Sprint(id),
			Role: r.role, Row: r.row, Slot: r.slot, UsedU: r.bottom + r.top}
	}
	// The mounts by node, read in node order through mountOf (a node is
	// mounted once): sorting them took 0.1 s at a fat tree of k = 160
	// (1,056,000 mounts).
	mounts := make([]ir.Mount, 0, len(p.mounts))
	for _, m := range p.mountOf {
		if m >= 0 {
			mounts = append(mounts, p.mounts[m])
		}
	}
	return racks, mounts
}
