package bisection

import (
	"fmt"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// handFabric builds a custom fabric by hand: one switch per island, each
// with hostsPer single-port hosts at 400G; islands joined by nothing.
func handFabric(islands, hostsPer int) (*ir.Graph, ir.FabricID) {
	g := ir.New()
	fid := g.AddFabric(ir.Fabric{Name: "f", Family: "custom"})
	for i := 0; i < islands; i++ {
		sw := g.AddNode(ir.NewNode(fmt.Sprintf("s%d", i), ir.KindSwitch))
		g.JoinFabric(sw, fid)
		for h := 0; h < hostsPer; h++ {
			id := g.AddNode(ir.NewNode(fmt.Sprintf("s%d/h%d", i, h), ir.KindHost))
			g.JoinFabric(id, fid)
			g.Fabrics[fid].Endpoints = append(g.Fabrics[fid].Endpoints, ir.Port{Node: id})
			g.AddLink(ir.Link{A: ir.Port{Node: id}, B: ir.Port{Node: sw, Port: int32(h)}, CapacityBPS: 400e9, Fabric: fid})
		}
	}
	return g, fid
}

// Degenerate fabrics give a result, never a panic: no endpoints, one
// endpoint, two disconnected islands (bisection 0), a GPU that reaches
// no NIC inside its server, an endpoint port with no link.
func TestDegenerateFabrics(t *testing.T) {
	for _, tc := range []struct {
		name      string
		islands   int
		hosts     int
		want      float64
		endpoints int
	}{
		{"empty", 1, 0, 0, 0},
		{"one host", 1, 1, 0, 1},
		{"two hosts on one switch", 1, 2, 400e9, 2},
		{"two islands of 4", 2, 4, 0, 8},
		{"two islands of 20 (heuristic path)", 2, 20, 0, 40},
	} {
		g, fid := handFabric(tc.islands, tc.hosts)
		for _, v := range []View{ViewGPU, ViewPort} {
			r := Compute(g, fid, Options{View: v})
			if r.BandwidthBPS != tc.want || r.Endpoints != tc.endpoints || r.Method == MethodBounded {
				t.Errorf("%s (%s): %s %g over %d endpoints; want %g over %d, proven", tc.name, v, r.Method, r.BandwidthBPS, r.Endpoints, tc.want, tc.endpoints)
			}
		}
	}
	// A server whose GPU has no internal link, and a NIC port without a
	// link: the GPU is an isolated endpoint, so a split can cost nothing.
	g, fid := handFabric(1, 3)
	srv := g.AddNode(ir.NewNode("srv", ir.KindHost))
	gpu := ir.NewNode("srv/gpu0", ir.KindGPU)
	gpu.Parent = srv
	nic := ir.NewNode("srv/nic0", ir.KindNIC)
	nic.Parent = srv
	gid, nid := g.AddNode(gpu), g.AddNode(nic)
	_ = gid
	g.Fabrics[fid].Endpoints = append(g.Fabrics[fid].Endpoints, ir.Port{Node: nid}, ir.Port{Node: nid, Port: 1})
	g.AddLink(ir.Link{A: ir.Port{Node: nid}, B: ir.Port{Node: 1, Port: 9}, CapacityBPS: 400e9, Fabric: fid})
	for _, v := range []View{ViewGPU, ViewPort} {
		r := Compute(g, fid, Options{View: v})
		if r.Method == MethodBounded || r.LowerBoundBPS > r.BandwidthBPS {
			t.Errorf("server without internals (%s): %s, bounds %g..%g", v, r.Method, r.LowerBoundBPS, r.UpperBoundBPS)
		}
	}
}
