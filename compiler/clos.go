package compiler

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// buildClos maps a clos block onto gen.Clos: endpoints from real servers'
// NIC ports (node_group.<g>.nics.<role>) or implicit hosts, units, tiers
// with their switch models, appliances.
func (s *state) buildClos(f *lang.Fabric) {
	c := f.Clos
	origin := s.g.Origin(f.FamilyRange)
	gc := gen.Clos{Rails: int(c.Rails.V), Planes: int(c.Planes.V), Homing: int(c.Homing.V), Origin: origin}
	if !c.Planes.Set {
		gc.Planes = 1
	}
	if c.Homing.Set && c.Homing.V < 1 {
		s.diags = append(s.diags, diag.Error(diag.InvalidValue, c.Homing.Range, "Invalid homing",
			fmt.Sprintf("homing = %d; write 1 (each port to one leaf) or more (2: each server's ports of a rail and plane spread over a pair of leaves).", c.Homing.V)))
		return
	}
	ranges := map[string]hcl.Range{"rails": c.Rails.Range, "homing": c.Homing.Range, "tier": f.FamilyRange}
	servers := 1
	for _, u := range c.Units {
		n := int(u.Nodes.V)
		if !u.Nodes.Set {
			n = int(u.Units.V) * servers
		}
		servers = n
		gc.Units = append(gc.Units, gen.ClosUnit{Name: u.Name, Servers: n})
		ranges["unit."+u.Name] = u.DeclRange
	}
	for i, u := range gc.Units {
		if u.Servers < 1 {
			s.diags = append(s.diags, diag.Error(diag.InvalidParameter, c.Units[i].DeclRange, "Empty unit",
				fmt.Sprintf("unit %q must hold at least one server: set nodes = N, or units = N of the unit inside it.", u.Name)))
			return
		}
	}
	switch {
	case len(c.Endpoints) > 0 && c.Hosts.Set:
		s.diags = append(s.diags, diag.Error(diag.InvalidValue, c.Hosts.Range, "Both endpoints and hosts",
			"A clos fabric attaches either real servers (endpoints = node_group.<g>.nics.<role>) or implicit hosts (hosts = N); remove one."))
		return
	case len(c.Endpoints) > 0:
		if !s.closNodeEndpoints(c, &gc) {
			return
		}
	default:
		if !s.closHosts(f, &gc) {
			return
		}
	}
	rates := map[string]lang.Val[float64]{"link_rate": c.LinkRate}
	for _, t := range c.Tiers {
		rates["tier "+t.Name+" link_rate"] = t.LinkRate
	}
	if !s.optionalRates(f, rates) {
		return
	}
	for _, t := range c.Tiers {
		// count = 0 would silently mean the default (one switch per
		// group on the leaf tier, enough for the uplinks above it).
		if t.Count.Set && t.Count.V == 0 {
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, t.Count.Range, "Tier with no switches",
				fmt.Sprintf("tier %q: count = 0; a tier needs at least one switch per group. Leave count out for the default (%s).", t.Name, defaultCountText(t.Name == c.Tiers[0].Name))))
			return
		}
		m, ok := s.switchModel(t.Model)
		if !ok {
			return
		}
		ct := gen.ClosTier{Name: t.Name, Model: m.Name, Ports: portModel(m), Per: t.Per.V, Count: int(t.Count.V),
			Down: int(t.Down.V), Up: int(t.Up.V), LinkBPS: t.LinkRate.V, Bundled: t.Striping.V == lang.StripingBundled, Origin: s.g.Origin(t.DeclRange)}
		if t.Reserve.Set {
			switch {
			case len(m.PortGroups) > 0:
				s.diags = append(s.diags, diag.Error(diag.InvalidValue, t.Reserve.Range, "reserve on a model with port groups",
					fmt.Sprintf("Tier %q reserves ports, but %s has port groups, whose ports serve given roles; reserve ports on a model of one port rate, or leave a group's ports unused with down and up.", t.Name, m.Name)))
				return
			case t.Reserve.V >= int64(ct.Ports.Radix):
				s.diags = append(s.diags, diag.Error(diag.InvalidValue, t.Reserve.Range, "reserve leaves no ports",
					fmt.Sprintf("Tier %q reserves %d ports of %s's %d, leaving none to cable; reserve fewer.", t.Name, t.Reserve.V, m.Name, ct.Ports.Radix)))
				return
			}
			ct.Reserve = int(t.Reserve.V)
			ct.Ports.Radix -= ct.Reserve
		}
		if ct.LinkBPS == 0 {
			ct.LinkBPS = c.LinkRate.V
		}
		if ct.LinkBPS == 0 {
			ct.LinkBPS = m.PortRate.V
		}
		gc.Tiers = append(gc.Tiers, ct)
		ranges["tier."+t.Name] = t.DeclRange
		ranges["tier."+t.Name+".per"] = t.Per.Range
		ranges["tier."+t.Name+".down"] = t.Down.Range
		ranges["tier."+t.Name+".up"] = t.Up.Range
	}
	s.checkRailsGrouped(f)
	if !s.checkTierLinkKinds(c.Tiers) {
		return
	}
	if len(c.Tiers) > 0 && c.Tiers[0].Striping.Set {
		t := c.Tiers[0]
		s.diags = append(s.diags, diag.Error(diag.InvalidValue, t.Striping.Range, "Striping on the leaf tier",
			fmt.Sprintf("Tier %q is the first tier: no tier below it sends uplinks to stripe. Set striping on the tier above, which the uplinks reach.", t.Name)))
		return
	}
	for ti, t := range c.Tiers {
		if !t.Down.Set && !t.Up.Set && ti < len(c.Tiers)-1 {
			gc.Tiers[ti].Down, gc.Tiers[ti].Up = gc.DefaultSplit(ti)
		}
	}
	for _, a := range c.Appliances {
		rate := a.Rate.V
		if rate == 0 && len(gc.Endpoints) > 0 {
			rate = gc.Endpoints[0].RateBPS
		}
		if a.Unit.Set && len(gc.Units) == 0 && a.Unit.V != 0 {
			s.diags = append(s.diags, diag.Error(diag.UnknownReference, a.Unit.Range, "No such unit",
				fmt.Sprintf("Appliance %q names unit %d, but this fabric declares no unit blocks: its leaves form one group, unit 0. Remove unit, or declare the units (unit \"su\" { nodes = N }).", a.Role, a.Unit.V)))
			return
		}
		if a.Unit.Set && len(gc.Units) > 0 && (a.Unit.V < 0 || int(a.Unit.V)*gc.Units[0].Servers >= max(1, maxServer(gc)+1)) {
			s.diags = append(s.diags, diag.Error(diag.UnknownReference, a.Unit.Range, "No such unit",
				fmt.Sprintf("Appliance %q names %s %d, which this fabric does not have.", a.Role, gc.Units[0].Name, a.Unit.V)))
			return
		}
		gc.Appliances = append(gc.Appliances, gen.ClosAppliance{Role: a.Role, Count: int(a.Count.V), RateBPS: rate, Unit: int(a.Unit.V), Origin: s.g.Origin(a.DeclRange)})
	}
	if !s.paramErrors(f, gc.Validate(), diag.InvalidParameter, ranges) {
		return
	}
	fid, problems := gen.BuildClos(s.g, f.Name, gc)
	for _, p := range dedupeProblems(problems) {
		rng := c.Tiers[p.Tier].DeclRange
		switch p.Code {
		case gen.ProblemTooFew:
			// More switches, not more down ports, help: at count where
			// the design writes it (trial 66).
			if c := c.Tiers[p.Tier].Count; c.Set && c.Range.Filename != "" {
				rng = c.Range
			}
			s.diags = append(s.diags, diag.Error(diag.RadixExceeded, rng, "Not enough switch ports", p.Msg+"."))
		case gen.ProblemRadix, gen.ProblemCapacity:
			// An upper switch short of down ports: the tier's down is
			// what to change, where it is written (trial 54).
			if d := c.Tiers[p.Tier].Down; p.Code == gen.ProblemRadix && d.Set && d.Range.Filename != "" {
				rng = d.Range
			}
			s.diags = append(s.diags, diag.Error(diag.RadixExceeded, rng, "Not enough switch ports", p.Msg+"."))
		case gen.ProblemRate:
			detail := p.Msg + "; use a model whose port rate, breakout or port speed matches, or set host_rate or link_rate."
			// Links between tiers run at the tier's link_rate, else the
			// fabric's: the line that set it caused it (trial 64: the
			// error pointed at the tier block, and advised setting the
			// link_rate just written).
			if p.Tier > 0 {
				lr := c.Tiers[p.Tier].LinkRate
				if !lr.Set {
					lr = c.Tiers[p.Tier-1].LinkRate // a tier's rate carries up (gen.Clos)
				}
				if !lr.Set {
					lr = c.LinkRate
				}
				if lr.Set && lr.Range.Filename != "" {
					rng = lr.Range
					detail = p.Msg + "; set link_rate to a rate both run, or use models whose ports, breakouts or speeds (switch_model speeds) run " + units.Rate(lr.V) + "."
				} else {
					detail = p.Msg + "; set link_rate on the tier to a rate both run, or use models whose ports, breakouts or speeds match."
				}
			}
			// Implicit hosts meet the leaves at host_rate: that line
			// caused it. A rate 8 times one the port takes was most
			// likely written in bytes (trial 54: "400GB/s").
			if p.Tier == 0 && c.HostRate.Set && len(c.Endpoints) == 0 {
				rng = c.HostRate.Range
				if r := c.HostRate.V / 8; gc.Tiers[0].Ports.Lanes(r) > 0 {
					detail = p.Msg + fmt.Sprintf("; host_rate is %s, 8 times the %s a port takes: B/s is bytes per second, b/s bits. Write host_rate = %q.", units.Rate(c.HostRate.V), units.Rate(r), units.Rate(r))
				}
			}
			s.diags = append(s.diags, diag.Error(diag.RateMismatch, rng, "Link rate mismatch", detail))
		case gen.ProblemUneven:
			s.diags = append(s.diags, diag.Warning(diag.UnevenStriping, rng, "Uneven uplink striping", p.Msg+"."))
			s.unevenTotals[unevenKey{fid, p.Tier - 1}] = true
		case gen.ProblemStriping:
			if r := c.Tiers[p.Tier].Striping.Range; r.Filename != "" {
				rng = r
			}
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, rng, "Bundled striping does not divide", p.Msg+"."))
		default:
			// A kind the generator added without a mapping here: still
			// an error at the tier, never a silent pass.
			s.diags = append(s.diags, diag.Error(diag.InvalidParameter, rng, "Clos cannot be wired", p.Msg+"."))
		}
	}
}

