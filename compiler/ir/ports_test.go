package ir

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// A bundle of 5 NVLinks from GPU port 0 to NVSwitch port 3 uses ports
// 0–4 of the GPU and 3–7 of the switch; a second bundle overlapping the
// switch's ports 6–9 adds only 8 and 9; lanes of one broken-out port and
// host interfaces (-1) count once and never. The bit sets and the map
// (forced by a sparse port number) agree, and the fabric count leaves
// the links of no fabric out.
func TestPortsUsed(t *testing.T) {
	g := &Graph{Nodes: make([]Node, 4)}
	g.links.flat = []Link{
		{A: Port{Node: 0, Port: 0}, B: Port{Node: 1, Port: 3}, Parallel: 5, Kind: LinkNVLink, Fabric: None},
		{A: Port{Node: 2, Port: 0}, B: Port{Node: 1, Port: 6}, Parallel: 4, Kind: LinkNVLink, Fabric: None},
		{A: Port{Node: 3, Port: 0, Lane: 0}, B: Port{Node: 2, Port: -1}, Fabric: 0},
		{A: Port{Node: 3, Port: 0, Lane: 1}, B: Port{Node: 2, Port: -1}, Fabric: 0},
	}
	want := []int32{5, 7, 4, 1}
	if got := g.PortsUsed().All; !slices.Equal(got, want) {
		t.Errorf("bit set: ports used %v, want %v", got, want)
	}
	if got := g.portsUsedSparse(nil); !slices.Equal(got, want) {
		t.Errorf("map: ports used %v, want %v", got, want)
	}
	if got := g.PortsUsed().Fabric; !slices.Equal(got, []int32{0, 0, 0, 1}) {
		t.Errorf("fabric links only: ports used %v, want [0 0 0 1]", got)
	}
	g.AddLink(Link{A: Port{Node: 0, Port: 1 << 30}, B: Port{Node: 3, Port: 5}, Fabric: 0})
	if got := g.PortsUsed(); !slices.Equal(got.All, []int32{6, 7, 4, 2}) || !slices.Equal(got.Fabric, []int32{1, 0, 0, 2}) {
		t.Errorf("sparse ports: ports used %v and on fabrics %v, want [6 7 4 2] and [1 0 0 2]", got.All, got.Fabric)
	}
}

// Servers stamped from templates (runs) are counted once per template:
// on random graphs of several runs, some sharing a template, with other
// links on the servers' ports (some the same ports as the template's,
// some bundles overlapping them), both of PortsUsed's counts agree with
// the map over every link, and over the fabrics' links.
func TestPortsUsedRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 16))
	for trial := range 300 {
		g := randomStampedGraph(rng, 2)
		got := g.PortsUsed()
		if want := g.portsUsedSparse(nil); !slices.Equal(got.All, want) {
			t.Fatalf("trial %d: ports used %v, want %v", trial, got.All, want)
		}
		if want := g.portsUsedSparse(onFabric); !slices.Equal(got.Fabric, want) {
			t.Fatalf("trial %d: ports used on fabrics %v, want %v", trial, got.Fabric, want)
		}
	}
}

// randomStampedGraph returns a small random graph of servers stamped
// from one to three templates (AddInstance; a template's links may be
// internal or on a fabric, its node ids from 0), lone nodes between them
// and other links anywhere, on fabrics 0 … fabrics−1 or none. A server's
// first node is its host and the others name it their Parent, as the
// compiler stamps them.
func randomStampedGraph(rng *rand.Rand, fabrics int) *Graph {
	g := &Graph{}
	for range fabrics {
		g.Fabrics = append(g.Fabrics, Fabric{})
	}
	fabric := func() FabricID { return FabricID(rng.IntN(fabrics+1)) - 1 }
	var tmpls [][]Link
	for range 1 + rng.IntN(3) {
		nodes := 2 + rng.IntN(4)
		var tl []Link
		for range 1 + rng.IntN(6) {
			a, b := rng.IntN(nodes), rng.IntN(nodes)
			tl = append(tl, Link{A: Port{Node: NodeID(a), Port: int32(rng.IntN(5)) - 1}, B: Port{Node: NodeID(b), Port: int32(rng.IntN(5))},
				Parallel: int32(rng.IntN(3)), Fabric: fabric(), Breakout: 1})
		}
		tmpls = append(tmpls, tl)
	}
	stride := func(tl []Link) int {
		n := 0
		for _, l := range tl {
			n = max(n, int(l.A.Node)+1, int(l.B.Node)+1)
		}
		return n
	}
	for range 2 + rng.IntN(6) {
		if rng.IntN(3) == 0 {
			g.Nodes = append(g.Nodes, Node{Parent: None}) // a switch
			continue
		}
		tl := tmpls[rng.IntN(len(tmpls))]
		base := NodeID(len(g.Nodes))
		for k := range stride(tl) {
			parent := base
			if k == 0 {
				parent = None
			}
			g.Nodes = append(g.Nodes, Node{Parent: parent})
		}
		g.AddInstance(tl, base, stride(tl), 0)
	}
	for range rng.IntN(12) {
		a, b := rng.IntN(len(g.Nodes)), rng.IntN(len(g.Nodes))
		g.AddLink(Link{A: Port{Node: NodeID(a), Port: int32(rng.IntN(6))}, B: Port{Node: NodeID(b), Port: int32(rng.IntN(6)) - 1},
			Parallel: int32(rng.IntN(3)), Fabric: fabric()})
	}
	return g
}
