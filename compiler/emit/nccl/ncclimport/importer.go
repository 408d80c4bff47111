// Package ncclimport turns an NCCL topology file (NCCL_TOPO_FILE, or
// NCCL_TOPO_DUMP_FILE output) into an HCL node_model, naming every value
// it could not find (`topoc nccl import`). It reads the file with topoxml
// and refuses what topoxml.Lint finds an error in.
package ncclimport

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/nccl/topoxml"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// ImportOptions tune Import.
type ImportOptions struct {
	// Name is the node_model name; "" derives it from the file name.
	// Characters other than letters, digits, '-', '_' and '.' become '_'.
	Name string
}

// knownDevices names the catalogue's models for PCI device ids seen in
// NCCL dumps (docs/reference/nodes.md §1, S28 pci.ids). Import only
// suggests them in a comment: a catalogue model brings PCIe and NVLink
// values the file does not state.
var knownDevices = map[string]string{
	"0x10de:0x20b0": `gpu_model "A100-40GB"`, "0x10de:0x20b2": `gpu_model "A100"`,
	"0x10de:0x2330": `gpu_model "H100"`, "0x10de:0x2335": `gpu_model "H200"`,
	"0x15b3:0x101b": `nic_model "ConnectX-6"`, "0x15b3:0x1021": `nic_model "ConnectX-7"`,
	"0x15b3:0x1023": `nic_model "ConnectX-8"`, "0x15b3:0xa2dc": `nic_model "BlueField-3"`,
}

// Import turns an NCCL topology file, hand-written or written by
// NCCL_TOPO_DUMP_FILE, into the text of an HCL node_model (with a
// gpu_model or nic_model where the file states facts the catalogue cannot
// supply: a GPU's sm, a NIC's port speed). Every cpu element becomes a
// numa block, every pci switch a pcie_switch block with its bus id and
// ids, GPUs and NICs keep their bus ids, classes, link generations and
// widths, net names become the NIC's names. Nothing is guessed: a value
// the file lacks is left out of the model and reported as a
// nccl-import-missing warning (and as a comment in the text), so that
// `topoc build --emit nccl` refuses the model until the user states it.
// Values NCCL sets itself (rank, dev, gdr, host_hash, guid, maxconn) and
// NVLinks (NCCL detects them) are not imported; an info says so, naming
// the nvlink_peer block that models a link to a peer GPU.
//
// A file that Lint finds an error in (one NCCL refuses or misreads: a
// duplicate bus id, a malformed value, a missing required attribute) is
// not imported: the text is nil and the diagnostics hold Lint's
// error-severity findings, as they hold topoxml.Parse's errors for a file that
// cannot be read. A model built from such a file would carry the fault
// into every file topoc writes from it.
func Import(filename string, src []byte, opts ImportOptions) ([]byte, hcl.Diagnostics) {
	doc, diags := topoxml.Parse(filename, src)
	if diags.HasErrors() {
		return nil, diags
	}
	if found := topoxml.LintDocument(filename, doc, diags); found.HasErrors() {
		var errs hcl.Diagnostics
		for _, d := range found {
			if d.Severity == hcl.DiagError {
				errs = append(errs, d)
			}
		}
		return nil, errs
	}
	sys := doc.System()
	if sys == nil {
		return nil, append(diags, diag.Error(diag.NCCLStructure, hcl.Range{Filename: filename}, "No <system> root",
			"The file has no <system> element, so there is nothing to import."))
	}
	name := opts.Name
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(filename), filepath.Ext(filename))
	}
	// The name becomes a block label and file names: keep it to letters,
	// digits, '-', '_' and '.'.
	im := &importer{file: filename, name: emit.SafeName(name)}
	if !im.read(sys) {
		return nil, append(diags, im.diags...)
	}
	return im.write(), append(diags, im.diags...)
}

// device is one GPU, NIC, switch or other PCI function of the file.
type device struct {
	el      *topoxml.Element
	busid   string
	numa    int64 // NUMA id
	parent  int   // switch index, -1 under the cpu
	nets    []*topoxml.Element
	sm      string
	role    string
	index   int
	socketN bool // a NIC element directly under a cpu (no pci)
}

type cpuInfo struct {
	el  *topoxml.Element
	id  int64
	aff string
}

type importer struct {
	file, name string
	diags      hcl.Diagnostics
	cpus       []cpuInfo
	switches   []*device
	gpus       []*device
	nics       []*device
	others     []*device
	missing    []string
	detail     bool // gpu, nic or net elements present
	bad        bool // a pci element cannot be imported
}

