package compiler

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

func buildFabrics(s *state) {
	var names earlierNames
	for _, f := range s.cfg.Fabrics {
		first, firstFabric := len(s.g.Nodes), len(s.g.Fabrics)
		switch {
		case f.FatTree != nil:
			s.buildFatTree(f)
		case f.Dragonfly != nil:
			s.buildDragonfly(f)
		case f.Torus != nil:
			s.buildTorus(f)
		case f.NVLinkDomain != nil:
			s.buildNVLink(f)
		case f.Clos != nil:
			s.buildClos(f)
		case f.Custom != nil:
			s.buildCustom(f)
		}
		for len(s.fabricOf) < len(s.g.Fabrics) {
			s.fabricOf = append(s.fabricOf, f)
		}
		if t := f.ServerTransit(); t.Set && len(t.V) > 0 {
			for fid := firstFabric; fid < len(s.g.Fabrics); fid++ {
				s.g.Fabrics[fid].Transit = ir.ParseTransit(t.V)
				if !s.g.HasServerNICs(ir.FabricID(fid)) && len(s.g.Fabrics[fid].Endpoints) > 0 {
					s.diags = append(s.diags, diag.Error(diag.InvalidParameter, t.Range, "Server transit without servers",
						fmt.Sprintf("fabric %q sets server_transit, but none of its endpoints is a NIC of a server (node_group.<name>.nics.<role>): implicit hosts have no internals to cross. Remove server_transit, or attach the servers' NICs.", f.Name)))
				}
			}
		}
		if first > 0 {
			if names.reused(s.g, first) {
				qualifyNames(s.g, first, f.Name)
				for fid := firstFabric; fid < len(s.g.Fabrics); fid++ {
					s.g.Fabrics[fid].NamePrefix = f.Name + "/"
				}
			}
		}
	}
	refuseEmptyFabrics(s)
	warnServersOutsideDomains(s)
}

// warnServersOutsideDomains warns where the NVLink domains of one fabric
// block that pick servers by pattern (servers, with count or for_each)
// leave some servers of their gpu_nodes in none: a rack its count or
// patterns missed keeps its GPUs apart, and a tensor group over them
// crosses the scale-out fabric (trial 67: count = racks − 1 showed only as
// a congested CPU link). One warning per block, at its servers, naming
// how many servers and the first.
func warnServersOutsideDomains(s *state) {
	if s.diags.HasErrors() {
		return
	}
	type block struct {
		d     *lang.NVLinkDomain
		nodes map[ir.NodeID]bool // GPUs of gpu_nodes
	}
	var order []hcl.Range
	blocks := map[hcl.Range]*block{}
	for _, f := range s.cfg.Fabrics {
		d := f.NVLinkDomain
		if d == nil || !d.Servers.Set {
			continue
		}
		b := blocks[f.DeclRange]
		if b == nil {
			b = &block{d: d, nodes: map[ir.NodeID]bool{}}
			blocks[f.DeclRange] = b
			order = append(order, f.DeclRange)
		}
		for _, r := range d.GPUNodes {
			if len(r.Parts) == 3 {
				if sg, ok := s.groups[r.Parts[1]]; ok {
					for _, n := range sg.gpuIDs() {
						b.nodes[n] = true
					}
				}
			}
		}
	}
	for _, rng := range order {
		b := blocks[rng]
		missed := map[ir.NodeID]bool{}
		var first ir.NodeID = ir.None
		for n := range b.nodes {
			if _, in := s.nvlinkDomainOf[n]; in {
				continue
			}
			sv := s.g.Nodes[n].Parent
			missed[sv] = true
			if first == ir.None || sv < first {
				first = sv
			}
		}
		if len(missed) == 0 {
			continue
		}
		s.diags = append(s.diags, diag.Warning(diag.GPUsOutsideDomains, b.d.Servers.Range, "Servers in no NVLink domain",
			fmt.Sprintf("The NVLink domains of this block leave %s of their node groups in none (the first is %s): their GPUs reach each other only through the scale-out fabric. Check count or for_each against the racks, and the servers pattern against the server names.",
				units.CountOf(len(missed), "server", "servers"), s.g.Nodes[first].Name)))
	}
}

