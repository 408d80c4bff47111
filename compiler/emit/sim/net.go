// Package sim writes the design for network simulators: SimAI's topology
// file, ASTRA-sim's ns-3 topology with its logical-dims file, and
// ASTRA-sim's analytical network YAML. Each simulator sees a network of
// NPUs (GPUs, or implicit hosts) and switches, so the package first
// flattens one scale-out fabric and the NVLink switches its servers hold
// into that network (Net), then writes it in each format.
// Formats: docs/reference/handoffs.md "Simulator interop".
package sim

import (
	"fmt"
	"slices"

	"github.com/topoc/topoc/compiler/ir"
)

// Net is one scale-out fabric as a packet simulator sees it. IDs are
// positions: NPUs are 0..len(NPUs)−1, then the NVLink switches, then the
// other switches (NICs modelled as switches first, then the fabric's
// switches tier by tier).
type Net struct {
	// NPUs are the GPUs of the fabric's compute servers, server by server
	// in endpoint order and GPU by GPU in node order, or the fabric's
	// implicit hosts when it has no servers.
	NPUs []ir.NodeID
	// NVSwitches are the servers' NVSwitch chips and the switches of
	// nvlink_domain fabrics over these GPUs.
	NVSwitches []ir.NodeID
	// Switches are the other switches: NICs shared by several GPUs
	// (see Build), then the fabric's switches.
	Switches []ir.NodeID
	// Links are the cables, parallel links between the same two devices
	// merged into one (SimAI and HPCC's ns-3 keep only one link per pair;
	// handoffs.md), in order of their lower end, then upper end.
	Links []Link
	// GPUsPerServer is the NPUs of each server when every server has the
	// same number, 1 for implicit hosts, 0 when servers differ.
	GPUsPerServer int
	// Servers is the number of servers (implicit hosts count one each).
	Servers int
	// Notes say what the network leaves out and why, for the README.
	Notes []string
}

// LinkClass says what a Link is: NVLink inside a server or NVLink domain,
// the PCIe path from a GPU to a NIC shared with other GPUs, or a cable of
// the scale-out fabric.
type LinkClass int

// The link classes.
const (
	ClassNVLink LinkClass = iota
	ClassPCIe
	ClassNetwork
)

// Link is one merged link of a Net.
type Link struct {
	// A < B are Net IDs.
	A, B int
	// BPS is the sum of the merged links' capacity, bits per second per
	// direction.
	BPS float64
	// LengthM is the longest merged cable's planned length, metres (0
	// where no cable is planned: links inside a server).
	LengthM float64
	Class   LinkClass
}

