package lang

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

// node_model and its nested blocks. The GPU/NIC/switch/CPU counts build the
// server's graph; the PCIe identity (bus ids, classes, link generation and
// width, vendor ids, NUMA domains with their CPU lists) is what the NCCL
// topology emitter needs, and is optional everywhere: a model without it
// still compiles, it just yields no NCCL file.

var nodeModelSchema = schemaOf([]string{"base", "gpu", "gpus", "nvswitches", "nvlink_per_switch", "nvswitch_model", "nccl_detail", "power"},
	hcl.BlockHeaderSchema{Type: "cpu"},
	hcl.BlockHeaderSchema{Type: "nic", LabelNames: []string{"role"}},
	hcl.BlockHeaderSchema{Type: "pcie_switch"},
	hcl.BlockHeaderSchema{Type: "nvlink_peer"},
	hcl.BlockHeaderSchema{Type: "gpu_pci"},
	hcl.BlockHeaderSchema{Type: "pci_device", LabelNames: []string{"name"}})

var cpuSchema = schemaOf([]string{"sockets", "numa_per_socket", "model", "vendor", "arch", "family", "model_id", "cores", "inter_socket_rate", "gpu_link", "c2c_rate"},
	hcl.BlockHeaderSchema{Type: "numa"})

var numaSchema = &hcl.BodySchema{Attributes: append([]hcl.AttributeSchema{
	{Name: "id"}, {Name: "socket"}, {Name: "cpus"}, {Name: "affinity"}}, metaAttrs...)}

var nicSpecSchema = schemaOf([]string{"model", "count", "socket", "ports_per_cage"}, hcl.BlockHeaderSchema{Type: "pci"})

// pciIDAttrs are the PCI identity arguments every PCIe block takes.
var pciIDAttrs = []string{"class", "vendor_id", "device_id", "subsystem_vendor_id", "subsystem_device_id"}

var pciSpecSchema = schemaOf(append([]string{"bus_ids", "bus_ids_unconfirmed", "numa", "gen", "width", "names", "interfaces"}, pciIDAttrs...))

var pciDeviceSchema = schemaOf(append([]string{"bus_id", "numa", "gen", "width"}, pciIDAttrs...))

var pcieSwitchSchema = &hcl.BodySchema{Attributes: append([]hcl.AttributeSchema{
	{Name: "socket"}, {Name: "gpus"}, {Name: "nics"}, {Name: "gen"}, {Name: "width"},
	{Name: "numa"}, {Name: "parent"}, {Name: "devices"}, {Name: "bus_id"},
	{Name: "class"}, {Name: "vendor_id"}, {Name: "device_id"}, {Name: "subsystem_vendor_id"}, {Name: "subsystem_device_id"}},
	metaAttrs...)}

var nvlinkPeerSchema = &hcl.BodySchema{Attributes: append([]hcl.AttributeSchema{
	{Name: "gpus"}, {Name: "links"}}, metaAttrs...)}

// PCIID is the PCI identity NCCL reads from a `pci` element besides the bus
// id: the class code ("0x030200") and the vendor, device and subsystem ids
// ("0x10de"). Unset fields are left for NCCL to read from sysfs.
type PCIID struct {
	Class, VendorID, DeviceID, SubsystemVendorID, SubsystemDeviceID Val[string]
}

// PCISpec is the `gpu_pci { ... }` block of a node model or the `pci { ... }`
// block of a `nic`: the PCIe identity of every device of that kind.
type PCISpec struct {
	// BusIDs lists one bus id per device, in device order.
	BusIDs Val[[]string]
	// Unconfirmed marks BusIDs as stated without a source.
	Unconfirmed Val[bool]
	// NUMA lists the NUMA id of each device that sits under no pcie_switch,
	// in device order.
	NUMA Val[[]int64]
	// Gen and Width override the device model's PCIe generation and lanes.
	Gen, Width Val[int64]
	ID         PCIID
	// Names are the network device names of a NIC's ports (mlx5_0, ...),
	// NIC-major: all ports of NIC 0, then NIC 1. NICs only.
	Names Val[[]string]
	// Interfaces are the Linux network interface (netdev) names of a
	// NIC's ports ("ibp24s0", "enp170s0f0np0"), NIC-major as Names. NICs
	// only.
	Interfaces Val[[]string]
	DeclRange  hcl.Range
}

