package compiler

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// pcieRateBPS returns the per-direction data rate of a PCIe link of the
// given generation and lane width, in bits per second: transfer rate ×
// lanes × encoding efficiency. Gen 3–5 use 128b/130b encoding at 8, 16 and
// 32 GT/s (PCI-SIG, as tabulated in docs/reference/designs.md §6: x16 =
// 15.75, 31.5, 63.0 GB/s); Gen 6 runs 64 GT/s PAM4 with FLIT mode, modelled
// here at 242/256 FLIT efficiency (≈121 GB/s at x16; designs.md marks that
// figure unconfirmed, so it is a modelling assumption). Gen 1–2 use 8b/10b
// at 2.5 and 5 GT/s. It returns 0 for an unknown generation.
func pcieRateBPS(gen, width int64) float64 {
	var gts, eff float64
	switch gen {
	case 1:
		gts, eff = 2.5, 0.8
	case 2:
		gts, eff = 5, 0.8
	case 3:
		gts, eff = 8, 128.0/130
	case 4:
		gts, eff = 16, 128.0/130
	case 5:
		gts, eff = 32, 128.0/130
	case 6:
		gts, eff = 64, 242.0/256
	default:
		return 0
	}
	return gts * 1e9 * float64(width) * eff
}

// Default PCI class codes (docs/reference/nodes.md §1, from pci.ids and
// NCCL dumps): a GPU is a 3D controller, a switch port a PCI-to-PCI bridge,
// an InfiniBand NIC 0x020700 and an Ethernet (RoCE) NIC 0x020000.
const (
	classGPU    = "0x030200"
	classBridge = "0x060400"
	classIB     = "0x020700"
	classEth    = "0x020000"
)

var (
	classRE    = regexp.MustCompile(`^0x[0-9a-f]{6}$`)
	pciIDRE    = regexp.MustCompile(`^0x[0-9a-f]{4}$`)
	cpumapRE   = regexp.MustCompile(`^[0-9a-f]{1,8}(,[0-9a-f]{1,8}){0,31}$`)
	validWidth = []int64{1, 2, 4, 8, 12, 16, 32}
)

// hwPlan is where every device of a node model sits: its NUMA domain (an
// index into numa) and the PCIe switch above it (an index into the model's
// pcie_switch instances, or -1). The graph wiring and the ServerModel both
// read it, so the two never disagree.
type hwPlan struct {
	numa       []ir.NUMANode
	switchNUMA []int
	gpuNUMA    []int
	gpuSwitch  []int
	nicNUMA    map[string][]int
	nicSwitch  map[string][]int
	devNUMA    []int
	devSwitch  []int
	// switchNICs lists, per PCIe switch, the NICs of its nics list as
	// parsed references, so that buildTemplate need not match the pattern
	// once per NIC and server (16,384 servers at 131,072 GPUs).
	switchNICs [][]nicAt
}

// nicAt is a parsed NIC reference "compute[3]": role and index.
type nicAt struct {
	role string
	idx  int
}

// socketOf returns the socket of NUMA domain i.
func (p *hwPlan) socketOf(i int) int { return int(p.numa[i].Socket) }

// firstNUMA returns the first NUMA domain of a socket (0 if none).
func (p *hwPlan) firstNUMA(socket int) int {
	for i, n := range p.numa {
		if int(n.Socket) == socket {
			return i
		}
	}
	return 0
}

// numaIndex returns the index of the NUMA domain with Linux id id.
func (p *hwPlan) numaIndex(id int64) (int, bool) {
	for i, n := range p.numa {
		if int64(n.ID) == id {
			return i, true
		}
	}
	return 0, false
}

