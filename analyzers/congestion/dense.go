package congestion

import (
	"slices"

	"github.com/topoc/topoc/analyzers/internal/routing"
	"github.com/topoc/topoc/compiler/ir"
)

// denseRoute is how one rank sends to the remote ranks of one rail: from
// which NIC, through which PXN relay, to how many ranks.
type denseRoute struct {
	egress, relay ir.NodeID
	remote        int
}

// addDense adds an AllToAll among d.ranks without listing its n(n−1)
// pairs: pairs inside an NVLink domain become NVLink flows (a server
// holds a handful of GPUs; a multi-node domain such as a GB200 NVL72
// rack, 72 across 18 trays), and pairs across them become dense blocks on the
// fabric (one per destination rail under PXN, where the egress NIC is the
// one on the destination's rail) plus per-GPU and per-NIC aggregate flows
// for the NVLink relays and PCIe hops. Every pair offers the least of its
// shares of the ports it is injected at. It returns the number of pairs
// routed, and adds those with no path to res.unroutable: a pair from a
// rank with no egress to the destination's rail, into a rank with no
// NIC on the fabric, or inside a server between GPUs that share no
// NVLink island and no PCIe path.
//
// The phases: group the ranks by server and by destination rail, plan
// each rank's route to each rail (its egress NIC and PXN relay), add the
// pairs inside each server, then one fabric block per rail with the
// NVLink and PCIe hops on either side of it.
func (r *run) addDense(d dense, lg *legs, res *phaseResult) float64 {
	n := len(d.ranks)
	before := res.unroutable
	a := &denseAllToAll{r: r, d: d, lg: lg, res: res}
	a.groupByServer()
	a.groupByRail()
	a.planRoutes()
	defer a.clearCounts()
	a.serverPairs()
	routed := func() float64 { return float64(n)*float64(n-1) - float64(res.unroutable-before) }
	if r.fab == nil {
		return routed() // planRoutes found no egress for any pair across servers
	}
	lg.up.Flows = slices.Grow(lg.up.Flows, n*len(a.rails))
	if len(r.s.nicAcc) < len(r.s.g.Nodes) {
		r.s.nicAcc = make([]nicAcc, len(r.s.g.Nodes))
	}
	a.byNIC = r.s.nicAcc // addSources leaves it zero again
	for k := range a.rails {
		a.railBlock(k)
	}
	return routed()
}

// denseAllToAll is one dense AllToAll being added: its ranks grouped by
// server (members, srvOf, srvIdx) and by destination rail (railOf, the
// sorted rails, railTotal and local per server and rail), the routes
// planned per rank and rail, and the transfers injected at each NVLink
// port (nvCount) and NIC (nicCount).
type denseAllToAll struct {
	r   *run
	d   dense
	lg  *legs
	res *phaseResult

	// srvIdx is each server's unit plus one, indexed by NodeID.
	srvIdx  []int32
	members [][]ir.NodeID
	srvOf   []int32

	railOf    []int32
	rails     []int32
	railTotal []int
	local     []int // by server × rail

	routes []denseRoute // by rank × rail
	// sending counts the ranks with an egress to each rail, and
	// sendingFrom those of each server (by server × rail).
	sending, sendingFrom []int32
	nvCount, nicCount    []int32
	byNIC                []nicAcc
	nicsOfRail           []ir.NodeID
}

// nicAcc is what one egress NIC's relays hand it on one rail: one PCIe
// flow and one block source per NIC (transfers through one NIC from one
// server add up). fromRate and fromBytes are the part sent from from;
// ranks that reach the NIC from elsewhere (two GPUs sharing a NIC, PCIe
// transit) get PCIe flows of their own.
type nicAcc struct {
	from                ir.NodeID
	rate, bytes, ranks  float64
	fromRate, fromBytes float64
}

