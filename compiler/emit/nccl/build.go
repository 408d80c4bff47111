package nccl

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/emit/nccl/topoxml"
	"github.com/topoc/topoc/compiler/ir"
)

// nvsTarget is the bus id NCCL itself writes as the target of NVLinks to
// NVSwitches it cannot see (VMs, GB200; nccl-topo-xml.md §4.5). For an
// NVSwitch target NCCL does not use the value to identify anything: all
// such links attach to one shared NVS node.
const nvsTarget = "fffffff:ff:ff.0"

// classNVSwitch is the PCI class of an NVSwitch (nodes.md §1).
const classNVSwitch = "0x068000"

// Result is the NCCL topology file of one node model.
type Result struct {
	// Tree is the <system> element, or nil when the model gives no bus id
	// at all (it was not written for NCCL) or misses required values.
	Tree *topoxml.Element
	// Header is the comment written before the root.
	Header []string
	// Paths holds each GPU's nearest NIC and path class.
	Paths []GPUPath
	// Missing lists required values the model does not give, each naming
	// the element, the attribute and where to state it; non-empty means
	// Tree is nil.
	Missing []string
	// MadeUp, Unconfirmed and Omitted name the functions with a made-up
	// bus id, an unconfirmed one, and none (left out of the file);
	// SocketNICs the NICs without a bus id that full detail writes under
	// their <cpu> (socketNIC).
	MadeUp, Unconfirmed, Omitted, SocketNICs []string
}

// Build turns a compiled node model into its NCCL topology file: one
// <cpu> per NUMA domain with numaid, affinity, arch, vendor (x86_64) and
// familyid and modelid (Intel and Zhaoxin, and wherever the model states
// them), and one <pci> per PCIe function that has a bus id, with busid,
// class, vendor ids where stated, link_speed (NCCL's table, "N.0 GT/s
// PCIe") and link_width. A switch is written when something below it is;
// a switch whose bus id topoc made up also gets the vendor, device and
// subsystem ids 0x0000 (as Azure's files do, so that NCCL never takes it
// for a Broadcom switch to flatten) unless the model states others. In
// "full" detail, GPUs get a <gpu dev sm> child (dev is the NVML index: the
// GPU's rank in bus-id order) with one <nvlink> to the NVSwitches, and
// NICs a <nic> with one <net name speed port> per port; a NIC without a bus
// id hangs from its <cpu> as NCCL writes socket NICs.
//
// Values are never guessed: a required value the model does not give is
// listed in Missing, with where to state it, and no tree is built.
func Build(g *ir.Graph, sm *ir.ServerModel) Result {
	b := &xmlBuild{g: g, sm: sm, r: Result{Paths: Paths(g, sm)}, keep: written(sm), full: sm.NCCLDetail == "full"}
	b.listBusIDs()
	b.r.Header = header(sm, &b.r)
	if !busIDsStated(sm) {
		return b.r
	}
	root := &topoxml.Element{Name: "system", Attrs: []topoxml.Attr{{Key: "version", Value: "1"}}}
	cpus := b.cpuElements(root)
	b.pciElements(cpus, gpuBusOrder(sm, b.keep))
	b.checkEveryGPU()
	b.checkSize(root)
	if len(b.r.Missing) == 0 {
		b.r.Tree = root
	}
	return b.r
}

// xmlBuild is one run of Build: the node model, which of its PCI
// functions are written (keep), the detail, and the result being built.
type xmlBuild struct {
	g    *ir.Graph
	sm   *ir.ServerModel
	r    Result
	keep []bool
	full bool
}

// miss records a required value the model does not give.
func (b *xmlBuild) miss(format string, args ...any) {
	b.r.Missing = append(b.r.Missing, fmt.Sprintf(format, args...))
}

// where is " (FILE:LINE)" of origin o, or "" when it has no file.
func (b *xmlBuild) where(o ir.OriginID) string {
	rng := b.g.Range(o)
	if rng.Filename == "" {
		return ""
	}
	return fmt.Sprintf(" (%s:%d)", rng.Filename, rng.Start.Line)
}

