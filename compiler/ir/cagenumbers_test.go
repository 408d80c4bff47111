package ir_test

import (
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// CageNumbers gives two ports one number exactly when CageIndex.Of gives
// them one key: on the SuperPOD (twin-port cages on the QM9700s and the
// DGX H100's NIC roles, numbered by key), a fat-tree whose hosts sit on
// broken-out lanes, and a fat-tree of implicit hosts; numbers run from 0
// in the order first asked for.
func TestCageNumbers(t *testing.T) {
	for name, g := range map[string]*ir.Graph{
		"superpod":  compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1"),
		"broken":    compiletest.Source(t, compiletest.BrokenOutFatTree(4, 4)),
		"fat-tree8": compiletest.Example(t, "fat-tree-k8"),
	} {
		idx := g.NewCageIndex()
		nums := idx.Numbers()
		byKey := map[ir.CageKey]int32{}
		byNum := map[int32]ir.CageKey{}
		ports := map[ir.Port]bool{}
		next := int32(0)
		for _, l := range g.AllLinks() {
			if l.Fabric == ir.None {
				continue
			}
			for _, p := range [2]ir.Port{l.A, l.B} {
				key, _, _, _ := idx.Of(p)
				k, first := nums.Of(p)
				if first != (k == next) || first && k != next {
					t.Fatalf("%s: port %+v got %d (first %v), want the next number %d when first", name, p, k, first, next)
				}
				if first {
					next++
				}
				if want, ok := byKey[key]; ok && want != k {
					t.Fatalf("%s: port %+v of cage %+v numbered %d, another port of it %d", name, p, key, k, want)
				}
				if other, ok := byNum[k]; ok && other != key {
					t.Fatalf("%s: cages %+v and %+v share number %d", name, key, other, k)
				}
				byKey[key], byNum[k] = k, key
				ports[ir.Port{Node: p.Node, Port: p.Port}] = true
			}
		}
		if len(byKey) == 0 || int(next) != len(byKey) {
			t.Errorf("%s: %d numbers for %d cages", name, next, len(byKey))
		}
		// The SuperPOD's twin-port cages hold two ports each, so the test
		// sees cages shared; the implicit hosts' cages are one port wide.
		if shared := len(ports) > len(byKey); shared != (name == "superpod") {
			t.Errorf("%s: %d ports in %d cages", name, len(ports), len(byKey))
		}
	}
}
