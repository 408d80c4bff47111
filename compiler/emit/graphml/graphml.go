// Package graphml writes the compiled graph as GraphML (`topoc build
// --emit graphml`) for networkx, Gephi, yEd and igraph: one <node> per IR
// node with the attribute `kind` and the labels, one <edge> per IR link
// with the attribute `capacity_bps` (bits per second per direction),
// `line_rate_bps` where a custom link's capacity is below the rate its
// ports run at, and the link's kind, fabric, media, length and ports.
//
// The document follows the GraphML 1.0 schema
// (http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd): <key>
// declarations first, then one undirected <graph>. Node ids are "n" plus
// the IR NodeID and edge ids "e" plus the LinkID, so every element maps
// back to ir.json. Parallel links stay separate edges (networkx reads the
// file as a MultiGraph). Text is escaped with encoding/xml's rules:
// markup characters and tab, newline and carriage return become character
// references, non-ASCII stays UTF-8, and characters XML 1.0 cannot hold
// become U+FFFD.
package graphml

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
)

// Path is the artifact path of the GraphML file in the output directory.
const Path = "graph.graphml"

// Emitter is the `--emit graphml` back end: one artifact, Path.
var Emitter = &emit.Emitter{
	Name: "graphml",
	Doc:  "the compiled graph as GraphML (" + Path + ") for networkx, Gephi and yEd",
	Emit: func(in *emit.Input) ([]emit.Artifact, error) {
		data, err := Marshal(in.Graph)
		if err != nil {
			return nil, err
		}
		return []emit.Artifact{{Path: Path, Data: data}}, nil
	},
}

// key is one GraphML attribute declaration.
type key struct {
	id, domain, typ string
}

// Keys declared, in document order. The ids double as attribute names.
// Integer labels that do not apply (rail, plane, rack, unit_index,
// parent) are left out of a node rather than written as -1.
var keys = []key{
	{"name", "node", "string"},
	{"kind", "node", "string"},
	{"fabric", "node", "string"},
	{"tier", "node", "string"},
	{"unit", "node", "string"},
	{"unit_index", "node", "int"},
	{"rail", "node", "int"},
	{"plane", "node", "int"},
	{"rack", "node", "int"},
	{"parent", "node", "string"},
	{"model", "node", "string"},
	{"role", "node", "string"},
	{"radix", "node", "int"},
	{"port_rate_bps", "node", "double"},
	{"reserved_ports", "node", "int"},
	{"capacity_bps", "edge", "double"},
	{"line_rate_bps", "edge", "double"},
	{"kind", "edge", "string"},
	{"fabric", "edge", "string"},
	{"media", "edge", "string"},
	{"length_m", "edge", "double"},
	{"lanes", "edge", "int"},
	{"parallel", "edge", "int"},
	{"source_port", "edge", "int"},
	{"target_port", "edge", "int"},
	{"source_lane", "edge", "int"},
	{"target_lane", "edge", "int"},
}

// keyID returns the document id of a key: node keys are "n_<name>" and
// edge keys "e_<name>", because GraphML key ids are unique per document
// while "kind" and "fabric" exist on both nodes and edges.
func keyID(k key) string { return k.domain[:1] + "_" + k.id }

