package nccl_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/emit/nccl/topoxml"
	"github.com/topoc/topoc/lang/diag"
)

// finding is one lint result reduced to what the tests assert.
type finding struct {
	sev     diag.Severity
	code    diag.Code
	line    int
	summary string
}

func findings(ds hcl.Diagnostics) []finding {
	var out []finding
	for _, d := range ds {
		f := finding{sev: diag.SeverityOf(d), code: diag.CodeOf(d), summary: d.Summary}
		if d.Subject != nil {
			f.line = d.Subject.Start.Line
		}
		out = append(out, f)
	}
	return out
}

func count(fs []finding, sev diag.Severity, code diag.Code, summary string) int {
	n := 0
	for _, f := range fs {
		if f.sev == sev && f.code == code && strings.Contains(f.summary, summary) {
			n++
		}
	}
	return n
}

// TestLintReferenceFiles: lint explains what is weak in each published
// file (compiler/emit/nccl/testdata/reference/SOURCES.md describes each one): the g5
// file lacks cpu arch and pci class and link data, the NCv4 dump has empty
// link speeds and zero widths (and dump-only attributes), NDv2 hangs
// every GPU and its one NIC off the CPU (no GPUDirect RDMA), the OCI B4
// file has a 7-digit affinity word. The Azure NDv4/NDv5 and AWS p4d
// skeletons are complete and get no warning.
func TestLintReferenceFiles(t *testing.T) {
	type want struct {
		sev     diag.Severity
		code    diag.Code
		summary string
		n       int
	}
	cases := map[string][]want{
		"awsofi_g5.48xl-topo.xml": {
			{diag.SevWarning, diag.NCCLMissingAttribute, "has no arch", 2},
			{diag.SevWarning, diag.NCCLMissingAttribute, "has no vendor", 2},
			{diag.SevWarning, diag.NCCLMissingAttribute, "has no affinity", 2},
			{diag.SevWarning, diag.NCCLMissingAttribute, "has no class", 9},
			{diag.SevWarning, diag.NCCLMissingAttribute, "has no link_speed", 9},
			{diag.SevWarning, diag.NCCLMissingAttribute, "has no link_width", 9},
		},
		"azhpc_ncv4-topo.xml": {
			{diag.SevWarning, diag.NCCLValue, "Empty link_speed", 4},
			{diag.SevWarning, diag.NCCLValue, "link_width of 0", 4},
			{diag.SevWarning, diag.NCCLValue, "NVLink to itself", 4},
			{diag.SevWarning, diag.NCCLInternalAttribute, "NCCL sets rank itself", 4},
			{diag.SevWarning, diag.NCCLNoGDR, "has no GPUDirect RDMA", 4},
			{diag.SevInfo, diag.NCCLNoGDR, "NIC directly under a cpu", 1},
		},
		"azhpc_ndv2-topo.xml": {
			{diag.SevWarning, diag.NCCLNoGDR, "has no GPUDirect RDMA", 8},
		},
		"ocihpc_topo-flattened-b4.xml": {
			{diag.SevWarning, diag.NCCLValue, "Short affinity word", 1},
		},
		"azhpc_ndv4-topo.xml":      nil,
		"azhpc_ndv5-topo.xml":      nil,
		"awsofi_p4d-24xl-topo.xml": nil,
	}
	for name, wants := range cases {
		t.Run(name, func(t *testing.T) {
			fs := findings(topoxml.Lint(name, readRef(t, name)))
			total := 0
			for _, w := range wants {
				if got := count(fs, w.sev, w.code, w.summary); got != w.n {
					t.Errorf("%s %s %q: %d findings, want %d", w.sev, w.code, w.summary, got, w.n)
				}
				if w.sev != diag.SevInfo {
					total += w.n
				}
			}
			var extra []string
			for _, f := range fs {
				if f.sev == diag.SevError {
					extra = append(extra, fmt.Sprintf("error %s %q at line %d", f.code, f.summary, f.line))
				}
			}
			if len(extra) > 0 {
				t.Errorf("every reference file loads in NCCL 2.30, so none has an error finding: %v", extra)
			}
			nonInfo := 0
			for _, f := range fs {
				if f.sev != diag.SevInfo {
					nonInfo++
				}
			}
			if nonInfo != total {
				t.Errorf("%d warnings, want %d: %v", nonInfo, total, fs)
			}
		})
	}
}