func (im *importer) warn(rng hcl.Range, summary, detail string) {
	im.diags = append(im.diags, diag.Warning(diag.NCCLImportMissing, rng, summary, detail))
	im.missing = append(im.missing, summary)
}

func (im *importer) info(rng hcl.Range, summary, detail string) {
	im.diags = append(im.diags, diag.Info(diag.NCCLImportMissing, rng, summary, detail))
}

// read collects the file's devices; it returns false when a cpu has no
// usable numaid.
func (im *importer) read(sys *topoxml.Element) bool {
	ok := true
	for _, c := range sys.Children {
		if c.Ignored || c.Name != "cpu" {
			continue
		}
		v, has := c.Get("numaid")
		id, isNum := topoxml.Strtol(v)
		if !has || !isNum {
			im.diags = append(im.diags, diag.Error(diag.NCCLMissingAttribute, c.Range, "cpu has no numaid",
				"A node model's NUMA domain needs its Linux node number; give the cpu element numaid."))
			ok = false
			continue
		}
		aff, _ := c.Get("affinity")
		im.cpus = append(im.cpus, cpuInfo{el: c, id: id, aff: aff})
		for _, d := range c.Children {
			im.walk(d, id, -1)
		}
	}
	if im.bad {
		ok = false
	}
	if len(im.cpus) == 0 && ok {
		im.diags = append(im.diags, diag.Error(diag.NCCLStructure, sys.Range, "No cpu element",
			"The file describes no NUMA domain, so there is nothing to import."))
		ok = false
	}
	return ok
}

func (im *importer) walk(e *topoxml.Element, numa int64, parent int) {
	if e.Ignored {
		return
	}
	if e.Name == "nic" {
		im.detail = true
		d := &device{el: e, numa: numa, parent: parent, socketN: true}
		for _, n := range e.Children {
			if n.Name == "net" && !n.Ignored {
				d.nets = append(d.nets, n)
			}
		}
		im.nics = append(im.nics, d)
		return
	}
	if e.Name != "pci" {
		return
	}
	busid, _ := e.Get("busid")
	switch c, err := ir.CanonBusID(busid); {
	case err != nil:
		im.diags = append(im.diags, diag.Error(diag.NCCLValue, e.AttrRange("busid"), "Bad bus id",
			fmt.Sprintf("A pci element needs a PCI bus id to be imported: %v.", err)))
		im.bad = true
		return
	case c != busid:
		im.warn(e.AttrRange("busid"), fmt.Sprintf("pci %q imported as %s", busid, c),
			fmt.Sprintf("NCCL compares bus ids as strings in its own form, so %q would never match a device; the model uses %s. Check it is the device meant.", busid, c))
		busid = c
	}
	class, hasClass := e.Get("class")
	d := &device{el: e, busid: busid, numa: numa, parent: parent}
	var gpu, nic *topoxml.Element
	subs := false
	for _, c := range e.Children {
		if c.Ignored {
			continue
		}
		switch c.Name {
		case "gpu":
			gpu = c
		case "nic":
			nic = c
		case "pci":
			subs = true
		}
	}
	kind, _ := topoxml.ClassKind(class)
	switch {
	case gpu != nil || (hasClass && kind == "gpu"):
		if gpu != nil {
			im.detail = true
			d.sm, _ = gpu.Get("sm")
		}
		im.gpus = append(im.gpus, d)
	case nic != nil || (hasClass && kind == "nic"):
		if nic != nil {
			im.detail = true
			for _, n := range nic.Children {
				if n.Name == "net" && !n.Ignored {
					d.nets = append(d.nets, n)
				}
			}
		}
		im.nics = append(im.nics, d)
	case subs || (hasClass && kind == "switch"):
		d.index = len(im.switches)
		im.switches = append(im.switches, d)
		for _, c := range e.Children {
			im.walk(c, numa, d.index)
		}
	default:
		im.others = append(im.others, d)
	}
}

