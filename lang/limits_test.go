package lang

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
)

// errorsOf returns the error diagnostics of diags as "code line" strings.
func errorsOf(diags hcl.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		if diag.SeverityOf(d) == diag.SevError {
			line := "-"
			if d.Subject != nil {
				line = strconv.Itoa(d.Subject.Start.Line)
			}
			out = append(out, string(diag.CodeOf(d))+" "+line)
		}
	}
	return out
}

func loadSrc(t *testing.T, src string) hcl.Diagnostics {
	t.Helper()
	_, diags := Load([]string{writeFiles(t, map[string]string{"d.topo.hcl": src})}, Options{})
	return diags
}

func wantErrors(t *testing.T, diags hcl.Diagnostics, want ...string) {
	t.Helper()
	got := errorsOf(diags)
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("errors %v, want %v; diagnostics: %v", got, want, diags)
	}
}

// The expansion budget (lowered to 100 here) is shared by every count, for_each and node group
// of a design: two blocks within it one by one but not together are
// refused at the second, and a second design gets a fresh budget.
func TestExpansionBudgetAcrossBlocks(t *testing.T) {
	old := expansionBudget
	expansionBudget = 100
	defer func() { expansionBudget = old }()
	src := `fabric "c" {
  custom {
    switch "a" {
      count = 60
    }
    switch "b" {
      count = 60
    }
  }
}
`
	wantErrors(t, loadSrc(t, src), "expansion-limit 7")
	wantErrors(t, loadSrc(t, strings.Replace(src, "count = 60\n    }\n    switch", "count = 40\n    }\n    switch", 1)))
	wantErrors(t, loadSrc(t, `node_group "a" {
  model = "DGX-H100"
  count = 98
}
fabric "c" {
  custom {
    switch "s" {
      for_each = toset(["x", "y", "z"])
    }
  }
}
`), "expansion-limit 8")
}

// Concurrent loads each get their own budget.
func TestExpansionBudgetConcurrent(t *testing.T) {
	old := expansionBudget
	expansionBudget = 100
	defer func() { expansionBudget = old }()
	dir := writeFiles(t, map[string]string{"d.topo.hcl": "fabric \"c\" {\n  custom {\n    switch \"s\" {\n      count = 100\n    }\n  }\n}\n"})
	var wg sync.WaitGroup
	errs := make([][]string, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, d := Load([]string{dir}, Options{})
			errs[i] = errorsOf(d)
		}()
	}
	wg.Wait()
	for i, e := range errs {
		if len(e) != 0 {
			t.Errorf("load %d: %v", i, e)
		}
	}
}

// An operator chain long enough to overflow HCL's recursive evaluator (a
// fatal error in Go) is refused before parsing, at the operator past
// MaxOperators; one within the cap loads. Newlines inside braces end an
// item, so a long block body is not one expression; inside parentheses
// an expression continues over lines and is counted whole.
func TestOperatorChains(t *testing.T) {
	chain := func(n int, sep string) string {
		return "locals {\n  a = (" + strings.Repeat("1 +"+sep, n) + "1)\n}\n"
	}
	wantErrors(t, loadSrc(t, chain(MaxOperators+1, " ")), "hcl-syntax 2")
	wantErrors(t, loadSrc(t, chain(MaxOperators+1, "\n")), "hcl-syntax "+strconv.Itoa(2+MaxOperators))
	wantErrors(t, loadSrc(t, chain(MaxOperators-1, " ")))
	wantErrors(t, loadSrc(t, "locals {\n  a = "+strings.Repeat("-", 2*MaxOperators)+"1\n}\n"), "hcl-syntax 2")
	var body strings.Builder
	body.WriteString("locals {\n")
	for i := range 2 * MaxOperators {
		body.WriteString("  a" + strconv.Itoa(i) + " = 1 - 1 # -- a comment --\n")
	}
	body.WriteString("}\n")
	wantErrors(t, loadSrc(t, body.String()))
}

