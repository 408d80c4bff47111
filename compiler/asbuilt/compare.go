package asbuilt

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// Options tune Compare.
type Options struct {
	// Map maps a discovered NodeDescription (or device id) to a design
	// node name, before the naming conventions are tried; SetApart (the
	// name "-") marks a device that belongs to no design slot, such as a
	// UFM or management host.
	Map map[string]string
	// IgnoreSpeed skips the speed comparison (ibsim reports every link
	// at SDR); widths are still compared.
	IgnoreSpeed bool
	// IgnoreState skips the link state check (a simulated fabric with no
	// subnet manager, ibsim's, leaves every link Initialize).
	IgnoreState bool
	// File names the discovery file in messages.
	File string
	// CableID names the cable plan's cable of a design link ("compute-0042",
	// ir.Graph.CableID), "" for none; nil reads the graph's plan where it
	// has one (a caller that releases the plan keeps the ids this way).
	CableID func(ir.LinkID) string
}

// Result is the comparison of one fabric with its discovery.
type Result struct {
	// Diags are the findings, in a stable order: devices, then links in
	// design order, then unplanned links in file order.
	Diags hcl.Diagnostics
	// Matched counts the design devices and links found as designed;
	// Devices and Links count the design's.
	MatchedDevices, MatchedLinks, Devices, Links int
	// ByPosition counts adapters matched by their cable, not their name.
	ByPosition int
	// SetApart counts discovered devices that belong to no design slot by
	// nature (SHARP aggregation nodes) or by the map (Options.Map's "-");
	// OtherFabric those named as devices of another fabric of the design
	// (a NetBox CSV of every fabric read against one), also set apart.
	SetApart, OtherFabric int
	// MissingSwitches lists the design switches not discovered, and
	// Absent the design links the fabric as cabled lacks
	// (absentAsBuilt: not cabled between their two devices at any port,
	// trained narrower or slower than designed or not active, or at a switch not
	// discovered), each in ID order; links no discovery file could see
	// are in neither. Failing both on the design gives a graph every
	// link of which the fabric really has at its designed rate: an
	// analysis of it bounds the as-built fabric from below (a cable
	// between other devices than designed only adds capacity somewhere).
	MissingSwitches []ir.NodeID
	Absent          []ir.LinkID
	// Extra are the cables found between design devices beyond those the
	// design's links account for (a cable moved to another switch, an
	// unplanned one), as links of the fabric (extraLinks): with them,
	// ir.Graph.Rewired(failure of the above, Extra) is the fabric as
	// cabled.
	Extra []ir.Link
	// Unseen counts the design links no discovery file could see (LLDP
	// files missing for both their switches), left out of the comparison.
	Unseen int
}

// endKey is a design device's port, numbered as ir.Graph.PortNumbers
// numbers it (as discovery does).
type endKey struct {
	node ir.NodeID
	port int
}

// Compare checks fabric f of the design against a discovered topology:
// which devices and cables are missing, unplanned, miswired (a cable at
// the right port to the wrong peer), swapped (two cables exchanged) or
// degraded (a width or speed below the design's). Each finding is a
// diagnostic with a stable asbuilt-* code at the design line that made
// the link or device, naming both ends in design terms.
//
// Discovered devices are matched to design devices by NodeDescription:
// Options.Map first; then the description itself; a switch's
// "MF0;<host>:<model>/U<n>" by its host; an adapter's "<host> <hca>" as
// "<host>/<hca>", the hca a NIC's design name or the device name (mlx5_5)
// its node model states; each also with '/' written '-' (Slurm and hostnames) and
// in any case. An adapter that matches no name but sits on a matched
// switch port the design cables to a single adapter is matched by that
// cable (asbuilt-unnamed-device, info). SHARP aggregation nodes are set
// apart; any other unmatched device is asbuilt-extra-device. Switches
// the files identify by name alone (LLDP) whose names name one design
// switch are one switch (foldAliases); two GUIDs with one name are two.
func Compare(g *ir.Graph, f ir.FabricID, topo *Topology, opt Options) Result {
	c := newComparison(g, f, topo, opt)
	c.netNames = nicNetNames(g)
	byName := designNames(g, c.devices, c.netNames)
	topo = foldAliases(g, topo, opt.Map, byName)
	c.topo = topo // c.orig keeps the devices as the files name them
	// A file that lists another switch's cables: read as that switch's
	// where it has no file of its own, else set aside (misnamedFiles).
	misnamed := c.misnamedFiles()
	adopt, suspect := map[string]string{}, map[string]bool{}
	for file, other := range misnamed {
		if topo.Covered[other] {
			suspect[file] = true
		} else {
			adopt[file] = other
		}
	}
	if len(adopt) > 0 {
		topo = foldAliases(g, adoptFiles(c.orig, adopt), opt.Map, byName)
		c.topo = topo
	}
	if len(suspect) > 0 {
		topo = withoutFiles(topo, suspect)
		c.topo, c.setAside = topo, suspect
	}
	c.add(plannedNotes(g, f, topo, opt)...)
	if n := len(topo.Twice); n > 0 {
		c.add(diag.Warning(diag.AsbuiltDiscovery, g.Range(g.Fabrics[f].Origin), "Two files of one switch",
			fmt.Sprintf("%s: %s and %s name one switch. Their cables are taken together, and where they differ the first file's is compared; keep one file per switch.",
				units.CountOf(n, "pair of LLDP files", "pairs of LLDP files"), topo.Twice[0][0], topo.Twice[0][1])))
	}
	// Disagreements a set-aside file made are its warning's, not these.
	var conflicts []string
	for _, pd := range topo.disputes {
		if !suspect[pd.first.dev] && !suspect[pd.second.dev] && !suspect[pd.at.dev] {
			conflicts = append(conflicts, pd.String())
		}
	}
	if n := len(conflicts); n > 0 {
		c.add(diag.Warning(diag.AsbuiltDiscovery, g.Range(g.Fabrics[f].Origin), "Discovery files disagree",
			fmt.Sprintf("%s of %s %s: %s. The first file's cable is compared; recollect LLDP on both switches (one of the files is stale, or a cable moved between collections).",
				units.CountOf(n, "port", "ports"), opt.File, units.Agree(n, "is described two ways", "are described two ways"), conflicts[0])))
	}

	unmatched := c.matchByName(byName)
	if len(c.match) == 0 {
		// Nothing matched by name: a naming problem, not a fabric of
		// missing devices; one finding says so and shows both namings.
		c.add(c.noNameMatches())
		return c.r
	}
	// Named switch ports (LLDP) numbered on the switches matched by name,
	// before adapters are matched by the switch port they are cabled to.
	c.add(c.numberPorts()...)
	c.add(c.oneWay(suspect)...)
	cables, linksAt := cablesByDevice(topo, unmatched)
	c.reportExtra(c.matchByCable(unmatched, cables, linksAt), cables)
	// The rest of the findings in Result.Diags' order: missing devices,
	// then the design's links, then cables the design does not have.
	covered, visible := c.coverage()
	missing := c.reportMissingDevices(visible)
	found := c.mapLinks()
	swapped := c.reportSwapped(found, missing)
	unseen := c.reportUnseen(covered)
	c.r.Unseen = len(unseen)
	c.reportLinks(found, swapped, unseen, missing)
	c.reportUnplanned(found)
	c.add(c.unusedMapLines()...)
	return c.r
}

// unusedMapLines is the note for the map lines that name no discovered
// device (UnusedMapKeys), leaving out those whose design device was not
// found at all: its missing-device finding says so. A note, not a
// warning: every design device such a line names was found some other
// way, so the fabric is no different for it, and verify's exit status
// (1 on a warning) stays the fabric's.
func (c *comparison) unusedMapLines() hcl.Diagnostics {
	if len(c.opt.Map) == 0 {
		return nil
	}
	byName := map[string]ir.NodeID{}
	for _, n := range c.devices {
		byName[c.g.Nodes[n].Name] = n
	}
	var unused []string
	for _, k := range UnusedMapKeys(c.opt.Map, c.orig) {
		if n, ok := byName[c.opt.Map[k]]; ok && c.taken[n] == "" {
			continue
		}
		unused = append(unused, k)
	}
	if len(unused) == 0 {
		return nil
	}
	return hcl.Diagnostics{diag.Info(diag.AsbuiltDiscovery, c.g.Range(c.g.Fabrics[c.f].Origin), "Map lines that name no discovered device",
		fmt.Sprintf("%s of the --map file %s no device of %s, such as %q: a misspelt description or GUID, or a stale line. Check %s against the discovery file. (A line for a design device discovery did not find at all is not counted here; that device is reported missing.)",
			units.CountOf(len(unused), "line", "lines"), units.Agree(len(unused), "names", "name"), c.opt.File, unused[0], units.Agree(len(unused), "it", "them")))}
}

// plannedNotes says what a NetBox CSV's status column left out
// (Topology.Planned) or that it records no built cable at all
// (Topology.OnlyPlanned), as asbuilt-discovery warnings at the fabric.
func plannedNotes(g *ir.Graph, f ir.FabricID, topo *Topology, opt Options) hcl.Diagnostics {
	rng := g.Range(g.Fabrics[f].Origin)
	var out hcl.Diagnostics
	if n := topo.Decommissioning; n > 0 {
		out = append(out, diag.Warning(diag.AsbuiltDiscovery, rng, "Cables being decommissioned",
			fmt.Sprintf("%s of %s %s NetBox status decommissioning: still cabled, so compared as built, but on their way out; a design link among them reads as missing once it is removed.",
				units.CountOf(n, "cable row", "cable rows"), opt.File, units.Agree(n, "has", "have"))))
	}
	switch {
	case topo.OnlyPlanned:
		out = append(out, diag.Warning(diag.AsbuiltDiscovery, rng, "Every cable is planned, none built",
			fmt.Sprintf("Every cable row of %s has NetBox status planned: it is a cable plan (as --emit netbox writes it), not a record of what was cabled, and is compared as if it were built. Set each cable's status to connected in NetBox as it is cabled, and export again.", opt.File)))
	case topo.Planned > 0:
		out = append(out, diag.Warning(diag.AsbuiltDiscovery, rng, "Planned cables left out",
			fmt.Sprintf("%s of %s %s NetBox status planned (not cabled yet) and %s left out; the design links they would make read as missing until they are connected.",
				units.CountOf(topo.Planned, "cable row", "cable rows"), opt.File, units.Agree(topo.Planned, "has", "have"), units.Agree(topo.Planned, "is", "are"))))
	}
	return out
}

// comparison is one run of Compare: the design's side, the matches made
// so far, and the result being built.
type comparison struct {
	g    *ir.Graph
	f    ir.FabricID
	topo *Topology
	// orig is the topology as the files name its devices, before
	// foldAliases (the map lines a folded name used are still used).
	orig *Topology
	opt  Options
	r    Result
	// devices are the design's devices (designDevices); links its links
	// by their ends, in LinkID order; at each design port's link (an index
	// into links); linksOf each device's count of links.
	devices []ir.NodeID
	links   []dlink
	at      map[endKey]int
	linksOf map[ir.NodeID]int
	// match maps a discovered device id to its design device; taken maps
	// a design device to the id of the discovered device that took it.
	match map[string]ir.NodeID
	taken map[ir.NodeID]string
	// takenPort maps a design NIC port to the discovered device of one
	// port that took it, by its name (matchByName) or its cable
	// (takeByCable); renumbered holds the devices that took a port by
	// name, with that port (from 1), their cables numbered as it.
	takenPort  map[endKey]string
	renumbered map[string]int
	// otherKind holds the devices named as a design device of the other
	// kind (an adapter mapped to a switch), already reported: one placed
	// by its cable after that is not reported again as unnamed.
	otherKind map[string]bool
	// lanes is each switch's breakout lanes per port (ir.FabricLanes).
	lanes map[ir.NodeID]int
	// split holds the switch ports (node, port from 0) the design breaks
	// out into lanes; the rest of a switch with lanes run whole.
	split map[ir.Port]bool
	// portNames holds the names discovery gave design switch ports
	// ("Ethernet7/3" from EOS) and naming how each matched switch whose
	// file was collected on it names its ports (Device.PortNaming), so
	// findings name ports as the switch's own CLI does (port).
	portNames map[endKey]string
	naming    map[ir.NodeID]string
	// netNames holds the device and interface names node models give
	// each server NIC (nicNetNames).
	netNames map[ir.NodeID][]portName
	// held names the device compared as none of the design's at each
	// design port one is cabled to (holds).
	held map[endKey]string
	// hosts maps every alias of the design hosts' and servers' names to
	// the host, and hostDevices each host to its devices in the fabric
	// (namedHost builds both when first needed).
	hosts       map[string]ir.NodeID
	hostDevices map[ir.NodeID][]ir.NodeID
	// setAside holds the switches whose LLDP files list another's cables
	// and were set aside (misnamedFiles), by the files' names.
	setAside map[string]bool
	// untrusted holds the devices whose name another device claimed and
	// kept (resolveSameName): placed by their cables alone.
	untrusted map[string]bool
}