// uniform returns the value of key shared by every device, and whether all
// had it; a differing value is reported and the first one kept.
func (im *importer) uniform(devs []*device, key, what string) (string, bool) {
	val, have := "", 0
	for _, d := range devs {
		v, ok := d.el.Get(key)
		if !ok {
			continue
		}
		if have > 0 && v != val {
			im.warn(d.el.AttrRange(key), fmt.Sprintf("%s differ in %s", what, key),
				fmt.Sprintf("%s %q here, %q before: a node model states one %s for all its %s, and topoc kept the first. Declare a separate nic role or pci_device to keep both.", key, v, val, key, what))
			continue
		}
		val, have = v, have+1
	}
	if have > 0 && have < len(devs) && key != "class" {
		im.info(devs[0].el.Range, fmt.Sprintf("%s: %s not imported", what, key),
			fmt.Sprintf("Only %d of %d %s state %s; a node model states it for all of them or none, so it was left out.", have, len(devs), what, key))
	}
	return val, have == len(devs) && len(devs) > 0
}

// linkGen reads link_speed as NCCL's table; ok is false (and the value
// reported missing) when NCCL would fall back to Gen3.
func (im *importer) linkGen(e *topoxml.Element, who string) (int, bool) {
	s, has := e.Get("link_speed")
	_, gen, ok := topoxml.LinkSpeedValue(s)
	switch {
	case !has:
		im.warn(e.Range, who+" has no link_speed", "The file gives no PCIe link speed; NCCL would read it from sysfs. State gen in the imported model.")
	case !ok:
		im.warn(e.AttrRange("link_speed"), fmt.Sprintf("%s has link_speed %q", who, s),
			"NCCL cannot read this speed and assumes Gen3 (12 GB/s at x16); the real generation is unknown. State gen in the imported model.")
	}
	return gen, has && ok
}

func (im *importer) linkWidth(e *topoxml.Element, who string) (int, bool) {
	s, has := e.Get("link_width")
	n, isNum := topoxml.Strtol(s)
	switch {
	case !has:
		im.warn(e.Range, who+" has no link_width", "The file gives no PCIe width; NCCL would read it from sysfs. State width in the imported model.")
	case !isNum || n <= 0:
		im.warn(e.AttrRange("link_width"), fmt.Sprintf("%s has link_width %q", who, s),
			"NCCL reads 0 as x16, but the file does not say the width. State width in the imported model.")
	}
	return int(n), has && isNum && n > 0
}

// write renders the model with hclwrite.
func (im *importer) write() []byte {
	f := hclwrite.NewEmptyFile()
	root := f.Body()
	nm := root.AppendNewBlock("node_model", []string{strings.ToValidUTF8(im.name, "?")})
	b := nm.Body()
	comment := func(body *hclwrite.Body, lines ...string) {
		for _, l := range lines {
			body.AppendUnstructuredTokens(hclwrite.Tokens{{Type: hclsyntax.TokenComment, Bytes: []byte("# " + commentText(l) + "\n")}})
		}
	}
	var extra []*hclwrite.Block
	if len(im.gpus) > 0 {
		if sm, ok := im.uniform(im.gpus, "vendor", "GPUs"); ok {
			dev, _ := im.gpus[0].el.Get("device")
			if m := knownDevices[sm+":"+dev]; m != "" {
				comment(b, fmt.Sprintf("GPU device %s:%s is %s in the catalogue; set gpu to it to model NVLink and PCIe.", sm, dev, m))
			}
		}
		sm := im.gpus[0].sm
		if n, ok := topoxml.Strtol(sm); ok && n > 0 {
			gm := fmt.Sprintf("%s-gpu", im.name)
			b.SetAttributeValue("gpu", textVal(gm))
			blk := hclwrite.NewBlock("gpu_model", []string{gm})
			blk.Body().SetAttributeValue("compute_capability", textVal(fmt.Sprintf("%d.%d", n/10, n%10)))
			comment(blk.Body(), "from the file's sm; NVLink and memory are not in the file")
			extra = append(extra, blk)
		} else {
			comment(b, "gpu: the file names no GPU model (no sm); without one, GPUs get no NVLink in the graph.")
		}
	}
	b.SetAttributeValue("gpus", cty.NumberIntVal(int64(len(im.gpus))))
	if im.detail {
		b.SetAttributeValue("nccl_detail", textVal("full"))
		comment(b, "the file has gpu/nic/net elements; \"skeleton\" (cpu and pci only) is what NVIDIA advises for NCCL_TOPO_FILE")
	}
	im.cpuBlock(b.AppendNewBlock("cpu", nil).Body(), comment)
	if len(im.gpus) > 0 {
		im.pciBlock(b.AppendNewBlock("gpu_pci", nil).Body(), im.gpus, "GPUs", comment)
	}
	extra = append(extra, im.nicBlocks(b, comment)...)
	for _, s := range im.switches {
		im.switchBlock(b.AppendNewBlock("pcie_switch", nil).Body(), s, comment)
	}
	for _, o := range im.others {
		im.otherBlock(b.AppendNewBlock("pci_device", []string{deviceName(o.busid)}).Body(), o, comment)
	}
	out := &strings.Builder{}
	fmt.Fprintf(out, "# Imported by `topoc nccl import` from %s.\n", commentText(filepath.Base(im.file)))
	if len(im.missing) == 0 {
		out.WriteString("# Every value NCCL needs was in the file.\n")
	} else {
		out.WriteString("# Not in the file (state them; topoc never guesses):\n")
		for _, m := range im.missing {
			fmt.Fprintf(out, "#   - %s\n", commentText(m))
		}
	}
	out.WriteString("\n")
	for _, blk := range extra {
		root.AppendBlock(blk)
		root.AppendNewline()
	}
	// Move the node_model after the helper models it names.
	root.RemoveBlock(nm)
	root.AppendBlock(nm)
	out.Write(hclwrite.Format(f.Bytes()))
	return []byte(out.String())
}