// Locals that double the last are refused at the first past MaxValueSize
// rather than running the machine out of memory.
func TestValueSizeCap(t *testing.T) {
	var b strings.Builder
	b.WriteString("locals {\n  a0 = \"0123456789abcdef\"\n")
	for i := 1; i <= 40; i++ {
		b.WriteString("  a" + strconv.Itoa(i) + " = \"${local.a" + strconv.Itoa(i-1) + "}${local.a" + strconv.Itoa(i-1) + "}\"\n")
	}
	b.WriteString("}\n")
	// 16 bytes doubled 18 times is 4 MiB: a18 is the first past the cap.
	// The locals after it depend on a failed local and are not evaluated.
	wantErrors(t, loadSrc(t, b.String()), "expansion-limit 20")
}

// A file past MaxFileBytes, and a design past MaxDesignBytes in several
// files, are refused before parsing with file-too-large.
func TestLargeFiles(t *testing.T) {
	dir := t.TempDir()
	big := []byte("# " + strings.Repeat("x", MaxFileBytes) + "\n")
	if err := os.WriteFile(filepath.Join(dir, "a.topo.hcl"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	_, diags := Load([]string{dir}, Options{})
	wantErrors(t, diags, "file-too-large 1")

	dir = t.TempDir()
	part := []byte("# " + strings.Repeat("x", MaxFileBytes-100) + "\n")
	for i := range MaxDesignBytes/len(part) + 1 {
		if err := os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(i)+".topo.hcl"), part, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, diags = Load([]string{dir}, Options{})
	if got := errorsOf(diags); len(got) != 1 || got[0] != "file-too-large 1" || !strings.HasSuffix(diags[0].Subject.Filename, "f4.topo.hcl") {
		t.Fatalf("errors %v (%v), want one file-too-large at the fifth file", got, diags)
	}
}

// --var-file and --var values pass the same screen as design files.
func TestVarInputsScreened(t *testing.T) {
	dir := writeFiles(t, map[string]string{"d.topo.hcl": "variable \"a\" {\n  type    = number\n  default = 1\n}\n", "v.tfvars": "a = " + strings.Repeat("(", MaxNesting+1) + "1" + strings.Repeat(")", MaxNesting+1) + "\n"})
	_, diags := Load([]string{filepath.Join(dir, "d.topo.hcl")}, Options{VarFiles: []string{filepath.Join(dir, "v.tfvars")}})
	wantErrors(t, diags, "hcl-syntax 1")
	_, diags = Load([]string{filepath.Join(dir, "d.topo.hcl")}, Options{Vars: []string{"a=" + strings.Repeat("1+", MaxOperators+1) + "1"}})
	wantErrors(t, diags, "hcl-syntax -")
}

// Tokens are capped per file and per design (eval.MaxTokens): HCL's
// parser keeps about 325 bytes per token, so four files of two million
// tokens each, within the byte caps, ran out of memory (issue 19).
func TestTokenCaps(t *testing.T) {
	// lines of small lists (under the literal-list cap), n tokens in all
	lines := func(n int) []byte {
		var b strings.Builder
		row := "[" + strings.Repeat("0,", 999) + "0]" // 2,001 tokens
		b.WriteString("locals {\n")
		for i := 0; i < n/2005; i++ {
			fmt.Fprintf(&b, "  x%d = %s\n", i, row)
		}
		b.WriteString("}\n")
		return []byte(b.String())
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.topo.hcl"), lines(eval.MaxTokens+10000), 0o644); err != nil {
		t.Fatal(err)
	}
	_, diags := Load([]string{dir}, Options{})
	wantErrors(t, diags, "file-too-large 1")

	dir = t.TempDir()
	for _, f := range []string{"a.topo.hcl", "b.topo.hcl"} {
		src := strings.Replace(string(lines(eval.MaxTokens*6/10)), "  x", "  "+f[:1], -1)
		if err := os.WriteFile(filepath.Join(dir, f), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, diags = Load([]string{dir}, Options{})
	if got := errorsOf(diags); len(got) != 1 || got[0] != "file-too-large 1" || !strings.HasSuffix(diags[0].Subject.Filename, "b.topo.hcl") {
		t.Fatalf("errors %v, want one file-too-large at the second file", got)
	}
}