// TestLintB4AffinityDecode: NCCL reads B4's "fff0000" as 0x0fff0000, so
// numaid 7 holds CPUs 112-127 and 240-251: the finding says so.
func TestLintB4AffinityDecode(t *testing.T) {
	for _, d := range topoxml.Lint("b4", readRef(t, "ocihpc_topo-flattened-b4.xml")) {
		if d.Summary == "Short affinity word" {
			if !strings.Contains(d.Detail, "CPUs 112-127,240-251") || !strings.Contains(d.Detail, `"ffff0000"`) {
				t.Errorf("detail does not decode the mask: %s", d.Detail)
			}
			if d.Subject.Start.Line != 18 {
				t.Errorf("finding at line %d, want 18 (cpu numaid 7)", d.Subject.Start.Line)
			}
			return
		}
	}
	t.Fatal("no short-word finding")
}

// lintCase is a small file and the findings lint must (or must not) give.
type lintCase struct {
	name, src string
	sev       diag.Severity
	code      diag.Code
	summary   string
}

// TestLintRules exercises each rule on a minimal file, from the facts of
// nccl-topo-xml.md §2-§8.
func TestLintRules(t *testing.T) {
	const cpu = `<cpu numaid="0" affinity="0000ffff" arch="x86_64" vendor="GenuineIntel" familyid="6" modelid="143">`
	const gpu = `<pci busid="0000:1b:00.0" class="0x030200" link_speed="32.0 GT/s PCIe" link_width="16"/>`
	wrap := func(inner string) string {
		return "<system version=\"1\">\n  " + cpu + "\n    " + inner + "\n  </cpu>\n</system>\n"
	}
	cases := []lintCase{
		{"prolog", "<?xml version=\"1.0\"?>\n" + wrap(gpu), diag.SevError, diag.NCCLSyntax, "expected >, got '?'"},
		{"bom", "\xef\xbb\xbf" + wrap(gpu), diag.SevError, diag.NCCLSyntax, "expecting '<'"},
		{"tab", strings.Replace(wrap(gpu), "  <cpu", "\t<cpu", 1), diag.SevError, diag.NCCLSyntax, "expecting '<', got '\\t'"},
		{"tag over two lines", strings.Replace(wrap(gpu), `class="0x030200" `, "class=\"0x030200\"\n ", 1), diag.SevError, diag.NCCLSyntax, "expected >, got '\\n'"},
		{"unquoted", strings.Replace(wrap(gpu), `version="1"`, "version=1", 1), diag.SevError, diag.NCCLSyntax, "Expected (double) quote."},
		{"spaces around =", strings.Replace(wrap(gpu), `version="1"`, `version = "1"`, 1), diag.SevError, diag.NCCLSyntax, "Expected (double) quote."},
		{"text content", strings.Replace(wrap(gpu), gpu, "hello", 1), diag.SevError, diag.NCCLSyntax, "expecting '<', got 'h'"},
		{"comment a=b", strings.Replace(wrap(gpu), gpu, "<!--a=b-->", 1), diag.SevError, diag.NCCLSyntax, "Unexpected value with name !--a"},
		{"closing tag space", strings.Replace(wrap(gpu), "</cpu>", "</cpu >", 1), diag.SevError, diag.NCCLSyntax, "unexpected trailing ' ' in closing tag cpu"},
		{"mismatch", strings.Replace(wrap(gpu), "</cpu>", "</pci>", 1), diag.SevError, diag.NCCLSyntax, "XML Mismatch : cpu / pci"},
		{"unterminated", strings.Replace(wrap(gpu), "</system>\n", "", 1), diag.SevError, diag.NCCLSyntax, "unterminated system"},
		{"single quotes", strings.Replace(wrap(gpu), `link_width="16"`, `link_width='16'`, 1), diag.SevWarning, diag.NCCLLexical, "Single-quoted value"},
		{"double space", strings.Replace(wrap(gpu), `class="0x030200" `, `class="0x030200"  `, 1), diag.SevWarning, diag.NCCLLexical, "Empty attribute"},
		{"space before />", strings.Replace(wrap(gpu), `"16"/>`, `"16" />`, 1), diag.SevWarning, diag.NCCLLexical, "Empty attribute"},
		{"root SYSTEM", strings.ReplaceAll(wrap(gpu), "system", "SYSTEM"), diag.SevError, diag.NCCLStructure, "No <system> root"},
		{"no version", strings.Replace(wrap(gpu), ` version="1"`, "", 1), diag.SevError, diag.NCCLMissingAttribute, "system has no version"},
		{"version 2", strings.Replace(wrap(gpu), `version="1"`, `version="2"`, 1), diag.SevError, diag.NCCLValue, "Wrong topology version"},
		{"gpu under cpu", wrap(`<gpu dev="0"/>`), diag.SevWarning, diag.NCCLStructure, "Ignoring element gpu"},
		{"upper-case bus id", wrap(strings.Replace(gpu, "1b", "1B", 1)), diag.SevError, diag.NCCLValue, "Bus id not in NCCL's form"},
		{"short bus id", wrap(strings.Replace(gpu, "0000:1b", "1b", 1)), diag.SevError, diag.NCCLValue, "Bus id not in NCCL's form"},
		{"octal numaid", strings.Replace(wrap(gpu), `numaid="0"`, `numaid="08"`, 1), diag.SevError, diag.NCCLValue, "Zero-padded number"},
		{"padded but same", strings.Replace(wrap(gpu), `numaid="0"`, `numaid="01"`, 1), diag.SevWarning, diag.NCCLValue, "Zero-padded number"},
		{"16.0 GT/s", wrap(strings.Replace(gpu, "32.0 GT/s PCIe", "16.0 GT/s", 1)), diag.SevWarning, diag.NCCLValue, "Unknown link_speed"},
		{"range affinity", strings.Replace(wrap(gpu), `affinity="0000ffff"`, `affinity="0-23"`, 1), diag.SevError, diag.NCCLValue, "Affinity is not a cpumap"},
		{"no arch", strings.Replace(wrap(gpu), ` arch="x86_64"`, "", 1), diag.SevWarning, diag.NCCLMissingAttribute, "has no arch"},
		{"intel no model", strings.Replace(wrap(gpu), ` modelid="143"`, "", 1), diag.SevWarning, diag.NCCLMissingAttribute, "has no modelid"},
		{"fake switch no class", wrap(`<pci busid="ffff:ff:01.0" link_speed="32.0 GT/s PCIe" link_width="16">` + gpu + `</pci>`), diag.SevError, diag.NCCLMissingAttribute, "has no class"},
		{"duplicate bus id", wrap(gpu + "\n" + gpu), diag.SevError, diag.NCCLDuplicate, "Duplicate bus id"},
		{"keep", wrap(strings.Replace(gpu, "/>", ` keep="1"/>`, 1)), diag.SevError, diag.NCCLInternalAttribute, "keep in a file"},
		{"GPU function 1", wrap(strings.Replace(gpu, "00.0", "00.1", 1)), diag.SevWarning, diag.NCCLValue, "GPU function not 0"},
		{"bottleneck", wrap(`<pci busid="ffff:ff:01.0" class="0x060400" link_speed="2.5 GT/s" link_width="1">` + gpu + `</pci>`), diag.SevWarning, diag.NCCLLinkBottleneck, "Switch link slower"},
		{"guid without 0x", wrap(`<pci busid="0000:0c:00.0" class="0x020700" link_speed="32.0 GT/s PCIe" link_width="16"><nic><net name="mlx5_0" guid="a262"/></nic></pci>`), diag.SevWarning, diag.NCCLValue, "guid without 0x"},
		{"gpu and nic on two cpus", "<system version=\"1\">\n  " + cpu + gpu + "</cpu>\n  " + strings.Replace(cpu, `numaid="0" affinity="0000ffff"`, `numaid="1" affinity="ffff0000"`, 1) +
			`<pci busid="0000:0c:00.0" class="0x020700" link_speed="32.0 GT/s PCIe" link_width="16"/></cpu>` + "\n</system>\n", diag.SevWarning, diag.NCCLNoGDR, "no GPUDirect RDMA"},
		{"overlapping affinity", "<system version=\"1\">\n  " + cpu + gpu + "</cpu>\n  " + strings.Replace(cpu, `numaid="0"`, `numaid="1"`, 1) + "</cpu>\n</system>\n", diag.SevWarning, diag.NCCLDuplicate, "Overlapping affinity"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := findings(topoxml.Lint("t.xml", []byte(c.src)))
			if count(fs, c.sev, c.code, c.summary) == 0 {
				t.Errorf("want %s %s %q; got %v\nfile:\n%s", c.sev, c.code, c.summary, fs, c.src)
			}
		})
	}
	// The same file without the fault is clean: every rule above is
	// triggered by its fault, not by the template.
	if fs := findings(topoxml.Lint("t.xml", []byte(wrap(gpu)))); len(fs) != 0 {
		t.Errorf("the template file has findings: %v", fs)
	}
}