// busIDsStated reports whether the model states a bus id of its own for
// some function: a model with only made-up ones was not written for NCCL.
func busIDsStated(sm *ir.ServerModel) bool {
	for _, f := range sm.PCI {
		if f.BusID != "" && !f.BusIDMadeUp {
			return true
		}
	}
	return false
}

// written returns which PCI functions are written: those with a bus id,
// and the switches with a written function below them (parents come
// before their children in sm.PCI, so one backward pass reaches them).
func written(sm *ir.ServerModel) []bool {
	keep := make([]bool, len(sm.PCI))
	for i := len(sm.PCI) - 1; i >= 0; i-- {
		f := &sm.PCI[i]
		if f.Kind != ir.PCISwitch && f.BusID != "" {
			keep[i] = true
		}
		if keep[i] && f.Parent != ir.None {
			keep[f.Parent] = true
		}
	}
	return keep
}

// listBusIDs names, for the header, the functions left out (no bus id)
// and those written with a made-up or an unconfirmed bus id.
func (b *xmlBuild) listBusIDs() {
	for i, f := range b.sm.PCI {
		switch {
		case !b.keep[i] && b.socketNIC(&f):
			b.r.SocketNICs = append(b.r.SocketNICs, f.Name)
		case !b.keep[i] && f.Kind != ir.PCISwitch:
			b.r.Omitted = append(b.r.Omitted, f.Name)
		case b.keep[i] && f.BusIDMadeUp:
			b.r.MadeUp = append(b.r.MadeUp, f.Name+" "+f.BusID)
		case b.keep[i] && f.BusIDUnconfirmed:
			b.r.Unconfirmed = append(b.r.Unconfirmed, f.Name+" "+f.BusID)
		}
	}
}

// cpuElements adds one <cpu> per NUMA domain under root, with the
// attributes NCCL reads, and returns them by NUMA index.
func (b *xmlBuild) cpuElements(root *topoxml.Element) []*topoxml.Element {
	cpus := make([]*topoxml.Element, len(b.sm.NUMA))
	for i, n := range b.sm.NUMA {
		c := root.Add("cpu", "numaid", strconv.Itoa(int(n.ID)))
		cpus[i] = c
		at := fmt.Sprintf("cpu numaid %d", n.ID)
		set := func(key, value, how string) {
			if value != "" {
				c.Attrs = append(c.Attrs, topoxml.Attr{Key: key, Value: value})
			} else if how != "" {
				b.miss("%s has no %s: %s%s", at, key, how, b.where(b.sm.Origin))
			}
		}
		set("affinity", n.Affinity, "give its CPUs in the node model's cpu block: numa { id = "+strconv.Itoa(int(n.ID))+", cpus = \"...\" }")
		set("arch", n.Arch, "set arch in the cpu block (\"x86_64\", \"arm64\" or \"ppc64\")")
		set("vendor", n.Vendor, vendorHow(n))
		set("familyid", optInt(n.Family), cpuIDHow(n))
		set("modelid", optInt(n.Model), cpuIDHow(n))
	}
	return cpus
}

// vendorHow says how to state a CPU's vendor where NCCL requires it
// (x86_64), or "" where it does not.
func vendorHow(n ir.NUMANode) string {
	if strings.HasPrefix(n.Arch, "x86_64") {
		return "set vendor in the cpu block (the CPUID string, \"GenuineIntel\" or \"AuthenticAMD\"); NCCL requires it on x86_64"
	}
	return ""
}

// cpuIDHow says how to state a CPU's family and model ids where NCCL
// requires them (Intel and Zhaoxin vendors), or "" where it does not.
func cpuIDHow(n ir.NUMANode) string {
	if n.Vendor == "GenuineIntel" || n.Vendor == "CentaurHauls" || n.Vendor == "  Shanghai  " {
		return "set family and model_id in the cpu block (CPUID, as NCCL computes them); NCCL requires them for this vendor"
	}
	return ""
}

