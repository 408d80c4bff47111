// Package pcie analyzes the paths inside servers between GPUs and NICs
// (GPU → PCIe switch → CPU root complex → socket link → NIC), once per node
// model: for each GPU↔NIC pair the path class in NCCL's terms (PIX, PXB,
// PHB, SYS, P2C on Grace platforms; ir.PathClass) and its bottleneck rate,
// each GPU's nearest NIC, and two design faults: a NIC whose PCIe link
// carries less than its port's line rate (nic-pcie-bottleneck) and, in a
// model with PCIe switches, a GPU with no compute NIC under its switch
// (gpu-without-local-nic), which costs GPUDirect RDMA under NCCL's
// defaults (docs/reference/nccl-topo-xml.md §6).
//
// Servers of one node model are built identically by the compiler, so one
// server per model stands for all of them: a 16,384-server design costs
// the same as a one-server design, plus one pass over the graph.
package pcie

import (
	"slices"
	"strings"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/compiler/ir"
)

// Result is the analyzer's result.
type Result struct {
	// Models has one entry per node model with servers in the design, in
	// the order of each model's first server; the GPUs' nearest NICs are
	// chosen among the compute NICs (role "compute"), or among all NICs
	// when the model has none.
	Models []Model
	// Fabrics holds, per fabric id, the models whose NICs are endpoints
	// of that fabric, with nearest NICs and path classes restricted to
	// those NICs; empty for fabrics with no server NICs.
	Fabrics [][]Model
}

// Model is the GPU↔NIC analysis of one node model, on one server.
type Model struct {
	// Model is the node model's name; Server the server analyzed (the
	// first of the model in the view, in node order); Servers the number
	// of servers of the model in the view.
	Model   string `json:"model"`
	Server  string `json:"server"`
	Servers int    `json:"servers"`
	// PCIeSwitches counts the model's PCIe switches.
	PCIeSwitches int `json:"pcie_switches"`
	// GPUs lists each GPU with its nearest NIC, in GPU order.
	GPUs []GPU `json:"gpus"`
	// NICs lists the NICs of the view with their PCIe link, in NIC order.
	NICs []NIC `json:"nics"`
	// Classes counts GPU↔NIC pairs per path class, closest class first,
	// over the GPUs and the NICs they choose from.
	Classes []ClassCount `json:"classes"`
	// Mesh describes the GPUs' direct NVLink mesh (mesh.go), or is nil
	// when no two GPUs share a link (NVSwitches or no NVLink).
	Mesh *Mesh `json:"nvlink_mesh,omitempty"`
	// server is the analyzed server's node, for diagnostics.
	server ir.NodeID
}

// GPU is one GPU and its nearest NIC, as ir.Internals.Affinities assigns
// it (NCCL's ncclTopoGetLocalNet: the closest path class, then the widest
// bottleneck, equally near NICs spread over the GPUs that share them): the
// same assignment the NCCL XML path table and the congestion routing use.
type GPU struct {
	// GPU and NIC are component names relative to the server ("gpu3",
	// "nic3"); NIC is "" when no NIC is reachable.
	GPU string `json:"gpu"`
	NIC string `json:"nic"`
	// Class is the path class ("PIX", "PXB", "P2C", "PHB", "SYS", "DIS").
	Class string `json:"class"`
	// BottleneckBPS is the smallest link capacity on the path, in bits per
	// second per direction.
	BottleneckBPS float64 `json:"bottleneck_bps"`
}

// NIC is one NIC and its host link.
type NIC struct {
	NIC   string `json:"nic"`
	Role  string `json:"role"`
	Model string `json:"model"`
	Ports int    `json:"ports"`
	// PortRateBPS is one port's line rate; PCIeBPS the NIC's host link
	// (the slower of the NIC's and its PCIe switch's or root port's
	// generation × width, as the compiler builds it), both in bits per
	// second per direction. PCIeBPS is 0 when the NIC has no host link.
	PortRateBPS float64 `json:"port_rate_bps"`
	PCIeBPS     float64 `json:"pcie_bps"`
	// PCIeLimited is true when PCIeBPS is below one port's line rate.
	PCIeLimited bool `json:"pcie_limited"`
	// LineRateFraction is PCIeBPS ÷ (Ports × PortRateBPS), at most 1: the
	// share of the NIC's total line rate its host link can carry (a
	// dual-port 400G NIC on Gen5 x16 gets 0.63).
	LineRateFraction float64 `json:"line_rate_fraction"`
	// FabricBPS is the most capacity the NIC has into one fabric (its
	// ports' links there, summed; bits per second per direction), and
	// Fabric that fabric ("" with no fabric link). A multi-port NIC
	// sends on all its ports of a fabric at once (a dual-plane design;
	// analyzers/internal/routing/sendports.go), so FabricLimited is true
	// when PCIeBPS is below FabricBPS though one port fits: the ports
	// together carry at most PCIeBPS.
	FabricBPS     float64 `json:"fabric_bps"`
	Fabric        string  `json:"fabric,omitempty"`
	FabricLimited bool    `json:"fabric_limited"`
}