// dlink is a design link by its two ends.
type dlink struct {
	id   ir.LinkID
	a, b endKey
}

// far returns the end of dl other than e.
func (dl dlink) far(e endKey) endKey {
	if e == dl.a {
		return dl.b
	}
	return dl.a
}

// touches reports whether either end of dl is at one of nodes.
func (dl dlink) touches(nodes map[ir.NodeID]bool) bool {
	return nodes[dl.a.node] || nodes[dl.b.node]
}

// newComparison returns the comparison of fabric f with topo, with the
// design's devices and links and nothing matched yet.
func newComparison(g *ir.Graph, f ir.FabricID, topo *Topology, opt Options) *comparison {
	c := &comparison{g: g, f: f, topo: topo, orig: topo, opt: opt, match: map[string]ir.NodeID{}, taken: map[ir.NodeID]string{},
		takenPort: map[endKey]string{}, renumbered: map[string]int{}, otherKind: map[string]bool{}, untrusted: map[string]bool{}}
	c.devices = designDevices(g, f)
	c.links, c.at, c.linksOf = designLinks(g, f)
	c.lanes = g.FabricLanes(f)
	c.split = map[ir.Port]bool{}
	for _, id := range g.FabricLinks(f) {
		l := g.Link(id)
		for _, pt := range [2]ir.Port{l.A, l.B} {
			if g.BrokenOut(pt, &l) {
				c.split[ir.Port{Node: pt.Node, Port: pt.Port}] = true
			}
		}
	}
	c.r.Devices, c.r.Links = len(c.devices), len(c.links)
	return c
}

// add records findings.
func (c *comparison) add(ds ...*hcl.Diagnostic) { c.r.Diags = append(c.r.Diags, ds...) }

// port names a design port in findings: "leaf0 port 3", and on a switch
// whose ports are broken out or that runs Ethernet, as the cable plan
// names it too ("leaf0 port 26 (swp7s1)": port p of L lanes is swpNsL
// with N = (p−1) ÷ L + 1 and lane (p−1) mod L, ir.Graph.PortName), so a
// finding reads against the plan and the switch's own interface names.
// Where the switch names the port otherwise (EOS, SONiC), its own name
// comes first: the one discovery gave (numberPorts), else the one its
// file's naming gives ("leaf0 port 26 (Ethernet7/3, plan swp7s1)").
func (c *comparison) port(e endKey) string {
	nd := &c.g.Nodes[e.node]
	name := fmt.Sprintf("%s port %d", nd.Name, e.port)
	if label := c.label(e.node); label != "" {
		name = fmt.Sprintf("%s [%s] port %d", nd.Name, label, e.port)
	}
	if nd.Kind == ir.KindNIC {
		if host := c.hostPort(e); host != "" {
			return fmt.Sprintf("%s (%s)", name, host)
		}
		return name
	}
	lanes := max(c.lanes[e.node], 1)
	if !nd.Kind.IsSwitch() || e.port < 1 || lanes == 1 && c.g.Protocols[nd.ModelName()] != "ethernet" {
		return name
	}
	plan := planPortName(e.port, lanes)
	if phys := (e.port - 1) / lanes; lanes > 1 && !c.split[ir.Port{Node: e.node, Port: int32(phys)}] {
		plan = planPortName(phys+1, 1) // a whole port beside split ones: swp19, as the plan names it
	}
	own := c.portNames[e]
	if own == "" {
		switch c.naming[e.node] {
		case "eos":
			own = eosPortName(e.port, lanes, cageLanes(nd.PortRateBPS))
		case "sonic":
			own = sonicPortName(e.port, lanes, cageLanes(nd.PortRateBPS))
		}
	}
	if own == "" || own == plan {
		return fmt.Sprintf("%s (%s)", name, plan)
	}
	return fmt.Sprintf("%s (%s, plan %s)", name, own, plan)
}

// hostPort returns NIC port e as its server's operators name it, where
// its node model states the names: the server's hostname (else design
// name) and the port's Linux interface name on an Ethernet NIC
// ("gpu00 ens1f1np1", what LLDP and ip link show), its RDMA device name
// on any other ("dgx-01 mlx5_5", what ibstat shows), falling back to the
// other kind; "" when the model states neither.
func (c *comparison) hostPort(e endKey) string {
	nd := &c.g.Nodes[e.node]
	if nd.Parent == ir.None {
		return ""
	}
	wantIface := c.g.Protocols[nd.ModelName()] == "ethernet"
	best, rank := "", 0
	for _, pn := range c.netNames[e.node] {
		if pn.port != e.port && (pn.port != 0 || e.port != 1) {
			continue
		}
		if r := 1 + boolRank(pn.iface == wantIface); r > rank {
			best, rank = pn.name, r
		}
	}
	if best == "" {
		return ""
	}
	host, ok := c.g.Hostnames[nd.Parent]
	if !ok {
		host = c.g.Nodes[nd.Parent].Name
	}
	return host + " " + best
}

// boolRank is 1 for true, 0 for false.
func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// label returns the name design switch n goes by in discovery where that
// is not its design name in some form (a --map line took
// "MF0;A09-P1-IBSPINE-02:MQM9790/U1" for spine1): what the operator reads
// on the box and in the fabric manager. "" when discovery names it as
// the design does, or it was not found.
func (c *comparison) label(n ir.NodeID) string {
	if !c.g.Nodes[n].Kind.IsSwitch() || c.taken[n] == "" {
		return ""
	}
	d := c.topo.Device(c.taken[n])
	if d == nil {
		return ""
	}
	host := strings.TrimPrefix(d.Desc, "MF0;")
	if i := strings.IndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	short, _, _ := strings.Cut(host, ".")
	design := aliases(c.g.Nodes[n].Name)
	for _, a := range append(aliases(host), aliases(short)...) {
		if slices.Contains(design, a) {
			return ""
		}
	}
	return host
}

// planPortName is the cable plan's name of switch port p (from 1) on a
// switch whose ports split into lanes lanes: swpN, or swpNsL with N =
// (p−1) ÷ lanes + 1 and L = (p−1) mod lanes (ir.Graph.PortName).
func planPortName(p, lanes int) string {
	if lanes > 1 {
		return fmt.Sprintf("swp%ds%d", (p-1)/lanes+1, (p-1)%lanes)
	}
	return fmt.Sprintf("swp%d", p)
}

// isPlanPortName reports whether name is planPortName(p, lanes), without
// building the name: numberPorts asks it of every named port (786,432
// of them in a 131k-GPU NetBox record).
func isPlanPortName(name string, p, lanes int) bool {
	var buf [32]byte
	b := append(buf[:0], "swp"...)
	if lanes > 1 {
		b = strconv.AppendInt(b, int64((p-1)/lanes+1), 10)
		b = append(b, 's')
		b = strconv.AppendInt(b, int64((p-1)%lanes), 10)
	} else {
		b = strconv.AppendInt(b, int64(p), 10)
	}
	return string(b) == name
}

// designDevices returns the devices of fabric f that discovery reports:
// its switches, NICs and hosts, in NodeID order.
func designDevices(g *ir.Graph, f ir.FabricID) []ir.NodeID {
	var devices []ir.NodeID
	for _, n := range g.FabricNodes(f) {
		if k := g.Nodes[n].Kind; k.IsSwitch() || k == ir.KindNIC || k == ir.KindHost {
			devices = append(devices, n)
		}
	}
	return devices
}

// namesOther reports whether d names a device of others (the devices of
// the design's other fabrics, by designNames): by lookup, or, for a port
// of a multi-port NIC as the cable plan names it ("dgx0 storage0p2",
// ir.Graph.PortName), by the NIC it is a port of. Only here is the port
// read as its NIC: in the compared fabric two ports of one NIC would
// claim one design name, and the cable places them.
func namesOther(d *Device, others nameIndex) bool {
	if len(others.node) == 0 {
		return false
	}
	if _, _, ok := lookup(d, nil, others); ok {
		return true
	}
	host, iface, ok := strings.Cut(d.Desc, " ")
	if d.Switch || !ok {
		return false
	}
	if i := strings.LastIndexByte(iface, 'p'); i > 0 {
		if _, err := strconv.Atoi(iface[i+1:]); err == nil {
			nic := Device{Desc: host + " " + iface[:i]}
			_, _, ok := lookup(&nic, nil, others)
			return ok
		}
	}
	return false
}