// gpuBusOrder returns the written GPUs' bus ids sorted: NVML numbers GPUs
// in PCI bus-id order, which is what NCCL's dev is.
func gpuBusOrder(sm *ir.ServerModel, keep []bool) []string {
	var bus []string
	for i, f := range sm.PCI {
		if f.Kind == ir.PCIGPU && keep[i] {
			bus = append(bus, f.BusID)
		}
	}
	sort.Strings(bus)
	return bus
}

// pciElements adds one <pci> per written function under its switch or
// its NUMA domain's <cpu>, with full detail's <gpu> and <nic> children;
// a socket NIC without a bus id (full detail) hangs from its <cpu>.
func (b *xmlBuild) pciElements(cpus []*topoxml.Element, gpuBus []string) {
	els := make([]*topoxml.Element, len(b.sm.PCI))
	for i := range b.sm.PCI {
		f := &b.sm.PCI[i]
		if !b.keep[i] {
			if b.socketNIC(f) {
				addNIC(cpus[f.NUMA], f)
			}
			continue
		}
		parent := cpus[f.NUMA]
		if f.Parent != ir.None {
			parent = els[f.Parent]
		}
		els[i] = b.pciElement(parent, f)
		if b.full {
			b.fullDetail(els[i], f, gpuBus)
		}
	}
}

// socketNIC reports whether full detail writes function f, a NIC under
// no PCIe switch with device names, straight under its <cpu> when it has
// no bus id, as NCCL writes socket NICs. NCCL keeps such a net there:
// ncclTopoFillNet (src/graph/xml.cc) returns a net the file names before
// it looks at the device's PCI path.
func (b *xmlBuild) socketNIC(f *ir.PCIFunction) bool {
	return b.full && f.Kind == ir.PCINIC && len(f.NetNames) > 0 && f.Parent == ir.None
}

// pciElement adds function f's <pci> under parent: bus id, class, the
// vendor and device ids (0x0000 for a switch whose bus id topoc made up,
// unless the model states others), link speed and width, and a comment
// on a made-up or unconfirmed bus id.
func (b *xmlBuild) pciElement(parent *topoxml.Element, f *ir.PCIFunction) *topoxml.Element {
	e := parent.Add("pci", "busid", f.BusID)
	at := fmt.Sprintf("pci %s (%s)", f.BusID, f.Name)
	if f.Class != "" {
		e.Set("class", f.Class)
	} else {
		b.miss("%s has no class: %s%s", at, classHow(f), b.where(f.Origin))
	}
	ids := [4]string{f.VendorID, f.DeviceID, f.SubsystemVendorID, f.SubsystemDeviceID}
	if f.BusIDMadeUp && ids == [4]string{} {
		ids = [4]string{"0x0000", "0x0000", "0x0000", "0x0000"}
	}
	for k, key := range []string{"vendor", "device", "subsystem_vendor", "subsystem_device"} {
		if ids[k] != "" {
			e.Set(key, ids[k])
		}
	}
	if s := topoxml.LinkSpeedString(int(f.LinkGen)); s != "" {
		e.Set("link_speed", s)
	} else {
		b.miss("%s has no link_speed: %s%s", at, linkHow(f, "gen"), b.where(f.Origin))
	}
	if f.LinkWidth > 0 {
		e.Set("link_width", strconv.Itoa(int(f.LinkWidth)))
	} else {
		b.miss("%s has no link_width: %s%s", at, linkHow(f, "width"), b.where(f.Origin))
	}
	switch {
	case f.BusIDMadeUp:
		e.Comment = "made-up bus id: the real one is not published"
	case f.BusIDUnconfirmed:
		e.Comment = "bus id unconfirmed: check with lspci -D"
	}
	return e
}