// checkHardware validates a node model's PCIe identity and NUMA layout.
// It returns false (with diagnostics) when the model cannot be built. The
// phases run in declaration order of the model's blocks, so diagnostics
// come in the order a reader meets their lines.
func (s *state) checkHardware(m *lang.NodeModel) bool {
	c := &hwCheck{s: s, m: m, ok: true, busIDs: map[string]hcl.Range{}, numaIDs: map[int64]bool{},
		sockets: max(cpuField(m, func(c *lang.CPUSpec) int64 { return c.Sockets.V }), 1)}
	c.ncclDetail()
	c.numaBlocks()
	c.spec(m.GPUPCI, m.GPUs.V, "gpu_pci")
	if m.GPUPCI != nil && m.GPUPCI.Names.Set {
		c.bad(diag.Error(diag.InvalidValue, m.GPUPCI.Names.Range, "names is for NICs",
			"names lists network device names (mlx5_0, ...) of a nic block's ports; GPUs have none. Remove it from gpu_pci."))
	}
	if m.GPUPCI != nil && m.GPUPCI.Interfaces.Set {
		c.bad(diag.Error(diag.InvalidValue, m.GPUPCI.Interfaces.Range, "interfaces is for NICs",
			"interfaces lists the network interface names (ibp24s0, ...) of a nic block's ports; GPUs have none. Remove it from gpu_pci."))
	}
	c.nics()
	c.switches(c.devices())
	return c.ok
}

// hwCheck is one node model's hardware check: the findings so far and
// the bus ids and NUMA ids seen.
type hwCheck struct {
	s       *state
	m       *lang.NodeModel
	ok      bool
	busIDs  map[string]hcl.Range // canonical bus id → where first written
	numaIDs map[int64]bool       // the numa blocks' Linux ids
	sockets int64
}

// bad records an error finding.
func (c *hwCheck) bad(d *hcl.Diagnostic) { c.s.diags = append(c.s.diags, d); c.ok = false }

// ncclDetail checks nccl_detail's value.
func (c *hwCheck) ncclDetail() {
	if d := c.m.NCCLDetail; d.Set && d.V != "skeleton" && d.V != "full" {
		c.bad(diag.Error(diag.InvalidValue, d.Range, "Invalid nccl_detail",
			fmt.Sprintf("nccl_detail is %q; write \"skeleton\" (cpu and pci elements) or \"full\" (also gpu, nic and net).", d.V)))
	}
}

// bus checks one bus id: NCCL's canonical form and unique in the server.
func (c *hwCheck) bus(v lang.Val[string], what string) {
	canon, err := ir.CanonBusID(v.V)
	switch {
	case err != nil:
		c.bad(diag.Error(diag.InvalidValue, v.Range, "Invalid bus id", what+": "+err.Error()+"."))
	case canon != v.V:
		c.bad(diag.Error(diag.InvalidValue, v.Range, "Bus id not in NCCL's form",
			fmt.Sprintf("%s: NCCL compares bus ids as strings and prints them as %q (lower case, 4-digit domain); %q would never match. Write %q.", what, canon, v.V, canon)))
	default:
		if prev, dup := c.busIDs[canon]; dup {
			c.bad(diag.Error(diag.DuplicateName, v.Range, "Duplicate bus id",
				fmt.Sprintf("%s: bus id %s is also used at %s; every PCIe function of a server has its own.", what, canon, prev)))
		}
		c.busIDs[canon] = v.Range
	}
}

// pciID checks a PCI class and the vendor and device ids.
func (c *hwCheck) pciID(id lang.PCIID, what string) {
	if id.Class.Set && !classRE.MatchString(id.Class.V) {
		c.bad(diag.Error(diag.InvalidValue, id.Class.Range, "Invalid PCI class",
			fmt.Sprintf("%s: class %q is not \"0x\" and six lower-case hex digits, e.g. \"0x030200\" (3D controller).", what, id.Class.V)))
	}
	for _, v := range []lang.Val[string]{id.VendorID, id.DeviceID, id.SubsystemVendorID, id.SubsystemDeviceID} {
		if v.Set && !pciIDRE.MatchString(v.V) {
			c.bad(diag.Error(diag.InvalidValue, v.Range, "Invalid PCI id",
				fmt.Sprintf("%s: %q is not \"0x\" and four lower-case hex digits, e.g. \"0x10de\".", what, v.V)))
		}
	}
}

// link checks a PCIe generation and width.
func (c *hwCheck) link(gen, width lang.Val[int64], what string) {
	for _, d := range pcieLinkErrors(gen, width, what) {
		c.bad(d)
	}
}