func maxServer(c gen.Clos) int {
	m := 0
	for _, e := range c.Endpoints {
		m = max(m, e.Server)
	}
	return m
}

// closNodeEndpoints lists the NIC ports of node_group.<g>.nics.<role>, for
// each reference in order (several node groups: a mixed or multi-rack
// cluster); servers are numbered on across the groups, so units take
// them in that order. NIC i of each server is on rail i mod rails, port p
// on plane p mod planes. Without rails, there are as many as the most
// NICs a server of the groups has; more rails than that would be empty
// leaves (an error).
func (s *state) closNodeEndpoints(c *lang.Clos, gc *gen.Clos) bool {
	type part struct {
		sg   *serverGroup
		role string
		ref  *lang.Ref
	}
	var parts []part
	seen := map[string]bool{}
	nNIC := 0
	for _, r := range c.Endpoints {
		if len(r.Parts) != 4 || r.Parts[0] != "node_group" || r.Parts[2] != "nics" {
			s.diags = append(s.diags, diag.Error(diag.UnknownReference, r.Range, "Invalid endpoint reference",
				fmt.Sprintf("%s is not a NIC list; write node_group.<name>.nics.<role>, e.g. node_group.dgx.nics.compute.", r)))
			return false
		}
		sg, ok := s.group(r, r.Parts[1])
		if !ok {
			return false
		}
		role := r.Parts[3]
		if !slices.Contains(sg.roles, role) {
			s.diags = append(s.diags, unknownRole(sg, role, r.Range))
			return false
		}
		if seen[r.Parts[1]] {
			s.diags = append(s.diags, diag.Error(diag.DuplicateName, r.Range, "Node group listed twice",
				fmt.Sprintf("node_group %q is already among this fabric's endpoints; list each group once.", r.Parts[1])))
			return false
		}
		seen[r.Parts[1]] = true
		if len(sg.servers) > 0 {
			nNIC = max(nNIC, sg.servers[0].nics(role).n)
		}
		parts = append(parts, part{sg, role, r})
	}
	// Single-port NICs spread over the planes by NIC index (NIC i on
	// plane i mod planes, rail ⌊i / planes⌋ mod rails: DeepSeek-V3's
	// multi-plane fat-tree puts GPU–NIC pair i in plane i), as a host's
	// ports do; a multi-port NIC puts port p on plane p and stays on rail
	// i mod rails.
	single := true
	for _, pt := range parts {
		for _, sv := range pt.sg.servers {
			for _, nic := range sv.nics(pt.role).all() {
				single = single && s.g.Nodes[nic].Radix <= 1
			}
		}
	}
	planes := max(gc.Planes, 1)
	gc.SpreadNICs = single
	if !single && planes > 1 {
		// Port p of a multi-port NIC goes to plane p: planes beyond the
		// ports would be built with no endpoints.
		ports := int32(math.MaxInt32)
		for _, pt := range parts {
			for _, sv := range pt.sg.servers {
				for _, nic := range sv.nics(pt.role).all() {
					ports = min(ports, max(s.g.Nodes[nic].Radix, 1))
				}
			}
		}
		if int(ports) < planes {
			s.diags = append(s.diags, diag.Error(diag.InvalidParameter, c.Planes.Range, "More planes than NIC ports",
				fmt.Sprintf("planes = %d, but the fabric's NICs have %d ports (port p goes to plane p mod planes), so %d planes would have no endpoints; set planes = %d or fewer.",
					planes, ports, planes-int(ports), ports)))
			return false
		}
	}
	perPlane := nNIC
	if single {
		perPlane = nNIC / planes
	}
	if !c.Rails.Set {
		gc.Rails = max(perPlane, 1)
	}
	if gc.Rails < 1 {
		return true // Validate reports it
	}
	if single && planes > 1 && nNIC > 0 && nNIC%planes != 0 {
		s.diags = append(s.diags, diag.Error(diag.InvalidParameter, c.Planes.Range, "Planes do not divide the NICs",
			fmt.Sprintf("planes = %d, but the servers have %d single-port NICs of their role (NIC i goes to plane i mod planes), so the planes would get different numbers of NICs; use a number of planes that divides %d.",
				planes, nNIC, nNIC)))
		return false
	}
	if nNIC > 0 && gc.Rails > max(perPlane, 1) {
		// Rail i takes NIC i of each server: rails past the NICs would be
		// leaves with no endpoints, uplinked and cabled for nothing.
		detail := fmt.Sprintf("rails = %d, but the servers of the fabric's node groups have at most %d NICs of their role (NIC i goes to rail i), so %d rails would have no endpoints; set rails = %d or fewer.",
			gc.Rails, nNIC, gc.Rails-nNIC, nNIC)
		if single && planes > 1 {
			detail = fmt.Sprintf("rails = %d and planes = %d, but the servers of the fabric's node groups have at most %d single-port NICs of their role (NIC i goes to plane i mod planes, rail ⌊i / planes⌋), so some rails would have no endpoints; set rails = %d or fewer.",
				gc.Rails, planes, nNIC, max(perPlane, 1))
		}
		s.diags = append(s.diags, diag.Error(diag.InvalidParameter, c.Rails.Range, "More rails than NICs", detail))
		return false
	}
	// Size the endpoint list first: at 131,072 GPUs it holds 131,072
	// entries, and growing it by doubling copied them about 17 times.
	total := 0
	for _, pt := range parts {
		for _, sv := range pt.sg.servers {
			for _, nic := range sv.nics(pt.role).all() {
				total += int(max(s.g.Nodes[nic].Radix, 1))
			}
		}
	}
	gc.Endpoints = slices.Grow(gc.Endpoints, total)
	base := 0
	for _, pt := range parts {
		for si, sv := range pt.sg.servers {
			for i, nic := range sv.nics(pt.role).all() {
				n := &s.g.Nodes[nic]
				for p := int32(0); p < max(n.Radix, 1); p++ {
					rail, plane := i%gc.Rails, int(p)%planes
					if single {
						rail, plane = (i/planes)%gc.Rails, i%planes
					}
					// The NIC's labels say where it is cabled (ir.Node.Rail),
					// not its index among the server's NICs.
					n.Rail = int32(rail)
					if single && planes > 1 {
						n.Plane = int32(plane)
					}
					gc.Endpoints = append(gc.Endpoints, gen.ClosEndpoint{Port: ir.Port{Node: nic, Port: p}, Server: base + si,
						Rail: rail, Plane: plane, RateBPS: n.PortRateBPS})
				}
			}
		}
		base += len(pt.sg.servers)
	}
	return true
}