// Marshal returns g as a GraphML document. Node attribute fabric holds
// the names of the node's fabrics joined by ", " (GraphML has no list
// type); parent holds the id ("n12") of the server a component sits in.
// A NaN or infinite number is an error naming the element.
func Marshal(g *ir.Graph) ([]byte, error) {
	if g == nil {
		return nil, fmt.Errorf("graphml: no graph to write")
	}
	w := &writer{b: make([]byte, 0, 1024+400*len(g.Nodes)+420*g.NumLinks())}
	w.raw(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		`<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">` + "\n")
	for _, k := range keys {
		w.raw(`  <key id="` + keyID(k) + `" for="` + k.domain + `" attr.name="` + k.id + `" attr.type="` + k.typ + `"/>` + "\n")
	}
	w.raw(`  <graph id="topoc" edgedefault="undirected">` + "\n")
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if bad(n.PortRateBPS) {
			return nil, fmt.Errorf("graphml: node %q has port rate %v, which GraphML cannot hold as a double", n.Name, n.PortRateBPS)
		}
		w.raw(`    <node id="n`)
		w.int(int64(i))
		w.raw(`">`)
		w.str("n_name", n.Name)
		w.str("n_kind", n.Kind.String())
		if len(n.FabricIDs()) > 0 {
			w.open("n_fabric")
			for j, f := range n.FabricIDs() {
				if j > 0 {
					w.raw(", ")
				}
				w.text(g.Fabrics[f].Name)
			}
			w.close()
		}
		w.str("n_tier", n.TierName())
		w.str("n_unit", n.UnitName())
		w.opt("n_unit_index", n.UnitIndex)
		w.opt("n_rail", n.Rail)
		w.opt("n_plane", n.Plane)
		w.opt("n_rack", n.Rack)
		if n.Parent != ir.None {
			w.open("n_parent")
			w.raw("n")
			w.int(int64(n.Parent))
			w.close()
		}
		w.str("n_model", n.ModelName())
		w.str("n_role", string(n.RoleName()))
		if n.Radix != 0 {
			w.opt("n_radix", n.Radix)
		}
		if n.PortRateBPS != 0 {
			w.float("n_port_rate_bps", n.PortRateBPS)
		}
		if n.Reserved != 0 {
			w.opt("n_reserved_ports", int32(n.Reserved))
		}
		w.raw("</node>\n")
	}
	for i, l := range g.AllLinks() {
		length := g.CableLengthM(i)
		if bad(l.CapacityBPS) || bad(length) || bad(g.LineBPS(&l)) {
			return nil, fmt.Errorf("graphml: link %d (%s) holds a number GraphML cannot hold as a double", i, l.Kind)
		}
		w.raw(`    <edge id="e`)
		w.int(int64(i))
		w.raw(`" source="n`)
		w.int(int64(l.A.Node))
		w.raw(`" target="n`)
		w.int(int64(l.B.Node))
		w.raw(`">`)
		w.float("e_capacity_bps", l.CapacityBPS)
		if g.LineBPS(&l) > 0 { // a custom link's capacity below its rate
			w.float("e_line_rate_bps", g.LineBPS(&l))
		}
		w.str("e_kind", l.Kind.String())
		if l.Fabric != ir.None {
			w.str("e_fabric", g.Fabrics[l.Fabric].Name)
		}
		w.str("e_media", g.Media(i))
		if length != 0 {
			w.float("e_length_m", length)
		}
		w.opt("e_lanes", l.Breakout)
		w.opt("e_parallel", l.Physical())
		w.opt("e_source_port", l.A.Port)
		w.opt("e_target_port", l.B.Port)
		w.opt("e_source_lane", l.A.Lane)
		w.opt("e_target_lane", l.B.Lane)
		w.raw("</edge>\n")
	}
	w.raw("  </graph>\n</graphml>\n")
	return w.b, nil
}

func bad(f float64) bool { return math.IsNaN(f) || math.IsInf(f, 0) }

// writer appends GraphML text to b.
type writer struct {
	b   []byte
	esc bytes.Buffer
}

func (w *writer) raw(s string) { w.b = append(w.b, s...) }

func (w *writer) int(v int64) { w.b = strconv.AppendInt(w.b, v, 10) }

func (w *writer) open(k string) {
	w.b = append(w.b, `<data key="`...)
	w.b = append(w.b, k...)
	w.b = append(w.b, `">`...)
}

func (w *writer) close() { w.b = append(w.b, "</data>"...) }

// text appends s escaped as XML character data. Plain ASCII names (the
// usual case) skip encoding/xml.
func (w *writer) text(s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '<' || c == '>' || c == '&' || c == '"' || c == '\'' {
			w.esc.Reset()
			xml.EscapeText(&w.esc, []byte(s)) // writes to a bytes.Buffer: never fails
			w.b = append(w.b, w.esc.Bytes()...)
			return
		}
	}
	w.b = append(w.b, s...)
}

// str writes a string attribute, or nothing when s is empty.
func (w *writer) str(k, s string) {
	if s == "" {
		return
	}
	w.open(k)
	w.text(s)
	w.close()
}

// opt writes an integer attribute, or nothing when v is ir.None.
func (w *writer) opt(k string, v int32) {
	if v == ir.None {
		return
	}
	w.open(k)
	w.int(int64(v))
	w.close()
}

// float writes a double as the shortest decimal that round-trips, in
// plain notation from 1e-6 to 1e21 ("400000000000", not "4e+11") and
// with an exponent outside; xs:double accepts both.
func (w *writer) float(k string, v float64) {
	w.open(k)
	format := byte('f')
	if a := math.Abs(v); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	w.b = strconv.AppendFloat(w.b, v, format, -1, 64)
	w.close()
}
