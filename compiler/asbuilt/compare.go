package asbuilt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// Options tune Compare.
type Options struct {
	// Map maps a discovered NodeDescription (or device id) to a design
	// node name, before the naming conventions are tried.
	Map map[string]string
	// IgnoreSpeed skips the speed comparison (ibsim reports every link
	// at SDR); widths are still compared.
	IgnoreSpeed bool
	// File names the discovery file in messages.
	File string
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
	// nature (SHARP aggregation nodes).
	SetApart int
}

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
// apart; any other unmatched device is asbuilt-extra-device.
func Compare(g *ir.Graph, f ir.FabricID, topo *Topology, opt Options) Result {
	var r Result
	number := g.PortNumbers(f)
	// Design devices and their aliases.
	byName := map[string]ir.NodeID{}
	var devices []ir.NodeID
	isDevice := map[ir.NodeID]bool{}
	for _, n := range g.FabricNodes(f) {
		nd := &g.Nodes[n]
		if nd.Kind.IsSwitch() || nd.Kind == ir.KindNIC || nd.Kind == ir.KindHost {
			devices = append(devices, n)
			isDevice[n] = true
		}
	}
	netNames := nicNetNames(g)
	for _, n := range devices {
		names := []string{g.Nodes[n].Name}
		if p := g.Nodes[n].Parent; p != ir.None {
			if h, ok := g.Hostnames[p]; ok {
				// "<hostname> nic3": the NIC's design name under the
				// server's hostname.
				names = append(names, h+"/"+strings.TrimPrefix(g.Nodes[n].Name, g.Nodes[p].Name+"/"))
			}
		}
		if nn, ok := netNames[n]; ok {
			// "<host> mlx5_5", read as "<host>/mlx5_5", names the NIC
			// whose model states that device name; <host> is the
			// server's design name or its hostname.
			p := g.Nodes[n].Parent
			names = append(names, g.Nodes[p].Name+"/"+nn)
			if h, ok := g.Hostnames[p]; ok {
				names = append(names, h+"/"+nn)
			}
		}
		for _, name := range names {
			for _, a := range aliases(name) {
				if _, taken := byName[a]; !taken {
					byName[a] = n
				}
			}
		}
	}
	r.Devices = len(devices)
	// The design's links by their ends.
	type dlink struct {
		id   ir.LinkID
		a, b endKey
	}
	var dlinks []dlink
	designAt := map[endKey]int{}
	linksOf := map[ir.NodeID]int{}
	for _, id := range g.FabricLinks(f) {
		l := &g.Links[id]
		linksOf[l.A.Node]++
		linksOf[l.B.Node]++
		dl := dlink{id, endKey{l.A.Node, number(l.A)}, endKey{l.B.Node, number(l.B)}}
		designAt[dl.a], designAt[dl.b] = len(dlinks), len(dlinks)
		dlinks = append(dlinks, dl)
	}
	r.Links = len(dlinks)
	// Match the discovered devices.
	match := map[string]ir.NodeID{}
	taken := map[ir.NodeID]string{}
	var unmatched []*Device
	for i := range topo.Devices {
		d := &topo.Devices[i]
		n, ok := lookup(d, opt.Map, byName)
		if ok && taken[n] == "" {
			match[d.ID], taken[n] = n, d.ID
			continue
		}
		if ok {
			// A second device with the same design name: neither is
			// trustworthy by name, and the first keeps it.
			first := topo.Device(taken[n])
			r.Diags = append(r.Diags, diag.Warning(diag.AsbuiltExtraDevice, g.Range(g.Nodes[n].Origin), "Two devices claim one design name",
				fmt.Sprintf("%s (%s, description %q) and %s (%s, description %q) both name %s; the first is compared as it, the second is left out. Give the devices distinct NodeDescriptions, or tell them apart with --map by id.",
					first.ID, where(opt, first.File, first.Line), first.Desc, d.ID, where(opt, d.File, d.Line), d.Desc, g.Nodes[n].Name)))
			continue
		}
		unmatched = append(unmatched, d)
	}
	if len(match) == 0 {
		// Nothing matched by name: a naming problem, not a fabric of
		// missing devices; one finding says so and shows both namings.
		var disc, des []string
		for i := 0; i < len(topo.Devices) && len(disc) < 3; i++ {
			if d := topo.Devices[i]; d.Desc != "" {
				disc = append(disc, fmt.Sprintf("%q", d.Desc))
			}
		}
		for i := 0; i < len(devices) && len(des) < 3; i++ {
			des = append(des, fmt.Sprintf("%q", g.Nodes[devices[i]].Name))
		}
		r.Diags = append(r.Diags, diag.Error(diag.AsbuiltDiscovery, g.Range(g.Fabrics[f].Origin), "No discovered device has a design name",
			fmt.Sprintf("None of the %d devices of %s matches a device of fabric %q by name: the discovery names them like %s, the design like %s. Give --map a CSV of discovered description,design name, or name the design's switches and servers as the cluster names them.",
				len(topo.Devices), opt.File, g.Fabrics[f].Name, strings.Join(disc, ", "), strings.Join(des, ", "))))
		return r
	}
	// Named switch ports (LLDP) numbered on the switches matched by name,
	// before adapters are matched by the switch port they are cabled to.
	r.Diags = append(r.Diags, numberPorts(g, f, topo, match, opt)...)
	// Adapters matched by their cable.
	peerOf := map[string][]Link{}
	linksAt := map[string][]int{} // device id → its links' indexes in topo.Links
	for i, l := range topo.Links {
		linksAt[l.A], linksAt[l.B] = append(linksAt[l.A], i), append(linksAt[l.B], i)
		peerOf[l.A] = append(peerOf[l.A], l)
		peerOf[l.B] = append(peerOf[l.B], Link{A: l.B, APort: l.BPort, B: l.A, BPort: l.APort, Speed: l.Speed, Line: l.Line})
	}
	var extra []*Device
	for _, d := range unmatched {
		if strings.Contains(d.Desc, "Aggregation Node") {
			r.SetApart++
			continue
		}
		found := false
		if !d.Switch && len(peerOf[d.ID]) == 1 {
			l := peerOf[d.ID][0]
			if sw, ok := match[l.B]; ok {
				if i, ok := designAt[endKey{sw, l.BPort}]; ok {
					dl := dlinks[i]
					other := dl.a
					if other.node == sw {
						other = dl.b
					}
					prev := topo.Device(taken[other.node])
					if g.Nodes[other.node].Kind != ir.KindSwitch && (prev == nil || d.Chassis != "" && prev.Chassis == d.Chassis) &&
						(d.Chassis == "" || namesHost(g, other.node, d.Chassis)) {
						// A host's ports as LLDP names them are devices of
						// one port each: each takes the port of the design
						// host its cable reaches.
						match[d.ID] = other.node
						if prev == nil {
							taken[other.node] = d.ID
						}
						if d.Chassis != "" {
							for _, i := range linksAt[d.ID] {
								if topo.Links[i].A == d.ID {
									topo.Links[i].APort = other.port
								} else {
									topo.Links[i].BPort = other.port
								}
							}
						}
						found = true
						// An LLDP host port (d.Chassis) sits where the design
						// puts its host, which its system name names: matched
						// by name and cable, nothing to report.
						if d.Chassis == "" {
							r.ByPosition++
							r.Diags = append(r.Diags, diag.Info(diag.AsbuiltUnnamedDevice, g.Range(g.Nodes[other.node].Origin), "Adapter matched by its cable",
								fmt.Sprintf("%s (%s, description %q) names no design device; it is cabled to %s port %d, where the design has %s, so it is taken for that. Set its NodeDescription (\"<host> <hca>\"), or map it with --map.",
									d.ID, where(opt, d.File, d.Line), d.Desc, g.Nodes[sw].Name, l.BPort, g.Nodes[other.node].Name)))
						}
					}
				}
			}
		}
		if !found {
			extra = append(extra, d)
		}
	}
	for _, d := range extra {
		what := "adapter"
		if d.Switch {
			what = "switch"
		}
		r.Diags = append(r.Diags, diag.Warning(diag.AsbuiltExtraDevice, g.Range(g.Fabrics[f].Origin), "Device not in the design",
			fmt.Sprintf("%s %s (%s, description %q, %d cabled port(s)) matches no device of fabric %q; its cables are not compared. Map it with --map if it is one, or remove it from the fabric.",
				what, d.ID, where(opt, d.File, d.Line), d.Desc, len(peerOf[d.ID]), g.Fabrics[f].Name)))
	}
	// Planes with no switch found: each InfiniBand plane is its own
	// subnet, and a discovery run from one plane never sees another.
	planeFound := map[int32]bool{}
	planes := map[int32]bool{}
	for _, n := range devices {
		if nd := &g.Nodes[n]; nd.Kind.IsSwitch() && nd.Plane >= 0 {
			planes[nd.Plane] = true
			planeFound[nd.Plane] = planeFound[nd.Plane] || taken[n] != ""
		}
	}
	// The design devices a file was collected on (per-device discovery),
	// and those with a design neighbour among them: only these can be
	// seen at all.
	covered, visible := map[ir.NodeID]bool{}, map[ir.NodeID]bool{}
	for id := range topo.Covered {
		if n, ok := match[id]; ok {
			covered[n] = true
		}
	}
	for _, dl := range dlinks {
		if covered[dl.a.node] || covered[dl.b.node] {
			visible[dl.a.node], visible[dl.b.node] = true, true
		}
	}
	missingDev := map[ir.NodeID]bool{}
	for _, n := range devices {
		if taken[n] != "" {
			r.MatchedDevices++
			continue
		}
		if topo.Covered != nil && !visible[n] {
			continue // no file sees it: the no-file warning names it
		}
		if !g.Nodes[n].Kind.IsSwitch() {
			// Discovery reaches an adapter only through its cables: one not
			// found is as likely uncabled as absent, so its links are
			// reported (as missing), not the device.
			continue
		}
		missingDev[n] = true
		hint := ""
		if p := g.Nodes[n].Plane; p >= 0 && len(planes) > 1 && !planeFound[p] {
			hint = fmt.Sprintf(" No switch of plane %d was found: each InfiniBand plane is a subnet of its own, which a discovery from another plane cannot see; give one --discovered file per plane.", p)
		}
		r.Diags = append(r.Diags, diag.Error(diag.AsbuiltMissingDevice, g.Range(g.Nodes[n].Origin), "Device not discovered",
			fmt.Sprintf("%s (%s) of fabric %q is not in %s: no device has its name, and none took its place by a cable. Its %d link(s) are not reported one by one.%s",
				g.Nodes[n].Name, describe(g, n), g.Fabrics[f].Name, opt.File, linksOf[n], hint)))
	}
	// The discovered links by their mapped ends.
	type mlink struct {
		a, b endKey
		l    Link
	}
	var mapped []mlink // discovered links between matched devices, in file order
	found := map[endKey]endKey{}
	speedAt := map[endKey]Link{}
	for _, l := range topo.Links {
		a, okA := match[l.A]
		b, okB := match[l.B]
		if !okA || !okB || l.APort == 0 || l.BPort == 0 {
			continue // an end unmatched, or a port name numberPorts could not number
		}
		ka, kb := endKey{a, l.APort}, endKey{b, l.BPort}
		mapped = append(mapped, mlink{ka, kb, l})
		found[ka], found[kb] = kb, ka
		speedAt[ka], speedAt[kb] = l, l
	}
	name := func(e endKey) string { return fmt.Sprintf("%s port %d", g.Nodes[e.node].Name, e.port) }
	// Swapped pairs first: two design links a1–b1, a2–b2 found as a1–b2
	// and a2–b1.
	swapped := map[int]bool{}
	for i, dl := range dlinks {
		if swapped[i] || found[dl.a] == dl.b || missingDev[dl.a.node] || missingDev[dl.b.node] {
			continue
		}
		for _, end := range [2]endKey{dl.a, dl.b} {
			other, ok := found[end]
			if !ok {
				continue
			}
			j, ok := designAt[other]
			if !ok || j == i || swapped[j] {
				continue
			}
			o := dlinks[j]
			mine, theirs := dl.b, o.a
			if end == dl.b {
				mine = dl.a
			}
			if other == o.a {
				theirs = o.b
			}
			if found[mine] == theirs {
				swapped[i], swapped[j] = true, true
				r.Diags = append(r.Diags, diag.Error(diag.AsbuiltSwapped, g.Range(g.Links[dl.id].Origin), "Two cables swapped",
					fmt.Sprintf("The design cables %s to %s and %s to %s; %s finds %s to %s and %s to %s: the two cables are exchanged at one end. Swap them back.",
						name(dl.a), name(dl.b), name(o.a), name(o.b), opt.File, name(end), name(other), name(mine), name(theirs))))
				break
			}
		}
	}
	// With per-device discovery (LLDP), a cable is seen only from a
	// device a file was collected on: cables with no such end are not
	// compared, and one warning says which switches have no file.
	unseen, uncovered, skip := 0, map[ir.NodeID]bool{}, map[int]bool{}
	if topo.Covered != nil {
		for i, dl := range dlinks {
			if covered[dl.a.node] || covered[dl.b.node] {
				continue
			}
			skip[i] = true
			unseen++
			for _, e := range [2]endKey{dl.a, dl.b} {
				if g.Nodes[e.node].Kind.IsSwitch() {
					uncovered[e.node] = true
				}
			}
		}
	}
	if unseen > 0 {
		var names []string
		for n := range uncovered {
			names = append(names, g.Nodes[n].Name)
		}
		slices.Sort(names)
		example := strings.Join(names[:min(3, len(names))], ", ")
		if len(names) > 3 {
			example += fmt.Sprintf(" and %d more", len(names)-3)
		}
		r.Diags = append(r.Diags, diag.Warning(diag.AsbuiltDiscovery, g.Range(g.Fabrics[f].Origin), "Switches without a discovery file",
			fmt.Sprintf("%d cable(s) have no end on a switch that %s was collected on, so they are not compared: no LLDP file for %s. Collect lldpctl -f json0 on those switches too, in files named after them.",
				unseen, opt.File, example)))
	}
	for i, dl := range dlinks {
		if swapped[i] || skip[i] || missingDev[dl.a.node] || missingDev[dl.b.node] {
			continue
		}
		pa, okA := found[dl.a]
		pb, okB := found[dl.b]
		rng := g.Range(g.Links[dl.id].Origin)
		switch {
		case okA && pa == dl.b:
			r.MatchedLinks++
			r.Diags = append(r.Diags, checkSpeed(g, dl.id, speedAt[dl.a], opt, name(dl.a), name(dl.b))...)
		case !okA && !okB:
			note := ""
			for _, e := range [2]endKey{dl.a, dl.b} {
				if taken[e.node] == "" {
					note = fmt.Sprintf(" (%s itself was not discovered: an adapter with no working cable is invisible to discovery)", g.Nodes[e.node].Name)
				}
			}
			r.Diags = append(r.Diags, diag.Error(diag.AsbuiltMissingLink, rng, "Cable missing",
				fmt.Sprintf("The design cables %s to %s (%s); %s has neither port cabled%s. Lay the cable.",
					name(dl.a), name(dl.b), g.Links[dl.id].Kind, opt.File, note)))
		default:
			var got []string
			if okA {
				got = append(got, name(dl.a)+" to "+name(pa))
			}
			if okB {
				got = append(got, name(dl.b)+" to "+name(pb))
			}
			r.Diags = append(r.Diags, diag.Error(diag.AsbuiltMiswired, rng, "Cable at the wrong port",
				fmt.Sprintf("The design cables %s to %s; %s finds %s. Move the cable to the designed port.",
					name(dl.a), name(dl.b), opt.File, strings.Join(got, " and "))))
		}
	}
	// Discovered cables between design devices on ports the design leaves
	// free.
	for _, m := range mapped {
		ka, kb, l := m.a, m.b, m.l
		_, usedA := designAt[ka]
		_, usedB := designAt[kb]
		if usedA || usedB {
			continue // reported with the design link it displaces
		}
		r.Diags = append(r.Diags, diag.Warning(diag.AsbuiltUnplannedLink, g.Range(g.Fabrics[f].Origin), "Cable not in the design",
			fmt.Sprintf("%s cables %s to %s, ports the design leaves free. Remove it, or add it to the design.", where(opt, l.File, l.Line), name(ka), name(kb))))
	}
	return r
}

