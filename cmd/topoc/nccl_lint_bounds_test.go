package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// One <cpu> with 10,000 attributes on a 99 KB line made nccl lint reprint
// the line for every finding (over 476 MB in 60 s, issue 19). Snippets are
// cut to diag.MaxSnippetLine and findings per severity capped, so the
// output stays small; the findings are still reported and counted.
func TestNCCLLintLongLineBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("<system version=\"1\">\n<cpu numaid=\"0\"")
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&b, " a%d=\"%d\"", i, i)
	}
	b.WriteString(">\n</cpu>\n</system>\n")
	path := filepath.Join(t.TempDir(), "topo.xml")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stdout, stderr := runCaptured(t, "nccl", "lint", path)
	out := stdout + stderr
	if len(out) > 200<<10 {
		t.Errorf("nccl lint wrote %d bytes for a %d-byte file", len(out), b.Len())
	}
	if !strings.Contains(out, "cpu numaid 0 has no affinity") || !strings.Contains(out, "...") {
		t.Errorf("want the finding with a cut snippet; got:\n%.2000s", out)
	}
}