// numaBlocks checks the cpu block's numa blocks (unique Linux ids, a
// socket the model has, CPUs given once) and records their ids.
func (c *hwCheck) numaBlocks() {
	if c.m.CPU == nil {
		return
	}
	for _, n := range c.m.CPU.NUMA {
		if c.numaIDs[n.ID.V] {
			c.bad(diag.Error(diag.DuplicateName, n.ID.Range, "Duplicate NUMA id",
				fmt.Sprintf("NUMA node %d is declared twice; give each numa block its Linux node number.", n.ID.V)))
		}
		c.numaIDs[n.ID.V] = true
		if n.ID.V < -1 {
			c.bad(diag.Error(diag.InvalidValue, n.ID.Range, "Invalid NUMA id", "NUMA ids are Linux node numbers: 0 or more, or -1 in a VM without NUMA."))
		}
		if n.Socket.Set && (n.Socket.V < 0 || n.Socket.V >= c.sockets) {
			c.bad(diag.Error(diag.InvalidValue, n.Socket.Range, "No such socket",
				fmt.Sprintf("socket %d is not one of the model's %d sockets (numbered from 0).", n.Socket.V, c.sockets)))
		}
		switch {
		case n.CPUs.Set && n.Affinity.Set:
			c.bad(diag.Error(diag.InvalidValue, n.Affinity.Range, "Both cpus and affinity",
				"Give a NUMA domain's CPUs once: as a CPU list (cpus = \"0-55,112-167\") or as sysfs cpumap text (affinity), not both."))
		case n.CPUs.Set:
			if _, err := ir.ParseCPUList(n.CPUs.V); err != nil {
				c.bad(diag.Error(diag.InvalidValue, n.CPUs.Range, "Invalid CPU list", err.Error()+"."))
			}
		case n.Affinity.Set && !cpumapRE.MatchString(n.Affinity.V):
			c.bad(diag.Error(diag.InvalidValue, n.Affinity.Range, "Invalid affinity",
				fmt.Sprintf("%q is not sysfs cpumap text: comma-separated lower-case hex words of up to 8 digits, most significant first, at most 32 words (e.g. \"00000000,0000ffff,ffffffff\"). For a range list use cpus instead.", n.Affinity.V)))
		}
	}
}

// numaRef checks a device's NUMA node: declared by a numa block, or
// within sockets × numa_per_socket when there are none.
func (c *hwCheck) numaRef(v lang.Val[int64], what string) {
	if v.Set && len(c.numaIDs) > 0 && !c.numaIDs[v.V] {
		c.bad(diag.Error(diag.UnknownReference, v.Range, "No such NUMA node",
			fmt.Sprintf("%s: NUMA node %d is not declared in the cpu block's numa blocks.", what, v.V)))
	}
	if v.Set && len(c.numaIDs) == 0 && (v.V < 0 || v.V >= c.sockets*max(cpuField(c.m, func(c *lang.CPUSpec) int64 { return c.NUMAPerSocket.V }), 1)) {
		c.bad(diag.Error(diag.UnknownReference, v.Range, "No such NUMA node",
			fmt.Sprintf("%s: NUMA node %d does not exist; without numa blocks the nodes are numbered 0 to sockets × numa_per_socket − 1.", what, v.V)))
	}
}

// spec checks the pci block of n devices (gpu_pci, a nic's pci): one bus
// id per device, NUMA ids, link and ids.
func (c *hwCheck) spec(p *lang.PCISpec, n int64, what string) {
	if p == nil {
		return
	}
	if p.BusIDs.Set {
		if int64(len(p.BusIDs.V)) != n {
			c.bad(diag.Error(diag.InvalidValue, p.BusIDs.Range, "Wrong number of bus ids",
				fmt.Sprintf("%s: bus_ids lists %d ids for %d devices; give one per device, in device order.", what, len(p.BusIDs.V), n)))
		}
		for i, b := range p.BusIDs.V {
			c.bus(lang.Val[string]{V: b, Range: p.BusIDs.Range, Set: true}, fmt.Sprintf("%s %d", what, i))
		}
	}
	if p.NUMA.Set && int64(len(p.NUMA.V)) > n {
		c.bad(diag.Error(diag.InvalidValue, p.NUMA.Range, "Too many NUMA ids",
			fmt.Sprintf("%s: numa lists %d entries for %d devices.", what, len(p.NUMA.V), n)))
	}
	for _, id := range p.NUMA.V {
		c.numaRef(lang.Val[int64]{V: id, Range: p.NUMA.Range, Set: true}, what)
	}
	c.link(p.Gen, p.Width, what)
	c.pciID(p.ID, what)
}

