// Package lang is topoc's HCL front end: it loads a *.topo.hcl file or a
// directory of them, evaluates variables, locals and functions (lang/eval),
// expands count and for_each, parses unit literals, and returns a typed
// Config in which every value keeps the hcl.Range it came from. It knows
// the language's shapes but no fabric semantics: whether k may be odd or a
// leaf has enough ports is the compiler's business.
package lang

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/eval"
)

// Val is a decoded value with the source range of its expression. Set is
// false when the argument was absent (V is then the zero value and Range
// the enclosing block's range, so a diagnostic still has a line).
type Val[T any] struct {
	V     T
	Range hcl.Range
	Set   bool
}

// Ref is an unevaluated reference such as node_group.dgx.nics.compute,
// kept as its parts so that the compiler can resolve it and report a
// dangling one at Range.
type Ref struct {
	Parts []string
	Range hcl.Range
}

// String renders the reference as written ("node_group.dgx.nics.compute").
func (r Ref) String() string {
	s := ""
	for i, p := range r.Parts {
		if i > 0 {
			s += "."
		}
		s += p
	}
	return s
}

// Config is a loaded design: every block of every file, merged, with the
// built-in catalogue underneath the user's own models.
type Config struct {
	SwitchModels []*SwitchModel
	GPUModels    []*GPUModel
	NICModels    []*NICModel
	NodeModels   []*NodeModel
	CableModels  []*CableModel
	// TransceiverModels are the optical modules the BOM orders
	// (transceiver_model blocks and the catalogue's).
	TransceiverModels []*TransceiverModel
	NodeGroups        []*NodeGroup
	Fabrics           []*Fabric
	Workloads         []*Workload
	Requirements      []*Requirement
	// RiskGroups are the declared risk groups (risk_group blocks), in
	// source order.
	RiskGroups []*RiskGroup
	// Flows are the capacity queries (flow blocks), in source order.
	Flows []*Flow
	// FailurePolicies are the Monte Carlo failure policies
	// (failure_policy blocks), in source order.
	FailurePolicies []*FailurePolicy
	// Files maps file names to their sources, for diagnostic snippets.
	Files map[string]*hcl.File
	// Budget is the evaluation budget every expression of the design is
	// metered on (eval.Meter), including those evaluated after loading
	// (requirement conditions and messages); Used reports what it spent.
	Budget *eval.Budget
}

// SwitchModel is a packet switch: `switch_model "QM9700" { ... }`.
type SwitchModel struct {
	Name string
	// Radix is the physical ports; with port groups, their sum.
	Radix Val[int64]
	// PortRate is one port's native rate, bits per second per direction;
	// with port groups, the fastest group's rate (a datasheet's "up to").
	PortRate  Val[float64]
	Breakouts []Breakout // allowed splits of one port
	// PortGroups are the model's `port_group` blocks in declaration
	// order, for a switch whose ports do not all run at one rate (64 ×
	// 400G down and 32 × 800G up; a 1G management port); nil for a
	// model of one rate, described by Radix, PortRate, Breakouts and
	// Speeds alone. Ports are numbered group after group.
	PortGroups []PortGroup
	// Speeds are the lower rates, bits per second per direction, at
	// which one whole port may run (a 400G port set to 200G for an older
	// host, as switch datasheets list per-port speeds); a link at one of
	// them takes a port without a breakout.
	Speeds []float64
	SHARP  Val[bool] // in-network reduction (SHARP) capable
	Vendor Val[string]
	// Protocol is "infiniband", "ethernet" or "nvlink" (SwitchProtocols),
	// or unset; a NIC of another protocol cabled to it is a
	// protocol-mismatch error.
	Protocol Val[string]
	LatencyS Val[float64] // port-to-port latency, seconds (0 = unknown)
	// PortsPerCage is the logical ports one front-panel cage holds (a
	// QM9700's twin-port OSFP cage: 2); unset means 1. The BOM counts
	// one transceiver module per cage in use.
	PortsPerCage Val[int64]
	// PowerW is the switch's maximum power draw, watts; unset when no
	// source gives it.
	PowerW Val[float64]
	// FormFactor is the cage form factor of its ports (FormFactors);
	// unset matches any transceiver_model.
	FormFactor Val[string]
	DeclRange  hcl.Range
	Builtin    bool
}