// refuseEmptyFabrics reports a fabric that connects no endpoint (a clos
// over node groups of count 0, an empty custom block): every analysis of
// it would be vacuous (a "bisection" of 0 b/s, "exact"), and a design
// review should not pass it. The usual cause is a count or a reference
// left at zero.
func refuseEmptyFabrics(s *state) {
	for fid := range s.g.Fabrics {
		fab := &s.g.Fabrics[fid]
		if len(fab.Endpoints) > 0 || s.diags.HasErrors() {
			continue
		}
		f := s.fabricOf[fid]
		s.diags = append(s.diags, diag.Error(diag.InvalidParameter, f.DeclRange, "Fabric without endpoints",
			fmt.Sprintf("fabric %q connects no endpoint, so nothing can be measured or built from it. Check the node groups it names (a count of 0?) or give it hosts; remove the block if the fabric is not part of the design.", f.Name)))
	}
}

// qualifyNames keeps node names unique across fabrics: generators name
// switches by role ("core05", "leaf7"), so two fat-trees in one design
// would collide. When any node built for a fabric (from index first on)
// reuses an earlier name (earlierNames.reused), every node of that
// fabric is prefixed with "<fabric>/", so names stay stable and the
// first fabric keeps the short form.
func qualifyNames(g *ir.Graph, first int, fabric string) {
	for i := first; i < len(g.Nodes); i++ {
		g.Nodes[i].Name = fabric + "/" + g.Nodes[i].Name
	}
}

// earlierNames answers whether a fabric's nodes reuse the name of a node
// built before them. A fabric after the servers of a large design meets
// hundreds of thousands of earlier names (545,863 at 131,072 GPUs) and
// builds a few thousand switches, so the cheaper way is to hash the new
// names and look the earlier ones up; with many fabrics that would read
// the earlier nodes once per fabric, so once the names read pass twice
// the nodes, the earlier names go into a set that grows with each fabric.
type earlierNames struct {
	set     map[string]bool // nil until scanning stops paying
	known   int             // nodes whose names set holds
	scanned int             // earlier names read by scans so far
}

// reused reports whether a node from index first on has the name of a
// node before first.
func (e *earlierNames) reused(g *ir.Graph, first int) bool {
	if e.set == nil && e.scanned+first <= 2*len(g.Nodes) {
		e.scanned += first
		fresh := make(map[string]bool, len(g.Nodes)-first)
		for _, n := range g.Nodes[first:] {
			fresh[n.Name] = true
		}
		for _, n := range g.Nodes[:first] {
			if fresh[n.Name] {
				return true
			}
		}
		return false
	}
	if e.set == nil {
		e.set = make(map[string]bool, len(g.Nodes))
	}
	for ; e.known < first; e.known++ {
		e.set[g.Nodes[e.known].Name] = true
	}
	for _, n := range g.Nodes[first:] {
		if e.set[n.Name] {
			return true
		}
	}
	return false
}

// paramErrors turns generator parameter errors into diagnostics at the
// range of the argument each names.
func (s *state) paramErrors(f *lang.Fabric, errs []gen.ParamError, code diag.Code, ranges map[string]hcl.Range) bool {
	for _, e := range errs {
		rng, ok := ranges[e.Param]
		if !ok || rng.Filename == "" {
			rng = f.FamilyRange
		}
		c, summary := code, fmt.Sprintf("Invalid %s parameter %s", f.Family(), e.Param)
		if e.Radix {
			c, summary = diag.RadixExceeded, "Router radix too small"
		}
		s.diags = append(s.diags, diag.Error(c, rng, summary,
			fmt.Sprintf("In fabric %q, %s %s.", f.Name, e.Param, e.Msg)))
	}
	return len(errs) == 0
}

