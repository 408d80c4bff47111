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
	// bus id, an unconfirmed one, and none (left out of the file).
	MadeUp, Unconfirmed, Omitted []string
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
	r := Result{Paths: Paths(g, sm)}
	where := func(o ir.OriginID) string {
		rng := g.Range(o)
		if rng.Filename == "" {
			return ""
		}
		return fmt.Sprintf(" (%s:%d)", rng.Filename, rng.Start.Line)
	}
	stated := false
	for _, f := range sm.PCI {
		if f.BusID != "" && !f.BusIDMadeUp {
			stated = true
		}
	}
	// Which functions are written: those with a bus id, and switches with
	// a written function below them.
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
	full := sm.NCCLDetail == "full"
	for i, f := range sm.PCI {
		switch {
		case !keep[i] && f.Kind != ir.PCISwitch:
			r.Omitted = append(r.Omitted, f.Name)
		case keep[i] && f.BusIDMadeUp:
			r.MadeUp = append(r.MadeUp, f.Name+" "+f.BusID)
		case keep[i] && f.BusIDUnconfirmed:
			r.Unconfirmed = append(r.Unconfirmed, f.Name+" "+f.BusID)
		}
	}
	r.Header = header(sm, &r)
	if !stated {
		return r
	}
	miss := func(format string, args ...any) { r.Missing = append(r.Missing, fmt.Sprintf(format, args...)) }

	root := &topoxml.Element{Name: "system", Attrs: []topoxml.Attr{{Key: "version", Value: "1"}}}
	cpus := make([]*topoxml.Element, len(sm.NUMA))
	for i, n := range sm.NUMA {
		c := root.Add("cpu", "numaid", strconv.Itoa(int(n.ID)))
		cpus[i] = c
		at := fmt.Sprintf("cpu numaid %d", n.ID)
		set := func(key, value, how string) {
			if value != "" {
				c.Attrs = append(c.Attrs, topoxml.Attr{Key: key, Value: value})
			} else if how != "" {
				miss("%s has no %s: %s%s", at, key, how, where(sm.Origin))
			}
		}
		set("affinity", n.Affinity, "give its CPUs in the node model's cpu block: numa { id = "+strconv.Itoa(int(n.ID))+", cpus = \"...\" }")
		set("arch", n.Arch, "set arch in the cpu block (\"x86_64\", \"arm64\" or \"ppc64\")")
		vendorHow := ""
		if strings.HasPrefix(n.Arch, "x86_64") {
			vendorHow = "set vendor in the cpu block (the CPUID string, \"GenuineIntel\" or \"AuthenticAMD\"); NCCL requires it on x86_64"
		}
		set("vendor", n.Vendor, vendorHow)
		idHow := ""
		if n.Vendor == "GenuineIntel" || n.Vendor == "CentaurHauls" || n.Vendor == "  Shanghai  " {
			idHow = "set family and model_id in the cpu block (CPUID, as NCCL computes them); NCCL requires them for this vendor"
		}
		set("familyid", optInt(n.Family), idHow)
		set("modelid", optInt(n.Model), idHow)
	}
	// NVML numbers GPUs in PCI bus-id order, which is what NCCL's dev is.
	var gpuBus []string
	for i, f := range sm.PCI {
		if f.Kind == ir.PCIGPU && keep[i] {
			gpuBus = append(gpuBus, f.BusID)
		}
	}
	sort.Strings(gpuBus)
	els := make([]*topoxml.Element, len(sm.PCI))
	for i := range sm.PCI {
		f := &sm.PCI[i]
		if !keep[i] {
			if full && f.Kind == ir.PCINIC && len(f.NetNames) > 0 && f.Parent == ir.None {
				addNIC(cpus[f.NUMA], f)
			}
			continue
		}
		parent := cpus[f.NUMA]
		if f.Parent != ir.None {
			parent = els[f.Parent]
		}
		e := parent.Add("pci", "busid", f.BusID)
		els[i] = e
		at := fmt.Sprintf("pci %s (%s)", f.BusID, f.Name)
		if f.Class != "" {
			e.Set("class", f.Class)
		} else {
			miss("%s has no class: %s%s", at, classHow(f), where(f.Origin))
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
			miss("%s has no link_speed: %s%s", at, linkHow(f, "gen"), where(f.Origin))
		}
		if f.LinkWidth > 0 {
			e.Set("link_width", strconv.Itoa(int(f.LinkWidth)))
		} else {
			miss("%s has no link_width: %s%s", at, linkHow(f, "width"), where(f.Origin))
		}
		switch {
		case f.BusIDMadeUp:
			e.Comment = "made-up bus id: the real one is not published"
		case f.BusIDUnconfirmed:
			e.Comment = "bus id unconfirmed: check with lspci -D"
		}
		if !full {
			continue
		}
		switch f.Kind {
		case ir.PCIGPU:
			if sm.GPUSM == 0 {
				miss("%s: detail \"full\" needs the GPUs' compute capability: set compute_capability in the gpu_model%s", at, where(sm.Origin))
				continue
			}
			gpu := e.Add("gpu", "dev", strconv.Itoa(sort.SearchStrings(gpuBus, f.BusID)), "sm", strconv.Itoa(int(sm.GPUSM)))
			if sm.NVLinksPerGPU > 0 {
				gpu.Add("nvlink", "target", nvsTarget, "count", strconv.Itoa(int(sm.NVLinksPerGPU)), "tclass", classNVSwitch)
			}
		case ir.PCINIC:
			if len(f.NetNames) == 0 {
				miss("%s: detail \"full\" needs the NIC's network device names (NCCL matches them to its plugin's devices): set names in the nic block's pci block%s", at, where(f.Origin))
				continue
			}
			addNIC(e, f)
		}
	}
	if full {
		for i, f := range sm.PCI {
			if f.Kind == ir.PCIGPU && !keep[i] {
				miss("%s: detail \"full\" needs every GPU's bus id (NCCL's dev is the GPU's rank in bus-id order): set gpu_pci bus_ids%s", f.Name, where(f.Origin))
				break
			}
		}
	}
	if n := root.Count(); n > topoxml.Budget {
		miss("the file would have %d elements, more than topoc's budget of %d (NCCL loads at most %d, and detection adds to the same buffer): use nccl_detail = \"skeleton\"", n, topoxml.Budget, topoxml.MaxNodes-1)
	}
	root.Walk(func(el, _ *topoxml.Element, _ int) {
		if len(el.Children) > topoxml.MaxChildrenOld {
			miss("<%s> would have %d children; NCCL ≤ 2.20 holds at most %d per element", el.Name, len(el.Children), topoxml.MaxChildrenOld)
		}
	})
	if len(r.Missing) == 0 {
		r.Tree = root
	}
	return r
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
	return h
}

func itoa(i int) string { return strconv.Itoa(i) }
