package ir

import (
	"slices"
	"testing"
)

// A bundle of 5 NVLinks from GPU port 0 to NVSwitch port 3 uses ports
// 0–4 of the GPU and 3–7 of the switch; a second bundle overlapping the
// switch's ports 6–9 adds only 8 and 9; lanes of one broken-out port and
// host interfaces (-1) count once and never. The bit set and the map
// (forced by a sparse port number) agree, and keep filters links.
func TestPortsUsed(t *testing.T) {
	g := &Graph{Nodes: make([]Node, 4)}
	g.links.flat = []Link{
		{A: Port{Node: 0, Port: 0}, B: Port{Node: 1, Port: 3}, Parallel: 5, Kind: LinkNVLink, Fabric: None},
		{A: Port{Node: 2, Port: 0}, B: Port{Node: 1, Port: 6}, Parallel: 4, Kind: LinkNVLink, Fabric: None},
		{A: Port{Node: 3, Port: 0, Lane: 0}, B: Port{Node: 2, Port: -1}, Fabric: 0},
		{A: Port{Node: 3, Port: 0, Lane: 1}, B: Port{Node: 2, Port: -1}, Fabric: 0},
	}
	want := []int32{5, 7, 4, 1}
	if got := g.PortsUsed(nil); !slices.Equal(got, want) {
		t.Errorf("bit set: ports used %v, want %v", got, want)
	}
	if got := g.portsUsedSparse(nil); !slices.Equal(got, want) {
		t.Errorf("map: ports used %v, want %v", got, want)
	}
	fabricOnly := func(l Link) bool { return l.Fabric != None }
	if got := g.PortsUsed(fabricOnly); !slices.Equal(got, []int32{0, 0, 0, 1}) {
		t.Errorf("fabric links only: ports used %v, want [0 0 0 1]", got)
	}
	g.AddLink(Link{A: Port{Node: 0, Port: 1 << 30}, B: Port{Node: 3, Port: 5}, Fabric: 0})
	if got := g.PortsUsed(nil); !slices.Equal(got, []int32{6, 7, 4, 2}) {
		t.Errorf("sparse ports: ports used %v, want [6 7 4 2]", got)
	}
}
