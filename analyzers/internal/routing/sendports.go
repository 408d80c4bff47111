package routing

// A sender with several ports (a dual-port NIC: Alibaba HPN's 2 × 200G
// NIC with one port on each ToR, or in each plane) chooses the port of
// each queue pair itself, and so does the receiver: each port has its
// own address, and a queue pair joins one port of each end. The fabric's
// ECMP hash only chooses among the switches' next hops in between. The
// walks model it as NCCL's merged device does (NCCL_IB_MERGE_NICS,
// src/transport/net_ib.cc: a virtual device over the NIC's ports with
// queue pairs on each, every message split across them): a flow between
// multi-port ends has at least one queue pair per port of either end
// (its count rounded up to a multiple of the larger port count), queue
// pair i leaves by the sender's (i mod m)-th next hop, and it arrives by
// the receiver's port i mod m′ wherever the path can still reach it
// (a next hop that is that port's switch, or that port's link, is taken
// over the others). A modelling assumption: a bonded Ethernet host that
// hashes flows onto its ports is not modelled this way.

// SendPorts returns how many ports plane node u sends on: the summed
// multiplicity of its arcs when it does not forward (a NIC, a host), 1
// for a switch.
func (p *Plane) SendPorts(u int32) int32 {
	if p.transit[u] {
		return 1
	}
	n := int32(0)
	for _, a := range p.Arcs(u) {
		n += max(a.Mult, 1)
	}
	return max(n, 1)
}

// spreadQPs returns the queue pairs a flow of q queue pairs (at least 1)
// uses from a sender of ports ports: q rounded up to a multiple of ports.
func spreadQPs(q, ports int32) int32 {
	q = max(q, 1)
	if ports <= 1 {
		return q
	}
	return (q + ports - 1) / ports * ports
}

// sourcePick returns the next hop queue pair qp takes from a sender that
// does not forward: round robin over its m next hops.
func sourcePick(qp int32, m int) int { return int(qp) % m }

// flowPorts is the port count a flow from s to d spreads its queue pairs
// over: the larger of the two ends' (SendPorts).
func (p *Plane) flowPorts(s, d int32) int32 { return max(p.SendPorts(s), p.SendPorts(d)) }

// destPort returns the switch and the load slot (switch → d) of the port
// queue pair qp arrives by at d, ok false when d forwards or has one port.
func (p *Plane) destPort(d, qp int32) (sw, slot int32, ok bool) {
	if p.transit[d] {
		return 0, 0, false
	}
	n := p.SendPorts(d)
	if n <= 1 {
		return 0, 0, false
	}
	k := qp % n
	for _, a := range p.Arcs(d) {
		if k < max(a.Mult, 1) {
			return a.To, a.Slot ^ 1, true
		}
		k -= max(a.Mult, 1)
	}
	return 0, 0, false
}

// keepPort narrows the next hops arcs of a queue pair bound for the port
// (sw, slot) of its destination (destPort): to that port's link if it is
// among them, else to the arcs into sw, else all of them. *buf is
// scratch that the result may alias; arcs is never written.
func keepPort(arcs []Arc, sw, slot int32, buf *[]Arc) []Arc {
	for i, a := range arcs {
		if a.Slot == slot {
			return arcs[i : i+1]
		}
	}
	b := (*buf)[:0]
	for _, a := range arcs {
		if a.To == sw {
			b = append(b, a)
		}
	}
	*buf = b
	if len(b) > 0 {
		return b
	}
	return arcs
}
