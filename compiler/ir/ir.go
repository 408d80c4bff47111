// Package ir is topoc's compiled design: a compact, deterministic graph of
// nodes (switches, hosts, GPUs, NICs, NVSwitches, PCIe switches, CPUs) and the
// full-duplex links between their ports, plus the fabrics that group them.
//
// Storage is dense: NodeID and LinkID index slices, so a graph of a million
// links costs tens of megabytes, not the hundreds a map-of-maps graph costs
// (see docs/reference/design-brief.md, "Library facts"). Element order is the order the compiler
// added them, which is deterministic, so every emitter that walks the slices
// writes byte-identical output for the same input.
//
// Every node and link carries an OriginID that resolves to the HCL source
// range that caused it, so analyzers can point diagnostics at a line without
// seeing HCL.
package ir

import (
	"slices"

	"github.com/hashicorp/hcl/v2"
)

// NodeID indexes Graph.Nodes. It is dense: 0..len(Nodes)-1.
type NodeID int32

// LinkID names a link of a Graph (Graph.Link). It is dense: 0..NumLinks()-1.
type LinkID int32

// FabricID indexes Graph.Fabrics.
type FabricID int32

// OriginID indexes Graph.Origins; 0 is always the zero (unknown) range.
type OriginID int32

// None is the "absent" value of the small integer labels (rail, plane,
// rack, unit index) and of NodeID parents.
const None = -1

// Kind is the class of a node, as docs/reference/design-brief.md lists them.
type Kind uint8

// Node kinds. Host is an implicit end host (fat-tree and dragonfly
// terminals, appliances such as UFM); Switch is any packet switch of a
// scale-out fabric; NVSwitch is an NVLink switch chip.
const (
	KindHost Kind = iota
	KindSwitch
	KindGPU
	KindNIC
	KindNVSwitch
	KindPCIeSwitch
	KindCPU
)

var kindNames = [...]string{"host", "switch", "gpu", "nic", "nvswitch", "pcie_switch", "cpu"}

// String returns the kind's JSON name ("gpu", "pcie_switch", ...).
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// IsSwitch reports whether nodes of this kind forward traffic between other
// nodes of a fabric (packet switches and NVSwitch chips).
func (k Kind) IsSwitch() bool { return k == KindSwitch || k == KindNVSwitch }

// Node is one device. Labels that do not apply hold None (integers) or ""
// (strings).
type Node struct {
	// Name is stable and human-readable: "pod3/agg1", "su2/node05/nic3".
	Name string
	// PortRateBPS is the native rate of one physical port, in bits per
	// second per direction; 0 when not applicable. (It sits here, where
	// it needs no padding: Node is 64 bytes, one cache line.)
	PortRateBPS float64
	// class holds the node's model, role, tier and unit names, interned
	// together (symbols.go): read them with ModelName, RoleName, TierName
	// and UnitName, set them with SetModel and the others.
	//
	// model is the catalogue model name ("QM9700", "H100"), or "".
	// role refines Kind for endpoints and appliances: RoleCompute or
	// RoleStorage (or a node model's own role) for NICs, RoleServer for a
	// server's host, RoleUFM for a fabric manager host, RoleNone otherwise.
	// tier is the switching tier in the fabric's own words: "edge",
	// "aggregation", "core" (fat-tree); "leaf", "spine", "super_spine"
	// (Clos); "router" (dragonfly); "" for non-switches.
	// unit names the structural unit kind ("pod", "su", "group", "rack",
	// "node"), or "" (UnitIndex is then None).
	class class
	// UnitIndex is the index of the node's unit, or None.
	UnitIndex int32
	// Rail, Plane and Rack are indices from 0, or None. A server's NIC
	// has the rail and plane of the Clos fabric it is cabled into (NIC i
	// on rail i mod rails; single-port NICs spread over the planes: plane
	// i mod planes, rail ⌊i ÷ planes⌋ mod rails; a multi-port NIC's ports
	// span the planes, so its Plane is None); a NIC in no such fabric
	// keeps its index among its server's NICs of its role as its rail
	// and no plane.
	Rail, Plane, Rack int32
	// Parent is the server a component belongs to (a GPU's DGX), or None.
	Parent NodeID
	// Radix is the number of physical ports, 0 when unbounded (implicit hosts).
	Radix int32
	// fabrics lists the fabrics this node belongs to, in FabricID
	// order, interned (symbols.go): read it with FabricIDs, change it with
	// Graph.JoinFabric or SetFabrics.
	fabrics fabList
	Origin  OriginID
	// Kind sits last, beside Origin, where it fills padding.
	Kind Kind
	// Reserved is the switch's ports kept free (a clos tier's reserve),
	// out of Radix; it fills the padding after Kind.
	Reserved int16
}