// PortGroup is one `port_group "NAME"` of a switch_model: Ports
// physical ports of Rate bits per second per direction each, with their
// own breakouts and lower speeds.
type PortGroup struct {
	Name      string
	Ports     Val[int64]
	Rate      Val[float64]
	Breakouts []Breakout
	Speeds    []float64
	DeclRange hcl.Range
}

// Breakout is one allowed split of a switch port into Lanes ports of
// LaneRate bits per second each ("2x400Gb/s").
type Breakout struct {
	Lanes    int
	LaneRate float64
	Range    hcl.Range
}

// GPUModel is `gpu_model "H100" { ... }`.
type GPUModel struct {
	Name              string
	NVLinkLinks       Val[int64]
	NVLinkRate        Val[float64] // per link, bits per second per direction
	PCIeGen           Val[int64]
	PCIeWidth         Val[int64]
	ComputeCapability Val[string]
	MemoryBytes       Val[float64]
	DeclRange         hcl.Range
	Builtin           bool
}

// NICModel is `nic_model "ConnectX-7" { ... }`.
type NICModel struct {
	Name      string
	Ports     Val[int64]
	PortRate  Val[float64] // bits per second per direction, per port
	PCIeGen   Val[int64]
	PCIeWidth Val[int64]
	Protocol  Val[string] // "infiniband" or "ethernet"
	// FormFactor is the cage its ports plug into (FormFactors: "osfp",
	// "qsfp112", ...), which a transceiver_model's form_factor must
	// match; unset matches any.
	FormFactor Val[string]
	DeclRange  hcl.Range
	Builtin    bool
}

// FormFactors lists the cage form factors a nic_model, switch_model or
// transceiver_model may state (the pluggable module standards: OSFP MSA;
// QSFP-DD MSA; SFF-8665 QSFP28, QSFP56 and QSFP112; SFF-8402 SFP).
var FormFactors = []string{"osfp", "qsfp-dd", "qsfp112", "qsfp56", "qsfp28", "sfp56", "sfp28"}

// CableModel is a medium with its reach: `cable_model "dac" { ... }`.
type CableModel struct {
	Name    string
	Media   Val[string]  // "copper" or "fiber"
	Kind    Val[string]  // "passive_dac", "acc", "aoc", "mmf", "smf"
	ReachM  Val[float64] // metres
	MaxRate Val[float64] // bits per second per direction
	// Protocol, when set ("infiniband" or "ethernet"), limits the medium
	// to links of that protocol: 400GBASE-SR8 and 800G 2xSR4 multimode
	// are Ethernet only (an XDR port has no multimode optic).
	Protocol Val[string]
	// KgPerM is the cable's mass per metre, kilograms, for tray loads in
	// the BOM; unset when no source gives it.
	KgPerM Val[float64]
	// Splits are the breakouts of a max_rate port that this medium
	// carries as one 1:N splitter fiber behind the port's transceiver
	// ("2x200Gb/s": NVIDIA's MFP7E20 multimode and MFP7E40 single-mode
	// 1:2 fibers split a 400G SR4 or DR4 port into two 200G legs,
	// cabling.md §1a, S5, S6, S9). Empty: the medium is never split.
	Splits []Breakout
	// SplitReachM is the longest splitter fiber, metres (NVIDIA: 50 m
	// for multimode and single-mode MPO splitters, cabling.md §1d, S11);
	// unset: the medium's reach.
	SplitReachM Val[float64]
	// CordsPerLink is the number of separate cords one link of this
	// medium takes: 2 for 800GbE through a twin-port 2 x SR4 module
	// (MMA4Z00-NS-T), one MPO-12/APC fiber per SR4 half (cabling.md S5).
	// The BOM orders that many per cable. Unset: 1.
	CordsPerLink Val[int64]
	// LengthsM are the lengths the model is sold in, metres, ascending
	// (MCA4J80: 3, 4 and 5 m, cabling.md S4, S47); empty: the medium's
	// list in the cable plan (docs/cabling.md "Lengths sold").
	LengthsM  []float64
	DeclRange hcl.Range
	Builtin   bool
}

