package gen

import (
	"fmt"
	"slices"

	"github.com/topoc/topoc/compiler/ir"
)

// FatTree holds the parameters of a k-ary fat-tree: the three-tier folded
// Clos of Al-Fares, Loukissas and Vahdat, "A Scalable, Commodity Data
// Center Network Architecture", SIGCOMM 2008, DOI 10.1145/1402946.1402967.
//
// k pods each hold k/2 edge and k/2 aggregation switches; (k/2)² core
// switches join the pods; every switch has k ports. Closed forms: k³/4
// hosts, 5k²/4 switches, 3k³/4 links (k³/4 of each kind), (k/2)² shortest
// paths between hosts in different pods. With H hosts per edge switch
// (HostsPerEdge: fewer, or more on broken-out down ports), k·(k/2)·H
// hosts and host–edge links.
type FatTree struct {
	// K is the switch radix (ports per switch): even, at least 2.
	K int
	// LinkRateBPS is the rate of the edge–aggregation links, in bits per
	// second per direction, and of the other links when HostBPS or
	// CoreBPS is 0.
	LinkRateBPS float64
	// HostBPS is the rate of the host–edge links and CoreBPS of the
	// aggregation–core links (bits per second per direction; 0 =
	// LinkRateBPS).
	HostBPS, CoreBPS float64
	// Radix and PortBPS are the switch model's physical ports and native
	// port rate (bits per second per direction), which a switch reports
	// (the BOM, free ports); 0 = k ports at the fastest rate of the
	// switch's own links, for a fat-tree without a model. Radix must be
	// at least k.
	Radix   int
	PortBPS float64
	// HostsPerEdge is the hosts cabled to each edge switch (0 = k/2, the
	// paper's). Up to (k/2)·HostLanes: HostLanes is the lanes one edge
	// port carries at the host rate (the switch model's breakout that
	// produces it; 0 or 1 = a whole port per host), and hosts fill the
	// lanes of each down port before the next (a breakout cable serves
	// HostLanes hosts).
	HostsPerEdge, HostLanes int
	// LinkLanes and CoreLanes are the links one physical port carries
	// at the edge–aggregation and aggregation–core rates: the lanes of
	// the switch model's breakout that produces the rate, or 0 or 1 for
	// a whole port per link. k counts links: where a rate runs on
	// lanes, L links share a physical port, so a k = 128 tree at 400G
	// fits 64-port 800G switches split 2 × 400G.
	LinkLanes, CoreLanes int
	// SwitchModel is the catalogue model of every switch, or "".
	SwitchModel string
	// Origin is stamped on the fabric and on every node and link built.
	Origin ir.OriginID
}

// Validate reports impossible parameters; Param is the HCL argument name
// ("k", "link_rate"). BuildFatTree must only be called when it returns none.
func (p FatTree) Validate() []ParamError {
	var errs []ParamError
	switch {
	case p.K < 2:
		errs = append(errs, ParamError{Param: "k", Msg: fmt.Sprintf("must be at least 2 (got %d); k is the switch port count, e.g. k = 48", p.K)})
	case p.K%2 != 0:
		errs = append(errs, ParamError{Param: "k", Msg: fmt.Sprintf("must be even (got %d): every switch splits its ports half down, half up; use k = %d or %d", p.K, p.K-1, p.K+1)})
	default:
		k, hpe := int64(p.K), int64(p.hostsPerEdge())
		errs = append(errs, sizeErrors("k", "links", k*(k/2)*hpe+k*k*k/2)...)
		switch lanes := max(p.HostLanes, 1); {
		case p.HostsPerEdge < 0:
			errs = append(errs, ParamError{Param: "hosts_per_edge", Msg: fmt.Sprintf("must be at least 1 (got %d)", p.HostsPerEdge)})
		case p.HostsPerEdge > p.K/2*lanes && lanes == 1:
			errs = append(errs, ParamError{Param: "hosts_per_edge", Msg: fmt.Sprintf("= %d needs more than the k/2 = %d down ports of an edge switch; more hosts per edge need a switch_model whose breakout splits a port into lanes at host_rate (\"2x200Gb/s\" serves two 200G hosts per 400G port)", p.HostsPerEdge, p.K/2)})
		case p.HostsPerEdge > p.K/2*lanes:
			errs = append(errs, ParamError{Param: "hosts_per_edge", Msg: fmt.Sprintf("= %d needs more than the %d down ports × %d lanes = %d host ports of an edge switch", p.HostsPerEdge, p.K/2, lanes, p.K/2*lanes)})
		}
	}
	errs = append(errs, rateErrors("link_rate", p.LinkRateBPS)...)
	for _, r := range []struct {
		param string
		bps   float64
	}{{"host_rate", p.HostBPS}, {"core_rate", p.CoreBPS}} {
		if r.bps != 0 {
			errs = append(errs, rateErrors(r.param, r.bps)...)
		}
	}
	return errs
}

