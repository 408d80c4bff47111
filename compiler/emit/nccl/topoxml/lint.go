package topoxml

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// Lint checks an NCCL topology file against what NCCL 2.30 (and older
// versions still in service) does with it, and explains each finding: the
// parser's fatal errors and quirks (Parse), the element tree, the
// attributes NCCL requires, values NCCL misreads, duplicates, attributes
// NCCL sets itself, PCIe links that become bottlenecks, and every GPU
// whose nearest NIC is too far for GPUDirect RDMA. The rules and their
// sources are listed in docs/nccl.md; severities are documented per code
// in docs/diagnostics.md. Findings come in file order.
func Lint(filename string, src []byte) hcl.Diagnostics {
	doc, diags := Parse(filename, src)
	if diags.HasErrors() {
		return diags
	}
	return LintDocument(filename, doc, diags)
}

// LintDocument is Lint on a parsed document; diags are Parse's findings.
func LintDocument(filename string, doc *Document, diags hcl.Diagnostics) hcl.Diagnostics {
	l := &linter{diags: diags, file: filename}
	l.structure(doc)
	if sys := doc.System(); sys != nil {
		l.system(sys)
		l.gdr(sys)
	}
	diag.Sort(l.diags)
	return l.diags
}

type linter struct {
	file  string
	diags hcl.Diagnostics
	// busids maps each bus id to the element first using it.
	busids map[string]*Element
}

func (l *linter) add(sev diag.Severity, code diag.Code, rng hcl.Range, summary, detail string) {
	l.diags = append(l.diags, diag.New(sev, code, rng, summary, detail))
}

// structure checks the roots and the elements NCCL skips.
func (l *linter) structure(doc *Document) {
	start := hcl.Range{Filename: l.file, Start: hcl.Pos{Line: 1, Column: 1}, End: hcl.Pos{Line: 1, Column: 1}}
	if len(doc.Roots) == 0 {
		l.add(diag.SevWarning, diag.NCCLStructure, start, "Empty file",
			"The file holds no element; NCCL behaves as if there were no file and detects the topology itself.")
		return
	}
	systems := 0
	for _, r := range doc.Roots {
		if !r.Ignored {
			systems++
			if systems == 2 {
				l.add(diag.SevWarning, diag.NCCLStructure, r.Range, "Second <system> root",
					"NCCL builds its topology from the first <system> only, but searches every root for bus ids, so a device listed here can be captured and lost. Keep one root.")
			}
		}
	}
	if systems == 0 {
		l.add(diag.SevError, diag.NCCLStructure, doc.Roots[0].Range, "No <system> root",
			fmt.Sprintf("NCCL logs \"Ignoring element %s\" and then behaves as if there were no file: element names are case-sensitive and the root must be <system version=\"1\">.", doc.Roots[0].Name))
	}
	var rec func(e, parent *Element)
	rec = func(e, parent *Element) {
		if e.Ignored && parent != nil && !parent.Ignored && len(children[parent.Name]) > 0 {
			where := "<" + parent.Name + ">"
			l.add(diag.SevWarning, diag.NCCLStructure, e.Range, "Ignoring element "+e.Name,
				fmt.Sprintf("NCCL loads %s under %s, not %s: it skips this element and everything below it (INFO \"Ignoring element %s\").", strings.Join(children[parent.Name], ", "), where, e.Name, e.Name))
		}
		if e.Ignored && parent != nil && !parent.Ignored && len(children[parent.Name]) == 0 {
			l.add(diag.SevWarning, diag.NCCLStructure, e.Range, "Ignoring element "+e.Name,
				fmt.Sprintf("NCCL reads no children of <%s>; it skips this element.", parent.Name))
		}
		for _, c := range e.Children {
			rec(c, e)
		}
	}
	for _, r := range doc.Roots {
		if !r.Ignored {
			for _, c := range r.Children {
				rec(c, r)
			}
		}
	}
	if doc.Loaded > Budget {
		l.add(diag.SevWarning, diag.NCCLLimit, start, "Large file",
			fmt.Sprintf("NCCL loads %d elements from this file; its buffer holds %d, and detection and intra-node fusion add nodes to the same buffer (\"Error : too many XML nodes (max 256)\"). Keep files under about %d: drop gpu, nic and net elements and let NCCL detect them.", doc.Loaded, MaxNodes, Budget))
	}
}