// optionalRates reports (invalid-parameter, at the argument) an optional
// rate written as zero or less: unset, such a rate takes its default, but
// "0Gb/s" written out is a mistake, not a request for the default.
// Returns whether all are positive or unset.
func (s *state) optionalRates(f *lang.Fabric, rates map[string]lang.Val[float64]) bool {
	ok := true
	for _, name := range slices.Sorted(maps.Keys(rates)) {
		if r := rates[name]; r.Set && r.V <= 0 {
			s.diags = append(s.diags, diag.Error(diag.InvalidParameter, r.Range, "Rate must be positive",
				fmt.Sprintf("In fabric %q, %s is %s; a link rate is above zero. Write the rate, or leave %s out for its default.", f.Name, name, units.Rate(r.V), name)))
			ok = false
		}
	}
	return ok
}

func (s *state) buildFatTree(f *lang.Fabric) {
	ft := f.FatTree
	if !s.optionalRates(f, map[string]lang.Val[float64]{"host_rate": ft.HostRate, "core_rate": ft.CoreRate}) {
		return
	}
	p := gen.FatTree{K: int(ft.K.V), LinkRateBPS: ft.LinkRate.V, HostBPS: ft.HostRate.V, CoreBPS: ft.CoreRate.V,
		HostsPerEdge: int(ft.HostsPerEdge.V), SwitchModel: ft.SwitchModel.V, Origin: s.g.Origin(f.FamilyRange)}
	if ft.HostsPerEdge.Set && ft.HostsPerEdge.V < 1 {
		s.diags = append(s.diags, diag.Error(diag.InvalidParameter, ft.HostsPerEdge.Range, "Invalid hosts_per_edge",
			fmt.Sprintf("hosts_per_edge must be at least 1 (got %d): it is the hosts cabled to each edge switch; leave it out for the paper's k/2.", ft.HostsPerEdge.V)))
		return
	}
	if ft.SwitchModel.Set {
		m, ok := s.switchModel(ft.SwitchModel)
		if !ok || !s.oneRate(m, ft.SwitchModel.Range, "fat_tree") {
			return
		}
		if !s.ratesFit(m, ft.LinkRate, ft.HostRate, ft.CoreRate) {
			return
		}
		p.Radix, p.PortBPS = int(m.Radix.V), m.PortRate.V
		host, core := ft.HostRate.V, ft.CoreRate.V // unset: link_rate
		if host == 0 {
			host = ft.LinkRate.V
		}
		if core == 0 {
			core = ft.LinkRate.V
		}
		{
			// Hosts at a breakout lane rate fill the lanes of each
			// down port (a speed or the native rate: a port each). A
			// model with both a lower speed and a breakout at the host
			// rate runs a port at the speed, unless more hosts than
			// down ports need the breakout's lanes.
			p.HostLanes = portModel(m).Lanes(host)
			if p.HostLanes == 1 && p.HostsPerEdge > p.K/2 {
				for _, b := range portModel(m).Breakouts {
					if b.LaneBPS == host {
						p.HostLanes = b.Lanes
					}
				}
			}
		}
		// Switch-to-switch links at a breakout lane rate share
		// physical ports, L to a port, as hosts do.
		p.LinkLanes, p.CoreLanes = portModel(m).Lanes(ft.LinkRate.V), portModel(m).Lanes(core)
		fitLanes(m, []float64{host, ft.LinkRate.V, core}, []*int{&p.HostLanes, &p.LinkLanes, &p.CoreLanes}, func() int { return p.SwitchPorts() })
		if need := p.SwitchPorts(); int64(need) > m.Radix.V {
			why := fmt.Sprintf("A k-ary fat-tree needs %d-port switches; %s has %d ports.", p.K, m.Name, m.Radix.V)
			if need != p.K {
				why = fmt.Sprintf("This k = %d fat-tree needs %d physical ports on its busiest switch: its k/2 links down and k/2 up, on whole ports or on the lanes of broken-out ones (lanes of one breakout share ports), and more down ports where hosts_per_edge needs them; %s has %d ports.",
					p.K, need, m.Name, m.Radix.V)
			}
			s.diags = append(s.diags, diag.Error(diag.RadixExceeded, ft.K.Range, "k exceeds the switch radix", why))
			return
		}
	}
	if !s.paramErrors(f, p.Validate(), diag.InvalidParameter, map[string]hcl.Range{"k": ft.K.Range, "link_rate": ft.LinkRate.Range,
		"host_rate": ft.HostRate.Range, "core_rate": ft.CoreRate.Range, "hosts_per_edge": ft.HostsPerEdge.Range}) {
		return
	}
	gen.BuildFatTree(s.g, f.Name, p)
}

