package pcie

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// Diagnose returns the warnings for the whole-design view of r (Models):
// one nic-pcie-bottleneck per node model and group of NICs sharing a NIC
// model and host link rate whose host link is slower than one port, and
// one gpu-without-local-nic per node model with PCIe switches in which
// some GPU has no compute NIC at PIX. Each points at the node_model block
// (ir.ServerModel.Origin), where the fix goes; for a built-in model, which
// the design cannot edit, at the node group that uses it (the server's
// origin).
func Diagnose(g *ir.Graph, r *Result) hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, m := range r.Models {
		rng := modelRange(g, m)
		out = append(out, slowNICs(m, rng)...)
		if d := farGPUs(m, rng); d != nil {
			out = append(out, d)
		}
	}
	return out
}

// builtinPrefix starts the file name of the built-in catalogue
// (lang.BuiltinFilename); analyzers do not import lang.
const builtinPrefix = "<builtin>"

// modelRange is where a model's diagnostics point (see Diagnose).
func modelRange(g *ir.Graph, m Model) hcl.Range {
	for _, sm := range g.ServerModels {
		if sm.Name != m.Model {
			continue
		}
		if r := g.Range(sm.Origin); r.Filename != "" && !strings.HasPrefix(r.Filename, builtinPrefix) {
			return r
		}
	}
	return g.Range(g.Nodes[m.server].Origin)
}

// nicGroup is NICs of one model alike in what a warning says of them.
type nicGroup struct {
	first NIC // the first NIC: its model, links and fabric speak for all
	names []string
}

// groupNICs groups the NICs that pass keep, in first-seen order, by
// model, host link and port rate, and with fabric set also by fabric and
// fabric capacity.
func groupNICs(nics []NIC, keep func(NIC) bool, fabric bool) []*nicGroup {
	var groups []*nicGroup
	for _, n := range nics {
		if !keep(n) {
			continue
		}
		var gr *nicGroup
		for _, x := range groups {
			f := x.first
			if f.Model == n.Model && f.PCIeBPS == n.PCIeBPS && f.PortRateBPS == n.PortRateBPS && (!fabric || f.Fabric == n.Fabric && f.FabricBPS == n.FabricBPS) {
				gr = x
			}
		}
		if gr == nil {
			gr = &nicGroup{first: n}
			groups = append(groups, gr)
		}
		gr.names = append(gr.names, n.NIC)
	}
	return groups
}

// slowNICs reports NICs whose host link carries less than one port, and
// those whose host link carries each port but not all their ports on
// one fabric (a dual-port NIC in a dual-plane fabric sends on both).
func slowNICs(m Model, rng hcl.Range) hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, gr := range groupNICs(m.NICs, func(n NIC) bool { return n.PCIeLimited }, true) {
		f := gr.first
		verb := "sit"
		if len(gr.names) == 1 {
			verb = "sits"
		}
		// Several ports on one fabric send at once: say what they get
		// together too.
		together := ""
		if f.FabricBPS > f.PortRateBPS*(1+1e-9) {
			together = fmt.Sprintf(", and the %s of ports on fabric %q, which carry traffic at once, %.0f%% together", rate(f.FabricBPS), f.Fabric, 100*f.PCIeBPS/f.FabricBPS)
		}
		out = append(out, diag.Warning(diag.NICPCIeBottleneck, rng, "NIC slower on PCIe than on the wire",
			fmt.Sprintf("Node model %q: %s (%s, %s per port) %s on a %s PCIe link, so a port carries at most %.0f%% of its line rate%s. "+
				"The link is the slower of the NIC's and its PCIe switch's (or root port's) generation × width; "+
				"give both a faster link (a 400 Gb/s port needs PCIe Gen5 x16, about 504 Gb/s per direction), or choose a NIC the link can feed.",
				m.Model, list(gr.names), f.Model, rate(f.PortRateBPS), verb, rate(f.PCIeBPS), 100*f.PCIeBPS/f.PortRateBPS, together)))
	}
	for _, gr := range groupNICs(m.NICs, func(n NIC) bool { return n.FabricLimited }, true) {
		verb := "each have"
		if len(gr.names) == 1 {
			verb = "has"
		}
		out = append(out, diag.Warning(diag.NICPCIeBottleneck, rng, "NIC slower on PCIe than its ports on one fabric",
			fmt.Sprintf("Node model %q: %s (%s) %s %s of ports on fabric %q, all carrying traffic at once, but a %s PCIe link: together they carry at most %.0f%% of their line rate. "+
				"Give the NIC a faster host link, put its ports on different fabrics, or cable fewer of them.",
				m.Model, list(gr.names), gr.first.Model, verb, rate(gr.first.FabricBPS), gr.first.Fabric, rate(gr.first.PCIeBPS), 100*gr.first.PCIeBPS/gr.first.FabricBPS)))
	}
	return out
}

// farGPUs reports the GPUs of a model with PCIe switches whose nearest
// NIC is farther than PIX.
func farGPUs(m Model, rng hcl.Range) *hcl.Diagnostic {
	if m.PCIeSwitches == 0 {
		return nil
	}
	var far []string
	for _, gpu := range m.GPUs {
		if gpu.Class != ir.PathPIX.String() && gpu.Class != ir.PathLOC.String() {
			far = append(far, fmt.Sprintf("%s (nearest %s)", gpu.GPU, nearestText(gpu)))
		}
	}
	if len(far) == 0 {
		return nil
	}
	return diag.Warning(diag.GPUWithoutLocalNIC, rng, "GPU without a NIC on its PCIe switch",
		fmt.Sprintf("Node model %q has PCIe switches, but these GPUs share none with a compute NIC: %s. "+
			"NCCL uses GPUDirect RDMA only up to PXB by default (P2C on Grace platforms); through the CPU (PHB) or across sockets (SYS) it stages network traffic through host memory. "+
			"Put a compute NIC under each GPU's pcie_switch (nics = [\"compute[i]\"]).",
			m.Model, list(far)))
}

func nearestText(g GPU) string {
	if g.NIC == "" {
		return "no NIC reachable"
	}
	return fmt.Sprintf("%s at %s", g.NIC, g.Class)
}

// list joins names, eliding the middle of long lists.
func list(names []string) string {
	if len(names) > 8 {
		return strings.Join(names[:6], ", ") + fmt.Sprintf(", … (%d in all)", len(names))
	}
	return strings.Join(names, ", ")
}

// rate formats a modelled bandwidth (a PCIe path's bottleneck after
// encoding) for messages at four significant digits: "252.1Gb/s".
func rate(bps float64) string { return units.RateSig(bps, 4) }