// NUMASpec is one `numa { ... }` block of a cpu: a NUMA domain, which is
// what NCCL's `cpu` element describes.
type NUMASpec struct {
	ID     Val[int64]  // Linux NUMA node number
	Socket Val[int64]  // socket index, from 0
	CPUs   Val[string] // CPU list, "0-55,112-167"
	// Affinity is the raw sysfs cpumap text, for a domain whose CPUs are
	// given that way ("00000000,0000ffff,ffffffff").
	Affinity  Val[string]
	DeclRange hcl.Range
}

// PCIDeviceSpec is a `pci_device "name" { ... }` block: a PCIe function that
// is neither a GPU nor a NIC of the model (NVMe, a device of unknown class
// from an imported file). It belongs in the NCCL file only.
type PCIDeviceSpec struct {
	Name       string
	BusID      Val[string]
	NUMA       Val[int64]
	Gen, Width Val[int64]
	ID         PCIID
	DeclRange  hcl.Range
}

// SwitchHW is a pcie_switch's PCIe identity and placement.
type SwitchHW struct {
	// NUMA is the NUMA id the switch hangs under (an alternative to socket).
	NUMA Val[int64]
	// Parent is the index of the pcie_switch instance above this one, for
	// nested switches (instances are numbered in declaration order from 0).
	Parent Val[int64]
	// Devices names pci_device blocks under this switch.
	Devices Val[[]string]
	BusID   Val[string]
	ID      PCIID
}

