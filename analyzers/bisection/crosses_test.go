package bisection

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// TestCutCrossesSumsToUpperBound checks the link set CutCrosses reports
// against the cut it stands for: the capacities of the links it names add
// up to UpperBoundBPS, in both views, on the closed-form fat-tree (whose
// cut is built from labels, not from a graph) and on searched fabrics.
func TestCutCrossesSumsToUpperBound(t *testing.T) {
	for _, ex := range []string{"fat-tree-k8", "dgx-h100-superpod", "roce-leaf-spine-2plane", "dragonfly-small", "gb200-nvl72-2rack"} {
		g := compileDir(t, filepath.Join("..", "..", "examples", ex))
		for fid := range g.Fabrics {
			for _, view := range []View{ViewGPU, ViewPort} {
				r := Compute(g, ir.FabricID(fid), Options{View: view})
				sum, any := 0.0, false
				for id := range g.NumLinks() {
					c, ok := r.CutCrosses(ir.LinkID(id))
					if !ok {
						t.Fatalf("%s %s %s: no cut recorded", ex, g.Fabrics[fid].Name, view)
					}
					if c {
						sum += g.Link(ir.LinkID(id)).CapacityBPS
						any = true
					}
				}
				if math.Abs(sum-r.UpperBoundBPS) > 1e-9*r.UpperBoundBPS || !any && r.UpperBoundBPS > 0 {
					t.Errorf("%s %s %s: crossing links sum to %g b/s, upper bound %g b/s", ex, g.Fabrics[fid].Name, view, sum, r.UpperBoundBPS)
				}
			}
		}
	}
}
