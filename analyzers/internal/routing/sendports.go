package routing

// A sender with several ports (a dual-port NIC: Alibaba HPN's 2 × 200G
// NIC with one port on each ToR, or in each plane) chooses the port of
// each queue pair itself; the fabric's ECMP hash only chooses among the
// switches' next hops. The walks model it as NCCL's merged device does
// (NCCL_IB_MERGE_NICS, src/transport/net_ib.cc: a virtual device over
// the NIC's ports with queue pairs on each, every message split across
// them): a flow from such a sender has at least one queue pair per port
// (its count rounded up to a multiple of the ports), and queue pair i
// leaves by the sender's (i mod m)-th next hop. A modelling assumption:
// a bonded Ethernet host that hashes flows onto its ports is not
// modelled this way.

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
