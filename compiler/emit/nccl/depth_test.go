package nccl_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/emit/nccl/ncclimport"
	"github.com/topoc/topoc/compiler/emit/nccl/topoxml"
	"github.com/topoc/topoc/lang/diag"
)

// nested is a <system> holding n nested <pci> elements. Under <system>
// NCCL loads only <cpu>, so all n are skipped elements and none counts
// toward the 256-node limit: before the depth cap only the file size
// bounded the parse.
func nested(n int) []byte {
	var b strings.Builder
	b.WriteString("<system version=\"1\">\n")
	for range n {
		b.WriteString("<pci busid=\"0000:1b:00.0\">\n")
	}
	for range n {
		b.WriteString("</pci>\n")
	}
	b.WriteString("</system>\n")
	return []byte(b.String())
}

// A file nested past MaxDepth (100,000 levels, 3.4 MB: it took over 30 s
// when each skipped subtree was marked again on the way up) gets one
// nccl-limit error at the first element past the cap, from lint and from
// import, at once. The cap's own depth is accepted.
func TestNestingDepthCap(t *testing.T) {
	src := nested(100_000)
	start := time.Now()
	ds := topoxml.Lint("deep.xml", src)
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("lint of a 100,000-deep file took %v", el)
	}
	fs := findings(ds)
	// Line 1 is <system> (depth 1), so depth MaxDepth+1 is on that line.
	want := finding{sev: diag.SevError, code: diag.NCCLLimit, line: topoxml.MaxDepth + 1, summary: "Elements nested more than 64 deep"}
	if len(fs) != 1 || fs[0] != want {
		t.Fatalf("lint: %+v, want %+v", fs, want)
	}
	text, ds := ncclimport.Import("deep.xml", src, ncclimport.ImportOptions{})
	if text != nil || !slices.ContainsFunc(findings(ds), func(f finding) bool { return f == want }) {
		t.Fatalf("import: text %d bytes, %+v; want nothing and %+v", len(text), findings(ds), want)
	}
	doc, ds := topoxml.Parse("ok.xml", nested(topoxml.MaxDepth-1))
	if ds.HasErrors() {
		t.Fatalf("depth %d refused: %v", topoxml.MaxDepth, ds)
	}
	// Every element below the skipped <pci> is marked skipped, and none is
	// counted as loaded (the <system> alone is).
	n := 0
	for e := doc.Roots[0].Children[0]; ; e = e.Children[0] {
		if !e.Ignored {
			t.Fatalf("element %d of the skipped subtree not marked ignored", n)
		}
		n++
		if len(e.Children) == 0 {
			break
		}
	}
	if n != topoxml.MaxDepth-1 || doc.Loaded != 1 {
		t.Errorf("%d skipped elements, %d loaded; want %d and 1", n, doc.Loaded, topoxml.MaxDepth-1)
	}
}

// Import refuses a file lint finds an error in (two <pci> with one bus
// id: NCCL finds the first and loses the other), with lint's error
// findings, and imports the same file once the duplicate is gone.
func TestImportRefusesLintErrors(t *testing.T) {
	pci := func(busid string) string {
		return `    <pci busid="` + busid + `" class="0x060400" vendor="0x1000" device="0xc030" subsystem_vendor="0x1000" subsystem_device="0x100b" link_speed="32.0 GT/s PCIe" link_width="16"/>` + "\n"
	}
	file := func(a, b string) []byte {
		return []byte("<system version=\"1\">\n" +
			"  <cpu numaid=\"0\" affinity=\"0000ffff\" arch=\"x86_64\" vendor=\"GenuineIntel\" familyid=\"6\" modelid=\"143\">\n" +
			pci(a) + pci(b) + "  </cpu>\n</system>\n")
	}
	dup := file("0000:1b:00.0", "0000:1b:00.0")
	var lintErrs hcl.Diagnostics
	for _, d := range topoxml.Lint("dup.xml", dup) {
		if d.Severity == hcl.DiagError {
			lintErrs = append(lintErrs, d)
		}
	}
	if len(lintErrs) != 1 || diag.CodeOf(lintErrs[0]) != diag.NCCLDuplicate || lintErrs[0].Subject.Start.Line != 4 {
		t.Fatalf("lint: %+v, want one nccl-duplicate on line 4", findings(lintErrs))
	}
	text, ds := ncclimport.Import("dup.xml", dup, ncclimport.ImportOptions{})
	if text != nil || !slices.Equal(findings(ds), findings(lintErrs)) {
		t.Fatalf("import: text %d bytes, %+v; want nothing and lint's errors %+v", len(text), findings(ds), findings(lintErrs))
	}
	text, ds = ncclimport.Import("ok.xml", file("0000:1b:00.0", "0000:2b:00.0"), ncclimport.ImportOptions{})
	if text == nil || ds.HasErrors() {
		t.Fatalf("import without the duplicate: %d bytes, %+v", len(text), findings(ds))
	}
}