func (s *state) buildDragonfly(f *lang.Fabric) {
	d := f.Dragonfly
	if !s.optionalRates(f, map[string]lang.Val[float64]{"terminal_rate": d.TermRate, "global_rate": d.GlobalRate}) {
		return
	}
	p := gen.Dragonfly{P: int(d.P.V), A: int(d.A.V), H: int(d.H.V), G: int(d.G.V),
		LinksPerPair: int(d.LinksPerPair.V), Terminals: int(d.Terminals.V),
		LocalBPS: d.LocalRate.V, GlobalBPS: d.GlobalRate.V, TerminalBPS: d.TermRate.V,
		Arrangement: d.Arrangement.V, RouterModel: d.RouterModel.V, Origin: s.g.Origin(f.FamilyRange)}
	if !d.GlobalRate.Set {
		p.GlobalBPS = p.LocalBPS
	}
	if d.G.Set && d.G.V <= 0 {
		s.diags = append(s.diags, diag.Error(diag.InvalidParameter, d.G.Range, "Invalid dragonfly parameter g",
			fmt.Sprintf("g is %d; a dragonfly needs at least one group (omit g for the maximum a*h+1).", d.G.V)))
		return
	}
	for _, v := range []struct {
		name, dflt string
		v          lang.Val[int64]
	}{{"global_links_per_pair", "every global port cabled", d.LinksPerPair}, {"terminals", "every terminal slot populated", d.Terminals}} {
		if v.v.Set && v.v.V <= 0 {
			s.diags = append(s.diags, diag.Error(diag.InvalidParameter, v.v.Range, "Invalid dragonfly parameter "+v.name,
				fmt.Sprintf("%s is %d; it must be at least 1 (omit it for the default: %s).", v.name, v.v.V, v.dflt)))
			return
		}
	}
	if !s.paramErrors(f, p.Validate(), diag.InvalidParameter, map[string]hcl.Range{"p": d.P.Range, "a": d.A.Range, "h": d.H.Range, "g": d.G.Range,
		"local_rate": d.LocalRate.Range, "global_rate": d.GlobalRate.Range, "terminal_rate": d.TermRate.Range, "global_arrangement": d.Arrangement.Range,
		"global_links_per_pair": d.LinksPerPair.Range, "terminals": d.Terminals.Range}) {
		return
	}
	if d.RouterModel.Set {
		m, ok := s.switchModel(d.RouterModel)
		if !ok || !s.oneRate(m, d.RouterModel.Range, "dragonfly") {
			return
		}
		if !s.ratesFit(m, d.LocalRate, d.GlobalRate, d.TermRate) {
			return
		}
		pm := portModel(m)
		term := p.TerminalBPS
		if term == 0 {
			term = p.LocalBPS
		}
		p.TerminalLanes, p.LocalLanes, p.GlobalLanes = pm.Lanes(term), pm.Lanes(p.LocalBPS), pm.Lanes(p.GlobalBPS)
		fitLanes(m, []float64{term, p.LocalBPS, p.GlobalBPS}, []*int{&p.TerminalLanes, &p.LocalLanes, &p.GlobalLanes}, func() int { return p.RouterPorts() })
		if need := int64(p.RouterPorts()); need > m.Radix.V {
			why := fmt.Sprintf("Each router needs p + a + h - 1 = %d ports; %s has %d.", need, m.Name, m.Radix.V)
			if links := int64(p.P + p.A + p.H - 1); need != links {
				why = fmt.Sprintf("Each router needs %d physical ports for its p + a + h - 1 = %d links (where a rate runs on breakout lanes, several links share a port); %s has %d.", need, links, m.Name, m.Radix.V)
			}
			s.diags = append(s.diags, diag.Error(diag.RadixExceeded, d.RouterModel.Range, "Router radix too small", why))
			return
		}
		p.RouterRadix, p.RouterPortBPS = int(m.Radix.V), m.PortRate.V
	}
	_, info := gen.BuildDragonfly(s.g, f.Name, p)
	if n := len(info.UnusedGlobalPorts); n > 0 {
		why := fmt.Sprintf("g·a·h = %d is odd, so one global port has no partner", p.Groups()*p.A*p.H)
		if p.Groups() == 1 {
			why = "with g = 1 there is no other group to cable to"
		}
		if p.LinksPerPair > 0 {
			why = fmt.Sprintf("global_links_per_pair = %d cables %d × (g−1) = %d of each group's a·h = %d global ports, spread evenly over its routers",
				p.LinksPerPair, p.LinksPerPair, p.LinksPerPair*(p.Groups()-1), p.A*p.H)
		}
		s.diags = append(s.diags, diag.Info(diag.UnusedGlobalPort, f.FamilyRange, "Unused global ports",
			fmt.Sprintf("Fabric %q leaves %s uncabled (%s); %s on %s.", f.Name, units.CountOf(n, "global port", "global ports"), why, units.Agree(n, "it is", "the first is"), s.g.Nodes[info.UnusedGlobalPorts[0].Node].Name)))
	}
	if info.EmptyRouters > 0 {
		s.diags = append(s.diags, diag.Info(diag.UnusedPorts, d.Terminals.Range, "Routers without terminals",
			fmt.Sprintf("Fabric %q has %s in its %s (g·a·p), filled group by group; %s none. %s",
				f.Name, units.CountOf(p.TerminalCount(), "terminal", "terminals"), units.CountOf(p.Groups()*p.A*p.P, "slot", "slots"), emptyRouters(info.EmptyRouters, s.g.Nodes[info.FirstEmpty].Name),
				units.Agree(info.EmptyRouters, "It still routes, and its local and global links still count.", "They still route, and their local and global links still count."))))
	}
}

