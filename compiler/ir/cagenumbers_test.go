package ir_test

import (
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// CageNumbers gives two ports one number exactly when CageIndex.Of gives
// them one key: on the SuperPOD (twin-port cages on the QM9700s and the
// DGX H100's NIC roles, numbered by key), a fat-tree whose hosts sit on
// broken-out lanes, and a fat-tree of implicit hosts; numbers run from 0
// in the order first asked for.
func TestCageNumbers(t *testing.T) {
	for name, g := range map[string]*ir.Graph{
		"superpod":  compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1"),
		"broken":    compiletest.Source(t, compiletest.BrokenOutFatTree(4, 4)),
		"fat-tree8": compiletest.Example(t, "fat-tree-k8"),
	} {
		byKey, ports := checkCageNumbers(t, name, g, fabricPorts(g))
		if len(byKey) == 0 {
			t.Errorf("%s: no cages", name)
		}
		// The SuperPOD's twin-port cages hold two ports each, so the test
		// sees cages shared; the implicit hosts' cages are one port wide.
		if shared := len(ports) > len(byKey); shared != (name == "superpod") {
			t.Errorf("%s: %d ports in %d cages", name, len(ports), len(byKey))
		}
	}
}

// fabricPorts lists the ends of g's fabric links, in link order.
func fabricPorts(g *ir.Graph) []ir.Port {
	var out []ir.Port
	for _, l := range g.AllLinks() {
		if l.Fabric != ir.None {
			out = append(out, l.A, l.B)
		}
	}
	return out
}

// checkCageNumbers asks g's CageNumbers for ports in order and fails
// unless two ports get one number exactly when CageIndex.Of gives them
// one key, and the numbers run from 0 in the order first asked for. It
// returns the number of each cage and the ports (lane 0) seen.
func checkCageNumbers(t *testing.T, name string, g *ir.Graph, ends []ir.Port) (map[ir.CageKey]int32, map[ir.Port]bool) {
	t.Helper()
	idx := g.NewCageIndex()
	nums := idx.Numbers()
	byKey := map[ir.CageKey]int32{}
	byNum := map[int32]ir.CageKey{}
	ports := map[ir.Port]bool{}
	next := int32(0)
	for _, p := range ends {
		key, _, _, _ := idx.Of(p)
		k, first := nums.Of(p)
		if first != (k == next) || first && k != next {
			t.Fatalf("%s: port %+v got %d (first %v), want the next number %d when first", name, p, k, first, next)
		}
		if first {
			next++
		}
		if want, ok := byKey[key]; ok && want != k {
			t.Fatalf("%s: port %+v of cage %+v numbered %d, another port of it %d", name, p, key, k, want)
		}
		if other, ok := byNum[k]; ok && other != key {
			t.Fatalf("%s: cages %+v and %+v share number %d", name, key, other, k)
		}
		byKey[key], byNum[k] = k, key
		ports[ir.Port{Node: p.Node, Port: p.Port}] = true
	}
	if int(next) != len(byKey) {
		t.Errorf("%s: %d numbers for %d cages", name, next, len(byKey))
	}
	return byKey, ports
}

// CageNumbers gives two ports one number exactly when CageIndex.Of gives
// them one key on random graphs of servers whose NICs of two roles, of
// one port or two, share cages or not (and some NICs of no server),
// asked for random ports, some past a NIC's radix or its role's last NIC,
// some negative.
func TestCageNumbersOfNICs(t *testing.T) {
	for seed := range uint64(300) {
		r := rand.New(rand.NewPCG(seed, 75))
		g := ir.New()
		g.Parts = &ir.Parts{NICCage: map[string]int32{"dgx/compute": 2, "dgx/storage": 3, "hgx/compute": 1}}
		var nodes []ir.NodeID
		for range 1 + r.IntN(4) {
			srv := ir.NewNode("srv", ir.KindHost)
			srv.SetModel([]string{"", "dgx", "hgx"}[r.IntN(3)])
			s := g.AddNode(srv)
			for range r.IntN(6) {
				nic := ir.NewNode("nic", ir.KindNIC)
				nic.Parent, nic.Radix = s, int32(r.IntN(3))
				nic.SetRole([]ir.Role{ir.RoleCompute, ir.RoleStorage}[r.IntN(2)])
				if r.IntN(8) == 0 {
					nic.Kind = ir.KindGPU // a component of another kind among them
				}
				nodes = append(nodes, g.AddNode(nic))
			}
		}
		for range r.IntN(3) {
			nic := ir.NewNode("loose", ir.KindNIC)
			nic.Radix = 1
			nodes = append(nodes, g.AddNode(nic))
		}
		if len(nodes) == 0 {
			continue
		}
		var ends []ir.Port
		for range 40 {
			v := nodes[r.IntN(len(nodes))]
			ends = append(ends, ir.Port{Node: v, Port: int32(r.IntN(4) - 1)})
		}
		checkCageNumbers(t, "random", g, ends)
	}
}
