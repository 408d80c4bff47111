package ir

import (
	"fmt"
	"slices"
	"sync"
	"testing"
)

// TestSymbolsConcurrent interns names from several goroutines at once,
// new and known, and reads them back: every name gets one sym, and
// every sym reads back as its name (run under -race in .ci/run).
func TestSymbolsConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	got := make([][]sym, 8)
	for w := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				name := fmt.Sprintf("symbols-test-%d", (i*7+w)%50)
				s := internSym(name)
				if s.name() != name {
					t.Errorf("sym %d reads %q, want %q", s, s.name(), name)
				}
				got[w] = append(got[w], s)
			}
		}()
	}
	wg.Wait()
	for i := range 50 {
		name := fmt.Sprintf("symbols-test-%d", i)
		if s := internSym(name); s.name() != name {
			t.Errorf("%q reads back as %q", name, s.name())
		}
	}
	if internSym("") != 0 || sym(0).name() != "" {
		t.Errorf("the empty name is not sym 0")
	}
	var n Node
	n.SetModel("H100")
	n.SetRole(RoleServer)
	n.SetTier("leaf")
	n.SetUnit("su")
	if n.ModelName() != "H100" || n.RoleName() != RoleServer || n.TierName() != "leaf" || n.UnitName() != "su" {
		t.Errorf("node names read back as %q %q %q %q", n.ModelName(), n.RoleName(), n.TierName(), n.UnitName())
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
