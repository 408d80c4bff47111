package ir

import "testing"

// A NIC whose one design link (to leaf0) is not found but which is cabled
// to leaf1 instead: the residual graph drops it from the fabric's
// endpoints, the rewired one keeps it with the new cable, after the
// surviving links; an extra cable to a failed switch is dropped.
func TestRewired(t *testing.T) {
	g := New()
	g.Fabrics = []Fabric{{Name: "f", Endpoints: []Port{{Node: 0}, {Node: 1}}}}
	g.Nodes = []Node{
		{Name: "nic0", Kind: KindNIC, Parent: None, fabrics: internFabrics([]FabricID{0})},
		{Name: "nic1", Kind: KindNIC, Parent: None, fabrics: internFabrics([]FabricID{0})},
		{Name: "leaf0", Kind: KindSwitch, Parent: None, fabrics: internFabrics([]FabricID{0})},
		{Name: "leaf1", Kind: KindSwitch, Parent: None, fabrics: internFabrics([]FabricID{0})},
		{Name: "spine", Kind: KindSwitch, Parent: None, fabrics: internFabrics([]FabricID{0})},
	}
	for _, l := range [][2]NodeID{{0, 2}, {1, 3}, {2, 4}, {3, 4}} {
		g.AddLink(Link{A: Port{Node: l[0]}, B: Port{Node: l[1]}, CapacityBPS: 400e9, Fabric: 0})
	}
	fail := Failure{Links: []LinkID{0}}
	if eps := g.Residual(fail).Fabrics[0].Endpoints; len(eps) != 1 || eps[0].Node != 1 {
		t.Fatalf("residual endpoints %v, want nic1 alone", eps)
	}
	moved := Link{A: Port{Node: 0}, B: Port{Node: 3, Port: 5}, CapacityBPS: 400e9, Fabric: 0}
	r := g.Rewired(fail, []Link{moved})
	if eps := r.Fabrics[0].Endpoints; len(eps) != 2 {
		t.Errorf("rewired endpoints %v, want both NICs", eps)
	}
	if r.NumLinks() != 4 || r.Link(3).B != moved.B || r.Link(3).Breakout != 1 {
		t.Errorf("rewired links %+v, want the 3 surviving ones then the moved cable (breakout 1)", r.CopyLinks())
	}
	if n := g.Rewired(Failure{Nodes: []NodeID{3}, Links: []LinkID{0}}, []Link{moved}).NumLinks(); n != 1 {
		t.Errorf("with leaf1 failed: %d links, want 1 (leaf0–spine; the moved cable reaches the failed leaf1)", n)
	}
}