// lookup matches a discovered device to a design node by the naming
// conventions Compare documents.
func lookup(d *Device, m map[string]string, byName map[string]ir.NodeID) (ir.NodeID, bool) {
	var cands []string
	if v, ok := m[d.Desc]; ok {
		cands = append(cands, v)
	}
	if v, ok := m[d.ID]; ok {
		cands = append(cands, v)
	}
	desc := d.Desc
	cands = append(cands, desc)
	if d.Switch {
		h := strings.TrimPrefix(desc, "MF0;")
		if i := strings.IndexByte(h, ':'); i >= 0 {
			h = h[:i]
		}
		cands = append(cands, h)
	} else if host, hca, ok := strings.Cut(desc, " "); ok {
		cands = append(cands, host+"/"+hca)
		// A fully qualified host ("dgx0007.cluster.local mlx5_0", as
		// a host whose hostname is its FQDN describes itself): its
		// short name too.
		if short, _, fq := strings.Cut(host, "."); fq && short != "" {
			cands = append(cands, short+"/"+hca)
		}
	}
	for _, c := range cands {
		for _, a := range aliases(c) {
			if n, ok := byName[a]; ok {
				return n, true
			}
		}
	}
	return ir.None, false
}

// aliases returns the forms a name is matched in: as written, with '/'
// as '-', and both in lower case.
func aliases(s string) []string {
	d := strings.ReplaceAll(s, "/", "-")
	out := []string{s, d, strings.ToLower(s), strings.ToLower(d)}
	slices.Sort(out)
	return slices.Compact(out)
}