// TransceiverModel is a pluggable optical module:
// `transceiver_model "MMA4Z00-NS" { ... }`. The BOM orders one per cage
// in use at each fiber end whose cable model it lists, choosing the model
// that fits the end (a switch cage or a server cage) and the cage's
// logical ports.
type TransceiverModel struct {
	Name string
	// Fits is "switch", "node" or "any" (TransceiverEnds): the cage it
	// plugs into (finned modules go in air-cooled switches, flat-top ones
	// in NIC and server cages; a QSFP28 module fits either).
	Fits Val[string]
	// CableModels are the cable_model names whose fiber it terminates.
	CableModels Val[[]string]
	// Rate is the module's whole rate, bits per second per direction: it
	// fills a cage of that rate (ports per cage × port rate), so a
	// twin-port 2 × 400G module fills a QM9700 cage, a DGX twin cage or
	// one broken-out 800G port.
	Rate Val[float64]
	// Ports is the logical ports one module serves (2 for a twin-port
	// OSFP), for the BOM's description; at least 1, default 1.
	Ports Val[int64]
	// ReachM is the longest fiber it drives, metres (unset: any the
	// cable model allows): MMS4X00-NS is 100 m, -NM 500 m, both 2xDR4.
	ReachM Val[float64]
	// PowerW is the module's maximum power, watts (unset: not given).
	PowerW Val[float64]
	// SplitRate is the rate it runs at on one leg of a splitter fiber,
	// bits per second per direction: NVIDIA's single-port 400G OSFP and
	// QSFP112 modules run 200G over a 1:2 fiber (MMA4Z00-NS400,
	// cabling.md §1a, S6), so they fill a 200G cage too. Unset: none.
	SplitRate Val[float64]
	// SplitPowerW is its maximum power at SplitRate, watts (unset: its
	// PowerW): NVIDIA's MMA4Z00-NS400 draws 9 W max at 400G and 6.5 W at
	// 200G (cabling.md §1a, S6).
	SplitPowerW Val[float64]
	Vendor      Val[string]
	// Protocol, when set ("infiniband" or "ethernet"), limits the module
	// to devices of that protocol (NVIDIA's -T parts are the Ethernet
	// twins of the InfiniBand ones).
	Protocol Val[string]
	// FormFactor, when set (FormFactors), limits the module to cages of
	// that form factor: a single-port OSFP module does not fit a QSFP112
	// NIC cage (trial 34 found the BOM ordering one for BlueField-3).
	FormFactor Val[string]
	DeclRange  hcl.Range
	Builtin    bool
}

// TransceiverEnds lists the values of a transceiver_model's fits.
var TransceiverEnds = []string{"switch", "node", "any"}

