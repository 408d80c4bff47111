package ir

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// ServerModel is the hardware of one node model as the host's operating
// system and NCCL see it: NUMA domains with their CPU attributes and a PCIe
// tree with bus ids. The graph's server nodes (Kind host) are instances of
// it; back ends that describe a machine rather than a fabric (the NCCL
// topology file) read this instead of walking every server.
//
// Only node models that a node group uses are compiled, in the order their
// node groups first use them.
type ServerModel struct {
	// Name is the node_model name ("DGX-H100").
	Name string
	// NCCLDetail is "skeleton" (cpu and pci elements only, the default) or
	// "full" (also gpu, nic and net elements) for the NCCL topology file.
	NCCLDetail string
	// GPUSM is the GPUs' compute capability × 10 as NCCL writes `sm`
	// (90 for "9.0"), or 0 when the model does not say.
	GPUSM int32
	// NVLinksPerGPU is the number of NVLink links from each GPU to the
	// in-node NVSwitches (0 when the node has none).
	NVLinksPerGPU int32
	// NVLinkPeers lists the NVLink bundles that join two GPUs directly
	// (a node model's nvlink_peer blocks; DGX-1's cube-mesh), in
	// declaration order; nil when the GPUs have none.
	NVLinkPeers []GPUPeer
	// NUMA lists the NUMA domains (NCCL `cpu` elements) in declaration order.
	NUMA []NUMANode
	// PCI lists the PCIe functions in declaration order; every parent
	// precedes its children.
	PCI    []PCIFunction
	Origin OriginID
}

// GPUPeer is Links parallel NVLink links between GPUs A and B of a
// server (indices in GPU order).
type GPUPeer struct {
	A, B, Links int32
}

// NUMANode is one NUMA domain: NCCL's `cpu` element.
type NUMANode struct {
	// ID is the Linux NUMA node number (sysfs numa_node), which NCCL's
	// `numaid` must equal exactly.
	ID int32
	// Socket is the CPU socket (index into the server's cpu nodes).
	Socket int32
	// Affinity is the sysfs cpumap text of the domain's CPUs: 32-bit hex
	// words separated by commas, most significant first, the last word
	// holding CPUs 0-31 (nccl-topo-xml.md §4.2); "" when unknown.
	Affinity string
	// Arch is "x86_64", "arm64" or "ppc64"; Vendor the CPUID vendor string
	// ("GenuineIntel", "AuthenticAMD"); "" when unknown.
	Arch, Vendor string
	// Family and Model are the CPUID family and model as NCCL computes them
	// (family base + extended family << 4, likewise model), or None.
	Family, Model int32
	// CPUModel is the marketing name ("Xeon Platinum 8480C"), or "".
	CPUModel string
	Origin   OriginID
}

// PCIKind classifies a PCIe function.
type PCIKind uint8

// PCIe function kinds: a switch (or any bridge that has devices below it),
// a GPU, a NIC, or anything else (NVMe, a function of unknown class).
const (
	PCISwitch PCIKind = iota
	PCIGPU
	PCINIC
	PCIOther
)

var pciKindNames = [...]string{"switch", "gpu", "nic", "other"}

// String returns "switch", "gpu", "nic" or "other".
func (k PCIKind) String() string {
	if int(k) < len(pciKindNames) {
		return pciKindNames[k]
	}
	return "unknown"
}

