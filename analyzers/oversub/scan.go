package oversub

import (
	"slices"
	"sync"

	"github.com/topoc/topoc/compiler/ir"
)

// scanned is one pass over a fabric's links: every switch's down, up and
// peer capacity, every endpoint's injection and access switch, and the
// link lists the unit computations walk again.
type scanned struct {
	g   *ir.Graph
	fab *ir.Fabric
	fid ir.FabricID
	// tierNames lists the tiers bottom-up: the fabric's own, then any
	// other tier a switch carries, in node order.
	tierNames []string
	// swIdx maps a node to its index in switches, or -1.
	swIdx    ir.NodeMap[int32]
	switches []Switch
	eps      []endpoint
	// ssLinks are the fabric's switch–switch links; epLinks its
	// endpoint–switch links.
	ssLinks []ir.LinkID
	epLinks []epLink
	// direct is true when every switch sits in one tier: a direct network
	// (dragonfly routers), whose switch-to-switch links are the uplinks.
	direct bool
	// level is each switch's rank in the fabric's tiers (unknownTier for
	// a tier the fabric does not rank; 0 in a direct network).
	level []int
	// base holds ResidualUnits' index, built on first use (a pointer, so
	// that copies of the scan share it).
	base *lazyUnitBase
}

// lazyUnitBase is a unitBase built once.
type lazyUnitBase struct {
	once sync.Once
	b    *unitBase
}

// endpoint is one endpoint port of the fabric.
type endpoint struct {
	// injection sums the capacity of the endpoint's links into the fabric.
	injection float64
	// access is the index (in switches) of the one switch all its links
	// go to; noAccess before any link, multiHomed when they go to several.
	access int32
}

const (
	noAccess    = -1
	multiHomed  = -2
	unknownTier = -2
)

type epLink struct {
	link   ir.LinkID
	ep, sw int32
}

// tierName is the tier a switch reports under: its Tier label, or its
// kind ("switch", "nvswitch") when it has none, as inventory counts it.
func tierName(n *ir.Node) string {
	if n.TierName() != "" {
		return n.TierName()
	}
	return n.Kind.String()
}

// scan classifies every link of fabric f (see the package comment).
func scan(g *ir.Graph, f ir.FabricID) *scanned {
	fab := &g.Fabrics[f]
	members := g.FabricNodes(f)
	s := &scanned{g: g, fab: fab, fid: f, tierNames: slices.Clone(fab.Tiers), swIdx: ir.NewNodeMap[int32](g, len(members), -1), base: &lazyUnitBase{}}
	order := slices.Clone(s.tierNames) // the ranked tiers; others are unknown
	// No node is loaded for the members that are no switch (1,048,576
	// NICs at as many GPUs).
	kinds := g.Kinds()
	for _, i := range members {
		if !kinds[i].IsSwitch() {
			continue
		}
		s.swIdx.Set(i, int32(len(s.switches)))
		t := tierName(&g.Nodes[i])
		s.switches = append(s.switches, Switch{Node: i, Tier: t})
		if !slices.Contains(s.tierNames, t) {
			s.tierNames = append(s.tierNames, t)
		}
	}
	s.direct = len(s.switches) > 0
	for _, sw := range s.switches {
		s.direct = s.direct && sw.Tier == s.switches[0].Tier
	}
	s.level = make([]int, len(s.switches))
	for sw := range s.switches {
		s.level[sw] = unknownTier
		if i := slices.Index(order, s.switches[sw].Tier); s.direct {
			s.level[sw] = 0
		} else if i >= 0 {
			s.level[sw] = i
		}
	}
	level := func(sw int32) int { return s.level[sw] }

	// Endpoint ports by node: one endpoint on a node owns every fabric
	// link of that node (an NVLink-domain GPU lists only its first NVLink
	// port); several are told apart by port number.
	const none, several = -1, -2
	epNode := ir.NewNodeMap[int32](g, len(fab.Endpoints), none)
	byPort := map[ir.Port]int32{}
	for i, e := range fab.Endpoints {
		switch j := epNode.Get(e.Node); j {
		case none:
			epNode.Set(e.Node, int32(i))
			continue
		case several:
		default:
			byPort[ir.Port{Node: e.Node, Port: fab.Endpoints[j].Port}] = j
			epNode.Set(e.Node, several)
		}
		byPort[ir.Port{Node: e.Node, Port: e.Port}] = int32(i)
	}
	epOf := func(p ir.Port) int32 {
		if j := epNode.Get(p.Node); j != several {
			return j
		}
		if k, ok := byPort[ir.Port{Node: p.Node, Port: p.Port}]; ok {
			return k
		}
		return none
	}
	s.eps = make([]endpoint, len(fab.Endpoints))
	s.epLinks = make([]epLink, 0, len(fab.Endpoints))
	// Room for the links that are not an endpoint's, the usual split:
	// appending from empty allocated four times their size.
	links := g.FabricLinks(f)
	s.ssLinks = make([]ir.LinkID, 0, max(0, len(links)-len(fab.Endpoints)))
	for i := range s.eps {
		s.eps[i].access = noAccess
	}

	for _, id := range links {
		l := g.Link(id)
		a, b := s.swIdx.Get(l.A.Node), s.swIdx.Get(l.B.Node)
		switch {
		case a >= 0 && b >= 0:
			s.ssLinks = append(s.ssLinks, id)
			la, lb := level(a), level(b)
			s.classify(a, la, lb, l.CapacityBPS)
			s.classify(b, lb, la, l.CapacityBPS)
		case a >= 0 || b >= 0:
			sw, other := a, l.B
			if sw < 0 {
				sw, other = b, l.A
			}
			s.switches[sw].DownBPS += l.CapacityBPS
			e := epOf(other)
			if e < 0 {
				continue // a device the fabric does not list as an endpoint
			}
			s.epLinks = append(s.epLinks, epLink{link: id, ep: e, sw: sw})
			ep := &s.eps[e]
			ep.injection += l.CapacityBPS
			switch ep.access {
			case noAccess:
				ep.access = sw
			case sw:
			default:
				ep.access = multiHomed
			}
		}
	}
	return s
}

// classify adds capacity c to switch sw (at level mine) toward a switch at
// level other.
func (s *scanned) classify(sw int32, mine, other int, c float64) {
	x := &s.switches[sw]
	switch {
	case mine == unknownTier || other == unknownTier:
		x.PeerBPS += c
	case other > mine:
		x.UpBPS += c
	case other < mine:
		x.DownBPS += c
	case s.direct:
		x.UpBPS += c
	default:
		x.PeerBPS += c
	}
}
