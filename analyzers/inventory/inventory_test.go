package inventory

import (
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// Free ports are never negative (issue 11: a summary printed "-2 free"):
// the compiler refuses a switch cabled past its radix (radix-exceeded,
// testdata/bad/custom-radix-exceeded), and a graph that is cabled so
// anyway (an as-built graph, a what-if) counts the switch's ports used as
// they are and none free.
func TestFreePortsNeverNegative(t *testing.T) {
	g := ir.New()
	f := g.AddFabric(ir.Fabric{Name: "f", Family: ir.FamilyCustom})
	sw := ir.NewNode("leaf", ir.KindSwitch)
	sw.Radix = 2
	sw.SetFabrics([]ir.FabricID{f})
	s := g.AddNode(sw)
	for i := range 4 {
		h := ir.NewNode("h"+string(rune('0'+i)), ir.KindHost)
		h.SetFabrics([]ir.FabricID{f})
		id := g.AddNode(h)
		g.AddLink(ir.Link{A: ir.Port{Node: s, Port: int32(i)}, B: ir.Port{Node: id}, CapacityBPS: 400e9, Fabric: f})
	}
	out := Summarize(g)
	if got := out[0]; got.SwitchPorts != 2 || got.SwitchPortsUsed != 4 || got.SwitchPortsFree != 0 {
		t.Errorf("ports %d, used %d, free %d; want 2, 4, 0", got.SwitchPorts, got.SwitchPortsUsed, got.SwitchPortsFree)
	}
}
