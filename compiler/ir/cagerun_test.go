package ir

import (
	"math/rand/v2"
	"testing"
)

// TestCageRunAlike checks what the cable plan keeps per device and link
// run (CageRun, PortsAlike, CagesAlike): CageOn gives every port of a
// device whose ports are alike, and of devices alike, on links of one
// CageRun, one cage (but for its key and device).
// The graphs are random: switches of models with and without port groups
// and twin-port cages, servers whose NICs of two roles share cages, and
// links of random rates, stated line rates and breakouts.
func TestCageRunAlike(t *testing.T) {
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 75))
		g := New()
		g.Parts = &Parts{
			SwitchCage:       map[string]int32{"twin": 2},
			NICCage:          map[string]int32{"dgx/compute": 2},
			SwitchPortGroups: map[string][]PortGroup{"grouped": {{Ports: 2, RateBPS: 400e9}, {Ports: 3, RateBPS: 800e9}}},
			SwitchFormFactor: map[string]string{"twin": "osfp"},
			NICFormFactor:    map[string]string{"cx7": "osfp"},
		}
		type end struct {
			pt Port
			l  Link
		}
		var ends []end
		for range 2 + r.IntN(4) {
			n := NewNode("sw", KindSwitch)
			n.PortRateBPS, n.Radix = 800e9, 5
			n.SetModel([]string{"", "twin", "grouped"}[r.IntN(3)])
			g.AddNode(n)
		}
		for range 1 + r.IntN(3) {
			h := NewNode("host", KindHost)
			h.PortRateBPS, h.Radix = []float64{400e9, 800e9}[r.IntN(2)], 1
			g.AddNode(h)
		}
		for range 1 + r.IntN(3) {
			srv := NewNode("srv", KindHost)
			srv.SetModel([]string{"", "dgx"}[r.IntN(2)])
			s := g.AddNode(srv)
			for range 1 + r.IntN(4) {
				nic := NewNode("nic", KindNIC)
				nic.Parent, nic.PortRateBPS, nic.Radix = s, 400e9, int32(1+r.IntN(2))
				nic.SetModel([]string{"", "cx7"}[r.IntN(2)])
				nic.SetRole([]Role{RoleCompute, RoleStorage}[r.IntN(2)])
				g.AddNode(nic)
			}
		}
		for range 60 {
			v := NodeID(r.IntN(len(g.Nodes)))
			if g.Nodes[v].Kind == KindHost && g.Nodes[v].ModelName() != "" {
				continue // a server's ports are its NICs'
			}
			l := Link{CapacityBPS: []float64{100e9, 200e9, 400e9, 800e9}[r.IntN(4)], Breakout: int32(1 + r.IntN(4))}
			if r.IntN(4) == 0 {
				g.SetLineRate(&l, 800e9)
			}
			pt := Port{Node: v, Port: int32(r.IntN(max(int(g.Nodes[v].Radix), 1)))}
			ends = append(ends, end{pt, l})
		}
		x := g.NewCageIndex()
		for i, a := range ends {
			for _, b := range ends[:i] {
				if g.CageRunOf(&a.l) != g.CageRunOf(&b.l) || !x.PortsAlike(a.pt.Node) || !x.PortsAlike(b.pt.Node) ||
					a.pt.Node != b.pt.Node && !x.CagesAlike(a.pt.Node, b.pt.Node) {
					continue
				}
				_, ca := x.CageOn(a.pt, &a.l)
				_, cb := x.CageOn(b.pt, &b.l)
				ca.Device, cb.Device = 0, 0
				if ca != cb {
					t.Fatalf("seed %d: node %d (%s) ports %d and %d on links of one run: cages %+v and %+v", seed, a.pt.Node, g.Nodes[a.pt.Node].ModelName(), a.pt.Port, b.pt.Port, ca, cb)
				}
			}
		}
	}
}