// Build flattens fabric f of g. A GPU reaches the fabric through the NIC
// NCCL pairs it with (ir.Internals.Affinities): a NIC that exactly one
// GPU uses, over a path at least as wide as the NIC's fabric links, is
// folded into that GPU, so the GPU's network links are the NIC's; any
// other NIC (several GPUs, or a path narrower than its ports, such as a
// dual-port 2 × 400G NIC on PCIe Gen5 x16) becomes a switch of its own,
// with a link from each of its GPUs at the bottleneck of the GPU's path
// to it (PCIe, or C2C on a Grace superchip); a NIC no GPU uses, and devices that are
// not compute nodes (appliances, storage NICs), are left out with a note.
// ok is false for a fabric without compute endpoints.
func Build(g *ir.Graph, f ir.FabricID) (*Net, bool) {
	n := &Net{}
	id := map[ir.NodeID]int{}
	var servers []ir.NodeID
	seen := map[ir.NodeID]bool{}
	var hosts []ir.NodeID
	skipped := 0
	for _, ep := range g.Fabrics[f].Endpoints {
		c, ok := g.ComputeNode(ep.Node)
		switch {
		case !ok:
			skipped++
		case seen[c]:
		case c == ep.Node:
			seen[c] = true
			hosts = append(hosts, c)
		default:
			seen[c] = true
			servers = append(servers, c)
		}
	}
	if len(servers) == 0 && len(hosts) == 0 {
		return nil, false
	}
	if skipped > 0 {
		n.Notes = append(n.Notes, fmt.Sprintf("%d endpoint ports of devices that are not compute nodes (appliances, storage or management NICs) are left out", skipped))
	}
	gpusOf := make([][]ir.NodeID, len(servers))
	per := -1
	for i, s := range servers {
		for _, c := range g.Children(s) {
			if g.Nodes[c].Kind == ir.KindGPU {
				gpusOf[i] = append(gpusOf[i], c)
			}
		}
		switch k := len(gpusOf[i]); {
		case per < 0:
			per = k
		case per != k:
			per = 0
		}
		for _, gpu := range gpusOf[i] {
			id[gpu] = len(n.NPUs)
			n.NPUs = append(n.NPUs, gpu)
		}
	}
	for _, h := range hosts {
		id[h] = len(n.NPUs)
		n.NPUs = append(n.NPUs, h)
	}
	n.Servers = len(servers) + len(hosts)
	switch {
	case len(servers) == 0:
		n.GPUsPerServer = 1
	case len(hosts) == 0 && per > 0:
		n.GPUsPerServer = per
	}
	if noGPU := countEmpty(gpusOf); noGPU > 0 {
		n.Notes = append(n.Notes, fmt.Sprintf("%d servers without GPUs are left out", noGPU))
	}
	merged := map[[2]int]*Link{}
	add := func(a, b int, bps, length float64, class LinkClass) {
		if a == b {
			return
		}
		k := [2]int{min(a, b), max(a, b)}
		if l, ok := merged[k]; ok {
			l.BPS += bps
			l.LengthM = max(l.LengthM, length)
			return
		}
		merged[k] = &Link{A: k[0], B: k[1], BPS: bps, LengthM: length, Class: class}
	}
	// NVLink: the servers' NVSwitch chips, then the switches of
	// nvlink_domain fabrics that reach these GPUs.
	// IDs are given as devices are met: every NPU is known before the
	// first NVSwitch, every NVSwitch before the first NIC switch.
	nvIdx := func(s ir.NodeID) int {
		if i, ok := id[s]; ok {
			return i
		}
		id[s] = len(n.NPUs) + len(n.NVSwitches)
		n.NVSwitches = append(n.NVSwitches, s)
		return id[s]
	}
	for i, s := range servers {
		if len(gpusOf[i]) == 0 {
			continue
		}
		for _, lid := range g.InternalLinks(s) {
			l := g.Link(lid)
			a, b := l.A.Node, l.B.Node
			if g.Nodes[a].Kind == ir.KindNVSwitch {
				a, b = b, a
			}
			if _, gpu := id[a]; gpu && g.Nodes[a].Kind == ir.KindGPU && g.Nodes[b].Kind == ir.KindNVSwitch {
				add(id[a], nvIdx(b), l.CapacityBPS, 0, ClassNVLink)
			}
		}
	}
	for fi := range g.Fabrics {
		d := ir.FabricID(fi)
		if g.Fabrics[d].Family != ir.FamilyNVLinkDomain {
			continue
		}
		for _, lid := range g.FabricLinks(d) {
			l := g.Link(lid)
			a, b := l.A.Node, l.B.Node
			if g.Nodes[a].Kind.IsSwitch() {
				a, b = b, a
			}
			if ga, ok := id[a]; ok && g.Nodes[a].Kind == ir.KindGPU && g.Nodes[b].Kind.IsSwitch() {
				add(ga, nvIdx(b), l.CapacityBPS, g.CableLengthM(lid), ClassNVLink)
			}
		}
	}
	// The fabric's side of each GPU: its NIC, folded or a switch.
	onFabric := map[ir.NodeID]bool{}
	for _, ep := range g.Fabrics[f].Endpoints {
		onFabric[ep.Node] = true
	}
	fabricCap := map[ir.NodeID]float64{} // a NIC's capacity on the fabric
	for _, lid := range g.FabricLinks(f) {
		l := g.Link(lid)
		fabricCap[l.A.Node] += l.CapacityBPS
		fabricCap[l.B.Node] += l.CapacityBPS
	}
	var nicSwitches []ir.NodeID
	nicEnd := map[ir.NodeID]int{} // NIC → the Net ID its fabric links attach to
	unused := 0
	for i, s := range servers {
		var nics []ir.NodeID
		for _, c := range g.Children(s) {
			if g.Nodes[c].Kind == ir.KindNIC && onFabric[c] {
				nics = append(nics, c)
			}
		}
		users := map[ir.NodeID][]ir.Affinity{}
		if len(gpusOf[i]) > 0 {
			for _, a := range g.InternalsOf([]ir.NodeID{s}).Affinities(gpusOf[i], nics) {
				if a.NIC != ir.None {
					users[a.NIC] = append(users[a.NIC], a)
				}
			}
		}
		for _, nic := range nics {
			switch u := users[nic]; {
			case len(u) == 0:
				unused++
			case len(u) == 1 && u[0].Path.BottleneckBPS >= fabricCap[nic]:
				nicEnd[nic] = id[u[0].GPU]
			default:
				nicEnd[nic] = len(n.NPUs) + len(n.NVSwitches) + len(nicSwitches)
				nicSwitches = append(nicSwitches, nic)
				for _, a := range u {
					add(id[a.GPU], nicEnd[nic], a.Path.BottleneckBPS, 0, ClassPCIe)
				}
			}
		}
	}
	if unused > 0 {
		n.Notes = append(n.Notes, fmt.Sprintf("%d NICs on the fabric that no GPU uses (NCCL's affinity) are left out with their links", unused))
	}
	base := len(n.NPUs) + len(n.NVSwitches)
	n.Switches = append(n.Switches, nicSwitches...)
	fabSw := fabricSwitches(g, f)
	for i, s := range fabSw {
		id[s] = base + len(nicSwitches) + i
	}
	n.Switches = append(n.Switches, fabSw...)
	dropped := 0
	end := func(x ir.NodeID) (int, bool) {
		if e, ok := nicEnd[x]; ok {
			return e, true
		}
		if g.Nodes[x].Kind == ir.KindNIC {
			return 0, false // a NIC left out above
		}
		e, ok := id[x]
		return e, ok
	}
	for _, lid := range g.FabricLinks(f) {
		l := g.Link(lid)
		a, okA := end(l.A.Node)
		b, okB := end(l.B.Node)
		if !okA || !okB {
			dropped++
			continue
		}
		add(a, b, l.CapacityBPS, g.CableLengthM(lid), ClassNetwork)
	}
	if dropped > 0 {
		n.Notes = append(n.Notes, fmt.Sprintf("%d fabric links to devices left out are left out", dropped))
	}
	for _, l := range merged {
		n.Links = append(n.Links, *l)
	}
	if reach := n.reachFromFirst(); reach < len(n.NPUs)-1 {
		n.Notes = append(n.Notes, fmt.Sprintf("GPU 0 has a route to only %d of the other %d GPUs: the simulators forward only at switches, and this fabric's rails or planes meet only inside servers (traffic between them goes over NVLink through a GPU, which they do not model)", reach, len(n.NPUs)-1))
	}
	slices.SortFunc(n.Links, func(x, y Link) int {
		if x.A != y.A {
			return x.A - y.A
		}
		return x.B - y.B
	})
	return n, true
}