func (s *state) buildTorus(f *lang.Fabric) {
	t := f.Torus
	if !s.optionalRates(f, map[string]lang.Val[float64]{"terminal_rate": t.TermRate}) {
		return
	}
	p := gen.Torus{Wrap: !t.Wrap.Set || t.Wrap.V, P: int(t.P.V), LinkBPS: t.LinkRate.V, TerminalBPS: t.TermRate.V,
		RouterModel: t.RouterModel.V, Origin: s.g.Origin(f.FamilyRange)}
	if !t.P.Set {
		p.P = 1
	}
	for _, k := range t.Dims.V {
		p.Dims = append(p.Dims, int(min(max(k, -1), 1<<31-1)))
	}
	if t.RouterModel.Set {
		m, ok := s.switchModel(t.RouterModel)
		if !ok || !s.oneRate(m, t.RouterModel.Range, "torus") {
			return
		}
		if !s.ratesFit(m, t.LinkRate, t.TermRate) {
			return
		}
		p.RouterRadix, p.RouterPortBPS = int(m.Radix.V), m.PortRate.V
		term := p.TerminalBPS
		if term == 0 {
			term = p.LinkBPS
		}
		p.TerminalLanes, p.LinkLanes = portModel(m).Lanes(term), portModel(m).Lanes(p.LinkBPS)
		fitLanes(m, []float64{term, p.LinkBPS}, []*int{&p.TerminalLanes, &p.LinkLanes}, func() int { return p.RouterPorts() })
	}
	if !s.paramErrors(f, p.Validate(), diag.InvalidParameter, map[string]hcl.Range{"dims": t.Dims.Range, "p": t.P.Range,
		"link_rate": t.LinkRate.Range, "terminal_rate": t.TermRate.Range, "router_model": t.RouterModel.Range}) {
		return
	}
	gen.BuildTorus(s.g, f.Name, p)
}