// ClassCount is the number of GPU↔NIC pairs of one path class.
type ClassCount struct {
	Class string `json:"class"`
	Pairs int    `json:"pairs"`
}

// Analyzer computes a *Result and reports the nic-pcie-bottleneck and
// gpu-without-local-nic warnings of Diagnose.
var Analyzer = &analysis.Analyzer{
	Name: "pcie",
	Doc:  "GPU↔NIC path classes (PIX/PXB/PHB/SYS) and bottlenecks inside each node model; NICs slower on PCIe than on the wire",
	Run: func(p *analysis.Pass) (any, error) {
		r := Analyze(p.Graph)
		for _, d := range Diagnose(p.Graph, r) {
			p.Report(d)
		}
		return r, nil
	},
}

// ResultOf reads the Analyzer's result, the GPU↔NIC paths of every node model and server (analysis.Declare).
var ResultOf = analysis.Declare[*Result](Analyzer)

// Analyze computes the result for g (see Result). It walks the nodes and
// links a few times with flat arrays and reads the internal links of
// the analyzed servers through ir.Graph.InternalsOf (one index per
// graph), so its cost grows with the graph, not with the servers or
// GPU↔NIC pairs.
func Analyze(g *ir.Graph) *Result {
	r := &Result{Fabrics: make([][]Model, len(g.Fabrics))}
	// view collects the representative server (the first in node order)
	// and the server count of each node model in one view.
	type view struct {
		reps   []ir.NodeID
		counts []int
		only   *ir.NodeMap[bool] // NICs of the view; nil for the whole design
	}
	tally := func(v *view, s ir.NodeID) {
		m := g.Nodes[s].ModelName()
		for i, rep := range v.reps {
			if g.Nodes[rep].ModelName() == m {
				v.counts[i]++
				return
			}
		}
		v.reps = append(v.reps, s)
		v.counts = append(v.counts, 1)
	}
	// A server is a node that is some component's Parent.
	whole := &view{}
	for _, s := range g.Servers() {
		tally(whole, s)
	}
	views := make([]*view, len(g.Fabrics))
	for f := range g.Fabrics {
		// Sized for the fabric's endpoints: a design of many fabrics must
		// not cost a pass over the graph per fabric.
		only := ir.NewNodeMap(g, len(g.Fabrics[f].Endpoints), false)
		var servers []ir.NodeID
		for _, e := range g.Fabrics[f].Endpoints {
			if n := &g.Nodes[e.Node]; n.Kind == ir.KindNIC && n.Parent != ir.None {
				only.Set(e.Node, true)
				servers = append(servers, n.Parent)
			}
		}
		if len(servers) == 0 {
			continue
		}
		slices.Sort(servers) // tallied in node order, as the whole view is
		v := &view{only: &only}
		for _, srv := range slices.Compact(servers) {
			tally(v, srv)
		}
		views[f] = v
	}

	// Components of every representative server, in node order
	// (the graph's index of children, ir.Graph.Children).
	comps := map[ir.NodeID][]ir.NodeID{}
	for _, v := range append([]*view{whole}, views...) {
		if v == nil {
			continue
		}
		for _, rep := range v.reps {
			comps[rep] = g.Children(rep)
		}
	}

	reps := make([]ir.NodeID, 0, len(comps))
	for rep := range comps {
		reps = append(reps, rep)
	}
	in := g.InternalsOf(reps)
	fabricCap := nicFabricCaps(g, comps)
	build := func(v *view) []Model {
		out := make([]Model, len(v.reps))
		for i, rep := range v.reps {
			out[i] = analyzeServer(g, in, fabricCap, rep, comps[rep], v.only)
			out[i].Servers = v.counts[i]
		}
		return out
	}
	r.Models = build(whole)
	for f, v := range views {
		if v != nil {
			r.Fabrics[f] = build(v)
		}
	}
	return r
}