// SwitchRuns returns how an edge, an aggregation and a core switch lay
// their links on physical ports (portRuns):
//   - edge: the host ports, then the k/2 uplinks. The host run spans
//     the ports the k/2 uplinks' lanes would (the paper's k/2 down
//     ports), or more when more hosts than that need them; hosts fill
//     its lanes at the host rate.
//   - aggregation: k/2 down links, then k/2 up links (sharing a port
//     where both run on lanes of one breakout and k/2 is odd).
//   - core: k down links, one per pod.
func (p FatTree) SwitchRuns() (edge, agg, core portRuns) {
	k, h := p.K, p.K/2
	hl, ll, cl := max(p.HostLanes, 1), max(p.LinkLanes, 1), max(p.CoreLanes, 1)
	ceil := func(a, b int) int { return (a + b - 1) / b }
	up := runFor(h, ll)
	hosts := reserve(max(ceil(p.hostsPerEdge(), hl), ceil(h, ll)), hl)
	return portRuns{hosts, up}, portRuns{up, runFor(h, cl)}, portRuns{runFor(k, cl)}
}

// SwitchPorts returns the most physical ports a switch of the tree uses:
// k with whole ports, fewer where links share broken-out ports, more
// where hosts_per_edge exceeds k/2.
func (p FatTree) SwitchPorts() int {
	edge, agg, core := p.SwitchRuns()
	return max(edge.ports(), agg.ports(), core.ports())
}

// hostsPerEdge returns the hosts cabled to each edge switch.
func (p FatTree) hostsPerEdge() int {
	if p.HostsPerEdge == 0 {
		return p.K / 2
	}
	return p.HostsPerEdge
}

// rates returns the host–edge, edge–aggregation and aggregation–core
// link rates, bits per second per direction.
func (p FatTree) rates() (host, link, core float64) {
	host, core = p.HostBPS, p.CoreBPS
	if host == 0 {
		host = p.LinkRateBPS
	}
	if core == 0 {
		core = p.LinkRateBPS
	}
	return host, p.LinkRateBPS, core
}

