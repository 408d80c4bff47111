package checks

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// Keeping only the endpoints on several edge links
// (endpointsOnSeveralLinks), the single-homed count and its first
// endpoint are those found keeping every endpoint: on random fabrics of
// switches, hosts, NICs and GPUs with links between any two, some
// endpoints on one link, some on several, to one switch or more.
func TestSingleHomedOnSeveralLinks(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 77))
	kinds := []ir.Kind{ir.KindSwitch, ir.KindHost, ir.KindNIC, ir.KindGPU}
	found := 0
	for trial := range 400 {
		g := ir.New()
		g.Fabrics = []ir.Fabric{{Name: "f"}}
		n := 2 + rng.IntN(30)
		for i := range n {
			g.JoinFabric(g.AddNode(ir.NewNode(fmt.Sprint("n", i), kinds[rng.IntN(len(kinds))])), 0)
		}
		for range rng.IntN(3 * n) {
			g.AddLink(ir.Link{A: ir.Port{Node: ir.NodeID(rng.IntN(n))}, B: ir.Port{Node: ir.NodeID(rng.IntN(min(n, 1+rng.IntN(4))))}, Fabric: 0})
		}
		v := newFabricView(g, 0)
		wantN, want := v.singleHomed(g, func(ir.NodeID) bool { return true }, len(v.edges))
		many, links := v.endpointsOnSeveralLinks(len(g.Nodes))
		gotN, got := 0, (*homedEnd)(nil)
		if links > 0 {
			gotN, got = v.singleHomed(g, many.has, links)
		}
		if gotN != wantN || (got == nil) != (want == nil) || got != nil && *got != *want {
			t.Fatalf("trial %d: %d single-homed, first %+v; want %d, first %+v", trial, gotN, got, wantN, want)
		}
		found += gotN
	}
	if found == 0 {
		t.Fatal("no trial had a single-homed endpoint: the test tests nothing")
	}
}
