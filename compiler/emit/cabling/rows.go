// Package cabling writes the cable plan of a compiled design: one CSV row
// per cable (per leg of a splitter), the racks and their elevations
// (`topoc build --emit cabling`), and the bill of materials as Markdown and
// CSV (`--emit bom`). It reads only Graph.Cabling and the graph; the
// compiler's "cabling" stage made every choice (docs/cabling.md).
//
// Rows is shared with the NetBox emitter, so every artifact names devices,
// ports and cables the same way.
package cabling

import (
	"errors"
	"strconv"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// ErrNoPlan is returned for a graph that has no cable plan (compiled
// without the cabling stage).
var ErrNoPlan = errors.New("the design has no cable plan (Graph.Cabling() is nil)")

// End is one end of a cable leg as a technician finds it.
type End struct {
	// Device is the racked device: a server for its NICs, else the node.
	Device string
	// Port is the interface name on Device (PortName).
	Port string
	// Rack is the rack's name; U its lowest rack unit (0 when not placed).
	Rack string
	U    int32
	// Switch is true when the device is a switch.
	Switch bool
	// PortRateBPS is the native rate of the physical port, bits per second
	// per direction (a broken-out 800G port is 800G).
	PortRateBPS float64
}

// Row is one leg of one cable.
type Row struct {
	// Cable indexes Graph.Cabling.Cables; CableID is its stable id.
	Cable   int
	CableID string
	Fabric  string
	// LinkKind is the link's kind ("node_leaf", "leaf_spine", ...).
	LinkKind string
	A, B     End
	// RateBPS is the link's rate, bits per second per direction.
	RateBPS float64
	// Media, Kind and Model name the cable type; all "" when no catalogue
	// cable_model serves the rate.
	Media, Kind, Model string
	// RouteM is the estimated route and LengthM the length to order,
	// metres (the cable's, the same on every leg of a splitter).
	RouteM, LengthM float64
	// Lane is the lane of A's broken-out port, from 0 like the port name's
	// "s" suffix, or -1 when A's port is not broken out. Legs is the number
	// of legs of the cable (1 = straight; a splitter's legs, used or not:
	// ir.Graph.CableLegs).
	Lane, Legs int
}

// Rows returns one row per leg of every cable, in cable order (fabric, then
// first link) and lane order within a cable.
func Rows(g *ir.Graph) ([]Row, error) {
	cb := g.Cabling()
	if cb == nil {
		return nil, ErrNoPlan
	}
	pl := newPlaces(g)
	rows := make([]Row, 0, len(cb.Legs))
	for ci, c := range cb.Cables {
		id := g.CableID(ci)
		var media, kind, model string
		if c.Type != ir.None {
			t := cb.Types[c.Type]
			media, kind, model = t.Media, t.Kind, t.Model
		}
		for j := 0; j < int(c.Legs); j++ {
			l := g.Link(cb.Legs[int(c.Leg0)+j])
			a, b := g.Ends(c, j)
			r := Row{Cable: ci, CableID: id, Fabric: g.Fabrics[c.Fabric].Name, LinkKind: l.Kind.String(),
				A: pl.end(a, &l), B: pl.end(b, &l), RateBPS: g.LineRateBPS(&l),
				Media: media, Kind: kind, Model: model, RouteM: c.RouteM, LengthM: c.LengthM, Lane: -1, Legs: g.CableLegs(c)}
			if g.BrokenOut(a, &l) {
				r.Lane = int(a.Lane)
			}
			rows = append(rows, r)
		}
	}
	return rows, nil
}

// places resolves nodes to racks and rack units.
type places struct {
	g     *ir.Graph
	rack  map[int32]string
	mount []int32 // node -> index into Cabling.Mounts, -1
}

func newPlaces(g *ir.Graph) *places {
	p := &places{g: g, rack: make(map[int32]string, len(g.Cabling().Racks)), mount: make([]int32, len(g.Nodes))}
	for _, r := range g.Cabling().Racks {
		p.rack[r.ID] = r.Name
	}
	for i := range p.mount {
		p.mount[i] = -1
	}
	for i, m := range g.Cabling().Mounts {
		p.mount[m.Node] = int32(i)
	}
	return p
}

// device returns the racked device a node belongs to (its server, for a
// server's component).
func device(g *ir.Graph, n ir.NodeID) ir.NodeID {
	for g.Nodes[n].Parent != ir.None {
		n = g.Nodes[n].Parent
	}
	return n
}

func (p *places) end(pt ir.Port, l *ir.Link) End {
	g := p.g
	d := device(g, pt.Node)
	n := &g.Nodes[pt.Node]
	e := End{Device: g.Nodes[d].Name, Port: g.PortName(pt, l), Switch: n.Kind == ir.KindSwitch,
		PortRateBPS: n.PortRateBPS}
	if m := p.mount[d]; m >= 0 {
		mt := g.Cabling().Mounts[m]
		e.Rack, e.U = p.rack[mt.Rack], mt.U
	}
	return e
}

// Metres formats a length with at most two decimals ("2.5", "10").
func Metres(m float64) string {
	return strconv.FormatFloat(float64(int64(m*100+0.5))/100, 'f', -1, 64)
}

// Kilograms formats a mass in kilograms for the BOM's weight columns, to
// the gram at most, as a bare number.
func Kilograms(kg float64) string {
	return strconv.FormatFloat(float64(int64(kg*1000+0.5))/1000, 'f', -1, 64)
}

// kilogramsText writes a weight for a reader (bom.md): to 0.1 kg, with
// thousands separators ("15,416.6", "9.0"), and "<0.1" for less. The CSV
// keeps Kilograms' grams.
func kilogramsText(kg float64) string {
	tenths := int64(kg*10 + 0.5)
	if tenths == 0 && kg > 0 {
		return "<0.1"
	}
	return units.Count(int(tenths/10)) + "." + strconv.FormatInt(tenths%10, 10)
}