func (s *state) buildNVLink(f *lang.Fabric) {
	d := f.NVLinkDomain
	p := gen.NVLinkDomain{GPUs: int(d.GPUs.V), Switches: int(d.Switches.V), LinksPerGPU: int(d.LinksPerGPU.V),
		LinkBPS: d.LinkRate.V, SwitchPorts: int(d.SwitchPorts.V), SwitchModel: d.SwitchModel.V, Origin: s.g.Origin(f.FamilyRange)}
	for _, v := range d.PerSwitch.V {
		p.PerSwitch = append(p.PerSwitch, int(v))
	}
	if d.SwitchModel.Set {
		m, ok := s.switchModel(d.SwitchModel)
		if !ok || !s.oneRate(m, d.SwitchModel.Range, "nvlink_domain") {
			return
		}
		if !s.rateFits(m, d.LinkRate) {
			return
		}
		if !d.SwitchPorts.Set {
			p.SwitchPorts = int(m.Radix.V)
		}
	}
	if d.GPUNodes != nil {
		var nodes []ir.NodeID
		var names []string
		seen := map[string]bool{}
		for _, r := range d.GPUNodes {
			if seen[r.String()] {
				s.diags = append(s.diags, diag.Error(diag.DuplicateName, r.Range, "Node group listed twice",
					fmt.Sprintf("gpu_nodes lists %s twice; a GPU joins one NVLink domain once. List each node group once.", r)))
				return
			}
			seen[r.String()] = true
			more, ok := s.resolveGPUs(r)
			if !ok {
				return
			}
			nodes, names = append(nodes, more...), append(names, r.String())
		}
		if d.Servers.Set {
			kept := nodes[:0]
			for _, n := range nodes {
				if sv := s.g.Nodes[n].Parent; sv != ir.None {
					if ok, _ := path.Match(d.Servers.V, s.g.Nodes[sv].Name); ok {
						kept = append(kept, n)
					}
				}
			}
			if len(kept) == 0 {
				s.diags = append(s.diags, diag.Error(diag.InvalidValue, d.Servers.Range, "No server matches",
					fmt.Sprintf("servers = %q matches none of the servers of %s (the first is %q); write a pattern of their names.", d.Servers.V, strings.Join(names, " and "), s.g.Nodes[s.g.Nodes[nodes[0]].Parent].Name)))
				return
			}
			nodes = kept
			names = []string{fmt.Sprintf("the servers %q of %s", d.Servers.V, strings.Join(names, " and "))}
		}
		p.GPUNodes = nodes
		if !d.GPUs.Set {
			p.GPUs = len(nodes)
		} else if int(d.GPUs.V) != len(nodes) {
			s.diags = append(s.diags, diag.Error(diag.InvalidParameter, d.GPUs.Range, "GPU count does not match gpu_nodes",
				fmt.Sprintf("gpus = %d but %s %s %d GPUs; drop gpus or make them agree.", d.GPUs.V, strings.Join(names, " and "), units.Agree(len(names), "holds", "hold"), len(nodes))))
			return
		}
	}
	ranges := map[string]hcl.Range{"gpus": d.GPUs.Range, "switches": d.Switches.Range, "links_per_gpu": d.LinksPerGPU.Range,
		"link_rate": d.LinkRate.Range, "per_switch": d.PerSwitch.Range, "switch_ports": d.SwitchPorts.Range}
	if !s.paramErrors(f, p.Validate(), diag.InvalidParameter, ranges) {
		return
	}
	if !s.paramErrors(f, p.PortBudget(), diag.NVLinkBudget, ranges) {
		return
	}
	if !s.gpuNVLinksFree(f, p) || !s.gpusInOneDomain(f, p) {
		return
	}
	gen.BuildNVLinkDomain(s.g, f.Name, p)
}

