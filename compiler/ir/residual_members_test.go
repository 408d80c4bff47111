package ir_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// A residual graph's fabric and server link lists (derived from the
// intact graph's, Graph.Rewired) are what a scan of its own links gives:
// on a SuperPOD scalable unit (server internals kept per template), two
// fire-flyer zones (a composite fabric, whose lists hold its members'
// links) and a small dragonfly, under 40 random failures each of a few
// nodes and links, some inside servers.
func TestResidualMembersMatchScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 6))
	for name, g := range map[string]*ir.Graph{
		"superpod":     compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1"),
		"fire-flyer-2": compiletest.Example(t, "fire-flyer-2"),
		"dragonfly":    compiletest.Example(t, "dragonfly-small"),
	} {
		for range 40 {
			var f ir.Failure
			for range rng.IntN(3) {
				f.Nodes = append(f.Nodes, ir.NodeID(rng.IntN(len(g.Nodes))))
			}
			for range 1 + rng.IntN(5) {
				f.Links = append(f.Links, ir.LinkID(rng.IntN(g.NumLinks())))
			}
			r := g.Residual(f)
			fabric := make([][]ir.LinkID, len(r.Fabrics))
			internal := map[ir.NodeID][]ir.LinkID{}
			server := func(n ir.NodeID) ir.NodeID {
				if p := r.Nodes[n].Parent; p != ir.None {
					return p
				}
				return n
			}
			for id, l := range r.AllLinks() {
				for fid := range r.Fabrics {
					if r.InFabric(&l, ir.FabricID(fid)) {
						fabric[fid] = append(fabric[fid], id)
					}
				}
				if l.Fabric == ir.None {
					a, b := server(l.A.Node), server(l.B.Node)
					internal[a] = append(internal[a], id)
					if b != a {
						internal[b] = append(internal[b], id)
					}
				}
			}
			for fid := range r.Fabrics {
				if got := r.FabricLinks(ir.FabricID(fid)); !slices.Equal(got, fabric[fid]) {
					t.Fatalf("%s, failure %v: fabric %d lists %d links, a scan finds %d", name, f, fid, len(got), len(fabric[fid]))
				}
			}
			for n := range r.Nodes {
				if got := r.InternalLinks(ir.NodeID(n)); !slices.Equal(got, internal[ir.NodeID(n)]) {
					t.Fatalf("%s, failure %v: node %s lists %d internal links, a scan finds %d", name, f, r.Nodes[n].Name, len(got), len(internal[ir.NodeID(n)]))
				}
			}
		}
	}
}
