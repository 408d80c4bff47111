package gen

import (
	"fmt"

	"github.com/topoc/topoc/compiler/ir"
)

// NVLinkDomain holds the parameters of an NVLink domain: GPUs joined by
// NVSwitch chips, every GPU linked to the switches by LinksPerGPU NVLinks.
// Reference points (docs/generators.md, reference/designs.md §4 and
// nodes.md): HGX H100, 8 GPUs × 18 NVLink4 over 4 NVSwitch gen3 chips,
// 5+5+4+4 links per GPU, 144 links; GB200 NVL72, 72 GPUs × 18 NVLink5 over
// 18 chips, one link per chip, 1,296 links. NVIDIA's per-GPU figures
// (900 GB/s, 1.8 TB/s) are bidirectional; LinkBPS is per direction.
type NVLinkDomain struct {
	// GPUs, Switches and LinksPerGPU are the GPU count, the NVSwitch chip
	// count and the NVLinks of each GPU.
	GPUs, Switches, LinksPerGPU int
	// LinkBPS is the rate of one NVLink, in bits per second per direction
	// (50 GB/s = 400e9 for NVLink5, 25 GB/s = 200e9 for NVLink4).
	LinkBPS float64
	// PerSwitch optionally gives the links from each GPU to switch j
	// (len Switches, sum LinksPerGPU), e.g. HGX H100 [5 5 4 4]. When nil,
	// each GPU sends ⌊LinksPerGPU/Switches⌋ links to every switch and one
	// more to r = LinksPerGPU mod Switches switches, starting at switch
	// (i·r) mod Switches for GPU i, so switch loads differ by at most one.
	PerSwitch []int
	// SwitchPorts is the NVSwitch chip's port budget (GPU-facing ports),
	// 0 for unbounded; see PortBudget.
	SwitchPorts int
	// GPUNodes optionally lists existing GPU nodes (from servers), in GPU
	// order; nil means create nodes "gpu00"….
	GPUNodes []ir.NodeID
	// SwitchModel and GPUModel are catalogue models, or "".
	SwitchModel, GPUModel string
	// Origin is stamped on the fabric and on every node and link built.
	Origin ir.OriginID
}

// Validate reports impossible parameters; Param is the HCL argument name
// ("gpus", "switches", "links_per_gpu", "link_rate", "per_switch",
// "switch_ports"). The port budget is checked separately by PortBudget.
func (p NVLinkDomain) Validate() []ParamError {
	var errs []ParamError
	for _, c := range []struct {
		name, what string
		v          int
	}{{"gpus", "GPUs", p.GPUs}, {"switches", "NVSwitch chips", p.Switches}, {"links_per_gpu", "NVLinks of each GPU", p.LinksPerGPU}} {
		if c.v < 1 {
			errs = append(errs, ParamError{Param: c.name, Msg: fmt.Sprintf("must be at least 1 (got %d): it is the number of %s", c.v, c.what)})
		}
	}
	if len(errs) == 0 {
		errs = append(errs, sizeErrors("gpus", "links", int64(p.GPUs)*int64(p.LinksPerGPU))...)
	}
	if p.SwitchPorts < 0 {
		errs = append(errs, ParamError{Param: "switch_ports", Msg: fmt.Sprintf("must be 0 (unbounded) or a port count (got %d)", p.SwitchPorts)})
	}
	if p.PerSwitch != nil {
		sum, neg := 0, false
		for _, c := range p.PerSwitch {
			sum += c
			neg = neg || c < 0
		}
		switch {
		case len(p.PerSwitch) != p.Switches:
			errs = append(errs, ParamError{Param: "per_switch", Msg: fmt.Sprintf("has %d entries but there are %d switches; give one link count per switch", len(p.PerSwitch), p.Switches)})
		case neg:
			errs = append(errs, ParamError{Param: "per_switch", Msg: "link counts must not be negative"})
		case sum != p.LinksPerGPU:
			errs = append(errs, ParamError{Param: "per_switch", Msg: fmt.Sprintf("sums to %d links but links_per_gpu is %d; the counts per switch must add up to the links of one GPU", sum, p.LinksPerGPU)})
		}
	}
	if p.GPUNodes != nil && len(p.GPUNodes) != p.GPUs {
		errs = append(errs, ParamError{Param: "gpus", Msg: fmt.Sprintf("is %d but %d GPU nodes were given", p.GPUs, len(p.GPUNodes))})
	}
	seen := make(map[ir.NodeID]bool, len(p.GPUNodes))
	for _, n := range p.GPUNodes {
		if seen[n] {
			errs = append(errs, ParamError{Param: "gpus", Msg: fmt.Sprintf("GPU node %d is listed twice; each GPU joins the domain once", n)})
			break
		}
		seen[n] = true
	}
	return append(errs, rateErrors("link_rate", p.LinkBPS)...)
}

// Links returns how many NVLinks GPU i sends to switch j (p valid).
func (p NVLinkDomain) Links(i, j int) int {
	if p.PerSwitch != nil {
		return p.PerSwitch[j]
	}
	s := p.Switches
	base, r := p.LinksPerGPU/s, p.LinksPerGPU%s
	if (j-i*r%s+s)%s < r {
		return base + 1
	}
	return base
}