// TestLintComments: comments are allowed anywhere NCCL allows them,
// including after a start tag on the same line (as AWS's p4d file does).
func TestLintComments(t *testing.T) {
	src := "<!-- header a=b -->\n<system version=\"1\"> <!-- after a tag -->\n  <!-- inside -->\n</system>\n"
	if fs := findings(topoxml.Lint("c.xml", []byte(src))); count(fs, diag.SevError, diag.NCCLSyntax, "") > 0 {
		t.Errorf("comments rejected: %v", fs)
	}
}

// TestNodeLimit: NCCL 2.21+ fails on a file of 256 elements and loads one
// of 255 (nccl-topo-xml.md §8, tested there on NCCL's own parser).
func TestNodeLimit(t *testing.T) {
	file := func(elements int) []byte {
		var b strings.Builder
		b.WriteString("<system version=\"1\">\n  <cpu numaid=\"0\" affinity=\"ff\" arch=\"x86_64\" vendor=\"AuthenticAMD\">\n")
		for i := 0; i < elements-2; i++ {
			fmt.Fprintf(&b, "    <pci busid=\"%04x:00:00.0\" class=\"0x030200\" link_speed=\"32.0 GT/s PCIe\" link_width=\"16\"/>\n", i)
		}
		b.WriteString("  </cpu>\n</system>\n")
		return []byte(b.String())
	}
	doc, ds := topoxml.Parse("255.xml", file(255))
	if ds.HasErrors() || doc.Loaded != 255 {
		t.Errorf("255 elements: loaded %d, errors %v", doc.Loaded, ds)
	}
	_, ds = topoxml.Parse("256.xml", file(256))
	if count(findings(ds), diag.SevError, diag.NCCLLimit, "limited to 256 nodes") != 1 {
		t.Errorf("256 elements: want the node-limit error, got %v", findings(ds))
	}
	// The budget warning fires well before NCCL's limit.
	if count(findings(topoxml.Lint("151.xml", file(151))), diag.SevWarning, diag.NCCLLimit, "Large file") != 1 {
		t.Errorf("151 elements: want the budget warning")
	}
	if count(findings(topoxml.Lint("150.xml", file(150))), diag.SevWarning, diag.NCCLLimit, "Large file") != 0 {
		t.Errorf("150 elements: no budget warning expected")
	}
}

