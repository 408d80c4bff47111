package bisection

import (
	"math"

	"github.com/topoc/topoc/compiler/ir"
)

// localGraph is one server's internal links in its local numbering
// (computeClass): CSR arcs to[start[v]:start[v+1]] over links[via[a]].
type localGraph struct {
	start, to, via []int32
	links          []ir.LinkID
	members        []ir.NodeID
	g              *ir.Graph
}

// nvlink reports whether local link li joins GPUs and NVSwitches.
func (lg *localGraph) nvlink(li int32) bool {
	return lg.g.ScaleUpLink(lg.g.Link(lg.links[li]))
}

// push sends amount from local vertex src to dst along the shortest
// paths that use only links passing ok and pass only through vertices
// passing via (the ends excepted), split in proportion to
// capacity-weighted path counts as computeClass splits, adding the flow
// to load. It reports false when no such path exists.
func (lg *localGraph) push(src, dst int32, ok func(li int32) bool, via func(v int32) bool, amount float64, load []float64) bool {
	if src == dst {
		return true
	}
	n := len(lg.members)
	dist := make([]int32, n)
	sigma := make([]float64, n)
	delta := make([]float64, n)
	for i := range dist {
		dist[i] = -1
	}
	order := []int32{src}
	dist[src], sigma[src] = 0, 1
	for q := 0; q < len(order); q++ {
		v := order[q]
		if v == dst {
			break
		}
		if v != src && !via(v) {
			continue
		}
		for a := lg.start[v]; a < lg.start[v+1]; a++ {
			if !ok(lg.via[a]) {
				continue
			}
			w := lg.to[a]
			c := lg.g.Link(lg.links[lg.via[a]]).CapacityBPS
			if dist[w] < 0 {
				dist[w] = dist[v] + 1
				order = append(order, w)
			}
			if dist[w] == dist[v]+1 {
				sigma[w] += sigma[v] * c / 1e12
			}
		}
	}
	if dist[dst] < 0 || sigma[dst] == 0 {
		return false
	}
	delta[dst] = 1
	for q := len(order) - 1; q > 0; q-- {
		w := order[q]
		if delta[w] == 0 || dist[w] <= 0 {
			continue
		}
		for a := lg.start[w]; a < lg.start[w+1]; a++ {
			v := lg.to[a]
			if !ok(lg.via[a]) || dist[v] != dist[w]-1 || (v != src && !via(v)) {
				continue
			}
			c := lg.g.Link(lg.links[lg.via[a]]).CapacityBPS
			f := delta[w] * sigma[v] * c / 1e12 / sigma[w]
			load[lg.via[a]] += f * amount
			delta[v] += f
		}
	}
	return true
}

// transitClass routes server s's GPUs to its NICs on a fabric with server
// transit (ir.Fabric.Transit): each GPU spreads its share over every
// endpoint NIC of the server it can reach, in proportion to the NICs'
// fabric capacity. Under TransitNVLink a GPU reaches a NIC through the
// NIC's relay (ir.Internals.Relays: the GPU NCCL pairs with it, as PXN
// relays): over NVLink to the relay, then over the PCIe tree from the
// relay to the NIC; its own NIC it reaches directly. Under TransitPCIe it reaches a NIC over the PCIe tree
// and the CPUs directly. This is the oblivious routing the hose bound
// assumes for such a fabric (any routing gives a sound bound); every GPU
// of an NVLink-connected server then reaches the top switches of every
// plane alike, which is what lets the bound apply to rail-only and
// multi-plane fabrics.
func (m *model) transitClass(s int32, cls *serverClass, lg *localGraph, epPos []int32, share float64, load []float64) *serverClass {
	g := m.g
	t := m.fab.Transit
	gpus := m.srvGPUs[s]
	eps := m.srvEPs[s]
	loc := make(map[ir.NodeID]int32, len(lg.members))
	for i, n := range lg.members {
		loc[n] = int32(i)
	}
	kind := func(v int32) ir.Kind { return g.Nodes[lg.members[v]].Kind }
	peer := g.PeerRelay()
	nvVia := func(v int32) bool { return kind(v) == ir.KindNVSwitch || peer(&g.Nodes[lg.members[v]]) }
	pcieVia := func(v int32) bool { k := kind(v); return k == ir.KindPCIeSwitch || k == ir.KindCPU }
	notNV := func(li int32) bool { return !lg.nvlink(li) }
	relay := make([]int32, len(eps))
	for i, r := range g.InternalsOf([]ir.NodeID{m.servers[s]}).Relays(gpus, eps) {
		relay[i] = -1
		if r != ir.None {
			relay[i] = loc[r]
		}
	}
	for gi, gpu := range gpus {
		src := loc[gpu]
		// Each reachable NIC with its capacity; the flow is pushed once the
		// fractions are known.
		type target struct {
			ep    int32
			relay int32 // -1: over PCIe from the GPU itself
		}
		var reach []target
		capSum := 0.0
		for i, e := range eps {
			c := m.epCap.Get(e)
			if c <= 0 {
				continue
			}
			dst := loc[e]
			switch {
			case relay[i] == src || t.Has(ir.TransitNVLink) && relay[i] >= 0 &&
				lg.push(src, relay[i], lg.nvlink, nvVia, 0, load): // amount 0: a reachability test
				reach = append(reach, target{ep: int32(i), relay: relay[i]})
			case t.Has(ir.TransitPCIe) && lg.push(src, dst, notNV, pcieVia, 0, load):
				reach = append(reach, target{ep: int32(i), relay: -1})
			default:
				continue
			}
			capSum += c
		}
		if len(reach) == 0 {
			cls.ok = false
			continue
		}
		for _, tg := range reach {
			e := eps[tg.ep]
			f := m.epCap.Get(e) / capSum
			cls.attach[gi] = append(cls.attach[gi], attach{ep: epPos[loc[e]], frac: f})
			from := src
			if tg.relay >= 0 {
				lg.push(src, tg.relay, lg.nvlink, nvVia, f*share, load)
				from = tg.relay
			}
			lg.push(from, loc[e], notNV, pcieVia, f*share, load)
		}
	}
	for li, id := range lg.links {
		if load[li] > 0 {
			cls.theta = math.Min(cls.theta, g.Link(id).CapacityBPS/load[li])
		}
	}
	return cls
}
