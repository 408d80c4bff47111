package bisection

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// TestServerClusterBoundSound: on 1,000 seeded random tiered fabrics of
// servers in clusters (1 to 3 clusters, each of 1 to 4 alike servers of 1
// to 3 GPUs on 1 to 3 leaves, one NIC per leaf, random internal links and
// rates; leaves in one or two planes of 1 to 3 spines, meshed fully or
// partly, tapered or not, some with a core tier, some leaves without
// uplinks; at most 14 GPUs), the server-cluster bound never exceeds the
// exact bisection by enumeration, and its split is a balanced split (its
// cut never below it); under up/down routing it never exceeds the least
// valley-free flow of a balanced split (at most 12 GPUs). It must apply
// to many and beat both the hose and the whole-server bounds on some, or
// the test proves nothing.
func TestServerClusterBoundSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 1206))
	graphs := 1000
	if testing.Short() {
		graphs = 100
	}
	applied, above, met, routedApplied := 0, 0, 0, 0
	for i := 0; i < graphs; i++ {
		g, fid := randomClusterFabric(rng)
		m := newModel(g, fid, ViewGPU)
		full := m.build(modeFull)
		b, c, ok := m.serverClusters(full, false)
		if !ok {
			continue
		}
		applied++
		exact := m.exact(full).value
		if b > exact*(1+1e-9)+1e-3 {
			t.Fatalf("graph %d: the server-cluster bound %s exceeds the exact bisection %s: unsound", i, units.Rate(b), units.Rate(exact))
		}
		if c.value < exact*(1-1e-9) {
			t.Fatalf("graph %d: the bound's split cuts %s, below the exact bisection %s: not a balanced split", i, units.Rate(c.value), units.Rate(exact))
		}
		other := 0.0
		if h := m.hose(); h.ok {
			other = h.bound
		}
		if ws, _, ok := m.wholeServers(full, false); ok {
			other = max(other, ws)
		}
		if b > other*(1+1e-9) {
			above++
		}
		if meets(b, exact) {
			met++
		}
		if len(m.terms) <= 12 {
			if rb, _, ok := m.serverClusters(full, true); ok {
				routedApplied++
				if least := leastUpDown(t, m, full); rb > least*(1+1e-9)+1e-3 {
					t.Fatalf("graph %d: the routed server-cluster bound %s exceeds the least up/down flow %s of a balanced split: unsound", i, units.Rate(rb), units.Rate(least))
				}
			}
		}
	}
	t.Logf("%d graphs: the bound applied to %d (routed checked on %d), beat the hose and whole-server bounds on %d, met the exact bisection on %d", graphs, applied, routedApplied, above, met)
	if applied < graphs/4 || above < graphs/10 || routedApplied < graphs/10 {
		t.Errorf("the bound applied to %d (routed %d) and beat the other bounds on %d of %d graphs: too few to test it", applied, routedApplied, above, graphs)
	}
}