// NodeModel is a server: `node_model "DGX-H100" { ... }`.
type NodeModel struct {
	Name string
	// Base is the node model this one extends (base = "DGX-H100"): its
	// unset arguments and missing blocks come from it
	// (resolveNodeBases).
	Base       Val[string]
	GPU        Val[string] // gpu_model name
	GPUs       Val[int64]
	NVSwitches Val[int64]
	// NVLinkPerSwitch lists the NVLink links from each GPU to each
	// NVSwitch (HGX H100: 5,5,4,4); empty means spread evenly.
	NVLinkPerSwitch Val[[]int64]
	// NVSwitchModel names the switch_model of the NVSwitch chips
	// ("NVSwitch-gen3"): its radix is each chip's NVLink port budget,
	// which the GPUs' links to one chip may not exceed. Unset: the
	// budget is not checked.
	NVSwitchModel Val[string]
	// NVLinkPeers are the NVLink links that join two GPUs directly, with
	// no NVSwitch between them: a direct mesh inside the server (DGX-1's
	// hybrid cube-mesh), one expanded `nvlink_peer` block each. A model
	// that declares any replaces its base's all together.
	NVLinkPeers []*NVLinkPeerSpec
	// NVLinkPeersDeclared is true when the model has nvlink_peer blocks
	// of its own, even of count 0: they replace the base's then (a model
	// drops its base's peers with nvlink_peer { count = 0 ... }).
	NVLinkPeersDeclared bool
	CPU                 *CPUSpec
	NICs                []*NICSpec
	PCIeSwitches        []*PCIeSwitchSpec
	// GPUPCI, PCIDevices and NCCLDetail describe the PCIe identity of the
	// model for NCCL (lang/nodemodel.go).
	GPUPCI     *PCISpec
	PCIDevices []*PCIDeviceSpec
	NCCLDetail Val[string]
	// PowerW is the server's maximum power draw, watts; unset when no
	// source gives it.
	PowerW    Val[float64]
	DeclRange hcl.Range
	Builtin   bool
}

// CPUSpec is the `cpu { ... }` block of a node model.
type CPUSpec struct {
	Sockets       Val[int64]
	NUMAPerSocket Val[int64]
	Model         Val[string]
	Vendor        Val[string] // "GenuineIntel", "AuthenticAMD", "" (Arm)
	Arch          Val[string] // "x86_64" or "arm64"
	Family        Val[int64]  // CPUID family as NCCL writes it
	ModelID       Val[int64]  // CPUID model as NCCL writes it
	Cores         Val[int64]  // per socket
	// InterSocketRate is the socket-to-socket link rate, bits per second
	// per direction.
	InterSocketRate Val[float64]
	// GPULink is "pcie" or "c2c" (Grace: NVLink-C2C to the CPU).
	GPULink   Val[string]
	C2CRate   Val[float64]
	NUMA      []*NUMASpec // NUMA domains (lang/nodemodel.go)
	DeclRange hcl.Range
}

// NICSpec is one `nic "role" { model = ..., count = ... }` block; Count
// NICs of Model serve Role ("compute", "storage", ...).
type NICSpec struct {
	Role   string
	Model  Val[string]
	Count  Val[int64]
	Socket Val[[]int64] // socket of each NIC not under a PCIe switch
	PCI    *PCISpec     // PCIe identity (lang/nodemodel.go)
	// PortsPerCage is how many of the role's NIC ports, in NIC order,
	// share one front-panel cage (a DGX H100's eight single-port CX-7
	// reach the panel through four twin-port OSFP cages: 2); unset means
	// each NIC port has its own cage.
	PortsPerCage Val[int64]
	DeclRange    hcl.Range
}

// NVLinkPeerSpec is one expanded `nvlink_peer` instance: Links parallel
// NVLink links (unset: 1) between the two GPUs of a server whose indices
// GPUs lists, each at the gpu_model's nvlink_rate per direction.
type NVLinkPeerSpec struct {
	GPUs      Val[[]int64]
	Links     Val[int64]
	DeclRange hcl.Range
}

// PCIeSwitchSpec is one expanded `pcie_switch` instance.
type PCIeSwitchSpec struct {
	Socket    Val[int64]
	GPUs      Val[[]int64]  // GPU indices under this switch
	NICs      Val[[]string] // NIC references "role[i]"
	Gen       Val[int64]
	Width     Val[int64]
	HW        SwitchHW // PCIe identity and placement (lang/nodemodel.go)
	DeclRange hcl.Range
}