// system checks the root and everything below it.
func (l *linter) system(sys *Element) {
	v, ok := sys.Get("version")
	switch {
	case !ok:
		l.add(diag.SevError, diag.NCCLMissingAttribute, sys.Range, "system has no version",
			"NCCL fails with \"Attribute version of node system not found\". Write <system version=\"1\">.")
	default:
		n, isNum := Strtol(v)
		if !isNum || n != 1 {
			l.add(diag.SevError, diag.NCCLValue, sys.AttrRange("version"), "Wrong topology version",
				fmt.Sprintf("version=%q reads as %d; NCCL fails with \"XML Topology has wrong version %d, 1 needed\". Write version=\"1\", the only version there is.", v, n, n))
		} else if v != "1" {
			l.add(diag.SevWarning, diag.NCCLValue, sys.AttrRange("version"), "Unusual version",
				fmt.Sprintf("version=%q reads as 1 through Strtol, but write \"1\".", v))
		}
	}
	l.busids = map[string]*Element{}
	numaids := map[string]*Element{}
	var cpus []*Element
	sys.Walk(func(e, parent *Element, depth int) {
		if len(e.Children) > MaxChildrenOld {
			l.add(diag.SevWarning, diag.NCCLLimit, e.Range, "Many children",
				fmt.Sprintf("<%s> has %d children; NCCL ≤ 2.20 holds %d per element without bounds checking (memory corruption), and a switch with more than 31 children overflows its link table there.", e.Name, len(e.Children), MaxChildrenOld))
		}
		l.internal(e)
		switch e.Name {
		case "cpu":
			if depth == 1 {
				l.cpu(e, numaids)
				cpus = append(cpus, e)
			}
		case "pci":
			l.pci(e, parent)
		case "gpu":
			l.gpu(e, parent)
		case "net":
			l.net(e)
		case "nic":
			if parent.Name == "cpu" {
				l.add(diag.SevInfo, diag.NCCLNoGDR, e.Range, "NIC directly under a cpu",
					"NCCL links a NIC under <cpu> to the CPU with \"local\" bandwidth, so every GPU reaches it through the CPU (PHB) and GPUDirect RDMA is off for it by default. Fine for a TCP socket NIC; put an RDMA NIC under the pci switch of its GPUs.")
			}
		}
	})
	l.nets(sys)
	l.overlap(cpus)
}

// internal flags attributes NCCL sets itself or that override detection.
func (l *linter) internal(e *Element) {
	for _, a := range e.Attrs {
		switch {
		case a.Key == "keep":
			l.add(diag.SevError, diag.NCCLInternalAttribute, a.Range, "keep in a file",
				"keep is NCCL's internal marker for elements to retain when it trims the tree; in a file it pins elements that no rank uses. Remove it.")
		case a.Key == "rank" && e.Name == "gpu", a.Key == "mlopart" && e.Name == "gpu":
			l.add(diag.SevWarning, diag.NCCLInternalAttribute, a.Range, "NCCL sets "+a.Key+" itself",
				fmt.Sprintf("NCCL overwrites %s for every GPU it uses; a file value only suggests this is an edited dump. Remove it.", a.Key))
		case a.Key == "host_hash" && e.Name == "cpu":
			l.add(diag.SevWarning, diag.NCCLInternalAttribute, a.Range, "host_hash in a file",
				"NCCL 2.27+ overwrites host_hash on every cpu it loads; on 2.22-2.26 a file value that differs from the real host splits the topology into two systems. Remove it.")
		case (a.Key == "dev" || a.Key == "sm" || a.Key == "gdr") && e.Name == "gpu",
			(a.Key == "gdr" || a.Key == "guid" || a.Key == "speed" || a.Key == "maxconn") && e.Name == "net":
			l.add(diag.SevInfo, diag.NCCLInternalAttribute, a.Range, fmt.Sprintf("%s %s overrides detection", e.Name, a.Key),
				fmt.Sprintf("NCCL fills %s only when it is absent, so this value wins over what NCCL detects; keep it only if that is intended.", a.Key))
		}
	}
}

