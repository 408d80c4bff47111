package nccl_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/nccl"
	"github.com/topoc/topoc/compiler/emit/nccl/ncclimport"
	"github.com/topoc/topoc/compiler/emit/nccl/topoxml"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/compiler/tooltest"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// builtinModels are the catalogue's node models.
var builtinModels = []string{"DGX-H100", "HGX-H100", "DGX-B200", "DGX-A100", "GB200-NVL72-compute-tray", "ND-H100-v5"}

// builtinArtifacts emits the NCCL files of a design with one node group per
// built-in model.
func builtinArtifacts(t *testing.T) []emit.Artifact {
	t.Helper()
	var src strings.Builder
	for i, m := range builtinModels {
		src.WriteString("node_group \"g" + string(rune('a'+i)) + "\" {\n  model = \"" + m + "\"\n}\n")
	}
	g := compileHCL(t, map[string]string{"d.topo.hcl": src.String()})
	arts, err := nccl.Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	return arts
}

// TestGolden compares the built-in models' NCCL files and reports with
// testdata/golden (-update rewrites them). DGX-B200 has no published bus
// ids, so it gets a report and no file.
func TestGolden(t *testing.T) {
	arts := builtinArtifacts(t)
	seen := map[string]bool{}
	files := map[string][]byte{}
	for _, a := range arts {
		seen[filepath.Base(a.Path)] = true
		files[filepath.Base(a.Path)] = a.Data
	}
	compiletest.GoldenDir(t, filepath.Join("testdata", "golden"), files, "the built-in models' NCCL files")
	if seen["DGX-B200.xml"] || !seen["DGX-B200.txt"] {
		t.Errorf("DGX-B200 states no bus id: want its report and no XML")
	}
	if len(arts) != 2*len(builtinModels)-1 {
		t.Errorf("%d artifacts, want %d", len(arts), 2*len(builtinModels)-1)
	}
	// Byte-identical on a second run.
	again := builtinArtifacts(t)
	for i := range arts {
		if !bytes.Equal(arts[i].Data, again[i].Data) || arts[i].Path != again[i].Path {
			t.Errorf("%s differs between two runs", arts[i].Path)
		}
	}
}

var (
	tagRE      = regexp.MustCompile(`^( *)<([a-z]+)((?: [a-z_]+="[^"]*")*)(/?)>(?: <!-- [^-]*(?:-[^-]+)* -->)?$`)
	attrRE     = regexp.MustCompile(` ([a-z_]+)="([^"]*)"`)
	closeRE    = regexp.MustCompile(`^( *)</([a-z]+)>$`)
	numericKey = map[string]bool{"version": true, "numaid": true, "familyid": true, "modelid": true, "link_width": true, "dev": true, "sm": true, "count": true, "speed": true, "port": true}
	speeds     = map[string]bool{"2.5 GT/s PCIe": true, "5.0 GT/s PCIe": true, "8.0 GT/s PCIe": true, "16.0 GT/s PCIe": true, "32.0 GT/s PCIe": true, "64.0 GT/s PCIe": true}
)