// Port identifies one end of a link: a node, its physical port number
// (from 0), and the breakout lane within that port (0 when not broken out).
// Port -1 is a device's host interface (the PCIe or C2C side of a GPU or
// NIC), which is not a network port and never counts against a radix.
type Port struct {
	Node NodeID
	Port int32
	Lane int32
}

// Link is one full-duplex logical connection between two ports.
type Link struct {
	A, B Port
	// CapacityBPS is per direction, in bits per second.
	CapacityBPS float64
	// Kind classifies the link within its fabric: "terminal", "local",
	// "global" (dragonfly); "host_edge", "edge_aggregation",
	// "aggregation_core" (fat-tree); "node_leaf", "leaf_spine",
	// "spine_super_spine" (Clos); "gpu_nvswitch"; "nvlink", "pcie", "c2c"
	// (inside a node); "custom". The constants are in vocab.go.
	Kind LinkKind
	// Fabric is the fabric this link belongs to, or None for links inside
	// a node (PCIe, NVLink within a server).
	Fabric FabricID
	// line is 1 + the index of the link's line rate in its graph's table
	// (Graph.LineBPS), 0 when its ports run at CapacityBPS.
	line int32
	// Breakout is the number of lanes the A-side physical port is split
	// into (1 when not broken out).
	Breakout int32
	// Parallel is the number of identical physical links this logical
	// link bundles; 0 and 1 both mean one. The compiler sets it only for
	// the NVLink links between one GPU and one NVSwitch inside a server
	// (an HGX H100 GPU's 5, 5, 4, 4 links to its four NVSwitches become
	// four links), so that the IR holds one link per GPU–switch pair
	// rather than 18 per GPU. CapacityBPS is then the bundle's sum; each
	// end uses Parallel contiguous ports starting at its Port. Fabric
	// links (NVLink domain ones included) stay one link per physical link.
	Parallel int32
	// Cost is the routing cost the design gives the link (a custom link's
	// cost, an IGP metric from 1 to 65,535), 0 when it gives none;
	// routing.LinkCost says what a link costs to the analyses.
	Cost   int32
	Origin OriginID
}

// LineBPS returns the rate l's ports run at where the design gives the
// analyses a lower CapacityBPS (a custom link's `capacity`: a link shaped
// or shared below its line rate), bits per second per direction; 0 when
// the two are the same. Cabling, modules, port names and hand-offs read
// LineRateBPS; the analyses CapacityBPS.
func (g *Graph) LineBPS(l *Link) float64 {
	if l.line == 0 {
		return 0
	}
	return g.lineRates[l.line-1]
}

// LineRateBPS returns the rate l's ports run at, bits per second per
// direction: LineBPS where set, else CapacityBPS.
func (g *Graph) LineRateBPS(l *Link) float64 {
	if r := g.LineBPS(l); r > 0 {
		return r
	}
	return l.CapacityBPS
}