// nics checks each nic block's pci block and its network device names
// (one per port of every NIC).
func (c *hwCheck) nics() {
	for _, n := range c.m.NICs {
		c.spec(n.PCI, n.Count.V, fmt.Sprintf("nic %q", n.Role))
		if n.PCI == nil {
			continue
		}
		ports := int64(1)
		if nm, found := c.s.cat.nics[n.Model.V]; found {
			ports = max(nm.Ports.V, 1)
		}
		c.interfaces(n, ports)
		if !n.PCI.Names.Set {
			continue
		}
		if int64(len(n.PCI.Names.V)) != n.Count.V*ports {
			c.bad(diag.Error(diag.InvalidValue, n.PCI.Names.Range, "Wrong number of net names",
				fmt.Sprintf("nic %q: names lists %s; %s × %s need %d (NIC-major: every port of NIC 0 first).", n.Role,
					units.CountOf(len(n.PCI.Names.V), "network device", "network devices"), units.CountOf(int(n.Count.V), "NIC", "NICs"), units.CountOf(int(ports), "port", "ports"), n.Count.V*ports)))
		}
		for _, name := range n.PCI.Names.V {
			if !rdmaName(name) {
				c.bad(diag.Error(diag.InvalidValue, n.PCI.Names.Range, "Invalid net name",
					fmt.Sprintf("nic %q: %q is not an RDMA device name (letters, digits, '_', '-' and '.', at most 63 characters, as mlx5_0); it is written into NCCL_IB_HCA, whose ',', ':', '=' and '^' it would break.", n.Role, name)))
				break
			}
		}
	}
}

// interfaces checks a nic block's pci interfaces: one Linux interface
// name per port, NIC-major, each one NCCL_SOCKET_IFNAME can list.
func (c *hwCheck) interfaces(n *lang.NICSpec, ports int64) {
	in := n.PCI.Interfaces
	if !in.Set {
		return
	}
	if int64(len(in.V)) != n.Count.V*ports {
		c.bad(diag.Error(diag.InvalidValue, in.Range, "Wrong number of interface names",
			fmt.Sprintf("nic %q: interfaces lists %s; %s × %s need %d (NIC-major: every port of NIC 0 first).", n.Role,
				units.CountOf(len(in.V), "network interface", "network interfaces"), units.CountOf(int(n.Count.V), "NIC", "NICs"), units.CountOf(int(ports), "port", "ports"), n.Count.V*ports)))
	}
	for _, name := range in.V {
		if !ifName(name) {
			c.bad(diag.Error(diag.InvalidValue, in.Range, "Invalid interface name",
				fmt.Sprintf("nic %q: %q is not a Linux network interface name (letters, digits, '_', '-' and '.', at most 15 characters, as ibp24s0); it is written into NCCL_SOCKET_IFNAME, whose ',', '=' and '^' it would break.", n.Role, name)))
			return
		}
	}
}

// ifName reports a Linux network interface name as NCCL_SOCKET_IFNAME
// can list it: 1 to 15 characters (the kernel's IFNAMSIZ is 16 with the
// terminator) of letters, digits, '_', '-' and '.'.
func ifName(s string) bool {
	return len(s) <= 15 && rdmaName(s)
}

// rdmaName reports a Linux RDMA device name as NCCL_IB_HCA can list it:
// 1 to 63 characters (the kernel's IB_DEVICE_NAME_MAX is 64 with the
// terminator) of letters, digits, '_', '-' and '.'.
func rdmaName(s string) bool {
	if s == "" || len(s) > 63 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}