// numAttr checks an integer attribute for NCCL's Strtol reading.
func (l *linter) numAttr(e *Element, key string) {
	v, ok := e.Get(key)
	if !ok || v == "" {
		return
	}
	n, isNum := Strtol(v)
	switch {
	case !isNum:
		l.add(diag.SevError, diag.NCCLValue, e.AttrRange(key), fmt.Sprintf("%s is not a number", key),
			fmt.Sprintf("%s=%q: NCCL reads integers with Strtol and gets 0 here. Write a decimal number.", key, v))
	case len(v) > 1 && v[0] == '0' && v[1] != 'x' && v[1] != 'X':
		dec, _ := Strtol(strings.TrimLeft(v, "0"))
		sev := diag.SevWarning
		if dec != n {
			sev = diag.SevError
		}
		l.add(sev, diag.NCCLValue, e.AttrRange(key), "Zero-padded number",
			fmt.Sprintf("%s=%q: NCCL's Strtol reads a leading 0 as octal, so this is %d. Never zero-pad decimal integers.", key, v, n))
	}
}

func (l *linter) cpu(e *Element, numaids map[string]*Element) {
	id, ok := e.Get("numaid")
	if !ok {
		l.add(diag.SevError, diag.NCCLMissingAttribute, e.Range, "cpu has no numaid",
			"numaid is required (\"Attribute numaid of node cpu not found\"); it must equal the sysfs numa_node of the devices below, e.g. \"0\", or \"-1\" in a VM without NUMA.")
	} else {
		l.numAttr(e, "numaid")
		if prev, dup := numaids[id]; dup {
			l.add(diag.SevWarning, diag.NCCLDuplicate, e.AttrRange("numaid"), "Duplicate numaid",
				fmt.Sprintf("numaid %s is also used at line %d; NCCL finds cpus by exact numaid, so only one of them is ever matched.", id, prev.Range.Start.Line))
		} else {
			numaids[id] = e
		}
	}
	name := "cpu numaid " + id
	missing := func(key, why string) {
		l.add(diag.SevWarning, diag.NCCLMissingAttribute, e.Range, name+" has no "+key, why)
	}
	if aff, ok := e.Get("affinity"); !ok {
		missing("affinity", "NCCL fills it from /sys/devices/system/node/node<numaid>/cpumap only when detection reaches this cpu; in a VM whose NUMA layout differs, the file is the only source. State it in sysfs cpumap form.")
	} else {
		l.affinity(e, aff)
	}
	arch, hasArch := e.Get("arch")
	if !hasArch {
		missing("arch", "arch is required when NCCL builds its graph (\"Attribute arch of node cpu not found\"). NCCL ≥ 2.8 fills it from the build only when a GPU or NIC under this cpu is detected; NCCL ≤ 2.7 fails (NVIDIA/nccl#379). State it: \"x86_64\", \"arm64\" or \"ppc64\".")
	} else if !hasPrefix(arch, knownArch) {
		l.add(diag.SevWarning, diag.NCCLValue, e.AttrRange("arch"), "Unknown arch",
			fmt.Sprintf("arch=%q matches none of x86_64, arm64, ppc64; NCCL falls back to 0 and models the inter-CPU link at 5000 GB/s.", arch))
	}
	vendor, hasVendor := e.Get("vendor")
	if strings.HasPrefix(arch, "x86_64") || !hasArch {
		if !hasVendor {
			missing("vendor", "On x86_64 NCCL requires the CPUID vendor (\"GenuineIntel\", \"AuthenticAMD\") to model the inter-socket link; it fills it from the machine only when detection reaches this cpu.")
		} else if !contains(knownVendors, vendor) {
			l.add(diag.SevWarning, diag.NCCLValue, e.AttrRange("vendor"), "Unknown CPU vendor",
				fmt.Sprintf("vendor=%q is not a CPUID vendor string NCCL knows (GenuineIntel, AuthenticAMD, CentaurHauls, \"  Shanghai  \").", vendor))
		}
	}
	if vendor == "GenuineIntel" || vendor == "CentaurHauls" || vendor == "  Shanghai  " {
		for _, k := range []string{"familyid", "modelid"} {
			if _, ok := e.Get(k); !ok {
				missing(k, "NCCL requires CPUID family and model for "+vendor+" to choose the inter-socket bandwidth (Intel: ≥0xCF ERP 40 GB/s, ≥0x8F SRP 22, ≥0x55 SKL 10, else BDW 6).")
			}
		}
	}
	l.numAttr(e, "familyid")
	l.numAttr(e, "modelid")
}

