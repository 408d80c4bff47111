package bisection

import (
	"fmt"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// TestUniformArcVisitsCaps: a custom fabric whose switches name no tier
// (a ring of 4 switches, 6 hosts each) gets its lower bound from the
// uniform multicommodity-flow bound; a caller's budget below that
// bound's work (a what-if sweep's share, analyzers/resilience) leaves it
// out, and the interval with it.
func TestUniformArcVisitsCaps(t *testing.T) {
	g := ir.New()
	fid := g.AddFabric(ir.Fabric{Name: "t", Family: "custom"})
	var sws []ir.NodeID
	for s := range 4 {
		id := g.AddNode(ir.NewNode(fmt.Sprintf("sw%d", s), ir.KindSwitch))
		g.JoinFabric(id, fid)
		sws = append(sws, id)
		for h := range 6 {
			hid := g.AddNode(ir.NewNode(fmt.Sprintf("sw%dh%d", s, h), ir.KindHost))
			g.JoinFabric(hid, fid)
			g.Fabrics[fid].Endpoints = append(g.Fabrics[fid].Endpoints, ir.Port{Node: hid})
			randomLink(g, fid, hid, id, 0, 100e9)
		}
	}
	for s := range 4 {
		randomLink(g, fid, sws[s], sws[(s+1)%4], 1, 400e9)
	}
	if r := Compute(g, fid, Options{}); r.LowerBoundMethod != "uniform_multicommodity_flow" || r.LowerBoundBPS == 0 {
		t.Fatalf("default budget: lower bound %g by %q, want the uniform bound", r.LowerBoundBPS, r.LowerBoundMethod)
	}
	if r := Compute(g, fid, Options{UniformArcVisits: 1}); r.LowerBoundMethod == "uniform_multicommodity_flow" {
		t.Errorf("a budget of 1 arc visit: lower bound %g by the uniform bound, want it left out", r.LowerBoundBPS)
	}
}