// devices checks the pci_device blocks and returns their names.
func (c *hwCheck) devices() map[string]bool {
	devs := map[string]bool{}
	for _, d := range c.m.PCIDevices {
		what := fmt.Sprintf("pci_device %q", d.Name)
		if devs[d.Name] {
			c.bad(diag.Error(diag.DuplicateName, d.DeclRange, "Duplicate pci_device", what+" is declared twice."))
		}
		devs[d.Name] = true
		if d.BusID.Set {
			c.bus(d.BusID, what)
		}
		c.numaRef(d.NUMA, what)
		c.link(d.Gen, d.Width, what)
		c.pciID(d.ID, what)
	}
	return devs
}

// switches checks the pcie_switch blocks: their own identity, a parent
// declared before them, and devices that exist and sit under one switch.
func (c *hwCheck) switches(devs map[string]bool) {
	placed := map[string]bool{}
	for i, p := range c.m.PCIeSwitches {
		what := fmt.Sprintf("pcie_switch %d", i)
		if p.HW.BusID.Set {
			c.bus(p.HW.BusID, what)
		}
		c.numaRef(p.HW.NUMA, what)
		c.link(p.Gen, p.Width, what)
		c.pciID(p.HW.ID, what)
		if p.HW.Parent.Set && (p.HW.Parent.V < 0 || p.HW.Parent.V >= int64(i)) {
			c.bad(diag.Error(diag.InvalidValue, p.HW.Parent.Range, "Invalid parent switch",
				fmt.Sprintf("%s names parent %d; a parent is an earlier pcie_switch instance (0 to %d, in declaration order).", what, p.HW.Parent.V, i-1)))
		}
		for _, d := range p.HW.Devices.V {
			if !devs[d] {
				c.bad(unknown("pci_device", d, p.HW.Devices.Range, keys(devs)))
			}
			if placed[d] {
				c.bad(diag.Error(diag.DuplicateName, p.HW.Devices.Range, "Device under two switches",
					fmt.Sprintf("pci_device %q is listed under more than one pcie_switch.", d)))
			}
			placed[d] = true
		}
	}
}