// reachFromFirst counts the NPUs that NPU 0 reaches through switches
// alone (never forwarding at an NPU, as ns-3's and SimAI's routing do).
func (n *Net) reachFromFirst() int {
	if len(n.NPUs) < 2 {
		return 0
	}
	adj := make([][]int, len(n.NPUs)+len(n.NVSwitches)+len(n.Switches))
	for _, l := range n.Links {
		adj[l.A] = append(adj[l.A], l.B)
		adj[l.B] = append(adj[l.B], l.A)
	}
	seen := make([]bool, len(adj))
	seen[0] = true
	queue := []int{0}
	reached := 0
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, y := range adj[x] {
			if seen[y] {
				continue
			}
			seen[y] = true
			if y < len(n.NPUs) {
				reached++ // an NPU is reached but not passed through
				continue
			}
			queue = append(queue, y)
		}
	}
	return reached
}

// fabricSwitches returns fabric f's switches, tier by tier bottom-up
// (ir.Fabric.Tiers), node order within a tier, switches of no tier last.
func fabricSwitches(g *ir.Graph, f ir.FabricID) []ir.NodeID {
	tier := map[string]int{}
	for i, t := range g.Fabrics[f].Tiers {
		tier[t] = i
	}
	var out []ir.NodeID
	for _, x := range g.FabricNodes(f) {
		if g.Nodes[x].Kind.IsSwitch() {
			out = append(out, x)
		}
	}
	rank := func(x ir.NodeID) int {
		if r, ok := tier[g.Nodes[x].TierName()]; ok {
			return r
		}
		return len(tier)
	}
	slices.SortStableFunc(out, func(x, y ir.NodeID) int {
		if rx, ry := rank(x), rank(y); rx != ry {
			return rx - ry
		}
		return int(x) - int(y)
	})
	return out
}

func countEmpty(xs [][]ir.NodeID) int {
	c := 0
	for _, x := range xs {
		if len(x) == 0 {
			c++
		}
	}
	return c
}
