package lang

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

var customSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "server_transit"}, {Name: "include"}}, Blocks: []hcl.BlockHeaderSchema{
	{Type: "switch", LabelNames: []string{"name"}},
	{Type: "host", LabelNames: []string{"name"}},
	{Type: "link"}}}

func withMeta(names ...string) *hcl.BodySchema {
	s := schemaOf(names)
	s.Attributes = append(s.Attributes, metaAttrs...)
	return s
}

var (
	customSwitchSchema = withMeta("name", "model", "tier", "rail", "plane", "pod", "su", "group", "zone", "rack")
	customHostSchema   = withMeta("name", "rate", "ports", "pod", "su", "group", "zone")
	customLinkSchema   = withMeta("a", "b", "rate", "capacity", "parallel", "cost", "length")
)

// decodeCustom decodes the explicit `custom` family: `switch "leaf" {count}`
// yields leaf0..leafN-1 (zero-padded) or just "leaf" without count/for_each
// (for_each yields leaf_<key>), or each instance's `name` where the block
// gives one (a template of count.index or each.key); `link` blocks expand
// likewise.
func decodeCustom(fb *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *Custom {
	c := content(fb, customSchema, diags)
	ta := newAttrs(c, ctx, fb.DefRange)
	cu := &Custom{ServerTransit: decodeServerTransit(ta), Include: ta.strs("include")}
	*diags = append(*diags, ta.diags...)
	for _, blk := range c.Blocks {
		var s *hcl.BodySchema
		switch blk.Type {
		case "switch":
			s = customSwitchSchema
		case "host":
			s = customHostSchema
		default:
			s = customLinkSchema
		}
		bc := content(blk, s, diags)
		insts, d := expand(bc, ctx, blk.DefRange)
		*diags = append(*diags, d...)
		_, counted := bc.Attributes["count"]
		_, each := bc.Attributes["for_each"]
		for _, in := range insts {
			a := newAttrs(bc, in.ctx, blk.DefRange)
			name := ""
			if len(blk.Labels) > 0 {
				name = blk.Labels[0]
				switch {
				case counted:
					name = indexed(name, in.index, len(insts))
				case each:
					name = name + "_" + in.key
				}
			}
			nameRange := blk.DefRange
			if len(blk.LabelRanges) > 0 {
				nameRange = blk.LabelRanges[0]
			}
			nameVal := Val[string]{V: name, Range: nameRange, Set: true}
			// A name template (name = format("pod%d/leaf%d", ...)) names
			// each instance as a node group's name does.
			if blk.Type != "link" {
				if t := a.str("name"); t.Set {
					if d := CheckName(blk.Type, t.V, t.Range); d != nil {
						a.diags = append(a.diags, d)
					} else {
						name, nameVal = t.V, t
					}
				}
			}
			switch blk.Type {
			case "switch":
				sw := &CustomSwitch{Name: nameVal, DeclRange: blk.DefRange,
					Model: a.str("model"), Tier: a.str("tier"), Rail: a.int("rail"), Plane: a.int("plane"), Rack: a.int("rack")}
				// The tier names a tier in every report and diagram, as a
				// clos tier's label does: the same name rules.
				if sw.Tier.Set {
					if d := CheckName("tier", sw.Tier.V, sw.Tier.Range); d != nil {
						a.diags = append(a.diags, d)
						sw.Tier = Val[string]{Range: sw.Tier.Range}
					}
				}
				if sw.Rack.Set && (sw.Rack.V < 0 || sw.Rack.V >= MaxRack) {
					a.diags = append(a.diags, diag.Error(diag.InvalidValue, sw.Rack.Range, "Rack out of range",
						fmt.Sprintf("rack = %d: racks are numbered from 0 and stay below %d, as node groups' rack blocks number them.", sw.Rack.V, MaxRack)))
				}
				sw.Unit, sw.UnitIndex = customUnit(a, "switch", name)
				cu.Switches = append(cu.Switches, sw)
			case "host":
				h := &CustomHost{Name: nameVal, DeclRange: blk.DefRange, Rate: a.netRate("rate"), Ports: a.int("ports")}
				h.Unit, h.UnitIndex = customUnit(a, "host", name)
				cu.Hosts = append(cu.Hosts, h)
			default:
				cu.Links = append(cu.Links, &CustomLink{DeclRange: blk.DefRange,
					A: a.str("a"), B: a.str("b"), Rate: a.netRate("rate"), Capacity: a.netRate("capacity"), Parallel: a.int("parallel"), Cost: a.int("cost"), Length: a.length("length")})
				if ln := cu.Links[len(cu.Links)-1].Length; ln.Set && ln.V <= 0 {
					a.diags = append(a.diags, diag.Error(diag.InvalidValue, ln.Range, "Length not above zero",
						fmt.Sprintf("length = %gm; a cable is longer than 0. Give the fiber's length (\"80km\" between two sites), or leave length out for the cable plan's estimate.", ln.V)))
				}
				if c := cu.Links[len(cu.Links)-1].Cost; c.Set && (c.V < 1 || c.V > MaxLinkCost) {
					a.diags = append(a.diags, diag.Error(diag.InvalidValue, c.Range, "Invalid link cost",
						fmt.Sprintf("cost = %d; a routing cost is a whole number from 1 to %d, as an OSPF interface cost is.", c.V, MaxLinkCost)))
				}
			}
			*diags = append(*diags, a.diags...)
			if a.diags.HasErrors() {
				break // one instance's error speaks for the rest
			}
		}
	}
	return cu
}

// customUnit reads the one unit label (CustomUnits) a custom switch or
// host may carry; two labels, or an index outside [0, MaxUnitIndex), are
// invalid-value errors in a's diagnostics. Both results are unset when
// the block names no unit.
func customUnit(a *attrs, kind, name string) (unit Val[string], index Val[int64]) {
	for _, u := range CustomUnits {
		v := a.int(u)
		if !v.Set {
			continue
		}
		switch {
		case v.V < 0 || v.V >= MaxUnitIndex:
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, v.Range, "Unit index out of range",
				fmt.Sprintf("%s = %d: unit indices count from 0 and stay below %d (analyses keep a slot per index).", u, v.V, MaxUnitIndex)))
		case unit.Set:
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, v.Range, "Two units on one "+kind,
				fmt.Sprintf("%s %q already names %s %d; a %s belongs to one unit (name the innermost, as generated families do).", kind, name, unit.V, index.V, kind)))
		default:
			unit, index = Val[string]{V: u, Range: v.Range, Set: true}, v
		}
	}
	return unit, index
}
