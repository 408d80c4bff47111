package compiler

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// buildCustom builds the explicit family: the switches and hosts it
// declares and the links between them or to server components by name
// ("su0/node05/nic3"). A link slower than the switch port uses the model's
// breakout (one 800G port to 2×400G is two links on two lanes); parallel
// links stay separate links.
func (s *state) buildCustom(f *lang.Fabric) {
	c := f.Custom
	members, ok := s.includes(f)
	if !ok {
		return
	}
	fab := s.g.AddFabric(ir.Fabric{Name: f.Name, Family: ir.FamilyCustom, Origin: s.g.Origin(f.DeclRange), Members: members})
	member := s.joinMembers(fab, members)
	byName := map[string]ir.NodeID{}
	where := map[string]string{}
	for name, id := range member { // an included device's name is taken
		where[name] = s.g.Range(s.g.Nodes[id].Origin).String()
	}
	ports := map[ir.NodeID]gen.PortModel{}
	alloc := map[ir.NodeID]*gen.PortAllocator{}
	full := map[ir.NodeID]bool{} // switches whose port group is reported full
	var tiers []string
	for _, sw := range c.Switches {
		if d := badName("switch", sw.Name.V, sw.Name.Range); d != nil {
			s.diags = append(s.diags, d)
			continue
		}
		if first, dup := where[sw.Name.V]; dup {
			s.diags = append(s.diags, diag.Error(diag.DuplicateName, sw.Name.Range, "Duplicate switch name",
				fmt.Sprintf("%q is already declared at %s; names within a fabric must be unique.", sw.Name.V, first)))
			continue
		}
		if s.namedLikeServer("switch", sw.Name) {
			continue
		}
		m, ok := s.switchModel(sw.Model)
		if !ok {
			continue
		}
		n := ir.NewNode(sw.Name.V, ir.KindSwitch)
		n.Radix, n.PortRateBPS, n.Origin = int32(m.Radix.V), m.PortRate.V, s.g.Origin(sw.DeclRange)
		n.SetModel(m.Name)
		n.SetTier(sw.Tier.V)
		if sw.Rail.Set {
			n.Rail = int32(sw.Rail.V)
		}
		if sw.Plane.Set {
			n.Plane = int32(sw.Plane.V)
		}
		if sw.Unit.Set {
			n.UnitIndex = int32(sw.UnitIndex.V)
			n.SetUnit(sw.Unit.V)
		}
		if sw.Rack.Set {
			n.Rack = int32(sw.Rack.V)
		}
		id := s.g.AddNode(n)
		if sw.Rack.Set {
			s.fixedRack[id] = sw.Rack.Range
		}
		s.g.JoinFabric(id, fab)
		byName[sw.Name.V], where[sw.Name.V] = id, sw.Name.Range.String()
		ports[id] = portModel(m)
		if sw.Tier.V != "" && !contains(tiers, sw.Tier.V) {
			if d := tierNamedLikeClass(sw.Tier.V, sw.Tier.Range); d != nil {
				s.diags = append(s.diags, d)
			}
			tiers = append(tiers, sw.Tier.V)
		}
	}
	s.g.Fabrics[fab].Tiers = tiers
	for _, h := range c.Hosts {
		if d := badName("host", h.Name.V, h.Name.Range); d != nil {
			s.diags = append(s.diags, d)
			continue
		}
		if first, dup := where[h.Name.V]; dup {
			s.diags = append(s.diags, diag.Error(diag.DuplicateName, h.Name.Range, "Duplicate host name",
				fmt.Sprintf("%q is already declared at %s; names within a fabric must be unique.", h.Name.V, first)))
			continue
		}
		if s.namedLikeServer("host", h.Name) {
			continue
		}
		if h.Rate.V <= 0 {
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, h.Rate.Range, "Host needs a rate",
				fmt.Sprintf("Host %q needs rate = \"400Gb/s\" (its injection rate per port).", h.Name.V)))
			continue
		}
		if h.Ports.Set && h.Ports.V < 1 {
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, h.Ports.Range, "Host needs ports",
				fmt.Sprintf("Host %q has ports = %d; a host has at least one port.", h.Name.V, h.Ports.V)))
			continue
		}
		n := ir.NewNode(h.Name.V, ir.KindHost)
		n.Radix, n.PortRateBPS, n.Origin = int32(max(h.Ports.V, 1)), h.Rate.V, s.g.Origin(h.DeclRange)
		if h.Unit.Set {
			n.UnitIndex = int32(h.UnitIndex.V)
			n.SetUnit(h.Unit.V)
		}
		id := s.g.AddNode(n)
		s.g.JoinFabric(id, fab)
		byName[h.Name.V], where[h.Name.V] = id, h.Name.Range.String()
		ports[id] = gen.PortModel{Radix: int(n.Radix), PortBPS: h.Rate.V}
		for p := int32(0); p < n.Radix; p++ {
			s.g.Fabrics[fab].Endpoints = append(s.g.Fabrics[fab].Endpoints, ir.Port{Node: id, Port: p})
		}
	}
	if s.diags.HasErrors() {
		return
	}
	var servers map[string]ir.NodeID
	var adj *ir.Adjacency
	resolve := func(v lang.Val[string]) (ir.NodeID, bool) {
		if id, ok := byName[v.V]; ok {
			return id, true
		}
		if id, ok := member[v.V]; ok {
			return id, true
		}
		if servers == nil {
			servers = map[string]ir.NodeID{}
			for i, n := range s.g.Nodes {
				if n.Parent != ir.None {
					servers[n.Name] = ir.NodeID(i)
				}
			}
		}
		if id, ok := servers[v.V]; ok && s.g.Nodes[id].Kind == ir.KindNIC {
			return id, true
		}
		s.diags = append(s.diags, unknown("switch, host or NIC", v.V, v.Range, keys(byName)))
		return 0, false
	}
	for _, l := range c.Links {
		a, okA := resolve(l.A)
		b, okB := resolve(l.B)
		if !okA || !okB {
			continue
		}
		if l.Parallel.Set && l.Parallel.V < 1 {
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, l.Parallel.Range, "Invalid parallel count",
				fmt.Sprintf("parallel = %d; a link block makes at least one link (omit parallel for one).", l.Parallel.V)))
			continue
		}
		if a == b {
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, l.DeclRange, "Link to itself",
				fmt.Sprintf("This link joins %s to itself; a link needs two different ends.", l.A.V)))
			continue
		}
		for _, id := range []ir.NodeID{a, b} {
			_, known := ports[id]
			if m, isMember := member[s.g.Nodes[id].Name]; isMember && m == id && !known {
				// A device of an included fabric: its model's ports, past
				// those its own fabric's links already take.
				ports[id] = s.portModelOf(id)
				pa := ports[id].NewAllocator()
				if adj == nil {
					a := s.g.Adjacency() // the links built so far, once
					adj = &a
				}
				for _, lid := range adj.Of(id) {
					l := s.g.Link(lid)
					for _, p := range [2]ir.Port{l.A, l.B} {
						if p.Node == id && p.Port >= 0 {
							pa.Skip(p.Port)
						}
					}
				}
				alloc[id] = &pa
			}
			if _, ok := ports[id]; !ok {
				n := s.g.Nodes[id] // a server NIC joining this fabric
				ports[id] = gen.PortModel{Radix: int(n.Radix), PortBPS: n.PortRateBPS}
				s.g.JoinFabric(id, fab)
				for p := int32(0); p < n.Radix; p++ {
					s.g.Fabrics[fab].Endpoints = append(s.g.Fabrics[fab].Endpoints, ir.Port{Node: id, Port: p})
				}
			}
			if alloc[id] == nil {
				pa := ports[id].NewAllocator()
				alloc[id] = &pa
			}
		}
		rate := l.Rate.V
		if !l.Rate.Set {
			rate = minNonzero(ports[a].PortBPS, ports[b].PortBPS)
		}
		la, lb := ports[a].Lanes(rate), ports[b].Lanes(rate)
		if la == 0 || lb == 0 {
			bad := a
			if la != 0 {
				bad = b
			}
			s.diags = append(s.diags, diag.Error(diag.RateMismatch, l.Rate.Range, "Link rate mismatch",
				fmt.Sprintf("A %s link meets %s, whose ports run at %s with no breakout or port speed (speeds) at that rate; change the rate, or use a model with a matching breakout or speed.",
					units.Rate(rate), s.g.Nodes[bad].Name, units.Rate(ports[bad].PortBPS))))
			continue
		}
		capacity, line := rate, 0.0
		if l.Capacity.Set {
			if l.Capacity.V <= 0 {
				s.diags = append(s.diags, diag.Error(diag.InvalidValue, l.Capacity.Range, "Capacity not above zero",
					fmt.Sprintf("capacity = %s; a link the analyses give no capacity carries nothing. Give the capacity it is leased or shaped at (above 0, up to its rate %s), or leave the link out.", units.Rate(l.Capacity.V), units.Rate(rate))))
				continue
			}
			if l.Capacity.V > rate*(1+1e-9) {
				s.diags = append(s.diags, diag.Error(diag.InvalidValue, l.Capacity.Range, "Capacity above the link rate",
					fmt.Sprintf("capacity = %s but the link runs at %s; capacity is what the analyses give a link shaped or shared below its rate, from above 0 up to the rate. Raise rate (a port rate or speed of both ends), or lower capacity.", units.Rate(l.Capacity.V), units.Rate(rate))))
				continue
			}
			if l.Capacity.V < rate*(1-1e-9) {
				capacity, line = l.Capacity.V, rate
			}
		}
		for i := int64(0); i < max(l.Parallel.V, 1); i++ {
			// The lanes are those of the port each end got: a link that
			// spills into a later port group may land on a broken-out
			// port where the first group's ports are whole.
			pa, lna, usedA := alloc[a].Take(rate)
			pb, lnb, usedB := alloc[b].Take(rate)
			s.groupFull(l, rate, ports, alloc, full, a, b)
			link := ir.Link{A: ir.Port{Node: a, Port: pa, Lane: lna}, B: ir.Port{Node: b, Port: pb, Lane: lnb},
				CapacityBPS: capacity, Kind: ir.LinkCustom, Fabric: fab, Breakout: int32(max(usedA, usedB)), Cost: int32(l.Cost.V), Origin: s.g.Origin(l.DeclRange)}
			if line > 0 {
				s.g.SetLineRate(&link, line)
			}
			id := s.g.AddLink(link)
			if l.Length.Set {
				s.g.SetStatedLength(id, l.Length.V)
			}
		}
	}
	s.checkHostUnits(c, byName)
	s.g.Fabrics[fab].Tiers = orderTiers(s.g, fab)
	// A composite's tiers: its members', in member order, then its own.
	if len(members) > 0 {
		var tiers []string
		for _, m := range members {
			for _, t := range s.g.Fabrics[m].Tiers {
				if !slices.Contains(tiers, t) {
					tiers = append(tiers, t)
				}
			}
		}
		for _, t := range s.g.Fabrics[fab].Tiers {
			if !slices.Contains(tiers, t) {
				tiers = append(tiers, t)
			}
		}
		s.g.Fabrics[fab].Tiers = tiers
	}
}

