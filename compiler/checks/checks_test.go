package checks_test

import (
	"testing"

	"github.com/topoc/topoc/compiler/checks"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// Pieces counts the pieces of a fabric by union-find; a second method, a
// breadth-first search over the fabric's links, must agree. A k=4
// fat-tree is one piece; cutting every uplink of pod 0's edge switches
// leaves those two edges, with their hosts, as two more pieces.
func TestPiecesAgainstBFS(t *testing.T) {
	g := compiletest.Source(t, `
fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}`)
	if got := checks.Pieces(g, 0); got != 1 || bfsPieces(g, 0) != 1 {
		t.Fatalf("connected fat-tree: Pieces %d, BFS %d, want 1", got, bfsPieces(g, 0))
	}
	var kept []ir.Link
	for _, l := range g.AllLinks() {
		a, b := g.Nodes[l.A.Node].Name, g.Nodes[l.B.Node].Name
		if l.Kind == ir.LinkEdgeAggregation && (a == "pod0/edge0" || a == "pod0/edge1" || b == "pod0/edge0" || b == "pod0/edge1") {
			continue
		}
		kept = append(kept, l)
	}
	g.SetLinks(kept)
	if got, want := checks.Pieces(g, 0), bfsPieces(g, 0); got != 3 || want != 3 {
		t.Fatalf("pod 0 edges cut off: Pieces %d, BFS %d, want 3", got, want)
	}
}

// bfsPieces counts the pieces of fabric f by breadth-first search over
// its links, from each member not yet reached.
func bfsPieces(g *ir.Graph, f ir.FabricID) int {
	adj := make([][]ir.NodeID, len(g.Nodes))
	for _, l := range g.AllLinks() {
		if l.Fabric == f {
			adj[l.A.Node] = append(adj[l.A.Node], l.B.Node)
			adj[l.B.Node] = append(adj[l.B.Node], l.A.Node)
		}
	}
	seen := make([]bool, len(g.Nodes))
	pieces := 0
	for i := range g.Nodes {
		if seen[i] || !g.Nodes[i].InFabric(f) {
			continue
		}
		pieces++
		queue := []ir.NodeID{ir.NodeID(i)}
		seen[i] = true
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			for _, m := range adj[n] {
				if !seen[m] {
					seen[m] = true
					queue = append(queue, m)
				}
			}
		}
	}
	return pieces
}