// planHardware places every device of a model on a NUMA domain and a
// switch. Without numa blocks there is one domain per socket ×
// numa_per_socket, numbered socket-major from 0, with no CPU list.
func planHardware(m *lang.NodeModel, sockets int) *hwPlan {
	p := &hwPlan{nicNUMA: map[string][]int{}, nicSwitch: map[string][]int{}}
	cpu := m.CPU
	attrs := ir.NUMANode{Family: ir.None, Model: ir.None}
	if cpu != nil {
		attrs.Arch, attrs.Vendor, attrs.CPUModel = cpu.Arch.V, cpu.Vendor.V, cpu.Model.V
		if cpu.Family.Set {
			attrs.Family = int32(cpu.Family.V)
		}
		if cpu.ModelID.Set {
			attrs.Model = int32(cpu.ModelID.V)
		}
	}
	if cpu != nil && len(cpu.NUMA) > 0 {
		// The cpumap word count is the model's: enough for its highest CPU,
		// as sysfs prints every node's map with nr_cpu_ids bits.
		lists := make([][]int, len(cpu.NUMA))
		words := 1
		for i, n := range cpu.NUMA {
			if n.CPUs.Set {
				lists[i], _ = ir.ParseCPUList(n.CPUs.V)
				if len(lists[i]) > 0 {
					words = max(words, ir.CPUMapWords(lists[i][len(lists[i])-1]))
				}
			}
		}
		for i, n := range cpu.NUMA {
			nn := attrs
			nn.ID = int32(n.ID.V)
			nn.Socket = int32(i * sockets / len(cpu.NUMA))
			if n.Socket.Set {
				nn.Socket = int32(n.Socket.V)
			}
			switch {
			case n.CPUs.Set:
				nn.Affinity = ir.FormatCPUMap(lists[i], words)
			case n.Affinity.Set:
				nn.Affinity = n.Affinity.V
			}
			p.numa = append(p.numa, nn)
		}
	} else {
		per := 1
		if cpu != nil && cpu.NUMAPerSocket.V > 1 {
			per = int(cpu.NUMAPerSocket.V)
		}
		for sk := 0; sk < sockets; sk++ {
			for j := 0; j < per; j++ {
				nn := attrs
				nn.ID, nn.Socket = int32(sk*per+j), int32(sk)
				p.numa = append(p.numa, nn)
			}
		}
	}
	numaOr := func(v lang.Val[int64], fallback int) int {
		if v.Set {
			if i, ok := p.numaIndex(v.V); ok {
				return i
			}
		}
		return fallback
	}
	listNUMA := func(spec *lang.PCISpec, i, fallback int) int {
		if spec != nil && i < len(spec.NUMA.V) {
			if j, ok := p.numaIndex(spec.NUMA.V[i]); ok {
				return j
			}
		}
		return fallback
	}
	for _, sw := range m.PCIeSwitches {
		n := p.firstNUMA(int(sw.Socket.V) % sockets)
		if sw.HW.Parent.Set && int(sw.HW.Parent.V) < len(p.switchNUMA) {
			n = p.switchNUMA[sw.HW.Parent.V]
		}
		p.switchNUMA = append(p.switchNUMA, numaOr(sw.HW.NUMA, n))
	}
	p.gpuSwitch = fill(int(m.GPUs.V), -1)
	nicIndex := map[string]int{}
	for i, sw := range m.PCIeSwitches {
		for _, g := range sw.GPUs.V {
			if g >= 0 && int(g) < len(p.gpuSwitch) {
				p.gpuSwitch[g] = i
			}
		}
		var at []nicAt
		for _, r := range sw.NICs.V {
			if mm := nicRef.FindStringSubmatch(r); mm != nil {
				idx, _ := strconv.Atoi(mm[2])
				nicIndex[fmt.Sprintf("%s[%d]", mm[1], idx)] = i
				at = append(at, nicAt{mm[1], idx})
			}
		}
		p.switchNICs = append(p.switchNICs, at)
	}
	for i := range p.gpuSwitch {
		if sw := p.gpuSwitch[i]; sw >= 0 {
			p.gpuNUMA = append(p.gpuNUMA, p.switchNUMA[sw])
			continue
		}
		socket := i * sockets / max(int(m.GPUs.V), 1)
		p.gpuNUMA = append(p.gpuNUMA, listNUMA(m.GPUPCI, i, p.firstNUMA(socket)))
	}
	for _, spec := range m.NICs {
		n := int(spec.Count.V)
		sws, numas := fill(n, -1), make([]int, n)
		for i := 0; i < n; i++ {
			if sw, under := nicIndex[fmt.Sprintf("%s[%d]", spec.Role, i)]; under {
				sws[i], numas[i] = sw, p.switchNUMA[sw]
				continue
			}
			socket := i * sockets / max(n, 1)
			if i < len(spec.Socket.V) {
				socket = int(spec.Socket.V[i]) % sockets
			}
			numas[i] = listNUMA(spec.PCI, i, p.firstNUMA(socket))
		}
		p.nicSwitch[spec.Role], p.nicNUMA[spec.Role] = sws, numas
	}
	under := map[string]int{}
	for i, sw := range m.PCIeSwitches {
		for _, d := range sw.HW.Devices.V {
			under[d] = i
		}
	}
	for _, d := range m.PCIDevices {
		if sw, ok := under[d.Name]; ok {
			p.devSwitch, p.devNUMA = append(p.devSwitch, sw), append(p.devNUMA, p.switchNUMA[sw])
			continue
		}
		p.devSwitch, p.devNUMA = append(p.devSwitch, -1), append(p.devNUMA, numaOr(d.NUMA, 0))
	}
	return p
}

