package ir

// The IR's closed vocabularies as typed constants, so that a stage, an
// analyzer or an emitter names a kind through the compiler rather than
// through a string literal that a typo or a rename silently breaks. The
// values are the strings the JSON artifacts carry (docs/json.md).

// LinkKind classifies a link within its fabric (Link.Kind).
type LinkKind string

// Link kinds, by the family that builds them.
const (
	// Dragonfly: router–terminal, router–router inside a group, and
	// between groups (Kim et al., ISCA 2008).
	LinkTerminal LinkKind = "terminal"
	LinkLocal    LinkKind = "local"
	LinkGlobal   LinkKind = "global"
	// Torus and mesh: router–router links along the grid's dimensions
	// (router–terminal links are LinkTerminal).
	LinkTorus LinkKind = "torus"
	// Fat-tree tiers, bottom-up (Al-Fares et al., SIGCOMM 2008).
	LinkHostEdge        LinkKind = "host_edge"
	LinkEdgeAggregation LinkKind = "edge_aggregation"
	LinkAggregationCore LinkKind = "aggregation_core"
	// Clos tiers, bottom-up.
	LinkNodeLeaf        LinkKind = "node_leaf"
	LinkLeafSpine       LinkKind = "leaf_spine"
	LinkSpineSuperSpine LinkKind = "spine_super_spine"
	// An NVLink domain's GPU–NVSwitch links.
	LinkGPUNVSwitch LinkKind = "gpu_nvswitch"
	// Inside a server: NVLink, PCIe, chip-to-chip (Grace–Hopper C2C) and
	// the inter-socket link between a server's CPUs (UPI, xGMI).
	LinkNVLink LinkKind = "nvlink"
	LinkPCIe   LinkKind = "pcie"
	LinkC2C    LinkKind = "c2c"
	LinkCPUCPU LinkKind = "cpu_cpu"
	// A custom fabric's explicit links.
	LinkCustom LinkKind = "custom"
)

// Family is the generator family a fabric was built by (Fabric.Family);
// the HCL block label of its `fabric` block (docs/language.md).
type Family string

// Fabric families.
const (
	FamilyFatTree      Family = "fat_tree"
	FamilyClos         Family = "clos"
	FamilyDragonfly    Family = "dragonfly"
	FamilyTorus        Family = "torus"
	FamilyNVLinkDomain Family = "nvlink_domain"
	FamilyCustom       Family = "custom"
)

// Role refines a node's Kind (Node.Role). The set is open: a NIC's role
// is the one its node model gives it ("compute", "storage", or a name of
// the design's own), so only the roles the compiler itself sets or
// treats specially are constants.
type Role string

// Roles the compiler sets or reads.
const (
	// RoleNone is a node with no role.
	RoleNone Role = ""
	// RoleCompute is a NIC (or NIC port group) that carries the compute
	// fabric's traffic.
	RoleCompute Role = "compute"
	// RoleStorage is a NIC on a storage fabric.
	RoleStorage Role = "storage"
	// RoleServer is the host node of a server built from a node model.
	RoleServer Role = "server"
	// RoleUFM is a host running NVIDIA UFM, the InfiniBand fabric manager.
	RoleUFM Role = "ufm"
)

// TierLinkKind is the kind of the links between two adjacent Clos tiers,
// named after the lower and the upper tier ("leaf", "spine" give
// LinkLeafSpine); a design's own tier names give kinds of their own.
func TierLinkKind(lower, upper string) LinkKind { return LinkKind(lower + "_" + upper) }