// randomClusterFabric returns a custom tiered fabric whose endpoints are
// the NICs of servers in clusters, as TestServerClusterBoundSound says.
// One time in ten a server of a cluster gets a different port rate (the
// bound must then refuse or stay sound).
func randomClusterFabric(rng *rand.Rand) (*ir.Graph, ir.FabricID) {
	g := ir.New()
	core := rng.IntN(3) == 0
	tiers := []string{"leaf", "spine"}
	if core {
		tiers = append(tiers, "core")
	}
	fid := g.AddFabric(ir.Fabric{Name: "t", Family: "custom", Tiers: tiers})
	rates := []float64{100e9, 200e9, 400e9}
	inner := []float64{50e9, 100e9, 252e9, 400e9, 900e9}
	sw := func(name, tier string) ir.NodeID {
		n := ir.NewNode(name, ir.KindSwitch)
		n.SetTier(tier)
		id := g.AddNode(n)
		g.JoinFabric(id, fid)
		return id
	}
	planes := 1 + rng.IntN(2)
	spines := make([][]ir.NodeID, planes)
	for p := range spines {
		for s := range 1 + rng.IntN(3) {
			spines[p] = append(spines[p], sw(fmt.Sprintf("p%d/spine%d", p, s), "spine"))
		}
		if core {
			var cores []ir.NodeID
			for c := range 1 + rng.IntN(2) {
				cores = append(cores, sw(fmt.Sprintf("p%d/core%d", p, c), "core"))
			}
			for _, s := range spines[p] {
				for _, c := range rng.Perm(len(cores))[:1+rng.IntN(len(cores))] {
					randomLink(g, fid, s, cores[c], 0, rates[rng.IntN(len(rates))])
				}
			}
		}
	}
	gpusLeft := 14
	for cl := range 1 + rng.IntN(3) {
		var leaves []ir.NodeID
		var portRate []float64
		for l := range 1 + rng.IntN(3) {
			leaf := sw(fmt.Sprintf("c%d/leaf%d", cl, l), "leaf")
			leaves = append(leaves, leaf)
			portRate = append(portRate, rates[rng.IntN(len(rates))])
			if rng.IntN(6) == 0 {
				continue // no uplinks
			}
			p := spines[rng.IntN(planes)]
			for _, s := range rng.Perm(len(p))[:1+rng.IntN(len(p))] {
				for range 1 + rng.IntN(2) {
					randomLink(g, fid, leaf, p[s], 0, rates[rng.IntN(len(rates))])
				}
			}
		}
		// One internal template per cluster: its GPUs' NVLink pairs and
		// each GPU's and NIC's PCIe attachment, with their capacities.
		gpus := 1 + rng.IntN(3)
		servers := 1 + rng.IntN(4)
		for servers*gpus > gpusLeft && servers > 1 {
			servers--
		}
		if servers*gpus > gpusLeft {
			break
		}
		gpusLeft -= servers * gpus
		type tmpl struct {
			nicAt  []int // each NIC's GPU (or -1: the CPU)
			gpuCPU []bool
			nvlink [][2]int
			caps   []float64
		}
		var tp tmpl
		withCPU := rng.IntN(2) == 0
		for range leaves {
			at := rng.IntN(gpus)
			if withCPU && rng.IntN(2) == 0 {
				at = -1
			}
			tp.nicAt = append(tp.nicAt, at)
		}
		for k := range gpus {
			tp.gpuCPU = append(tp.gpuCPU, withCPU && rng.IntN(2) == 0)
			if k > 0 && rng.IntN(2) == 0 {
				tp.nvlink = append(tp.nvlink, [2]int{k, rng.IntN(k)})
			}
		}
		for range 2*len(leaves) + gpus + len(tp.nvlink) + 1 {
			c := inner[rng.IntN(len(inner))]
			if rng.IntN(4) != 0 {
				c = 1600e9 // wide enough, most times, that the ports fill
			}
			tp.caps = append(tp.caps, c)
		}
		for s := range servers {
			host := ir.NewNode(fmt.Sprintf("c%d/srv%d", cl, s), ir.KindHost)
			host.SetRole(ir.RoleServer)
			srv := g.AddNode(host)
			child := func(name string, kind ir.Kind) ir.NodeID {
				n := ir.NewNode(fmt.Sprintf("c%d/srv%d/%s", cl, s, name), kind)
				n.Parent = srv
				return g.AddNode(n)
			}
			link := func(a, b ir.NodeID, c float64, kind ir.LinkKind) {
				g.AddLink(ir.Link{A: ir.Port{Node: a, Port: -1}, B: ir.Port{Node: b, Port: -1}, CapacityBPS: c, Kind: kind, Fabric: ir.None})
			}
			var gs []ir.NodeID
			for k := range gpus {
				gs = append(gs, child(fmt.Sprintf("gpu%d", k), ir.KindGPU))
			}
			cpu := ir.NodeID(ir.None)
			if withCPU {
				cpu = child("cpu0", ir.KindCPU)
			}
			ci := 0
			for k, gpu := range gs {
				if tp.gpuCPU[k] {
					link(gpu, cpu, tp.caps[ci], ir.LinkPCIe)
				}
				ci++
			}
			for _, pr := range tp.nvlink {
				link(gs[pr[0]], gs[pr[1]], tp.caps[ci], ir.LinkNVLink)
				ci++
			}
			for l, leaf := range leaves {
				nic := child(fmt.Sprintf("nic%d", l), ir.KindNIC)
				g.JoinFabric(nic, fid)
				g.Fabrics[fid].Endpoints = append(g.Fabrics[fid].Endpoints, ir.Port{Node: nic})
				if at := tp.nicAt[l]; at >= 0 {
					link(gs[at], nic, tp.caps[ci], ir.LinkPCIe)
				} else {
					link(cpu, nic, tp.caps[ci], ir.LinkPCIe)
				}
				ci++
				rate := portRate[l]
				if rng.IntN(10) == 0 {
					rate = rates[rng.IntN(len(rates))]
				}
				randomLink(g, fid, nic, leaf, 0, rate)
			}
			if withCPU {
				// The CPU reaches a GPU, so no GPU hangs alone.
				link(cpu, gs[0], tp.caps[ci], ir.LinkPCIe)
			}
		}
	}
	return g, fid
}

// TestTaperedRailLeavesProven: trial 52's 32 DGX H100 on 8 rail leaves
// (per = ["rail"]), 32 down and 32, 16 or 8 up over 4, 2 or 1 spines. A
// balanced split of whole servers puts 16 on each side, and every rail
// leaf, on either side, has its links to the 16 servers on the far side
// cut: 8 × 16 × 400 Gb/s = 51.2 Tb/s whatever the spines; splitting a
// server costs its NVLink besides. The hose bound proves only 1, 1/2 and
// 1/4 of it (it routes through the spines); the server-cluster bound
// proves all of it, in the graph and under up/down routing.
func TestTaperedRailLeavesProven(t *testing.T) {
	for _, c := range []struct{ spines, up int }{{4, 32}, {2, 16}, {1, 8}} {
		g := compileHCL(t, fmt.Sprintf(`
node_group "dgx" {
  model = "DGX-H100"
  count = 32
}
fabric "f" {
  clos {
    endpoints = node_group.dgx.nics.compute
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 32
      up    = %d
    }
    tier "spine" {
      model = "QM9700"
      count = %d
    }
  }
}`, c.up, c.spines))
		r := Compute(g, 0, Options{})
		if r.LowerBoundBPS != 51.2e12 || r.UpperBoundBPS != 51.2e12 {
			t.Errorf("%d spines: bisection %s..%s by %s, want exactly 51.2Tb/s", c.spines, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), r.LowerBoundMethod)
		}
		if rt := r.Routed; rt == nil || rt.LowerBoundBPS != 51.2e12 || rt.UpperBoundBPS != 51.2e12 {
			t.Errorf("%d spines: routed %+v, want up_down closed at 51.2Tb/s", c.spines, rt)
		}
		if c.spines < 4 && r.LowerBoundMethod != "hose_server_clusters" {
			t.Errorf("%d spines: proven by %s, want the server-cluster bound", c.spines, r.LowerBoundMethod)
		}
	}
}