// fullDetail adds full detail's children to function f's <pci> e: a GPU's
// <gpu dev sm> (dev its rank in gpuBus) with one <nvlink> to the
// NVSwitches, a NIC's <nic> with its ports.
func (b *xmlBuild) fullDetail(e *topoxml.Element, f *ir.PCIFunction, gpuBus []string) {
	at := fmt.Sprintf("pci %s (%s)", f.BusID, f.Name)
	switch f.Kind {
	case ir.PCIGPU:
		if b.sm.GPUSM == 0 {
			b.miss("%s: detail \"full\" needs the GPUs' compute capability: set compute_capability in the gpu_model%s", at, b.where(b.sm.Origin))
			return
		}
		gpu := e.Add("gpu", "dev", strconv.Itoa(sort.SearchStrings(gpuBus, f.BusID)), "sm", strconv.Itoa(int(b.sm.GPUSM)))
		if b.sm.NVLinksPerGPU > 0 {
			gpu.Add("nvlink", "target", nvsTarget, "count", strconv.Itoa(int(b.sm.NVLinksPerGPU)), "tclass", classNVSwitch)
		}
		for _, p := range b.peers(f.Index) {
			gpu.Add("nvlink", "target", p.busID, "count", strconv.Itoa(int(p.links)), "tclass", p.class)
		}
	case ir.PCINIC:
		if len(f.NetNames) == 0 {
			b.miss("%s: detail \"full\" needs the NIC's network device names (NCCL matches them to its plugin's devices): set names in the nic block's pci block%s", at, b.where(f.Origin))
			return
		}
		addNIC(e, f)
	}
}

// gpuPeer is one <nvlink> of a GPU to a peer GPU: the peer's bus id and
// PCI class, and the links of the pair.
type gpuPeer struct {
	busID, class string
	links        int32
}

// peers lists the NVLink peers of GPU gpu (ir.ServerModel.NVLinkPeers)
// in bus-id order: NCCL reads a GPU's <nvlink> children in any order
// (its own dumps list them by NVLink port, as a DGX-1V dump in
// NVIDIA/nccl issue #671 shows). The target class is the peer's, else
// "0x030200": NCCL reads only its "0x03" prefix as a GPU target
// (nccl-topo-xml.md §4.5). Peers without a bus id are left out; full
// detail has already listed them as missing (checkEveryGPU).
func (b *xmlBuild) peers(gpu int32) []gpuPeer {
	var out []gpuPeer
	for _, p := range b.sm.NVLinkPeers {
		other := p.B
		switch gpu {
		case p.A:
		case p.B:
			other = p.A
		default:
			continue
		}
		for i := range b.sm.PCI {
			if f := &b.sm.PCI[i]; f.Kind == ir.PCIGPU && f.Index == other && f.BusID != "" {
				class := f.Class
				if class == "" {
					class = "0x030200"
				}
				out = append(out, gpuPeer{busID: f.BusID, class: class, links: p.Links})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].busID < out[j].busID })
	return out
}

// checkEveryGPU: full detail needs every GPU's bus id, since NCCL's dev
// is the GPU's rank in bus-id order (the first GPU without one named).
func (b *xmlBuild) checkEveryGPU() {
	if !b.full {
		return
	}
	for i, f := range b.sm.PCI {
		if f.Kind == ir.PCIGPU && !b.keep[i] {
			b.miss("%s: detail \"full\" needs every GPU's bus id (NCCL's dev is the GPU's rank in bus-id order): set gpu_pci bus_ids%s", f.Name, b.where(f.Origin))
			return
		}
	}
}

// checkSize holds the file to topoc's element budget and to the children
// per element NCCL ≤ 2.20 reads.
func (b *xmlBuild) checkSize(root *topoxml.Element) {
	if n := root.Count(); n > topoxml.Budget {
		b.miss("the file would have %d elements, more than topoc's budget of %d (NCCL loads at most %d, and detection adds to the same buffer): use nccl_detail = \"skeleton\"", n, topoxml.Budget, topoxml.MaxNodes-1)
	}
	root.Walk(func(el, _ *topoxml.Element, _ int) {
		if len(el.Children) > topoxml.MaxChildrenOld {
			b.miss("<%s> would have %d children; NCCL ≤ 2.20 holds at most %d per element", el.Name, len(el.Children), topoxml.MaxChildrenOld)
		}
	})
}

