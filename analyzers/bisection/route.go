package bisection

import (
	"bytes"
	"encoding/binary"
	"hash/fnv"
	"math"
	"slices"

	"github.com/topoc/topoc/compiler/ir"
)

// serverClass is the internal routing shared by structurally identical
// servers (same components, internal links, capacities and endpoint
// NICs, as servers of one node model are): how each GPU's share of the
// server's NIC injection reaches the NICs, and the congestion that routing
// puts on the internal links.
type serverClass struct {
	sig []byte
	// attach[i] lists, for the i-th GPU of the server (model.srvGPUs
	// order), the endpoint NICs (model.srvEPs positions) its traffic uses
	// and the fraction on each.
	attach [][]attach
	// theta is the least capacity ÷ load over the internal links when
	// every GPU injects its share: the hose routing's internal headroom.
	theta float64
	// ok is false when some GPU reaches no endpoint NIC.
	ok bool
}

type attach struct {
	ep   int32
	frac float64
}

// route computes, once per server class, the routing of each GPU's share
// of its server's NIC injection to the NICs: to the nearest endpoint NICs
// by hop count inside the server (GPU i → PCIe switch → NIC i in a DGX),
// split among them in proportion to their fabric capacity and along
// shortest paths in proportion to capacity-weighted path counts. The
// routing is a modelling choice for the hose lower bound (hose.go); any
// routing gives a sound bound, this one matches how NCCL pairs GPUs with
// their closest NIC (nodes.md §2.1).
func (m *model) route() {
	if m.routed {
		return
	}
	m.routed = true
	m.srvCls = make([]int32, len(m.servers))
	byHash := map[uint64][]int32{}
	loc := make([]int32, len(m.g.Nodes))
	for i := range loc {
		loc[i] = -1
	}
	var sig []byte
	for s := range m.servers {
		if s > 0 && m.stampedAlike(int32(s-1), int32(s)) {
			m.srvCls[s] = m.srvCls[s-1]
			continue
		}
		members := m.members(int32(s), loc)
		sig = m.signature(sig[:0], int32(s), members, loc)
		found := int32(-1)
		// Servers of one node group come in a row: compare with the
		// previous server's class before hashing.
		if s > 0 && bytes.Equal(m.classes[m.srvCls[s-1]].sig, sig) {
			found = m.srvCls[s-1]
		}
		var key uint64
		if found < 0 {
			h := fnv.New64a()
			h.Write(sig)
			key = h.Sum64()
			for _, c := range byHash[key] {
				if bytes.Equal(m.classes[c].sig, sig) {
					found = c
					break
				}
			}
		}
		if found < 0 {
			found = int32(len(m.classes))
			cls := m.computeClass(int32(s), members, loc)
			cls.sig = slices.Clone(sig)
			m.classes = append(m.classes, cls)
			byHash[key] = append(byHash[key], found)
		}
		m.srvCls[s] = found
		for _, n := range members {
			loc[n] = -1
		}
	}
}

// stampedAlike reports whether servers a and b have one signature by
// construction, without reading b's links: both stamped from one
// template (ir.StampOf) with their stamped links as their only internal
// links, their nodes of the same kinds place by place, and the same
// GPUs and endpoint NICs at the same places with the same fabric
// capacity. Everything signature writes is then equal. At 131,072 GPUs
// the signatures read 967,000 links for two classes (issue 16).
func (m *model) stampedAlike(a, b int32) bool {
	g := m.g
	ha, hb := m.servers[a], m.servers[b]
	sa, okA := g.StampOf(ha)
	sb, okB := g.StampOf(hb)
	if !okA || !okB || sa.Template != sb.Template || !stampedRange(m.serverLinks(a), sa) || !stampedRange(m.serverLinks(b), sb) {
		return false
	}
	d := hb - ha
	for i := range ir.NodeID(sa.Nodes) {
		if g.Nodes[ha+i].Kind != g.Nodes[hb+i].Kind {
			return false
		}
	}
	return shifted(m.srvGPUs[a], m.srvGPUs[b], d, nil) && shifted(m.srvEPs[a], m.srvEPs[b], d, &m.epCap)
}

// stampedRange reports whether links are exactly st's stamped links, in
// id order.
func stampedRange(links []ir.LinkID, st ir.Stamp) bool {
	if len(links) != int(st.Links) {
		return false
	}
	for k, id := range links {
		if id != st.First+ir.LinkID(k) {
			return false
		}
	}
	return true
}

// shifted reports whether y is x with d added to every node, and, with
// capacity, each node of y of x's node's capacity.
func shifted(x, y []ir.NodeID, d ir.NodeID, capacity *ir.NodeMap[float64]) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if y[i] != x[i]+d || capacity != nil && capacity.Get(y[i]) != capacity.Get(x[i]) {
			return false
		}
	}
	return true
}

// members returns the nodes of server s that the routing sees (link
// ends, GPUs, endpoint NICs) in order of first appearance in its links,
// then its GPUs and NICs: servers built alike list them alike. loc must
// be -1 for every node on entry; members sets it to the local index.
func (m *model) members(s int32, loc []int32) []ir.NodeID {
	var out []ir.NodeID
	see := func(n ir.NodeID) {
		if loc[n] < 0 {
			loc[n] = int32(len(out))
			out = append(out, n)
		}
	}
	for _, id := range m.serverLinks(s) {
		l := m.g.Link(id)
		see(l.A.Node)
		see(l.B.Node)
	}
	for _, n := range m.srvGPUs[s] {
		see(n)
	}
	for _, n := range m.srvEPs[s] {
		see(n)
	}
	return out
}

