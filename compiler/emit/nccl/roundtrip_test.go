package nccl_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler"
	"github.com/topoc/topoc/compiler/emit/nccl"
	"github.com/topoc/topoc/compiler/emit/nccl/ncclimport"
	"github.com/topoc/topoc/compiler/emit/nccl/topoxml"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// The reference files are the seven published NCCL_TOPO_FILEs, kept
// unchanged in testdata/reference with their SOURCES.md (licences there).
const refDir = "testdata/reference"

func readRef(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(refDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// compileHCL loads the given files (name → text) as one design and
// compiles it; errors fail the test.
func compileHCL(t testing.TB, files map[string]string) *ir.Graph {
	t.Helper()
	cfg, diags := lang.Load([]string{writeDir(t, files)}, lang.Options{})
	if diags.HasErrors() {
		t.Fatalf("load: %v\n%s", diags, files)
	}
	g, diags := compiler.Compile(cfg, compiler.Options{})
	if diags.HasErrors() {
		t.Fatalf("compile: %v\n%s", diags, files)
	}
	return g
}

// writeDir writes files into a new temporary directory and returns it.
func writeDir(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// compileErrors compiles files (the load must succeed) and returns the
// compile diagnostics as text.
func compileErrors(t testing.TB, files map[string]string) string {
	t.Helper()
	cfg, diags := lang.Load([]string{writeDir(t, files)}, lang.Options{})
	if diags.HasErrors() {
		t.Fatalf("load: %v", diags)
	}
	_, diags = compiler.Compile(cfg, compiler.Options{})
	return diags.Error()
}

// emitModel compiles a design with one node group of model and returns
// the model's NCCL build result.
func emitModel(t testing.TB, model string, files map[string]string) nccl.Result {
	t.Helper()
	if files == nil {
		files = map[string]string{}
	}
	files["group.topo.hcl"] = "node_group \"n\" {\n  model = \"" + model + "\"\n}\n"
	g := compileHCL(t, files)
	for i := range g.ServerModels {
		if g.ServerModels[i].Name == model {
			return nccl.Build(g, &g.ServerModels[i])
		}
	}
	t.Fatalf("no server model %q in the graph", model)
	return nccl.Result{}
}

func system(t testing.TB, name string, src []byte) *topoxml.Element {
	t.Helper()
	doc, diags := topoxml.Parse(name, src)
	if diags.HasErrors() {
		t.Fatalf("%s: %v", name, diags)
	}
	return doc.System()
}

func warnings(ds hcl.Diagnostics) []string {
	var out []string
	for _, d := range ds {
		if diag.SeverityOf(d) != diag.SevInfo {
			out = append(out, d.Summary)
		}
	}
	return out
}

// TestImportReemitCompleteSkeletons is the round trip of the issue's
// done-when: for the five complete skeletons, import then re-emit gives a
// file with the same tree, attributes and bus ids, as NCCL reads them.
func TestImportReemitCompleteSkeletons(t *testing.T) {
	for _, name := range []string{
		"azhpc_ndv2-topo.xml", "azhpc_ndv4-topo.xml", "azhpc_ndv5-topo.xml",
		"awsofi_p4d-24xl-topo.xml", "ocihpc_topo-flattened-b4.xml",
	} {
		t.Run(name, func(t *testing.T) {
			src := readRef(t, name)
			text, diags := ncclimport.Import(name, src, ncclimport.ImportOptions{Name: "imported"})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if w := warnings(diags); len(w) > 0 {
				t.Errorf("a complete skeleton should import without missing values; got %q", w)
			}
			r := emitModel(t, "imported", map[string]string{"model.topo.hcl": string(text)})
			if r.Tree == nil {
				t.Fatalf("re-emit failed: %v\n%s", r.Missing, text)
			}
			if d := topoxml.Diff(system(t, name, src), r.Tree); d != nil {
				t.Errorf("re-emitted file differs from %s:\n%s\nimported model:\n%s", name, strings.Join(d, "\n"), text)
			}
			// The re-emitted bytes parse back to the same tree.
			out := topoxml.Write(r.Tree, r.Header)
			if d := topoxml.Diff(r.Tree, system(t, "reemit.xml", out)); d != nil {
				t.Errorf("written file does not parse back: %v", d)
			}
		})
	}
}

// TestNDv5HandWrittenModel: a node model written in HCL for the Azure
// ND H100 v5 machine (testdata/ndv5.topo.hcl) emits a file equivalent to
// azhpc_ndv5-topo.xml, and so does the built-in ND-H100-v5.
func TestNDv5HandWrittenModel(t *testing.T) {
	want := system(t, "azhpc_ndv5-topo.xml", readRef(t, "azhpc_ndv5-topo.xml"))
	hand, err := os.ReadFile("testdata/ndv5.topo.hcl")
	if err != nil {
		t.Fatal(err)
	}
	for model, files := range map[string]map[string]string{
		"azure-ndv5": {"ndv5.topo.hcl": string(hand)},
		"ND-H100-v5": nil,
	} {
		r := emitModel(t, model, files)
		if r.Tree == nil {
			t.Fatalf("%s: no file: %v", model, r.Missing)
		}
		if d := topoxml.Diff(want, r.Tree); d != nil {
			t.Errorf("%s differs from azhpc_ndv5-topo.xml:\n%s", model, strings.Join(d, "\n"))
		}
		for _, p := range r.Paths {
			if p.Class != ir.PathPIX || !p.GDR || p.Nearest != 1 {
				t.Errorf("%s: GPU %d: path %v (GDR %v, %d nearest); each GPU shares a switch with exactly one NIC", model, p.GPU, p.Class, p.GDR, p.Nearest)
			}
		}
	}
}

// TestImportIncompleteG5: the g5 file gives cpus only numaid and pcis only
// busid. Import names every missing value; the imported model emits
// nothing until the user states them, and then exactly what was stated.
func TestImportIncompleteG5(t *testing.T) {
	const name = "awsofi_g5.48xl-topo.xml"
	src := readRef(t, name)
	text, diags := ncclimport.Import(name, src, ncclimport.ImportOptions{Name: "g5"})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := strings.Join(warnings(diags), "\n")
	for _, want := range []string{
		"cpu numaid 0 has no arch", "cpu numaid 1 has no vendor", "cpu numaid 1 has no affinity",
		"pci 0000:00:16.0 has no class", "pci 0000:00:15.0 has no link_speed", "pci 0000:00:1d.0 has no link_width",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("import does not name %q; it said:\n%s", want, got)
		}
	}
	if n := len(warnings(diags)); n != 2*3+9*3 {
		t.Errorf("%d missing values named; want 6 cpu values (arch, vendor, affinity × 2) and 27 pci values (class, speed, width × 9)", n)
	}
	// Without an arch the model does not compile at all (no NCCL default
	// for its inter-socket link); with the rate stated, emit names what
	// NCCL still needs.
	withRate := strings.Replace(string(text), "  cpu {\n", "  cpu {\n    inter_socket_rate = \"6GB/s\"\n", 1)
	r := emitModel(t, "g5", map[string]string{"g5.topo.hcl": withRate})
	if r.Tree != nil {
		t.Fatalf("the incomplete model emitted a file:\n%s", topoxml.Write(r.Tree, nil))
	}
	missing := strings.Join(r.Missing, "\n")
	for _, want := range []string{"cpu numaid 0 has no arch", "cpu numaid 1 has no affinity", "pci 0000:00:1a.0 (pci_0000_00_1a_0) has no class"} {
		if !strings.Contains(missing, want) {
			t.Errorf("emit does not name %q; it said:\n%s", want, missing)
		}
	}

	// The user states the values: the CPU of a g5.48xlarge and, for the
	// functions, a class and link. Only those values may appear.
	stated := strings.ReplaceAll(string(text), "    numa_per_socket = 1\n",
		"    numa_per_socket = 1\n    arch = \"x86_64\"\n    vendor = \"AuthenticAMD\"\n")
	stated = strings.Replace(stated, "      id     = 0\n      socket = 0\n", "      id     = 0\n      socket = 0\n      cpus = \"0-47,96-143\"\n", 1)
	stated = strings.Replace(stated, "      id     = 1\n      socket = 1\n", "      id     = 1\n      socket = 1\n      cpus = \"48-95,144-191\"\n", 1)
	stated = strings.ReplaceAll(stated, "    # MISSING class: not in the file\n", "    class = \"0x030200\"\n    gen = 4\n    width = 16\n")
	r = emitModel(t, "g5", map[string]string{"g5.topo.hcl": stated})
	if r.Tree == nil {
		t.Fatalf("stated model still incomplete: %v\n%s", r.Missing, stated)
	}
	want := system(t, name, src)
	for _, c := range want.Children {
		numa, _ := c.Get("numaid")
		cpus, _ := ir.ParseCPUList(map[string]string{"0": "0-47,96-143", "1": "48-95,144-191"}[numa])
		c.Set("affinity", ir.FormatCPUMap(cpus, 0))
		c.Set("arch", "x86_64")
		c.Set("vendor", "AuthenticAMD")
		for _, p := range c.Children {
			p.Set("class", "0x030200")
			p.Set("link_speed", "16.0 GT/s PCIe")
			p.Set("link_width", "16")
		}
	}
	if d := topoxml.Diff(want, r.Tree); d != nil {
		t.Errorf("emitted file differs from the original plus the stated values:\n%s", strings.Join(d, "\n"))
	}
}

// TestImportIncompleteNCv4: the NCv4 dump has empty link speeds and zero
// widths. Import names them; stating the link (and choosing the skeleton)
// gives the original's cpu/pci skeleton with exactly the stated link.
func TestImportIncompleteNCv4(t *testing.T) {
	const name = "azhpc_ncv4-topo.xml"
	src := readRef(t, name)
	text, diags := ncclimport.Import(name, src, ncclimport.ImportOptions{Name: "ncv4"})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	w := warnings(diags)
	if len(w) != 8 {
		t.Errorf("want 8 missing values (link_speed and link_width of 4 GPUs), got %q", w)
	}
	for _, s := range w {
		if !strings.Contains(s, `link_speed ""`) && !strings.Contains(s, `link_width "0"`) {
			t.Errorf("unexpected missing value %q", s)
		}
	}
	// The GPUs' PCIe links would be built at 0 b/s: the compiler refuses
	// the model (issue 11: no silent zeros) before any emitter runs.
	if ds := compileErrors(t, map[string]string{"m.topo.hcl": string(text),
		"group.topo.hcl": "node_group \"n\" {\n  model = \"ncv4\"\n}\n"}); !strings.Contains(ds, "GPU PCIe link without a rate") {
		t.Fatalf("want the compiler to refuse the GPUs' missing PCIe link; got %s", ds)
	}
	stated := strings.Replace(string(text), "    # MISSING gen: the file's link_speed is absent or unreadable\n", "    gen = 4\n", 1)
	stated = strings.Replace(stated, "    # MISSING width: the file's link_width is absent or 0\n", "    width = 16\n", 1)
	stated = strings.Replace(stated, `nccl_detail = "full"`, `nccl_detail = "skeleton"`, 1)
	// The file gives the NIC (a VM's virtual function, under the CPU) no
	// PCIe link either; the user states that too, or its link would be 0.
	stated = strings.Replace(stated, "      names = [\"eth0\"]\n", "      names = [\"eth0\"]\n      gen   = 4\n      width = 16\n", 1)
	r := emitModel(t, "ncv4", map[string]string{"m.topo.hcl": stated})
	if r.Tree == nil {
		t.Fatalf("stated model incomplete: %v", r.Missing)
	}
	want := system(t, name, src)
	for _, c := range want.Children {
		var keep []*topoxml.Element
		for _, p := range c.Children {
			if p.Name == "pci" {
				p.Children = nil
				p.Set("link_speed", "16.0 GT/s PCIe")
				p.Set("link_width", "16")
				keep = append(keep, p)
			}
		}
		c.Children = keep
	}
	if d := topoxml.Diff(want, r.Tree); d != nil {
		t.Errorf("emitted skeleton differs from the original's skeleton plus the stated link:\n%s", strings.Join(d, "\n"))
	}
}

// TestFullDetail: with nccl_detail = "full", GPUs get dev (their rank in
// bus-id order, NVML's numbering) and sm, and NICs a net per port named as
// stated; NCv4's socket NIC (no bus id) hangs from its cpu, as in the dump.
func TestFullDetail(t *testing.T) {
	const name = "azhpc_ncv4-topo.xml"
	text, _ := ncclimport.Import(name, readRef(t, name), ncclimport.ImportOptions{Name: "ncv4"})
	stated := strings.Replace(string(text), "    # MISSING gen: the file's link_speed is absent or unreadable\n", "    gen = 4\n", 1)
	stated = strings.Replace(stated, "    # MISSING width: the file's link_width is absent or 0\n", "    width = 16\n", 1)
	stated = strings.Replace(stated, "      names = [\"eth0\"]\n", "      names = [\"eth0\"]\n      gen   = 4\n      width = 16\n", 1)
	r := emitModel(t, "ncv4", map[string]string{"m.topo.hcl": stated})
	if r.Tree == nil {
		t.Fatalf("incomplete: %v", r.Missing)
	}
	out := string(topoxml.Write(r.Tree, nil))
	for _, want := range []string{
		`<gpu dev="0" sm="80"/>`, `<gpu dev="3" sm="80"/>`,
		"  <cpu numaid=\"0\" affinity=\"00000000,00000000,00ffffff\" arch=\"x86_64\" vendor=\"AuthenticAMD\" familyid=\"175\" modelid=\"1\">\n" +
			"    <pci busid=\"0001:00:00.0\"",
		"    <nic>\n      <net name=\"eth0\" speed=\"100000\" port=\"1\"/>\n    </nic>\n  </cpu>",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("full-detail file lacks %q:\n%s", want, out)
		}
	}
}

// TestImportDump: an NCCL_TOPO_DUMP_FILE-style file with the structure of
// the OCI HGX H100 dump (nodes.md §2.2: an upper Broadcom PEX890xx switch
// over two lower ones, one holding a GPU and one a dual-port NIC). Import
// keeps the nesting (parent), the NIC's two ports (names, a helper
// nic_model with 2 × 200 Gb/s) and the GPU's sm; the re-emitted skeleton
// equals the dump's cpu/pci skeleton, and the path is PIX because NCCL
// flattens the two Broadcom levels.
func TestImportDump(t *testing.T) {
	src, err := os.ReadFile("testdata/h100-dump.xml")
	if err != nil {
		t.Fatal(err)
	}
	text, diags := ncclimport.Import("h100-dump.xml", src, ncclimport.ImportOptions{Name: "hgx"})
	if diags.HasErrors() || len(warnings(diags)) > 0 {
		t.Fatalf("import: %v", diags)
	}
	flat := strings.Join(strings.Fields(string(text)), " ")
	for _, want := range []string{"parent = 0", `names = ["mlx5_0", "mlx5_1"]`, `port_rate = "200Gb/s"`, "ports = 2", `compute_capability = "9.0"`} {
		if !strings.Contains(flat, want) {
			t.Errorf("imported model lacks %q:\n%s", want, text)
		}
	}
	skeleton := strings.Replace(string(text), `nccl_detail = "full"`, `nccl_detail = "skeleton"`, 1)
	r := emitModel(t, "hgx", map[string]string{"m.topo.hcl": skeleton})
	if r.Tree == nil {
		t.Fatal(r.Missing)
	}
	want := system(t, "dump", src)
	var strip func(e *topoxml.Element)
	strip = func(e *topoxml.Element) {
		var keep []*topoxml.Element
		for _, c := range e.Children {
			if c.Name == "pci" || c.Name == "cpu" {
				strip(c)
				keep = append(keep, c)
			}
		}
		e.Children = keep
		var attrs []topoxml.Attr
		for _, a := range e.Attrs {
			if a.Key != "host_hash" {
				attrs = append(attrs, a)
			}
		}
		e.Attrs = attrs
	}
	strip(want)
	if d := topoxml.Diff(want, r.Tree); d != nil {
		t.Errorf("re-emitted skeleton differs from the dump's:\n%s", strings.Join(d, "\n"))
	}
	if len(r.Paths) != 1 || r.Paths[0].Class != ir.PathPIX || !r.Paths[0].GDR {
		t.Errorf("paths %+v; want PIX with GDR after Broadcom flattening", r.Paths)
	}
	// In full detail the NIC gets both ports back.
	r = emitModel(t, "hgx", map[string]string{"m.topo.hcl": string(text)})
	out := string(topoxml.Write(r.Tree, nil))
	if !strings.Contains(out, `<net name="mlx5_0" speed="200000" port="1"/>`) || !strings.Contains(out, `<net name="mlx5_1" speed="200000" port="2"/>`) || !strings.Contains(out, `<gpu dev="0" sm="90"/>`) {
		t.Errorf("full detail:\n%s", out)
	}
}