// strictCheck verifies a file against the emitter's contract line by line,
// independently of Parse and Lint (nccl-topo-xml.md §2, §4, §11): no
// prolog, BOM, TAB or CR; a comment header, then one element per line with
// its start tag whole and 2-space indentation; double-quoted attributes;
// <system version="1"> root; complete cpu and pci elements; link speeds
// from NCCL's table; canonical bus ids; no zero-padded integers; never
// keep, rank, host_hash or mlopart; at most 150 elements.
func strictCheck(t *testing.T, name string, data []byte) {
	t.Helper()
	s := string(data)
	if strings.ContainsAny(s, "\t\r") || strings.HasPrefix(s, "<?") || strings.HasPrefix(s, "\xef\xbb\xbf") {
		t.Errorf("%s: TAB, CR, prolog or BOM", name)
	}
	body := s
	if strings.HasPrefix(s, "<!--\n") {
		end := strings.Index(s, "\n-->\n")
		if end < 0 || strings.Contains(s[4:end], "--") {
			t.Fatalf("%s: malformed header comment", name)
		}
		body = s[end+5:]
	}
	lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	if lines[0] != `<system version="1">` {
		t.Errorf("%s: root is %q", name, lines[0])
	}
	var stack []string
	elements := 0
	for i, l := range lines {
		if m := closeRE.FindStringSubmatch(l); m != nil {
			if len(stack) == 0 || stack[len(stack)-1] != m[2] || len(m[1]) != 2*(len(stack)-1) {
				t.Errorf("%s:%d: bad closing tag %q", name, i+1, l)
				return
			}
			stack = stack[:len(stack)-1]
			continue
		}
		m := tagRE.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("%s:%d: not a one-line start tag: %q", name, i+1, l)
			continue
		}
		elements++
		if len(m[1]) != 2*len(stack) {
			t.Errorf("%s:%d: indentation %d at depth %d", name, i+1, len(m[1]), len(stack))
		}
		attrs := map[string]string{}
		for _, a := range attrRE.FindAllStringSubmatch(m[3], -1) {
			attrs[a[1]] = a[2]
			if numericKey[a[1]] && len(a[2]) > 1 && a[2][0] == '0' {
				t.Errorf("%s:%d: zero-padded %s=%q", name, i+1, a[1], a[2])
			}
			switch a[1] {
			case "keep", "rank", "host_hash", "mlopart":
				t.Errorf("%s:%d: internal attribute %s", name, i+1, a[1])
			}
		}
		switch m[2] {
		case "cpu":
			need := []string{"numaid", "affinity", "arch"}
			if attrs["arch"] == "x86_64" {
				need = append(need, "vendor")
			}
			if attrs["vendor"] == "GenuineIntel" {
				need = append(need, "familyid", "modelid")
			}
			for _, k := range need {
				if attrs[k] == "" {
					t.Errorf("%s:%d: cpu without %s", name, i+1, k)
				}
			}
		case "pci":
			for _, k := range []string{"busid", "class", "link_speed", "link_width"} {
				if attrs[k] == "" {
					t.Errorf("%s:%d: pci without %s", name, i+1, k)
				}
			}
			if !ir.CanonicalBusID(attrs["busid"]) {
				t.Errorf("%s:%d: bus id %q not canonical", name, i+1, attrs["busid"])
			}
			if !speeds[attrs["link_speed"]] {
				t.Errorf("%s:%d: link_speed %q not NCCL's long form", name, i+1, attrs["link_speed"])
			}
		}
		if m[4] == "" {
			stack = append(stack, m[2])
		}
	}
	if len(stack) != 0 {
		t.Errorf("%s: unclosed %v", name, stack)
	}
	if elements > topoxml.Budget {
		t.Errorf("%s: %d elements, over the budget of %d", name, elements, topoxml.Budget)
	}
}