// closHosts creates hosts = N implicit hosts with host_ports ports each.
func (s *state) closHosts(f *lang.Fabric, gc *gen.Clos) bool {
	c := f.Clos
	if !c.Hosts.Set || c.Hosts.V <= 0 || c.HostRate.V <= 0 {
		rng, summary, detail := c.Hosts.Range, "Clos fabric without endpoints",
			"Give endpoints = node_group.<g>.nics.<role>, or hosts = N with host_rate = \"400Gb/s\" (N and the rate positive)."
		switch {
		case c.Hosts.Set && c.Hosts.V > 0 && c.HostRate.Set:
			// A rate written as zero or less (trial 56: "0Gb/s" was
			// reported as a fabric without endpoints).
			rng, summary, detail = c.HostRate.Range, "Host rate not positive",
				fmt.Sprintf("host_rate is %s; the %d hosts need a positive rate per port, such as host_rate = \"400Gb/s\".", units.Rate(c.HostRate.V), c.Hosts.V)
		case c.Hosts.Set && c.Hosts.V > 0:
			rng, summary, detail = c.Hosts.Range, "Hosts without a rate",
				fmt.Sprintf("hosts = %d needs host_rate, the rate of each host port, such as host_rate = \"400Gb/s\".", c.Hosts.V)
		}
		s.diags = append(s.diags, diag.Error(diag.InvalidParameter, rng, summary, detail))
		return false
	}
	ports := int(max(c.HostPorts.V, 1))
	if !c.Rails.Set {
		gc.Rails = 1
	}
	n := int(c.Hosts.V)
	prefix := ""
	if len(gc.Units) > 0 {
		prefix = gc.Units[0].Name
	}
	for h := 0; h < n; h++ {
		name := gen.Indexed("host", h, n)
		if prefix != "" {
			u := gc.Units[0].Servers
			name = gen.Indexed(prefix, h/u, (n+u-1)/u) + "/" + gen.Indexed("host", h%u, u)
		}
		for p := 0; p < ports; p++ {
			gc.Endpoints = append(gc.Endpoints, gen.ClosEndpoint{Port: ir.Port{Node: ir.None, Port: int32(p)}, HostName: name, Server: h,
				Rail: (p / max(gc.Planes, 1)) % max(gc.Rails, 1), Plane: p % max(gc.Planes, 1), RateBPS: c.HostRate.V})
		}
	}
	return true
}

