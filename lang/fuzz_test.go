package lang

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
	"github.com/topoc/topoc/lang/scaledesign"
)

// fuzzLoadBudget is the most one Load of a fuzz input (up to
// MaxFileBytes) may take. An input that takes longer is a resource-limit
// bug (an expansion or evaluation without a cap), so the input is kept as
// a crasher. Generous, because the fuzzer shares two cores.
const fuzzLoadBudget = 10 * time.Second

// addDesignSeeds adds every HCL file under the examples, the bad-input
// corpus and the trust cases (designs and var files), and the smallest
// generated benchmark designs, as seeds.
func addDesignSeeds(f *testing.F, root string) {
	f.Helper()
	for _, dir := range []string{"examples", "testdata/bad", "testdata/trust"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".hcl") {
				return err
			}
			src, err := os.ReadFile(p)
			if err == nil && len(src) <= MaxFileBytes {
				f.Add(src)
			}
			return err
		})
		if err != nil {
			f.Fatal(err)
		}
	}
	for _, s := range scaledesign.Series() {
		if s.Endpoints <= 1100 {
			f.Add([]byte(s.Source))
		}
	}
}

// FuzzLoad loads arbitrary bytes as one design file. Properties: Load
// never panics and returns a Config; every diagnostic has a summary and a
// catalogued code, and a range inside the file it names when it has one;
// loading the same bytes twice gives the same diagnostics (deterministic
// output); and a small input loads within fuzzLoadBudget, with the
// expansion budget lowered to 2,048 instances. Seeds: the
// examples, the bad-input corpus and generated designs; regressions
// found by fuzzing are kept in testdata/fuzz/FuzzLoad.
func FuzzLoad(f *testing.F) {
	addDesignSeeds(f, "..")
	// A small expansion budget keeps every input fast, so the fuzzer
	// explores variety rather than large counts; the budget's own logic
	// is exercised all the more.
	old := expansionBudget
	expansionBudget = 2048
	f.Cleanup(func() { expansionBudget = old })
	// And the evaluation budget to a sixteenth: the bad-corpus seeds that
	// spend all of it take seconds each, past the fuzzing engine's limit
	// for one input.
	f.Cleanup(eval.ShrinkBudgetForFuzzing(16))
	known := map[diag.Code]bool{}
	for _, c := range diag.Catalogue {
		known[c] = true
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > MaxFileBytes {
			return // the size cap itself is tested in load_test.go
		}
		dir := t.TempDir()
		name := filepath.Join(dir, "design"+Suffix)
		if err := os.WriteFile(name, src, 0o644); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		cfg, diags := Load([]string{dir}, Options{})
		if d := time.Since(start); d > fuzzLoadBudget {
			t.Fatalf("Load took %v (budget %v) on %q", d, fuzzLoadBudget, src)
		}
		if cfg == nil {
			t.Fatal("Load returned a nil Config")
		}
		checkDiagnostics(t, diags, known, cfg.Files)
		checkText(t, diags, cfg.Files)
		_, again := Load([]string{dir}, Options{})
		if a, b := diagStrings(diags), diagStrings(again); !slices.Equal(a, b) {
			t.Fatalf("two loads of the same input differ:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
		}
	})
}

// checkDiagnostics asserts the properties every diagnostic must have.
func checkDiagnostics(t *testing.T, diags hcl.Diagnostics, known map[diag.Code]bool, files map[string]*hcl.File) {
	t.Helper()
	for _, d := range diags {
		if strings.TrimSpace(d.Summary) == "" {
			t.Errorf("diagnostic without a summary: %+v", d)
		}
		if c := diag.CodeOf(d); !known[c] {
			t.Errorf("diagnostic %q has code %q, not in diag.Catalogue", d.Summary, c)
		}
		if d.Subject == nil || d.Subject.Filename == "" {
			continue
		}
		f, ok := files[d.Subject.Filename]
		if !ok {
			continue // e.g. a file refused before parsing
		}
		if r := d.Subject; r.Start.Byte < 0 || r.End.Byte > len(f.Bytes) || r.Start.Byte > r.End.Byte {
			t.Errorf("diagnostic %q has range %v outside its %d-byte file", d.Summary, r, len(f.Bytes))
		}
	}
}

// checkText writes the diagnostics as text, as check prints them: the
// writer must not fail, must not echo a control character (only newline
// and tab), and its output is bounded by the diagnostics printed, not by
// the input's size.
func checkText(t *testing.T, diags hcl.Diagnostics, files map[string]*hcl.File) {
	t.Helper()
	var buf bytes.Buffer
	if err := diag.WriteText(&buf, files, diags, 0, false); err != nil {
		t.Fatalf("WriteText: %v", err)
	}
	out := buf.Bytes()
	if i := bytes.IndexFunc(out, func(r rune) bool { return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f }); i >= 0 {
		t.Fatalf("text diagnostics echo the control character %q at byte %d:\n%s", out[i], i, out)
	}
	if limit := 3 * diag.MaxTextPerSeverity * (2*diag.MaxMessage + 8*diag.MaxSnippetLine + 1024); len(out) > limit {
		t.Fatalf("text diagnostics are %d bytes, more than %d", len(out), limit)
	}
}

// diagStrings renders diagnostics sorted, for comparing two runs.
func diagStrings(ds hcl.Diagnostics) []string {
	ds = slices.Clone(ds)
	diag.Sort(ds)
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = fmt.Sprintf("%s %s %s %v %s", diag.SeverityOf(d), diag.CodeOf(d), d.Summary, d.Subject, d.Detail)
	}
	return out
}