func decodeNodeModel(b *hcl.Block, ctx *hcl.EvalContext, builtin bool, diags *hcl.Diagnostics) *NodeModel {
	c := content(b, nodeModelSchema, diags)
	a := newPlainAttrs(c, ctx, b.DefRange)
	m := &NodeModel{Name: b.Labels[0], DeclRange: b.DefRange, Builtin: builtin,
		Base: a.str("base"), GPU: a.str("gpu"), GPUs: a.int("gpus"), NVSwitches: a.int("nvswitches"),
		NVLinkPerSwitch: a.ints("nvlink_per_switch"), NVSwitchModel: a.str("nvswitch_model"), NCCLDetail: a.str("nccl_detail"), PowerW: a.power("power")}
	positivePower(a, m.PowerW, "node_model", m.Name)
	*diags = append(*diags, a.diags...)
	roles := map[string]hcl.Range{} // nic labels seen, where
	for _, blk := range c.Blocks {
		switch blk.Type {
		case "cpu":
			m.CPU = decodeCPU(blk, ctx, diags)
		case "nic":
			if first, dup := roles[blk.Labels[0]]; dup {
				// A role is one block with a count: servers, fabrics
				// and the PCIe tree address its NICs as role[i].
				*diags = append(*diags, diag.Error(diag.DuplicateName, blk.LabelRanges[0], "Duplicate NIC role",
					fmt.Sprintf("node_model %q declares nic %q twice (first on line %d); a role's NICs are one block with count = N. Merge the blocks, or give this one another role.", m.Name, blk.Labels[0], first.Start.Line)))
				continue
			}
			roles[blk.Labels[0]] = blk.LabelRanges[0]
			nc := content(blk, nicSpecSchema, diags)
			na := newPlainAttrs(nc, ctx, blk.DefRange)
			spec := &NICSpec{Role: blk.Labels[0], DeclRange: blk.DefRange,
				Model: na.str("model"), Count: na.int("count"), Socket: na.ints("socket"), PortsPerCage: na.int("ports_per_cage")}
			if spec.PortsPerCage.Set && (spec.PortsPerCage.V < 1 || spec.PortsPerCage.V > 8) {
				na.diags = append(na.diags, diag.Error(diag.InvalidValue, spec.PortsPerCage.Range, "ports_per_cage out of range",
					fmt.Sprintf("nic %q: ports_per_cage = %d; a cage holds 1 to 8 of the role's ports (a DGX H100's twin-port OSFP cages: 2).", spec.Role, spec.PortsPerCage.V)))
				spec.PortsPerCage = Val[int64]{}
			}
			*diags = append(*diags, na.diags...)
			for _, pb := range nc.Blocks {
				spec.PCI = decodePCISpec(pb, ctx, diags)
			}
			m.NICs = append(m.NICs, spec)
		case "gpu_pci":
			m.GPUPCI = decodePCISpec(blk, ctx, diags)
		case "pci_device":
			pa := newPlainAttrs(content(blk, pciDeviceSchema, diags), ctx, blk.DefRange)
			m.PCIDevices = append(m.PCIDevices, &PCIDeviceSpec{Name: blk.Labels[0], DeclRange: blk.DefRange,
				BusID: pa.str("bus_id"), NUMA: pa.int("numa"), Gen: pa.int("gen"), Width: pa.int("width"), ID: pciID(pa)})
			*diags = append(*diags, pa.diags...)
		case "nvlink_peer":
			m.NVLinkPeersDeclared = true
			pc := content(blk, nvlinkPeerSchema, diags)
			if _, ok := pc.Attributes["gpus"]; !ok {
				*diags = append(*diags, diag.Error(diag.HCLSchema, blk.DefRange, "Missing required argument",
					"An nvlink_peer block needs the argument \"gpus\": the indices of the two GPUs it links, e.g. gpus = [0, 3]."))
				continue
			}
			insts, d := expand(pc, ctx, blk.DefRange)
			*diags = append(*diags, d...)
			for _, in := range insts {
				pa := newPlainAttrs(pc, in.ctx, blk.DefRange)
				m.NVLinkPeers = append(m.NVLinkPeers, &NVLinkPeerSpec{GPUs: pa.ints("gpus"), Links: pa.int("links"), DeclRange: blk.DefRange})
				*diags = append(*diags, pa.diags...)
			}
		case "pcie_switch":
			pc := content(blk, pcieSwitchSchema, diags)
			insts, d := expand(pc, ctx, blk.DefRange)
			*diags = append(*diags, d...)
			for _, in := range insts {
				pa := newPlainAttrs(pc, in.ctx, blk.DefRange)
				m.PCIeSwitches = append(m.PCIeSwitches, &PCIeSwitchSpec{DeclRange: blk.DefRange,
					Socket: pa.int("socket"), GPUs: pa.ints("gpus"), NICs: pa.strs("nics"),
					Gen: pa.int("gen"), Width: pa.int("width"),
					HW: SwitchHW{NUMA: pa.int("numa"), Parent: pa.int("parent"), Devices: pa.strs("devices"),
						BusID: pa.str("bus_id"), ID: pciID(pa)}})
				*diags = append(*diags, pa.diags...)
			}
		}
	}
	return m
}