// gpusInOneDomain checks that no GPU an nvlink_domain takes from servers
// is in an earlier domain already (a count's servers pattern without
// count.index, two blocks over one rack): its NVLinks would count twice
// and the Slurm blocks would repeat the servers (trial 67). Reports
// invalid-value at gpu_nodes, naming the GPU and the other domain.
func (s *state) gpusInOneDomain(f *lang.Fabric, p gen.NVLinkDomain) bool {
	if s.nvlinkDomainOf == nil {
		s.nvlinkDomainOf = map[ir.NodeID]string{}
	}
	for _, n := range p.GPUNodes {
		if other, ok := s.nvlinkDomainOf[n]; ok {
			rng := gpuNodesRange(f.NVLinkDomain)
			if d := f.NVLinkDomain; d.Servers.Set {
				rng = d.Servers.Range
			}
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, rng, "GPU in two NVLink domains",
				fmt.Sprintf("GPU %s is in NVLink domain %q already, and fabric %q takes it again; a GPU belongs to one NVLink domain. Give each domain its own servers (with count, servers = \"rack${count.index}/*\").", s.g.Nodes[n].Name, other, f.Name)))
			return false
		}
	}
	for _, n := range p.GPUNodes {
		s.nvlinkDomainOf[n] = f.Name
	}
	return true
}

// gpuNVLinksFree checks that the servers' GPUs an nvlink_domain takes
// (gpu_nodes) have links_per_gpu NVLinks to spare beside those their
// node model already gives them to in-box NVSwitches (a DGX H100 GPU's
// 18 links all go to its board's 4 NVSwitch chips; a domain of them would
// give each 36). The in-box links are read from the node model, as its
// server template was built (splitLinks), once per model: scanning the
// graph's links for each domain would cost a pass per rack of an NVL72
// cluster. Reports nvlink-budget at gpu_nodes, naming the first GPU over
// its gpu_model's nvlink_links.
func (s *state) gpuNVLinksFree(f *lang.Fabric, p gen.NVLinkDomain) bool {
	inBox := map[string]int{}       // node model → in-box NVSwitch links per GPU
	peers := map[string][]int{}     // node model → each GPU's links to peer GPUs (nvlink_peer)
	first := map[string]ir.NodeID{} // node model → its GPU 0's offset from the server
	for _, n := range p.GPUNodes {
		gpu := &s.g.Nodes[n]
		gm, ok := s.cat.gpus[gpu.ModelName()]
		if !ok || gm.NVLinkLinks.V <= 0 || gpu.Parent == ir.None {
			continue
		}
		model := s.g.Nodes[gpu.Parent].ModelName()
		m := s.cat.nodes[model]
		used, seen := inBox[model]
		if !seen {
			if m != nil && m.NVSwitches.V > 0 {
				for _, k := range splitLinks(int(gm.NVLinkLinks.V), m.NVLinkPerSwitch.V, int(m.NVSwitches.V)) {
					used += k
				}
			}
			inBox[model] = used
			if m != nil && len(m.NVLinkPeers) > 0 {
				per := make([]int, m.GPUs.V)
				for _, pr := range m.NVLinkPeers {
					per[pr.GPUs.V[0]] += int(peerLinks(pr))
					per[pr.GPUs.V[1]] += int(peerLinks(pr))
				}
				peers[model], first[model] = per, s.gpuOffset(model)
			}
		}
		where := "on its server's own NVSwitches"
		if per := peers[model]; per != nil {
			if i := int(n - gpu.Parent - first[model]); i >= 0 && i < len(per) {
				used += per[i]
				where = "to its server's other GPUs (nvlink_peer)"
			}
		}
		if have := int(gm.NVLinkLinks.V); used+p.LinksPerGPU > have {
			s.diags = append(s.diags, diag.Error(diag.NVLinkBudget, gpuNodesRange(f.NVLinkDomain), "GPU NVLinks already taken",
				fmt.Sprintf("GPU %s (%s, %d NVLink links) uses %d of them %s, so links_per_gpu = %d more would need %d. An nvlink_domain links GPUs whose node model gives their NVLinks to nothing else (GB200-NVL72-compute-tray, nvswitches = 0 and no nvlink_peer), or lower links_per_gpu to what is left.",
					gpu.Name, gm.Name, have, used, where, p.LinksPerGPU, used+p.LinksPerGPU)))
			return false
		}
	}
	return true
}

