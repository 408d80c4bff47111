package oversub_test

import (
	"testing"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/traverse"

	"github.com/topoc/topoc/analyzers/oversub"
	"github.com/topoc/topoc/compiler/ir"
)

// oracleRatios classifies each switch's links a second way, without tier
// labels: by breadth-first hop distance from the endpoints (gonum's
// traverse.BreadthFirst from a super-source joined to every endpoint). A
// link toward a node closer to the endpoints is down, one toward a node
// farther away is up; a link between two switches at the same distance is
// up only when all switches are at one distance (a direct network such as
// a dragonfly), else it is neither.
func oracleRatios(g *ir.Graph, f ir.FabricID) map[ir.NodeID][2]float64 {
	ug := simple.NewUndirectedGraph()
	super := int64(len(g.Nodes))
	ug.AddNode(simple.Node(super))
	add := func(a, b int64) {
		if a == b || ug.HasEdgeBetween(a, b) {
			return
		}
		if ug.Node(a) == nil {
			ug.AddNode(simple.Node(a))
		}
		if ug.Node(b) == nil {
			ug.AddNode(simple.Node(b))
		}
		ug.SetEdge(simple.Edge{F: simple.Node(a), T: simple.Node(b)})
	}
	for _, l := range g.AllLinks() {
		if l.Fabric == f {
			add(int64(l.A.Node), int64(l.B.Node))
		}
	}
	for _, e := range g.Fabrics[f].Endpoints {
		add(super, int64(e.Node))
	}
	dist := map[ir.NodeID]int{}
	var bf traverse.BreadthFirst
	bf.Walk(ug, simple.Node(super), func(n graph.Node, d int) bool {
		if n.ID() != super {
			dist[ir.NodeID(n.ID())] = d - 1
		}
		return false
	})
	direct := true
	first := -1
	for n, d := range dist {
		if g.Nodes[n].Kind.IsSwitch() {
			if first < 0 {
				first = d
			}
			direct = direct && d == first
		}
	}
	out := map[ir.NodeID][2]float64{}
	for _, l := range g.AllLinks() {
		if l.Fabric != f {
			continue
		}
		for _, e := range [2][2]ir.NodeID{{l.A.Node, l.B.Node}, {l.B.Node, l.A.Node}} {
			sw, o := e[0], e[1]
			if !g.Nodes[sw].Kind.IsSwitch() {
				continue
			}
			v := out[sw]
			switch {
			case dist[o] < dist[sw]:
				v[0] += l.CapacityBPS
			case dist[o] > dist[sw] || direct:
				v[1] += l.CapacityBPS
			}
			out[sw] = v
		}
	}
	return out
}

// TestOracleSwitchRatios compares every switch's down and up capacity with
// the distance-based oracle on fat-tree, Clos (tapered, multi-plane, on
// real servers with rails) and dragonfly graphs.
func TestOracleSwitchRatios(t *testing.T) {
	graphs := map[string]*ir.Graph{
		"fat-tree-k8":            example(t, "fat-tree-k8"),
		"roce-leaf-spine-2plane": example(t, "roce-leaf-spine-2plane"),
		"dragonfly-small":        example(t, "dragonfly-small"),
		"dgx-h100-superpod 1 SU": example(t, "dgx-h100-superpod", "scalable_units=1"),
		"tapered clos":           loadSource(t, taperedClos),
	}
	for name, g := range graphs {
		for fi := range g.Fabrics {
			f := ir.FabricID(fi)
			want := oracleRatios(g, f)
			got := oversub.Analyze(g, f)
			if len(got.Switches) != len(want) || len(want) == 0 {
				t.Errorf("%s: %d switches, oracle %d", name, len(got.Switches), len(want))
			}
			for _, sw := range got.Switches {
				w := want[sw.Node]
				if !near(sw.DownBPS, w[0]) || !near(sw.UpBPS, w[1]) {
					t.Errorf("%s %s: down %g up %g, oracle %g %g", name, g.Nodes[sw.Node].Name, sw.DownBPS, sw.UpBPS, w[0], w[1])
				}
			}
		}
	}
}
