package gen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
)

// Torus holds the parameters of a k-ary n-cube direct network: routers
// at the points of a k₀ × k₁ × … grid, each joined to its two neighbours
// along every dimension (with the wrap-around links of a torus, or
// without them, a mesh), each router with P terminals. Dally and Towles,
// Principles and Practices of Interconnection Networks (Morgan Kaufmann,
// 2004), ch. 5: a k-ary n-cube torus has kⁿ routers, n·kⁿ channels in
// each direction (for k ≥ 3) and a bisection of 2kⁿ⁻¹ bidirectional
// links, 4kⁿ⁻¹ channels, cut across one dimension (even k).
type Torus struct {
	// Dims is the routers per dimension, each at least 2; at most
	// MaxTorusDims dimensions.
	Dims []int
	// Wrap adds the wrap-around link of every ring; false builds a mesh.
	Wrap bool
	// P is the terminals per router, at least 1.
	P int
	// LinkBPS is the router–router rate and TerminalBPS the
	// router–terminal rate, bits per second per direction (TerminalBPS 0
	// = LinkBPS).
	LinkBPS, TerminalBPS float64
	// RouterModel is the catalogue model of every router, or "", and
	// RouterRadix its ports (0 = the ports the busiest router uses,
	// portsUsed).
	RouterModel string
	RouterRadix int
	// RouterPortBPS is the router model's native port rate, bits per
	// second per direction, which a router reports (the BOM); 0 = the
	// faster of LinkBPS and TerminalBPS, for a torus without a model.
	RouterPortBPS float64
	// TerminalLanes and LinkLanes are the links one physical router port
	// carries at the terminal and router–router rates: the lanes of the
	// router model's breakout that produces the rate, or 0 or 1 for a
	// whole port per link (RouterRuns).
	TerminalLanes, LinkLanes int
	// Origin is stamped on the fabric and on every node and link built.
	Origin ir.OriginID
}

// MaxTorusDims is the most dimensions a torus takes: six, as the
// six-dimensional mesh/torus of Fujitsu's Tofu interconnect (K computer,
// Fugaku) has; no deployed direct network has more.
const MaxTorusDims = 6

// Routers returns the number of routers, the product of Dims.
func (p Torus) Routers() int64 {
	n := int64(1)
	for _, k := range p.Dims {
		n *= int64(k)
	}
	return n
}

// ringLinks returns the links of one ring of k routers along a
// dimension: k with wrap-around (a ring of 2 has one link, its two
// neighbours being the same router), k − 1 in a mesh.
func ringLinks(k int, wrap bool) int64 {
	if wrap && k > 2 {
		return int64(k)
	}
	return int64(k - 1)
}

// Links returns the router–router links: for each dimension, the rings
// along it (Routers ÷ k of them) times ringLinks.
func (p Torus) Links() int64 {
	n := p.Routers()
	var out int64
	for _, k := range p.Dims {
		if k > 0 {
			out += n / int64(k) * ringLinks(k, p.Wrap)
		}
	}
	return out
}

// Validate reports impossible parameters; Param is the HCL argument name.
// BuildTorus must only be called when it returns none.
func (p Torus) Validate() []ParamError {
	var errs []ParamError
	switch {
	case len(p.Dims) == 0:
		errs = append(errs, ParamError{Param: "dims", Msg: "needs at least one dimension, e.g. dims = [4, 4, 4]"})
	case len(p.Dims) > MaxTorusDims:
		errs = append(errs, ParamError{Param: "dims", Msg: fmt.Sprintf("has %d dimensions; topoc builds tori of 1 to %d (Tofu's six-dimensional torus is the most deployed)", len(p.Dims), MaxTorusDims)})
	}
	n := int64(1)
	for i, k := range p.Dims {
		if k < 2 {
			errs = append(errs, ParamError{Param: "dims", Msg: fmt.Sprintf("lists %d for dimension %d; each dimension needs at least 2 routers (leave a dimension of 1 out)", k, i)})
			return errs
		}
		n *= int64(k)
		if n > maxIRElements {
			break
		}
	}
	if p.P < 1 {
		errs = append(errs, ParamError{Param: "p", Msg: fmt.Sprintf("must be at least 1 (got %d): every router has a terminal", p.P)})
	}
	if len(errs) == 0 {
		errs = append(errs, sizeErrors("dims", "nodes", n*int64(1+p.P))...)
		errs = append(errs, sizeErrors("dims", "links", n*int64(p.P)+p.Links())...)
	}
	errs = append(errs, rateErrors("link_rate", p.LinkBPS)...)
	if p.TerminalBPS != 0 {
		errs = append(errs, rateErrors("terminal_rate", p.TerminalBPS)...)
	}
	if used := p.RouterRuns().ports(); p.RouterRadix > 0 && used > p.RouterRadix {
		why := "p, and 2 per dimension (1 for a dimension of 2)"
		if links := p.portsUsed(); links != used {
			why = fmt.Sprintf("for its %d links (p, and 2 per dimension, 1 for a dimension of 2), several to a port where a rate runs on breakout lanes", links)
		}
		errs = append(errs, ParamError{Param: "router_model", Msg: fmt.Sprintf("has %d ports, but a router needs %d: %s", p.RouterRadix, used, why), Radix: true})
	}
	return errs
}