// affinity checks a cpumap string the way NCCL parses it.
func (l *linter) affinity(e *Element, aff string) {
	rng := e.AttrRange("affinity")
	if strings.ContainsAny(aff, "-") || (!strings.Contains(aff, ",") && len(aff) > 8) {
		l.add(diag.SevError, diag.NCCLValue, rng, "Affinity is not a cpumap",
			fmt.Sprintf("affinity=%q: NCCL reads comma-separated 32-bit hex words (sysfs cpumap, most significant first), not a CPU list; a range list parses to a wrong mask. Write e.g. \"00000000,0000ffff,ffffffff\" for CPUs 0-47.", aff))
		return
	}
	words := strings.Split(aff, ",")
	for i, w := range words {
		ok := w != ""
		for j := 0; j < len(w); j++ {
			ok = ok && isDigit(w[j], 16)
		}
		switch {
		case !ok:
			l.add(diag.SevError, diag.NCCLValue, rng, "Bad affinity word",
				fmt.Sprintf("affinity word %d %q is not hex; NCCL reads it up to the first non-hex character.", i+1, w))
		case len(w) > 8:
			l.add(diag.SevError, diag.NCCLValue, rng, "Affinity word too long",
				fmt.Sprintf("affinity word %d %q has %d digits; each word holds 32 CPUs (8 hex digits).", i+1, w, len(w)))
		case len(w) < 8 && len(words) > 1:
			full := strings.Repeat(string(w[0]), 8-len(w)) + w
			cpus := AffinityCPUs(aff)
			l.add(diag.SevWarning, diag.NCCLValue, rng, "Short affinity word",
				fmt.Sprintf("affinity word %d %q has %d hex digits, not 8. NCCL reads it as 0x%08s, so this cpu has CPUs %s. If %q was meant, CPUs are missing; pad every word to 8 digits.", i+1, w, len(w), w, ir.FormatCPUList(cpus), full))
		}
	}
	if len(words) > 32 {
		l.add(diag.SevWarning, diag.NCCLValue, rng, "Affinity longer than 1024 CPUs",
			fmt.Sprintf("affinity has %d words; NCCL reads only the last 32 (CPUs 0-1023).", len(words)))
	}
	if len(AffinityCPUs(aff)) == 0 {
		l.add(diag.SevError, diag.NCCLValue, rng, "Empty affinity",
			"The mask names no CPU; NCCL would bind this NUMA domain's threads nowhere. Give its CPUs.")
	}
}