// NodeGroup is `node_group "dgx" { model = ..., count = ... }`: Count
// servers of one node model.
type NodeGroup struct {
	Name  string
	Model Val[string]
	Count Val[int64]
	// Names are the server names, one per instance (evaluated `name`
	// template, or "<group><i>" zero-padded).
	Names []Val[string]
	// Hostnames are the servers' own host names (the evaluated
	// `hostname` template, RFC 1123), one per instance, or nil when the
	// group sets none. Hand-offs to schedulers and discovery name a
	// server by it.
	Hostnames []Val[string]
	PerRack   Val[int64]
	FirstRack Val[int64]
	// RackPowerW is the power budget of each rack the group fills, watts
	// (the rack block's power_budget); a rack whose devices may draw
	// more is a rack-power warning.
	RackPowerW Val[float64]
	DeclRange  hcl.Range
}

// Fabric is `fabric "name" { <family> { ... } }`; exactly one family
// block is set.
type Fabric struct {
	Name         string
	FatTree      *FatTree
	Dragonfly    *Dragonfly
	Torus        *Torus
	NVLinkDomain *NVLinkDomain
	Clos         *Clos
	Custom       *Custom
	DeclRange    hcl.Range
	// FamilyRange is the range of the family block's header.
	FamilyRange hcl.Range
	// Label is the fabric block's label: Name, or for the fabrics a
	// block's count or for_each made, what their names LABEL-INDEX or
	// LABEL-KEY start with.
	Label string
}

// Counted reports whether a block's count or for_each made f.
func (f *Fabric) Counted() bool { return f.Name != f.Label }

// Instances returns the names of the fabrics that the block labelled
// label made with count or for_each, in declaration order; none for a
// plain block or no such block.
func Instances(fabrics []*Fabric, label string) []string {
	var out []string
	for _, f := range fabrics {
		if f.Label == label && f.Counted() {
			out = append(out, f.Name)
		}
	}
	return out
}

// Family returns the JSON family name of the fabric.
func (f *Fabric) Family() string {
	switch {
	case f.FatTree != nil:
		return "fat_tree"
	case f.Dragonfly != nil:
		return "dragonfly"
	case f.Torus != nil:
		return "torus"
	case f.NVLinkDomain != nil:
		return "nvlink_domain"
	case f.Clos != nil:
		return "clos"
	}
	return "custom"
}

// FatTree is the `fat_tree` family block (Al-Fares et al. 2008).
type FatTree struct {
	K Val[int64]
	// LinkRate is the edge–aggregation rate and the default of the
	// others, bits per second per direction.
	LinkRate Val[float64]
	// HostRate is the host–edge rate (host_rate), CoreRate the
	// aggregation–core rate (core_rate); unset, LinkRate.
	HostRate, CoreRate Val[float64]
	// HostsPerEdge is hosts_per_edge: the hosts cabled to each edge
	// switch (unset: k/2).
	HostsPerEdge Val[int64]
	SwitchModel  Val[string]
}

// Dragonfly is the `dragonfly` family block (Kim et al. 2008).
type Dragonfly struct {
	P, A, H, G Val[int64]
	// LinksPerPair is global_links_per_pair: exactly this many global
	// links between every two groups, the other global ports left empty.
	LinksPerPair Val[int64]
	// Terminals is the number of terminals cabled, fewer than g·a·p when
	// the system is partially populated.
	Terminals                       Val[int64]
	LocalRate, GlobalRate, TermRate Val[float64]
	Arrangement                     Val[string]
	RouterModel                     Val[string]
}

// Torus is the `torus` family block: a k-ary n-cube direct network
// (Dally and Towles, Principles and Practices of Interconnection
// Networks, 2004, ch. 5), each router with p terminals.
type Torus struct {
	// Dims is the routers per dimension (k₀, k₁, …), each at least 2.
	Dims Val[[]int64]
	// Wrap adds the wrap-around links (a torus); false builds a mesh.
	// Unset: true.
	Wrap Val[bool]
	// P is the terminals per router (default 1).
	P Val[int64]
	// LinkRate is the router–router rate and TermRate the router–terminal
	// rate (default LinkRate), bits per second per direction.
	LinkRate, TermRate Val[float64]
	RouterModel        Val[string]
}

