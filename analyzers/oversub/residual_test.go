package oversub_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/analyzers/oversub"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// ResidualUnits, which corrects the intact tallies by the failed links,
// gives what Analyze gives on the surviving graph (ir.Graph.Residual):
// per unit kind, the worst ratio of the units still open, and as cut off
// the units that were open and are now closed. Random failures of
// switches, servers and links on shipped examples (rail-only-512's rails
// are closed intact: nothing leaves them, and nothing can get worse).
func TestResidualUnitsMatchResidualGraph(t *testing.T) {
	for _, ex := range []string{"dgx-h100-superpod", "rail-only-512", "roce-leaf-spine-2plane", "fat-tree-k8", "dragonfly-small", "deepseek-v3-mpft"} {
		g := compiletest.Example(t, ex)
		adj := g.Adjacency()
		rng := rand.New(rand.NewPCG(3, 4))
		var switches, servers []ir.NodeID
		for i := range g.Nodes {
			n := &g.Nodes[i]
			switch {
			case n.FabricSwitch():
				switches = append(switches, ir.NodeID(i))
			case n.Parent == ir.None && len(g.Children(ir.NodeID(i))) > 0:
				servers = append(servers, ir.NodeID(i))
			}
		}
		checked, worse, open := 0, 0, false
		for trial := 0; trial < 30; trial++ {
			var f ir.Failure
			for k := rng.IntN(4); k > 0; k-- {
				f.Nodes = append(f.Nodes, switches[rng.IntN(len(switches))])
			}
			if len(servers) > 0 && trial%3 == 0 {
				f.Nodes = append(f.Nodes, servers[rng.IntN(len(servers))])
			}
			for k := rng.IntN(6); k > 0; k-- {
				f.Links = append(f.Links, ir.LinkID(rng.IntN(g.NumLinks())))
			}
			dead := g.FailedNodes(f)
			failed := append([]ir.LinkID{}, f.Links...)
			for n, d := range dead {
				if d {
					failed = append(failed, adj.Of(ir.NodeID(n))...)
				}
			}
			r := g.Residual(f)
			for fid := range g.Fabrics {
				intact := oversub.Analyze(g, ir.FabricID(fid))
				got := oversub.ResidualUnits(g, &intact, failed)
				want := oversub.Analyze(r, ir.FabricID(fid))
				what := fmt.Sprintf("%s trial %d fabric %s", ex, trial, g.Fabrics[fid].Name)
				compareUnits(t, what, intact, want, got)
				checked += len(got)
				for _, u := range got {
					open = open || u.IntactRatio > 0
					if u.Ratio > u.IntactRatio*(1+1e-9) || u.CutOff > 0 {
						worse++
					}
				}
			}
		}
		if checked == 0 || open && worse == 0 {
			t.Errorf("%s: %d unit kinds compared, %d worse after the failure; want some of each", ex, checked, worse)
		}
	}
}

func compareUnits(t *testing.T, what string, intact, want oversub.Fabric, got []oversub.UnitRatio) {
	t.Helper()
	kinds := map[string]oversub.UnitKind{}
	for _, u := range want.Units {
		kinds[u.Kind] = u
	}
	// Cut off: a unit listed in detail that was open intact and, still
	// holding endpoints, is closed on the residual graph.
	open0 := map[[2]string]bool{}
	for _, u := range intact.UnitDetail {
		open0[[2]string{u.Kind, u.Name}] = u.Ratio != nil
	}
	cut, detailed := map[string]int{}, map[string]bool{}
	for _, u := range want.UnitDetail {
		detailed[u.Kind] = true
		if u.Ratio == nil && u.Endpoints > 0 && open0[[2]string{u.Kind, u.Name}] {
			cut[u.Kind]++
		}
	}
	for _, u := range got {
		w, ok := kinds[u.Kind]
		if !ok {
			if u.Worst != "" {
				t.Errorf("%s: kind %s has ratio %g after the failure; the residual graph has no such unit", what, u.Kind, u.Ratio)
			}
			continue
		}
		if w.Max == nil {
			if u.Worst != "" {
				t.Errorf("%s: %s worst %g at %s; on the residual graph every unit is closed", what, u.Kind, u.Ratio, u.Worst)
			}
		} else if math.Abs(u.Ratio-*w.Max) > 1e-9**w.Max || u.Worst != w.Worst {
			t.Errorf("%s: %s worst %g at %s; on the residual graph %g at %s", what, u.Kind, u.Ratio, u.Worst, *w.Max, w.Worst)
		}
		if detailed[u.Kind] && u.CutOff != cut[u.Kind] {
			t.Errorf("%s: %s: %d units cut off; on the residual graph %d", what, u.Kind, u.CutOff, cut[u.Kind])
		}
	}
}
