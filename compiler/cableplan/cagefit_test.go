package cableplan

import (
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// TestCageFitFind numbers shapes in the order first met, the same past
// fewShapes (where find moves from comparing keys to a map) as before.
func TestCageFitFind(t *testing.T) {
	var f cageFit
	const n = 3 * fewShapes
	key := func(i int) cageShapeKey {
		return cageShapeKey{sw: i%2 == 0, rate: float64(i) * 1e11, ports: 2, form: "osfp", proto: i % 3}
	}
	for round := range 2 {
		for i := range n {
			if got := f.find(key(i)); got != int32(i) {
				t.Fatalf("round %d: find(key %d) = %d, want %d", round, i, got, i)
			}
		}
	}
	if len(f.keys) != n {
		t.Errorf("%d shapes, want %d", len(f.keys), n)
	}
}

// TestCageShapeByDevice checks the shapes cageFit keeps by device and
// link run (byNode), or takes from a device alike (last), against each
// cage's shape found afresh (shapeOn), on
// random graphs: switches of models with and without port groups and
// twin-port cages, implicit hosts, servers whose NICs share cages, and
// links of random rates and breakouts, each a cable of its own.
func TestCageShapeByDevice(t *testing.T) {
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 75))
		g := ir.New()
		g.Parts = &ir.Parts{
			SwitchCage:       map[string]int32{"twin": 2},
			NICCage:          map[string]int32{"dgx/compute": 2},
			SwitchPortGroups: map[string][]ir.PortGroup{"grouped": {{Ports: 2, RateBPS: 400e9}, {Ports: 3, RateBPS: 800e9}}},
			SwitchFormFactor: map[string]string{"twin": "osfp"},
		}
		g.Protocols = map[string]string{"twin": "infiniband", "cx7": "ethernet"}
		var ports []ir.Port
		for range 2 + r.IntN(4) {
			n := ir.NewNode("sw", ir.KindSwitch)
			n.PortRateBPS, n.Radix = 800e9, 5
			n.SetModel([]string{"", "twin", "grouped"}[r.IntN(3)])
			v := g.AddNode(n)
			for p := range n.Radix {
				ports = append(ports, ir.Port{Node: v, Port: p})
			}
		}
		for range 1 + r.IntN(3) {
			h := ir.NewNode("host", ir.KindHost)
			h.PortRateBPS, h.Radix = []float64{400e9, 800e9}[r.IntN(2)], 1
			ports = append(ports, ir.Port{Node: g.AddNode(h)})
			srv := ir.NewNode("srv", ir.KindHost)
			srv.SetModel([]string{"", "dgx"}[r.IntN(2)])
			s := g.AddNode(srv)
			for range 1 + r.IntN(4) {
				nic := ir.NewNode("nic", ir.KindNIC)
				nic.Parent, nic.PortRateBPS, nic.Radix = s, 400e9, 1
				nic.SetModel([]string{"", "cx7"}[r.IntN(2)])
				nic.SetRole([]ir.Role{ir.RoleCompute, ir.RoleStorage}[r.IntN(2)])
				ports = append(ports, ir.Port{Node: g.AddNode(nic)})
			}
		}
		cb := &ir.Cabling{}
		r.Shuffle(len(ports), func(i, j int) { ports[i], ports[j] = ports[j], ports[i] })
		for i := 0; i+1 < len(ports); i += 2 {
			l := ir.Link{A: ports[i], B: ports[i+1], CapacityBPS: []float64{100e9, 400e9, 800e9}[r.IntN(3)], Breakout: int32(1 + r.IntN(2))}
			cb.Legs = append(cb.Legs, g.AddLink(l))
			cb.Cables = append(cb.Cables, ir.Cable{Leg0: int32(len(cb.Cables)), Legs: 1, Type: ir.None, Swap: r.IntN(2) == 0})
		}
		g.SetCabling(cb)
		cs := newCageScan(g)
		kept, fresh := newCageFit(g, cs), newCageFit(g, cs)
		for k := range cs.cages {
			sh, _ := kept.shape(k)
			pt, l := cs.at(k)
			want := fresh.shapeOn(pt, &l)
			got, exp := kept.keys[sh], fresh.keys[want]
			if kept.protos[got.proto] != fresh.protos[exp.proto] {
				t.Fatalf("seed %d: cage %d at %v: protocol %q, want %q", seed, k, pt, kept.protos[got.proto], fresh.protos[exp.proto])
			}
			got.proto, exp.proto = 0, 0
			if got != exp {
				t.Fatalf("seed %d: cage %d at %v: shape %+v, want %+v", seed, k, pt, got, exp)
			}
		}
	}
}