// NVLinkDomain is the `nvlink_domain` family block.
type NVLinkDomain struct {
	GPUs, Switches, LinksPerGPU Val[int64]
	LinkRate                    Val[float64]
	PerSwitch                   Val[[]int64]
	SwitchPorts                 Val[int64]
	SwitchModel                 Val[string]
	// GPUNodes optionally builds the domain over the GPUs of real
	// servers: node_group.<name>.gpus, one reference or a list of them
	// (several node groups, one domain), in order.
	GPUNodes []*Ref
	// Servers keeps, of GPUNodes, the GPUs of the servers whose names
	// match this glob (path.Match: "rack3/*"), one NVLink domain per rack
	// of a node group with the fabric's count or for_each.
	Servers Val[string]
}

// Clos is the `clos` family block: 2 or 3 switch tiers over implicit
// hosts or the NIC ports of real servers.
type Clos struct {
	// Endpoints are the NIC lists node_group.<name>.nics.<role>, one per
	// node group, in order: their servers are numbered on across the
	// groups (units, racks of servers, certificate order follow it).
	Endpoints []*Ref
	Hosts     Val[int64]
	HostRate  Val[float64]
	HostPorts Val[int64]
	Rails     Val[int64]
	Planes    Val[int64]
	// Homing is the number of leaves a server's ports of one rail and
	// plane spread over (2: dual-homed, each port to its own ToR).
	Homing   Val[int64]
	LinkRate Val[float64]
	// ServerTransit lists the server-internal paths (ServerTransits)
	// traffic of this fabric may take between the servers' NICs.
	ServerTransit Val[[]string]
	Units         []*ClosUnit
	Tiers         []*ClosTier
	Appliances    []*Appliance
}

// ClosUnit groups endpoints' servers: `unit "su" { nodes = 32 }`, or
// lower units: `unit "pod" { units = 4 }`. Units are listed innermost first.
type ClosUnit struct {
	Name      string
	Nodes     Val[int64]
	Units     Val[int64]
	DeclRange hcl.Range
}

// ClosTier is `tier "leaf" { ... }`, bottom-up.
type ClosTier struct {
	Name     string
	Model    Val[string]
	Per      Val[[]string]
	Count    Val[int64]
	Down, Up Val[int64]
	LinkRate Val[float64]
	// Striping is how the uplinks of the tier below reach this tier's
	// switches: "spread" (default) or "bundled" (StripingModes).
	Striping Val[string]
	// Reserve is the ports of each switch of the tier kept free (spares,
	// growth, management), out of its model's radix: the tier's default
	// down and up ports and its port budget use the rest.
	Reserve   Val[int64]
	DeclRange hcl.Range
}

// StripingModes are a Clos tier's striping values: "spread" sends a lower
// switch's uplink l to upper switch l mod count (rotated where up <
// count), "bundled" sends its up/count consecutive uplinks to each upper
// switch in turn.
var StripingModes = []string{"spread", StripingBundled}

// StripingBundled is the striping value that bundles a lower switch's
// uplinks to one upper switch on adjacent ports.
const StripingBundled = "bundled"

// Appliance attaches Count devices such as UFM to the leaves of one unit:
// `appliance "ufm" { count = 4, rate = "400Gb/s", unit = 3 }`.
type Appliance struct {
	Role      string
	Count     Val[int64]
	Rate      Val[float64]
	Unit      Val[int64]
	DeclRange hcl.Range
}

// Custom is the explicit `custom` family block.
type Custom struct {
	// ServerTransit is as Clos.ServerTransit.
	ServerTransit Val[[]string]
	// Include names fabrics declared before this one that it composes:
	// their devices and links are part of it, joined by its own links.
	Include  Val[[]string]
	Switches []*CustomSwitch
	Hosts    []*CustomHost
	Links    []*CustomLink
}