// overlap flags cpus whose affinities share CPUs.
func (l *linter) overlap(cpus []*Element) {
	owner := map[int]*Element{}
	for _, c := range cpus {
		aff, ok := c.Get("affinity")
		if !ok {
			continue
		}
		var shared []int
		var other *Element
		for _, cpu := range AffinityCPUs(aff) {
			if o, taken := owner[cpu]; taken && o != c {
				shared, other = append(shared, cpu), o
				continue
			}
			owner[cpu] = c
		}
		if len(shared) > 0 {
			id, _ := c.Get("numaid")
			oid, _ := other.Get("numaid")
			l.add(diag.SevWarning, diag.NCCLDuplicate, c.AttrRange("affinity"), "Overlapping affinity",
				fmt.Sprintf("cpu numaid %s and cpu numaid %s (line %d) share CPUs %s; each NUMA domain has its own CPUs (several published files once had a copy-pasted mask). Check /sys/devices/system/node/node%s/cpumap.", id, oid, other.Range.Start.Line, ir.FormatCPUList(shared), id))
		}
	}
}

// madeUpLooking reports a bus id in the fake ranges clouds use (domain
// ffff), which sysfs never has: NCCL cannot fill anything for it.
func madeUpLooking(busid string) bool { return strings.HasPrefix(busid, "ffff:") }