func (im *importer) cpuBlock(c *hclwrite.Body, comment func(*hclwrite.Body, ...string)) {
	first := im.cpus[0].el
	comment(c, "NCCL sees NUMA domains, not sockets: one socket per domain is assumed.")
	c.SetAttributeValue("sockets", cty.NumberIntVal(int64(len(im.cpus))))
	c.SetAttributeValue("numa_per_socket", cty.NumberIntVal(1))
	str := func(key, attr, why string) {
		v, ok := first.Get(key)
		for _, cp := range im.cpus[1:] {
			if w, has := cp.el.Get(key); has != ok || w != v {
				im.warn(cp.el.AttrRange(key), fmt.Sprintf("cpus differ in %s", key),
					fmt.Sprintf("cpu numaid %d has %s %q, the first cpu %q; a node model has one CPU type, and topoc kept the first.", cp.id, key, w, v))
			}
		}
		if ok {
			if attr == "family" || attr == "model_id" {
				n, _ := topoxml.Strtol(v)
				c.SetAttributeValue(attr, cty.NumberIntVal(n))
			} else {
				c.SetAttributeValue(attr, textVal(v))
			}
		} else if why != "" {
			for _, cp := range im.cpus {
				im.warn(cp.el.Range, fmt.Sprintf("cpu numaid %d has no %s", cp.id, key), why)
			}
			comment(c, fmt.Sprintf("MISSING %s: %s", attr, why))
		}
	}
	arch, _ := first.Get("arch")
	vendor, _ := first.Get("vendor")
	str("arch", "arch", "NCCL requires it (x86_64, arm64 or ppc64); the file relies on detection.")
	vendorWhy := ""
	if arch == "" || strings.HasPrefix(arch, "x86_64") {
		vendorWhy = "NCCL requires the CPUID vendor on x86_64 (GenuineIntel, AuthenticAMD)."
	}
	str("vendor", "vendor", vendorWhy)
	idWhy := ""
	if vendor == "GenuineIntel" {
		idWhy = "NCCL requires CPUID family and model on Intel."
	}
	str("familyid", "family", idWhy)
	str("modelid", "model_id", idWhy)
	// Affinities: CPU lists when they render back to the same text,
	// otherwise the file's text verbatim.
	lists := make([][]int, len(im.cpus))
	maxCPU := 0
	for i, cp := range im.cpus {
		lists[i] = topoxml.AffinityCPUs(cp.aff)
		if n := len(lists[i]); n > 0 {
			maxCPU = max(maxCPU, lists[i][n-1])
		}
	}
	raw := false
	for i, cp := range im.cpus {
		if cp.aff != "" && ir.FormatCPUMap(lists[i], ir.CPUMapWords(maxCPU)) != cp.aff {
			raw = true
		}
	}
	for i, cp := range im.cpus {
		n := c.AppendNewBlock("numa", nil).Body()
		n.SetAttributeValue("id", cty.NumberIntVal(cp.id))
		n.SetAttributeValue("socket", cty.NumberIntVal(int64(i)))
		switch {
		case cp.aff == "":
			im.warn(cp.el.Range, fmt.Sprintf("cpu numaid %d has no affinity", cp.id),
				"The file gives no CPU list for this NUMA domain; NCCL would read sysfs. State cpus (e.g. \"0-47\") in its numa block.")
			comment(n, "MISSING cpus: not in the file")
		case raw:
			n.SetAttributeValue("affinity", textVal(cp.aff))
			comment(n, "CPUs "+ir.FormatCPUList(lists[i])+" as NCCL reads this mask")
		default:
			n.SetAttributeValue("cpus", textVal(ir.FormatCPUList(lists[i])))
		}
	}
}

