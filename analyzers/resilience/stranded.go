package resilience

import "github.com/topoc/topoc/compiler/ir"

// inside is what a failure inside servers leaves of their GPUs' way to a
// fabric: a server's GPU reaches the fabric only over the server's own
// links (PCIe, NVLink, C2C, the CPUs' link) to one of its NICs on it, so
// a failed PCIe switch can strand a GPU whose NIC still has its fabric
// link, and leave a NIC no GPU can use. An audit found such a GPU read
// "0 ranks disconnected" and its job not restarted.
type inside struct {
	// hit marks the servers whose components or internal links failed.
	hit map[ir.NodeID]bool
	// stranded marks the live GPUs that reach no NIC of a fabric with a
	// surviving link there, per fabric.
	stranded []map[ir.NodeID]bool
}

// insideLoss finds the servers a failure reaches inside (a failed
// component, or a failed link between two of a server's components).
// nil when there are none.
func (b *baseline) insideLoss(f ir.Failure, dead []bool) *inside {
	g := b.g
	var in *inside
	mark := func(p ir.NodeID) {
		if p == ir.None {
			return
		}
		if in == nil {
			in = &inside{hit: map[ir.NodeID]bool{}, stranded: make([]map[ir.NodeID]bool, len(g.Fabrics))}
		}
		in.hit[p] = true
	}
	for n, d := range dead {
		if p := g.Nodes[n].Parent; d && p != ir.None && !dead[p] {
			mark(p)
		}
	}
	for _, id := range f.Links {
		l := g.Link(id)
		if pa, pb := g.Nodes[l.A.Node].Parent, g.Nodes[l.B.Node].Parent; l.Fabric == ir.None && pa == pb {
			mark(pa)
		}
	}
	return in
}

// serverReach returns, for server o hit inside, the fabric capacity of
// its NICs on fabric fid that no live GPU of o reaches over o's surviving
// internal links (bits per second per direction), and records in
// in.stranded[fid] its live GPUs that reach no NIC with a surviving link
// on the fabric, counting them in stranded. Both are 0 for a server
// without GPUs.
func (b *baseline) serverReach(in *inside, o ir.NodeID, fid int, dead []bool) (unreached float64, stranded int) {
	g := b.g
	kids := g.Children(o)
	comp := map[ir.NodeID]int{} // component of each reached node, by search from each GPU
	var stack []ir.NodeID
	next := 0
	for _, c := range kids {
		if g.Nodes[c].Kind != ir.KindGPU || dead[c] {
			continue
		}
		if _, seen := comp[c]; seen {
			continue
		}
		comp[c] = next
		stack = append(stack[:0], c)
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, id := range b.adj.Of(u) {
				l := g.Link(id)
				v := l.Other(u)
				if l.Fabric != ir.None || b.cut[id] || dead[v] || g.Nodes[v].Parent != o {
					continue
				}
				if _, seen := comp[v]; !seen {
					comp[v] = next
					stack = append(stack, v)
				}
			}
		}
		next++
	}
	if next == 0 {
		return 0, 0
	}
	served := make([]bool, next) // a component holds a NIC with fabric capacity left
	for _, c := range kids {
		if g.Nodes[c].Kind != ir.KindNIC || dead[c] {
			continue
		}
		live := 0.0
		for _, id := range b.adj.Of(c) {
			l := g.Link(id)
			if g.InFabric(&l, ir.FabricID(fid)) && !b.cut[id] && !dead[l.Other(c)] {
				live += l.CapacityBPS
			}
		}
		if live == 0 {
			continue
		}
		if k, ok := comp[c]; ok {
			served[k] = true
		} else {
			unreached += live
		}
	}
	for _, c := range kids {
		if k, ok := comp[c]; ok && g.Nodes[c].Kind == ir.KindGPU && !served[k] {
			if in.stranded[fid] == nil {
				in.stranded[fid] = map[ir.NodeID]bool{}
			}
			in.stranded[fid][c] = true
			stranded++
		}
	}
	return unreached, stranded
}