// PCIFunction is one PCIe function of a server model: NCCL's `pci` element.
type PCIFunction struct {
	Kind PCIKind
	// Name is the element's name within the server: "gpu3", "compute[2]",
	// "pcie1", or a pci_device label.
	Name string
	// Index is the GPU index, the NIC index within its role, the PCIe
	// switch index or the pci_device's declaration index.
	Index int32
	// BusID is the canonical lower-case "dddd:bb:dd.f" bus id, or "" when
	// the model does not give one.
	BusID string
	// BusIDMadeUp marks a switch id that topoc chose because the model
	// gave none ("ffff:ff:NN.0", not used by any stated id of the model).
	BusIDMadeUp bool
	// BusIDUnconfirmed marks an id the model states without a source.
	BusIDUnconfirmed bool
	// Class is the PCI class code as "0x" and six hex digits ("0x030200"),
	// or "" when unknown.
	Class string
	// LinkGen is the PCIe generation (1-6) of the link to the parent, and
	// LinkWidth its lanes; 0 when unknown.
	LinkGen, LinkWidth int32
	// VendorID, DeviceID, SubsystemVendorID and SubsystemDeviceID are
	// "0x" and four hex digits, or "" when not stated.
	VendorID, DeviceID, SubsystemVendorID, SubsystemDeviceID string
	// NUMA indexes ServerModel.NUMA: the domain this function hangs under.
	NUMA int32
	// Parent indexes ServerModel.PCI (a switch), or None for a function
	// directly under its NUMA domain's root complex.
	Parent int32
	// C2C marks a GPU attached to its CPU by NVLink-C2C (Grace).
	C2C bool
	// Role is a NIC's role (RoleCompute, RoleStorage or a node model's own); Ports its network ports
	// and PortRateBPS the rate of one port in bits per second per
	// direction (0 when the NIC has no model).
	Role        Role
	Ports       int32
	PortRateBPS float64
	// NetNames are a NIC's network device names (mlx5_0, ...), one per
	// port, or nil when not stated.
	NetNames []string
	// Interfaces are a NIC's Linux network interface names (ibp24s0,
	// enp170s0f0np0, ...), one per port, or nil when not stated.
	Interfaces []string
	Origin     OriginID
}

// busIDRE is the form NCCL prints bus ids in: %04lx:%02lx:%02lx.%01lx,
// lower case (nccl-topo-xml.md §5.1); a domain above 0xffff has more
// digits, with no leading zero.
var busIDRE = regexp.MustCompile(`^([0-9a-f]{4}|[1-9a-f][0-9a-f]{4,7}):[0-9a-f]{2}:[0-9a-f]{2}\.[0-9a-f]$`)

// CanonicalBusID reports whether s is a bus id exactly as NCCL writes it.
func CanonicalBusID(s string) bool { return busIDRE.MatchString(s) }

// CanonBusID rewrites a bus id into NCCL's canonical form: lower case, a
// 4-digit domain ("0000:" prepended when missing, leading zeros beyond 4
// digits dropped), 2-digit bus and device, 1-digit function. It returns an
// error when s is not a PCI address.
func CanonBusID(s string) (string, error) {
	parts := strings.Split(strings.ToLower(strings.TrimSpace(s)), ":")
	if len(parts) == 2 {
		parts = append([]string{"0"}, parts...)
	}
	if len(parts) != 3 {
		return "", fmt.Errorf("%q is not a PCI bus id; write domain:bus:device.function, e.g. \"0000:1b:00.0\"", s)
	}
	dev, fn, ok := strings.Cut(parts[2], ".")
	if !ok {
		return "", fmt.Errorf("%q has no function number; write e.g. \"0000:1b:00.0\"", s)
	}
	var v [4]uint64
	for i, p := range []string{parts[0], parts[1], dev, fn} {
		n, err := strconv.ParseUint(p, 16, 32)
		if err != nil || p == "" {
			return "", fmt.Errorf("%q: %q is not a hex number", s, p)
		}
		v[i] = n
	}
	if v[1] > 0xff || v[2] > 0xff || v[3] > 0xf {
		return "", fmt.Errorf("%q is out of range: bus and device take 2 hex digits, the function 1", s)
	}
	return fmt.Sprintf("%04x:%02x:%02x.%x", v[0], v[1], v[2], v[3]), nil
}

// ParseCPUList parses a Linux CPU list ("0-55,112-167", as in sysfs
// cpulist and numactl) into sorted, distinct CPU numbers.
func ParseCPUList(s string) ([]int, error) {
	var out []int
	seen := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil || a < 0 {
			return nil, fmt.Errorf("%q is not a CPU list; write ranges such as \"0-55,112-167\"", s)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return nil, fmt.Errorf("%q: %q is not an ascending range", s, part)
			}
		}
		if b >= MaxCPUs {
			return nil, fmt.Errorf("%q names CPU %d; NCCL reads at most %d CPUs (32 cpumap words)", s, b, MaxCPUs)
		}
		for c := a; c <= b; c++ {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	sort.Ints(out)
	return out, nil
}

// MaxCPUs is the number of CPUs an NCCL affinity can name: NCCL reads at
// most 32 cpumap words of 32 bits (nccl-topo-xml.md §4.2).
const MaxCPUs = 32 * 32

