package bisection

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// TestWholeServerBoundSound: on 1,000 seeded random tiered fabrics built
// on servers (1 to 3 servers of 1 to 4 GPUs, 1 or 2 NICs, an optional
// CPU, random internal links and rates; up to 3 plain hosts; at most 12
// terminals), the whole-server hose bound never exceeds the exact
// bisection by enumeration, and its split is a balanced split (its cut
// never below it). The bound must apply to most of them and beat the
// fractional hose bound on some, or the test proves nothing.
func TestWholeServerBoundSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 1206))
	graphs := 1000
	if testing.Short() {
		graphs = 100
	}
	applied, above, met, routedApplied := 0, 0, 0, 0
	for i := 0; i < graphs; i++ {
		g, fid := randomServerFabric(rng)
		m := newModel(g, fid, ViewGPU)
		full := m.build(modeFull)
		exact := m.exact(full).value
		b, c, ok := m.wholeServers(full, false)
		if !ok {
			continue
		}
		applied++
		if b > exact*(1+1e-9)+1e-3 {
			t.Fatalf("graph %d: the whole-server bound %s exceeds the exact bisection %s: unsound", i, units.Rate(b), units.Rate(exact))
		}
		if c.value < exact*(1-1e-9) {
			t.Fatalf("graph %d: the bound's split cuts %s, below the exact bisection %s: not a balanced split", i, units.Rate(c.value), units.Rate(exact))
		}
		if h := m.hose(); h.ok && b > h.bound*(1+1e-9) {
			above++
		}
		// Under up/down routing: never above the layered max-flow of any
		// balanced split (itself at least the routing's flow).
		if rb, _, ok := m.wholeServers(full, true); ok {
			routedApplied++
			if least := leastUpDown(t, m, full); rb > least*(1+1e-9)+1e-3 {
				t.Fatalf("graph %d: the routed whole-server bound %s exceeds the least up/down flow %s of a balanced split: unsound", i, units.Rate(rb), units.Rate(least))
			}
		}
		if meets(b, exact) {
			met++
		}
	}
	t.Logf("%d graphs: the bound applied to %d (routed %d), beat the hose bound on %d, met the exact bisection on %d", graphs, applied, routedApplied, above, met)
	if applied < graphs/4 || above < graphs/10 {
		t.Errorf("the bound applied to %d and beat the hose bound on %d of %d graphs: too few to test it", applied, above, graphs)
	}
}

// leastUpDown returns the least up/down layered flow over the balanced
// splits of m's terminals (terminal 0 on side A), by enumeration.
func leastUpDown(t *testing.T, m *model, full *agraph) float64 {
	n := len(m.terms)
	layered, ok := m.upDownLayering(full)
	if !ok {
		t.Fatal("no up/down layering of a tiered fabric")
	}
	least := math.Inf(1)
	for mask := 1; mask < 1<<n; mask += 2 {
		if c := bits.OnesCount(uint(mask)); c != n/2 && c != (n+1)/2 {
			continue
		}
		inA := make([]bool, n)
		for i := range inA {
			inA[i] = mask&(1<<i) != 0
		}
		least = min(least, layered.flow(inA))
	}
	return least
}