// TestValueLimit: a value of 253 characters loads, 254 is fatal; a 17th
// attribute is dropped (nccl-topo-xml.md §8).
func TestValueLimit(t *testing.T) {
	val := func(n int) []byte {
		return []byte(`<system version="1" name="` + strings.Repeat("x", n) + "\"/>\n")
	}
	if _, ds := topoxml.Parse("a", val(253)); ds.HasErrors() {
		t.Errorf("253 characters rejected: %v", ds)
	}
	if _, ds := topoxml.Parse("a", val(254)); !ds.HasErrors() {
		t.Errorf("254 characters accepted")
	}
	var attrs []string
	for i := 0; i < 17; i++ {
		attrs = append(attrs, fmt.Sprintf(`a%d="%d"`, i, i))
	}
	doc, ds := topoxml.Parse("a", []byte(`<system version="1" `+strings.Join(attrs, " ")+"/>\n"))
	if n := len(doc.System().Attrs); n != 16 {
		t.Errorf("kept %d attributes, want 16", n)
	}
	if count(findings(ds), diag.SevWarning, diag.NCCLLimit, "Ignoring extra attributes") != 2 {
		t.Errorf("want 2 dropped-attribute warnings (a15, a16 beyond version+a0..a14): %v", findings(ds))
	}
}

// TestLintSorted: findings come in file order.
func TestLintSorted(t *testing.T) {
	fs := findings(topoxml.Lint("g5", readRef(t, "awsofi_g5.48xl-topo.xml")))
	lines := make([]int, len(fs))
	for i, f := range fs {
		lines[i] = f.line
	}
	if !sort.IntsAreSorted(lines) {
		t.Errorf("findings not in line order: %v", lines)
	}
}
