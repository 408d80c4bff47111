package gen

import (
	"fmt"
	"math"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// fabricBuilder appends the nodes and links of one fabric, stamping the fabric
// id and the origin on every element so generators cannot forget either.
type fabricBuilder struct {
	g      *ir.Graph
	fabric ir.FabricID
	origin ir.OriginID
}

// newFabricBuilder appends fabric f (with origin o) to g and returns a
// builder for its elements.
func newFabricBuilder(g *ir.Graph, f ir.Fabric, o ir.OriginID) fabricBuilder {
	f.Origin = o
	return fabricBuilder{g: g, fabric: g.AddFabric(f), origin: o}
}

// node appends n as a member of the builder's fabric and returns its id.
func (b fabricBuilder) node(n ir.Node) ir.NodeID {
	n.Origin = b.origin
	id := b.g.AddNode(n)
	b.g.JoinFabric(id, b.fabric)
	return id
}

// link appends one full-duplex link of the given kind and per-direction
// capacity (bits per second) between ports a and b.
func (b fabricBuilder) link(kind ir.LinkKind, a, z ir.Port, bps float64) ir.LinkID {
	return b.g.AddLink(ir.Link{A: a, B: z, CapacityBPS: bps, Kind: kind,
		Fabric: b.fabric, Breakout: 1, Origin: b.origin})
}

// laneLink appends one link as link does, whose switch-side ports are
// lanes of physical ports broken out lanes ways (1: whole ports), as
// portRuns lays them out.
func (b fabricBuilder) laneLink(kind ir.LinkKind, a, z ir.Port, bps float64, lanes int) ir.LinkID {
	return b.g.AddLink(ir.Link{A: a, B: z, CapacityBPS: bps, Kind: kind,
		Fabric: b.fabric, Breakout: int32(max(lanes, 1)), Origin: b.origin})
}

// portOf is shorthand for lane 0 of physical port p of node n.
func portOf(n ir.NodeID, p int) ir.Port { return ir.Port{Node: n, Port: int32(p)} }

// portRun is a run of a position-wired device's links (a fat-tree
// switch, a dragonfly or torus router) that all run at one rate: Links
// links, Lanes of them to a physical port (1: a whole port per link; L:
// every port broken out into L lanes at the switch model's breakout
// rate).
type portRun struct{ Links, Lanes int }

// runFor returns the run of links links at lanes links per physical
// port.
func runFor(links, lanes int) portRun { return portRun{Links: links, Lanes: max(lanes, 1)} }

// reserve returns a run that takes ports whole physical ports at lanes
// links each, used or not (a fat-tree edge's down ports).
func reserve(ports, lanes int) portRun {
	lanes = max(lanes, 1)
	return portRun{Links: ports * lanes, Lanes: lanes}
}

// portRuns lays a device's links out on its physical ports, run after
// run in port order: link j of a run sits j lanes after the run's first
// lane, L = Lanes to a port. A run starts on a new port, except that it
// continues on the last port of the run before it when both are broken
// out alike and that port has lanes free (a 2 × 400G port with one leg
// to a terminal and one to another router): a port's legs may end
// anywhere, each leg being a cable of its own. Where every run has one
// lane this is the paper's numbering of a family (one port per link, in
// order).
type portRuns []portRun

// start returns the port and lane of run r's first link.
func (rs portRuns) start(r int) (port, lane int) {
	for i, run := range rs[:r+1] {
		l := max(run.Lanes, 1)
		if lane > 0 && max(rs[i-1].Lanes, 1) != l {
			port, lane = port+1, 0 // broken out otherwise: a port of its own
		}
		if i == r {
			break
		}
		next := lane + run.Links
		port, lane = port+next/l, next%l
	}
	return port, lane
}

// port returns the port of link j of run r on node n.
func (rs portRuns) port(n ir.NodeID, r, j int) ir.Port {
	p0, l0 := rs.start(r)
	l := max(rs[r].Lanes, 1)
	return ir.Port{Node: n, Port: int32(p0 + (l0+j)/l), Lane: int32((l0 + j) % l)}
}

// ports returns the physical ports the runs take.
func (rs portRuns) ports() int {
	if len(rs) == 0 {
		return 0
	}
	last := len(rs) - 1
	p, l := rs.start(last)
	end := l + rs[last].Links
	lanes := max(rs[last].Lanes, 1)
	return p + (end+lanes-1)/lanes
}

// maxIRElements is the largest node or link count the IR's int32 ids hold.
const maxIRElements = math.MaxInt32

// rateErrors reports a rate that is not a positive, finite number of bits
// per second (per direction).
func rateErrors(param string, bps float64) []ParamError {
	if bps > 0 && !math.IsInf(bps, 1) {
		return nil
	}
	return []ParamError{{Param: param, Msg: fmt.Sprintf("must be a positive rate (got %s); write it with a unit, e.g. \"400Gb/s\"", units.Rate(bps))}}
}

// sizeErrors reports a design whose element count overflows the IR's ids.
func sizeErrors(param, what string, n int64) []ParamError {
	if n <= maxIRElements {
		return nil
	}
	return []ParamError{{Param: param, Msg: fmt.Sprintf("gives %d %s, more than the IR's limit of %d; use a smaller value", n, what, int64(maxIRElements))}}
}