// pciBlock writes a gpu_pci or nic pci block: bus ids in device order, the
// NUMA ids when a device sits under no switch, and the shared class, link
// and ids.
func (im *importer) pciBlock(p *hclwrite.Body, devs []*device, what string, comment func(*hclwrite.Body, ...string)) {
	var ids []cty.Value
	for _, d := range devs {
		if d.busid != "" {
			ids = append(ids, textVal(d.busid))
		}
	}
	if len(ids) == len(devs) {
		p.SetAttributeValue("bus_ids", cty.ListVal(ids))
	}
	unswitched := false
	var numas []cty.Value
	for _, d := range devs {
		unswitched = unswitched || d.parent < 0
		numas = append(numas, cty.NumberIntVal(d.numa))
	}
	if unswitched {
		p.SetAttributeValue("numa", cty.ListVal(numas))
	}
	var pcis []*device
	for _, d := range devs {
		if !d.socketN {
			pcis = append(pcis, d)
		}
	}
	if len(pcis) == 0 {
		return
	}
	if v, ok := im.uniform(pcis, "class", what); ok {
		p.SetAttributeValue("class", textVal(v))
	} else {
		for _, d := range pcis {
			if _, has := d.el.Get("class"); !has {
				im.warn(d.el.Range, fmt.Sprintf("pci %s has no class", d.busid), "State class in the imported model.")
			}
		}
	}
	gen, genOK, width, widthOK := 0, true, 0, true
	for i, d := range pcis {
		g, ok1 := im.linkGen(d.el, "pci "+d.busid)
		w, ok2 := im.linkWidth(d.el, "pci "+d.busid)
		if i == 0 {
			gen, width = g, w
		}
		if ok1 && g != gen || ok2 && w != width {
			im.warn(d.el.Range, fmt.Sprintf("%s differ in PCIe link", what),
				fmt.Sprintf("pci %s runs Gen%d x%d, the first Gen%d x%d; topoc keeps one link per device kind.", d.busid, g, w, gen, width))
		}
		genOK, widthOK = genOK && ok1, widthOK && ok2
	}
	if genOK {
		p.SetAttributeValue("gen", cty.NumberIntVal(int64(gen)))
	} else {
		comment(p, "MISSING gen: the file's link_speed is absent or unreadable")
	}
	if widthOK {
		p.SetAttributeValue("width", cty.NumberIntVal(int64(width)))
	} else {
		comment(p, "MISSING width: the file's link_width is absent or 0")
	}
	for _, k := range [][2]string{{"vendor", "vendor_id"}, {"device", "device_id"}, {"subsystem_vendor", "subsystem_vendor_id"}, {"subsystem_device", "subsystem_device_id"}} {
		if v, ok := im.uniform(pcis, k[0], what); ok {
			p.SetAttributeValue(k[1], textVal(v))
		}
	}
}