// SwitchLoads returns the GPU-facing links of each switch (p valid).
func (p NVLinkDomain) SwitchLoads() []int {
	loads := make([]int, p.Switches)
	for i := range p.GPUs {
		for j := range loads {
			loads[j] += p.Links(i, j)
		}
	}
	return loads
}

// PortBudget reports switches whose GPU-facing links exceed SwitchPorts
// (the NVSwitch chip's port budget), as one ParamError on "switches".
// It returns nil when SwitchPorts is 0 or p is invalid.
func (p NVLinkDomain) PortBudget() []ParamError {
	if p.SwitchPorts <= 0 || len(p.Validate()) > 0 {
		return nil
	}
	over, worst, at := 0, 0, 0
	for j, l := range p.SwitchLoads() {
		if l > p.SwitchPorts {
			over++
			if l > worst {
				worst, at = l, j
			}
		}
	}
	if over == 0 {
		return nil
	}
	return []ParamError{{Param: "switches", Msg: fmt.Sprintf("%d of %d NVSwitch chips need more ports than the chip's %d; %s needs %d (%d GPUs × their links to it); add switches or lower links_per_gpu",
		over, p.Switches, p.SwitchPorts, Indexed("nvswitch", at, p.Switches), worst, p.GPUs)}}

}

// BuildNVLinkDomain appends an NVLink domain named name to g and returns
// its fabric id. p must have passed Validate; GPUNodes must be nodes of g.
//
// Switches are named "nvswitch07" (Kind NVSwitch, Tier "nvswitch", Radix
// SwitchPorts, or the used port count when SwitchPorts is 0); created
// GPUs "gpu05" (Kind GPU, Radix LinksPerGPU). When every given GPU node
// has the same Parent (one HGX board), the switches get that Parent too.
//
// Links, GPU-major then switch order, are separate even when parallel
// (never merged). GPU i's NVLinks use its ports base..base+LinksPerGPU−1,
// where base is 0 for created GPUs and one past the highest port already
// used by a given GPU node; switch ports are numbered in link order.
// Fabric.Endpoints holds one port per GPU: its first NVLink port.
func BuildNVLinkDomain(g *ir.Graph, name string, p NVLinkDomain) ir.FabricID {
	b := newFabricBuilder(g, ir.Fabric{Name: name, Family: ir.FamilyNVLinkDomain, Tiers: []string{"nvswitch"},
		Params: []ir.Param{{Name: "gpus", Value: int64(p.GPUs)}, {Name: "switches", Value: int64(p.Switches)},
			{Name: "links_per_gpu", Value: int64(p.LinksPerGPU)}}}, p.Origin)
	gpus, base := p.GPUNodes, make([]int32, p.GPUs)
	if gpus == nil {
		gpus = make([]ir.NodeID, p.GPUs)
		for i := range gpus {
			n := ir.NewNode(Indexed("gpu", i, p.GPUs), ir.KindGPU)
			n.Radix, n.PortRateBPS = int32(p.LinksPerGPU), p.LinkBPS
			n.SetModel(p.GPUModel)
			gpus[i] = b.node(n)
		}
	} else {
		base = firstFreePorts(g, gpus)
		for _, n := range gpus {
			g.JoinFabric(n, b.fabric)
		}
	}

	loads := p.SwitchLoads()
	parent := commonParent(g, p.GPUNodes)
	sw := make([]ir.NodeID, p.Switches)
	for j := range sw {
		n := ir.NewNode(Indexed("nvswitch", j, p.Switches), ir.KindNVSwitch)
		n.Parent, n.PortRateBPS = parent, p.LinkBPS
		n.SetModel(p.SwitchModel)
		n.SetTier("nvswitch")
		n.Radix = int32(p.SwitchPorts)
		if p.SwitchPorts == 0 {
			n.Radix = int32(loads[j])
		}
		sw[j] = b.node(n)
	}

	next := make([]int, p.Switches)
	eps := make([]ir.Port, p.GPUs)
	for i, gpu := range gpus {
		gp := int(base[i])
		eps[i] = portOf(gpu, gp)
		for j := range sw {
			for range p.Links(i, j) {
				b.link(ir.LinkGPUNVSwitch, portOf(gpu, gp), portOf(sw[j], next[j]), p.LinkBPS)
				gp++
				next[j]++
			}
		}
	}
	g.Fabrics[b.fabric].Endpoints = eps
	return b.fabric
}

// firstFreePorts returns, for each node, one past the highest port number
// its existing links use (0 when it has none).
func firstFreePorts(g *ir.Graph, nodes []ir.NodeID) []int32 {
	at := make(map[ir.NodeID]int, len(nodes))
	for i, n := range nodes {
		at[n] = i
	}
	free := make([]int32, len(nodes))
	for _, l := range g.AllLinks() {
		for _, e := range [2]ir.Port{l.A, l.B} {
			if i, ok := at[e.Node]; ok && e.Port+1 > free[i] {
				free[i] = e.Port + 1
			}
		}
	}
	return free
}

// commonParent returns the Parent shared by every node, or ir.None.
func commonParent(g *ir.Graph, nodes []ir.NodeID) ir.NodeID {
	if len(nodes) == 0 {
		return ir.None
	}
	p := g.Nodes[nodes[0]].Parent
	for _, n := range nodes[1:] {
		if g.Nodes[n].Parent != p {
			return ir.None
		}
	}
	return p
}
