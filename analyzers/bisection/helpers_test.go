package bisection

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// compileDir loads and compiles a design directory, failing on errors.
func compileDir(t testing.TB, dir string, vars ...string) *ir.Graph {
	t.Helper()
	return compiletest.Dir(t, dir, vars...)
}

// compileHCL compiles one design given as text.
func compileHCL(t testing.TB, src string, vars ...string) *ir.Graph {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "design.topo.hcl"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return compileDir(t, dir, vars...)
}

// fabricID returns the id of the named fabric.
func fabricID(t testing.TB, g *ir.Graph, name string) ir.FabricID {
	t.Helper()
	for i, f := range g.Fabrics {
		if f.Name == name {
			return ir.FabricID(i)
		}
	}
	t.Fatalf("no fabric %q", name)
	return 0
}