// namedLikeServer reports, with a duplicate-name error at name, a custom
// switch or host named like a server or a server's component: a link
// naming it would reach one of the two, and the names of the fabric's
// devices would be qualified to tell them apart (trial 68: a switch
// named "pod0/node0/nic0" took that NIC's links, one named "pod0/node0"
// renamed every device of its fabric).
func (s *state) namedLikeServer(kind string, name lang.Val[string]) bool {
	if s.serverNames == nil {
		s.serverNames = map[string]ir.NodeID{}
		for i := range s.g.Nodes {
			if n := &s.g.Nodes[i]; n.Parent != ir.None || n.RoleName() == ir.RoleServer {
				s.serverNames[n.Name] = ir.NodeID(i)
			}
		}
	}
	id, ok := s.serverNames[name.V]
	if !ok {
		return false
	}
	what := "server"
	if s.g.Nodes[id].Parent != ir.None {
		what = "component of server " + s.g.Nodes[s.g.Nodes[id].Parent].Name
	}
	s.diags = append(s.diags, diag.Error(diag.DuplicateName, name.Range, "Named like a server",
		fmt.Sprintf("The %s %q is named like a %s, whose names the node groups take; a link naming it would reach one of the two. Give the %s a name of its own.", kind, name.V, what, kind)))
	return true
}

