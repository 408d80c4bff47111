package routing

import (
	"slices"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// An HGX GPU's 5 + 4 NVLinks to two NVSwitches, as nine IR links or as
// two IR bundles (ir.Link.Parallel 5 and 4), give the same bundled plane:
// arcs of multiplicity 5 and 4 over links of 200 Gb/s each, so that ECMP
// splits 5:4 either way; Bundle lists the IR links behind each arc.
func TestParallelLinksFoldLikeSeparateLinks(t *testing.T) {
	nodes := []ir.Node{{Kind: ir.KindGPU}, {Kind: ir.KindNVSwitch}, {Kind: ir.KindNVSwitch}}
	var separate []ir.Link
	for sw, n := range []int32{5, 4} {
		for range n {
			separate = append(separate, ir.Link{A: ir.Port{Node: 0}, B: ir.Port{Node: ir.NodeID(sw + 1)}, CapacityBPS: 200e9, Kind: ir.LinkNVLink, Fabric: ir.None})
		}
	}
	bundled := []ir.Link{
		{A: ir.Port{Node: 0}, B: ir.Port{Node: 1}, CapacityBPS: 5 * 200e9, Parallel: 5, Kind: ir.LinkNVLink, Fabric: ir.None},
		{A: ir.Port{Node: 0}, B: ir.Port{Node: 2}, CapacityBPS: 4 * 200e9, Parallel: 4, Kind: ir.LinkNVLink, Fabric: ir.None},
	}
	all := func(ir.Link) bool { return true }
	type arc struct {
		to   int32
		mult int32
		bps  float64
	}
	view := func(links []ir.Link) ([]arc, [][]ir.LinkID) {
		g := &ir.Graph{Nodes: nodes}
		g.SetLinks(links)
		p := NewBundledPlane(g, all, Switches)
		var out []arc
		var bundles [][]ir.LinkID
		for _, a := range p.Arcs(p.Local(0)) {
			out = append(out, arc{a.To, a.Mult, p.CapacityBPS(a.Slot)})
			bundles = append(bundles, p.Bundle(a.Link()))
		}
		return out, bundles
	}
	a, ab := view(separate)
	b, bb := view(bundled)
	want := []arc{{1, 5, 200e9}, {2, 4, 200e9}}
	if !slices.Equal(a, want) || !slices.Equal(b, want) {
		t.Errorf("arcs of the GPU: separate links %v, bundles %v, want %v", a, b, want)
	}
	if len(ab) != 2 || len(ab[0]) != 5 || len(ab[1]) != 4 || ab[1][0] != 5 {
		t.Errorf("separate links: Bundle %v, want links 0–4 and 5–8", ab)
	}
	if len(bb) != 2 || !slices.Equal(bb[0], []ir.LinkID{0}) || !slices.Equal(bb[1], []ir.LinkID{1}) {
		t.Errorf("IR bundles: Bundle %v, want [[0] [1]]", bb)
	}
}