// nicBlocks groups NICs into roles by class, device id and ports (the
// largest group is "compute"), writes one nic block per role, and returns
// nic_model blocks for roles whose port speed the file states.
func (im *importer) nicBlocks(b *hclwrite.Body, comment func(*hclwrite.Body, ...string)) []*hclwrite.Block {
	type group struct {
		key  string
		nics []*device
	}
	var groups []*group
	for _, n := range im.nics {
		class, _ := n.el.Get("class")
		dev, _ := n.el.Get("device")
		key := fmt.Sprintf("%s/%s/%d/%t", class, dev, len(n.nets), n.socketN)
		var g *group
		for _, x := range groups {
			if x.key == key {
				g = x
			}
		}
		if g == nil {
			g = &group{key: key}
			groups = append(groups, g)
		}
		n.index = len(g.nics)
		g.nics = append(g.nics, n)
	}
	biggest := 0
	for i, g := range groups {
		if len(g.nics) > len(groups[biggest].nics) {
			biggest = i
		}
	}
	var models []*hclwrite.Block
	used := map[string]bool{}
	for i, g := range groups {
		role := "compute"
		if i != biggest {
			class, _ := g.nics[0].el.Get("class")
			role = map[string]string{"0x020700": "ib", "0x020000": "eth"}[class]
			if role == "" {
				role = "nic"
			}
			for base, k := role, 1; used[role]; k++ {
				role = base + strconv.Itoa(k)
			}
		}
		used[role] = true
		for _, n := range g.nics {
			n.role = role
		}
		blk := b.AppendNewBlock("nic", []string{role}).Body()
		first := g.nics[0]
		ports := len(first.nets)
		speed, _ := topoxml.Strtol(attr(first.nets, "speed"))
		if ports > 0 && speed > 0 {
			mname := fmt.Sprintf("%s-%s", im.name, role)
			blk.SetAttributeValue("model", textVal(mname))
			m := hclwrite.NewBlock("nic_model", []string{mname})
			m.Body().SetAttributeValue("ports", cty.NumberIntVal(int64(ports)))
			m.Body().SetAttributeValue("port_rate", textVal(fmt.Sprintf("%dGb/s", speed/1000)))
			comment(m.Body(), "from the file's net speed (Mb/s); PCIe link and protocol are on the node model")
			models = append(models, m)
		} else {
			v, _ := first.el.Get("vendor")
			d, _ := first.el.Get("device")
			if m := knownDevices[v+":"+d]; m != "" {
				comment(blk, fmt.Sprintf("NIC device %s:%s is %s in the catalogue; set model to it to give the NICs a port rate.", v, d, m))
			} else {
				comment(blk, "model: the file names no NIC model or speed; without one the NICs have no port rate.")
			}
		}
		blk.SetAttributeValue("count", cty.NumberIntVal(int64(len(g.nics))))
		p := blk.AppendNewBlock("pci", nil).Body()
		im.pciBlock(p, g.nics, "NICs", comment)
		var names []cty.Value
		for _, n := range g.nics {
			for _, net := range n.nets {
				if v, ok := net.Get("name"); ok {
					names = append(names, textVal(v))
				}
			}
		}
		if len(names) > 0 && len(names) == len(g.nics)*max(ports, 1) && (ports <= 1 || speed > 0) {
			p.SetAttributeValue("names", cty.ListVal(names))
		}
		for _, n := range g.nics {
			for _, net := range n.nets {
				for _, k := range []string{"guid", "gdr", "maxconn", "latency", "dev"} {
					if _, ok := net.Get(k); ok {
						nm, _ := net.Get("name")
						im.info(net.AttrRange(k), fmt.Sprintf("net %s %s not imported", nm, k),
							"NCCL's network plugin supplies it; a file value would override detection.")
					}
				}
			}
		}
	}
	gpuIndex := map[string]int{} // bus id → GPU index in the model
	for i, g := range im.gpus {
		gpuIndex[g.busid] = i
	}
	for gi, g := range im.gpus {
		for _, c := range g.el.Children {
			if c.Name != "gpu" {
				continue
			}
			for _, k := range []string{"dev", "rank", "gdr"} {
				if _, ok := c.Get(k); ok {
					im.info(c.AttrRange(k), fmt.Sprintf("gpu %s %s not imported", g.busid, k),
						"NCCL sets it (dev from NVML, rank per process, gdr from the driver); topoc writes dev only with nccl_detail = \"full\".")
				}
			}
			for _, nv := range c.Children {
				if nv.Name != "nvlink" {
					continue
				}
				// A GPU target (tclass 0x03…, nccl-topo-xml.md §4.5) is a
				// direct link to a peer GPU: the model's nvlink_peer.
				target, _ := nv.Get("target")
				tclass, _ := nv.Get("tclass")
				count, _ := nv.Get("count")
				canon, err := ir.CanonBusID(target)
				if j, ok := gpuIndex[canon]; err == nil && ok && strings.HasPrefix(tclass, "0x03") && j != gi {
					im.info(nv.Range, fmt.Sprintf("gpu %s nvlink to gpu %s not imported", g.busid, canon),
						fmt.Sprintf("A direct NVLink between GPUs %d and %d: model it with nvlink_peer { gpus = [%d, %d], links = %s } in the node model (once, for the pair), which needs a gpu whose gpu_model has nvlink_rate and nvlink_links.", min(gi, j), max(gi, j), min(gi, j), max(gi, j), count))
					continue
				}
				im.info(nv.Range, fmt.Sprintf("gpu %s nvlink not imported", g.busid),
					"NCCL detects NVLinks through NVML; model NVSwitches with nvswitches and nvlink_per_switch, or links straight to peer GPUs with nvlink_peer.")
			}
		}
	}
	return models
}