// nicOf is rank m's NIC, or ir.None without a NIC map.
func (a *denseAllToAll) nicOf(m ir.NodeID) ir.NodeID {
	if a.r.nm == nil {
		return ir.None
	}
	return a.r.nm.of[m]
}

// groupByServer lists the local units (system.localUnits: servers, or
// the servers one NVLink domain spans) in order of first appearance with
// their member ranks. Pairs inside a unit travel over NVLink or PCIe,
// the others over the fabric.
func (a *denseAllToAll) groupByServer() {
	var n int32
	s := a.r.s
	a.srvOf, n = s.localUnits(a.d.ranks)
	a.members = make([][]ir.NodeID, n)
	a.srvIdx = make([]int32, len(s.g.Nodes))
	for i, m := range a.d.ranks {
		a.members[a.srvOf[i]] = append(a.members[a.srvOf[i]], m)
		a.srvIdx[s.server(m)] = a.srvOf[i] + 1
	}
}

// groupByRail gives each rank its destination rail (one block each; -1
// when PXN does not apply: hosts, or no rail-aware routing or transit),
// sorts the rails, and counts ranks per rail and per server and rail.
func (a *denseAllToAll) groupByRail() {
	g := a.r.s.g
	hosts := g.Nodes[a.d.ranks[0]].Kind != ir.KindGPU
	a.railOf = make([]int32, len(a.d.ranks))
	for i, m := range a.d.ranks {
		a.railOf[i] = -1
		if (a.r.railAware || a.r.transit != 0) && !hosts {
			if nic := a.nicOf(m); nic != ir.None {
				a.railOf[i] = a.r.s.nicIndex[nic]
			}
		}
		if !slices.Contains(a.rails, a.railOf[i]) {
			a.rails = append(a.rails, a.railOf[i])
		}
	}
	slices.Sort(a.rails)
	R := len(a.rails)
	a.railTotal = make([]int, R)
	a.local = make([]int, len(a.members)*R)
	for i := range a.d.ranks {
		k := a.railIndex(a.railOf[i])
		a.railTotal[k]++
		a.local[int(a.srvOf[i])*R+k]++
	}
}

// railIndex is rail rl's index among the sorted rails.
func (a *denseAllToAll) railIndex(rl int32) int {
	i, _ := slices.BinarySearch(a.rails, rl)
	return i
}

// planRoutes plans each rank's route to the remote ranks of each rail
// (egress NIC and PXN relay, unroutable when it has no NIC) and counts
// the transfers injected at each NVLink port and NIC.
func (a *denseAllToAll) planRoutes() {
	s, R := a.r.s, len(a.rails)
	if len(s.denseCount) < 2*len(s.g.Nodes) {
		s.denseCount = make([]int32, 2*len(s.g.Nodes))
	}
	a.nvCount, a.nicCount = s.denseCount[:len(s.g.Nodes)], s.denseCount[len(s.g.Nodes):]
	a.routes = make([]denseRoute, len(a.d.ranks)*R)
	a.sending, a.sendingFrom = make([]int32, R), make([]int32, len(a.members)*R)
	for i, m := range a.d.ranks {
		si := int(a.srvOf[i])
		ms := a.members[si]
		if len(ms) > 1 && a.r.s.sameIsland(m, ms[0]) {
			a.nvCount[m] += int32(len(ms) - 1)
		}
		for k, rl := range a.rails {
			remote := a.railTotal[k] - a.local[si*R+k]
			if remote == 0 {
				continue
			}
			rt := denseRoute{egress: a.nicOf(m), relay: ir.None, remote: remote}
			if rl >= 0 && rt.egress != ir.None {
				rt.egress, rt.relay = a.r.railEgress(m, rt.egress, rl)
			}
			if rt.egress == ir.None {
				a.res.unroutable += remote // its pairs to every remote rank of the rail
				continue
			}
			a.sending[k]++
			a.sendingFrom[si*R+k]++
			if rt.relay != ir.None {
				a.nvCount[m] += int32(remote)
			}
			a.nicCount[rt.egress] += int32(remote)
			a.routes[i*R+k] = rt
		}
	}
}