func (l *linter) pci(e, parent *Element) {
	busid, ok := e.Get("busid")
	if !ok {
		l.add(diag.SevError, diag.NCCLMissingAttribute, e.Range, "pci has no busid",
			"busid is required; it is how NCCL matches the element to a device or a bridge.")
		return
	}
	name := "pci " + busid
	switch canon, err := ir.CanonBusID(busid); {
	case err != nil:
		l.add(diag.SevError, diag.NCCLValue, e.AttrRange("busid"), "Bad bus id",
			fmt.Sprintf("%s. NCCL matches bus ids as exact strings in the form dddd:bb:dd.f.", err))
	case canon != busid:
		l.add(diag.SevError, diag.NCCLValue, e.AttrRange("busid"), "Bus id not in NCCL's form",
			fmt.Sprintf("NCCL prints bus ids as %q (lower case, 4-digit domain) and compares them as strings, so %q never matches the device: it becomes a duplicate, unplaced node. Write %q.", canon, busid, canon))
	}
	if prev, dup := l.busids[busid]; dup {
		l.add(diag.SevError, diag.NCCLDuplicate, e.AttrRange("busid"), "Duplicate bus id",
			fmt.Sprintf("Bus id %s is also used at line %d; NCCL finds the first one and the other is lost.", busid, prev.Range.Start.Line))
	} else {
		l.busids[busid] = e
	}
	fake := madeUpLooking(busid)
	sev := diag.SevWarning
	why := " NCCL reads it from sysfs when detection reaches this device; NCCL ≤ 2.9 fails (\"Could not find real path\") when the bus id is not in sysfs."
	if fake {
		sev = diag.SevError
		why = " This bus id is a made-up one that sysfs does not have, so nothing can fill it (NCCL ≤ 2.9 fails with \"Could not find real path\")."
	}
	class, hasClass := e.Get("class")
	if !hasClass {
		l.add(sev, diag.NCCLMissingAttribute, e.Range, name+" has no class", "class is required."+why)
	} else if kind, known := ClassKind(class); !known {
		l.add(diag.SevWarning, diag.NCCLValue, e.AttrRange("class"), "Unknown PCI class",
			fmt.Sprintf("class=%q is none of NCCL's classes (0x0604 bridge, 0x03 GPU, 0x02 NIC, 0x068000 NVSwitch); NCCL treats it as a PCI %s and logs \"KV Convert to int\".", class, kind))
	}
	speed, hasSpeed := e.Get("link_speed")
	switch _, _, matched := LinkSpeedValue(speed); {
	case !hasSpeed:
		l.add(sev, diag.NCCLMissingAttribute, e.Range, name+" has no link_speed", "link_speed is required (per-lane speed, e.g. \"32.0 GT/s PCIe\")."+why)
	case speed == "":
		l.add(diag.SevWarning, diag.NCCLValue, e.AttrRange("link_speed"), "Empty link_speed",
			"NCCL finds \"\" in no entry of its link-speed table and falls back to Gen3 (60 x 100 Mb/s per lane: 12 GB/s at x16). Hypervisors that hide the PCIe capability produce this. State the real speed, e.g. \"16.0 GT/s PCIe\" for Gen4.")
	case !matched:
		hint := ""
		if strings.HasSuffix(speed, ".0 GT/s") {
			hint = fmt.Sprintf(" (%q without \" PCIe\" matches nothing, while %q does)", speed, speed+" PCIe")
		}
		l.add(diag.SevWarning, diag.NCCLValue, e.AttrRange("link_speed"), "Unknown link_speed",
			fmt.Sprintf("link_speed=%q is not in NCCL's table%s; NCCL falls back to Gen3 (12 GB/s at x16). Use one of \"2.5 GT/s PCIe\", \"5.0 GT/s PCIe\", \"8.0 GT/s PCIe\", \"16.0 GT/s PCIe\", \"32.0 GT/s PCIe\", \"64.0 GT/s PCIe\".", speed, hint))
	}
	width, hasWidth := e.Get("link_width")
	switch n, isNum := Strtol(width); {
	case !hasWidth:
		l.add(sev, diag.NCCLMissingAttribute, e.Range, name+" has no link_width", "link_width is required (lanes, e.g. \"16\")."+why)
	case width == "" || (isNum && n == 0):
		l.add(diag.SevWarning, diag.NCCLValue, e.AttrRange("link_width"), "link_width of 0",
			fmt.Sprintf("link_width=%q: NCCL reads 0 or \"\" as x16, which may be wrong; hypervisors that hide the PCIe capability produce it. State the real width.", width))
	default:
		l.numAttr(e, "link_width")
	}
	for _, k := range []string{"vendor", "device", "subsystem_vendor", "subsystem_device"} {
		if v, ok := e.Get(k); ok && !(len(v) == 6 && strings.HasPrefix(v, "0x")) {
			l.add(diag.SevWarning, diag.NCCLValue, e.AttrRange(k), "Unusual PCI id",
				fmt.Sprintf("%s=%q: NCCL packs these into a device id to detect Broadcom switches; write \"0x\" and 4 hex digits as sysfs does.", k, v))
		}
	}
	isGPU, isNIC := strings.HasPrefix(class, "0x03"), strings.HasPrefix(class, "0x02")
	for _, c := range e.Children {
		isGPU = isGPU || (c.Name == "gpu" && !c.Ignored)
		isNIC = isNIC || (c.Name == "nic" && !c.Ignored)
	}
	if len(busid) >= 12 {
		fn := busid[len(busid)-1:]
		switch {
		case isGPU && !strings.Contains("048c", fn):
			l.add(diag.SevWarning, diag.NCCLValue, e.AttrRange("busid"), "GPU function not 0",
				fmt.Sprintf("NCCL 2.30 requires the low 2 bits of a GPU bus id to be 0 (function 0, 4, 8 or c) and fails with \"BusId ... has non-zero bits in MLOPart mask\"; real GPUs are function 0, not .%s.", fn))
		case isNIC && fn != "0":
			l.add(diag.SevWarning, diag.NCCLValue, e.AttrRange("busid"), "NIC function not 0",
				fmt.Sprintf("NCCL's IB plugin folds every port of a NIC into function .0 (and device 00), so a pci for .%s never matches; write the .0 form.", fn))
		}
	}
	l.bottleneck(e)
	if !isGPU && !isNIC && len(e.Children) == 0 && fake {
		l.add(diag.SevInfo, diag.NCCLStructure, e.Range, "Empty switch",
			"Nothing is listed under this made-up switch and detection never finds a device under a bus id sysfs lacks, so NCCL trims it.")
	}
}