// randomServerFabric returns a custom tiered fabric (2 or 3 tiers, each
// switch linked to 1 to all switches of the tier above, some links
// doubled, mixed rates) whose endpoints are the NICs of 1 to 3 servers
// and up to 3 plain hosts.
func randomServerFabric(rng *rand.Rand) (*ir.Graph, ir.FabricID) {
	tiers := []string{"leaf", "spine", "core"}[:2+rng.IntN(2)]
	g := ir.New()
	fid := g.AddFabric(ir.Fabric{Name: "t", Family: "custom", Tiers: tiers})
	rates := []float64{100e9, 200e9, 400e9}
	inner := []float64{50e9, 100e9, 252e9, 400e9, 900e9}
	innerLink := func(a, b ir.NodeID, kind ir.LinkKind) {
		g.AddLink(ir.Link{A: ir.Port{Node: a, Port: -1}, B: ir.Port{Node: b, Port: -1}, CapacityBPS: inner[rng.IntN(len(inner))], Kind: kind, Fabric: ir.None})
	}
	endpoint := func(n ir.Node) ir.NodeID {
		id := g.AddNode(n)
		g.JoinFabric(id, fid)
		g.Fabrics[fid].Endpoints = append(g.Fabrics[fid].Endpoints, ir.Port{Node: id})
		return id
	}
	leaves := randomTiers(rng, g, fid, tiers, rates, 3, nil)
	terminals := 0
	for s := range 1 + rng.IntN(3) {
		host := ir.NewNode(fmt.Sprintf("srv%d", s), ir.KindHost)
		host.SetRole(ir.RoleServer)
		srv := g.AddNode(host)
		child := func(name string, kind ir.Kind) ir.Node {
			n := ir.NewNode(fmt.Sprintf("srv%d/%s", s, name), kind)
			n.Parent = srv
			return n
		}
		var gpus, nics []ir.NodeID
		for k := range 1 + rng.IntN(4) {
			gpus = append(gpus, g.AddNode(child(fmt.Sprintf("gpu%d", k), ir.KindGPU)))
		}
		terminals += len(gpus)
		for k := range 1 + rng.IntN(2) {
			nic := endpoint(child(fmt.Sprintf("nic%d", k), ir.KindNIC))
			nics = append(nics, nic)
			for p := range 1 + rng.IntN(2) {
				randomLink(g, fid, nic, leaves[rng.IntN(len(leaves))], int32(p), rates[rng.IntN(len(rates))])
			}
		}
		// Each GPU reaches a NIC, directly or through the CPU; some GPU
		// pairs are joined (NVLink).
		cpu := ir.NodeID(ir.None)
		if rng.IntN(2) == 0 {
			cpu = g.AddNode(child("cpu0", ir.KindCPU))
			for _, nic := range nics {
				innerLink(cpu, nic, ir.LinkPCIe)
			}
		}
		for k, gpu := range gpus {
			if cpu != ir.None && rng.IntN(2) == 0 {
				innerLink(gpu, cpu, ir.LinkPCIe)
			} else {
				innerLink(gpu, nics[rng.IntN(len(nics))], ir.LinkPCIe)
			}
			if k > 0 && rng.IntN(2) == 0 {
				innerLink(gpu, gpus[rng.IntN(k)], ir.LinkNVLink)
			}
		}
	}
	for h := range rng.IntN(min(4, 13-terminals)) {
		id := endpoint(ir.NewNode(fmt.Sprintf("h%d", h), ir.KindHost))
		for p := range 1 + rng.IntN(2) {
			randomLink(g, fid, id, leaves[rng.IntN(len(leaves))], int32(p), rates[rng.IntN(len(rates))])
		}
	}
	return g, fid
}

// TestCompositeHoseSound: on 1,000 seeded random composites of two
// random tiered zones (2 to 6 hosts each, single or dual-homed, mixed
// rates) joined by 1 to 3 links between random switches, the composite
// hose bound never exceeds the exact bisection by enumeration. It must
// apply to a tenth of them and meet the exact value on some.
func TestCompositeHoseSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 1207))
	graphs := 1000
	if testing.Short() {
		graphs = 100
	}
	applied, met := 0, 0
	for i := 0; i < graphs; i++ {
		g, fid := randomComposite(rng)
		m := newModel(g, fid, ViewGPU)
		b, why := m.compositeHose()
		if why != "" {
			continue
		}
		applied++
		exact := m.exact(m.build(modeFull)).value
		if b > exact*(1+1e-9)+1e-3 {
			t.Fatalf("graph %d: the composite hose bound %s exceeds the exact bisection %s: unsound", i, units.Rate(b), units.Rate(exact))
		}
		if meets(b, exact) {
			met++
		}
	}
	t.Logf("%d composites: the bound applied to %d, met the exact bisection on %d", graphs, applied, met)
	if applied < graphs/10 || met == 0 {
		t.Errorf("the bound applied to %d and met the exact bisection on %d of %d composites: too few to test it", applied, met, graphs)
	}
}