// clearCounts zeroes the counts planRoutes set, leaving the system's
// scratch (system.denseCount) zero for the next AllToAll.
func (a *denseAllToAll) clearCounts() {
	R := len(a.rails)
	for i, m := range a.d.ranks {
		a.nvCount[m] = 0
		for k := range R {
			if e := a.routes[i*R+k].egress; e != ir.None {
				a.nicCount[e] = 0
			}
		}
	}
}

// rate is what rank m offers each pair on route rt: its share of the
// egress NIC, and of its NVLink port when a relay forwards it.
func (a *denseAllToAll) rate(m ir.NodeID, rt denseRoute) float64 {
	v := a.r.nm.capBPS[rt.egress] / float64(a.nicCount[rt.egress])
	if rt.relay != ir.None {
		v = min(v, a.r.s.nvCapBPS[m]/float64(a.nvCount[m]))
	}
	return v
}

// serverPairs adds the pairs inside each server: NVLink flows within an
// NVLink island, PCIe peer-to-peer flows between islands.
func (a *denseAllToAll) serverPairs() {
	s, lg := a.r.s, a.lg
	for _, ms := range a.members {
		for _, x := range ms {
			for _, y := range ms {
				if x == y {
					continue
				}
				if !s.sameIsland(x, y) {
					// P2P over PCIe inside the server.
					if u, v := s.pcie.p.Local(x), s.pcie.p.Local(y); u >= 0 && v >= 0 {
						lg.pcie.Flows = append(lg.pcie.Flows, routing.Flow{Src: u, Dst: v,
							Rate: s.pcieCapBPS[x] / float64(len(ms)-1), Bytes: a.d.bytes})
						lg.pcieOf = append(lg.pcieOf, -1)
					} else {
						a.res.unroutable++
					}
					continue
				}
				if u, v := s.up.p.Local(x), s.up.p.Local(y); u >= 0 && v >= 0 {
					lg.up.Flows = append(lg.up.Flows, routing.Flow{Src: u, Dst: v,
						Rate: s.nvCapBPS[x] / float64(a.nvCount[x]), Bytes: a.d.bytes})
					lg.upOf = append(lg.upOf, -1)
				}
			}
		}
	}
}

// railBlock adds the fabric block of rail k (sources per egress NIC,
// sinks weighing 1 per rank behind a NIC) with the NVLink relay and PCIe
// hops on either side of it.
func (a *denseAllToAll) railBlock(k int) {
	b := routing.Block{QPs: int32(a.r.c.FlowsPerPair), ID: mixID(a.r.salt, uint64(uint32(a.rails[k]))),
		Dst: make([]routing.Sink, 0, a.railTotal[k])}
	inRate, fromServer := a.accumulateSenders(k)
	a.addSources(k, &b)
	a.addSinks(k, &b, inRate, fromServer)
	if len(b.Src) > 0 && len(b.Dst) > 0 {
		a.lg.fab.Blocks = append(a.lg.fab.Blocks, b)
	}
}

