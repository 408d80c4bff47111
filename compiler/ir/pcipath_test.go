package ir_test

import (
	"math"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// server builds a two-socket server by hand, with every path class:
//
//	cpu0 ──(100G cpu_cpu)── cpu1 ── nic3 (300G)
//	 ├─ sw0 (500G) ── nic1 (400G)               └─ gpu1 (C2C, 3.6T)
//	 │   └─ sw1 (250G, switch below switch) ── gpu0 (500G), nic0 (500G)
//	 └─ sw2 (500G) ── nic2 (500G), gpu2 (500G)
//	gpu0 ══ nvswitch ══ gpu2 (NVLink, 200G each)
//
// and a second server with one GPU.
type server struct {
	g                             *ir.Graph
	gpu0, gpu1, gpu2, nic0, nic1  ir.NodeID
	nic2, nic3, other, host, nvsw ir.NodeID
}

func buildServer() server {
	g := ir.New()
	var s server
	s.g = g
	s.host = g.AddNode(ir.NewNode("s", ir.KindHost))
	add := func(name string, k ir.Kind, parent ir.NodeID) ir.NodeID {
		n := ir.NewNode(name, k)
		n.Parent = parent
		return g.AddNode(n)
	}
	link := func(a, b ir.NodeID, gbps float64, kind ir.LinkKind) {
		g.AddLink(ir.Link{A: ir.Port{Node: a, Port: -1}, B: ir.Port{Node: b}, CapacityBPS: gbps * 1e9, Kind: kind, Fabric: ir.None})
	}
	cpu0 := add("s/cpu0", ir.KindCPU, s.host)
	cpu1 := add("s/cpu1", ir.KindCPU, s.host)
	sw0 := add("s/pcie0", ir.KindPCIeSwitch, s.host)
	sw1 := add("s/pcie1", ir.KindPCIeSwitch, s.host)
	sw2 := add("s/pcie2", ir.KindPCIeSwitch, s.host)
	s.gpu0 = add("s/gpu0", ir.KindGPU, s.host)
	s.gpu1 = add("s/gpu1", ir.KindGPU, s.host)
	s.gpu2 = add("s/gpu2", ir.KindGPU, s.host)
	s.nic0 = add("s/nic0", ir.KindNIC, s.host)
	s.nic1 = add("s/nic1", ir.KindNIC, s.host)
	s.nic2 = add("s/nic2", ir.KindNIC, s.host)
	s.nic3 = add("s/nic3", ir.KindNIC, s.host)
	s.nvsw = add("s/nvswitch0", ir.KindNVSwitch, s.host)
	link(cpu0, cpu1, 100, ir.LinkCPUCPU)
	link(sw0, cpu0, 500, ir.LinkPCIe)
	link(sw1, sw0, 250, ir.LinkPCIe)
	link(sw2, cpu0, 500, ir.LinkPCIe)
	link(s.gpu0, sw1, 500, ir.LinkPCIe)
	link(s.nic0, sw1, 500, ir.LinkPCIe)
	link(s.nic1, sw0, 400, ir.LinkPCIe)
	link(s.nic2, sw2, 500, ir.LinkPCIe)
	link(s.gpu2, sw2, 500, ir.LinkPCIe)
	link(s.nic3, cpu1, 300, ir.LinkPCIe)
	link(s.gpu1, cpu1, 3600, ir.LinkC2C)
	link(s.gpu0, s.nvsw, 200, ir.LinkNVLink)
	link(s.gpu2, s.nvsw, 200, ir.LinkNVLink)
	other := g.AddNode(ir.NewNode("t", ir.KindHost))
	s.other = add("t/gpu0", ir.KindGPU, other)
	tcpu := add("t/cpu0", ir.KindCPU, other)
	link(s.other, tcpu, 500, ir.LinkPCIe)
	// A fabric link from a NIC must not count as a path inside the server.
	g.AddLink(ir.Link{A: ir.Port{Node: s.nic0, Port: 0}, B: ir.Port{Node: s.nic3, Port: 0}, CapacityBPS: 1e15, Kind: ir.LinkCustom, Fabric: 0})
	return s
}

// TestPathClasses checks each class on the hand-built server against the
// definitions of NCCL's src/graph/topo.h, with bottlenecks computed by hand.
func TestPathClasses(t *testing.T) {
	s := buildServer()
	in := s.g.Internals()
	for _, tc := range []struct {
		name  string
		a, b  ir.NodeID
		class ir.PathClass
		gbps  float64
		hops  int
	}{
		{"same switch", s.gpu0, s.nic0, ir.PathPIX, 500, 2},
		{"switch below switch", s.gpu0, s.nic1, ir.PathPXB, 250, 3},
		{"through the root complex", s.gpu0, s.nic2, ir.PathPHB, 250, 5},
		{"across sockets", s.gpu0, s.nic3, ir.PathSYS, 100, 5},
		{"reverse direction", s.nic3, s.gpu0, ir.PathSYS, 100, 5},
		{"C2C then PCIe", s.gpu1, s.nic3, ir.PathP2C, 300, 2},
		{"C2C then across sockets", s.gpu1, s.nic2, ir.PathSYS, 100, 4},
		{"NVLink beats PCIe", s.gpu0, s.gpu2, ir.PathNVL, 200, 2},
		{"GPUs across sockets", s.gpu2, s.gpu1, ir.PathSYS, 100, 4},
		{"itself", s.gpu0, s.gpu0, ir.PathLOC, 0, 0},
		{"other server", s.gpu0, s.other, ir.PathDIS, 0, 0},
		{"out of range", s.gpu0, ir.NodeID(len(s.g.Nodes)), ir.PathDIS, 0, 0},
	} {
		p := in.Path(tc.a, tc.b)
		if p.Class != tc.class || math.Abs(p.BottleneckBPS-tc.gbps*1e9) > 1 || len(p.Links) != tc.hops {
			t.Errorf("%s: got %s, %g b/s, %d hops; want %s, %g Gb/s, %d hops", tc.name, p.Class, p.BottleneckBPS, len(p.Links), tc.class, tc.gbps, tc.hops)
		}
		if c, bw := s.g.PCIePath(tc.a, tc.b); c != p.Class || bw != p.BottleneckBPS {
			t.Errorf("%s: PCIePath = %s %g, Path = %s %g", tc.name, c, bw, p.Class, p.BottleneckBPS)
		}
	}
	if got := in.HostLinkBPS(s.nic1); got != 400e9 {
		t.Errorf("HostLinkBPS(nic1) = %g, want 400e9", got)
	}
}

func TestPathClassNames(t *testing.T) {
	// NCCL's topoPathTypeStr, in PATH_* order (src/graph/topo.cc).
	want := []string{"LOC", "NVL", "NVB", "C2C", "PIX", "PXB", "P2C", "PXN", "PHB", "SYS", "NET", "DIS"}
	for i, w := range want {
		if got := ir.PathClass(i).String(); got != w {
			t.Errorf("PathClass(%d) = %s, want %s", i, got, w)
		}
	}
}

// TestPathOracle compares Path with exhaustive search: every simple path
// through PCIe switches, CPUs and NVSwitches, ranked by the same rule
// (fewest hops, then widest, then closest class).
func TestPathOracle(t *testing.T) {
	s := buildServer()
	in := s.g.Internals()
	var devs []ir.NodeID
	for i, n := range s.g.Nodes {
		if n.Kind == ir.KindGPU || n.Kind == ir.KindNIC {
			devs = append(devs, ir.NodeID(i))
		}
	}
	for _, a := range devs {
		for _, b := range devs {
			if a == b || s.g.Nodes[a].Parent != s.g.Nodes[b].Parent {
				continue
			}
			want, ok := exhaustive(s.g, a, b)
			got := in.Path(a, b)
			if !ok {
				if got.Class != ir.PathDIS {
					t.Errorf("%s–%s: got %s, oracle finds no path", s.g.Nodes[a].Name, s.g.Nodes[b].Name, got.Class)
				}
				continue
			}
			if got.Class != want.class || got.BottleneckBPS != want.bw || len(got.Links) != want.hops {
				t.Errorf("%s–%s: got %s %g %d hops, oracle %s %g %d hops", s.g.Nodes[a].Name, s.g.Nodes[b].Name,
					got.Class, got.BottleneckBPS, len(got.Links), want.class, want.bw, want.hops)
			}
		}
	}
}

type ranked struct {
	hops  int
	bw    float64
	class ir.PathClass
}

// exhaustive enumerates simple paths from a to b over internal links.
func exhaustive(g *ir.Graph, a, b ir.NodeID) (ranked, bool) {
	var best ranked
	found := false
	onPath := map[ir.NodeID]bool{a: true}
	var walk func(n ir.NodeID, r ranked, firstC2C bool)
	walk = func(n ir.NodeID, r ranked, firstC2C bool) {
		for _, l := range g.AllLinks() {
			if l.Fabric != ir.None || (l.A.Node != n && l.B.Node != n) {
				continue
			}
			o := l.Other(n)
			if onPath[o] {
				continue
			}
			cls := hop(g, l)
			next := ranked{hops: r.hops + 1, bw: l.CapacityBPS, class: max(r.class, cls)}
			if r.hops > 0 {
				next.bw = min(next.bw, r.bw)
			}
			fc := firstC2C || (r.hops == 0 && l.Kind == ir.LinkC2C)
			if o == b {
				ka, kb := g.Nodes[a].Kind, g.Nodes[b].Kind
				gpuNIC := (fc && ka == ir.KindGPU && kb == ir.KindNIC) || (l.Kind == ir.LinkC2C && ka == ir.KindNIC && kb == ir.KindGPU)
				if next.class == ir.PathPHB && gpuNIC {
					next.class = ir.PathP2C
				}
				if !found || next.hops < best.hops || (next.hops == best.hops && (next.bw > best.bw || (next.bw == best.bw && next.class < best.class))) {
					best, found = next, true
				}
				continue
			}
			if k := g.Nodes[o].Kind; k != ir.KindPCIeSwitch && k != ir.KindCPU && k != ir.KindNVSwitch {
				continue
			}
			onPath[o] = true
			walk(o, next, fc)
			onPath[o] = false
		}
	}
	walk(a, ranked{class: ir.PathLOC}, false)
	return best, found
}

// hop restates NCCL's per-link classes (src/graph/paths.cc) for the oracle.
func hop(g *ir.Graph, l ir.Link) ir.PathClass {
	ka, kb := g.Nodes[l.A.Node].Kind, g.Nodes[l.B.Node].Kind
	switch {
	case l.Kind == ir.LinkNVLink:
		return ir.PathNVL
	case l.Kind == ir.LinkC2C:
		return ir.PathC2C
	case l.Kind == ir.LinkCPUCPU:
		return ir.PathSYS
	case ka == ir.KindCPU || kb == ir.KindCPU:
		return ir.PathPHB
	case ka == ir.KindPCIeSwitch && kb == ir.KindPCIeSwitch:
		return ir.PathPXB
	}
	return ir.PathPIX
}