// dedupeProblems merges identical problems (one per endpoint when every
// endpoint has the same wrong rate) into one, counting repeats, so that one
// mistake is one diagnostic; first-seen order is kept. Messages start with
// a capital letter.
func dedupeProblems(ps []gen.ClosProblem) []gen.ClosProblem {
	count := map[gen.ClosProblem]int{}
	var order []gen.ClosProblem
	for _, p := range ps {
		if count[p] == 0 {
			order = append(order, p)
		}
		count[p]++
	}
	for i, p := range order {
		if n := count[p]; n > 1 {
			order[i].Msg = fmt.Sprintf("%s (%d times)", p.Msg, n)
		}
		if m := order[i].Msg; m != "" {
			order[i].Msg = strings.ToUpper(m[:1]) + m[1:]
		}
	}
	return order
}

// checkTierLinkKinds refuses tier names whose links would take the kind
// of other links. The links between two tiers are of kind
// "<lower>_<upper>" (ir.TierLinkKind), and analyses read a link's kind:
// congestion treats node_leaf links as the hosts' own, and every report
// groups links by kind. So a tier "node" below a tier "leaf" would make
// its uplinks look like host links, and tiers "a_b" over "c" and "a" over
// "b_c" would merge two tiers' links. A pair's kind may be a built-in
// kind only where it is that kind's own pair (leaf under spine, spine
// under super_spine), and no two kinds of one fabric may share a name.
func (s *state) checkTierLinkKinds(tiers []*lang.ClosTier) bool {
	own := map[string][2]string{ir.LinkLeafSpine.String(): {"leaf", "spine"}, ir.LinkSpineSuperSpine.String(): {"spine", "super_spine"}}
	seen := map[string][2]*lang.ClosTier{}
	ok := true
	for _, t := range tiers {
		if d := tierNamedLikeClass(t.Name, t.DeclRange); d != nil {
			s.diags = append(s.diags, d)
			ok = false
		}
	}
	for i := 1; i < len(tiers); i++ {
		lower, upper := tiers[i-1], tiers[i]
		kind := ir.TierLinkKind(lower.Name, upper.Name).String()
		if first, dup := seen[kind]; dup {
			s.diags = append(s.diags, diag.Error(diag.DuplicateName, upper.DeclRange, "Tier links named like other links",
				fmt.Sprintf("The links from tier %q up to tier %q would be of kind %q, like the links from tier %q up to tier %q (%s); reports and analyses group links by kind, so the two would merge. Rename a tier so that its name and its neighbour's no longer join into the other pair's.", lower.Name, upper.Name, kind, first[0].Name, first[1].Name, first[1].DeclRange)))
			ok = false
			continue
		}
		seen[kind] = [2]*lang.ClosTier{lower, upper}
		if pair, canonical := own[kind]; canonical && pair == [2]string{lower.Name, upper.Name} {
			continue
		}
		if meaning, builtin := ir.BuiltinLinkKind(kind); builtin {
			s.diags = append(s.diags, diag.Error(diag.DuplicateName, upper.DeclRange, "Tier links named like other links",
				fmt.Sprintf("The links from tier %q up to tier %q would be of kind %q, which topoc gives to other links (%s); analyses would take them for those. Rename tier %q or %q.", lower.Name, upper.Name, kind, meaning, lower.Name, upper.Name)))
			ok = false
		}
	}
	// A tier named like a link kind (a tier "leaf_spine" over leaf and
	// spine, or "node_leaf") makes one what-if class of both: the sweep
	// fails the tier's switches, not the links.
	for _, t := range tiers {
		_, builtin := ir.BuiltinLinkKind(strings.ToLower(t.Name))
		if _, pair := seen[strings.ToLower(t.Name)]; builtin || pair {
			s.diags = append(s.diags, diag.Error(diag.DuplicateName, t.DeclRange, "Tier named like a link kind",
				fmt.Sprintf("Tier %q has the name of a link kind; each tier and each link kind is a what-if class of its name, so fabric.<f>.whatif.%s would fail the tier's switches, not the links. Name the tier after its role (\"tor\", \"leaf\", \"spine\").", t.Name, t.Name)))
			ok = false
		}
	}
	return ok
}