// randomComposite returns a composite custom fabric of two random tiered
// zones joined by 1 to 3 links between random switches of each. Half of
// them are thin-joined: zones of equal host counts, 400G host links and
// one 100G joining link, where the joining link is the bisection.
func randomComposite(rng *rand.Rand) (*ir.Graph, ir.FabricID) {
	g := ir.New()
	rates := []float64{100e9, 200e9, 400e9}
	thin := rng.IntN(2) == 0
	hosts := 2 + rng.IntN(5)
	var zones []ir.FabricID
	var switches [2][]ir.NodeID
	for z := range 2 {
		tiers := []string{"leaf", "spine", "core"}[:2+rng.IntN(2)]
		fid := g.AddFabric(ir.Fabric{Name: fmt.Sprintf("z%d", z), Family: "custom", Tiers: tiers})
		zones = append(zones, fid)
		randomTiers(rng, g, fid, tiers, rates, 3, func(leaves []ir.NodeID) {
			if !thin {
				hosts = 2 + rng.IntN(5)
			}
			for h := range hosts {
				id := g.AddNode(ir.NewNode(fmt.Sprintf("z%d/h%d", z, h), ir.KindHost))
				g.JoinFabric(id, fid)
				g.Fabrics[fid].Endpoints = append(g.Fabrics[fid].Endpoints, ir.Port{Node: id})
				if thin {
					randomLink(g, fid, id, leaves[rng.IntN(len(leaves))], 0, 400e9)
					continue
				}
				for p := range 1 + rng.IntN(2) {
					randomLink(g, fid, id, leaves[rng.IntN(len(leaves))], int32(p), rates[rng.IntN(len(rates))])
				}
			}
		})
		for _, n := range g.FabricNodes(fid) {
			if g.Nodes[n].Kind == ir.KindSwitch {
				switches[z] = append(switches[z], n)
			}
		}
	}
	c := g.AddFabric(ir.Fabric{Name: "c", Family: "custom", Members: zones, Tiers: []string{"leaf", "spine", "core"}})
	for _, z := range zones {
		for _, n := range g.FabricNodes(z) {
			g.JoinFabric(n, c)
		}
		g.Fabrics[c].Endpoints = append(g.Fabrics[c].Endpoints, g.Fabrics[z].Endpoints...)
	}
	joins := 1 + rng.IntN(3)
	if thin {
		joins = 1
	}
	for range joins {
		a, b := switches[0][rng.IntN(len(switches[0]))], switches[1][rng.IntN(len(switches[1]))]
		rate := rates[rng.IntN(len(rates))]
		if thin {
			rate = 100e9
		}
		randomLink(g, c, a, b, 1, rate)
	}
	return g, c
}

// TestWholeServerKnapsackBand: the knapsack kept to its band of counts
// (wsKnapsack) gives the same least costs at lo and hi, and a backward
// walk from them the same choices, as the full table over every count
// from 0 to hi, on 2,000 seeded random item lists (1 to 40 items of 1
// to 4 kinds, 0 to 6 terminals each, costs with ties and infeasible
// counts).
func TestWholeServerKnapsackBand(t *testing.T) {
	full := func(items []wsItem, costs []wsCost, x, hi int) ([]float64, [][]int8) {
		dp := make([]float64, hi+1)
		for s := range dp {
			dp[s] = math.Inf(1)
		}
		dp[0] = 0
		choice := make([][]int8, len(items))
		for i, it := range items {
			c := costs[it.kind].cost[x]
			next, ch := make([]float64, hi+1), make([]int8, hi+1)
			for s := range next {
				next[s] = math.Inf(1)
				for a := 0; a < len(c) && a <= s; a++ {
					if v := dp[s-a] + c[a]; v < next[s] {
						next[s], ch[s] = v, int8(a)
					}
				}
			}
			dp, choice[i] = next, ch
		}
		return dp, choice
	}
	walk := func(items []wsItem, choice [][]int8, size int) []int8 {
		out := make([]int8, len(items))
		for i := len(items) - 1; i >= 0; i-- {
			out[i] = choice[i][size]
			size -= int(out[i])
		}
		return out
	}
	rng := rand.New(rand.NewPCG(16, 12))
	for trial := range 2000 {
		kinds := make([]wsCost, 1+rng.IntN(4))
		d := make([]int, len(kinds))
		for k := range kinds {
			d[k] = rng.IntN(7)
			for x := range 2 {
				kinds[k].cost[x] = make([]float64, d[k]+1)
				for a := range kinds[k].cost[x] {
					switch r := rng.IntN(10); {
					case r == 0:
						kinds[k].cost[x][a] = math.Inf(1)
					default:
						kinds[k].cost[x][a] = float64(rng.IntN(4)) // ties
					}
				}
			}
		}
		items := make([]wsItem, 1+rng.IntN(40))
		n := 0
		for i := range items {
			k := rng.IntN(len(kinds))
			items[i] = wsItem{kind: int32(k), terms: make([]int32, d[k])}
			n += d[k]
		}
		lo, hi := n/2, (n+1)/2
		for x := range 2 {
			want, wantChoice := full(items, kinds, x, hi)
			got, gotChoice := wsKnapsack(items, kinds, x, lo, hi)
			for _, size := range []int{lo, hi} {
				if got[size] != want[size] {
					t.Fatalf("trial %d, x %d: dp[%d] = %g, want %g", trial, x, size, got[size], want[size])
				}
				if !math.IsInf(want[size], 1) && fmt.Sprint(walk(items, gotChoice, size)) != fmt.Sprint(walk(items, wantChoice, size)) {
					t.Fatalf("trial %d, x %d: the walk back from %d differs", trial, x, size)
				}
			}
		}
	}
}
