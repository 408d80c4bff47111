package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFmtExamples: every example under examples/, and the built-in
// catalogue (lang/catalog), is in canonical style
// (`topoc fmt --check DIR` exits 0 and lists nothing), and the check is
// not vacuous: the same files with their indentation broken are caught.
func TestFmtExamples(t *testing.T) {
	dirs, err := filepath.Glob("../../examples/*")
	if err != nil {
		t.Fatal(err)
	}
	dirs = append(dirs, "../../lang/catalog")
	n := 0
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.topo.hcl"))
		if len(files) == 0 {
			continue
		}
		n++
		t.Run(filepath.Base(dir), func(t *testing.T) {
			code, stdout, stderr := runTopoc(t, "fmt", "--check", dir)
			if code != 0 || stdout != "" || stderr != "" {
				t.Errorf("topoc fmt --check %s: exit %d, want 0; would change:\n%s%s\n(run: topoc fmt -w %s)", dir, code, stdout, stderr, dir)
			}
			// Mis-indent a copy of each file: fmt --check must list it.
			tmp := t.TempDir()
			for _, f := range files {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				messy := strings.ReplaceAll(string(src), "\n  ", "\n     ")
				if messy == string(src) {
					continue
				}
				bad := filepath.Join(tmp, filepath.Base(f))
				if err := os.WriteFile(bad, []byte(messy), 0o644); err != nil {
					t.Fatal(err)
				}
				code, stdout, _ := runTopoc(t, "fmt", "--check", bad)
				if code != 1 || strings.TrimSpace(stdout) != bad {
					t.Errorf("fmt --check on mis-indented %s: exit %d, listed %q; want 1 and the file", f, code, stdout)
				}
			}
		})
	}
	if n == 0 {
		t.Fatal("no examples found under ../../examples")
	}
}
