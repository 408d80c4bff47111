// Package cableplan is the compiler's cable placement stage: racks for
// every server, host, switch and appliance, a route and a length for every
// cable, and its medium and part from the design's cable models
// (docs/cabling.md). It reads the compiled graph and what the design says
// about racks, writes each device's rack (Place), and builds an
// ir.Cabling: racks, mounts, cables and the cable of each link (Cables,
// which writes nothing to the graph). The cabling, BOM and NetBox
// emitters read the result.
package cableplan

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
)

// Input is what the stage reads besides the graph's nodes and links.
type Input struct {
	Graph *ir.Graph
	// CableModels are the design's cable_model blocks (the built-in
	// catalogue's included), in design order.
	CableModels []*lang.CableModel
	// Groups are the node groups that built servers, in design order.
	Groups []Group
	// FixedRack holds the switches the design mounts in a given rack
	// (custom `rack = N`), with the range of that argument.
	FixedRack map[ir.NodeID]hcl.Range
}

// Group is one node group's servers as the placement sees them.
type Group struct {
	// Name is the node group's label; Model its node model's name and
	// GPUs its GPU count (the rack shape of a model the table does not
	// list follows from it).
	Name, Model string
	GPUs        int64
	// Servers are the servers' host nodes in count.index order.
	Servers []ir.NodeID
	// PerRackRange is where a rack-full warning points: the group's
	// per_rack argument, else its block.
	PerRackRange hcl.Range
}

// state is one run of the stage: its input and the diagnostics it
// reports.
type state struct {
	Input
	g     *ir.Graph
	diags hcl.Diagnostics
}
