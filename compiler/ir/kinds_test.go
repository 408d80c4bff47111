package ir

import "testing"

// TestKindsFollowNodes: Kinds reads every node's kind at its id, and a
// node added after a read is in the next read (the memo is made again).
func TestKindsFollowNodes(t *testing.T) {
	g := New()
	all := []Kind{KindSwitch, KindHost, KindGPU, KindNIC, KindNVSwitch, KindCPU}
	for i, k := range all[:4] {
		g.AddNode(NewNode(string(rune('a'+i)), k))
	}
	check := func() {
		t.Helper()
		kinds := g.Kinds()
		if len(kinds) != len(g.Nodes) {
			t.Fatalf("%d kinds for %d nodes", len(kinds), len(g.Nodes))
		}
		for i := range g.Nodes {
			if kinds[i] != g.Nodes[i].Kind {
				t.Errorf("node %d: Kinds says %v, the node %v", i, kinds[i], g.Nodes[i].Kind)
			}
		}
	}
	check()
	for i, k := range all[4:] {
		g.AddNode(NewNode(string(rune('x'+i)), k))
	}
	check()
}