// signature appends server s's structure in its local numbering to b.
func (m *model) signature(b []byte, s int32, members []ir.NodeID, loc []int32) []byte {
	put := func(v uint64) { b = binary.LittleEndian.AppendUint64(b, v) }
	put(uint64(len(members)))
	for _, n := range members {
		put(uint64(m.g.Nodes[n].Kind))
	}
	links := m.serverLinks(s)
	put(uint64(len(links)))
	for _, id := range links {
		l := m.g.Link(id)
		put(uint64(loc[l.A.Node])<<32 | uint64(uint32(loc[l.B.Node])))
		put(math.Float64bits(l.CapacityBPS))
	}
	put(uint64(len(m.srvGPUs[s])))
	for _, n := range m.srvGPUs[s] {
		put(uint64(loc[n]))
	}
	put(uint64(len(m.srvEPs[s])))
	for _, n := range m.srvEPs[s] {
		put(uint64(loc[n]))
		put(math.Float64bits(m.epCap.Get(n)))
	}
	return b
}

// computeClass routes server s's GPUs to its NICs (see route).
func (m *model) computeClass(s int32, members []ir.NodeID, loc []int32) *serverClass {
	g := m.g
	nloc := len(members)
	links := m.serverLinks(s)
	// Local CSR adjacency over the internal links.
	start := make([]int32, nloc+1)
	for _, id := range links {
		l := g.Link(id)
		start[loc[l.A.Node]+1]++
		start[loc[l.B.Node]+1]++
	}
	for i := 1; i <= nloc; i++ {
		start[i] += start[i-1]
	}
	to := make([]int32, start[nloc])
	via := make([]int32, start[nloc])
	fill := slices.Clone(start[:nloc])
	for li, id := range links {
		l := g.Link(id)
		a, b := loc[l.A.Node], loc[l.B.Node]
		to[fill[a]], via[fill[a]] = b, int32(li)
		fill[a]++
		to[fill[b]], via[fill[b]] = a, int32(li)
		fill[b]++
	}
	epPos := make([]int32, nloc)
	for i := range epPos {
		epPos[i] = -1
	}
	total := 0.0
	for i, e := range m.srvEPs[s] {
		epPos[loc[e]] = int32(i)
		total += m.epCap.Get(e)
	}
	gpus := m.srvGPUs[s]
	cls := &serverClass{attach: make([][]attach, len(gpus)), theta: math.Inf(1), ok: true}
	if total == 0 || len(gpus) == 0 {
		return cls
	}
	share := total / float64(len(gpus))
	load := make([]float64, len(links))
	if m.transitRoute {
		lg := &localGraph{start: start, to: to, via: via, links: links, members: members, g: g}
		return m.transitClass(s, cls, lg, epPos, share, load)
	}
	dist := make([]int32, nloc)
	sigma := make([]float64, nloc)
	delta := make([]float64, nloc)
	order := make([]int32, 0, nloc)
	for gi, gpu := range gpus {
		src := loc[gpu]
		for i := range dist {
			dist[i], sigma[i], delta[i] = -1, 0, 0
		}
		// BFS with capacity-weighted path counts.
		order = append(order[:0], src)
		dist[src], sigma[src] = 0, 1
		best := int32(-1)
		for q := 0; q < len(order); q++ {
			v := order[q]
			if best >= 0 && dist[v] > best {
				break
			}
			if epPos[v] >= 0 && m.epCap.Get(members[v]) > 0 && best < 0 {
				best = dist[v]
			}
			for a := start[v]; a < start[v+1]; a++ {
				w := to[a]
				c := g.Link(links[via[a]]).CapacityBPS
				if dist[w] < 0 {
					dist[w] = dist[v] + 1
					order = append(order, w)
				}
				if dist[w] == dist[v]+1 {
					sigma[w] += sigma[v] * c / 1e12 // scaled: no overflow
				}
			}
		}
		if best < 0 {
			cls.ok = false
			continue
		}
		// Seed the nearest NICs in proportion to capacity, then push the
		// flow back to the GPU along the shortest-path DAG.
		near := 0.0
		for _, v := range order {
			if dist[v] == best && epPos[v] >= 0 {
				near += m.epCap.Get(members[v])
			}
		}
		for _, v := range order {
			if dist[v] == best && epPos[v] >= 0 && m.epCap.Get(members[v]) > 0 {
				f := m.epCap.Get(members[v]) / near
				delta[v] = f
				cls.attach[gi] = append(cls.attach[gi], attach{ep: epPos[v], frac: f})
			}
		}
		for q := len(order) - 1; q > 0; q-- {
			w := order[q]
			if delta[w] == 0 || dist[w] <= 0 {
				continue
			}
			for a := start[w]; a < start[w+1]; a++ {
				v := to[a]
				if dist[v] != dist[w]-1 || sigma[w] == 0 {
					continue
				}
				c := g.Link(links[via[a]]).CapacityBPS
				f := delta[w] * sigma[v] * c / 1e12 / sigma[w]
				load[via[a]] += f * share
				delta[v] += f
			}
		}
	}
	for li, id := range links {
		if load[li] > 0 {
			cls.theta = math.Min(cls.theta, g.Link(id).CapacityBPS/load[li])
		}
	}
	return cls
}

// gpuAttach returns the endpoint NICs terminal t's share uses, with
// fractions of the share (gpu view, after route).
func (m *model) gpuAttach(t int) []attach {
	tm := &m.terms[t]
	if tm.srv < 0 || tm.contracted || tm.share == 0 {
		return nil
	}
	gpus := m.srvGPUs[tm.srv]
	i, _ := slices.BinarySearch(gpus, tm.node)
	return m.classes[m.srvCls[tm.srv]].attach[i]
}
