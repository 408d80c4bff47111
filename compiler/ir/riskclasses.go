package ir

import "strings"

// The risk-group classes topoc derives from the design
// (docs/resilience.md "Risk groups"); declared risk groups add their own.
const (
	// RiskSwitch is every scale-out or NVLink-domain switch.
	RiskSwitch = "switch"
	// RiskLink is every fabric link.
	RiskLink = "link"
	// RiskServer is every server (with its components) or implicit host.
	RiskServer = "server"
	// RiskRack is every rack of the cable plan.
	RiskRack = "rack"
	// RiskCable is every cable of the cable plan with the links it
	// carries: a splitter's legs fail together.
	RiskCable = "cable"
	// RiskRail and RiskPlane are the switches labelled with one rail or
	// plane.
	RiskRail  = "rail"
	RiskPlane = "plane"
)

// FabricSwitch reports whether n is a switch of some fabric, not a chip
// inside a server.
func (n *Node) FabricSwitch() bool {
	return n.Kind.IsSwitch() && n.Parent == None && len(n.FabricIDs()) > 0
}

// DerivedRiskClasses returns the risk-group classes the design has without
// any risk_group block, in a fixed order: switch, the tier names
// (bottom-up, in fabric order), link, the link kinds, server, rack and
// cable (when there is a cable plan), rail and plane (when switches carry them), then
// the unit kinds switches are labelled with.
func (g *Graph) DerivedRiskClasses() []string {
	var out []string
	seen := map[string]bool{}
	add := func(c string) {
		if c != "" && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	add(RiskSwitch)
	for _, f := range g.Fabrics {
		for _, t := range f.Tiers {
			add(t)
		}
	}
	add(RiskLink)
	// Kinds are small interned numbers: a slice indexed by kind skips
	// the string map for every fabric link but a kind's first.
	var kindSeen []bool
	for _, l := range g.AllFabricLinks() {
		if int(l.Kind) >= len(kindSeen) {
			kindSeen = append(kindSeen, make([]bool, int(l.Kind)+1-len(kindSeen))...)
		}
		if !kindSeen[l.Kind] {
			kindSeen[l.Kind] = true
			add(l.Kind.String())
		}
	}
	add(RiskServer)
	if g.Racking() != nil && len(g.Racking().Racks) > 0 {
		add(RiskRack)
	}
	if g.Cabling() != nil && len(g.Cabling().Cables) > 0 {
		add(RiskCable)
	}
	var units []string
	rails, planes := false, false
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if !n.FabricSwitch() {
			continue
		}
		rails = rails || n.Rail != None
		planes = planes || n.Plane != None
		if n.UnitName() != "" && !seen[n.UnitName()] {
			units = append(units, n.UnitName())
			seen[n.UnitName()] = true
		}
	}
	if rails {
		add(RiskRail)
	}
	if planes {
		add(RiskPlane)
	}
	return append(out, units...)
}

// RiskClasses returns every risk-group class of the design: the derived
// ones (DerivedRiskClasses), then the declared risk groups' classes in
// source order.
func (g *Graph) RiskClasses() []string {
	out := g.DerivedRiskClasses()
	seen := map[string]bool{}
	for _, c := range out {
		seen[c] = true
	}
	for _, r := range g.RiskGroups {
		if !seen[r.Class] {
			seen[r.Class] = true
			out = append(out, r.Class)
		}
	}
	return out
}

// ReservedRiskClasses are names a declared risk-group class (or a failure
// policy, which requirements read beside the classes) may not take in any
// design, whether or not this one derives them: the derived class words,
// the tier names, link kinds and unit kinds the generators give
// (docs/reference/design-brief.md "Names"), and the sweep classes of named scenarios and
// policies. Reserving them keeps fabric.<f>.whatif.<name> meaning one
// thing when a design grows the tier or unit later.
var ReservedRiskClasses = []string{
	RiskSwitch, RiskLink, RiskServer, RiskRack, RiskCable, RiskRail, RiskPlane,
	"edge", "aggregation", "core", "leaf", "spine", "super_spine", "router",
	"host_edge", "edge_aggregation", "aggregation_core", "node_leaf", "leaf_spine", "spine_super_spine",
	"terminal", "local", "global", "gpu_nvswitch", "custom",
	"su", "pod", "group", "node",
	"scenario", "policy",
}

// ClassTaken returns the class c clashes with, ignoring case: a derived
// class of g or a reserved name ("" when none). Classes differing only in
// case would read alike in reports and on the command line.
func (g *Graph) ClassTaken(c string) string {
	for _, x := range append(g.DerivedRiskClasses(), ReservedRiskClasses...) {
		if strings.EqualFold(x, c) {
			return x
		}
	}
	return ""
}