// analyzeServer analyzes one server. When only is nil the view is every
// NIC, and GPUs choose among the compute NICs (all NICs without any);
// otherwise the view and the choice are the NICs in only.
func analyzeServer(g *ir.Graph, in *ir.Internals, fabricCap map[ir.NodeID][]float64, server ir.NodeID, comps []ir.NodeID, only *ir.NodeMap[bool]) Model {
	prefix := g.Nodes[server].Name + "/"
	short := func(n ir.NodeID) string { return strings.TrimPrefix(g.Nodes[n].Name, prefix) }
	m := Model{Model: g.Nodes[server].ModelName(), Server: g.Nodes[server].Name, Servers: 1, GPUs: []GPU{}, NICs: []NIC{}, Classes: []ClassCount{}, server: server}
	var gpus, nics, choose []ir.NodeID
	hasCompute := false
	for _, c := range comps {
		switch n := &g.Nodes[c]; n.Kind {
		case ir.KindGPU:
			gpus = append(gpus, c)
		case ir.KindPCIeSwitch:
			m.PCIeSwitches++
		case ir.KindNIC:
			if only == nil || only.Get(c) {
				nics = append(nics, c)
				hasCompute = hasCompute || n.RoleName() == ir.RoleCompute
			}
		}
	}
	for _, c := range nics {
		if only != nil || !hasCompute || g.Nodes[c].RoleName() == ir.RoleCompute {
			choose = append(choose, c)
		}
		m.NICs = append(m.NICs, nicInfo(g, in, fabricCap[c], c, short(c)))
	}

	counts := make([]int, ir.PathDIS+1)
	for _, gpu := range gpus {
		for _, nic := range choose {
			counts[in.Path(gpu, nic).Class]++
		}
	}
	for _, a := range in.Affinities(gpus, choose) {
		e := GPU{GPU: short(a.GPU), Class: a.Path.Class.String(), BottleneckBPS: a.Path.BottleneckBPS}
		if a.NIC != ir.None {
			e.NIC = short(a.NIC)
		}
		m.GPUs = append(m.GPUs, e)
	}
	for c, n := range counts {
		if n > 0 {
			m.Classes = append(m.Classes, ClassCount{Class: ir.PathClass(c).String(), Pairs: n})
		}
	}
	m.Mesh = analyzeMesh(g, in, gpus)
	return m
}

// nicInfo describes a NIC and its host link (the internal link on its
// host interface, port -1); perFabric is its capacity into each fabric,
// by FabricID (nicFabricCaps).
func nicInfo(g *ir.Graph, in *ir.Internals, perFabric []float64, nic ir.NodeID, name string) NIC {
	n := &g.Nodes[nic]
	e := NIC{NIC: name, Role: string(n.RoleName()), Model: n.ModelName(), Ports: int(max(n.Radix, 1)), PortRateBPS: n.PortRateBPS}
	for f, c := range perFabric {
		if c > e.FabricBPS {
			e.FabricBPS, e.Fabric = c, g.Fabrics[f].Name
		}
	}
	e.PCIeBPS = in.HostLinkBPS(nic)
	if e.PCIeBPS > 0 && e.PortRateBPS > 0 {
		e.PCIeLimited = e.PCIeBPS < e.PortRateBPS*(1-1e-9)
		e.LineRateFraction = min(1, e.PCIeBPS/(float64(e.Ports)*e.PortRateBPS))
		e.FabricLimited = !e.PCIeLimited && e.PCIeBPS < e.FabricBPS*(1-1e-9)
	}
	return e
}

// nicFabricCaps returns, for each NIC among the servers' components, its
// links' capacity into each fabric, by FabricID: one pass over the links.
// A composite fabric lists its members' links, not as its own, so each
// link counts once, in the fabric that owns it. A bit per node marks the
// NICs, so that the other ends, nearly all of them (the NICs of a
// server per node model among 393,216 links at 131,072 GPUs), are passed
// without a look-up in the map.
func nicFabricCaps(g *ir.Graph, comps map[ir.NodeID][]ir.NodeID) map[ir.NodeID][]float64 {
	out := map[ir.NodeID][]float64{}
	marked := make([]uint64, (len(g.Nodes)+63)/64)
	for _, cs := range comps {
		for _, c := range cs {
			if g.Nodes[c].Kind == ir.KindNIC {
				out[c] = make([]float64, len(g.Fabrics))
				marked[c/64] |= 1 << (c % 64)
			}
		}
	}
	for _, l := range g.AllFabricLinks() {
		if l.Fabric < 0 || int(l.Fabric) >= len(g.Fabrics) {
			continue
		}
		for _, end := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			if marked[end/64]&(1<<(end%64)) != 0 {
				out[end][l.Fabric] += l.CapacityBPS
			}
		}
	}
	return out
}