// whatifClasses are the what-if classes topoc derives in every design
// that are not tiers (ir.RiskSwitch …, and the sweeps of scenarios and
// policies): each tier is a class of its own name too, so a tier named
// "rack" would make fabric.<f>.whatif.rack fail that tier's switches
// where it failed racks, and the sweep of racks would be gone.
var whatifClasses = map[string]string{
	ir.RiskSwitch: "every switch", ir.RiskLink: "every link", ir.RiskServer: "every server",
	ir.RiskRack: "every rack", ir.RiskCable: "every cable", "scenario": "the named scenarios", "policy": "the failure policies",
}

// tierNamedLikeClass refuses (duplicate-name, at rng) a tier named like a
// what-if class that is not a tier, ignoring case as classes do; nil when
// the name is free.
func tierNamedLikeClass(name string, rng hcl.Range) *hcl.Diagnostic {
	for c, what := range whatifClasses {
		if strings.EqualFold(name, c) {
			return diag.Error(diag.DuplicateName, rng, "Tier named like a what-if class",
				fmt.Sprintf("Tier %q has the name of the what-if class %q (%s); each tier is a class of its own name, so fabric.<f>.whatif.%s would fail the tier's switches, not %s. Name the tier after its role (\"tor\", \"leaf\", \"spine\").", name, c, what, c, what))
		}
	}
	return nil
}