// TestEmittedFilesStrict checks every emitted file (built-in models, and
// the full-detail and imported ones) against the strict subset, against
// NCCL's parser model (Lint finds nothing to warn about), and, when
// installed, against xmllint: NCCL's subset is also well-formed XML.
func TestEmittedFilesStrict(t *testing.T) {
	files := map[string][]byte{}
	for _, a := range builtinArtifacts(t) {
		if strings.HasSuffix(a.Path, ".xml") {
			files[filepath.Base(a.Path)] = a.Data
		}
	}
	full := emitModel(t, "full", map[string]string{"m.topo.hcl": strings.Replace(builtinDGX(t), `node_model "DGX-H100" {`, "node_model \"full\" {\n  nccl_detail = \"full\"", 1)})
	if full.Tree == nil {
		t.Fatalf("full detail: %v", full.Missing)
	}
	// The storage NICs are named (mlx5_1/2 and mlx5_7/8, nodes.md §2.1)
	// but have no bus id: each hangs from its socket's <cpu>, and the
	// header says so instead of calling them left out.
	if n := full.Tree.Count(); n != 65 || !slices.Equal(full.SocketNICs, []string{"storage0", "storage1"}) || len(full.Omitted) != 0 {
		t.Errorf("full detail: %d elements, socket NICs %v, omitted %v; want 65, [storage0 storage1], none", n, full.SocketNICs, full.Omitted)
	}
	xml := string(topoxml.Write(full.Tree, full.Header))
	for _, want := range []string{
		" Written under their cpu, no bus id (NCCL's ncclTopoFillNet keeps a net named in the file where the file puts it):\n   storage0, storage1\n",
		"    <nic>\n      <net name=\"mlx5_1\" speed=\"400000\" port=\"1\"/>\n      <net name=\"mlx5_2\" speed=\"400000\" port=\"2\"/>\n    </nic>\n  </cpu>\n  <cpu numaid=\"1\"",
	} {
		if !strings.Contains(xml, want) {
			t.Errorf("full detail lacks %q:\n%s", want, xml)
		}
	}
	files["full.xml"] = topoxml.Write(full.Tree, full.Header)
	for _, ref := range []string{"azhpc_ndv4-topo.xml", "ocihpc_topo-flattened-b4.xml"} {
		text, _ := ncclimport.Import(ref, readRef(t, ref), ncclimport.ImportOptions{Name: "imp"})
		r := emitModel(t, "imp", map[string]string{"m.topo.hcl": string(text)})
		files["imported-"+ref] = topoxml.Write(r.Tree, r.Header)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		strictCheck(t, n, files[n])
		for _, d := range topoxml.Lint(n, files[n]) {
			// Import keeps B4's 7-digit affinity word verbatim, so the
			// re-emitted file has the original's one weakness.
			if n == "imported-ocihpc_topo-flattened-b4.xml" && d.Summary == "Short affinity word" {
				continue
			}
			if diag.SeverityOf(d) != diag.SevInfo {
				t.Errorf("%s: lint: %s: %s", n, d.Summary, d.Detail)
			}
		}
	}
	xmllint := tooltest.Command(t, "xmllint", "libxml2-utils")
	dir := t.TempDir()
	for _, n := range names {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, files[n], 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(xmllint, "--noout", p).CombinedOutput(); err != nil {
			t.Errorf("xmllint rejects %s: %v\n%s", n, err, out)
		}
	}
}

// builtinDGX returns the built-in DGX-H100 node_model block's text.
func builtinDGX(t *testing.T) string {
	t.Helper()
	src := string(catalogSource(t))
	i := strings.Index(src, `node_model "DGX-H100" {`)
	j := strings.Index(src[i:], "\n}\n")
	if i < 0 || j < 0 {
		t.Fatal("DGX-H100 not found in the catalogue")
	}
	return src[i : i+j+3]
}

// TestExampleSuperPOD: building examples/dgx-h100-superpod with --emit nccl
// writes the DGX H100 file: 127 servers share one node model, so one file.
func TestExampleSuperPOD(t *testing.T) {
	cfg, diags := lang.Load([]string{"../../../examples/dgx-h100-superpod"}, lang.Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	g, diags := compiler.Compile(cfg, compiler.Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	arts, err := nccl.Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, a := range arts {
		paths = append(paths, a.Path)
		if a.Path == "nccl/DGX-H100.xml" {
			golden, err := os.ReadFile(filepath.Join("testdata", "golden", "DGX-H100.xml"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(golden, a.Data) {
				t.Errorf("the example's file differs from the built-in model's golden file")
			}
		}
	}
	if strings.Join(paths, " ") != "nccl/DGX-H100.xml nccl/DGX-H100.txt" {
		t.Errorf("artifacts %v", paths)
	}
}