// gpuOffset returns the offset from its server of GPU 0 of a server of
// node model model (serverTemplate.gpus): every server of a model is
// stamped from one template.
func (s *state) gpuOffset(model string) ir.NodeID {
	for _, sg := range s.groups {
		if sg.model.Name == model && len(sg.servers) > 0 {
			return sg.servers[0].t.gpus.first
		}
	}
	return 0
}

// gpuNodesRange is the source range of an nvlink_domain's gpu_nodes:
// from its first reference to its last.
func gpuNodesRange(d *lang.NVLinkDomain) hcl.Range {
	return hcl.RangeBetween(d.GPUNodes[0].Range, d.GPUNodes[len(d.GPUNodes)-1].Range)
}

// resolveGPUs resolves node_group.<name>.gpus.
func (s *state) resolveGPUs(r *lang.Ref) ([]ir.NodeID, bool) {
	if len(r.Parts) != 3 || r.Parts[0] != "node_group" || r.Parts[2] != "gpus" {
		s.diags = append(s.diags, diag.Error(diag.UnknownReference, r.Range, "Invalid GPU reference",
			fmt.Sprintf("%s is not a GPU list; write node_group.<name>.gpus.", r)))
		return nil, false
	}
	sg, ok := s.group(r, r.Parts[1])
	if !ok {
		return nil, false
	}
	out := sg.gpuIDs()
	return out, true
}

func (s *state) group(r *lang.Ref, name string) (*serverGroup, bool) {
	sg, ok := s.groups[name]
	if !ok {
		s.diags = append(s.diags, unknown("node_group", name, r.Range, keys(s.groups)))
	}
	return sg, ok
}

// oneRate reports (with an invalid-value diagnostic at rng) whether
// switch model m runs every port at one rate: fat_tree, dragonfly and
// nvlink_domain number a switch's ports by position and give them all
// one rate, so they do not take a model with port groups.
func (s *state) oneRate(m *lang.SwitchModel, rng hcl.Range, family string) bool {
	if len(m.PortGroups) == 0 {
		return true
	}
	s.diags = append(s.diags, diag.Error(diag.InvalidValue, rng, "Model with port groups",
		fmt.Sprintf("%s wires every port of a switch at one rate, by position, but %s has %d port groups. Use a model of one rate (radix and port_rate, with breakouts or speeds for lower rates), or build the fabric as a clos or custom, which place each link on a group that runs at its rate.", family, m.Name, len(m.PortGroups))))
	return false
}

// ratesFit is rateFits for each rate that is set; it reports the first
// that does not fit.
func (s *state) ratesFit(m *lang.SwitchModel, rates ...lang.Val[float64]) bool {
	for _, r := range rates {
		if r.Set && !s.rateFits(m, r) {
			return false
		}
	}
	return true
}

// rateFits reports (with a rate-mismatch diagnostic at the rate's range)
// whether links of rate r can run on ports of switch model m, natively or
// through one of its breakouts.
func (s *state) rateFits(m *lang.SwitchModel, r lang.Val[float64]) bool {
	if portModel(m).Lanes(r.V) > 0 {
		return true
	}
	s.diags = append(s.diags, diag.Error(diag.RateMismatch, r.Range, "Link rate mismatch",
		fmt.Sprintf("Links at %s cannot run on %s, whose ports run at %s with no breakout or port speed (speeds) at that rate; change the rate or the model.",
			units.Rate(r.V), m.Name, units.Rate(m.PortRate.V))))
	return false
}

// emptyRouters names the n routers a dragonfly leaves without terminals,
// from first, with its verb: "the last router, group9/router3, has",
// "the last 16 routers, from group73/router16, have".
func emptyRouters(n int, first string) string {
	if n == 1 {
		return "the last router, " + first + ", has"
	}
	return "the last " + units.CountOf(n, "router", "routers") + ", from " + first + ", have"
}
