package dot

import (
	"sort"
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// Component colours of server-model views (a presentation choice).
var kindFill = map[ir.Kind]string{
	ir.KindGPU:        "#c7e9c0",
	ir.KindNVSwitch:   "#74c476",
	ir.KindCPU:        "#c6dbef",
	ir.KindPCIeSwitch: "#eeeeee",
	ir.KindNIC:        "#fdd0a2",
}

// modelLevel ranks components top-down: CPUs, PCIe switches, GPUs, then
// NICs beside the NVSwitches, then the fabrics the server is cabled to.
// GPUs and NICs on rows of their own keep the picture about half as wide
// as one row of both (a DGX H100: 8 GPUs, then 10 NICs), nearer a
// slide's shape.
func modelLevel(k ir.Kind) int {
	switch k {
	case ir.KindCPU:
		return 0
	case ir.KindPCIeSwitch:
		return 1
	case ir.KindGPU:
		return 2
	case ir.KindNIC, ir.KindNVSwitch:
		return 3
	}
	return 2
}

// nvswitchGroup is the DOT id of a server's NVSwitch chips drawn as one
// node: every GPU's links to all of them are one bundle, where one edge
// per GPU and chip (32 in a DGX H100) would tangle into a band no one
// can follow.
const nvswitchGroup = "nvs"

// linkKindName labels a server-internal link kind in views.
var linkKindName = map[ir.LinkKind]string{ir.LinkNVLink: "NVLink", ir.LinkPCIe: "PCIe", ir.LinkC2C: "C2C", ir.LinkCPUCPU: "CPU–CPU"}

// modelViews draws one server of each model (the first in NodeID order):
// its components, the links between them with parallel links bundled, and
// its links to each fabric as one edge per component.
func modelViews(g *ir.Graph) []detail {
	children := map[ir.NodeID][]ir.NodeID{}
	var servers []ir.NodeID
	for i := range g.Nodes {
		p := g.Nodes[i].Parent
		if p == ir.None {
			continue
		}
		if _, ok := children[p]; !ok {
			servers = append(servers, p)
		}
		children[p] = append(children[p], ir.NodeID(i))
	}
	sort.Slice(servers, func(i, j int) bool { return servers[i] < servers[j] })
	var out []detail
	seen := map[string]bool{}
	for _, s := range servers {
		model := memberModel(&g.Nodes[s])
		if seen[model] {
			continue
		}
		seen[model] = true
		out = append(out, detail{name: model, dot: modelDOT(g, s, children[s])})
	}
	return out
}

func modelDOT(g *ir.Graph, server ir.NodeID, kids []ir.NodeID) []byte {
	srv := &g.Nodes[server]
	in := map[ir.NodeID]bool{server: true}
	for _, k := range kids {
		in[k] = true
	}
	type key struct {
		a, b string
		kind string
	}
	bundles := map[key]*bundle{}
	var order []key
	// With two NVSwitch chips or more, the chips are one node; perChip
	// counts the first GPU's links to each chip for its label (the split
	// is the model's, nvlink_per_switch, the same for every GPU).
	nvsCount, firstGPU := 0, ir.NodeID(ir.None)
	for _, k := range kids {
		switch g.Nodes[k].Kind {
		case ir.KindNVSwitch:
			nvsCount++
		case ir.KindGPU:
			if firstGPU == ir.None {
				firstGPU = k
			}
		}
	}
	grouped := nvsCount >= 2
	perChip := map[ir.NodeID]int{}
	// gpuOf is the first GPU under each PCIe switch, nicUp each NIC's
	// PCIe switch: a NIC is drawn in its GPU's column.
	gpuOf, nicUp := map[ir.NodeID]ir.NodeID{}, map[ir.NodeID]ir.NodeID{}
	stubs := map[ir.FabricID]map[string]bool{} // fabric -> far-end tiers
	var stubOrder []ir.FabricID
	// peer marks the bundles between two GPUs (a direct NVLink mesh,
	// node_model nvlink_peer): drawn with a width for their links rather
	// than a label each, which a cube-mesh's crossing arcs would leave
	// ambiguous.
	peer := map[key]bool{}
	internal := map[ir.LinkKind]*bundle{}
	var internalKinds []ir.LinkKind
	// Links touching the server's components: a link appears in the
	// adjacency of both ends, so walk the link list once.
	for _, l := range g.AllLinks() {
		ia, ib := in[l.A.Node], in[l.B.Node]
		if !ia && !ib {
			continue
		}
		a, b := "n"+strconv.Itoa(int(l.A.Node)), "n"+strconv.Itoa(int(l.B.Node))
		kind := l.Kind
		if ia && ib {
			if modelLevel(g.Nodes[l.B.Node].Kind) < modelLevel(g.Nodes[l.A.Node].Kind) || g.Nodes[l.A.Node].Kind == ir.KindNVSwitch {
				a, b = b, a
			}
			if grouped && l.Kind == ir.LinkNVLink {
				gpu, chip := l.A.Node, l.B.Node
				if g.Nodes[gpu].Kind == ir.KindNVSwitch {
					gpu, chip = chip, gpu
				}
				if g.Nodes[chip].Kind == ir.KindNVSwitch {
					if gpu == firstGPU {
						perChip[chip] += int(l.Physical())
					}
					b = nvswitchGroup
				}
			}
			for _, k := range [2]ir.NodeID{l.A.Node, l.B.Node} {
				if sw := l.Other(k); g.Nodes[sw].Kind == ir.KindPCIeSwitch {
					switch g.Nodes[k].Kind {
					case ir.KindGPU:
						if _, ok := gpuOf[sw]; !ok {
							gpuOf[sw] = k
						}
					case ir.KindNIC:
						nicUp[k] = sw
					}
				}
			}
			ib := internal[l.Kind]
			if ib == nil {
				ib = &bundle{}
				internal[l.Kind] = ib
				internalKinds = append(internalKinds, l.Kind)
			}
			ib.addLink(&l)
		} else {
			far := l.B.Node
			if ib {
				a, far = b, l.A.Node
			}
			if stubs[l.Fabric] == nil {
				stubs[l.Fabric] = map[string]bool{}
				stubOrder = append(stubOrder, l.Fabric)
			}
			stubs[l.Fabric][farName(&g.Nodes[far])] = true
			b = "f" + strconv.Itoa(int(l.Fabric))
			kind = 0 // a stub: one edge per far end, whatever its kinds
		}
		k := key{a, b, kind.String()}
		bd := bundles[k]
		if bd == nil {
			bd = &bundle{}
			bundles[k] = bd
			order = append(order, k)
		}
		bd.addLink(&l)
		if ia && ib && l.Kind == ir.LinkNVLink && g.Nodes[l.A.Node].Kind == ir.KindGPU && g.Nodes[l.B.Node].Kind == ir.KindGPU {
			peer[k] = true
		}
	}
	// Counts for the title.
	count := map[ir.Kind]int{}
	for _, k := range kids {
		count[g.Nodes[k].Kind]++
	}
	var parts []string
	for _, c := range []struct {
		k         ir.Kind
		one, many string
	}{{ir.KindGPU, "GPU", "GPUs"}, {ir.KindNVSwitch, "NVSwitch", "NVSwitches"}, {ir.KindCPU, "CPU", "CPUs"},
		{ir.KindPCIeSwitch, "PCIe switch", "PCIe switches"}, {ir.KindNIC, "NIC", "NICs"}} {
		if count[c.k] > 0 {
			parts = append(parts, units.CountOf(count[c.k], c.one, c.many))
		}
	}
	ir.SortLinkKinds(internalKinds)
	var links []string
	for _, k := range internalKinds {
		name := linkKindName[k]
		if name == "" {
			name = k.String()
		}
		links = append(links, name+" "+internal[k].text())
	}
	title := []string{"server model " + memberModel(srv) + " (drawn: " + srv.Name + ")", strings.Join(parts, " · ")}
	if len(links) > 0 {
		title = append(title, "inside: "+strings.Join(links, " · "))
	}
	pairs, widest, thinnest := 0, 0, 0
	for k := range peer {
		l := bundles[k].links
		if pairs == 0 || l < thinnest {
			thinnest = l
		}
		pairs, widest = pairs+1, max(widest, l)
	}
	if pairs > 0 {
		line := "GPU–GPU NVLink mesh: " + units.CountOf(pairs, "pair", "pairs")
		switch {
		case widest > thinnest:
			line += "; line width: links per pair (" + strconv.Itoa(thinnest) + " to " + strconv.Itoa(widest) + ")"
		default:
			line += ", " + units.CountOf(widest, "link", "links") + " each"
		}
		title = append(title, line)
	}
	w := newWriter(memberModel(srv),
		lbl(title...), r("labelloc", "t"), r("fontsize", "14"), a("fontname", fontName),
		r("rankdir", "TB"), r("nodesep", "0.2"), r("ranksep", "0.8"), r("newrank", "true"), a("outputorder", "edgesfirst"))
	w.defaults("node", a("shape", "box"), a("style", "rounded,filled"), a("fontname", fontName), r("fontsize", "10"), a("margin", "0.1,0.04"), a("color", "#37474f"))
	w.defaults("edge", a("dir", "none"), a("fontname", fontName), r("fontsize", "8"), a("color", colEdge), a("fontcolor", "#263238"))
	rank := map[int][]string{}
	var chips []ir.NodeID
	for _, k := range orderComponents(g, kids, in) {
		nd := &g.Nodes[k]
		if grouped && nd.Kind == ir.KindNVSwitch {
			chips = append(chips, k)
			continue
		}
		id := "n" + strconv.Itoa(int(k))
		w.node(id, lbl(componentLabel(nd, srv.Name)...), a("fillcolor", kindFill[nd.Kind]))
		rank[modelLevel(nd.Kind)] = append(rank[modelLevel(nd.Kind)], id)
	}
	if grouped {
		w.node(nvswitchGroup, lbl(nvswitchLabel(g, srv.Name, chips, perChip)...), a("fillcolor", kindFill[ir.KindNVSwitch]))
		rank[modelLevel(ir.KindNVSwitch)] = append(rank[modelLevel(ir.KindNVSwitch)], nvswitchGroup)
	}
	for _, f := range stubOrder {
		name := "internal"
		if f != ir.None {
			name = g.Fabrics[f].Name
		}
		far := make([]string, 0, len(stubs[f]))
		for t := range stubs[f] {
			far = append(far, t)
		}
		sort.Strings(far)
		id := "f" + strconv.Itoa(int(f))
		w.node(id, lbl("fabric "+name, "to "+strings.Join(far, ", ")), a("fillcolor", "#ffffff"), a("style", "rounded,filled,dashed"))
		rank[4] = append(rank[4], id)
	}
	for l := 0; l <= 4; l++ {
		w.sameRank(rank[l])
	}
	// A NIC sits below the GPU of its PCIe switch: an invisible heavy
	// edge keeps the pair in one column.
	for _, k := range kids {
		if sw, ok := nicUp[k]; ok {
			if gpu, ok := gpuOf[sw]; ok {
				w.edge("n"+strconv.Itoa(int(gpu)), "n"+strconv.Itoa(int(k)), a("style", "invis"), r("weight", "8"))
			}
		}
	}
	for _, k := range order {
		b := bundles[k]
		var attrs []attr
		switch {
		case peer[k]:
			attrs = append(attrs, a("penwidth", strconv.FormatFloat(1+1.5*float64(b.links-1), 'g', -1, 64)))
		case b.links > 1:
			// Single links are summarised in the title; a label on each
			// of dozens of PCIe links would bury the picture.
			attrs = append(attrs, lbl(b.short()))
		}
		if k.kind == "nvlink" {
			attrs = append(attrs, a("color", "#31a354"))
		} else if k.kind == "" {
			attrs = append(attrs, a("style", "dashed"))
		}
		w.edge(k.a, k.b, attrs...)
	}
	return w.bytes()
}

// nvswitchLabel labels the NVSwitch chips drawn as one node: their count
// and model, their names, and how one GPU's links spread over them.
func nvswitchLabel(g *ir.Graph, server string, chips []ir.NodeID, perChip map[ir.NodeID]int) []string {
	lines := []string{strconv.Itoa(len(chips)) + " × NVSwitch"}
	if m := g.Nodes[chips[0]].ModelName(); m != "" {
		lines[0] += " (" + m + ")"
	}
	sep := " … " // a run of chips
	if len(chips) == 2 {
		sep = ", "
	}
	names := strings.TrimPrefix(g.Nodes[chips[0]].Name, server+"/") + sep + strings.TrimPrefix(g.Nodes[chips[len(chips)-1]].Name, server+"/")
	var split []string
	for _, c := range chips {
		split = append(split, strconv.Itoa(perChip[c]))
	}
	return append(lines, names, "each GPU's links to them: "+strings.Join(split, ", "))
}

// orderComponents sorts a server's components for drawing: by level,
// then by the CPU they hang off, then devices behind a PCIe switch before
// those attached to the CPU directly, grouped by their upstream device
// (so a PCIe switch sits above its own GPU and NIC), GPUs before NICs,
// then by NodeID.
func orderComponents(g *ir.Graph, kids []ir.NodeID, in map[ir.NodeID]bool) []ir.NodeID {
	up := map[ir.NodeID]ir.NodeID{}
	for _, l := range g.AllLinks() {
		if !in[l.A.Node] || !in[l.B.Node] {
			continue
		}
		a, b := l.A.Node, l.B.Node
		if modelLevel(g.Nodes[a].Kind) > modelLevel(g.Nodes[b].Kind) {
			a, b = b, a
		}
		if _, ok := up[b]; !ok && modelLevel(g.Nodes[a].Kind) < modelLevel(g.Nodes[b].Kind) {
			up[b] = a
		}
	}
	type sortKey struct {
		level    int
		root     ir.NodeID
		direct   bool
		upstream ir.NodeID
		kind     ir.Kind
		id       ir.NodeID
	}
	keyOf := func(n ir.NodeID) sortKey {
		k := sortKey{level: modelLevel(g.Nodes[n].Kind), root: n, upstream: n, kind: g.Nodes[n].Kind, id: n}
		if u, ok := up[n]; ok {
			k.upstream = u
			k.root = u
			k.direct = g.Nodes[u].Kind == ir.KindCPU
			for i := 0; i < 8; i++ { // walk to the CPU; server trees are shallow
				r, ok := up[k.root]
				if !ok {
					break
				}
				k.root = r
			}
		}
		return k
	}
	out := append([]ir.NodeID(nil), kids...)
	sort.SliceStable(out, func(i, j int) bool {
		x, y := keyOf(out[i]), keyOf(out[j])
		switch {
		case x.level != y.level:
			return x.level < y.level
		case x.root != y.root:
			return x.root < y.root
		case x.direct != y.direct:
			return !x.direct
		case x.upstream != y.upstream:
			return x.upstream < y.upstream
		case x.kind != y.kind:
			return x.kind < y.kind // ir.KindGPU before ir.KindNIC
		}
		return x.id < y.id
	})
	return out
}

// componentLabel is "gpu3 / H100", "nic0 / ConnectX-7 / compute · rail 0"
// ("… · rail 0 · plane 3" for a NIC of a multi-plane fabric).
func componentLabel(n *ir.Node, server string) []string {
	lines := []string{strings.TrimPrefix(n.Name, server+"/")}
	if n.ModelName() != "" {
		lines = append(lines, n.ModelName())
	}
	var extra []string
	if n.RoleName() != ir.RoleNone {
		extra = append(extra, string(n.RoleName()))
	}
	if n.Rail != ir.None {
		extra = append(extra, "rail "+strconv.Itoa(int(n.Rail)))
	}
	if n.Plane != ir.None {
		extra = append(extra, "plane "+strconv.Itoa(int(n.Plane)))
	}
	if len(extra) > 0 {
		lines = append(lines, strings.Join(extra, " · "))
	}
	return lines
}

// farName names what a server's link reaches outside it: a switch tier
// ("leaf", "nvswitch") or a kind.
func farName(n *ir.Node) string {
	if n.TierName() != "" {
		return n.TierName()
	}
	return n.Kind.String()
}
