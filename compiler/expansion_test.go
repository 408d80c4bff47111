package compiler

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/scaledesign"
)

// The expansion stage's estimate bounds what the compiler builds: a
// design that builds n nodes and links is refused, before anything is
// built, under a cap of n−1 elements. Checked on the examples (servers,
// Clos on real nodes, NVLink domains, custom fabrics) and on generated
// fat-trees, dragonflies and rail-optimized Clos fabrics.
func TestExpansionEstimateBoundsGraph(t *testing.T) {
	dirs, _ := filepath.Glob("../examples/*")
	for _, s := range scaledesign.Series() {
		if s.Endpoints <= 9000 {
			d := t.TempDir()
			if err := os.WriteFile(filepath.Join(d, "d"+lang.Suffix), []byte(s.Source), 0o644); err != nil {
				t.Fatal(err)
			}
			dirs = append(dirs, d)
		}
	}
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() || filepath.Base(dir) == "rail-optimized-131k" || filepath.Base(dir) == "dragonfly-545" {
			continue // not a design, or too large for a unit test
		}
		cfg, diags := lang.Load([]string{dir}, lang.Options{})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", dir, diags)
		}
		g, diags := Compile(cfg, Options{})
		if g == nil || diags.HasErrors() {
			t.Fatalf("%s: %v", dir, diags)
		}
		n := len(g.Nodes) + g.NumLinks()
		_, diags = Compile(cfg, Options{MaxElements: int64(n - 1)})
		if len(diags) == 0 || diag.CodeOf(diags[0]) != diag.ExpansionLimit {
			t.Errorf("%s builds %d nodes and links but a cap of %d does not refuse it: %v", dir, n, n-1, diags)
		}
	}
}
