package nccl

import (
	"strings"

	"github.com/topoc/topoc/compiler/emit/nccl/topoxml"
	"github.com/topoc/topoc/compiler/ir"
)

// GPUPath is a GPU and its nearest NIC as NCCL 2.30 would classify the
// path between them.
type GPUPath struct {
	// GPU and NIC index ServerModel.PCI; NIC is -1 when the model has no NIC.
	GPU, NIC int
	// Class is the path class (PIX, PXB, P2C, PHB, SYS; ir.PathClass),
	// after NCCL's flattening of two-level Broadcom PEX switches.
	Class ir.PathClass
	// GDR reports whether NCCL 2.30 enables GPUDirect RDMA on this path
	// with default settings (GDR level PXB, or P2C with
	// NCCL_NET_GDR_C2C=1); GDROld is the same for NCCL before 2.30 or with
	// NCCL_NET_GDR_C2C=0 (level PXB).
	GDR, GDROld bool
	// Nearest counts the equally near NICs the GPUs of its kind are
	// spread over (NIC among them).
	Nearest int
}

// Paths classifies each GPU's path to its NIC on the first server of
// model sm in g, with the one GPU→NIC assignment topoc has
// (ir.Internals.Affinities: NCCL's choice of local NIC, equally near NICs
// spread over the GPUs that share them), among the compute NICs (role
// "compute"), or among all NICs when the model has none; the pcie
// analyzer and the congestion routing read the same assignment. It
// returns nil when no server of the model is in g.
func Paths(g *ir.Graph, sm *ir.ServerModel) []GPUPath {
	host := ir.NodeID(ir.None)
	for i, n := range g.Nodes {
		if n.Kind == ir.KindHost && n.RoleName() == ir.RoleServer && n.ModelName() == sm.Name {
			host = ir.NodeID(i)
			break
		}
	}
	if host == ir.None {
		return nil
	}
	// Server components follow their host node in the graph; collect them
	// in order: GPUs by index, NICs by role then index, switches by index.
	var gpus, nics, sws []ir.NodeID
	for i := int(host) + 1; i < len(g.Nodes) && g.Nodes[i].Parent == host; i++ {
		switch g.Nodes[i].Kind {
		case ir.KindGPU:
			gpus = append(gpus, ir.NodeID(i))
		case ir.KindNIC:
			nics = append(nics, ir.NodeID(i))
		case ir.KindPCIeSwitch:
			sws = append(sws, ir.NodeID(i))
		}
	}
	var gpuFn, nicFn, swFn []int
	for i, f := range sm.PCI {
		switch f.Kind {
		case ir.PCIGPU:
			gpuFn = append(gpuFn, i)
		case ir.PCINIC:
			nicFn = append(nicFn, i)
		case ir.PCISwitch:
			swFn = append(swFn, i)
		}
	}
	if len(gpus) != len(gpuFn) || len(nics) != len(nicFn) || len(sws) != len(swFn) {
		return nil
	}
	swIndex := map[ir.NodeID]int{}
	for i, n := range sws {
		swIndex[n] = swFn[i]
	}
	candidates := []int{}
	for i, fi := range nicFn {
		if sm.PCI[fi].Role == ir.RoleCompute {
			candidates = append(candidates, i)
		}
	}
	if len(candidates) == 0 {
		for i := range nicFn {
			candidates = append(candidates, i)
		}
	}
	in := g.InternalsOf([]ir.NodeID{host})
	cand := make([]ir.NodeID, len(candidates))
	for k, ni := range candidates {
		cand[k] = nics[ni]
	}
	fnOf := map[ir.NodeID]int{}
	for _, ni := range candidates {
		fnOf[nics[ni]] = nicFn[ni]
	}
	var out []GPUPath
	for gi, a := range in.Affinities(gpus, cand) {
		best := GPUPath{GPU: gpuFn[gi], NIC: -1, Class: ir.PathDIS}
		if a.NIC != ir.None {
			best.NIC, best.Class, best.Nearest = fnOf[a.NIC], a.Path.Class, len(a.Near)
			// NCCL flattens a two-level Broadcom PEX hierarchy into one
			// switch, so a PXB path through it reads PIX in its graph.
			if best.Class == ir.PathPXB && flattensToOne(g, sm, a.Path.Links, swIndex) {
				best.Class = ir.PathPIX
			}
		}
		best.GDR = best.NIC >= 0 && best.Class <= topoxml.GDRLevel
		best.GDROld = best.NIC >= 0 && best.Class <= topoxml.GDRLevelOld
		out = append(out, best)
	}
	return out
}

// flattensToOne reports whether every PCIe switch on a path becomes the
// same switch after NCCL merges lower-level Broadcom PEX switches into
// their upper-level parent, which turns a PXB path into PIX.
func flattensToOne(g *ir.Graph, sm *ir.ServerModel, links []ir.LinkID, swIndex map[ir.NodeID]int) bool {
	root := -1
	for _, lid := range links {
		l := g.Link(lid)
		for _, n := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			fi, isSwitch := swIndex[n]
			if !isSwitch {
				continue
			}
			r := flattenRoot(sm, fi)
			if root >= 0 && r != root {
				return false
			}
			root = r
		}
	}
	return root >= 0
}

// flattenRoot returns the switch NCCL merges switch fi into: its parent
// when both are Broadcom PEX switches of one generation, fi at the upper
// level or a Gen4 switch, otherwise fi itself.
func flattenRoot(sm *ir.ServerModel, fi int) int {
	f := &sm.PCI[fi]
	if f.Parent == ir.None {
		return fi
	}
	up := &sm.PCI[f.Parent]
	g1, l1 := topoxml.BroadcomLevel(f.VendorID, f.DeviceID, f.SubsystemVendorID, f.SubsystemDeviceID)
	g2, l2 := topoxml.BroadcomLevel(up.VendorID, up.DeviceID, up.SubsystemVendorID, up.SubsystemDeviceID)
	if g1 != 0 && g1 == g2 && (l1 == "any" || l1 == "lower") && (l2 == "any" || l2 == "upper") {
		return int(f.Parent)
	}
	return fi
}

// pathTable renders paths as a fixed-width table, one GPU per line.
func pathTable(sm *ir.ServerModel, paths []GPUPath) []string {
	rows := [][]string{{"GPU", "bus id", "nearest NIC", "bus id", "path", "GDR 2.30", "GDR <2.30"}}
	onOff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	orDash := func(s string) string {
		if s == "" {
			return "-"
		}
		return s
	}
	for _, p := range paths {
		gpu := &sm.PCI[p.GPU]
		if p.NIC < 0 {
			rows = append(rows, []string{gpu.Name, orDash(gpu.BusID), "-", "-", "-", "off", "off"})
			continue
		}
		nic := &sm.PCI[p.NIC]
		name := nic.Name
		if p.Nearest > 1 {
			name += " (1 of " + itoa(p.Nearest) + ")"
		}
		rows = append(rows, []string{gpu.Name, orDash(gpu.BusID), name, orDash(nic.BusID), p.Class.String(), onOff(p.GDR), onOff(p.GDROld)})
	}
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len(c))
		}
	}
	var out []string
	for _, r := range rows {
		var b strings.Builder
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-len(c)+2))
			}
		}
		out = append(out, strings.TrimRight(b.String(), " "))
	}
	return out
}