// accumulateSenders adds each rank's relay hop to rail k's egress NIC and
// accumulates, per NIC, what it sends (byNIC, in nicsOfRail order); it
// returns the rail's total offered rate and its part from each server.
func (a *denseAllToAll) accumulateSenders(k int) (inRate float64, fromServer []float64) {
	s, lg, R := a.r.s, a.lg, len(a.rails)
	fromServer = make([]float64, len(a.members))
	a.nicsOfRail = a.nicsOfRail[:0]
	for i, m := range a.d.ranks {
		rt := a.routes[i*R+k]
		if rt.remote == 0 || rt.egress == ir.None {
			continue
		}
		v := a.rate(m, rt)
		inRate += v
		fromServer[a.srvOf[i]] += v
		from := m
		if rt.relay != ir.None {
			if u, w := s.up.p.Local(m), s.up.p.Local(rt.relay); u >= 0 && w >= 0 {
				lg.up.Flows = append(lg.up.Flows, routing.Flow{Src: u, Dst: w,
					Rate: v * float64(rt.remote), Bytes: a.d.bytes * float64(rt.remote)})
				lg.upOf = append(lg.upOf, -1)
			}
			from = rt.relay
		}
		acc := &a.byNIC[rt.egress]
		if acc.ranks == 0 { // first on this rail: listed, so cleared after
			a.nicsOfRail = append(a.nicsOfRail, rt.egress)
			acc.from = from
		}
		acc.rate += v
		acc.bytes += a.d.bytes
		acc.ranks++
		if from == acc.from {
			acc.fromRate += v
			acc.fromBytes += a.d.bytes
		} else if u, w := s.pcie.p.Local(from), s.pcie.p.Local(rt.egress); u >= 0 && w >= 0 && u != w {
			rem := float64(rt.remote)
			lg.pcie.Flows = append(lg.pcie.Flows, routing.Flow{Src: u, Dst: w, Rate: v * rem, Bytes: a.d.bytes * rem})
			lg.pcieOf = append(lg.pcieOf, -1)
		}
	}
	return inRate, fromServer
}

// addSources makes each egress NIC of rail k a source of block b, with
// the PCIe hop from where its ranks' traffic reaches it; each source
// sends to every remote rank of the rail. It clears byNIC for the next
// rail.
func (a *denseAllToAll) addSources(k int, b *routing.Block) {
	s, lg, R := a.r.s, a.lg, len(a.rails)
	fp := a.r.fab.p
	for _, e := range a.nicsOfRail {
		acc := a.byNIC[e]
		sv := a.srvIdx[s.server(e)] - 1
		if u := fp.Local(e); u >= 0 {
			b.Src = append(b.Src, routing.Source{Node: u, Rate: acc.rate, Bytes: acc.bytes, Key: sv, Count: acc.ranks})
		}
		remote := float64(a.railTotal[k] - a.local[int(sv)*R+k])
		if u, w := s.pcie.p.Local(acc.from), s.pcie.p.Local(e); u >= 0 && w >= 0 && u != w {
			lg.pcie.Flows = append(lg.pcie.Flows, routing.Flow{Src: u, Dst: w, Rate: acc.fromRate * remote, Bytes: acc.fromBytes * remote})
			lg.pcieOf = append(lg.pcieOf, -1)
		}
		a.byNIC[e] = nicAcc{}
	}
}

// addSinks makes each rank of rail k a sink of block b at its NIC, with
// the PCIe hop from that NIC to it: everything sent on this rail except
// from the rank's own server.
func (a *denseAllToAll) addSinks(k int, b *routing.Block, inRate float64, fromServer []float64) {
	s, lg := a.r.s, a.lg
	fp := a.r.fab.p
	n := len(a.d.ranks)
	for i, m := range a.d.ranks {
		if a.railIndex(a.railOf[i]) != k {
			continue
		}
		nic := a.nicOf(m)
		si := a.srvOf[i]
		if nic == ir.None || fp.Local(nic) < 0 {
			// The pairs into m from the other servers' ranks that could
			// send on its rail; those that could not are counted already.
			a.res.unroutable += int(a.sending[k] - a.sendingFrom[int(si)*len(a.rails)+k])
			continue
		}
		b.Dst = append(b.Dst, routing.Sink{Node: fp.Local(nic), Weight: 1, Key: si})
		remote := float64(n - len(a.members[si]))
		if u, w := s.pcie.p.Local(nic), s.pcie.p.Local(m); u >= 0 && w >= 0 && u != w {
			lg.pcie.Flows = append(lg.pcie.Flows, routing.Flow{Src: u, Dst: w,
				Rate: inRate - fromServer[si], Bytes: a.d.bytes * remote})
			lg.pcieOf = append(lg.pcieOf, -1)
		}
	}
}