// defaultCountText says what a tier's count defaults to (docs/language.md
// "clos").
func defaultCountText(leaf bool) string {
	if leaf {
		return "one leaf per group, or homing leaves when dual-homed"
	}
	return "enough switches to take the uplinks of the tier below"
}

// checkRailsGrouped warns (rails-not-grouped) when a clos of servers'
// NICs sets rails > 1 but no tier names "rail" in its per: the rails
// label each server's NIC i with rail i mod rails (NCCL's rail-aware
// orders read them), yet every leaf group takes NICs of every rail, so
// same-rail traffic between servers crosses the tier above, as in
// top-of-rack wiring (trial 52: `count = 8` written for `per =
// ["rail"]` passed silently).
func (s *state) checkRailsGrouped(f *lang.Fabric) {
	c := f.Clos
	// One tier, or a lowest tier of one switch: every rail meets every
	// other on one switch, and there is no tier to cross (trial 53).
	if !c.Rails.Set || c.Rails.V < 2 || len(c.Endpoints) == 0 || len(c.Tiers) < 2 ||
		c.Tiers[0].Count.Set && c.Tiers[0].Count.V == 1 && len(c.Tiers[0].Per.V) == 0 {
		return
	}
	for _, t := range c.Tiers {
		if slices.Contains(t.Per.V, "rail") {
			return
		}
	}
	leaf := c.Tiers[0]
	s.diags = append(s.diags, diag.Warning(diag.RailsNotGrouped, c.Rails.Range, "Rails not grouped by a tier",
		fmt.Sprintf("Fabric %q sets rails = %d, but no tier has \"rail\" in its per, so each %s switch takes NICs of every rail (top-of-rack wiring) and same-rail traffic between servers on different %s switches crosses the %s tier. For a rail-optimized fabric write per = [\"rail\"] on tier %q (per = [\"su\", \"rail\"] with units); for top-of-rack wiring leave rails out.",
			f.Name, c.Rails.V, leaf.Name, leaf.Name, c.Tiers[1].Name, leaf.Name)))
}