// describe names a device's role in design terms.
func describe(g *ir.Graph, n ir.NodeID) string {
	nd := &g.Nodes[n]
	var parts []string
	if nd.Tier != "" {
		parts = append(parts, "tier "+nd.Tier)
	} else {
		parts = append(parts, nd.Kind.String())
	}
	if nd.Unit != "" && nd.UnitIndex >= 0 {
		parts = append(parts, fmt.Sprintf("%s %d", nd.Unit, nd.UnitIndex))
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

// checkSpeed compares a matched link's discovered width and speed
// ("4xNDR") with the design's: width 4x, or 4x ÷ lanes of a broken-out
// port, and the speed whose 4x rate × width/4 is the link's capacity.
func checkSpeed(g *ir.Graph, id ir.LinkID, l Link, opt Options, a, b string) hcl.Diagnostics {
	lk := &g.Links[id]
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
		return hcl.Diagnostics{diag.Warning(diag.AsbuiltLinkSpeed, rng, "Link trained narrower than designed",
			fmt.Sprintf("%s – %s (%s) runs %s: %dx wide, the design's link is %dx. A %dx link carries %d/%d of its rate: reseat or replace the cable.",
				a, b, where(opt, l.File, l.Line), l.Speed, width, wantWidth, width, width, wantWidth))}
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
			return hcl.Diagnostics{diag.Warning(diag.AsbuiltLinkSpeed, rng, "Link slower than designed",
				fmt.Sprintf("%s – %s (%s) runs %s, %s; the design's link is %s%s. Check the cable and both ports' speeds.",
					a, b, where(opt, l.File, l.Line), l.Speed, units.Rate(got), units.Rate(lk.PhysicalBPS()), hint))}
		}
	}
	return nil
}

