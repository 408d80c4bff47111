package lang

import (
	"github.com/hashicorp/hcl/v2"
)

var nodeModelSchema = schemaOf([]string{"gpu", "gpus", "nvswitches", "nvlink_per_switch"},
	hcl.BlockHeaderSchema{Type: "cpu"},
	hcl.BlockHeaderSchema{Type: "nic", LabelNames: []string{"role"}},
	hcl.BlockHeaderSchema{Type: "pcie_switch"})

var cpuSchema = schemaOf([]string{"sockets", "numa_per_socket", "model", "vendor", "arch", "family", "model_id", "cores", "inter_socket_rate", "gpu_link", "c2c_rate"})

var nicSpecSchema = schemaOf([]string{"model", "count", "socket"})

var pcieSwitchSchema = &hcl.BodySchema{Attributes: append([]hcl.AttributeSchema{
	{Name: "socket"}, {Name: "gpus"}, {Name: "nics"}, {Name: "gen"}, {Name: "width"}}, metaAttrs...)}

func decodeNodeModel(b *hcl.Block, ctx *hcl.EvalContext, builtin bool, diags *hcl.Diagnostics) *NodeModel {
	c := content(b, nodeModelSchema, diags)
	a := newAttrs(c, ctx, b.DefRange)
	m := &NodeModel{Name: b.Labels[0], DeclRange: b.DefRange, Builtin: builtin,
		GPU: a.str("gpu"), GPUs: a.int("gpus"), NVSwitches: a.int("nvswitches"),
		NVLinkPerSwitch: a.ints("nvlink_per_switch")}
	*diags = append(*diags, a.diags...)
	for _, blk := range c.Blocks {
		switch blk.Type {
		case "cpu":
			ca := newAttrs(content(blk, cpuSchema, diags), ctx, blk.DefRange)
			m.CPU = &CPUSpec{DeclRange: blk.DefRange,
				Sockets: ca.int("sockets"), NUMAPerSocket: ca.int("numa_per_socket"), Model: ca.str("model"),
				Vendor: ca.str("vendor"), Arch: ca.str("arch"), Family: ca.int("family"), ModelID: ca.int("model_id"),
				Cores: ca.int("cores"), InterSocketRate: ca.rate("inter_socket_rate"),
				GPULink: ca.str("gpu_link"), C2CRate: ca.rate("c2c_rate")}
			*diags = append(*diags, ca.diags...)
		case "nic":
			na := newAttrs(content(blk, nicSpecSchema, diags), ctx, blk.DefRange)
			m.NICs = append(m.NICs, &NICSpec{Role: blk.Labels[0], DeclRange: blk.DefRange,
				Model: na.str("model"), Count: na.int("count"), Socket: na.ints("socket")})
			*diags = append(*diags, na.diags...)
		case "pcie_switch":
			pc := content(blk, pcieSwitchSchema, diags)
			insts, d := expand(pc, ctx, blk.DefRange)
			*diags = append(*diags, d...)
			for _, in := range insts {
				pa := newAttrs(pc, in.ctx, blk.DefRange)
				m.PCIeSwitches = append(m.PCIeSwitches, &PCIeSwitchSpec{DeclRange: blk.DefRange,
					Socket: pa.int("socket"), GPUs: pa.ints("gpus"), NICs: pa.strs("nics"),
					Gen: pa.int("gen"), Width: pa.int("width")})
				*diags = append(*diags, pa.diags...)
			}
		}
	}
	return m
}
