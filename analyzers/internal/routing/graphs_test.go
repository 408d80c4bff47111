package routing

import (
	"fmt"

	"github.com/topoc/topoc/compiler/ir"
)

// Test graphs built by hand, so the routing tests depend on the IR only.

func addLink(g *ir.Graph, a, b ir.NodeID, bps float64, kind ir.LinkKind) {
	g.AddLink(ir.Link{A: ir.Port{Node: a}, B: ir.Port{Node: b}, CapacityBPS: bps, Kind: kind, Fabric: 0})
}

// leafSpine builds a 2-tier leaf-spine: leaves × hosts per leaf, each
// leaf joined to every spine by par parallel links.
func leafSpine(leaves, spines, hosts, par int) *ir.Graph {
	g := ir.New()
	g.AddFabric(ir.Fabric{Name: "ls", Family: "clos"})
	var ls []ir.NodeID
	for i := 0; i < leaves; i++ {
		n := ir.NewNode(fmt.Sprintf("leaf%d", i), ir.KindSwitch)
		n.SetTier("leaf")
		ls = append(ls, g.AddNode(n))
	}
	for i := 0; i < spines; i++ {
		n := ir.NewNode(fmt.Sprintf("spine%d", i), ir.KindSwitch)
		n.SetTier("spine")
		s := g.AddNode(n)
		for _, l := range ls {
			for p := 0; p < par; p++ {
				addLink(g, l, s, 400e9, ir.LinkLeafSpine)
			}
		}
	}
	for i, l := range ls {
		for h := 0; h < hosts; h++ {
			n := g.AddNode(ir.NewNode(fmt.Sprintf("host%d_%d", i, h), ir.KindHost))
			addLink(g, n, l, 400e9, ir.LinkKindOf("host_leaf"))
		}
	}
	return g
}

// fatTree builds the k-ary fat-tree of Al-Fares et al. (2008).
func fatTree(k int) *ir.Graph {
	g := ir.New()
	g.AddFabric(ir.Fabric{Name: "ft", Family: "fat_tree"})
	h := k / 2
	var cores []ir.NodeID
	for i := 0; i < h*h; i++ {
		cores = append(cores, g.AddNode(ir.NewNode(fmt.Sprintf("core%d", i), ir.KindSwitch)))
	}
	for p := 0; p < k; p++ {
		var aggs []ir.NodeID
		for a := 0; a < h; a++ {
			ag := g.AddNode(ir.NewNode(fmt.Sprintf("pod%d/agg%d", p, a), ir.KindSwitch))
			aggs = append(aggs, ag)
			for c := 0; c < h; c++ {
				addLink(g, ag, cores[a*h+c], 100e9, ir.LinkAggregationCore)
			}
		}
		for e := 0; e < h; e++ {
			ed := g.AddNode(ir.NewNode(fmt.Sprintf("pod%d/edge%d", p, e), ir.KindSwitch))
			for _, ag := range aggs {
				addLink(g, ed, ag, 100e9, ir.LinkEdgeAggregation)
			}
			for x := 0; x < h; x++ {
				host := g.AddNode(ir.NewNode(fmt.Sprintf("pod%d/edge%d/host%d", p, e, x), ir.KindHost))
				addLink(g, host, ed, 100e9, ir.LinkHostEdge)
			}
		}
	}
	return g
}

// hgx builds servers of 8 GPUs over 4 NVSwitches with the HGX H100 link
// split 4/5/5/4 (nodes.md §2), NVLink4 at 25 GB/s per link.
func hgx(servers int) *ir.Graph {
	g := ir.New()
	split := []int{4, 5, 5, 4}
	for s := 0; s < servers; s++ {
		var sw []ir.NodeID
		for j := range split {
			sw = append(sw, g.AddNode(ir.NewNode(fmt.Sprintf("n%d/nvswitch%d", s, j), ir.KindNVSwitch)))
		}
		for i := 0; i < 8; i++ {
			gpu := g.AddNode(ir.NewNode(fmt.Sprintf("n%d/gpu%d", s, i), ir.KindGPU))
			for j, c := range split {
				for l := 0; l < c; l++ {
					g.AddLink(ir.Link{A: ir.Port{Node: gpu}, B: ir.Port{Node: sw[j]}, CapacityBPS: 200e9, Kind: ir.LinkNVLink, Fabric: ir.None})
				}
			}
		}
	}
	return g
}

func allLinks(ir.Link) bool { return true }

// endpoints lists the plane's non-transit nodes.
func endpoints(p *Plane) []int32 {
	var out []int32
	for u := int32(0); u < int32(p.Len()); u++ {
		if !p.Transit(u) {
			out = append(out, u)
		}
	}
	return out
}