// CustomSwitch is one expanded `switch` instance.
type CustomSwitch struct {
	Name  Val[string]
	Model Val[string]
	Tier  Val[string]
	Rail  Val[int64]
	Plane Val[int64]
	// Unit is the structural unit the switch belongs to, one of
	// CustomUnits ("pod", "su", "group", "zone"), and UnitIndex its index
	// from 0; unset when the switch names none.
	Unit      Val[string]
	UnitIndex Val[int64]
	// Rack mounts the switch at the top of that rack (a top-of-rack
	// switch over the servers a node group's rack block puts there);
	// unset leaves its place to the cabling stage.
	Rack      Val[int64]
	DeclRange hcl.Range
}

// CustomUnits are the unit labels a custom switch or host may carry, as the
// generated families put them on their switches (fat-tree pod, Clos su,
// dragonfly group) plus zone, so that oversubscription is measured per
// unit in a hand-cabled fabric too.
var CustomUnits = []string{"pod", "su", "group", "zone"}

// MaxUnitIndex bounds a custom switch's unit index (2^20, far above the
// pods or groups any fabric has): the oversubscription analysis keeps one
// slot per index, so an index of 2 billion would cost gigabytes, and the
// IR holds unit indices in 32 bits.
const MaxUnitIndex = 1 << 20

// MaxRack bounds rack numbers, of node groups' rack blocks and of custom
// switches (2^20: a 100,000-GPU site has about 2,000 racks). The cabling
// plan keeps a slot per rack and names racks by zero-padded number, and
// the IR holds rack numbers in 32 bits, so a rack of 2 billion cost
// gigabytes or panicked. A modelling assumption.
const MaxRack = 1 << 20

// CustomHost is one expanded `host` instance (an implicit endpoint).
type CustomHost struct {
	Name  Val[string]
	Rate  Val[float64]
	Ports Val[int64]
	// Unit and UnitIndex are as CustomSwitch's: the unit the host
	// belongs to, which workload placement (`units`), the racks the
	// cabling stage fills and the scheduler hand-offs read.
	Unit      Val[string]
	UnitIndex Val[int64]
	DeclRange hcl.Range
}

// CustomLink is one expanded `link` instance: A and B name nodes (custom
// switches and hosts, or server components such as "su0/node05/nic3").
type CustomLink struct {
	A, B Val[string]
	Rate Val[float64]
	// Capacity is what the analyses give the link, per direction, where
	// it is below Rate, the rate its ports run at (a link shaped or
	// shared below its line rate, or an abstract link of a test case).
	Capacity Val[float64]
	Parallel Val[int64]
	// Cost is the link's routing cost (an IGP metric, 1 to MaxLinkCost):
	// ECMP and the flow placements take lowest-cost paths; unset, a link
	// costs 1 (hop count).
	Cost Val[int64]
	// Length is the cable's stated length in metres (a DCI fiber between
	// sites, a run the floor plan does not show): the cable plan takes
	// it as the cable's length instead of estimating a route in the
	// hall. Unset: estimated.
	Length    Val[float64]
	DeclRange hcl.Range
}

// MaxLinkCost is the largest routing cost a link may carry: OSPF's 16-bit
// interface cost (RFC 2328), which IS-IS wide metrics (24 bits, RFC 5305)
// also hold. Path costs are summed in 32 bits, which this keeps exact for
// paths of up to 32,767 links.
const MaxLinkCost = 1<<16 - 1

// ServerTransit returns the fabric's `server_transit` list (clos and
// custom families; unset for the others).
func (f *Fabric) ServerTransit() Val[[]string] {
	switch {
	case f.Clos != nil:
		return f.Clos.ServerTransit
	case f.Custom != nil:
		return f.Custom.ServerTransit
	}
	return Val[[]string]{}
}