// includes resolves a custom fabric's `include`: fabrics declared before
// it, each once, none itself composite. ok is false (with a diagnostic)
// otherwise.
func (s *state) includes(f *lang.Fabric) (members []ir.FabricID, ok bool) {
	inc := f.Custom.Include
	ok = true
	for _, name := range inc.V {
		i := slices.IndexFunc(s.g.Fabrics, func(x ir.Fabric) bool { return x.Name == name })
		switch {
		case name == f.Name:
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, inc.Range, "Fabric includes itself",
				fmt.Sprintf("Fabric %q lists itself in include; include names the other fabrics it joins.", f.Name)))
			ok = false
		case i < 0:
			detail := fmt.Sprintf("include names %q, which no fabric declared before %q is called; declare the fabrics a custom fabric includes before it (in the same file, or a file that sorts first).", name, f.Name)
			if made := lang.Instances(s.cfg.Fabrics, name); len(made) > 0 {
				for i := range made {
					made[i] = strconv.Quote(made[i])
				}
				detail = fmt.Sprintf("include names %q, a fabric block with count or for_each, which makes %s; include those by name.", name, strings.Join(made, ", "))
			}
			s.diags = append(s.diags, diag.Error(diag.UnknownReference, inc.Range, "Unknown fabric", detail))
			ok = false
		case slices.Contains(members, ir.FabricID(i)):
			s.diags = append(s.diags, diag.Error(diag.DuplicateName, inc.Range, "Fabric included twice",
				fmt.Sprintf("include names %q twice; name each fabric once.", name)))
			ok = false
		case s.g.Fabrics[i].Composite():
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, inc.Range, "Nested composition",
				fmt.Sprintf("%q itself includes fabrics; include its members directly.", name)))
			ok = false
		default:
			members = append(members, ir.FabricID(i))
		}
	}
	return members, ok
}

