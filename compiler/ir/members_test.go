package ir

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// A server (node 0) with a GPU and a NIC, the NIC in fabric 0 with a
// switch; a second fabric holds two switches. The index must list exactly
// what a scan of every node and link finds, and follow additions.
func TestMembership(t *testing.T) {
	g := New()
	g.Fabrics = []Fabric{{Name: "a"}, {Name: "b"}}
	g.Nodes = []Node{
		{Name: "srv", Kind: KindHost, Parent: None},
		{Name: "srv/gpu0", Kind: KindGPU, Parent: 0},
		{Name: "srv/nic0", Kind: KindNIC, Parent: 0, fabrics: internFabrics([]FabricID{0})},
		{Name: "leaf0", Kind: KindSwitch, Parent: None, fabrics: internFabrics([]FabricID{0, 0})},
		{Name: "b0", Kind: KindSwitch, Parent: None, fabrics: internFabrics([]FabricID{1})},
		{Name: "b1", Kind: KindSwitch, Parent: None, fabrics: internFabrics([]FabricID{1})},
	}
	g.links.flat = []Link{
		{A: Port{Node: 1}, B: Port{Node: 2}, Fabric: None}, // PCIe in the server
		{A: Port{Node: 2}, B: Port{Node: 3}, Fabric: 0},
		{A: Port{Node: 4}, B: Port{Node: 5}, Fabric: 1},
	}
	if got := g.FabricNodes(0); !slices.Equal(got, []NodeID{2, 3}) {
		t.Errorf("FabricNodes(0) = %v (a repeated fabric is listed once)", got)
	}
	if got := g.FabricNodes(1); !slices.Equal(got, []NodeID{4, 5}) {
		t.Errorf("FabricNodes(1) = %v", got)
	}
	if got := g.FabricLinks(1); !slices.Equal(got, []LinkID{2}) {
		t.Errorf("FabricLinks(1) = %v", got)
	}
	if got := g.Children(0); !slices.Equal(got, []NodeID{1, 2}) {
		t.Errorf("Children(0) = %v", got)
	}
	if got := g.InternalLinks(0); !slices.Equal(got, []LinkID{0}) {
		t.Errorf("InternalLinks(0) = %v", got)
	}
	if got := g.Servers(); !slices.Equal(got, []NodeID{0}) {
		t.Errorf("Servers() = %v", got)
	}
	if g.FabricNodes(7) != nil || g.Children(-1) != nil {
		t.Error("out-of-range ids must give nil")
	}
	g.Nodes = append(g.Nodes, Node{Name: "b2", Kind: KindSwitch, Parent: None, fabrics: internFabrics([]FabricID{1})})
	if got := g.FabricNodes(1); !slices.Equal(got, []NodeID{4, 5, 6}) {
		t.Errorf("after adding a node, FabricNodes(1) = %v; the index must be rebuilt", got)
	}
}

// NodeMap answers the same whether it chose a slice or a map.
func TestNodeMapDenseAndSparse(t *testing.T) {
	for _, expected := range []int{1, 1000} {
		m := NewNodeMapOver[int32](100, expected, -1)
		if (m.dense != nil) != (expected*8 >= 100) {
			t.Errorf("expected %d: dense %v", expected, m.dense != nil)
		}
		m.Set(7, 3)
		m.Set(99, 4)
		if m.Get(7) != 3 || m.Get(99) != 4 || m.Get(8) != -1 {
			t.Errorf("expected %d: Get = %d %d %d, want 3 4 -1", expected, m.Get(7), m.Get(99), m.Get(8))
		}
	}
}

// The membership index reads a server's internal links from its
// template (linkStore.eachSpan, runServers): on random graphs of stamped
// servers and other links, some with a node given another parent than
// its template's (whose instance is then read link by link), each
// fabric's links and each server's internal links are those a scan of
// every link finds.
func TestMembershipRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for trial := range 600 {
		g := randomStampedGraph(rng, 2)
		g.Fabrics = append(g.Fabrics, Fabric{Members: []FabricID{0, 1}})
		for range rng.IntN(3) {
			g.Nodes[rng.IntN(len(g.Nodes))].Parent = NodeID(rng.IntN(len(g.Nodes)+1)) - 1
		}
		server := func(n NodeID) NodeID {
			if p := g.Nodes[n].Parent; p != None {
				return p
			}
			return n
		}
		wantFab := make([][]LinkID, len(g.Fabrics))
		wantInt := make([][]LinkID, len(g.Nodes))
		for id, l := range g.AllLinks() {
			if l.Fabric != None {
				wantFab[l.Fabric] = append(wantFab[l.Fabric], id)
				wantFab[2] = append(wantFab[2], id)
				continue
			}
			a, b := server(l.A.Node), server(l.B.Node)
			wantInt[a] = append(wantInt[a], id)
			if b != a {
				wantInt[b] = append(wantInt[b], id)
			}
		}
		for f := range g.Fabrics {
			if got := g.FabricLinks(FabricID(f)); !slices.Equal(got, wantFab[f]) {
				t.Fatalf("trial %d: fabric %d links %v, want %v", trial, f, got, wantFab[f])
			}
		}
		for n := range g.Nodes {
			if got := g.InternalLinks(NodeID(n)); !slices.Equal(got, wantInt[n]) {
				t.Fatalf("trial %d: node %d internal links %v, want %v", trial, n, got, wantInt[n])
			}
		}
	}
}
