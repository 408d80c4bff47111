package resilience

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
)

// Group is one risk group: elements of the design that fail together. A
// sweep fails the groups of one class one at a time (N−1) or two at a
// time (N−2).
type Group struct {
	// Class is the class the group belongs to (see Classes).
	Class string `json:"class"`
	// Name names the group: a switch's or server's name, a link as
	// "A – B", a rack's cabling name, "rail 3", "plane 1", "su 2".
	Name string `json:"name"`
	// Failure is what fails with the group.
	Failure ir.Failure `json:"-"`
}

// The class names topoc derives (ir.DerivedRiskClasses); every switch
// tier name (leaf, spine, core, router, …), every link kind (leaf_spine,
// global, …) and every unit kind the switches carry (su, pod, group) is a
// class too, and so is each declared risk_group's class.
const (
	ClassSwitch = ir.RiskSwitch
	ClassLink   = ir.RiskLink
	ClassServer = ir.RiskServer
	ClassRack   = ir.RiskRack
	ClassCable  = ir.RiskCable
	ClassRail   = ir.RiskRail
	ClassPlane  = ir.RiskPlane
)

// Classes returns the risk-group classes of the design
// (ir.Graph.RiskClasses): the derived ones, then the declared risk
// groups' classes in source order.
func Classes(g *ir.Graph) []string { return g.RiskClasses() }

// Groups returns the risk groups of class in g, in node or link order
// (racks, rails, planes and units by index). An unknown class is an error
// that lists the known ones.
func Groups(g *ir.Graph, class string) ([]Group, error) {
	known := Classes(g)
	ok := false
	for _, c := range known {
		ok = ok || c == class
	}
	if !ok {
		return nil, fmt.Errorf("no risk-group class %q in this design; it has: %s", class, strings.Join(known, ", "))
	}
	tiers, kinds := map[string]bool{}, map[string]bool{}
	for _, f := range g.Fabrics {
		for _, t := range f.Tiers {
			tiers[t] = true
		}
	}
	for _, l := range g.AllFabricLinks() {
		if l.Fabric != ir.None {
			kinds[l.Kind.String()] = true
		}
	}
	var out []Group
	nodeGroup := func(id int) Group {
		return Group{Class: class, Name: g.Nodes[id].Name, Failure: ir.Failure{Nodes: []ir.NodeID{ir.NodeID(id)}}}
	}
	switch {
	case class == ClassSwitch || tiers[class] && class != ClassLink:
		for i := range g.Nodes {
			if n := &g.Nodes[i]; n.FabricSwitch() && (class == ClassSwitch || n.TierName() == class) {
				out = append(out, nodeGroup(i))
			}
		}
	case class == ClassLink || kinds[class]:
		for i, l := range g.AllFabricLinks() {
			if l.Fabric != ir.None && (class == ClassLink || l.Kind.String() == class) {
				out = append(out, Group{Class: class, Name: g.LinkName(i), Failure: ir.Failure{Links: []ir.LinkID{i}}})
			}
		}
	case class == ClassServer:
		for i := range g.Nodes {
			if n := &g.Nodes[i]; n.Parent == ir.None && !n.Kind.IsSwitch() && len(g.Children(ir.NodeID(i))) > 0 || n.Kind == ir.KindHost && n.Parent == ir.None && len(n.FabricIDs()) > 0 {
				out = append(out, nodeGroup(i))
			}
		}
	case class == ClassRack:
		out = rackGroups(g)
	case class == ClassCable:
		out = cableGroups(g)
	case declared(g, class):
		var empty []string
		for _, r := range g.RiskGroups {
			switch {
			case r.Class != class:
			case r.Empty():
				empty = append(empty, r.Name)
			default:
				out = append(out, Group{Class: class, Name: r.Name, Failure: ir.Failure{Nodes: r.Nodes, Links: r.Links}})
			}
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("class %q: its risk groups (%s) match no device or link, so failing them fails nothing; see the risk-group-empty warning", class, strings.Join(empty, ", "))
		}
	default:
		out = labelGroups(g, class)
	}
	return out, nil
}

// declared reports whether class is a declared risk group's and no
// derived one's.
func declared(g *ir.Graph, class string) bool {
	for _, c := range g.DerivedRiskClasses() {
		if c == class {
			return false
		}
	}
	for _, r := range g.RiskGroups {
		if r.Class == class {
			return true
		}
	}
	return false
}

// rackGroups fails, per rack of the cable plan, every device mounted in
// it; none without a plan.
func rackGroups(g *ir.Graph) []Group {
	if g.Racking() == nil {
		return nil
	}
	idx := map[int32]int{}
	out := make([]Group, len(g.Racking().Racks))
	for i, r := range g.Racking().Racks {
		idx[r.ID] = i
		out[i] = Group{Class: ClassRack, Name: r.Name}
	}
	for _, m := range g.Racking().Mounts {
		if i, ok := idx[m.Rack]; ok {
			out[i].Failure.Nodes = append(out[i].Failure.Nodes, m.Node)
		}
	}
	return out
}

// labelGroups fails, per rail, plane or unit index, the fabric switches
// that carry it.
func labelGroups(g *ir.Graph, class string) []Group {
	by := map[int32][]ir.NodeID{}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if !n.FabricSwitch() {
			continue
		}
		k := int32(ir.None)
		switch {
		case class == ClassRail:
			k = n.Rail
		case class == ClassPlane:
			k = n.Plane
		case n.UnitName() == class:
			k = n.UnitIndex
		}
		if k != ir.None {
			by[k] = append(by[k], ir.NodeID(i))
		}
	}
	keys := make([]int32, 0, len(by))
	for k := range by {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	out := make([]Group, len(keys))
	for i, k := range keys {
		out[i] = Group{Class: class, Name: class + " " + strconv.Itoa(int(k)), Failure: ir.Failure{Nodes: by[k]}}
	}
	return out
}

// cableGroups returns one group per cable of the plan, in plan order,
// named by its cable id ("compute-0042"), failing the links it carries:
// both legs of a splitter together.
func cableGroups(g *ir.Graph) []Group {
	cb := g.Cabling()
	out := make([]Group, 0, len(cb.Cables))
	for i, c := range cb.Cables {
		links := slices.Clone(cb.Legs[c.Leg0 : c.Leg0+c.Legs])
		out = append(out, Group{Class: ClassCable, Name: g.CableID(i), Failure: ir.Failure{Links: links}})
	}
	return out
}