func attr(els []*topoxml.Element, key string) string {
	if len(els) == 0 {
		return ""
	}
	v, _ := els[0].Get(key)
	return v
}

func (im *importer) switchBlock(s *hclwrite.Body, d *device, comment func(*hclwrite.Body, ...string)) {
	s.SetAttributeValue("numa", cty.NumberIntVal(d.numa))
	if d.parent >= 0 {
		s.SetAttributeValue("parent", cty.NumberIntVal(int64(d.parent)))
	}
	var gpus, nics, others []cty.Value
	for i, g := range im.gpus {
		if g.parent == d.index {
			gpus = append(gpus, cty.NumberIntVal(int64(i)))
		}
	}
	for _, n := range im.nics {
		if n.parent == d.index && !n.socketN {
			nics = append(nics, textVal(fmt.Sprintf("%s[%d]", n.role, n.index)))
		}
	}
	for _, o := range im.others {
		if o.parent == d.index {
			others = append(others, textVal(deviceName(o.busid)))
		}
	}
	if len(gpus) > 0 {
		s.SetAttributeValue("gpus", cty.ListVal(gpus))
	}
	if len(nics) > 0 {
		s.SetAttributeValue("nics", cty.ListVal(nics))
	}
	if len(others) > 0 {
		s.SetAttributeValue("devices", cty.ListVal(others))
	}
	im.oneDevice(s, d, "pci "+d.busid, comment)
}

func (im *importer) otherBlock(o *hclwrite.Body, d *device, comment func(*hclwrite.Body, ...string)) {
	if d.parent < 0 {
		o.SetAttributeValue("numa", cty.NumberIntVal(d.numa))
	}
	if _, has := d.el.Get("class"); !has {
		im.warn(d.el.Range, fmt.Sprintf("pci %s has no class", d.busid),
			"Without a class topoc cannot tell a GPU from a NIC, so the function is imported as a pci_device. State class (0x030200 for a GPU, 0x020000 or 0x020700 for a NIC), or move its bus id to gpu_pci or a nic block.")
		comment(o, "MISSING class: not in the file")
	}
	im.oneDevice(o, d, "pci "+d.busid, comment)
}

// oneDevice writes the bus id, class, link and ids of one switch or device.
func (im *importer) oneDevice(b *hclwrite.Body, d *device, who string, comment func(*hclwrite.Body, ...string)) {
	b.SetAttributeValue("bus_id", textVal(d.busid))
	if v, ok := d.el.Get("class"); ok {
		b.SetAttributeValue("class", textVal(v))
	}
	if g, ok := im.linkGen(d.el, who); ok {
		b.SetAttributeValue("gen", cty.NumberIntVal(int64(g)))
	} else {
		comment(b, "MISSING gen: the file's link_speed is absent or unreadable")
	}
	if w, ok := im.linkWidth(d.el, who); ok {
		b.SetAttributeValue("width", cty.NumberIntVal(int64(w)))
	} else {
		comment(b, "MISSING width: the file's link_width is absent or 0")
	}
	for _, k := range [][2]string{{"vendor", "vendor_id"}, {"device", "device_id"}, {"subsystem_vendor", "subsystem_vendor_id"}, {"subsystem_device", "subsystem_device_id"}} {
		if v, ok := d.el.Get(k[0]); ok {
			b.SetAttributeValue(k[1], textVal(v))
		}
	}
}

// textVal is a string from the file as an HCL value: invalid UTF-8 (which
// NCCL's parser passes through) becomes '?', so the model is always a
// valid text file; hclwrite escapes control characters.
func textVal(s string) cty.Value { return cty.StringVal(strings.ToValidUTF8(s, "?")) }

// commentText makes file text safe inside an HCL comment line: control
// characters and invalid UTF-8 become '?'.
func commentText(s string) string {
	s = strings.ToValidUTF8(s, "?")
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '?'
		}
		return r
	}, s)
}

// deviceName is the pci_device label for a bus id ("pci_0000_00_16_0").
func deviceName(busid string) string {
	return "pci_" + strings.NewReplacer(":", "_", ".", "_").Replace(strings.ToValidUTF8(busid, "?"))
}