// portsUsed returns the ports the busiest router uses: its p terminals,
// and per dimension its two neighbours, or one in a dimension of 2 (one
// link joins the pair).
func (p Torus) portsUsed() int {
	n := p.P
	for _, k := range p.Dims {
		n += min(k-1, 2)
	}
	return n
}

// RouterRuns returns how a router lays its links on physical ports
// (portRuns): its p terminals, then its links to other routers, each run
// on whole ports or on the lanes of broken-out ones.
func (p Torus) RouterRuns() portRuns {
	return portRuns{runFor(p.P, p.TerminalLanes), runFor(p.portsUsed()-p.P, p.LinkLanes)}
}

// RouterPorts returns the physical ports a router uses (RouterRuns).
func (p Torus) RouterPorts() int { return p.RouterRuns().ports() }

// BuildTorus appends the torus named name to g and returns its fabric
// id. p must have passed Validate.
//
// Routers are numbered with dimension 0 varying fastest and named by
// their coordinates ("r2-0-3" for (2, 0, 3), each coordinate zero-padded
// to its dimension's width); terminal t of a router is "<router>/host<t>".
// A router's ports: terminals 0..P−1, then per dimension in order two
// ports, to its + neighbour and to its − neighbour (one port, to its
// only neighbour, in a dimension of 2); where a rate runs on breakout
// lanes, the same links take the lanes of fewer ports, in that order
// (RouterRuns). Nodes: routers, then
// terminals router by router. Links: terminals in terminal order, then
// per dimension the + link of every router in router order (none from
// the last router of a mesh ring, nor the wrap of a ring of 2).
func BuildTorus(g *ir.Graph, name string, p Torus) ir.FabricID {
	n := int(p.Routers())
	tBPS := p.TerminalBPS
	if tBPS == 0 {
		tBPS = p.LinkBPS
	}
	params := []ir.Param{{Name: "p", Value: int64(p.P)}, {Name: "dims", Value: int64(len(p.Dims))}}
	for i, k := range p.Dims {
		params = append(params, ir.Param{Name: "k" + strconv.Itoa(i), Value: int64(k)})
	}
	wrap := int64(0)
	if p.Wrap {
		wrap = 1
	}
	params = append(params, ir.Param{Name: "wrap", Value: wrap})
	b := newFabricBuilder(g, ir.Fabric{Name: name, Family: ir.FamilyTorus, Tiers: []string{"router"}, Params: params}, p.Origin)
	runs := p.RouterRuns()
	radix := max(p.RouterRadix, runs.ports())
	g.Nodes = slices.Grow(g.Nodes, n*(1+p.P))
	g.ReserveLinks(n*p.P + int(p.Links()))

	routers := make([]ir.NodeID, n)
	coord := make([]int, len(p.Dims))
	for i := range n {
		nd := ir.NewNode(torusName(coord, p.Dims), ir.KindSwitch)
		nd.Radix, nd.PortRateBPS = int32(radix), max(p.LinkBPS, tBPS)
		nd.SetModel(p.RouterModel)
		nd.SetTier("router")
		if p.RouterPortBPS > 0 {
			nd.PortRateBPS = p.RouterPortBPS
		}
		routers[i] = b.node(nd)
		next(coord, p.Dims)
	}
	hosts := make([]ir.NodeID, 0, n*p.P)
	for i := range n {
		for t := range p.P {
			nd := ir.NewNode(g.Nodes[routers[i]].Name+"/"+Indexed("host", t, p.P), ir.KindHost)
			nd.Radix, nd.PortRateBPS = 1, tBPS
			hosts = append(hosts, b.node(nd))
		}
	}
	eps := make([]ir.Port, len(hosts))
	for i, h := range hosts {
		eps[i] = portOf(h, 0)
		b.laneLink(ir.LinkTerminal, eps[i], runs.port(routers[i/p.P], 0, i%p.P), tBPS, runs[0].Lanes)
	}
	stride, first := 1, 0 // first link of the dimension in the router run
	for _, k := range p.Dims {
		plus, minus := first, first+1
		if k == 2 {
			minus = first // one link joins the pair: one port at each end
		}
		for i := range n {
			c := i / stride % k
			if c == k-1 && (!p.Wrap || k == 2) {
				continue
			}
			j := i + stride
			if c == k-1 {
				j = i - (k-1)*stride
			}
			b.laneLink(ir.LinkTorus, runs.port(routers[i], 1, plus), runs.port(routers[j], 1, minus), p.LinkBPS, runs[1].Lanes)
		}
		stride *= k
		first += min(k-1, 2)
	}
	g.Fabrics[b.fabric].Endpoints = eps
	return b.fabric
}

// torusName names the router at coord: "r" and the coordinates joined by
// "-", each zero-padded to the width of its dimension's largest index.
func torusName(coord, dims []int) string {
	parts := make([]string, len(coord))
	for i, c := range coord {
		parts[i] = strings.TrimPrefix(Indexed("x", c, dims[i]), "x")
	}
	return "r" + strings.Join(parts, "-")
}

// next advances coord to the next router, dimension 0 fastest.
func next(coord, dims []int) {
	for i := range coord {
		coord[i]++
		if coord[i] < dims[i] {
			return
		}
		coord[i] = 0
	}
}
