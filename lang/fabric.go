package lang

import (
	"fmt"
	"maps"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

var fabricSchema = &hcl.BodySchema{Attributes: metaAttrs, Blocks: []hcl.BlockHeaderSchema{
	{Type: "fat_tree"}, {Type: "dragonfly"}, {Type: "torus"}, {Type: "nvlink_domain"}, {Type: "clos"}, {Type: "custom"}}}

// decodeFabrics decodes a fabric block: one fabric, or with count or
// for_each one per instance (one NVLink domain per rack), named
// LABEL-INDEX or LABEL-KEY (a hyphen, which host names, Kubernetes labels
// and HCL attribute names all take), each family block evaluated with its
// count.index or each.key and each.value. An error in one instance is
// reported once, not once per instance.
func decodeFabrics(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) []*Fabric {
	c := content(b, fabricSchema, diags)
	insts, d := expand(c, ctx, b.DefRange)
	*diags = append(*diags, d...)
	_, counted := c.Attributes["count"]
	_, each := c.Attributes["for_each"]
	var out []*Fabric
	for _, in := range insts {
		name := b.Labels[0]
		switch {
		case counted:
			name = fmt.Sprintf("%s-%d", name, in.index)
		case each:
			name += "-" + in.key
			// A key becomes part of the fabric's name, which names
			// diagram folders and report sections: the label's rules.
			if d := CheckName("fabric", name, c.Attributes["for_each"].Expr.Range()); d != nil {
				*diags = append(*diags, d)
				return out
			}
		}
		var mine hcl.Diagnostics
		if f := decodeFabric(b, c, name, in.ctx, &mine); f != nil {
			out = append(out, f)
		}
		*diags = append(*diags, mine...)
		if mine.HasErrors() {
			break
		}
	}
	return out
}

// decodeFabric decodes one fabric named name from a fabric block's
// content c, under ctx.
func decodeFabric(b *hcl.Block, c *hcl.BodyContent, name string, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *Fabric {
	f := &Fabric{Name: name, Label: b.Labels[0], DeclRange: b.DefRange}
	switch {
	case len(c.Blocks) == 0:
		// An empty fabric said "One family block per fabric" (trial 34),
		// which reads as if it had too many.
		*diags = append(*diags, diag.Error(diag.HCLSchema, b.DefRange, "Fabric without a family block",
			fmt.Sprintf("fabric %q says nothing about how it is built. Add one family block: clos (leaf-spine, rail-optimized, multi-plane), fat_tree, dragonfly, torus, nvlink_domain or custom (links written out); docs/language.md has an example of each.", name)))
		return nil
	case len(c.Blocks) > 1:
		*diags = append(*diags, diag.Error(diag.HCLSchema, c.Blocks[1].DefRange, "One family block per fabric",
			fmt.Sprintf("fabric %q already has a %s block; a fabric holds exactly one of fat_tree, dragonfly, torus, nvlink_domain, clos or custom. Declare a second fabric for a second network.", name, c.Blocks[0].Type)))
		return nil
	}
	fb := c.Blocks[0]
	f.FamilyRange = fb.DefRange
	switch fb.Type {
	case "fat_tree":
		a := newAttrs(content(fb, schemaOf([]string{"k", "link_rate", "host_rate", "core_rate", "hosts_per_edge", "switch_model"}), diags), ctx, fb.DefRange)
		f.FatTree = &FatTree{K: a.int("k"), LinkRate: a.netRate("link_rate"), HostRate: a.netRate("host_rate"), CoreRate: a.netRate("core_rate"),
			HostsPerEdge: a.int("hosts_per_edge"), SwitchModel: a.str("switch_model")}
		requireSet(a, "k", f.FatTree.K.Set, "fat_tree")
		requireSet(a, "link_rate", f.FatTree.LinkRate.Set, "fat_tree")
		*diags = append(*diags, a.diags...)
	case "dragonfly":
		a := newAttrs(content(fb, schemaOf([]string{"p", "a", "h", "g", "local_rate", "global_rate", "terminal_rate", "global_arrangement", "router_model", "global_links_per_pair", "terminals"}), diags), ctx, fb.DefRange)
		d := &Dragonfly{P: a.int("p"), A: a.int("a"), H: a.int("h"), G: a.int("g"),
			LinksPerPair: a.int("global_links_per_pair"), Terminals: a.int("terminals"),
			LocalRate: a.netRate("local_rate"), GlobalRate: a.netRate("global_rate"), TermRate: a.netRate("terminal_rate"),
			Arrangement: a.str("global_arrangement"), RouterModel: a.str("router_model")}
		for _, n := range []string{"p", "a", "h", "local_rate"} {
			_, ok := a.get(n)
			requireSet(a, n, ok, "dragonfly")
		}
		f.Dragonfly = d
		*diags = append(*diags, a.diags...)
	case "torus":
		a := newAttrs(content(fb, schemaOf([]string{"dims", "wrap", "p", "link_rate", "terminal_rate", "router_model"}), diags), ctx, fb.DefRange)
		f.Torus = &Torus{Dims: a.ints("dims"), Wrap: a.boolean("wrap"), P: a.int("p"), LinkRate: a.netRate("link_rate"),
			TermRate: a.netRate("terminal_rate"), RouterModel: a.str("router_model")}
		for _, n := range []string{"dims", "link_rate"} {
			_, ok := a.get(n)
			requireSet(a, n, ok, "torus")
		}
		*diags = append(*diags, a.diags...)
	case "nvlink_domain":
		a := newAttrs(content(fb, schemaOf([]string{"gpus", "switches", "links_per_gpu", "link_rate", "per_switch", "switch_ports", "switch_model", "gpu_nodes", "servers"}), diags), ctx, fb.DefRange)
		f.NVLinkDomain = &NVLinkDomain{GPUs: a.int("gpus"), Switches: a.int("switches"), LinksPerGPU: a.int("links_per_gpu"),
			LinkRate: a.rate("link_rate"), PerSwitch: a.ints("per_switch"), SwitchPorts: a.int("switch_ports"),
			SwitchModel: a.str("switch_model"), GPUNodes: a.refs("gpu_nodes", "node_group.tray.gpus"), Servers: a.str("servers")}
		if sv := f.NVLinkDomain.Servers; sv.Set {
			if _, err := path.Match(sv.V, ""); err != nil {
				a.diags = append(a.diags, diag.Error(diag.InvalidValue, sv.Range, "Invalid servers pattern",
					fmt.Sprintf("servers = %q is not a glob pattern (%v); write one such as \"rack3/*\".", sv.V, err)))
			} else if _, given := a.get("gpu_nodes"); !given {
				a.diags = append(a.diags, diag.Error(diag.InvalidValue, sv.Range, "servers without gpu_nodes",
					"servers picks among the servers of gpu_nodes; name the node groups with gpu_nodes."))
			}
		}
		for _, n := range []string{"switches", "links_per_gpu", "link_rate"} {
			_, ok := a.get(n)
			requireSet(a, n, ok, "nvlink_domain")
		}
		*diags = append(*diags, a.diags...)
	case "clos":
		f.Clos = decodeClos(fb, ctx, diags)
	case "custom":
		f.Custom = decodeCustom(fb, ctx, diags)
	}
	return f
}

var closSchema = schemaOf([]string{"endpoints", "hosts", "host_rate", "host_ports", "rails", "planes", "homing", "link_rate", "server_transit"},
	hcl.BlockHeaderSchema{Type: "unit", LabelNames: []string{"name"}},
	hcl.BlockHeaderSchema{Type: "tier", LabelNames: []string{"name"}},
	hcl.BlockHeaderSchema{Type: "appliance", LabelNames: []string{"role"}})

func decodeClos(fb *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *Clos {
	c := content(fb, closSchema, diags)
	a := newAttrs(c, ctx, fb.DefRange)
	cl := &Clos{Endpoints: a.refs("endpoints", "node_group.dgx.nics.compute"), Hosts: a.int("hosts"), HostRate: a.netRate("host_rate"),
		HostPorts: a.int("host_ports"), Rails: a.int("rails"), Planes: a.int("planes"), Homing: a.int("homing"), LinkRate: a.netRate("link_rate"),
		ServerTransit: decodeServerTransit(a)}
	*diags = append(*diags, a.diags...)
	checkDuplicatesIn(c.Blocks, "within one clos block", diags)
	for _, blk := range c.Blocks {
		switch blk.Type {
		case "unit":
			ua := newAttrs(content(blk, schemaOf([]string{"nodes", "units"}), diags), ctx, blk.DefRange)
			cl.Units = append(cl.Units, &ClosUnit{Name: blk.Labels[0], Nodes: ua.int("nodes"), Units: ua.int("units"), DeclRange: blk.DefRange})
			*diags = append(*diags, ua.diags...)
		case "tier":
			ta := newAttrs(content(blk, schemaOf([]string{"model", "per", "count", "down", "up", "link_rate", "striping", "reserve"}), diags), ctx, blk.DefRange)
			cl.Tiers = append(cl.Tiers, &ClosTier{Name: blk.Labels[0], DeclRange: blk.DefRange,
				Model: ta.str("model"), Per: ta.strs("per"), Count: ta.int("count"),
				Down: ta.int("down"), Up: ta.int("up"), LinkRate: ta.netRate("link_rate"), Striping: ta.str("striping"), Reserve: ta.int("reserve")})
			// The IR keeps a switch's reserve in 16 bits (ir.Node.Reserved),
			// far above any switch's ports.
			if r := cl.Tiers[len(cl.Tiers)-1].Reserve; r.Set && (r.V < 0 || r.V > math.MaxInt16) {
				ta.diags = append(ta.diags, diag.Error(diag.InvalidValue, r.Range, "Invalid reserve",
					fmt.Sprintf("reserve = %d; it is the ports of each switch kept free, from 0 up to the model's ports.", r.V)))
				cl.Tiers[len(cl.Tiers)-1].Reserve = Val[int64]{}
			}
			oneOf(ta, cl.Tiers[len(cl.Tiers)-1].Striping, "striping", StripingModes)
			requireSet(ta, "model", ta.m["model"] != nil, "tier")
			*diags = append(*diags, ta.diags...)
			t := cl.Tiers[len(cl.Tiers)-1]
			// An unset down means radix − up; a written 0 would silently
			// mean the same, so it is refused rather than guessed at.
			if t.Down.Set && t.Down.V < 1 {
				*diags = append(*diags, diag.Error(diag.InvalidValue, t.Down.Range, "Invalid down port count",
					fmt.Sprintf("down = %d; a tier needs at least one down port. Leave down out to use the model's radix minus up.", t.Down.V)))
			}
			if t.Up.Set && t.Up.V < 0 {
				*diags = append(*diags, diag.Error(diag.InvalidValue, t.Up.Range, "Invalid up port count",
					fmt.Sprintf("up = %d; write 0 or more uplinks per switch.", t.Up.V)))
			}
		case "appliance":
			aa := newAttrs(content(blk, schemaOf([]string{"count", "rate", "unit"}), diags), ctx, blk.DefRange)
			cl.Appliances = append(cl.Appliances, &Appliance{Role: blk.Labels[0], DeclRange: blk.DefRange,
				Count: aa.int("count"), Rate: aa.netRate("rate"), Unit: aa.int("unit")})
			*diags = append(*diags, aa.diags...)
		}
	}
	checkTierNames(cl, diags)
	return cl
}

// checkTierNames refuses a tier named like a unit kind the analyses
// report beside it: each tier's switches are the units of its own name
// (`su0/leaf0` under "leaf"), so a tier "rail", "plane", "su" (with a
// unit "su") or "su_rail" would make two unit kinds of one name in the
// oversubscription report and in what requirements read.
func checkTierNames(cl *Clos, diags *hcl.Diagnostics) {
	taken := map[string]string{"rail": "the rails", "plane": "the planes"}
	for _, u := range cl.Units {
		taken[u.Name] = fmt.Sprintf("unit %q", u.Name)
		taken[u.Name+"_rail"] = fmt.Sprintf("unit %q split by rail", u.Name)
	}
	for _, t := range cl.Tiers {
		// Ignoring case, as what-if classes are compared.
		what, ok := taken[t.Name]
		for _, name := range slices.Sorted(maps.Keys(taken)) {
			if !ok && strings.EqualFold(name, t.Name) {
				what, ok = taken[name], true
			}
		}
		if ok {
			*diags = append(*diags, diag.Error(diag.DuplicateName, t.DeclRange, "Tier named like a unit",
				fmt.Sprintf("tier %q has the name of %s, which the oversubscription report lists as its own unit kind; name the tier after its role (\"leaf\", \"spine\", \"rail_switch\").", t.Name, what)))
		}
	}
}