// joinMembers makes every device of the member fabrics a device of
// composite fabric fab and its endpoints, member by member, fab's, and
// returns the devices by name, for links to name them.
func (s *state) joinMembers(fab ir.FabricID, members []ir.FabricID) map[string]ir.NodeID {
	byName := map[string]ir.NodeID{}
	for _, m := range members {
		for _, n := range s.g.FabricNodes(m) {
			if _, seen := byName[s.g.Nodes[n].Name]; !seen {
				byName[s.g.Nodes[n].Name] = n
				s.g.JoinFabric(n, fab)
			}
		}
		s.g.Fabrics[fab].Endpoints = append(s.g.Fabrics[fab].Endpoints, s.g.Fabrics[m].Endpoints...)
	}
	return byName
}

// portModelOf returns the port model of a device of another fabric: its
// switch model's, or its own radix and port rate.
func (s *state) portModelOf(n ir.NodeID) gen.PortModel {
	nd := &s.g.Nodes[n]
	if m := s.cat.switches[nd.ModelName()]; m != nil && nd.Kind.IsSwitch() {
		return portModel(m)
	}
	return gen.PortModel{Radix: int(nd.Radix), PortBPS: nd.PortRateBPS}
}

// groupFull reports, at the link block, the first link at rate bps
// that finds every port group of a switch running at that rate full (a
// switch_model with port_group blocks; a model of one rate is left to the
// radix check, which counts its ports as a whole). Once per switch.
func (s *state) groupFull(l *lang.CustomLink, bps float64, ports map[ir.NodeID]gen.PortModel, alloc map[ir.NodeID]*gen.PortAllocator, full map[ir.NodeID]bool, ends ...ir.NodeID) {
	for _, id := range ends {
		m := ports[id]
		if len(m.Groups) == 0 || full[id] || !slices.ContainsFunc(alloc[id].Overflow(), func(n int) bool { return n > 0 }) {
			continue
		}
		full[id] = true
		var held []string
		for _, g := range m.Groups {
			switch lanes := g.Lanes(bps); {
			case lanes == 1:
				held = append(held, fmt.Sprintf("%q: %s", g.Name, units.CountOf(g.Ports, "port", "ports")))
			case lanes > 1:
				held = append(held, fmt.Sprintf("%q: %s of %d lanes", g.Name, units.CountOf(g.Ports, "port", "ports"), lanes))
			}
		}
		s.diags = append(s.diags, diag.Error(diag.RadixExceeded, l.DeclRange, "Port group full",
			fmt.Sprintf("%s (%s) has no port left at %s: the port groups that run at it (%s) are all taken, and this link needs one more. Use fewer links at %s, another rate its other port groups run at, or a model with more such ports.",
				s.g.Nodes[id].Name, s.g.Nodes[id].ModelName(), units.Rate(bps), strings.Join(held, "; "), units.Rate(bps))))
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// orderTiers returns the tiers of a custom fabric bottom-up, as
// ir.Fabric.Tiers holds them for every family. A custom fabric declares
// them in any order, so they are ranked by hop distance from the
// endpoints: a tier's rank is the smallest distance of its switches (a
// leaf is 1 hop from an endpoint, a spine 2), then, where two tiers tie,
// the mean distance of their switches (a spine with a host of its own
// is 1 hop from it, like the leaves, while the other spines are 2: the
// tie fell to declaration order and ranked the spines below the leaves,
// oracle trial 60). Tiers no endpoint reaches keep their declared order,
// last.
func orderTiers(g *ir.Graph, f ir.FabricID) []string {
	fab := &g.Fabrics[f]
	adj := map[ir.NodeID][]ir.NodeID{}
	for _, l := range g.AllLinks() {
		if l.Fabric == f {
			adj[l.A.Node] = append(adj[l.A.Node], l.B.Node)
			adj[l.B.Node] = append(adj[l.B.Node], l.A.Node)
		}
	}
	dist := map[ir.NodeID]int{}
	var frontier []ir.NodeID
	for _, e := range fab.Endpoints {
		if _, ok := dist[e.Node]; !ok {
			dist[e.Node] = 0
			frontier = append(frontier, e.Node)
		}
	}
	for d := 1; len(frontier) > 0; d++ {
		var next []ir.NodeID
		for _, n := range frontier {
			for _, o := range adj[n] {
				if _, ok := dist[o]; !ok {
					dist[o] = d
					next = append(next, o)
				}
			}
		}
		frontier = next
	}
	type tierRank struct{ least, sum, n int }
	rank := map[string]tierRank{}
	for n, d := range dist {
		node := &g.Nodes[n]
		if !node.Kind.IsSwitch() || node.TierName() == "" {
			continue
		}
		r, ok := rank[node.TierName()]
		if !ok || d < r.least {
			r.least = d
		}
		r.sum, r.n = r.sum+d, r.n+1
		rank[node.TierName()] = r
	}
	out := slices.Clone(fab.Tiers)
	slices.SortStableFunc(out, func(a, b string) int {
		ra, oka := rank[a]
		rb, okb := rank[b]
		switch {
		case oka && okb:
			if ra.least != rb.least {
				return ra.least - rb.least
			}
			// Mean distances compared exactly: sum_a/n_a against sum_b/n_b.
			return cmp.Compare(ra.sum*rb.n, rb.sum*ra.n)
		case oka:
			return -1
		case okb:
			return 1
		}
		return 0
	})
	return out
}

// checkHostUnits reports a custom host whose unit label contradicts every
// switch it is cabled to: labelled pod 1 while each of its switches that
// names a pod names another. Workload placement by unit, the racks the
// cabling stage fills and the scheduler hand-offs would put the host in
// one pod while its links are in another. Switches with no label, or a
// label of another kind, neither confirm nor contradict it.
func (s *state) checkHostUnits(c *lang.Custom, byName map[string]ir.NodeID) {
	var adj *ir.Adjacency
	for _, h := range c.Hosts {
		id, ok := byName[h.Name.V]
		if !h.Unit.Set || !ok {
			continue
		}
		if adj == nil {
			a := s.g.Adjacency()
			adj = &a
		}
		var other *ir.Node
		agrees := false
		for _, lid := range adj.Of(id) {
			l := s.g.Link(lid)
			peer := &s.g.Nodes[l.Other(id)]
			if !peer.Kind.IsSwitch() || peer.UnitName() != h.Unit.V {
				continue
			}
			if int64(peer.UnitIndex) == h.UnitIndex.V {
				agrees = true
			} else if other == nil {
				other = peer
			}
		}
		if other != nil && !agrees {
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, h.UnitIndex.Range, "Host in another unit than its switches",
				fmt.Sprintf("Host %q says %s = %d, but it is cabled to %s, of %s %d, and to no switch of %s %d. Fix the label, or cable the host to its own %s's switches.",
					h.Name.V, h.Unit.V, h.UnitIndex.V, other.Name, other.UnitName(), other.UnitIndex, h.Unit.V, h.UnitIndex.V, h.Unit.V)))
		}
	}
}