// nicNetNames returns, for each server NIC whose node model states
// network device names (the nic block's pci names, ir.PCIFunction.NetNames),
// its first port's name: the k-th NIC of a role on a server is the k-th
// PCI function of that role in the model, as the compiler builds them.
func nicNetNames(g *ir.Graph) map[ir.NodeID]string {
	models := map[string]*ir.ServerModel{}
	for i := range g.ServerModels {
		models[g.ServerModels[i].Name] = &g.ServerModels[i]
	}
	out := map[ir.NodeID]string{}
	for i := range g.Nodes {
		sv := &g.Nodes[i]
		sm := models[sv.Model]
		if sv.Parent != ir.None || sm == nil {
			continue
		}
		byRole := map[string][]*ir.PCIFunction{}
		for j := range sm.PCI {
			if f := &sm.PCI[j]; f.Kind == ir.PCINIC {
				byRole[string(f.Role)] = append(byRole[string(f.Role)], f)
			}
		}
		seen := map[string]int{}
		for _, c := range g.Children(ir.NodeID(i)) {
			nd := &g.Nodes[c]
			if nd.Kind != ir.KindNIC {
				continue
			}
			k := seen[string(nd.Role)]
			seen[string(nd.Role)]++
			if fs := byRole[string(nd.Role)]; k < len(fs) && len(fs[k].NetNames) > 0 {
				out[c] = fs[k].NetNames[0]
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
// (switchPortNumber over ir.Graph.FabricLanes). A name the cable plan
// never writes ("Ethernet4", "Ethernet1/1") leaves its link out of the
// comparison; one warning counts them, with an example.
func numberPorts(g *ir.Graph, f ir.FabricID, topo *Topology, match map[string]ir.NodeID, opt Options) hcl.Diagnostics {
	lanes := g.FabricLanes(f)
	bad, example := 0, ""
	num := func(dev, name string, port *int) {
		if name == "" || *port != 0 {
			return
		}
		n, ok := match[dev]
		if !ok {
			return
		}
		if p, ok := switchPortNumber(name, int(lanes[n])); ok {
			*port = p
			return
		}
		bad++
		if example == "" {
			example = fmt.Sprintf("%s port %q", g.Nodes[n].Name, name)
		}
	}
	for i := range topo.Links {
		l := &topo.Links[i]
		num(l.A, l.APortName, &l.APort)
		num(l.B, l.BPortName, &l.BPort)
	}
	if bad == 0 {
		return nil
	}
	return hcl.Diagnostics{diag.Warning(diag.AsbuiltDiscovery, g.Range(g.Fabrics[f].Origin), "Switch ports not named as the design names them",
		fmt.Sprintf("%d port(s) of %s, such as %s, are named otherwise than the cable plan names switch ports (swpN, swpNsL for a lane of a broken-out port), so their cables are not compared. Name the interfaces as the plan does, or collect LLDP where they are.", bad, opt.File, example))}
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