func fill(n, v int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// buildServerModel compiles a node model's hardware for ir.Graph.ServerModels.
// Switches without a stated bus id get a made-up one, "ffff:ff:DD.F" counting
// up from ffff:ff:01.0 and skipping every id the model states (the fake-switch
// convention of Azure's and AWS's published files, nccl-topo-xml.md §5.1).
func (s *state) buildServerModel(m *lang.NodeModel, plan *hwPlan, origin ir.OriginID) ir.ServerModel {
	sm := ir.ServerModel{Name: m.Name, NCCLDetail: "skeleton", NUMA: plan.numa, Origin: origin}
	if m.NCCLDetail.Set {
		sm.NCCLDetail = m.NCCLDetail.V
	}
	gm := s.cat.gpus[m.GPU.V]
	if gm != nil {
		if cc, err := strconv.ParseFloat(gm.ComputeCapability.V, 64); err == nil {
			sm.GPUSM = int32(cc*10 + 0.5)
		}
		for _, p := range m.NVLinkPeers {
			sm.NVLinkPeers = append(sm.NVLinkPeers, ir.GPUPeer{A: int32(p.GPUs.V[0]), B: int32(p.GPUs.V[1]), Links: peerLinks(p)})
		}
		if m.NVSwitches.V > 0 {
			sm.NVLinksPerGPU = int32(gm.NVLinkLinks.V)
			if len(m.NVLinkPerSwitch.V) > 0 {
				sm.NVLinksPerGPU = 0
				for _, k := range m.NVLinkPerSwitch.V {
					sm.NVLinksPerGPU += int32(k)
				}
			}
		}
	}
	for i := range sm.NUMA {
		sm.NUMA[i].Origin = origin
	}
	org := func(r hcl.Range) ir.OriginID { return s.g.Origin(r) }
	id := func(f *ir.PCIFunction, p lang.PCIID) {
		if p.Class.Set {
			f.Class = p.Class.V
		}
		f.VendorID, f.DeviceID, f.SubsystemVendorID, f.SubsystemDeviceID = p.VendorID.V, p.DeviceID.V, p.SubsystemVendorID.V, p.SubsystemDeviceID.V
	}
	link := func(f *ir.PCIFunction, gen, width lang.Val[int64], defGen, defWidth int64) {
		f.LinkGen, f.LinkWidth = int32(defGen), int32(defWidth)
		if gen.Set {
			f.LinkGen = int32(gen.V)
		}
		if width.Set {
			f.LinkWidth = int32(width.V)
		}
	}
	parentOf := func(sw int) int32 {
		if sw < 0 {
			return ir.None
		}
		return int32(sw)
	}
	for i, p := range m.PCIeSwitches {
		f := ir.PCIFunction{Kind: ir.PCISwitch, Name: gen.Indexed("pcie", i, len(m.PCIeSwitches)), Index: int32(i),
			Class: classBridge, NUMA: int32(plan.switchNUMA[i]), Parent: ir.None, Origin: org(p.DeclRange)}
		if p.HW.Parent.Set {
			f.Parent = int32(p.HW.Parent.V)
		}
		f.BusID = p.HW.BusID.V
		id(&f, p.HW.ID)
		link(&f, p.Gen, p.Width, 0, 0)
		sm.PCI = append(sm.PCI, f)
	}
	gpuSpec := m.GPUPCI
	if gpuSpec == nil {
		gpuSpec = &lang.PCISpec{DeclRange: m.DeclRange}
	}
	c2c := m.CPU != nil && m.CPU.GPULink.V == "c2c"
	for i := 0; i < int(m.GPUs.V); i++ {
		f := ir.PCIFunction{Kind: ir.PCIGPU, Name: gen.Indexed("gpu", i, int(m.GPUs.V)), Index: int32(i), Class: classGPU,
			NUMA: int32(plan.gpuNUMA[i]), Parent: parentOf(plan.gpuSwitch[i]), C2C: c2c && plan.gpuSwitch[i] < 0,
			BusIDUnconfirmed: gpuSpec.Unconfirmed.V, Origin: org(gpuSpec.DeclRange)}
		if i < len(gpuSpec.BusIDs.V) {
			f.BusID = gpuSpec.BusIDs.V[i]
		}
		id(&f, gpuSpec.ID)
		var g, w int64
		if gm != nil {
			g, w = gm.PCIeGen.V, gm.PCIeWidth.V
		}
		link(&f, gpuSpec.Gen, gpuSpec.Width, g, w)
		sm.PCI = append(sm.PCI, f)
	}
	for _, spec := range m.NICs {
		nm := s.cat.nics[spec.Model.V]
		ps := spec.PCI
		if ps == nil {
			ps = &lang.PCISpec{DeclRange: spec.DeclRange}
		}
		base := "nic"
		if ir.Role(spec.Role) != ir.RoleCompute {
			base = spec.Role
		}
		ports := 1
		for i := 0; i < int(spec.Count.V); i++ {
			f := ir.PCIFunction{Kind: ir.PCINIC, Name: gen.Indexed(base, i, int(spec.Count.V)), Index: int32(i), Role: ir.Role(spec.Role),
				NUMA: int32(plan.nicNUMA[spec.Role][i]), Parent: parentOf(plan.nicSwitch[spec.Role][i]), Ports: 1,
				BusIDUnconfirmed: ps.Unconfirmed.V, Origin: org(ps.DeclRange)}
			var g, w int64
			if nm != nil {
				g, w = nm.PCIeGen.V, nm.PCIeWidth.V
				f.Ports, f.PortRateBPS = int32(max(nm.Ports.V, 1)), nm.PortRate.V
				switch nm.Protocol.V {
				case "infiniband":
					f.Class = classIB
				case "ethernet":
					f.Class = classEth
				}
			}
			ports = int(f.Ports)
			if i < len(ps.BusIDs.V) {
				f.BusID = ps.BusIDs.V[i]
			}
			if len(ps.Names.V) >= (i+1)*ports {
				f.NetNames = ps.Names.V[i*ports : (i+1)*ports]
			}
			if len(ps.Interfaces.V) >= (i+1)*ports {
				f.Interfaces = ps.Interfaces.V[i*ports : (i+1)*ports]
			}
			id(&f, ps.ID)
			link(&f, ps.Gen, ps.Width, g, w)
			sm.PCI = append(sm.PCI, f)
		}
	}
	for i, d := range m.PCIDevices {
		f := ir.PCIFunction{Kind: ir.PCIOther, Name: d.Name, Index: int32(i), BusID: d.BusID.V,
			NUMA: int32(plan.devNUMA[i]), Parent: parentOf(plan.devSwitch[i]), Origin: org(d.DeclRange)}
		id(&f, d.ID)
		link(&f, d.Gen, d.Width, 0, 0)
		sm.PCI = append(sm.PCI, f)
	}
	makeUpSwitchIDs(sm.PCI)
	return sm
}

// makeUpSwitchIDs gives every switch without a bus id one that no function
// of the model uses: domain ffff, bus ff down to 00, device 01-1f, function 0.
func makeUpSwitchIDs(pci []ir.PCIFunction) {
	used := map[string]bool{}
	for _, f := range pci {
		used[f.BusID] = true
	}
	bus, dev := 0xff, 1
	next := func() string {
		for {
			id := fmt.Sprintf("ffff:%02x:%02x.0", bus, dev)
			if dev++; dev > 0x1f {
				bus, dev = bus-1, 1
			}
			if !used[id] {
				used[id] = true
				return id
			}
		}
	}
	for i := range pci {
		if pci[i].Kind == ir.PCISwitch && pci[i].BusID == "" {
			pci[i].BusID, pci[i].BusIDMadeUp = next(), true
		}
	}
}

// pcieLinkErrors checks a PCIe generation and lane count where they are
// set: generations 1 to 6 exist (NCCL knows link speeds up to 64 GT/s,
// Gen 6) and links have 1, 2, 4, 8, 12, 16 or 32 lanes (validWidth).
func pcieLinkErrors(gen, width lang.Val[int64], what string) hcl.Diagnostics {
	var out hcl.Diagnostics
	if gen.Set && (gen.V < 1 || gen.V > 6) {
		out = append(out, diag.Error(diag.InvalidValue, gen.Range, "Invalid PCIe generation",
			fmt.Sprintf("%s: gen is %d; PCIe generations 1 to 6 exist (NCCL knows link speeds up to 64 GT/s, Gen 6).", what, gen.V)))
	}
	if width.Set && !slices.Contains(validWidth, width.V) {
		out = append(out, diag.Error(diag.InvalidValue, width.Range, "Invalid PCIe width",
			fmt.Sprintf("%s: width is %d; PCIe links have 1, 2, 4, 8, 12, 16 or 32 lanes.", what, width.V)))
	}
	return out
}
