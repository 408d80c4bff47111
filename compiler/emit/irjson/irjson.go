// Package irjson writes the compiled graph as JSON (`topoc build --emit
// ir`), in the shape docs/reference/design-brief.md fixes:
//
//	{"fabrics": [...],
//	 "nodes": [{"id", "name", "kind", "labels": {...}, ...}],
//	 "links": [{"id", "a": {"node", "port"}, "b": {"node", "port"},
//	            "capacity_bps", "media", "length_m", ...}]}
//
// Ids are the IR's dense NodeID and LinkID, so link ends refer to nodes by
// id and nodes carry their names. Fields beyond the fixed ones (fabrics,
// link kind, fabric and lanes, node radix and port rate, port lanes) are
// extras, listed in docs/diagrams.md. Elements are written in IR order
// with a fixed field order, one per line, so the same graph gives the same
// bytes and the file diffs well.
//
// The writer appends bytes by hand rather than calling encoding/json: it
// lays the file out one element per line, and it is about three times as
// fast (BenchmarkMarshal against BenchmarkEncodingJSON on the DGX H100
// SuperPOD: 10–22 ms against 43–74 ms on a loaded machine), which matters
// at 3.7 million elements. A test checks that its output decodes to
// exactly what encoding/json makes of Build.
package irjson

import (
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
)

// Path is the artifact path of the IR JSON file in the output directory.
const Path = "ir.json"

// Emitter is the `--emit ir` back end: one artifact, Path.
var Emitter = &emit.Emitter{
	Name: "ir",
	Doc:  "the compiled graph as JSON (" + Path + "): fabrics, nodes with labels, links with capacity",
	Emit: func(in *emit.Input) ([]emit.Artifact, error) {
		data, err := Marshal(in.Graph)
		if err != nil {
			return nil, err
		}
		return []emit.Artifact{{Path: Path, Data: data}}, nil
	},
}

// Document is the JSON document; its field names and meaning are the
// contract documented in docs/diagrams.md.
type Document struct {
	Fabrics []Fabric `json:"fabrics"`
	Nodes   []Node   `json:"nodes"`
	Links   []Link   `json:"links"`
}

// Fabric is one fabric: its id (links[].fabric refers to it), name,
// family, switch tier names bottom-up, integer parameters in declaration
// order, and its number of endpoint ports (docs/reference/design-brief.md "Endpoint").
type Fabric struct {
	ID        int      `json:"id"`
	Name      string   `json:"name"`
	Family    string   `json:"family"`
	Tiers     []string `json:"tiers"`
	Params    []Param  `json:"params"`
	Endpoints int      `json:"endpoints"`
}

// Param is one named integer parameter of a fabric ("k", "p", "rails").
type Param struct {
	Name  string `json:"name"`
	Value int64  `json:"value"`
}

// Node is one device: dense id, stable name ("su0/node05/gpu3"), kind
// ("gpu", "pcie_switch", ...), labels, and as extras the number of
// physical ports (0 or absent when unbounded) and one port's native rate
// in bits per second per direction (absent when not applicable).
type Node struct {
	ID          int     `json:"id"`
	Name        string  `json:"name"`
	Kind        string  `json:"kind"`
	Labels      Labels  `json:"labels"`
	Radix       int32   `json:"radix,omitempty"`
	PortRateBPS float64 `json:"port_rate_bps,omitempty"`
	// ReservedPorts is a switch's ports its clos tier keeps free
	// (reserve), out of Radix; absent when none.
	ReservedPorts int32 `json:"reserved_ports,omitempty"`
}

// Labels are a node's labels; a label that does not apply is left out.
// Fabric lists the names of the fabrics the node belongs to, in fabric id
// order (a node may belong to several). Unit and UnitIndex name its
// structural unit ("pod", 3). Rail, Plane and Rack are indices from 0.
// Parent is the node id of the server a component (GPU, NIC, ...) sits
// in. Model is the catalogue model, Role refines the kind ("compute" or
// "storage" NIC, "server", "ufm").
type Labels struct {
	Fabric    []string `json:"fabric,omitempty"`
	Tier      string   `json:"tier,omitempty"`
	Unit      string   `json:"unit,omitempty"`
	UnitIndex *int32   `json:"unit_index,omitempty"`
	Rail      *int32   `json:"rail,omitempty"`
	Plane     *int32   `json:"plane,omitempty"`
	Rack      *int32   `json:"rack,omitempty"`
	Parent    *int32   `json:"parent,omitempty"`
	Model     string   `json:"model,omitempty"`
	Role      string   `json:"role,omitempty"`
}

