package ir

import (
	"reflect"
	"testing"
)

// Two servers whose NICs interleave in node order (the compiler places
// a server's components after it, but a graph need not): under PCIe
// transit each server's NICs are one group all the same, and a server's
// lone NIC none.
func TestTransitGroupsNICsOutOfServerOrder(t *testing.T) {
	g := New()
	g.Fabrics = []Fabric{{Name: "f", Transit: TransitPCIe}}
	in := internFabrics([]FabricID{0})
	g.Nodes = []Node{
		{Name: "a", Kind: KindHost, Parent: None},
		{Name: "b", Kind: KindHost, Parent: None},
		{Name: "c", Kind: KindHost, Parent: None},
		{Name: "b/nic0", Kind: KindNIC, Parent: 1, fabrics: in},
		{Name: "a/nic0", Kind: KindNIC, Parent: 0, fabrics: in},
		{Name: "c/nic0", Kind: KindNIC, Parent: 2, fabrics: in},
		{Name: "b/nic1", Kind: KindNIC, Parent: 1, fabrics: in},
		{Name: "a/nic1", Kind: KindNIC, Parent: 0, fabrics: in},
		{Name: "leaf", Kind: KindSwitch, Parent: None, fabrics: in},
	}
	for n := NodeID(3); n < 8; n++ {
		g.AddLink(Link{A: Port{Node: n}, B: Port{Node: 8, Port: int32(n)}, Fabric: 0})
	}
	if got, want := g.TransitGroups(0), [][]NodeID{{3, 6}, {4, 7}}; !reflect.DeepEqual(got, want) {
		t.Errorf("TransitGroups = %v, want %v", got, want)
	}
}