// BuildFatTree appends a k-ary fat-tree named name to g and returns its
// fabric id. p must have passed Validate.
//
// Names (docs/reference/design-brief.md "Names", indices from 0, each zero-padded to the width
// of the largest index among its siblings): "pod3/edge1", "pod3/agg1",
// "pod3/edge1/host0", "core05".
//
// Wiring and port numbers (deterministic, h = k/2, H hosts per edge),
// with every link on a port of its own:
//   - host j of edge e: host port 0 ↔ edge port j;
//   - edge e ↔ aggregation a of the same pod: edge port h+a ↔ agg port e;
//   - aggregation a of pod q ↔ core a·h+c (c in [0,h)): agg port h+c ↔
//     core port q. This is the paper's wiring: aggregation switch a of
//     every pod reaches the a-th block of h cores, so core port i is pod i.
//
// Where a rate runs on breakout lanes (HostLanes, LinkLanes, CoreLanes),
// the same links take the lanes of fewer physical ports, in the order
// SwitchRuns gives (link j of a run on its port ⌊j/L⌋, lane j mod L;
// Link.Breakout = L).
//
// Nodes are appended pod by pod (edges, aggregations, hosts), then the
// cores; links by kind: host_edge, edge_aggregation, aggregation_core.
// Fabric.Endpoints are the host ports in host order.
func BuildFatTree(g *ir.Graph, name string, p FatTree) ir.FabricID {
	k, h, hpe := p.K, p.K/2, p.hostsPerEdge()
	params := []ir.Param{{Name: "k", Value: int64(k)}}
	if hpe != h {
		params = append(params, ir.Param{Name: "hosts_per_edge", Value: int64(hpe)})
	}
	b := newFabricBuilder(g, ir.Fabric{Name: name, Family: ir.FamilyFatTree,
		Tiers:  []string{"edge", "aggregation", "core"},
		Params: params}, p.Origin)
	g.Nodes = slices.Grow(g.Nodes, k*h*hpe+5*k*k/4)
	g.ReserveLinks(k*h*hpe + k*k*k/2)

	hostBPS, linkBPS, coreBPS := p.rates()
	radix := int32(max(p.Radix, p.SwitchPorts()))
	edgeRuns, aggRuns, coreRuns := p.SwitchRuns()
	hl, ll, cl := edgeRuns[0].Lanes, aggRuns[0].Lanes, coreRuns[0].Lanes
	// Without a model a switch's ports run at the fastest rate of its
	// own links: an edge's host and aggregation links, a core's core
	// links.
	portBPS := map[string]float64{"edge": max(hostBPS, linkBPS), "aggregation": max(linkBPS, coreBPS), "core": coreBPS}
	sw := func(name, tier, unit string, idx int) ir.NodeID {
		n := ir.NewNode(name, ir.KindSwitch)
		n.Radix, n.PortRateBPS = radix, portBPS[tier]
		n.SetModel(p.SwitchModel)
		n.SetTier(tier)
		if p.PortBPS > 0 {
			n.PortRateBPS = p.PortBPS
		}
		if unit != "" {
			n.UnitIndex = int32(idx)
			n.SetUnit(unit)
		}
		return b.node(n)
	}
	edge := make([]ir.NodeID, k*h) // pod*h + e
	agg := make([]ir.NodeID, k*h)  // pod*h + a
	host := make([]ir.NodeID, 0, k*h*hpe)
	for q := range k {
		pod := Indexed("pod", q, k) + "/"
		edgeNames := make([]string, h)
		for e := range h {
			edgeNames[e] = pod + Indexed("edge", e, h)
			edge[q*h+e] = sw(edgeNames[e], "edge", "pod", q)
		}
		for a := range h {
			agg[q*h+a] = sw(pod+Indexed("agg", a, h), "aggregation", "pod", q)
		}
		for e := range h {
			for j := range hpe {
				n := ir.NewNode(edgeNames[e]+"/"+Indexed("host", j, hpe), ir.KindHost)
				n.Radix, n.PortRateBPS, n.UnitIndex = 1, hostBPS, int32(q)
				n.SetUnit("pod")
				host = append(host, b.node(n))
			}
		}
	}
	core := make([]ir.NodeID, h*h)
	for c := range core {
		core[c] = sw(Indexed("core", c, h*h), "core", "", 0)
	}

	eps := make([]ir.Port, len(host))
	for i, n := range host {
		e, j := i/hpe, i%hpe // global edge index pod*h + e, host of it
		eps[i] = portOf(n, 0)
		b.laneLink(ir.LinkHostEdge, eps[i], edgeRuns.port(edge[e], 0, j), hostBPS, hl)
	}
	for q := range k {
		for e := range h {
			for a := range h {
				b.laneLink(ir.LinkEdgeAggregation, edgeRuns.port(edge[q*h+e], 1, a), aggRuns.port(agg[q*h+a], 0, e), linkBPS, ll)
			}
		}
	}
	for q := range k {
		for a := range h {
			for c := range h {
				b.laneLink(ir.LinkAggregationCore, aggRuns.port(agg[q*h+a], 1, c), coreRuns.port(core[a*h+c], 0, q), coreBPS, cl)
			}
		}
	}
	g.Fabrics[b.fabric].Endpoints = eps
	return b.fabric
}