// End is one end of a link: node id, physical port from 0 (-1 is a
// device's host interface: PCIe or C2C, not a network port), and, as an
// extra, the breakout lane within the port from 0.
type End struct {
	Node int32 `json:"node"`
	Port int32 `json:"port"`
	Lane int32 `json:"lane"`
}

// Link is one full-duplex logical link. CapacityBPS is per direction in
// bits per second; Media ("" until cable planning fills it) and LengthM
// (metres, 0 until then). Extras: Kind ("leaf_spine", "nvlink", ...),
// Fabric (a fabric id, or -1 for a link inside a server), Lanes (the
// number of lanes the A-side port is broken out into, 1 when not) and
// Parallel (the number of identical physical links the link bundles, 1
// but for a GPU's NVLink links to one NVSwitch inside a server, whose
// CapacityBPS is then their sum and whose ports run from port on).
type Link struct {
	ID          int     `json:"id"`
	A           End     `json:"a"`
	B           End     `json:"b"`
	CapacityBPS float64 `json:"capacity_bps"`
	Media       string  `json:"media"`
	LengthM     float64 `json:"length_m"`
	Kind        string  `json:"kind"`
	Fabric      int32   `json:"fabric"`
	Lanes       int32   `json:"lanes"`
	Parallel    int32   `json:"parallel"`
	// LineRateBPS is the rate the link's ports run at where it is above
	// CapacityBPS (a custom link's `capacity`); absent otherwise.
	LineRateBPS float64 `json:"line_rate_bps,omitempty"`
}

// Build converts g into its document. It is the reference the fast writer
// is tested against, and a convenience for Go callers.
func Build(g *ir.Graph) *Document {
	d := &Document{
		Fabrics: make([]Fabric, len(g.Fabrics)),
		Nodes:   make([]Node, len(g.Nodes)),
		Links:   make([]Link, g.NumLinks()),
	}
	for i, f := range g.Fabrics {
		ps := make([]Param, len(f.Params))
		for j, p := range f.Params {
			ps[j] = Param{Name: p.Name, Value: p.Value}
		}
		tiers := append([]string{}, f.Tiers...)
		d.Fabrics[i] = Fabric{ID: i, Name: f.Name, Family: string(f.Family), Tiers: tiers, Params: ps, Endpoints: len(f.Endpoints)}
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		lb := Labels{Tier: n.TierName(), Unit: n.UnitName(), Model: n.ModelName(), Role: string(n.RoleName()),
			UnitIndex: opt(n.UnitIndex), Rail: opt(n.Rail), Plane: opt(n.Plane), Rack: opt(n.Rack), Parent: opt(int32(n.Parent))}
		for _, f := range n.FabricIDs() {
			lb.Fabric = append(lb.Fabric, g.Fabrics[f].Name)
		}
		d.Nodes[i] = Node{ID: i, Name: n.Name, Kind: n.Kind.String(), Labels: lb, Radix: n.Radix, PortRateBPS: n.PortRateBPS, ReservedPorts: int32(n.Reserved)}
	}
	for i, l := range g.AllLinks() {
		d.Links[i] = Link{ID: int(i),
			A:           End{Node: int32(l.A.Node), Port: l.A.Port, Lane: l.A.Lane},
			B:           End{Node: int32(l.B.Node), Port: l.B.Port, Lane: l.B.Lane},
			CapacityBPS: l.CapacityBPS, Media: g.Media(i), LengthM: g.CableLengthM(i),
			Kind: l.Kind.String(), Fabric: int32(l.Fabric), Lanes: l.Breakout, Parallel: l.Physical(), LineRateBPS: g.LineBPS(&l)}
	}
	return d
}

// opt returns nil for ir.None, else a pointer to v.
func opt(v int32) *int32 {
	if v == ir.None {
		return nil
	}
	return &v
}
