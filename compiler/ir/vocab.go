package ir

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// The IR's closed vocabularies as typed constants, so that a stage, an
// analyzer or an emitter names a kind through the compiler rather than
// through a string literal that a typo or a rename silently breaks. The
// values are the strings the JSON artifacts carry (docs/json.md).

// LinkKind classifies a link within its fabric (Link.Kind). Its value
// is the kind's name ("node_leaf"; String, and MarshalText for JSON),
// held as a small number that indexes a table of names: a Link then
// holds no pointer, so the garbage collector never scans the link array,
// which holds millions of links at scale (docs/performance.md, "Links
// without pointers"). The set is open, since a Clos design's own tier
// names give kinds of their own (TierLinkKind); the zero value is the
// kind named "".
type LinkKind uint32

// Link kinds, by the family that builds them.
const (
	// Dragonfly: router–terminal, router–router inside a group, and
	// between groups (Kim et al., ISCA 2008).
	LinkTerminal LinkKind = iota + 1
	LinkLocal
	LinkGlobal
	// Torus and mesh: router–router links along the grid's dimensions
	// (router–terminal links are LinkTerminal).
	LinkTorus
	// Fat-tree tiers, bottom-up (Al-Fares et al., SIGCOMM 2008).
	LinkHostEdge
	LinkEdgeAggregation
	LinkAggregationCore
	// Clos tiers, bottom-up.
	LinkNodeLeaf
	LinkLeafSpine
	LinkSpineSuperSpine
	// An NVLink domain's GPU–NVSwitch links.
	LinkGPUNVSwitch
	// Inside a server: NVLink, PCIe, chip-to-chip (Grace–Hopper C2C) and
	// the inter-socket link between a server's CPUs (UPI, xGMI).
	LinkNVLink
	LinkPCIe
	LinkC2C
	LinkCPUCPU
	// A custom fabric's explicit links.
	LinkCustom
	// A Clos appliance (a UFM host, a storage head) to its leaf.
	LinkApplianceLeaf
)

// linkKindNames are the names of the constants above, by value: the
// strings the JSON artifacts carry.
var linkKindNames = [...]string{"", "terminal", "local", "global", "torus", "host_edge", "edge_aggregation",
	"aggregation_core", "node_leaf", "leaf_spine", "spine_super_spine", "gpu_nvswitch", "nvlink", "pcie", "c2c",
	"cpu_cpu", "custom", "appliance_leaf"}

// builtinLinkKindMeanings say, by value, which links each built-in kind
// is given to, for diagnostics that refuse a name that would take one.
var builtinLinkKindMeanings = [len(linkKindNames)]string{"", "dragonfly and torus router–terminal links", "dragonfly links inside a group",
	"dragonfly links between groups", "torus and mesh router–router links", "fat-tree host–edge links",
	"fat-tree edge–aggregation links", "fat-tree aggregation–core links", "the links from servers and hosts up to a Clos's first tier",
	"Clos leaf–spine links", "Clos spine–super-spine links", "NVLink-domain GPU–NVSwitch links", "NVLink links inside a server",
	"PCIe links inside a server", "chip-to-chip links inside a server", "the links between a server's CPUs",
	"a custom fabric's links", "the links from a Clos appliance to its leaf"}

// BuiltinLinkKind reports whether name is one of the kinds above, and
// which links topoc gives that kind to ("fat-tree host–edge links").
func BuiltinLinkKind(name string) (meaning string, ok bool) {
	i := slices.Index(linkKindNames[:], name)
	if i <= 0 {
		return "", false
	}
	return builtinLinkKindMeanings[i], true
}

// linkKinds is the table of link kind names: names by value, read
// without a lock (each write publishes a new slice), and ids by name,
// guarded by mu. Kinds are only ever added, so a value means the same
// name for the life of the process.
var linkKinds struct {
	mu    sync.Mutex
	names atomic.Pointer[[]string]
	ids   map[string]LinkKind
}

func init() {
	names := linkKindNames[:]
	linkKinds.names.Store(&names)
	linkKinds.ids = make(map[string]LinkKind, len(names))
	for i, n := range names {
		linkKinds.ids[n] = LinkKind(i)
	}
}

// LinkKindOf returns the link kind named name, adding it to the table
// the first time a name is seen.
func LinkKindOf(name string) LinkKind {
	linkKinds.mu.Lock()
	defer linkKinds.mu.Unlock()
	if k, ok := linkKinds.ids[name]; ok {
		return k
	}
	old := *linkKinds.names.Load()
	names := append(old[:len(old):len(old)], name)
	k := LinkKind(len(old))
	linkKinds.ids[name] = k
	linkKinds.names.Store(&names)
	return k
}

// LookupLinkKind returns the link kind named name and whether any link
// kind has that name, without adding one.
func LookupLinkKind(name string) (LinkKind, bool) {
	linkKinds.mu.Lock()
	defer linkKinds.mu.Unlock()
	k, ok := linkKinds.ids[name]
	return k, ok
}

// String returns the kind's name ("leaf_spine").
func (k LinkKind) String() string {
	if names := *linkKinds.names.Load(); int(k) < len(names) {
		return names[k]
	}
	return "LinkKind(" + strconv.FormatUint(uint64(k), 10) + ")"
}

// SortLinkKinds sorts ks by name, the order every output lists kinds in
// (a kind's number is the order its name was first seen).
func SortLinkKinds(ks []LinkKind) {
	slices.SortFunc(ks, func(a, b LinkKind) int { return strings.Compare(a.String(), b.String()) })
}

// MarshalText writes the kind's name, so JSON carries "leaf_spine".
func (k LinkKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *LinkKind) UnmarshalText(b []byte) error {
	*k = LinkKindOf(string(b))
	return nil
}

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

// Role refines a node's Kind (Node.RoleName). The set is open: a NIC's role
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
func TierLinkKind(lower, upper string) LinkKind { return LinkKindOf(lower + "_" + upper) }