func decodeCPU(blk *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *CPUSpec {
	cc := content(blk, cpuSchema, diags)
	ca := newPlainAttrs(cc, ctx, blk.DefRange)
	spec := &CPUSpec{DeclRange: blk.DefRange,
		Sockets: ca.int("sockets"), NUMAPerSocket: ca.int("numa_per_socket"), Model: ca.str("model"),
		Vendor: ca.str("vendor"), Arch: ca.str("arch"), Family: ca.int("family"), ModelID: ca.int("model_id"),
		Cores: ca.int("cores"), InterSocketRate: ca.rate("inter_socket_rate"),
		GPULink: ca.str("gpu_link"), C2CRate: ca.rate("c2c_rate")}
	*diags = append(*diags, ca.diags...)
	// Checked where declared, used or not: a model is a declaration, and
	// the PCIe tree hangs every device off a socket.
	if spec.Sockets.Set && spec.Sockets.V < 1 {
		*diags = append(*diags, diag.Error(diag.InvalidValue, spec.Sockets.Range, "No CPU sockets",
			fmt.Sprintf("sockets = %d; a server has at least one socket.", spec.Sockets.V)))
	}
	// Counts from 1 and CPUID fields from 0 (NCCL reads familyid and
	// modelid as the CPUID display family and model, never negative).
	for _, c := range []struct {
		name string
		v    Val[int64]
		min  int64
	}{{"cores", spec.Cores, 1}, {"family", spec.Family, 0}, {"model_id", spec.ModelID, 0}} {
		if c.v.Set && c.v.V < c.min {
			*diags = append(*diags, diag.Error(diag.InvalidValue, c.v.Range, "Value out of range",
				fmt.Sprintf("%s = %d; it is at least %d.", c.name, c.v.V, c.min)))
		}
	}
	for _, nb := range cc.Blocks {
		nc := content(nb, numaSchema, diags)
		insts, d := expand(nc, ctx, nb.DefRange)
		*diags = append(*diags, d...)
		for _, in := range insts {
			na := newPlainAttrs(nc, in.ctx, nb.DefRange)
			spec.NUMA = append(spec.NUMA, &NUMASpec{DeclRange: nb.DefRange,
				ID: na.int("id"), Socket: na.int("socket"), CPUs: na.str("cpus"), Affinity: na.str("affinity")})
			requireSet(na, "id", false, "numa block")
			*diags = append(*diags, na.diags...)
		}
	}
	return spec
}

func decodePCISpec(blk *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *PCISpec {
	pa := newPlainAttrs(content(blk, pciSpecSchema, diags), ctx, blk.DefRange)
	s := &PCISpec{DeclRange: blk.DefRange, BusIDs: pa.strs("bus_ids"), Unconfirmed: pa.boolean("bus_ids_unconfirmed"),
		NUMA: pa.ints("numa"), Gen: pa.int("gen"), Width: pa.int("width"), Names: pa.strs("names"), Interfaces: pa.strs("interfaces"), ID: pciID(pa)}
	*diags = append(*diags, pa.diags...)
	return s
}

func pciID(a *attrs) PCIID {
	return PCIID{Class: a.str("class"), VendorID: a.str("vendor_id"), DeviceID: a.str("device_id"),
		SubsystemVendorID: a.str("subsystem_vendor_id"), SubsystemDeviceID: a.str("subsystem_device_id")}
}

// resolveNodeBases completes each node model of models that names a
// base (`base = "DGX-H100"`) from it: every argument the model leaves
// unset, its cpu and gpu_pci blocks where it has none, its nic and
// pci_device blocks by label (the model's own block of a role or name
// replaces the base's whole; the base's others are kept, in its order,
// before the model's new ones), and its pcie_switch blocks where the
// model declares none (they refer to each other by position, so the
// model's replace the base's all together). A base names another model
// of the design, or, when it is the model's own name or no model of the
// design has it, the model of that name as it stood before (before:
// the built-in catalogue), so that `node_model "DGX-H100" { base =
// "DGX-H100", power = "11kW" }` changes the built-in's one argument.
// Unknown bases and cycles are errors at the base argument.
func resolveNodeBases(models []*NodeModel, before map[string]*NodeModel, diags *hcl.Diagnostics) {
	byName := map[string]*NodeModel{}
	for _, m := range models {
		byName[m.Name] = m
	}
	done := map[*NodeModel]bool{}
	var resolve func(m *NodeModel, path []string) bool
	resolve = func(m *NodeModel, path []string) bool {
		if !m.Base.Set || done[m] {
			return true
		}
		if slices.Contains(path, m.Name) {
			*diags = append(*diags, diag.Error(diag.InvalidValue, m.Base.Range, "Node models extend each other in a cycle",
				fmt.Sprintf("node_model %q: base = %q closes the cycle %s → %s. A model extends one that does not, directly or through others, extend it.", m.Name, m.Base.V, strings.Join(path, " → "), m.Name)))
			done[m] = true
			return false
		}
		base, ok := byName[m.Base.V]
		if !ok || base == m {
			base, ok = before[m.Base.V]
		}
		if !ok || base == m {
			var names []string
			for n := range before {
				names = append(names, n)
			}
			for n := range byName {
				names = append(names, n)
			}
			slices.Sort(names)
			hint := ""
			if c := diag.Closest(m.Base.V, slices.Compact(names)); c != "" {
				hint = fmt.Sprintf(" Did you mean %q?", c)
			}
			*diags = append(*diags, diag.Error(diag.UnknownReference, m.Base.Range, "Unknown base node model",
				fmt.Sprintf("node_model %q: base = %q names no node model.%s", m.Name, m.Base.V, hint)))
			done[m] = true
			return false
		}
		if !resolve(base, append(path, m.Name)) {
			done[m] = true
			return false
		}
		warnDroppedPCI(m, base, diags)
		inherit(m, base)
		done[m] = true
		return true
	}
	for _, m := range models {
		resolve(m, nil)
	}
}

// warnDroppedPCI warns (nic-pci-dropped) about each nic block of m that
// replaces a base block with PCI bus ids by one without a pci block: the
// block replaces the base's whole, so its NICs lose their bus ids, and
// the NCCL topology file leaves them out without another word (trial 34:
// a node model that changed only its compute NICs' model lost all eight).
func warnDroppedPCI(m, base *NodeModel, diags *hcl.Diagnostics) {
	for _, own := range m.NICs {
		i := slices.IndexFunc(base.NICs, func(b *NICSpec) bool { return b.Role == own.Role })
		if i < 0 || own.PCI != nil || base.NICs[i].PCI == nil || len(base.NICs[i].PCI.BusIDs.V) == 0 {
			continue
		}
		ids := base.NICs[i].PCI.BusIDs.V
		*diags = append(*diags, diag.Warning(diag.NICPCIDropped, own.DeclRange, "NIC block drops the base's PCI bus ids",
			fmt.Sprintf("node_model %q: nic %q replaces base %q's block whole, and it has no pci block, so its NICs have no PCI bus ids: the NCCL topology file leaves them out, and NCCL places them from sysfs. If the NICs sit where the base's do, copy its pci block into this one (bus_ids = [%s]).",
				m.Name, own.Role, base.Name, quoteAll(ids))))
	}
}

// inherit fills m's unset arguments and missing blocks from base, as
// resolveNodeBases says.
func inherit(m, base *NodeModel) {
	fill := func(v *Val[int64], b Val[int64]) {
		if !v.Set {
			*v = b
		}
	}
	if !m.GPU.Set {
		m.GPU = base.GPU
	}
	fill(&m.GPUs, base.GPUs)
	fill(&m.NVSwitches, base.NVSwitches)
	if !m.NVLinkPerSwitch.Set {
		m.NVLinkPerSwitch = base.NVLinkPerSwitch
	}
	if !m.NVSwitchModel.Set {
		m.NVSwitchModel = base.NVSwitchModel
	}
	if !m.NCCLDetail.Set {
		m.NCCLDetail = base.NCCLDetail
	}
	if !m.PowerW.Set {
		m.PowerW = base.PowerW
	}
	if m.CPU == nil {
		m.CPU = base.CPU
	}
	if m.GPUPCI == nil {
		m.GPUPCI = base.GPUPCI
	}
	if len(m.PCIeSwitches) == 0 {
		m.PCIeSwitches = base.PCIeSwitches
	}
	if !m.NVLinkPeersDeclared {
		m.NVLinkPeers = base.NVLinkPeers
	}
	m.NICs = mergeByLabel(base.NICs, m.NICs, func(n *NICSpec) string { return n.Role })
	m.PCIDevices = mergeByLabel(base.PCIDevices, m.PCIDevices, func(d *PCIDeviceSpec) string { return d.Name })
}

// mergeByLabel returns base's blocks with each replaced by own's block of
// the same label, then own's blocks of labels base has not.
func mergeByLabel[T any](base, own []T, label func(T) string) []T {
	out := make([]T, 0, len(base)+len(own))
	for _, b := range base {
		if i := slices.IndexFunc(own, func(o T) bool { return label(o) == label(b) }); i >= 0 {
			out = append(out, own[i])
		} else {
			out = append(out, b)
		}
	}
	for _, o := range own {
		if !slices.ContainsFunc(base, func(b T) bool { return label(b) == label(o) }) {
			out = append(out, o)
		}
	}
	return out
}
