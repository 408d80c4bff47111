package ir

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
	// RiskRail and RiskPlane are the switches labelled with one rail or
	// plane.
	RiskRail  = "rail"
	RiskPlane = "plane"
)

// FabricSwitch reports whether n is a switch of some fabric, not a chip
// inside a server.
func (n *Node) FabricSwitch() bool {
	return n.Kind.IsSwitch() && n.Parent == None && len(n.Fabrics) > 0
}

// DerivedRiskClasses returns the risk-group classes the design has without
// any risk_group block, in a fixed order: switch, the tier names
// (bottom-up, in fabric order), link, the link kinds, server, rack (when
// there is a cable plan), rail and plane (when switches carry them), then
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
	for i := range g.Links {
		if l := &g.Links[i]; l.Fabric != None {
			add(l.Kind)
		}
	}
	add(RiskServer)
	if g.Cabling != nil && len(g.Cabling.Racks) > 0 {
		add(RiskRack)
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
		if n.Unit != "" && !seen[n.Unit] {
			units = append(units, n.Unit)
			seen[n.Unit] = true
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