// bottleneck flags a switch whose own link is slower than a link below it.
func (l *linter) bottleneck(e *Element) {
	bw := func(el *Element) (float64, bool) {
		s, ok1 := el.Get("link_speed")
		w, ok2 := el.Get("link_width")
		if !ok1 || !ok2 {
			return 0, false
		}
		v, _, _ := LinkSpeedValue(s)
		n, _ := Strtol(w)
		return LinkGBps(v, int(n)), true
	}
	own, ok := bw(e)
	if !ok {
		return
	}
	fastest := 0.0
	for _, c := range e.Children {
		if c.Name == "pci" && !c.Ignored {
			if b, ok := bw(c); ok {
				fastest = max(fastest, b)
			}
		}
	}
	if fastest > own {
		l.add(diag.SevWarning, diag.NCCLLinkBottleneck, e.Range, "Switch link slower than its devices",
			fmt.Sprintf("NCCL models this switch's link to its parent at %.2f GB/s (width x speed / 80), below the %.2f GB/s of a device under it, so every path through it is capped there (logged as PCI[%.1f]). Give the switch the speed and width of the real links.", own, fastest, own))
	}
}

func (l *linter) gpu(e, parent *Element) {
	l.numAttr(e, "dev")
	l.numAttr(e, "sm")
	own, _ := parent.Get("busid")
	for _, c := range e.Children {
		if c.Name != "nvlink" || c.Ignored {
			continue
		}
		t, _ := c.Get("target")
		if t == own && own != "" {
			l.add(diag.SevWarning, diag.NCCLValue, c.AttrRange("target"), "NVLink to itself",
				"The nvlink target is the GPU's own bus id: a self-loop (seen in VM dumps with NVLink-bridged pairs). A file nvlink also stops NCCL from detecting the real NVLinks of this GPU. Remove the nvlink elements and let NCCL detect them.")
		}
		if _, ok := c.Get("tclass"); !ok {
			l.add(diag.SevWarning, diag.NCCLMissingAttribute, c.Range, "nvlink has no tclass",
				"NCCL needs tclass to tell a GPU peer (0x03...) from an NVSwitch (0x068000); it fills it from sysfs only when the target is visible.")
		}
		l.numAttr(c, "count")
	}
}

func (l *linter) net(e *Element) {
	if _, ok := e.Get("name"); !ok {
		l.add(diag.SevError, diag.NCCLMissingAttribute, e.Range, "net has no name",
			"NCCL matches net elements to its network plugin's devices by name (mlx5_0, eth0); a net without one is never used.")
	}
	if g, ok := e.Get("guid"); ok && !strings.HasPrefix(g, "0x") {
		l.add(diag.SevWarning, diag.NCCLValue, e.AttrRange("guid"), "guid without 0x",
			"NCCL ≤ 2.28 reads guid with sscanf(\"0x%lx\"), so without the prefix it fails silently and every such NIC gets the same ASIC id. Write \"0x...\".")
	}
	for _, k := range []string{"dev", "speed", "port", "maxconn"} {
		l.numAttr(e, k)
	}
}

// nets flags distinct NICs sharing a guid and port.
func (l *linter) nets(sys *Element) {
	seen := map[string]*Element{}
	sys.Walk(func(e, parent *Element, _ int) {
		if e.Name != "net" {
			return
		}
		g, ok := e.Get("guid")
		if !ok {
			return
		}
		p, _ := e.Get("port")
		key := g + "/" + p
		if prev, dup := seen[key]; dup {
			l.add(diag.SevWarning, diag.NCCLDuplicate, e.AttrRange("guid"), "Duplicate guid and port",
				fmt.Sprintf("This net and the one at line %d have guid %s and port %q; NCCL takes them for one physical port and splits its bandwidth between them.", prev.Range.Start.Line, g, p))
			return
		}
		seen[key] = e
	})
}

func hasPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