// SetLineRate records that l's ports run at bps, above its CapacityBPS
// (LineBPS). The rate is kept in a table of the graph, so that a link
// costs no more memory for it (its index fits the padding after Fabric).
func (g *Graph) SetLineRate(l *Link, bps float64) {
	i := slices.Index(g.lineRates, bps)
	if i < 0 {
		i = len(g.lineRates)
		g.lineRates = append(g.lineRates, bps)
	}
	l.line = int32(i + 1)
}

// SetStatedLength records that link id's cable is m metres long, as the
// design states it (a custom link's length: a DCI fiber), which the cable
// plan takes instead of its estimate of the route.
func (g *Graph) SetStatedLength(id LinkID, m float64) {
	if g.statedLength == nil {
		g.statedLength = map[LinkID]float64{}
	}
	g.statedLength[id] = m
}

// StatedLengthM returns the cable length the design states for link id,
// metres, and whether it states one (SetStatedLength).
func (g *Graph) StatedLengthM(id LinkID) (float64, bool) {
	m, ok := g.statedLength[id]
	return m, ok
}

// Physical returns the number of physical links l stands for: Parallel,
// or 1 when Parallel is 0.
func (l Link) Physical() int32 { return max(1, l.Parallel) }

// PhysicalBPS returns the capacity of one physical link of l, bits per
// second per direction: CapacityBPS ÷ Physical.
func (l Link) PhysicalBPS() float64 { return l.CapacityBPS / float64(l.Physical()) }

// Fabric is one named network of the design.
type Fabric struct {
	Name string
	// Family is the generator family (vocab.go).
	Family Family
	// Tiers lists switch tier names bottom-up ("leaf", "spine").
	Tiers []string
	// Endpoints are the ports that inject traffic into this fabric
	// (docs/reference/design-brief.md "Endpoint"), in generation order.
	Endpoints []Port
	// Params holds the family's parameters for reports and analytic
	// formulas ("k", "p", "a", "h", "g", "rails", "planes", ...).
	Params []Param
	// Transit is the server-internal paths the fabric's traffic may take
	// between servers' NICs (`server_transit`); none by default.
	Transit Transit
	// Members are the fabrics this one composes (a custom fabric's
	// `include`): their nodes, links and endpoints are this fabric's too
	// (FabricNodes, FabricLinks), beside its own joining links. Set when
	// the fabric is added, before any of its links; nil for a fabric
	// that composes none.
	Members []FabricID
	// NamePrefix is what the compiler put before this fabric's node
	// names to keep them apart from an earlier fabric's ("ft2/"), empty
	// where they kept the short form. Unit names the analyses print
	// ("ft2/pod0") carry it too, so they match the switches'.
	NamePrefix string
	Origin     OriginID
}

// Composite reports whether the fabric composes others (Members): its
// devices and links are also theirs, so a hand-off written per fabric
// skips it rather than write them twice.
func (f *Fabric) Composite() bool { return len(f.Members) > 0 }

// Param is one named integer parameter of a fabric.
type Param struct {
	Name  string
	Value int64
}

// Param returns the value of the named parameter and whether it is set.
func (f *Fabric) Param(name string) (int64, bool) {
	for _, p := range f.Params {
		if p.Name == name {
			return p.Value, true
		}
	}
	return 0, false
}

