package routing

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// A host with two ports, one on each of two switches that both reach the
// destination's switch, sends one queue pair of a flow: it takes both
// ports, half the flow each, under the hash and under destination-pinned
// routing alike, and Shares says the same (sendports.go); a flow to that
// host arrives by both of its ports the same way.
func TestSenderSpreadsOverItsPorts(t *testing.T) {
	g, n := nodesOf("a b c", "src dst")
	a, b, c, src, dst := n[0], n[1], n[2], n[3], n[4]
	addLink(g, src, a, 200e9, ir.LinkCustom) // link 0
	addLink(g, src, b, 200e9, ir.LinkCustom) // link 1
	addLink(g, a, c, 400e9, ir.LinkCustom)
	addLink(g, b, c, 400e9, ir.LinkCustom)
	addLink(g, c, dst, 400e9, ir.LinkCustom)
	p := NewPlane(g, func(ir.Link) bool { return true }, Switches)
	if n := p.SendPorts(p.Local(src)); n != 2 {
		t.Fatalf("the sender has %d ports, want 2", n)
	}
	if n := p.SendPorts(p.Local(a)); n != 1 {
		t.Fatalf("a switch sends on %d ports, want 1 (its hash chooses)", n)
	}
	out := func(l int) int { // the slot of link l from its A end
		return 2 * l
	}
	for _, mode := range []Mode{Hash, Pinned} {
		e := NewBFS(p)
		loads := NewLoads(g)
		f := Flow{Src: p.Local(src), Dst: p.Local(dst), Rate: 400e9, Bytes: 1e9, QPs: 1, ID: 7}
		e.Route(&Demand{Flows: []Flow{f}}, Options{Mode: mode, Seed: 1}, loads)
		if loads.Rate(out(0)) != 200e9 || loads.Rate(out(1)) != 200e9 {
			t.Errorf("mode %d: ports carry %g and %g, want 200G each", mode, loads.Rate(out(0)), loads.Rate(out(1)))
		}
		shares := map[int32]float64{}
		for _, s := range e.Shares(f, Options{Mode: mode, Seed: 1}) {
			shares[s.Slot] = s.Frac
		}
		if shares[int32(out(0))] != 0.5 || shares[int32(out(1))] != 0.5 {
			t.Errorf("mode %d: shares %v, want half the flow on each port", mode, shares)
		}
	}
	// Towards the two-port host, a queue pair per port arrives by each:
	// the fabric does not choose the receiver's port.
	for _, mode := range []Mode{Hash, Pinned} {
		e := NewBFS(p)
		loads := NewLoads(g)
		e.Route(&Demand{Flows: []Flow{{Src: p.Local(dst), Dst: p.Local(src), Rate: 400e9, QPs: 1, ID: 7}}}, Options{Mode: mode, Seed: 1}, loads)
		if x, y := loads.Rate(2*0+1), loads.Rate(2*1+1); x != 200e9 || y != 200e9 {
			t.Errorf("mode %d: the receiver's ports carry %g and %g, want 200G each", mode, x, y)
		}
	}
}

// Between one-port hosts a switch with two next hops still hashes a
// queue pair onto one of them.
func TestSwitchHashesOneQueuePair(t *testing.T) {
	g, n := nodesOf("a b c e", "x y")
	a, b, c, e, x, y := n[0], n[1], n[2], n[3], n[4], n[5]
	addLink(g, c, a, 400e9, ir.LinkCustom) // link 0
	addLink(g, c, b, 400e9, ir.LinkCustom) // link 1
	addLink(g, a, e, 400e9, ir.LinkCustom)
	addLink(g, b, e, 400e9, ir.LinkCustom)
	addLink(g, x, c, 400e9, ir.LinkCustom)
	addLink(g, y, e, 400e9, ir.LinkCustom)
	p := NewPlane(g, func(ir.Link) bool { return true }, Switches)
	loads := NewLoads(g)
	NewBFS(p).Route(&Demand{Flows: []Flow{{Src: p.Local(x), Dst: p.Local(y), Rate: 400e9, QPs: 1, ID: 7}}}, Options{Mode: Hash, Seed: 1}, loads)
	if u, v := loads.Rate(0), loads.Rate(2); u+v != 400e9 || u*v != 0 {
		t.Errorf("a switch's queue pair split over %g and %g, want all on one", u, v)
	}
}

// nodesOf returns a graph of one custom fabric holding the named switches
// and then the named hosts (space-separated), and their ids in order.
func nodesOf(switches, hosts string) (*ir.Graph, []ir.NodeID) {
	g := ir.New()
	g.AddFabric(ir.Fabric{Name: "f", Family: "custom"})
	var ids []ir.NodeID
	for _, name := range strings.Fields(switches) {
		ids = append(ids, g.AddNode(ir.NewNode(name, ir.KindSwitch)))
	}
	for _, name := range strings.Fields(hosts) {
		ids = append(ids, g.AddNode(ir.NewNode(name, ir.KindHost)))
	}
	return g, ids
}