// otherFabricDevices returns the devices of the design's fabrics other
// than f (designDevices of each) that are not devices of f too, in
// fabric then node order.
func otherFabricDevices(g *ir.Graph, f ir.FabricID) []ir.NodeID {
	mine := map[ir.NodeID]bool{}
	for _, n := range designDevices(g, f) {
		mine[n] = true
	}
	var out []ir.NodeID
	for o := range g.Fabrics {
		if ir.FabricID(o) == f {
			continue
		}
		for _, n := range designDevices(g, ir.FabricID(o)) {
			if !mine[n] {
				mine[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}

// nameIndex holds design devices by every alias of every name discovery
// may give them (deviceNames): node the device, port the port where the
// name is one port's of a multi-port NIC (its node model's device or
// interface name for that port: "mlx5_1", "ens1f1np1"), else 0.
type nameIndex struct {
	node map[string]ir.NodeID
	port map[string]int
	// host maps the names of each host or server (design name,
	// hostname, in every alias form) to its one device of one port in
	// the fabric: an adapter described "<host> <hca>" whose hca the
	// node model does not name ("h1 mlx5_0", a Linux default) is that
	// device, where its host has no other.
	host map[string]ir.NodeID
}

// designNames returns the nameIndex of devices; the first device to
// claim an alias keeps it.
func designNames(g *ir.Graph, devices []ir.NodeID, netNames map[ir.NodeID][]portName) nameIndex {
	idx := nameIndex{node: make(map[string]ir.NodeID, 4*len(devices)), port: map[string]int{}, host: map[string]ir.NodeID{}}
	for _, n := range devices {
		for _, name := range deviceNames(g, n, netNames) {
			for _, a := range aliases(name.name) {
				if _, taken := idx.node[a]; !taken {
					idx.node[a] = n
					if name.port > 0 {
						idx.port[a] = name.port
					}
				}
			}
		}
	}
	// The one-port devices that are their host's only one here.
	only := map[ir.NodeID]ir.NodeID{} // host → its one device, None if several
	for _, n := range devices {
		nd := &g.Nodes[n]
		h := n
		if nd.Kind == ir.KindNIC {
			h = nd.Parent
		}
		if nd.Kind.IsSwitch() || h == ir.None {
			continue
		}
		if _, seen := only[h]; seen || nd.Radix > 1 {
			only[h] = ir.None
			continue
		}
		only[h] = n
	}
	for h, n := range only {
		if n == ir.None {
			continue
		}
		for _, name := range hostNames(g, h) {
			for _, a := range aliases(name) {
				idx.host[a] = n
			}
		}
	}
	return idx
}

// hostNames returns the names host or server h goes by: its design name
// and its hostname (node_group), where it has one.
func hostNames(g *ir.Graph, h ir.NodeID) []string {
	names := []string{g.Nodes[h].Name}
	if hn, ok := g.Hostnames[h]; ok {
		names = append(names, hn)
	}
	return names
}

// portName is a name a design device may be discovered by, and the port
// it names (0: the device).
type portName struct {
	name string
	port int
	// iface is set on a Linux interface name (pci interfaces:
	// "ens1f1np1"), unset on a device name ("mlx5_5") or design name.
	iface bool
}

// deviceNames returns the names design device n may be discovered by:
// its design name, and for a server's NIC its name under the server's
// hostname and under its device and interface names (netNames), each
// naming the port it is the name of on a NIC of several ports.
func deviceNames(g *ir.Graph, n ir.NodeID, netNames map[ir.NodeID][]portName) []portName {
	names := []portName{{name: g.Nodes[n].Name}}
	p := g.Nodes[n].Parent
	if p == ir.None {
		return names
	}
	local := strings.TrimPrefix(g.Nodes[n].Name, g.Nodes[p].Name+"/")
	h, named := g.Hostnames[p]
	if named {
		// "<hostname> nic3": the NIC's design name under the
		// server's hostname.
		names = append(names, portName{name: h + "/" + local})
	}
	if nd := &g.Nodes[n]; nd.Kind == ir.KindNIC && nd.Radix > 1 {
		// "<server> nic0p2": port 2 of a NIC of several, as the cable
		// plan and NetBox name it (ir.Graph.PortName).
		for k := 1; k <= int(nd.Radix); k++ {
			port := local + "p" + strconv.Itoa(k)
			names = append(names, portName{name: g.Nodes[p].Name + "/" + port, port: k})
			if named {
				names = append(names, portName{name: h + "/" + port, port: k})
			}
		}
	}
	for _, nn := range netNames[n] {
		// "<host> mlx5_5" or "<host> ibp94s0", read as
		// "<host>/mlx5_5", names the NIC (or its port) whose model
		// states that device or interface name; <host> is the
		// server's design name or its hostname.
		names = append(names, portName{name: g.Nodes[p].Name + "/" + nn.name, port: nn.port})
		if h, ok := g.Hostnames[p]; ok {
			names = append(names, portName{name: h + "/" + nn.name, port: nn.port})
		}
	}
	return names
}

// designLinks returns fabric f's links by their ends, in LinkID order;
// each design port's link, as an index into links; and each device's
// count of links.
func designLinks(g *ir.Graph, f ir.FabricID) (links []dlink, at map[endKey]int, linksOf map[ir.NodeID]int) {
	number := g.PortNumbers(f)
	ids := g.FabricLinks(f)
	// Sized up front: growing maps of 786,432 ends (131k GPUs) cost more
	// than filling them.
	links = make([]dlink, 0, len(ids))
	at, linksOf = make(map[endKey]int, 2*len(ids)), make(map[ir.NodeID]int, len(ids))
	for _, id := range ids {
		l := g.Link(id)
		linksOf[l.A.Node]++
		linksOf[l.B.Node]++
		dl := dlink{id, endKey{l.A.Node, number(l.A)}, endKey{l.B.Node, number(l.B)}}
		at[dl.a], at[dl.b] = len(links), len(links)
		links = append(links, dl)
	}
	return links, at, linksOf
}

// matchByName matches each discovered device to the design device its
// names name (lookup) and returns the devices no name matched, in file
// order.
func (c *comparison) matchByName(idx nameIndex) []*Device {
	var unmatched []*Device
	var dups []sameNameClaim
	for i := range c.topo.Devices {
		d := &c.topo.Devices[i]
		n, port, ok := lookup(d, c.opt.Map, idx)
		if ok && d.Switch != c.g.Nodes[n].Kind.IsSwitch() {
			// A switch named as an adapter or the other way round
			// (a --map line on the wrong row): compared as that
			// device, every cable would be a miswire. Its own name,
			// where the map overrode one of its kind, stands.
			own, ownPort, byName := lookup(d, nil, idx)
			byName = byName && d.Switch == c.g.Nodes[own].Kind.IsSwitch()
			if !byName {
				own = ir.None
			}
			c.add(c.namedAsOtherKind(d, n, own))
			if !byName {
				c.otherKind[d.ID] = true
				unmatched = append(unmatched, d)
				continue
			}
			n, port = own, ownPort
		}
		switch {
		case !ok:
			unmatched = append(unmatched, d)
		case port > 0 && d.Ports <= 1 && c.takenPort[endKey{n, port}] == "" && (c.taken[n] == "" || c.renumbered[c.taken[n]] > 0):
			// One port of a multi-port NIC, discovered as a device of
			// its own ("dgx0 mlx5_1", an LLDP "dgx0 ens1f1np1"): it
			// takes that port, beside the NIC's other ports.
			c.match[d.ID] = n
			c.takenPort[endKey{n, port}] = d.ID
			if c.taken[n] == "" {
				c.taken[n] = d.ID
			}
			c.renumbered[d.ID] = port
		case c.taken[n] == "" && port == 0 || c.taken[n] == "" && d.Ports > 1:
			c.match[d.ID], c.taken[n] = n, d.ID
		case port == 0 && (d.Switch || d.Ports <= 1 && c.taken[n] != "" && c.renumbered[c.taken[n]] == 0):
			// A second device with the design name of one already
			// taken (a NodeDescription copied from a neighbour, a
			// cloned OS image): the one whose cables fit the design
			// keeps the name, after every name is read
			// (resolveSameName).
			dups = append(dups, sameNameClaim{d, n})
		default:
			// A second device with the same design name: neither is
			// trustworthy by name, and the first keeps it.
			first := c.taken[n]
			if port > 0 && c.takenPort[endKey{n, port}] != "" {
				first = c.takenPort[endKey{n, port}]
			}
			c.add(c.sameName(c.topo.Device(first), d, n))
		}
	}
	unmatched = append(unmatched, c.resolveSameName(dups)...)
	// Each such port's cables leave the design port its name names.
	for i := range c.topo.Links {
		l := &c.topo.Links[i]
		if p, ok := c.renumbered[l.A]; ok {
			l.APort = p
		}
		if p, ok := c.renumbered[l.B]; ok {
			l.BPort = p
		}
	}
	return unmatched
}

// sameNameClaim is a device d that names design device n, which another
// discovered device took first.
type sameNameClaim struct {
	d *Device
	n ir.NodeID
}

// resolveSameName settles each design device two discovered devices
// claim by name: the one more of whose cables fit the design's links of
// it keeps it (the first on a tie), and the other is returned, its name
// no longer trusted, to be placed by its cables (placeSwitch,
// takeByCable) where they fit another device. One asbuilt-extra-device
// warning names both.
func (c *comparison) resolveSameName(dups []sameNameClaim) []*Device {
	if len(dups) == 0 {
		return nil
	}
	cables := map[string][]Link{}
	for _, l := range c.topo.Links {
		cables[l.A] = append(cables[l.A], l)
		cables[l.B] = append(cables[l.B], Link{A: l.B, APort: l.BPort, B: l.A, BPort: l.APort})
	}
	var losers []*Device
	for _, dup := range dups {
		first := c.topo.Device(c.taken[dup.n])
		fitFirst, fitD := c.fit(cables[first.ID], dup.n), c.fit(cables[dup.d.ID], dup.n)
		keep, lose := first, dup.d
		if fitD > fitFirst {
			keep, lose = dup.d, first
			delete(c.match, first.ID)
			c.match[dup.d.ID], c.taken[dup.n] = dup.n, dup.d.ID
		}
		losers = append(losers, lose)
		c.untrusted[lose.ID] = true
		c.add(diag.Warning(diag.AsbuiltExtraDevice, c.g.Range(c.g.Nodes[dup.n].Origin), "Two devices claim one design name",
			fmt.Sprintf("%s (%s, description %q) and %s (%s, description %q) both name %s; %s, whose cables fit the design's (%d of its %d, against %d of %d), is compared as it, and %s is placed by its cables where they fit another device. Give the devices distinct NodeDescriptions.",
				first.ID, where(c.opt, first.File, first.Line), first.Desc, dup.d.ID, where(c.opt, dup.d.File, dup.d.Line), dup.d.Desc, c.g.Nodes[dup.n].Name,
				keep.ID, max(fitFirst, fitD), len(cables[keep.ID]), min(fitFirst, fitD), len(cables[lose.ID]), lose.ID)))
	}
	return losers
}

// fit counts the cables (each with the device at A) whose far end is a
// matched design port whose design link reaches design switch n.
func (c *comparison) fit(cables []Link, n ir.NodeID) int {
	k := 0
	for _, l := range cables {
		if m, ok := c.match[l.B]; ok && l.BPort > 0 {
			if i, ok := c.at[endKey{m, l.BPort}]; ok && c.links[i].far(endKey{m, l.BPort}).node == n {
				k++
			}
		}
	}
	return k
}

// placeSwitch matches switch d, which names no design switch, to the
// design switch its cables reach where the design has one: the one
// switch the design links at the far ends of most of its cables reach
// (at least two, and at least half of its cables to matched ports),
// not taken by another; the thresholds are a modelling choice, so that
// one stray cable never renames a switch. An info says so: the switch is named otherwise
// than the design (a renamed or replaced switch, a default name), but it
// stands where the design has that switch.
func (c *comparison) placeSwitch(d *Device, cables []Link) bool {
	votes := map[ir.NodeID]int{}
	seen := 0
	for _, l := range cables {
		m, ok := c.match[l.B]
		if !ok || l.BPort <= 0 {
			continue
		}
		seen++
		if i, ok := c.at[endKey{m, l.BPort}]; ok {
			if far := c.links[i].far(endKey{m, l.BPort}).node; c.g.Nodes[far].Kind.IsSwitch() {
				votes[far]++
			}
		}
	}
	best, top, second := ir.NodeID(ir.None), 0, 0
	for n, v := range votes {
		switch {
		case v > top || v == top && n < best:
			best, top, second = n, v, max(second, top)
		case v > second:
			second = v
		}
	}
	if best == ir.None || top < 2 || 2*top < seen || top == second || c.taken[best] != "" {
		return false
	}
	c.match[d.ID], c.taken[best] = best, d.ID
	c.r.ByPosition++
	c.add(diag.Info(diag.AsbuiltUnnamedDevice, c.g.Range(c.g.Nodes[best].Origin), "Switch matched by its cables",
		fmt.Sprintf("switch %s (%s, description %q) %s, but %d of its %s reach ports where the design has %s, so it is taken for that. Name it as the design does, or map it with --map.",
			d.ID, where(c.opt, d.File, d.Line), d.Desc, c.namesWhat(d, "switch"), top, units.CountOf(seen, "cable to a known device", "cables to known devices"), c.g.Nodes[best].Name)))
	return true
}

// namesWhat says what device d's name names, for findings about a device
// placed by its cables: no design device (what: "device", "switch"), or
// one another device with that name kept (resolveSameName).
func (c *comparison) namesWhat(d *Device, what string) string {
	if c.untrusted[d.ID] {
		return "has the name of a design " + what + " another device kept"
	}
	return "names no design " + what
}

// sameName is the finding that discovered devices first and d both name
// design device n.
func (c *comparison) sameName(first, d *Device, n ir.NodeID) *hcl.Diagnostic {
	return diag.Warning(diag.AsbuiltExtraDevice, c.g.Range(c.g.Nodes[n].Origin), "Two devices claim one design name",
		fmt.Sprintf("%s (%s, description %q) and %s (%s, description %q) both name %s; the first is compared as it, the second is left out. Give the devices distinct NodeDescriptions, or tell them apart with --map by id.",
			first.ID, where(c.opt, first.File, first.Line), first.Desc, d.ID, where(c.opt, d.File, d.Line), d.Desc, c.g.Nodes[n].Name))
}

// namedAsOtherKind is the finding that discovered device d names design
// device n, which is not of its kind (a switch and an adapter); own is the
// device of its kind its own name names, where the map overrode that
// (ir.None if none), which it is compared as.
func (c *comparison) namedAsOtherKind(d *Device, n, own ir.NodeID) *hcl.Diagnostic {
	kind := "adapter"
	if d.Switch {
		kind = "switch"
	}
	how := "its name names"
	for _, k := range mapKeys(d) {
		if c.opt.Map[k] == c.g.Nodes[n].Name {
			how = "--map maps it to"
		}
	}
	instead := ""
	if own != ir.None {
		instead = fmt.Sprintf(" It is compared as %s, the %s its own name names, instead.", c.g.Nodes[own].Name, describeKind(c.g, own))
	}
	return diag.Error(diag.AsbuiltDiscovery, c.g.Range(c.g.Nodes[n].Origin), "A device named as one of another kind",
		fmt.Sprintf("%s %s (%s, description %q): %s %s, the design's %s; it is not compared as that device.%s Correct the --map line, or the device's name.",
			kind, d.ID, where(c.opt, d.File, d.Line), d.Desc, how, c.g.Nodes[n].Name, describeKind(c.g, n), instead))
}

// describeKind names the kind of design device n: "switch", "NIC" or
// "host".
func describeKind(g *ir.Graph, n ir.NodeID) string {
	switch k := g.Nodes[n].Kind; {
	case k.IsSwitch():
		return "switch"
	case k == ir.KindNIC:
		return "NIC"
	}
	return "host"
}

// noNameMatches is the finding that no discovered device has a design
// name, with the first three names of each side.
func (c *comparison) noNameMatches() *hcl.Diagnostic {
	var disc, des []string
	for i := 0; i < len(c.topo.Devices) && len(disc) < 3; i++ {
		if d := c.topo.Devices[i]; d.Desc != "" {
			disc = append(disc, fmt.Sprintf("%q", d.Desc))
		}
	}
	for i := 0; i < len(c.devices) && len(des) < 3; i++ {
		des = append(des, fmt.Sprintf("%q", c.g.Nodes[c.devices[i]].Name))
	}
	fab := &c.g.Fabrics[c.f]
	return diag.Error(diag.AsbuiltDiscovery, c.g.Range(fab.Origin), "No discovered device has a design name",
		fmt.Sprintf("None of the %d devices of %s matches a device of fabric %q by name: the discovery names them like %s, the design like %s. Give --map a CSV of discovered description,design name, or name the design's switches and servers as the cluster names them.",
			len(c.topo.Devices), c.opt.File, fab.Name, strings.Join(disc, ", "), strings.Join(des, ", ")))
}

// cablesByDevice returns the cables of the discovered devices of (those
// no name matched: only they are matched by cable), each written with
// the device as its A end, and the indexes of their links in
// topo.Links.
func cablesByDevice(topo *Topology, of []*Device) (cables map[string][]Link, linksAt map[string][]int) {
	cables, linksAt = map[string][]Link{}, map[string][]int{}
	want := make(map[string]bool, len(of))
	for _, d := range of {
		want[d.ID] = true
	}
	for i, l := range topo.Links {
		if want[l.A] {
			linksAt[l.A] = append(linksAt[l.A], i)
			cables[l.A] = append(cables[l.A], l)
		}
		if want[l.B] {
			linksAt[l.B] = append(linksAt[l.B], i)
			cables[l.B] = append(cables[l.B], Link{A: l.B, APort: l.BPort, B: l.A, BPort: l.APort, Speed: l.Speed, Line: l.Line})
		}
	}
	return cables, linksAt
}

// SetApart is the Options.Map name of a device that is no design device
// by nature: a UFM or management host on a leaf port, say.
const SetApart = "-"

// mappedApart reports whether map m sets device d apart, by its
// description or its id.
func mappedApart(d *Device, m map[string]string) bool {
	for _, k := range mapKeys(d) {
		if m[k] == SetApart {
			return true
		}
	}
	return false
}

// mapKeys are the keys by which an Options.Map line may name device d:
// its description, its id, and its bare GUID (MapKey's form) when the
// id carries one.
func mapKeys(d *Device) []string {
	keys := []string{d.Desc, d.ID}
	if g := MapKey(d.ID); g != d.ID {
		keys = append(keys, g)
	}
	if d.Named && d.Switch {
		// A switch its neighbours' LLDP names fully qualified, in any
		// case ("A17-SW1.pod1.example.net"), is the map line of its
		// short name ("a17-sw1") too, as its own file names it.
		short, _, _ := strings.Cut(d.Desc, ".")
		for _, k := range []string{short, strings.ToLower(short), strings.ToLower(d.Desc)} {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// guidKey matches a GUID as a map file may write one: "0x2c5eab0300b87b40",
// "S-2c5eab0300b87b40", "H-…", or 16 bare hex digits, in any case.
var guidKey = regexp.MustCompile(`^(?:[SsHh]-(?:0[xX])?|0[xX])?([0-9a-fA-F]{1,16})$`)

// MapKey returns the form in which a map file's key is looked up: a GUID
// written with 0x, an S-/H- prefix, or as exactly 16 hex digits becomes
// its 16 lower-case digits (zero-padded), so "0x2C5EAB0300B87B40" and
// ibnetdiscover's "S-2c5eab0300b87b40" name one device; anything else
// (a description) is kept as it is. A shorter bare hex string is kept as
// a description, since names like "cafe" are hex too.
func MapKey(k string) string {
	m := guidKey.FindStringSubmatch(k)
	if m == nil || len(m[1]) < 16 && m[1] == k {
		return k
	}
	return fmt.Sprintf("%016s", strings.ToLower(m[1]))
}

// UnusedMapKeys returns the keys of map m that name no device of topo
// (by mapKeys), sorted: a map line for a device discovery did not find,
// or one with a typo.
func UnusedMapKeys(m map[string]string, topo *Topology) []string {
	used := map[string]bool{}
	for i := range topo.Devices {
		for _, k := range mapKeys(&topo.Devices[i]) {
			used[k] = true
		}
	}
	var out []string
	for k := range m {
		if !used[k] {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// matchByCable sets SHARP aggregation nodes, the devices the map sets
// apart and those named as devices of another fabric aside, matches the
// other devices no name matched by their cable where they can be
// (takeByCable), and returns those left unmatched.
func (c *comparison) matchByCable(unmatched []*Device, cables map[string][]Link, linksAt map[string][]int) []*Device {
	var extra []*Device
	var others nameIndex
	// Switches first: the adapters on a switch placed by its cables are
	// then placed on it.
	placed := map[string]bool{}
	for _, d := range unmatched {
		if d.Switch && !strings.Contains(d.Desc, "Aggregation Node") && !mappedApart(d, c.opt.Map) && !c.otherKind[d.ID] && c.placeSwitch(d, cables[d.ID]) {
			placed[d.ID] = true
		}
	}
	for _, d := range unmatched {
		if others.node == nil && len(c.g.Fabrics) > 1 {
			others = designNames(c.g, otherFabricDevices(c.g, c.f), c.netNames)
		}
		switch other := namesOther(d, others); {
		case strings.Contains(d.Desc, "Aggregation Node") || mappedApart(d, c.opt.Map):
			c.r.SetApart++
			c.holds(d, cables[d.ID], "set apart")
		case other:
			c.r.OtherFabric++
			c.holds(d, cables[d.ID], "a device of another fabric")
		case d.Switch && placed[d.ID]:
		case !c.takeByCable(d, cables[d.ID], linksAt[d.ID]):
			extra = append(extra, d)
		}
	}
	extra = c.takeBySwap(extra, cables, linksAt)
	// A port that names its host but sits on another host's port takes
	// that host's one device left, once every other took its own.
	kept := extra[:0]
	for _, d := range extra {
		if h, ok := c.namedHost(d); ok && c.takeByElimination(d, h, linksAt[d.ID]) {
			continue
		}
		kept = append(kept, d)
		why := "not in the design"
		if h, ok := c.namedHost(d); ok {
			why = "a port of " + c.g.Nodes[h].Name + " not in the design"
		}
		c.holds(d, cables[d.ID], why)
	}
	return kept
}

// holds records the design ports the cables of d, a device compared as
// none of the design's (why says how it was taken), are on: a design
// link missing there is not at a port with nothing cabled.
func (c *comparison) holds(d *Device, cables []Link, why string) {
	for _, l := range cables {
		if n, ok := c.match[l.B]; ok && l.BPort > 0 {
			if c.held == nil {
				c.held = map[endKey]string{}
			}
			c.held[endKey{n, l.BPort}] = fmt.Sprintf("%q (%s)", d.Desc, why)
		}
	}
}

// takeByCable matches adapter d, whose cables are given, to the design
// adapter its one cable reaches (cableSlot) when it may take it
// (mayTake), and reports whether it did.
func (c *comparison) takeByCable(d *Device, cables []Link, linksAt []int) bool {
	slot, swPort, ok := c.cableSlot(d, cables)
	if !ok || c.takenPort[slot] != "" {
		return false
	}
	prev := c.topo.Device(c.taken[slot.node])
	if !c.mayTake(d, slot.node, prev) {
		return false
	}
	c.match[d.ID] = slot.node
	if prev == nil {
		c.taken[slot.node] = d.ID
	}
	c.takenPort[slot] = d.ID
	if d.Ports <= 1 {
		// A device of one port takes the port its cable reaches (a
		// port of a NIC of several, each port an adapter of its own).
		c.setPort(d.ID, linksAt, slot.port)
	}
	if d.Chassis != "" {
		// A host's ports as LLDP names them are devices of one port
		// each: each takes the port of the design host its cable
		// reaches. It sits where the design puts its host, which its
		// system name names: matched by name and cable, nothing to
		// report.
		return true
	}
	c.r.ByPosition++
	if c.otherKind[d.ID] {
		return true // its name is the finding (namedAsOtherKind)
	}
	fix := "Set its NodeDescription (\"<host> <hca>\"), or map it with --map."
	if h, ok := c.namedHost(d); ok {
		// "c16 mlx5_5" on one of c16's NICs: the host is right, the
		// hca is a name the node model does not give any NIC.
		_, hca, _ := strings.Cut(d.Desc, " ")
		fix = fmt.Sprintf("Its description names %s, but no NIC of it is named %q: name the node model's NICs as the hosts do (nic { pci { names } }) so that each is known by name, not only by where its cable lands.", c.g.Nodes[h].Name, hca)
	}
	c.add(diag.Info(diag.AsbuiltUnnamedDevice, c.g.Range(c.g.Nodes[slot.node].Origin), "Adapter matched by its cable",
		fmt.Sprintf("%s (%s, description %q) %s; it is cabled to %s, where the design has %s, so it is taken for that. %s",
			d.ID, where(c.opt, d.File, d.Line), d.Desc, c.namesWhat(d, "device"), c.port(swPort), c.g.Nodes[slot.node].Name, fix)))
	return true
}

// cableSlot returns the design end adapter d's one cable makes it (the
// other end of the design link at the matched switch port the cable
// reaches) and that switch port. ok is false for a switch, a device of
// other than one cable, or a cable to a port no design link uses.
func (c *comparison) cableSlot(d *Device, cables []Link) (slot, swPort endKey, ok bool) {
	if d.Switch || len(cables) != 1 {
		return endKey{}, endKey{}, false
	}
	sw, ok := c.match[cables[0].B]
	if !ok {
		return endKey{}, endKey{}, false
	}
	swPort = endKey{sw, cables[0].BPort}
	i, ok := c.at[swPort]
	if !ok {
		return endKey{}, endKey{}, false
	}
	slot = c.links[i].a
	if slot.node == sw {
		slot = c.links[i].b
	}
	return slot, swPort, true
}

// mayTake reports whether adapter d may take design device slot, which
// prev took before it (nil when none did): slot is no switch; it is free,
// or prev is another port of d's LLDP host, or a device of one port that
// took another port of slot by its name while d has one port too; and an
// LLDP host port's system name names the slot's host (namesHost).
func (c *comparison) mayTake(d *Device, slot ir.NodeID, prev *Device) bool {
	if c.g.Nodes[slot].Kind == ir.KindSwitch ||
		!(prev == nil || d.Chassis != "" && prev.Chassis == d.Chassis || c.renumbered[prev.ID] > 0 && d.Ports <= 1) {
		return false
	}
	// A device whose description names a design host ("c16 mlx5_5",
	// LLDP's system name) does not take another host's slot: that is
	// its cable on the wrong host's port, not an unnamed device.
	if h, ok := c.namedHost(d); ok {
		return c.hostOf(slot) == h
	}
	return d.Chassis == "" || namesHost(c.g, slot, d.Chassis)
}

// namedHost returns the design host or server of this fabric that
// adapter d's description names ("<host> <hca>", or an LLDP host port's
// system name), by design name or hostname, fully qualified or not.
func (c *comparison) namedHost(d *Device) (ir.NodeID, bool) {
	host, ok := adapterHost(d)
	if !ok || c.untrusted[d.ID] {
		return ir.None, false
	}
	if c.hosts == nil {
		c.hosts, c.hostDevices = map[string]ir.NodeID{}, map[ir.NodeID][]ir.NodeID{}
		for _, n := range c.devices {
			if h := c.hostOf(n); h != ir.None {
				c.hostDevices[h] = append(c.hostDevices[h], n)
				for _, name := range hostNames(c.g, h) {
					for _, a := range aliases(name) {
						c.hosts[a] = h
					}
				}
			}
		}
	}
	for _, name := range []string{host, strings.SplitN(host, ".", 2)[0]} {
		for _, a := range aliases(name) {
			if h, ok := c.hosts[a]; ok {
				return h, true
			}
		}
	}
	return ir.None, false
}

// hostOf returns the host or server design device n belongs to: itself
// for a host, its server for a NIC, None for a switch.
func (c *comparison) hostOf(n ir.NodeID) ir.NodeID {
	switch nd := &c.g.Nodes[n]; {
	case nd.Kind == ir.KindNIC:
		return nd.Parent
	case nd.Kind.IsSwitch():
		return ir.None
	}
	return n
}

// takeBySwap places each unnamed adapter of extra (one cable, its
// description naming no design device or host) that sits on a design
// port whose adapter was found, by its name, at another port Q, where the
// design's adapter of Q was found nowhere: the two cables were
// exchanged, and the unnamed one is Q's adapter. It is taken for it (an
// asbuilt-unnamed-device note says so), and the comparison then finds
// the swap. It returns the devices left.
func (c *comparison) takeBySwap(extra []*Device, cables map[string][]Link, linksAt map[string][]int) []*Device {
	type cand struct {
		d            *Device
		slot, swPort endKey
		taker        string
	}
	var cands []cand
	takers := map[string]bool{}
	for _, d := range extra {
		if _, named := c.namedHost(d); named || c.otherKind[d.ID] || c.untrusted[d.ID] || d.Ports > 1 {
			continue
		}
		slot, swPort, ok := c.cableSlot(d, cables[d.ID])
		if !ok || c.takenPort[slot] == "" && c.taken[slot.node] == "" {
			continue
		}
		taker := c.takenPort[slot]
		if taker == "" {
			taker = c.taken[slot.node]
		}
		cands = append(cands, cand{d, slot, swPort, taker})
		takers[taker] = true
	}
	if len(cands) == 0 {
		return extra
	}
	// Where each taker's own cable is: the matched switch port it reaches.
	at := map[string]endKey{}
	for _, l := range c.topo.Links {
		for _, e := range [2][2]string{{l.A, l.B}, {l.B, l.A}} {
			if !takers[e[0]] {
				continue
			}
			port := l.BPort
			if e[0] == l.B {
				port = l.APort
			}
			if sw, ok := c.match[e[1]]; ok && c.g.Nodes[sw].Kind.IsSwitch() {
				if _, seen := at[e[0]]; !seen {
					at[e[0]] = endKey{sw, port}
				}
			}
		}
	}
	placed := map[string]bool{}
	for _, cd := range cands {
		q, ok := at[cd.taker]
		if !ok || q == cd.swPort {
			continue
		}
		i, ok := c.at[q]
		if !ok {
			continue
		}
		other := c.links[i].far(q)
		if c.g.Nodes[other.node].Kind.IsSwitch() || c.taken[other.node] != "" || c.takenPort[other] != "" || c.g.Nodes[other.node].Radix > 1 {
			continue
		}
		c.match[cd.d.ID], c.taken[other.node] = other.node, cd.d.ID
		c.takenPort[other] = cd.d.ID
		c.setPort(cd.d.ID, linksAt[cd.d.ID], other.port)
		c.r.ByPosition++
		placed[cd.d.ID] = true
		c.add(diag.Info(diag.AsbuiltUnnamedDevice, c.g.Range(c.g.Nodes[other.node].Origin), "Adapter matched by an exchanged cable",
			fmt.Sprintf("%s (%s, description %q) names no design device; it is cabled to %s, where the design has %s, which was found at %s by its name, where the design has %s, found nowhere else: the two cables are exchanged, and it is taken for %s. Set its NodeDescription (\"<host> <hca>\"), or map it with --map.",
				cd.d.ID, where(c.opt, cd.d.File, cd.d.Line), cd.d.Desc, c.port(cd.swPort), c.g.Nodes[cd.slot.node].Name, c.port(q), c.g.Nodes[other.node].Name, c.g.Nodes[other.node].Name)))
	}
	return slices.DeleteFunc(extra, func(d *Device) bool { return placed[d.ID] })
}

// takeByElimination matches adapter d, whose description names design
// host h but none of its devices, to h's one device in the fabric not
// yet taken, where exactly one is left, and reports whether it did: its
// cable, wherever it is, is then compared as that device's. A port of a
// host cabled to another host's port thus shows as a miswire or a swap.
func (c *comparison) takeByElimination(d *Device, h ir.NodeID, linksAt []int) bool {
	if d.Ports > 1 {
		return false
	}
	left := ir.NodeID(ir.None)
	for _, n := range c.hostDevices[h] { // namedHost built it
		if c.g.Nodes[n].Kind.IsSwitch() {
			continue
		}
		free := c.taken[n] == ""
		if c.g.Nodes[n].Radix > 1 {
			free = false // a port of a NIC of several: which port cannot be told
		}
		if free {
			if left != ir.None {
				return false
			}
			left = n
		}
	}
	if left == ir.None {
		return false
	}
	c.match[d.ID], c.taken[left] = left, d.ID
	c.takenPort[endKey{left, 1}] = d.ID
	c.setPort(d.ID, linksAt, 1)
	return true
}

// setPort numbers device id's end of the links at linksAt (indexes into
// topo.Links) port.
func (c *comparison) setPort(id string, linksAt []int, port int) {
	for _, i := range linksAt {
		if l := &c.topo.Links[i]; l.A == id {
			l.APort = port
		} else {
			l.BPort = port
		}
	}
}

// reportExtra reports each device that matched no design device.
func (c *comparison) reportExtra(extra []*Device, cables map[string][]Link) {
	fab := &c.g.Fabrics[c.f]
	for _, d := range extra {
		what := "adapter"
		if d.Switch {
			what = "switch"
		}
		// Where it is cabled on the design's devices: the ports to free
		// or to check, and the design line of the first such device.
		rng := c.g.Range(fab.Origin)
		var at []string
		for _, l := range cables[d.ID] {
			n, ok := c.match[l.B]
			if !ok {
				continue
			}
			if len(at) == 0 {
				rng = c.g.Range(c.g.Nodes[n].Origin)
			}
			if len(at) < 3 {
				at = append(at, c.port(endKey{n, l.BPort}))
			}
		}
		where2 := ""
		if len(at) > 0 {
			where2 = ", on " + strings.Join(at, ", ")
			if more := len(cables[d.ID]) - len(at); more > 0 && len(at) == 3 {
				where2 += fmt.Sprintf(" and %d more", more)
			}
		}
		fix := "Map it with --map if it is one (or set it apart with \"-\"), or remove it from the fabric."
		if d.Named && d.Switch && c.topo.Covered[d.ID] {
			// The switch an LLDP file was collected on, named after
			// the file: most often a file misnamed, not a stray switch.
			fix = fmt.Sprintf("It is the switch the file %q was collected on, named after the file: name the file after its design switch ('/' written '-', as su0-leaf3.json), or map %q to it with --map.", d.ID, d.ID)
		}
		c.add(diag.Warning(diag.AsbuiltExtraDevice, rng, "Device not in the design",
			fmt.Sprintf("%s %s (%s, description %q, %s%s) matches no device of fabric %q; its cables are not compared. %s",
				what, d.ID, where(c.opt, d.File, d.Line), d.Desc, units.CountOf(len(cables[d.ID]), "cabled port", "cabled ports"), where2, fab.Name, fix)))
	}
}

// oneWay reports the cables between two switches that files were
// collected on where one switch's file lists the cable and the other's
// lists no neighbour at that port (one asbuilt-discovery warning, with a
// count): LLDP frames cross it one way only, so the direction toward
// the silent switch is dark (one fibre of the pair broken, a transceiver
// lane dead, a dirty connector) or LLDP is off or stale on that port.
// The cable is still compared as listed. Ports are compared as the
// design numbers them (numberPorts), so a port its neighbour names in
// another form than its own file does still counts as listed.
func (c *comparison) oneWay(suspect map[string]bool) hcl.Diagnostics {
	topo := c.topo
	if len(topo.Covered) < 2 {
		return nil
	}
	end := func(e endPair) (endKey, bool) {
		n, ok := c.match[e.dev]
		return endKey{n, e.port}, ok && e.port > 0 && topo.Covered[e.dev]
	}
	disputed := map[namedEnd]bool{} // ports whose files disagree: Conflicts says so
	for _, pd := range topo.disputes {
		disputed[pd.at] = true
	}
	listed := map[endKey]bool{} // ports the switch's own file lists
	for _, l := range topo.Links {
		if e, ok := end(endPair{l.A, l.APort}); ok {
			listed[e] = true // an LLDP file lists its own switch at A
		}
		if e, ok := end(endPair{l.B, l.BPort}); ok && l.Mutual {
			listed[e] = true
		}
	}
	var silent []string
	var first ir.NodeID
	for _, l := range topo.Links {
		if l.Mutual {
			continue
		}
		a, b := endPair{l.A, l.APort}, endPair{l.B, l.BPort}
		for _, e := range [2][2]endPair{{a, b}, {b, a}} {
			quiet, ok := end(e[0])
			heard, ok2 := end(e[1])
			if !ok || !ok2 || listed[quiet] || !c.g.Nodes[quiet.node].Kind.IsSwitch() || suspect[e[0].dev] || suspect[e[1].dev] {
				continue // a misnamed file's switch: misnamedFiles says so
			}
			heardAt := namedEnd{l.A, l.APortName}
			if e[1] == b {
				heardAt = namedEnd{l.B, l.BPortName}
			}
			if disputed[heardAt] {
				continue // its files disagree about it: Conflicts says so
			}
			if len(silent) == 0 {
				first = quiet.node
			}
			silent = append(silent, fmt.Sprintf("%s hears %s, whose own file lists no neighbour there", c.port(heard), c.port(quiet)))
		}
	}
	if len(silent) == 0 {
		return nil
	}
	return hcl.Diagnostics{diag.Warning(diag.AsbuiltDiscovery, c.g.Range(c.g.Nodes[first].Origin), "Cables heard one way only",
		fmt.Sprintf("%s of %s %s: %s. The direction toward the silent port may be dark (one fibre of the pair broken, a transceiver lane dead, a dirty connector), or LLDP is off or its file stale on that port: check the optics and LLDP there and recollect.",
			units.CountOf(len(silent), "cable", "cables"), c.opt.File, units.Agree(len(silent), "is heard from one end only", "are heard from one end only"), strings.Join(silent[:min(len(silent), 3)], "; ")))}
}

// misnamedFiles reports each LLDP file that lists another switch's
// cables (one asbuilt-discovery warning per file): at most of its ports
// that reach a switch with a file of its own, at least two (a modelling
// choice: one stale neighbour file never condemns a file), that
// switch's own file names one other switch X at the same port name. The
// file was collected on X, or saved under the wrong name, and the
// cables it lists are not its switch's. It returns each such file's
// switch with X: Compare reads the file as X's where X has no file of
// its own, else sets it aside (withoutFiles), and its one-way cables
// are not reported as dark fibres.
func (c *comparison) misnamedFiles() map[string]string {
	topo := c.topo
	if len(topo.Covered) < 2 || topo.claims == nil {
		return nil
	}
	type vote struct{ file, other string }
	votes, total := map[vote]int{}, map[string]int{}
	example := map[vote]string{}
	for own, far := range topo.claims {
		if !topo.Covered[far.dev] || far.dev == own.dev {
			continue
		}
		total[own.dev]++
		back, ok := topo.claims[far]
		if !ok || back.dev == own.dev || back.port != own.port {
			continue
		}
		v := vote{own.dev, back.dev}
		votes[v]++
		if e := fmt.Sprintf("%s %s reaches %s %s in its own file", far.dev, far.port, back.dev, back.port); example[v] == "" || e < example[v] {
			example[v] = e
		}
	}
	var found []vote
	for v, n := range votes {
		if n >= 2 && 2*n >= total[v.file] {
			found = append(found, v)
		}
	}
	slices.SortFunc(found, func(a, b vote) int { return strings.Compare(a.file, b.file) })
	suspect := map[string]string{}
	for _, v := range found {
		suspect[v.file] = v.other
		d := topo.Device(v.file)
		file := v.file
		if d != nil && d.File != "" {
			file = d.File
		}
		what := fmt.Sprintf("Its cables are left out. It was collected on %s, or saved under the wrong name: recollect LLDP on %s.", v.other, v.file)
		if !topo.Covered[v.other] {
			what = fmt.Sprintf("%s has no file of its own, so it is read as %s's: name it after %s (%s.json, '/' written '-').", v.other, v.other, v.other, strings.ReplaceAll(v.other, "/", "-"))
		}
		c.add(diag.Warning(diag.AsbuiltDiscovery, c.g.Range(c.g.Fabrics[c.f].Origin), "An LLDP file lists another switch's cables",
			fmt.Sprintf("The file %s, named as %s's, lists the cables of %s: at %d of its %d ports that reach switches with files, their own files name %s at the same port (%s). %s",
				file, v.file, v.other, votes[v], total[v.file], v.other, example[v], what)))
	}
	return suspect
}

// adoptFiles returns topo with the switch of each file in adopt described
// by the name adopt gives it (its id, the file's name, kept), so that the
// file is read as that switch's.
func adoptFiles(topo *Topology, adopt map[string]string) *Topology {
	out := *topo
	out.Devices = slices.Clone(topo.Devices)
	for i := range out.Devices {
		if to, ok := adopt[out.Devices[i].ID]; ok {
			out.Devices[i].Desc = to
		}
	}
	out.merged = nil
	return &out
}

// withoutFiles returns topo as if the files of the switches in files had
// not been read: those switches are no longer covered, and the cables
// only their files list are dropped (a cable its far end's file lists
// too stays). A misnamed file's cables are another switch's, and the
// switch it names is then reported as having no file, not as missing
// every cable.
func withoutFiles(topo *Topology, files map[string]bool) *Topology {
	out := *topo
	out.Covered = maps.Clone(topo.Covered)
	for f := range files {
		delete(out.Covered, f)
	}
	// LLDP lists a file's own switch at A; a cable its far end's file
	// lists too (Mutual) stays.
	out.Links = slices.DeleteFunc(slices.Clone(topo.Links), func(l Link) bool { return !l.Mutual && files[l.A] })
	cabled := map[string]bool{}
	for _, l := range out.Links {
		cabled[l.A], cabled[l.B] = true, true
	}
	// The file's switch itself, where nothing else is cabled to it: the
	// warning is its finding.
	out.Devices = slices.DeleteFunc(slices.Clone(topo.Devices), func(d Device) bool { return files[d.ID] && !cabled[d.ID] })
	out.merged = nil
	return &out
}

// endPair is a discovered cable end: device id and port number.
type endPair struct {
	dev  string
	port int
}

// coverage returns the design devices a file was collected on
// (per-device discovery), and those with a design neighbour among them:
// only these can be seen at all.
func (c *comparison) coverage() (covered, visible map[ir.NodeID]bool) {
	covered, visible = map[ir.NodeID]bool{}, map[ir.NodeID]bool{}
	for id := range c.topo.Covered {
		if n, ok := c.match[id]; ok {
			covered[n] = true
		}
	}
	for _, dl := range c.links {
		if dl.touches(covered) {
			visible[dl.a.node], visible[dl.b.node] = true, true
		}
	}
	return covered, visible
}

// reportMissingDevices counts the design devices found and reports each
// design switch not found that discovery could see (visible, with
// per-device discovery). It returns the switches reported: their links
// are not reported one by one.
func (c *comparison) reportMissingDevices(visible map[ir.NodeID]bool) map[ir.NodeID]bool {
	planes := c.planesFound()
	missing := map[ir.NodeID]bool{}
	for _, n := range c.devices {
		switch {
		case c.taken[n] != "":
			c.r.MatchedDevices++
		case c.topo.Covered != nil && !visible[n]:
			continue // no file sees it: the no-file warning names it
		case !c.g.Nodes[n].Kind.IsSwitch():
			// Discovery reaches an adapter only through its cables: one not
			// found is as likely uncabled as absent, so its links are
			// reported (as missing), not the device.
			continue
		default:
			missing[n] = true
			c.r.MissingSwitches = append(c.r.MissingSwitches, n)
			c.add(c.missingDevice(n, planes))
		}
	}
	c.reportMissingServers(visible, missing)
	return missing
}

// reportMissingServers reports, once per server, a server none of whose
// adapters on the fabric (two or more) discovery found anywhere though it
// could see them: a server down, its adapters down, or not cabled. Its
// adapters join missing, so that their links are not reported one by one
// (trial 61: an absent DGX was eight "Cable missing … Lay the cable"
// errors); they are absent from the fabric as built all the same
// (absentAsBuilt).
func (c *comparison) reportMissingServers(visible, missing map[ir.NodeID]bool) {
	byServer := map[ir.NodeID][]ir.NodeID{}
	var order []ir.NodeID
	for _, n := range c.devices {
		nd := &c.g.Nodes[n]
		if nd.Kind.IsSwitch() || nd.Parent == ir.None {
			continue
		}
		if _, ok := byServer[nd.Parent]; !ok {
			order = append(order, nd.Parent)
		}
		byServer[nd.Parent] = append(byServer[nd.Parent], n)
	}
	for _, sv := range order {
		ns := byServer[sv]
		absent := len(ns) >= 2
		for _, n := range ns {
			absent = absent && c.taken[n] == "" && (c.topo.Covered == nil || visible[n])
		}
		if !absent {
			continue
		}
		links := 0
		for _, n := range ns {
			missing[n] = true
			links += c.linksOf[n]
		}
		nd := &c.g.Nodes[sv]
		c.add(diag.Error(diag.AsbuiltMissingDevice, c.g.Range(nd.Origin), "Server not discovered",
			fmt.Sprintf("%s, with %s adapters on fabric %q, is not in %s: none of its adapters was found, by name or by a cable. The server is down, its adapters are, or it is not cabled. %s",
				c.serverName(sv), units.Count(len(ns)), c.g.Fabrics[c.f].Name, c.opt.File, linksNotReported(links))))
	}
}

// serverName is a server's design name, with its host name where the
// design gives one ("su1/node04 (dgx037)").
func (c *comparison) serverName(sv ir.NodeID) string {
	name := c.g.Nodes[sv].Name
	if h, ok := c.g.Hostnames[sv]; ok && h != name {
		name += " (" + h + ")"
	}
	return name
}

// planesFound returns, for each plane of the design's switches, whether
// any of its switches was found: each InfiniBand plane is its own
// subnet, and a discovery run from one plane never sees another.
func (c *comparison) planesFound() map[int32]bool {
	found := map[int32]bool{}
	for _, n := range c.devices {
		if nd := &c.g.Nodes[n]; nd.Kind.IsSwitch() && nd.Plane >= 0 {
			found[nd.Plane] = found[nd.Plane] || c.taken[n] != ""
		}
	}
	return found
}

// missingDevice is the finding that design switch n was not discovered,
// with a hint when no switch of its plane was (planes as planesFound
// returns them).
func (c *comparison) missingDevice(n ir.NodeID, planes map[int32]bool) *hcl.Diagnostic {
	nd := &c.g.Nodes[n]
	hint := ""
	if p := nd.Plane; p >= 0 && len(planes) > 1 && !planes[p] {
		hint = fmt.Sprintf(" No switch of plane %d was found: each InfiniBand plane is a subnet of its own, which a discovery from another plane cannot see; give one --discovered file per plane.", p)
	}
	return diag.Error(diag.AsbuiltMissingDevice, c.g.Range(nd.Origin), "Device not discovered",
		fmt.Sprintf("%s (%s) of fabric %q is not in %s: no device has its name, and none took its place by a cable. %s",
			nd.Name, describe(c.g, n), c.g.Fabrics[c.f].Name, c.opt.File, linksNotReported(c.linksOf[n])+hint))
}

// linksNotReported says that a missing device's n links are not listed:
// "Its 4 links are not reported one by one.", "Its link is not reported
// on its own."
func linksNotReported(n int) string {
	if n == 1 {
		return "Its link is not reported on its own."
	}
	return "Its " + units.CountOf(n, "link", "links") + " are not reported one by one."
}

// mlink is a discovered link between matched devices, its ends in design
// terms; l points into Topology.Links (a Link is large, and a fabric of
// 131,072 GPUs has 393,216 of them, so it is not copied).
type mlink struct {
	a, b endKey
	l    *Link
}

// cabled is what discovery found between matched devices: the links in
// file order, and by each end its peer and its link's index in links
// (one map for both: at 131k GPUs it holds 786,432 ends).
type cabled struct {
	links []mlink
	ends  map[endKey]foundEnd
}

// foundEnd is a found cable's end: the port at its other end, and the
// cable's index in cabled.links.
type foundEnd struct {
	peer endKey
	at   int
}

// peer returns the port cabled to e, if any.
func (f cabled) peer(e endKey) (endKey, bool) {
	x, ok := f.ends[e]
	return x.peer, ok
}

// joins reports whether a cable joins a and b.
func (f cabled) joins(a, b endKey) bool {
	x, ok := f.ends[a]
	return ok && x.peer == b
}

// at returns the index in links of the cable at e; e must be cabled.
func (f cabled) at(e endKey) int { return f.ends[e].at }

// mapLinks returns the discovered links between matched devices in
// design terms.
func (c *comparison) mapLinks() cabled {
	found := cabled{ends: make(map[endKey]foundEnd, 2*len(c.topo.Links))}
	for i := range c.topo.Links {
		l := &c.topo.Links[i]
		a, okA := c.match[l.A]
		b, okB := c.match[l.B]
		if !okA || !okB || l.APort == 0 || l.BPort == 0 {
			continue // an end unmatched, or a port name numberPorts could not number
		}
		ka, kb := endKey{a, l.APort}, endKey{b, l.BPort}
		found.links = append(found.links, mlink{ka, kb, l})
		i := len(found.links) - 1
		found.ends[ka], found.ends[kb] = foundEnd{kb, i}, foundEnd{ka, i}
	}
	return found
}

// reportSwapped reports swapped pairs, first: two design links a1–b1,
// a2–b2 found as a1–b2 and a2–b1. It returns the links reported, by
// index.
func (c *comparison) reportSwapped(found cabled, missing map[ir.NodeID]bool) map[int]bool {
	swapped := map[int]bool{}
	for i, dl := range c.links {
		if swapped[i] || found.joins(dl.a, dl.b) || dl.touches(missing) {
			continue
		}
		for _, end := range [2]endKey{dl.a, dl.b} {
			if j, ok := c.swapPartner(i, end, found, swapped); ok {
				swapped[i], swapped[j] = true, true
				c.add(c.swap(dl, end, c.links[j], found))
				break
			}
		}
	}
	return swapped
}

// swapPartner returns the design link j whose cable design link i's
// exchanged with at end: end is found cabled to an end of j, and j's
// other end to i's.
func (c *comparison) swapPartner(i int, end endKey, found cabled, swapped map[int]bool) (int, bool) {
	other, ok := found.peer(end)
	if !ok {
		return 0, false
	}
	j, ok := c.at[other]
	if !ok || j == i || swapped[j] {
		return 0, false
	}
	return j, found.joins(c.links[i].far(end), c.links[j].far(other))
}

// swap is the finding that the cables of design links dl and o are
// exchanged at dl's end.
func (c *comparison) swap(dl dlink, end endKey, o dlink, found cabled) *hcl.Diagnostic {
	other, _ := found.peer(end)
	mine, theirs := dl.far(end), o.far(other)
	code, summary, why := diag.AsbuiltSwapped, "Two cables swapped", ""
	// end now reaches other where the design has mine, and mine reaches
	// theirs where the design has end.
	// A found cable crosses when its own two ends are of different rails
	// or planes: two leaves' uplinks exchanged at a spine (of no rail)
	// cross nothing, though the leaves are of two rails (trial 61).
	if crossed := append(c.crossing(end.node, other.node), c.crossing(mine.node, theirs.node)...); len(crossed) > 0 {
		crossed = slices.Compact(crossed)
		code, summary = diag.AsbuiltRailCrossed, "Cables swapped across "+crossedWhat(crossed)
		why = fmt.Sprintf(", from %s, and %s", strings.Join(crossed, " and "), crossingCost(crossed))
	}
	return diag.Error(code, c.g.Range(c.g.Link(dl.id).Origin), summary,
		fmt.Sprintf("The design cables %s and %s; %s finds %s to %s and %s to %s: the two cables are exchanged at one end%s. Swap them back.",
			c.designed(dl, ""), c.designed(o, ""), c.opt.File, c.port(end), c.port(other), c.port(mine), c.port(theirs), why))
}

// reportUnseen returns the design links discovery cannot see, by index.
// With per-device discovery (LLDP), a cable is seen only from a device a
// file was collected on (covered): cables with no such end are not
// compared, and one warning says which switches have no file.
func (c *comparison) reportUnseen(covered map[ir.NodeID]bool) map[int]bool {
	unseen := map[int]bool{}
	if c.topo.Covered == nil {
		return unseen
	}
	uncovered := map[ir.NodeID]bool{}
	for i, dl := range c.links {
		if dl.touches(covered) {
			continue
		}
		unseen[i] = true
		for _, e := range [2]endKey{dl.a, dl.b} {
			if c.g.Nodes[e.node].Kind.IsSwitch() {
				uncovered[e.node] = true
			}
		}
	}
	if len(unseen) > 0 {
		c.add(c.noFile(len(unseen), uncovered))
	}
	// Switches with no file whose every cable was seen from its other
	// end: nothing is out of sight, but a file is missing (a note).
	var seenOnly []string
	for _, n := range c.devices {
		if nd := &c.g.Nodes[n]; nd.Kind.IsSwitch() && !covered[n] && !uncovered[n] && c.linksOf[n] > 0 && c.taken[n] != "" {
			seenOnly = append(seenOnly, nd.Name)
		}
	}
	if len(seenOnly) > 0 {
		c.add(diag.Info(diag.AsbuiltDiscovery, c.g.Range(c.g.Fabrics[c.f].Origin), "Switches without a discovery file, seen from their neighbours",
			fmt.Sprintf("No LLDP file for %s: every cable of %s was seen from its other end, so nothing is out of sight, but what %s itself reports (a cable heard one way, its own port names) is not checked. Collect LLDP on %s too.",
				listSome(seenOnly, 5), units.Agree(len(seenOnly), "it", "them"), units.Agree(len(seenOnly), "it", "they"), units.Agree(len(seenOnly), "it", "them"))))
	}
	return unseen
}

// listSome joins the first k of names, and says how many more there are:
// "leaf0, leaf1, leaf2 and 4 more".
func listSome(names []string, k int) string {
	out := strings.Join(names[:min(k, len(names))], ", ")
	if len(names) > k {
		out += fmt.Sprintf(" and %d more", len(names)-k)
	}
	return out
}

// noFile is the finding that unseen cables end on no switch with a
// discovery file, naming up to three of the switches without one.
func (c *comparison) noFile(unseen int, uncovered map[ir.NodeID]bool) *hcl.Diagnostic {
	var names []string
	for n := range uncovered {
		name := c.g.Nodes[n].Name
		if c.setAside[name] || c.setAside[strings.ReplaceAll(name, "/", "-")] {
			name += " (its file set aside)"
		}
		names = append(names, name)
	}
	slices.Sort(names)
	example := listSome(names, 3)
	return diag.Warning(diag.AsbuiltDiscovery, c.g.Range(c.g.Fabrics[c.f].Origin), "Switches without a discovery file",
		fmt.Sprintf("%s %s no end on a switch that %s was collected on, so %s not compared: no LLDP file for %s. Collect LLDP (lldpctl -f json0, EOS show lldp neighbors detail | json, or SONiC show lldp table) on those switches too, in files named after them.",
			units.CountOf(unseen, "cable", "cables"), units.Agree(unseen, "has", "have"), c.opt.File, units.Agree(unseen, "it is", "they are"), example))
}

// reportLinks checks each design link not already accounted for
// (swapped, unseen, or at a missing device): found as designed (then its
// width and speed are checked), missing, or cabled elsewhere.
func (c *comparison) reportLinks(found cabled, swapped, unseen map[int]bool, missing map[ir.NodeID]bool) {
	slow := map[int]bool{}
	for i, dl := range c.links {
		if swapped[i] || unseen[i] || dl.touches(missing) {
			continue
		}
		if found.joins(dl.a, dl.b) {
			c.r.MatchedLinks++
			// The ends are named only for a finding: formatting them for
			// every matched link cost a fifth of a 131k comparison.
			ends := func() (string, string) { return c.port(dl.a), c.port(dl.b) }
			l := found.links[found.at(dl.a)].l
			d := checkSpeed(c.g, dl.id, *l, c.opt, ends)
			d = append(d, checkState(c.g, dl.id, *l, c.opt, ends)...)
			slow[i] = len(d) > 0
			c.add(d...)
			continue
		}
		c.add(c.notAsDesigned(dl, found))
	}
	c.r.Absent, c.r.Extra = c.absentAsBuilt(found, slow, unseen, missing)
}

// absentAsBuilt returns the design links the fabric as cabled lacks, for
// an analysis of it (Result.Absent): those at a switch not discovered,
// those trained narrower or slower than designed, and, per pair of
// design devices, the design links beyond the cables found between the
// two at other ports (a cable at another port of the same two devices,
// as in a pair swapped at one end, carries the same capacity between
// them). Links out of every file's sight are left out. extra are the
// found cables no design link took that way (Result.Extra, extraLinks).
func (c *comparison) absentAsBuilt(found cabled, slow, unseen map[int]bool, missing map[ir.NodeID]bool) (absent []ir.LinkID, extra []ir.Link) {
	type pair struct{ a, b ir.NodeID }
	key := func(x, y ir.NodeID) pair {
		if x > y {
			x, y = y, x
		}
		return pair{x, y}
	}
	// Which found cables a design link has taken: first each at its
	// designed ports, then, by pair of devices, the design links not
	// found so (byPair lists the found cables of only those pairs: in a
	// fabric cabled as designed there are none to index).
	taken := make([]bool, len(found.links))
	asDesigned := make([]bool, len(c.links))
	byPair := map[pair][]int{}
	for i, dl := range c.links {
		if found.joins(dl.a, dl.b) && !dl.touches(missing) {
			asDesigned[i] = true
			taken[found.at(dl.a)] = true
		} else if !unseen[i] {
			byPair[key(dl.a.node, dl.b.node)] = nil
		}
	}
	if len(byPair) > 0 {
		for i, ml := range found.links {
			k := key(ml.a.node, ml.b.node)
			if list, ok := byPair[k]; ok && !taken[i] {
				byPair[k] = append(list, i)
			}
		}
	}
	for i, dl := range c.links {
		switch {
		case unseen[i]:
		case dl.touches(missing) || slow[i]:
			absent = append(absent, dl.id)
		case asDesigned[i]:
		default:
			k := key(dl.a.node, dl.b.node)
			j := slices.IndexFunc(byPair[k], func(f int) bool { return !taken[f] })
			if j < 0 {
				absent = append(absent, dl.id)
				continue
			}
			taken[byPair[k][j]] = true
		}
	}
	for i, ml := range found.links {
		if !taken[i] {
			if l, ok := c.extraLink(ml); ok {
				extra = append(extra, l)
			}
		}
	}
	return absent, extra
}

// extraLink is found cable ml, between design ports no design link
// joins, as a link of the fabric for the as-built graph: each end the
// design port it is found at (the port of the design link there, else
// port number − 1), its kind the design link's at either end (else
// custom), and its
// capacity the design's for the ports (the least of the design links'
// at its two ends, else of the two devices' port rates; a modelling
// assumption: a cable trains at the rate its ports were designed for,
// and checkSpeed reports the links that did not). false when no design
// figure gives a rate.
func (c *comparison) extraLink(ml mlink) (ir.Link, bool) {
	l := ir.Link{Fabric: c.f, Kind: ir.LinkCustom, Origin: c.g.Fabrics[c.f].Origin}
	capBPS := 0.0
	for k, e := range [2]endKey{ml.a, ml.b} {
		p := ir.Port{Node: e.node, Port: int32(e.port - 1)}
		if i, ok := c.at[e]; ok {
			dl := c.g.Link(c.links[i].id)
			if p = dl.B; c.links[i].a == e {
				p = dl.A
			}
			l.Kind = dl.Kind
			if r := dl.PhysicalBPS(); capBPS == 0 || r < capBPS {
				capBPS = r
			}
		}
		if k == 0 {
			l.A = p
		} else {
			l.B = p
		}
	}
	if capBPS == 0 {
		ra, rb := c.g.Nodes[ml.a.node].PortRateBPS, c.g.Nodes[ml.b.node].PortRateBPS
		capBPS = min(ra, rb)
		if ra == 0 || rb == 0 {
			capBPS = max(ra, rb)
		}
	}
	l.CapacityBPS = capBPS
	return l, capBPS > 0
}

// notAsDesigned is the finding for a design link not found as designed:
// missing when neither of its ports is cabled, else miswired, naming
// what each of its ports is cabled to.
func (c *comparison) notAsDesigned(dl dlink, found cabled) *hcl.Diagnostic {
	pa, okA := found.peer(dl.a)
	pb, okB := found.peer(dl.b)
	rng := c.g.Range(c.g.Link(dl.id).Origin)
	if !okA && !okB {
		note := ""
		for _, e := range [2]endKey{dl.a, dl.b} {
			if c.taken[e.node] == "" {
				note = fmt.Sprintf(" (%s itself was not discovered: an adapter with no working cable is invisible to discovery)", c.g.Nodes[e.node].Name)
				if c.topo.Record {
					note = fmt.Sprintf(" (%s itself is in no cable row)", c.g.Nodes[e.node].Name)
				}
			}
		}
		var held []string
		for _, e := range [2]endKey{dl.a, dl.b} {
			if h, ok := c.held[e]; ok {
				held = append(held, fmt.Sprintf("%s cabled to %s", c.port(e), h))
			}
		}
		kind := ""
		if k := c.g.Link(dl.id).Kind; k.String() != "" && k != ir.LinkCustom {
			kind = " (" + k.String() + ")" // a generated family's link kind: leaf_spine, node_leaf
		}
		if len(held) > 0 {
			return diag.Error(diag.AsbuiltMissingLink, rng, "Cable missing",
				fmt.Sprintf("The design cables %s; %s has %s instead. Free the port and lay the designed cable.",
					c.designed(dl, kind), c.opt.File, strings.Join(held, " and ")))
		}
		return diag.Error(diag.AsbuiltMissingLink, rng, "Cable missing",
			fmt.Sprintf("The design cables %s; %s has neither port cabled%s. Lay the cable.",
				c.designed(dl, kind), c.opt.File, note))
	}
	var got, crossed []string
	if okA {
		got = append(got, c.port(dl.a)+" to "+c.port(pa))
		crossed = append(crossed, c.crossing(dl.a.node, pa.node)...)
	}
	if okB {
		got = append(got, c.port(dl.b)+" to "+c.port(pb))
		crossed = append(crossed, c.crossing(dl.b.node, pb.node)...)
	}
	if len(crossed) > 0 {
		crossed = slices.Compact(crossed)
		return diag.Error(diag.AsbuiltRailCrossed, rng, "Cable crosses "+crossedWhat(crossed),
			fmt.Sprintf("The design cables %s; %s finds %s: the cable crosses from %s, and %s. Move the cable to the designed port.",
				c.designed(dl, ""), c.opt.File, strings.Join(got, " and "), strings.Join(crossed, " and "), crossingCost(crossed)))
	}
	return diag.Error(diag.AsbuiltMiswired, rng, "Cable at the wrong port",
		fmt.Sprintf("The design cables %s; %s finds %s. Move the cable to the designed port.",
			c.designed(dl, ""), c.opt.File, strings.Join(got, " and ")))
}

// cableID is the cable plan's id of design link id, "" without one.
func (c *comparison) cableID(id ir.LinkID) string {
	if c.opt.CableID != nil {
		return c.opt.CableID(id)
	}
	if ci := c.g.CableOf(id); ci != ir.None {
		return c.g.CableID(int(ci))
	}
	return ""
}

// designed names design link dl for a finding: its two ports, then in
// parentheses its kind (kind, " (leaf_spine)" or "") and the cable plan's
// id for it, the label a technician finds on the cable (trial 61: a
// finding named ports the plan and NetBox spell otherwise, and no cable).
func (c *comparison) designed(dl dlink, kind string) string {
	s := c.port(dl.a) + " to " + c.port(dl.b)
	var notes []string
	if k := strings.TrimSuffix(strings.TrimPrefix(kind, " ("), ")"); k != "" {
		notes = append(notes, k)
	}
	if id := c.cableID(dl.id); id != "" {
		notes = append(notes, "cable "+id)
	}
	if len(notes) > 0 {
		s += " (" + strings.Join(notes, ", ") + ")"
	}
	return s
}

// crossing says how a cable found between devices want and got crosses
// rails or planes ("rail 4 to rail 5"): nothing when both are of one
// rail and one plane, or either says none (a spine of no rail).
func (c *comparison) crossing(want, got ir.NodeID) []string {
	var out []string
	w, g := &c.g.Nodes[want], &c.g.Nodes[got]
	if w.Rail != ir.None && g.Rail != ir.None && w.Rail != g.Rail {
		out = append(out, fmt.Sprintf("rail %d to rail %d", w.Rail, g.Rail))
	}
	if w.Plane != ir.None && g.Plane != ir.None && w.Plane != g.Plane {
		out = append(out, fmt.Sprintf("plane %d to plane %d", w.Plane, g.Plane))
	}
	return out
}

// crossedWhat names what crossed (crossing's phrases) crosses, for a
// finding's title: "rails", "planes" or "rails and planes".
func crossedWhat(crossed []string) string {
	var rails, planes bool
	for _, x := range crossed {
		rails = rails || strings.HasPrefix(x, "rail")
		planes = planes || strings.HasPrefix(x, "plane")
	}
	switch {
	case rails && planes:
		return "rails and planes"
	case planes:
		return "planes"
	}
	return "rails"
}

// crossingCost says what crossing rails or planes costs, for findings.
func crossingCost(crossed []string) string {
	if strings.Contains(strings.Join(crossed, " "), "plane") {
		return "traffic meant for one plane lands in another, which the planes meet only inside the servers"
	}
	return "rail-aligned collectives (NCCL's rings and PXN) then cross the spines"
}

// reportUnplanned reports the discovered cables between design devices
// on ports the design leaves free.
func (c *comparison) reportUnplanned(found cabled) {
	for _, m := range found.links {
		_, usedA := c.at[m.a]
		_, usedB := c.at[m.b]
		if usedA || usedB {
			continue // reported with the design link it displaces
		}
		c.add(diag.Warning(diag.AsbuiltUnplannedLink, c.g.Range(c.g.Fabrics[c.f].Origin), "Cable not in the design",
			fmt.Sprintf("%s cables %s to %s, ports the design leaves free. Remove it, or add it to the design.", where(c.opt, m.l.File, m.l.Line), c.port(m.a), c.port(m.b))))
	}
}

// lookup matches a discovered device to a design node by the naming
// conventions Compare documents, and returns the port of it the name
// names (nameIndex), or 0.
func lookup(d *Device, m map[string]string, idx nameIndex) (n ir.NodeID, port int, ok bool) {
	if mappedApart(d, m) {
		return ir.None, 0, false // no design device, whatever its name says
	}
	var cands []string
	for _, k := range mapKeys(d) {
		if v, ok := m[k]; ok {
			cands = append(cands, v)
		}
	}
	desc := d.Desc
	cands = append(cands, desc)
	if d.Switch {
		h := strings.TrimPrefix(desc, "MF0;")
		if i := strings.IndexByte(h, ':'); i >= 0 {
			h = h[:i]
		}
		cands = append(cands, h)
		// A switch whose LLDP system name is fully qualified
		// ("leaf01.pod1.example.net"): its short name too.
		if short, _, fq := strings.Cut(h, "."); fq && short != "" {
			cands = append(cands, short)
		}
	} else if host, hca, ok := strings.Cut(desc, " "); ok {
		cands = append(cands, host+"/"+hca)
		// A fully qualified host ("dgx0007.cluster.local mlx5_0", as
		// a host whose hostname is its FQDN describes itself): its
		// short name too.
		if short, _, fq := strings.Cut(host, "."); fq && short != "" {
			cands = append(cands, short+"/"+hca)
		}
	} else if short, _, fq := strings.Cut(desc, "."); fq && short != "" {
		// A one-port host described by its fully qualified name alone
		// ("h0.cluster.local"): its short name too.
		cands = append(cands, short)
	}
	for _, c := range cands {
		for _, a := range aliases(c) {
			if n, ok := idx.node[a]; ok {
				return n, idx.port[a], true
			}
		}
	}
	if host, ok := adapterHost(d); ok && d.Chassis == "" {
		// "<host> <hca>" with an hca no model names: the host's one
		// device, where it has one. (An LLDP host port is placed by its
		// cable first, then by elimination: matchByCable.)
		for _, h := range []string{host, strings.SplitN(host, ".", 2)[0]} {
			for _, a := range aliases(h) {
				if n, ok := idx.host[a]; ok {
					return n, 0, true
				}
			}
		}
	}
	return ir.None, 0, false
}

// adapterHost returns the host an adapter's description names: the part
// before the space of "<host> <hca>" ("dgx-04-c01 mlx5_5"), or an LLDP
// host port's system name (Device.Chassis).
func adapterHost(d *Device) (string, bool) {
	if d.Switch {
		return "", false
	}
	if d.Chassis != "" {
		return d.Chassis, true
	}
	host, _, ok := strings.Cut(d.Desc, " ")
	return host, ok && host != ""
}

// aliases returns the forms a name is matched in, each once: as written,
// with '/' as '-', and both in lower case. Only the forms that differ are
// built (a name with neither is returned alone): the index of a 131k-GPU
// design takes hundreds of thousands of names.
func aliases(s string) []string {
	out := make([]string, 1, 4)
	out[0] = s
	if strings.ContainsRune(s, '/') {
		out = append(out, strings.ReplaceAll(s, "/", "-"))
	}
	if hasUpper(s) {
		for _, a := range out {
			out = append(out, strings.ToLower(a))
		}
	}
	slices.Sort(out)
	return out
}

// hasUpper reports whether s has a letter strings.ToLower would change.
func hasUpper(s string) bool {
	for _, r := range s {
		if unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// describe names a device's role in design terms.
func describe(g *ir.Graph, n ir.NodeID) string {
	nd := &g.Nodes[n]
	var parts []string
	if nd.TierName() != "" {
		parts = append(parts, "tier "+nd.TierName())
	} else {
		parts = append(parts, nd.Kind.String())
	}
	if nd.UnitName() != "" && nd.UnitIndex >= 0 {
		parts = append(parts, fmt.Sprintf("%s %d", nd.UnitName(), nd.UnitIndex))
	}
	if nd.Rail >= 0 {
		parts = append(parts, fmt.Sprintf("rail %d", nd.Rail))
	}
	if nd.Plane >= 0 {
		parts = append(parts, fmt.Sprintf("plane %d", nd.Plane))
	}
	return strings.Join(parts, ", ")
}

// ibSpeeds names InfiniBand's per-lane signalling by its per-direction
// rate of a 4x link, bits per second (IBTA: EDR 100G, HDR 200G, NDR 400G,
// XDR 800G at 4x).
var ibSpeeds = map[string]float64{"SDR": 10e9, "DDR": 20e9, "QDR": 40e9, "FDR": 56e9, "EDR": 100e9, "HDR": 200e9, "NDR": 400e9, "XDR": 800e9}

// checkState reports a matched link that is trained but not active
// (Link.State): cabled as designed, but the subnet manager has not
// brought it to Active, so it carries no traffic (IBA logical port
// states Down, Init, Armed, Active; ibdiagnet prints them DWN, INI,
// ARM, ACT).
func checkState(g *ir.Graph, id ir.LinkID, l Link, opt Options, ends func() (a, b string)) hcl.Diagnostics {
	if l.State == "" || opt.IgnoreState {
		return nil
	}
	a, b := ends()
	why := "the subnet manager has not brought it up"
	fix := "Check the subnet manager (opensm or UFM log) for that port, or rerun discovery once the fabric has settled."
	if l.State == "Down" || l.State == "DWN" {
		// Down is below the subnet manager: the port has no physical
		// link (IBA PortInfo PortState 1), though discovery recorded
		// the cable.
		why = "the port reports no physical link"
		fix = "Check the cable and both transceivers, and that neither port is disabled (ibportstate), then rerun discovery."
	}
	return hcl.Diagnostics{diag.Warning(diag.AsbuiltLinkState, g.Range(g.Link(id).Origin), "Link cabled but not active",
		fmt.Sprintf("%s – %s (%s) is cabled as designed, but its logical state is %s, not Active: %s, so it carries no traffic (and counts as absent in --analyze). %s",
			a, b, where(opt, l.File, l.Line), l.State, why, fix))}
}

// checkSpeed compares a matched link's discovered width and speed
// ("4xNDR") with the design's: width 4x, or 4x ÷ lanes of a broken-out
// port, and the speed whose 4x rate × width/4 is the link's capacity.
// ends names the link's two ends, called only for a finding.
func checkSpeed(g *ir.Graph, id ir.LinkID, l Link, opt Options, ends func() (a, b string)) hcl.Diagnostics {
	lk := g.Link(id)
	if l.Speed == "" {
		return nil
	}
	w, sp, ok := strings.Cut(l.Speed, "x")
	if !ok {
		return nil
	}
	width := 0
	fmt.Sscanf(w, "%d", &width)
	wantWidth := 4 / int(max(lk.Breakout, 1))
	rng := g.Range(lk.Origin)
	if width > 0 && wantWidth > 0 && width < wantWidth {
		a, b := ends()
		runs := fmt.Sprintf("%s: %dx wide", l.Speed, width)
		if sp == "" {
			runs = fmt.Sprintf("%dx wide", width) // a width with no speed (db_csv's LinkWidthActv alone)
		}
		return hcl.Diagnostics{diag.Warning(diag.AsbuiltLinkSpeed, rng, "Link trained narrower than designed",
			fmt.Sprintf("%s – %s (%s) runs %s, the design's link is %dx. A %dx link carries %d/%d of its rate: reseat or replace the cable.",
				a, b, where(opt, l.File, l.Line), runs, wantWidth, width, width, wantWidth))}
	}
	if opt.IgnoreSpeed {
		return nil
	}
	if per4x, known := ibSpeeds[sp]; known && width > 0 {
		got := per4x * float64(width) / 4
		if got < lk.PhysicalBPS()*(1-1e-9) {
			hint := ""
			if sp == "SDR" {
				hint = " (ibsim trains links at SDR unless its net file says otherwise, and cannot say NDR: verify a simulated fabric with --ignore-speed)"
			}
			a, b := ends()
			return hcl.Diagnostics{diag.Warning(diag.AsbuiltLinkSpeed, rng, "Link slower than designed",
				fmt.Sprintf("%s – %s (%s) runs %s, %s; the design's link is %s%s. Check the cable and both ports' speeds.",
					a, b, where(opt, l.File, l.Line), l.Speed, units.Rate(got), units.Rate(lk.PhysicalBPS()), hint))}
		}
	}
	return nil
}

// nicNetNames returns, for each server NIC whose node model states
// network device names or interface names (the nic block's pci names and
// interfaces, ir.PCIFunction.NetNames and Interfaces, one per port), its
// ports' names ("mlx5_5", "ibp94s0"), each with its port on a NIC of
// several ports (0 on a NIC of one: the name is the NIC's): the k-th NIC
// of a role on a server is the k-th PCI function of that role in the
// model, as the compiler builds them. An LLDP host port reads "<host>
// <interface>", so the interface names a host's port as its OS does; a
// dual-port ConnectX whose ports are PCI functions of their own is
// discovered as one adapter per port, "<host> mlx5_0" and "<host>
// mlx5_1".
func nicNetNames(g *ir.Graph) map[ir.NodeID][]portName {
	out := map[ir.NodeID][]portName{}
	for i := range g.Nodes {
		f := g.NICFunction(ir.NodeID(i))
		if f == nil {
			continue
		}
		for kind, names := range [][]string{f.NetNames, f.Interfaces} {
			for j, nn := range names {
				port := j + 1
				if len(names) == 1 {
					port = 0
				}
				out[ir.NodeID(i)] = append(out[ir.NodeID(i)], portName{nn, port, kind == 1})
			}
		}
	}
	return out
}

// where names a line of the discovery: "FILE line N", the item's own file
// when several were merged, else Options.File.
func where(opt Options, file string, line int) string {
	if file == "" {
		file = opt.File
	}
	switch {
	case line == 0:
		return file // a device recorded only by its file (an LLDP switch)
	case line < 0:
		return fmt.Sprintf("%s entry %d", file, -line) // an LLDP interface entry
	case file == "":
		return fmt.Sprintf("line %d", line)
	}
	return fmt.Sprintf("%s line %d", file, line)
}

// numberPorts numbers the named switch ports of topo's links (LLDP) on
// the design switches they matched, as the design numbers them
// (ir.Graph.FabricLanes), by namedPortNumber in the naming of the switch
// that names them: a file's own switch as its file does, a neighbour as
// its own file does where one was read, else as the file that lists it
// (one NOS across a fabric, as deployments run). A name it cannot read
// ("et-0/0/1") leaves its link out of the comparison; one warning
// counts them, with an example.
func (c *comparison) numberPorts() hcl.Diagnostics {
	g, topo := c.g, c.topo
	c.portNames, c.naming = map[endKey]string{}, map[ir.NodeID]string{}
	naming := map[string]string{}
	for _, d := range topo.Devices {
		if topo.Covered[d.ID] {
			naming[d.ID] = d.PortNaming
			if n, ok := c.match[d.ID]; ok {
				c.naming[n] = d.PortNaming
			}
		}
	}
	bad, example := 0, ""
	num := func(dev, name, fileNaming string, port *int) {
		if name == "" || *port != 0 {
			return
		}
		n, ok := c.match[dev]
		if !ok {
			return
		}
		nm, own := naming[dev]
		if !own {
			nm = fileNaming
		}
		if p, ok := namedPortNumber(name, nm, int(c.lanes[n]), cageLanes(g.Nodes[n].PortRateBPS)); ok {
			*port = p
			if !isPlanPortName(name, p, max(int(c.lanes[n]), 1)) {
				// The plan's own name is shown anyway (port); another
				// ("Ethernet7/3", or "swp5" for the plan's lane swp5s0
				// on a port not split) is the one the switch shows.
				c.portNames[endKey{n, p}] = name
			}
			return
		}
		bad++
		if example == "" {
			example = fmt.Sprintf("%s port %q", g.Nodes[n].Name, name)
		}
	}
	for i := range topo.Links {
		l := &topo.Links[i]
		num(l.A, l.APortName, l.PortNaming, &l.APort)
		num(l.B, l.BPortName, l.PortNaming, &l.BPort)
	}
	if bad == 0 {
		return nil
	}
	return hcl.Diagnostics{diag.Warning(diag.AsbuiltDiscovery, g.Range(g.Fabrics[c.f].Origin), "Switch ports not named as the design names them",
		fmt.Sprintf("%s of %s, %s%s, %s named otherwise than topoc reads switch ports (Cumulus swpN and swpNsL, EOS EthernetN and EthernetN/M, SONiC EthernetN by first lane), so %s not compared. Name the interfaces as the plan does, or collect LLDP where they are.",
			units.CountOf(bad, "port", "ports"), c.opt.File, units.Agree(bad, "", "such as "), example, units.Agree(bad, "is", "are"), units.Agree(bad, "its cable is", "their cables are")))}
}

// namedPortNumber numbers a switch port named name by a switch that names
// its ports as naming says (Link.PortNaming), on a switch whose ports
// split into lanes lanes of cages of serdes electrical lanes: "swpN" and
// "swpNsL" always as Cumulus names them (switchPortNumber); "EthernetN…"
// as EOS does in an EOS file (eosPortNumber), else as SONiC does
// (sonicPortNumber: SONiC is the system that names ports so under
// lldpd). false for a name none of them reads.
func namedPortNumber(name, naming string, lanes, serdes int) (int, bool) {
	if p, ok := switchPortNumber(name, lanes); ok {
		return p, true
	}
	if naming == "eos" {
		return eosPortNumber(name, lanes, serdes)
	}
	return sonicPortNumber(name, lanes, serdes)
}

// namesHost reports whether an LLDP system name names the design device n
// a host port belongs to: n itself (an implicit host), or n's server by
// its design name or hostname, in any of the aliases forms, fully
// qualified or not. A host port on the wrong host is then not taken for
// the designed one.
func namesHost(g *ir.Graph, n ir.NodeID, system string) bool {
	said := map[string]bool{}
	short, _, _ := strings.Cut(system, ".")
	for _, a := range append(aliases(system), aliases(short)...) {
		said[a] = true
	}
	names := []string{g.Nodes[n].Name}
	if p := g.Nodes[n].Parent; p != ir.None {
		names = append(names, g.Nodes[p].Name)
		if h, ok := g.Hostnames[p]; ok {
			names = append(names, h)
		}
	}
	for _, name := range names {
		for _, a := range aliases(name) {
			if said[a] {
				return true
			}
		}
	}
	return false
}
