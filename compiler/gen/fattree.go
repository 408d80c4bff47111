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
// paths between hosts in different pods.
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
		errs = append(errs, ParamError{"k", fmt.Sprintf("must be at least 2 (got %d); k is the switch port count, e.g. k = 48", p.K)})
	case p.K%2 != 0:
		errs = append(errs, ParamError{"k", fmt.Sprintf("must be even (got %d): every switch splits its ports half down, half up; use k = %d or %d", p.K, p.K-1, p.K+1)})
	default:
		k := int64(p.K)
		errs = append(errs, sizeErrors("k", "links", 3*k*k*k/4)...)
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
// Wiring and port numbers (deterministic, h = k/2):
//   - host j of edge e: host port 0 ↔ edge port j;
//   - edge e ↔ aggregation a of the same pod: edge port h+a ↔ agg port e;
//   - aggregation a of pod q ↔ core a·h+c (c in [0,h)): agg port h+c ↔
//     core port q. This is the paper's wiring: aggregation switch a of
//     every pod reaches the a-th block of h cores, so core port i is pod i.
//
// Nodes are appended pod by pod (edges, aggregations, hosts), then the
// cores; links by kind: host_edge, edge_aggregation, aggregation_core.
// Fabric.Endpoints are the host ports in host order.
func BuildFatTree(g *ir.Graph, name string, p FatTree) ir.FabricID {
	k, h := p.K, p.K/2
	b := newFabricBuilder(g, ir.Fabric{Name: name, Family: ir.FamilyFatTree,
		Tiers:  []string{"edge", "aggregation", "core"},
		Params: []ir.Param{{Name: "k", Value: int64(k)}}}, p.Origin)
	g.Nodes = slices.Grow(g.Nodes, k*k*k/4+5*k*k/4)
	g.Links = slices.Grow(g.Links, 3*k*k*k/4)

	hostBPS, linkBPS, coreBPS := p.rates()
	radix := int32(max(p.Radix, k))
	// Without a model a switch's ports run at the fastest rate of its
	// own links: an edge's host and aggregation links, a core's core
	// links.
	portBPS := map[string]float64{"edge": max(hostBPS, linkBPS), "aggregation": max(linkBPS, coreBPS), "core": coreBPS}
	sw := func(name, tier, unit string, idx int) ir.NodeID {
		n := ir.NewNode(name, ir.KindSwitch)
		n.Model, n.Tier, n.Radix, n.PortRateBPS = p.SwitchModel, tier, radix, portBPS[tier]
		if p.PortBPS > 0 {
			n.PortRateBPS = p.PortBPS
		}
		if unit != "" {
			n.Unit, n.UnitIndex = unit, int32(idx)
		}
		return b.node(n)
	}
	edge := make([]ir.NodeID, k*h) // pod*h + e
	agg := make([]ir.NodeID, k*h)  // pod*h + a
	host := make([]ir.NodeID, 0, k*h*h)
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
			for j := range h {
				n := ir.NewNode(edgeNames[e]+"/"+Indexed("host", j, h), ir.KindHost)
				n.Radix, n.PortRateBPS, n.Unit, n.UnitIndex = 1, hostBPS, "pod", int32(q)
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
		e := i / h // global edge index pod*h + e
		eps[i] = portOf(n, 0)
		b.link(ir.LinkHostEdge, eps[i], portOf(edge[e], i%h), hostBPS)
	}
	for q := range k {
		for e := range h {
			for a := range h {
				b.link(ir.LinkEdgeAggregation, portOf(edge[q*h+e], h+a), portOf(agg[q*h+a], e), linkBPS)
			}
		}
	}
	for q := range k {
		for a := range h {
			for c := range h {
				b.link(ir.LinkAggregationCore, portOf(agg[q*h+a], h+c), portOf(core[a*h+c], q), coreBPS)
			}
		}
	}
	g.Fabrics[b.fabric].Endpoints = eps
	return b.fabric
}
