// Package inventory counts what each fabric of a compiled design holds:
// endpoints (by kind), switches (by tier), links (by kind), and switch
// ports used and free, under the counting conventions of docs/reference/design-brief.md.
package inventory

import (
	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/compiler/ir"
)

// Count is one named count, kept in first-seen order so that output never
// depends on map iteration.
type Count struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// Fabric is the inventory of one fabric.
type Fabric struct {
	Name   string `json:"name"`
	Family string `json:"family"`
	// ServerTransit names the server-internal paths the fabric's traffic
	// may take between servers' NICs (`server_transit`; ir.Transit.Names),
	// omitted when none.
	ServerTransit []string `json:"server_transit,omitempty"`
	// Endpoints counts injection ports (docs/reference/design-brief.md "Endpoint").
	Endpoints int `json:"endpoints"`
	// Switches counts switches of this fabric (NVSwitch chips of an NVLink
	// domain included).
	Switches int `json:"switches"`
	// Links counts logical links of this fabric (endpoint attachments
	// included; node internals excluded).
	Links           int     `json:"links"`
	EndpointsByKind []Count `json:"endpoints_by_kind"`
	SwitchesByTier  []Count `json:"switches_by_tier"`
	LinksByKind     []Count `json:"links_by_kind"`
	SwitchPorts     int     `json:"switch_ports"`
	SwitchPortsUsed int     `json:"switch_ports_used"`
	// SwitchPortsFree sums, per switch, its ports left free (radix −
	// used − reserved, never below 0).
	SwitchPortsFree int `json:"switch_ports_free"`
	// SwitchPortsReserved sums the ports the design keeps free on
	// purpose (a clos tier's reserve), apart from SwitchPortsFree; left
	// out of the JSON when 0.
	SwitchPortsReserved int `json:"switch_ports_reserved,omitempty"`
	// CapacityBPS sums the per-direction capacity of the fabric's links.
	CapacityBPS float64 `json:"capacity_bps"`
	// Cables counts the cables of the cable plan that carry the fabric's
	// links: fewer than Links where a splitter carries several lanes, one
	// per lane where lanes run to another switch (a fiber each). 0, and
	// left out of the JSON, without a cable plan.
	Cables int `json:"cables,omitempty"`
}

func bump(cs []Count, name string) []Count {
	for i := range cs {
		if cs[i].Name == name {
			cs[i].Count++
			return cs
		}
	}
	return append(cs, Count{Name: name, Count: 1})
}

// Summarize returns the inventory of every fabric of g, in fabric order.
func Summarize(g *ir.Graph) []Fabric {
	// Ports used on the fabrics' links; only switches' counts are read,
	// and a switch has no link inside a server.
	used := g.PortsUsed().Fabric
	out := make([]Fabric, len(g.Fabrics))
	for i, f := range g.Fabrics {
		out[i] = Fabric{Name: f.Name, Family: string(f.Family), ServerTransit: f.Transit.Names(), Endpoints: len(f.Endpoints),
			EndpointsByKind: []Count{}, SwitchesByTier: []Count{}, LinksByKind: []Count{}}
		for _, e := range f.Endpoints {
			n := &g.Nodes[e.Node]
			kind := n.Kind.String()
			if n.RoleName() != ir.RoleNone && n.RoleName() != ir.RoleCompute {
				kind = string(n.RoleName())
			}
			out[i].EndpointsByKind = bump(out[i].EndpointsByKind, kind)
		}
	}
	// seen[c] is 1 + the last fabric that counted cable c.
	var seen []int32
	if g.Cabling() != nil {
		seen = make([]int32, len(g.Cabling().Cables))
	}
	var slot []int32 // by link kind, its index in a fabric's LinksByKind plus one
	for fi := range out {
		f := &out[fi]
		clear(slot)
		for _, id := range g.FabricLinks(ir.FabricID(fi)) { // a composite's members' too
			l := g.Link(id)
			f.Links++
			f.CapacityBPS += l.CapacityBPS
			// By kind number, not by name: a string compared per link
			// (3,145,728 at 1,048,576 GPUs). Kinds and names are one to one.
			if int(l.Kind) >= len(slot) {
				slot = append(slot, make([]int32, int(l.Kind)+1-len(slot))...)
			}
			if slot[l.Kind] == 0 {
				f.LinksByKind = append(f.LinksByKind, Count{Name: l.Kind.String()})
				slot[l.Kind] = int32(len(f.LinksByKind))
			}
			f.LinksByKind[slot[l.Kind]-1].Count++
			if c := g.CableOf(id); seen != nil && c >= 0 && int(c) < len(seen) && seen[c] != int32(fi)+1 {
				seen[c] = int32(fi) + 1
				f.Cables++
			}
		}
	}
	// Each fabric's switches among its members (a switch of several
	// fabrics counts in each): a walk of every node, most of them
	// servers' components, took as long as the rest (issue 16).
	kinds := g.Kinds() // no node loaded for the members that are no switch (most: NICs)
	for fi := range out {
		f := &out[fi]
		for _, i := range g.FabricNodes(ir.FabricID(fi)) {
			if !kinds[i].IsSwitch() {
				continue
			}
			n := &g.Nodes[i]
			f.Switches++
			tier := n.TierName()
			if tier == "" {
				tier = n.Kind.String()
			}
			f.SwitchesByTier = bump(f.SwitchesByTier, tier)
			f.SwitchPorts += int(n.Radix)
			f.SwitchPortsUsed += int(used[i])
			// The compiler refuses a switch cabled past its radix
			// (radix-exceeded), so free ports are never negative; a
			// switch without a stated radix has none to count.
			f.SwitchPortsFree += max(0, int(n.Radix)-int(used[i])-int(n.Reserved))
			f.SwitchPortsReserved += int(n.Reserved)
		}
	}
	return out
}

// Analyzer wraps Summarize; its result is []Fabric in fabric order.
var Analyzer = &analysis.Analyzer{
	Name: "inventory",
	Doc:  "count endpoints, switches, links and ports per fabric",
	// Cables per fabric are counted from the plan.
	ReadsCables: true,
	Run:         func(p *analysis.Pass) (any, error) { return Summarize(p.Graph), nil },
}

// ResultOf reads the Analyzer's result, one Fabric per fabric, by FabricID (analysis.Declare).
var ResultOf = analysis.Declare[[]Fabric](Analyzer)