// addNIC adds <nic> with one <net> per port under parent. The speed is in
// Mb/s (NCCL's unit; omitted when the NIC has no model, so that NCCL's
// plugin fills it); ports are numbered from 1 as NCCL's IB plugin does.
func addNIC(parent *topoxml.Element, f *ir.PCIFunction) {
	nic := parent.Add("nic")
	for p, name := range f.NetNames {
		net := nic.Add("net", "name", name)
		if f.PortRateBPS > 0 {
			net.Set("speed", strconv.FormatInt(int64(f.PortRateBPS/1e6+0.5), 10))
		}
		net.Set("port", strconv.Itoa(p+1))
	}
}

func optInt(v int32) string {
	if v == ir.None {
		return ""
	}
	return strconv.Itoa(int(v))
}

// classHow says where a function's class is stated.
func classHow(f *ir.PCIFunction) string {
	switch f.Kind {
	case ir.PCIGPU:
		return "set class in the gpu_pci block"
	case ir.PCINIC:
		return fmt.Sprintf("set class in nic %q's pci block, or protocol in its nic_model (infiniband: 0x020700, ethernet: 0x020000)", f.Role)
	case ir.PCISwitch:
		return "set class in the pcie_switch block"
	}
	return fmt.Sprintf("set class in pci_device %q", f.Name)
}

// linkHow says where a function's PCIe generation or width is stated.
func linkHow(f *ir.PCIFunction, what string) string {
	switch f.Kind {
	case ir.PCIGPU:
		return "set " + what + " in the gpu_pci block, or pcie_" + what + " in the gpu_model"
	case ir.PCINIC:
		return fmt.Sprintf("set %s in nic %q's pci block, or pcie_%s in its nic_model", what, f.Role, what)
	case ir.PCISwitch:
		return "set " + what + " in the pcie_switch block"
	}
	return fmt.Sprintf("set %s in pci_device %q", what, f.Name)
}

// header is the comment written before the root: what the file is, the
// predicted GPU-NIC paths, and which bus ids are made up or unconfirmed.
func header(sm *ir.ServerModel, r *Result) []string {
	detail := "skeleton: cpu and pci elements; NCCL detects GPUs, NICs and NVLinks"
	if sm.NCCLDetail == "full" {
		detail = "full: cpu, pci, gpu, nic and net elements; these values override NCCL's detection"
	}
	h := []string{
		fmt.Sprintf(" NCCL_TOPO_FILE for node model %q, written by topoc (%s).", sm.Name, detail),
		" Predicted GPU-NIC paths (NCCL 2.30 rules; nearest compute NIC per GPU). GDR is on when",
		" the path is PIX or PXB, or P2C on Grace with NCCL_NET_GDR_C2C=1 (2.30 default), and the",
		" NIC and driver support it (nvidia-peermem).",
	}
	if len(r.Paths) == 0 {
		h = append(h, " (no GPU or no server of this model in the design)")
	}
	for _, l := range pathTable(sm, r.Paths) {
		if len(r.Paths) > 0 {
			h = append(h, "   "+l)
		}
	}
	if len(r.MadeUp) > 0 {
		h = append(h, " Made-up switch bus ids (not published; NCCL needs only that they collide with no device):",
			"   "+strings.Join(r.MadeUp, ", "))
	}
	if len(r.Unconfirmed) > 0 {
		h = append(h, " Unconfirmed bus ids (stated without a source; check with lspci -D before deploying):",
			"   "+strings.Join(r.Unconfirmed, ", "))
	}
	if len(r.Omitted) > 0 {
		h = append(h, " Left out, no bus id (NCCL detects them and places them from sysfs):",
			"   "+strings.Join(r.Omitted, ", "))
	}
	if len(r.SocketNICs) > 0 {
		h = append(h, " Written under their cpu, no bus id (NCCL's ncclTopoFillNet keeps a net named in the file where the file puts it):",
			"   "+strings.Join(r.SocketNICs, ", "))
	}
	return h
}

func itoa(i int) string { return strconv.Itoa(i) }
