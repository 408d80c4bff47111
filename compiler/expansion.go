package compiler

import (
	"fmt"
	"math"
	"slices"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// size is an estimate of what part of a design builds: endpoints, nodes
// and links, and how many of the nodes are fabric switches. Estimates are
// float64 so that k = 10^9 cannot overflow.
type size struct{ endpoints, nodes, links, switches float64 }

// switchElements is what one fabric switch weighs against the element
// cap, in elements: a switch is placed in a rack, named, indexed per tier
// and unit and given a port map, so it costs about five times a link or
// a server component (a Clos of 1,000,000 one-leaf planes peaked at 821 MB
// for 1,000,000 switches; the 131,072-GPU example at 510 MB for 4.2
// million elements, most of them links). The switch itself is counted in
// nodes; this adds the rest. Measured on this machine; a modelling
// assumption.
const switchElements = 4

// elements is the weight of s against the element cap.
func (s size) elements() float64 { return s.nodes + s.links + switchElements*s.switches }

// checkExpansion estimates, from parameters alone, the endpoints and
// elements (nodes + links) the design would build, and refuses it before
// any allocation when a cap is exceeded. The estimates are upper bounds
// for servers, fat-trees, dragonflies, NVLink domains (but those that
// pick servers by pattern, each estimated at its share) and custom fabrics,
// and close for Clos fabrics (whose tier sizes follow from the wiring);
// once the design passes, the graph's node and link slices are reserved
// at the estimate (the links less the servers' own, which are kept once
// per node model), so that building a 131,072-GPU design does not copy
// its millions of links at every doubling of the slices.
func checkExpansion(s *state) {
	var total size
	charge := func(add size, rng hcl.Range, what string) bool {
		total.endpoints += add.endpoints
		total.nodes += add.nodes
		total.links += add.links
		total.switches += add.switches
		switch elements := total.elements(); {
		case total.endpoints > float64(s.opts.MaxEndpoints):
			s.diags = append(s.diags, diag.Error(diag.ExpansionLimit, rng, "Design too large",
				fmt.Sprintf("%s brings the design to %.3g endpoints; the limit is %s. Check the parameters, or raise the limit with --max-endpoints.", what, total.endpoints, units.Count(int(s.opts.MaxEndpoints)))))
			return false
		case elements > float64(s.opts.MaxElements):
			s.diags = append(s.diags, diag.Error(diag.ExpansionLimit, rng, "Design too large",
				fmt.Sprintf("%s brings the design to about %.3g elements (nodes and links, a fabric switch counting %d), about %.1f GB of memory; the limit is %s. Check the counts, or raise the limit with --max-elements.", what, elements, switchElements+1, elements*170/1e9, units.Count(int(s.opts.MaxElements)))))
			return false
		}
		return true
	}
	servers := map[string]float64{} // servers per node group, for fabrics on them
	serverLinks := 0.0              // kept once per node model, not reserved (ir.Graph.AddInstance)
	gpusPer := map[string]float64{} // GPUs per server of each node group
	for _, ng := range s.cfg.NodeGroups {
		m, ok := s.cat.nodes[ng.Model.V]
		if !ok {
			continue
		}
		n := float64(max(ng.Count.V, 0))
		servers[ng.Name], gpusPer[ng.Name] = n, pos(m.GPUs.V)
		per := s.serverSize(m)
		serverLinks += n * per.links
		if !charge(size{nodes: n * per.nodes, links: n * per.links}, ng.Count.Range, fmt.Sprintf("node_group %q", ng.Name)) {
			return
		}
	}
	// Instances of one fabric block (its count or for_each), whose
	// nvlink_domain servers patterns share out the node groups' servers.
	instances := map[hcl.Range]float64{}
	for _, f := range s.cfg.Fabrics {
		instances[f.DeclRange]++
	}
	for _, f := range s.cfg.Fabrics {
		var add size
		var rng hcl.Range
		switch {
		case f.FatTree != nil:
			k := pos(f.FatTree.K.V)
			add, rng = size{endpoints: k * k * k / 4, nodes: k*k*k/4 + 5*k*k/4, links: 3 * k * k * k / 4, switches: 5 * k * k / 4}, f.FatTree.K.Range
		case f.Dragonfly != nil:
			d := f.Dragonfly
			p, a, h, g := pos(d.P.V), pos(d.A.V), pos(d.H.V), pos(d.G.V)
			if !d.G.Set {
				g = a*h + 1
			}
			add = size{endpoints: a * p * g, nodes: a * g * (p + 1), links: a*g*p + g*a*(a-1)/2 + g*a*h/2, switches: a * g}
			rng = d.P.Range
		case f.Torus != nil:
			t := f.Torus
			routers, links, terms := 1.0, 0.0, pos(t.P.V)
			if !t.P.Set {
				terms = 1
			}
			for _, k := range t.Dims.V {
				routers *= pos(k)
			}
			for range t.Dims.V {
				links += routers // at most one + link per router and dimension
			}
			add = size{endpoints: routers * terms, nodes: routers * (1 + terms), links: routers*terms + links, switches: routers}
			rng = t.Dims.Range
		case f.NVLinkDomain != nil:
			d := f.NVLinkDomain
			gpus, built := pos(d.GPUs.V), pos(d.GPUs.V)
			if d.GPUNodes != nil { // the servers' GPUs, built with them
				built = 0
				if !d.GPUs.Set {
					gpus = 0
					for _, ref := range d.GPUNodes {
						if r := ref.Parts; len(r) == 3 {
							gpus += servers[r[1]] * gpusPer[r[1]]
						}
					}
					if d.Servers.Set {
						// One rack's servers each, as a block's instances
						// with servers patterns usually take: an estimate,
						// checked as the domains are built.
						gpus = math.Ceil(gpus / instances[f.DeclRange])
					}
				}
			}
			add, rng = size{endpoints: gpus, nodes: built + pos(d.Switches.V), links: gpus * pos(d.LinksPerGPU.V), switches: pos(d.Switches.V)}, d.GPUs.Range
		case f.Clos != nil:
			add, rng = closSize(f, servers, s)
		case f.Custom != nil:
			add, rng = customSize(f.Custom), f.FamilyRange
		}
		if !charge(add, rng, fmt.Sprintf("fabric %q", f.Name)) {
			return
		}
	}
	s.g.Nodes = slices.Grow(s.g.Nodes, int(total.nodes))
	s.g.ReserveLinks(int(max(total.links-serverLinks, 0)))
}

// pos is v as a float64, or 0 when negative (a negative parameter is
// reported by the stage that uses it).
func pos(v int64) float64 { return float64(max(v, 0)) }

// serverSize bounds the nodes and links of one server of model m, as
// buildTemplate makes them: the server, its CPU sockets, GPUs, NVSwitches,
// NICs and PCIe switches; the inter-socket links, NVLink links (one IR
// link per GPU and NVSwitch the GPU has links to: parallel links are one
// ir.Link, see splitLinks), one PCIe uplink per PCIe switch and
// one host link per device below it, and a host link per GPU and NIC.
func (s *state) serverSize(m *lang.NodeModel) size {
	sockets := float64(1)
	if m.CPU != nil {
		sockets = max(1, pos(m.CPU.Sockets.V))
	}
	gpus, nics := pos(m.GPUs.V), float64(0)
	for _, n := range m.NICs {
		nics += pos(n.Count.V)
	}
	nvlinks := float64(0)
	if gm, ok := s.cat.gpus[m.GPU.V]; ok && m.NVSwitches.V > 0 {
		// splitLinks gives links/n to each switch, the remainder to the
		// first ones: min(n, links) switches get any.
		bundles := min(pos(m.NVSwitches.V), pos(gm.NVLinkLinks.V))
		if int64(len(m.NVLinkPerSwitch.V)) == m.NVSwitches.V {
			bundles = 0
			for _, v := range m.NVLinkPerSwitch.V {
				if v > 0 {
					bundles++
				}
			}
		}
		nvlinks = gpus * bundles
	}
	pcie := float64(len(m.PCIeSwitches))
	below := float64(0)
	for _, p := range m.PCIeSwitches {
		below += float64(len(p.GPUs.V) + len(p.NICs.V))
	}
	return size{
		nodes: 1 + sockets + gpus + pos(m.NVSwitches.V) + nics + pcie,
		links: sockets - 1 + nvlinks + pcie + below + gpus + nics,
	}
}

// closSize estimates a Clos fabric: its endpoints (implicit hosts and
// their ports, or the NIC ports of the servers it names), and per tier
// the switches (count times the groups the tier is replicated per, or the
// links arriving from below over the down ports) and their uplinks. The
// range is that of the heaviest part's parameter, where a design too
// large is reported (trial 56: a spine count of 2,000,000,000 was
// reported at the clos block): the largest factor of the heaviest tier
// (its count, planes, rails; else the tier block), or hosts.
func closSize(f *lang.Fabric, servers map[string]float64, s *state) (size, hcl.Range) {
	c := f.Clos
	rng, heaviest := f.FamilyRange, 0.0
	rails, planes := max(pos(c.Rails.V), 1), max(pos(c.Planes.V), 1)
	var eps, hosts, nServers float64
	switch {
	case len(c.Endpoints) > 0:
		for _, ref := range c.Endpoints {
			r := ref.Parts
			if len(r) != 4 || r[0] != "node_group" || r[2] != "nics" {
				continue
			}
			groupServers := servers[r[1]]
			nServers += groupServers
			for _, ng := range s.cfg.NodeGroups {
				if ng.Name != r[1] {
					continue
				}
				if m, ok := s.cat.nodes[ng.Model.V]; ok {
					for _, n := range m.NICs {
						if n.Role == r[3] {
							ports := float64(1)
							if nm, ok := s.cat.nics[n.Model.V]; ok {
								ports = max(pos(nm.Ports.V), 1)
							}
							eps += groupServers * pos(n.Count.V) * ports
						}
					}
				}
			}
		}
	default:
		hosts = pos(c.Hosts.V)
		nServers = hosts
		eps = hosts * max(pos(c.HostPorts.V), 1)
		if c.Hosts.Set {
			rng, heaviest = c.Hosts.Range, hosts+eps
		}
	}
	// Servers per unit, innermost first, as buildClos derives them.
	unitServers := map[string]float64{}
	per := float64(1)
	for _, u := range c.Units {
		if u.Nodes.Set {
			per = pos(u.Nodes.V)
		} else {
			per *= pos(u.Units.V)
		}
		unitServers[u.Name] = per
	}
	for _, a := range c.Appliances {
		eps += pos(a.Count.V)
		hosts += pos(a.Count.V)
	}
	out := size{endpoints: eps, nodes: hosts, links: eps}
	below := eps // links arriving at the tier from below
	for _, t := range c.Tiers {
		groups := planes
		// factor is the parameter that multiplies the tier most, where a
		// tier too large is reported (trial 56).
		factor, factorRng := 0.0, t.DeclRange
		see := func(v float64, r hcl.Range) {
			if v > factor {
				factor, factorRng = v, r
			}
		}
		if c.Planes.Set {
			see(planes, c.Planes.Range)
		}
		if t.Count.Set {
			see(pos(t.Count.V), t.Count.Range)
		}
		for _, p := range t.Per.V {
			switch p {
			case "rail":
				groups *= rails
				if c.Rails.Set {
					see(rails, c.Rails.Range)
				}
			case "plane":
			default:
				if n := unitServers[p]; n > 0 {
					groups *= max(1, (nServers+n-1)/n)
				}
			}
		}
		var switches float64
		if t.Count.V > 0 {
			switches = pos(t.Count.V) * groups
		} else {
			// Sized from the links below, but at least one switch per
			// group: a million planes build a million leaves whatever
			// their endpoints.
			fromBelow := (below + max(pos(t.Down.V), 1) - 1) / max(pos(t.Down.V), 1)
			switches = max(fromBelow, groups)
			if fromBelow >= groups {
				factorRng = rng // as large as what feeds it: the same cause
			}
		}
		up := switches * pos(t.Up.V)
		out.nodes += switches
		out.switches += switches
		out.links += up
		below = up
		if w := switches*(1+switchElements) + up; w > heaviest {
			heaviest, rng = w, factorRng
		}
	}
	return out, rng
}

// customSize counts a custom fabric's declared switches, hosts and links
// (each link times its parallel count), already expanded by lang.
func customSize(c *lang.Custom) size {
	out := size{nodes: float64(len(c.Switches) + len(c.Hosts)), switches: float64(len(c.Switches))}
	for _, h := range c.Hosts {
		out.endpoints += max(pos(h.Ports.V), 1)
	}
	for _, l := range c.Links {
		out.links += max(pos(l.Parallel.V), 1)
	}
	return out
}