// FormatCPUList writes sorted CPU numbers as a Linux CPU list
// ("0-55,112-167").
func FormatCPUList(cpus []int) string {
	var b strings.Builder
	for i := 0; i < len(cpus); {
		j := i
		for j+1 < len(cpus) && cpus[j+1] == cpus[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		if i == j {
			fmt.Fprintf(&b, "%d", cpus[i])
		} else {
			fmt.Fprintf(&b, "%d-%d", cpus[i], cpus[j])
		}
		i = j + 1
	}
	return b.String()
}

// FormatCPUMap writes CPUs as sysfs cpumap text with the given number of
// 32-bit words (at least enough for the highest CPU): 8 hex digits per word,
// most significant word first, the way the kernel prints
// /sys/devices/system/node/node<N>/cpumap.
func FormatCPUMap(cpus []int, words int) string {
	for _, c := range cpus {
		words = max(words, c/32+1)
	}
	w := make([]uint32, max(words, 1))
	for _, c := range cpus {
		w[c/32] |= 1 << (c % 32)
	}
	parts := make([]string, len(w))
	for i := range w {
		parts[len(w)-1-i] = fmt.Sprintf("%08x", w[i])
	}
	return strings.Join(parts, ",")
}

// CPUMapWords returns the number of 32-bit words a cpumap needs for CPUs
// 0..maxCPU.
func CPUMapWords(maxCPU int) int { return maxCPU/32 + 1 }

// NICFunction returns the PCI function of server NIC n in its server's
// node model (ServerModel.PCI): the k-th NIC function of n's role for the
// k-th NIC of that role among the server's components, in node order (as
// the node model declares them); nil for a node that is not a server's
// NIC, or whose model lists no such function.
func (g *Graph) NICFunction(n NodeID) *PCIFunction {
	nd := &g.Nodes[n]
	if nd.Kind != KindNIC || nd.Parent == None {
		return nil
	}
	var sm *ServerModel
	for i := range g.ServerModels {
		if g.ServerModels[i].Name == g.Nodes[nd.Parent].ModelName() {
			sm = &g.ServerModels[i]
			break
		}
	}
	if sm == nil {
		return nil
	}
	k := 0
	for _, c := range g.Children(nd.Parent) {
		if c == n {
			break
		}
		if o := &g.Nodes[c]; o.Kind == KindNIC && o.RoleName() == nd.RoleName() {
			k++
		}
	}
	for i := range sm.PCI {
		if f := &sm.PCI[i]; f.Kind == PCINIC && f.Role == nd.RoleName() {
			if k == 0 {
				return f
			}
			k--
		}
	}
	return nil
}

// NICDeviceName returns the operating system's network device name of
// port p of server NIC p.Node (PCIFunction.NetNames: "mlx5_0"), and false
// when its node model does not name it. A NIC with one name for several
// ports (one PCI function) has that name on each.
func (g *Graph) NICDeviceName(p Port) (string, bool) {
	f := g.NICFunction(p.Node)
	switch {
	case f == nil || len(f.NetNames) == 0:
		return "", false
	case len(f.NetNames) == 1:
		return f.NetNames[0], true
	case p.Port >= 0 && int(p.Port) < len(f.NetNames):
		return f.NetNames[p.Port], true
	}
	return "", false
}

// HostName returns the name hand-offs give server or host n (Slurm and
// Kubernetes node names, UFM's node descriptions): its hostname when its
// node group sets one (Hostnames), else its design name with every byte
// outside letters, digits, '-', '_' and '.' written '-' ("su0/node05" is
// "su0-node05"), as docs/language.md's `hostname` says.
func (g *Graph) HostName(n NodeID) string {
	if h, ok := g.Hostnames[n]; ok {
		return h
	}
	return DashName(g.Nodes[n].Name)
}

// DashName writes every byte of s outside letters, digits, '-', '_' and
// '.' as '-': the characters Slurm takes in a name, and the form every
// hand-off gives a design name ("su0/node05" is "su0-node05").
func DashName(s string) string {
	var b []byte // a copy once a byte changes: most names keep theirs
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_', c == '.':
		default:
			if b == nil {
				b = []byte(s)
			}
			b[i] = '-'
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}
