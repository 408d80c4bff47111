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

// portRun is a run of consecutive physical ports of a position-wired
// device (a fat-tree switch, a dragonfly or torus router) that all carry
// links of one rate: Ports physical ports, each carrying Lanes links (1:
// a whole port per link; L: every port broken out into L lanes at the
// switch model's breakout rate).
type portRun struct{ Ports, Lanes int }

// runFor returns the run that carries links links at lanes links per
// physical port: ⌈links ÷ lanes⌉ ports, the last one's spare lanes left
// free.
func runFor(links, lanes int) portRun {
	lanes = max(lanes, 1)
	return portRun{Ports: (links + lanes - 1) / lanes, Lanes: lanes}
}

// portRuns lays a device's links out on its physical ports: run i
// follows run i−1 in port order, and link j of a run sits on the run's
// port ⌊j ÷ Lanes⌋, lane j mod Lanes. Where every run has one lane this
// is the paper's numbering of a family (one port per link, in order).
type portRuns []portRun

// port returns the port of link j of run r on node n.
func (rs portRuns) port(n ir.NodeID, r, j int) ir.Port {
	first := 0
	for _, run := range rs[:r] {
		first += run.Ports
	}
	l := max(rs[r].Lanes, 1)
	return ir.Port{Node: n, Port: int32(first + j/l), Lane: int32(j % l)}
}

// ports returns the physical ports the runs take.
func (rs portRuns) ports() int {
	n := 0
	for _, run := range rs {
		n += run.Ports
	}
	return n
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
