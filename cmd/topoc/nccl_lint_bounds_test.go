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

// `nccl env --check` exits 1 with nccl-env warnings at the lines of a
// file that contradicts the design, and 0 on the file `--emit nccl-env`
// writes for it.
func TestNCCLEnvCheck(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "nccl.conf")
	if err := os.WriteFile(bad, []byte("# site\nNCCL_IB_HCA=mlx5_0,mlx5_1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCaptured(t, "nccl", "env", "--check", bad, "../../examples/dgx-h100-superpod")
	// The prefix, the rails it leaves out, and the storage port it takes
	// (the built-in DGX-H100 names its storage ports).
	if code != 1 || !strings.Contains(stderr, "nccl.conf:2: Warning[nccl-env]: NCCL_IB_HCA entry \"mlx5_1\" is a prefix") ||
		!strings.Contains(stderr, "selects mlx5_1, which node model \"DGX-H100\" has for storage") || !strings.Contains(stdout, `node model "DGX-H100", 3 findings`) {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	out := filepath.Join(dir, "out")
	if code, _, stderr := runCaptured(t, "build", "../../examples/dgx-h100-superpod", "-o", out, "--emit", "nccl-env"); code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	if code, stdout, stderr := runCaptured(t, "nccl", "env", "--check", filepath.Join(out, "nccl", "DGX-H100.env"), "../../examples/dgx-h100-superpod"); code != 0 {
		t.Errorf("the emitted file: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, _, stderr := runCaptured(t, "nccl", "env", "../../examples/dgx-h100-superpod"); code != 2 || !strings.Contains(stderr, "--check FILE") {
		t.Errorf("without --check: exit %d: %s", code, stderr)
	}
}
