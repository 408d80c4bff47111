package ir

import (
	"fmt"
	"slices"
	"sync"
	"testing"
)

// TestClassesConcurrent interns node classes from several goroutines
// at once, new and known, and reads them back: every class of names
// gets one index, and every index reads back as its names (run under
// -race in .ci/run).
func TestClassesConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	got := make([][]class, 8)
	want := func(i int) nodeClass {
		return nodeClass{model: fmt.Sprintf("classes-test-%d", i%50), role: "compute", tier: fmt.Sprint(i % 3), unit: "su"}
	}
	for w := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				nc := want((i*7 + w) % 50)
				c := internClass(nc)
				if *c.names() != nc {
					t.Errorf("class %d reads %+v, want %+v", c, *c.names(), nc)
				}
				got[w] = append(got[w], c)
			}
		}()
	}
	wg.Wait()
	for i := range 50 {
		nc := want(i)
		if c := internClass(nc); *c.names() != nc {
			t.Errorf("%+v reads back as %+v", nc, *c.names())
		}
	}
	if internClass(nodeClass{}) != 0 || *class(0).names() != (nodeClass{}) {
		t.Errorf("the empty class is not class 0")
	}
	// A name's bytes never pass for a boundary between names.
	if internClass(nodeClass{model: "a", role: "b"}) == internClass(nodeClass{model: "ab"}) {
		t.Errorf("classes whose names join alike share an index")
	}
	var n Node
	n.SetModel("H100")
	n.SetRole(RoleServer)
	n.SetTier("leaf")
	n.SetUnit("su")
	if n.ModelName() != "H100" || n.RoleName() != RoleServer || n.TierName() != "leaf" || n.UnitName() != "su" {
		t.Errorf("node names read back as %q %q %q %q", n.ModelName(), n.RoleName(), n.TierName(), n.UnitName())
	}
	n.SetTier("spine")
	if n.ModelName() != "H100" || n.RoleName() != RoleServer || n.TierName() != "spine" || n.UnitName() != "su" {
		t.Errorf("after SetTier, node names read back as %q %q %q %q", n.ModelName(), n.RoleName(), n.TierName(), n.UnitName())
	}
}

// TestFabricListsInterned: equal fabric lists share one entry, different
// ones do not, JoinFabric keeps a node's list sorted without duplicates,
// and appending to a list read back never changes the table.
func TestFabricListsInterned(t *testing.T) {
	g := New()
	a := g.AddNode(NewNode("a", KindSwitch))
	b := g.AddNode(NewNode("b", KindSwitch))
	for _, f := range []FabricID{3, 1, 3, 256, 1} {
		g.JoinFabric(a, f)
	}
	g.JoinFabric(b, 256)
	g.JoinFabric(b, 1)
	g.JoinFabric(b, 3)
	if got := g.Nodes[a].FabricIDs(); !slices.Equal(got, []FabricID{1, 3, 256}) {
		t.Fatalf("node a's fabrics %v, want [1 3 256]", got)
	}
	if g.Nodes[a].fabrics != g.Nodes[b].fabrics {
		t.Errorf("equal lists interned twice: %d and %d", g.Nodes[a].fabrics, g.Nodes[b].fabrics)
	}
	grown := append(g.Nodes[a].FabricIDs(), 7)
	grown[0] = 9
	if got := g.Nodes[b].FabricIDs(); !slices.Equal(got, []FabricID{1, 3, 256}) {
		t.Errorf("appending to a list read back changed the table: %v", got)
	}
	var n Node
	if n.FabricIDs() != nil || n.InFabric(0) {
		t.Errorf("a new node is in fabrics %v", n.FabricIDs())
	}
}