// Graph is the compiled design.
type Graph struct {
	Nodes []Node
	// links holds every link, by id; read it with Link, NumLinks and
	// AllLinks, change a link with LinkRef (links.go). It is not a field
	// of the API so that server internals can be stored once per node
	// model and read through the same calls (issue 16).
	links linkStore
	// lineRates are the line rates of links whose capacity is below them
	// (SetLineRate), each once.
	lineRates []float64
	// statedLength holds the cable length a design states for a link
	// (a custom link's length), metres, by link: few links have one.
	statedLength map[LinkID]float64
	Fabrics      []Fabric
	// Requirements are the design's requirement blocks, in source order.
	Requirements []Requirement
	// Workloads are the design's workload blocks (ir/workload.go), in
	// source order.
	Workloads []Workload
	// ServerModels holds the hardware (NUMA domains, PCIe tree, bus ids)
	// of every node model a node group uses (ir/hardware.go).
	ServerModels []ServerModel
	// Protocols maps each switch and NIC model the design uses to the
	// protocol its catalogue entry states ("infiniband", "ethernet",
	// "nvlink"); models that state none are absent.
	Protocols map[string]string
	// Parts holds the power, cage and transceiver facts of the models the
	// design uses (ir/parts.go), or nil before the compiler's parts stage.
	Parts *Parts
	// Origins holds source ranges; index 0 is the zero range.
	Origins []hcl.Range
	// cabling is the rack placement and cable plan (ir/cabling.go), nil
	// before the compiler's cabling stage; read it with Cabling, which
	// waits for a plan in flight (cablingflight.go). racking is the
	// racks alone, set before the cables are planned.
	cabling *Cabling
	racking *Racking
	// flight is the cable plan the compiler runs beside later work, or
	// nil.
	flight *cablingFlight
	// RiskGroups are the declared risk groups (ir/residual.go), in source
	// order, per_rack instances in rack order.
	RiskGroups []RiskGroup
	// Flows are the capacity queries (ir/flow.go), in source order.
	Flows []Flow
	// FailurePolicies are the Monte Carlo failure policies
	// (ir/failurepolicy.go), in source order.
	FailurePolicies []FailurePolicy
	// Hostnames holds the host name of each server whose node group
	// sets `hostname`, keyed by the server's host node (RFC 1123 short
	// names, unique ignoring case); nil or absent for the rest, which
	// hand-offs then name after the design name ('/' as '-').
	Hostnames map[NodeID]string

	// cache holds the membership index (members.go).
	cache *indexCache
}

// New returns an empty graph with the zero origin in place.
func New() *Graph {
	return &Graph{Origins: []hcl.Range{{}}, cache: &indexCache{}}
}

// Origin records a source range and returns its id.
func (g *Graph) Origin(r hcl.Range) OriginID {
	g.Origins = append(g.Origins, r)
	return OriginID(len(g.Origins) - 1)
}

// Range returns the source range of an origin id (the zero range if unknown).
func (g *Graph) Range(o OriginID) hcl.Range {
	if o <= 0 || int(o) >= len(g.Origins) {
		return hcl.Range{}
	}
	return g.Origins[o]
}

// AddFabric appends a fabric and returns its id.
func (g *Graph) AddFabric(f Fabric) FabricID {
	g.Fabrics = append(g.Fabrics, f)
	return FabricID(len(g.Fabrics) - 1)
}

// AddNode appends a node and returns its id. Unset integer labels of n must
// already be None; use NewNode for a node with every label cleared.
func (g *Graph) AddNode(n Node) NodeID {
	g.Nodes = append(g.Nodes, n)
	return NodeID(len(g.Nodes) - 1)
}

// NewNode returns a node of the given name and kind with every integer
// label set to None.
func NewNode(name string, kind Kind) Node {
	return Node{Name: name, Kind: kind, UnitIndex: None, Rail: None, Plane: None, Rack: None, Parent: None}
}

// JoinFabric adds fabric f to node n's fabric list (kept sorted, no duplicates).
func (g *Graph) JoinFabric(n NodeID, f FabricID) {
	g.forgetIndexes() // a node of one fabric may join another: no count changes
	fs := g.Nodes[n].FabricIDs()
	if len(fs) == 0 {
		g.Nodes[n].SetFabrics([]FabricID{f})
		return
	}
	i, found := slices.BinarySearch(fs, f)
	if found {
		return
	}
	g.Nodes[n].SetFabrics(slices.Insert(slices.Clone(fs), i, f))
}

// InFabric reports whether node n belongs to fabric f.
func (n *Node) InFabric(f FabricID) bool {
	return slices.Contains(n.FabricIDs(), f)
}
