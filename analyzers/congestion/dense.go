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
// pairs: pairs inside an NVLink domain become NVLink flows (a server holds
// a handful of GPUs), and pairs across servers become dense blocks on the
// fabric (one per destination rail under PXN, where the egress NIC is the
// one on the destination's rail) plus per-GPU and per-NIC aggregate flows
// for the NVLink relays and PCIe hops. Every pair offers the least of its
// shares of the ports it is injected at. It returns the number of pairs.
func (r *run) addDense(d dense, lg *legs, res *phaseResult) float64 {
	s := r.s
	g := s.g
	n := len(d.ranks)
	pairs := float64(n) * float64(n-1)
	hosts := g.Nodes[d.ranks[0]].Kind != ir.KindGPU
	nicOf := func(m ir.NodeID) ir.NodeID {
		if r.nm == nil {
			return ir.None
		}
		return r.nm.of[m]
	}
	// Servers, in order of first appearance, and their members.
	srvIdx := map[ir.NodeID]int32{}
	var members [][]ir.NodeID
	srvOf := make([]int32, n)
	for i, m := range d.ranks {
		sv := s.server(m)
		k, ok := srvIdx[sv]
		if !ok {
			k = int32(len(members))
			srvIdx[sv] = k
			members = append(members, nil)
		}
		members[k] = append(members[k], m)
		srvOf[i] = k
	}
	// Destination rails (one block each; -1 when PXN does not apply).
	railOf := make([]int32, n)
	var rails []int32
	for i, m := range d.ranks {
		railOf[i] = -1
		if (r.railAware || r.transit != 0) && !hosts {
			if nic := nicOf(m); nic != ir.None {
				railOf[i] = g.Nodes[nic].Rail
			}
		}
		if !slices.Contains(rails, railOf[i]) {
			rails = append(rails, railOf[i])
		}
	}
	slices.Sort(rails)
	R := len(rails)
	ri := func(rl int32) int { i, _ := slices.BinarySearch(rails, rl); return i }
	railTotal := make([]int, R)
	local := make([]int, len(members)*R)
	for i := range d.ranks {
		k := ri(railOf[i])
		railTotal[k]++
		local[int(srvOf[i])*R+k]++
	}
	// Routes per rank and rail, and the transfers injected at each port.
	nvCount := make([]int32, len(g.Nodes))
	nicCount := make([]int32, len(g.Nodes))
	routes := make([]denseRoute, n*R)
	for i, m := range d.ranks {
		si := int(srvOf[i])
		ms := members[si]
		if len(ms) > 1 && s.sameIsland(m, ms[0]) {
			nvCount[m] += int32(len(ms) - 1)
		}
		for k, rl := range rails {
			remote := railTotal[k] - local[si*R+k]
			if remote == 0 {
				continue
			}
			rt := denseRoute{egress: nicOf(m), relay: ir.None, remote: remote}
			if rl >= 0 && rt.egress != ir.None {
				rt.egress, rt.relay = r.railEgress(m, rt.egress, rl)
			}
			if rt.egress == ir.None {
				res.unroutable++
				continue
			}
			if rt.relay != ir.None {
				nvCount[m] += int32(remote)
			}
			nicCount[rt.egress] += int32(remote)
			routes[i*R+k] = rt
		}
	}
	rate := func(m ir.NodeID, rt denseRoute) float64 {
		v := r.nm.capBPS[rt.egress] / float64(nicCount[rt.egress])
		if rt.relay != ir.None {
			v = min(v, s.nvCapBPS[m]/float64(nvCount[m]))
		}
		return v
	}
	// Pairs inside a server's NVLink domain.
	for _, ms := range members {
		for _, a := range ms {
			for _, b := range ms {
				if a == b {
					continue
				}
				if !s.sameIsland(a, b) {
					// P2P over PCIe inside the server.
					if u, v := s.pcie.p.Local(a), s.pcie.p.Local(b); u >= 0 && v >= 0 {
						lg.pcie.Flows = append(lg.pcie.Flows, routing.Flow{Src: u, Dst: v,
							Rate: s.pcieCapBPS[a] / float64(len(ms)-1), Bytes: d.bytes})
						lg.pcieOf = append(lg.pcieOf, -1)
					} else {
						res.unroutable++
					}
					continue
				}
				if u, v := s.up.p.Local(a), s.up.p.Local(b); u >= 0 && v >= 0 {
					lg.up.Flows = append(lg.up.Flows, routing.Flow{Src: u, Dst: v,
						Rate: s.nvCapBPS[a] / float64(nvCount[a]), Bytes: d.bytes})
					lg.upOf = append(lg.upOf, -1)
				}
			}
		}
	}
	if r.fab == nil {
		if len(members) > 1 {
			res.unroutable++
		}
		return pairs
	}
	fp := r.fab.p
	lg.up.Flows = slices.Grow(lg.up.Flows, n*R)
	// Per egress NIC, what its relays hand it: one PCIe flow and one block
	// source per NIC (transfers through one NIC from one server add up).
	type acc struct {
		from               ir.NodeID
		rate, bytes, ranks float64
		// fromRate and fromBytes are the part sent from from; ranks that
		// reach the NIC from elsewhere (two GPUs sharing a NIC, PCIe
		// transit) get PCIe flows of their own.
		fromRate, fromBytes float64
	}
	byNIC := make([]acc, len(g.Nodes))
	var nics []ir.NodeID
	// One block per destination rail; sinks weigh 1 per rank behind a NIC.
	for k, rl := range rails {
		b := routing.Block{QPs: int32(r.c.FlowsPerPair), ID: mixID(r.salt, uint64(uint32(rl))),
			Dst: make([]routing.Sink, 0, railTotal[k])}
		var inRate float64
		fromServer := make([]float64, len(members))
		nics = nics[:0]
		for i, m := range d.ranks {
			rt := routes[i*R+k]
			if rt.remote == 0 || rt.egress == ir.None {
				continue
			}
			v := rate(m, rt)
			inRate += v
			fromServer[srvOf[i]] += v
			from := m
			if rt.relay != ir.None {
				if u, w := s.up.p.Local(m), s.up.p.Local(rt.relay); u >= 0 && w >= 0 {
					lg.up.Flows = append(lg.up.Flows, routing.Flow{Src: u, Dst: w,
						Rate: v * float64(rt.remote), Bytes: d.bytes * float64(rt.remote)})
					lg.upOf = append(lg.upOf, -1)
				}
				from = rt.relay
			}
			a := &byNIC[rt.egress]
			if a.rate == 0 && a.bytes == 0 {
				nics = append(nics, rt.egress)
				a.from = from
			}
			a.rate += v
			a.bytes += d.bytes
			a.ranks++
			if from == a.from {
				a.fromRate += v
				a.fromBytes += d.bytes
			} else if u, w := s.pcie.p.Local(from), s.pcie.p.Local(rt.egress); u >= 0 && w >= 0 && u != w {
				rem := float64(rt.remote)
				lg.pcie.Flows = append(lg.pcie.Flows, routing.Flow{Src: u, Dst: w, Rate: v * rem, Bytes: d.bytes * rem})
				lg.pcieOf = append(lg.pcieOf, -1)
			}
		}
		for _, e := range nics {
			a := byNIC[e]
			sv := srvIdx[s.server(e)]
			if u := fp.Local(e); u >= 0 {
				b.Src = append(b.Src, routing.Source{Node: u, Rate: a.rate, Bytes: a.bytes, Key: sv, Count: a.ranks})
			}
			// Each source sends to every remote rank of the rail.
			remote := float64(railTotal[k] - local[int(sv)*R+k])
			if u, w := s.pcie.p.Local(a.from), s.pcie.p.Local(e); u >= 0 && w >= 0 && u != w {
				lg.pcie.Flows = append(lg.pcie.Flows, routing.Flow{Src: u, Dst: w, Rate: a.fromRate * remote, Bytes: a.fromBytes * remote})
				lg.pcieOf = append(lg.pcieOf, -1)
			}
			byNIC[e] = acc{}
		}
		// Sinks, and the PCIe hop from each destination NIC to its GPU:
		// everything sent on this rail except from the GPU's own server.
		for i, m := range d.ranks {
			if ri(railOf[i]) != k {
				continue
			}
			nic := nicOf(m)
			if nic == ir.None || fp.Local(nic) < 0 {
				res.unroutable++
				continue
			}
			si := srvOf[i]
			b.Dst = append(b.Dst, routing.Sink{Node: fp.Local(nic), Weight: 1, Key: si})
			remote := float64(n - len(members[si]))
			if u, w := s.pcie.p.Local(nic), s.pcie.p.Local(m); u >= 0 && w >= 0 && u != w {
				lg.pcie.Flows = append(lg.pcie.Flows, routing.Flow{Src: u, Dst: w,
					Rate: inRate - fromServer[si], Bytes: d.bytes * remote})
				lg.pcieOf = append(lg.pcieOf, -1)
			}
		}
		if len(b.Src) > 0 && len(b.Dst) > 0 {
			lg.fab.Blocks = append(lg.fab.Blocks, b)
		}
	}
	return pairs
}
