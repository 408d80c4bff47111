package compiler

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// labelMatcher answers whether a node carries the labels of a flow's
// selector ({ su = 0, rail = 3 }).
//
// A switch carries its own labels. An endpoint (a host, a NIC, a server)
// carries its own rail, plane, rack, model and role, and belongs to a
// unit when every fabric switch it is cabled to (a server: through its
// components) belongs to it: the servers of scalable unit 0 are those
// whose leaves are all in su 0. A selector that names a tier selects
// switches, one that does not endpoints ({ su = 0 } is SU 0's servers,
// { su = 0, tier = "leaf" } its leaves). Components match only selectors
// naming a label of their own (matches).
type labelMatcher struct {
	g     *ir.Graph
	adj   ir.Adjacency
	units map[string]bool // the unit kinds switches carry
	// access caches each endpoint's unit: "" when it reaches no switch or
	// switches of several units, else "kind index".
	access map[ir.NodeID]string
}

func newLabelMatcher(g *ir.Graph) *labelMatcher {
	m := &labelMatcher{g: g, adj: g.Adjacency(), units: map[string]bool{}, access: map[ir.NodeID]string{}}
	for i := range g.Nodes {
		if n := &g.Nodes[i]; n.FabricSwitch() && n.UnitName() != "" {
			m.units[n.UnitName()] = true
		}
	}
	return m
}

// check reports a selector that names an unknown label or a label whose
// value is not a whole number where one is needed, at rng.
func (m *labelMatcher) check(sels []map[string]string, rng hcl.Range) *hcl.Diagnostic {
	for _, sel := range sels {
		for _, k := range keys(sel) {
			v := sel[k]
			switch {
			case k == "tier" || k == "model" || k == "role":
			case k == "rail" || k == "plane" || k == "rack" || m.units[k]:
				if _, err := strconv.Atoi(v); err != nil {
					return diag.Error(diag.InvalidValue, rng, "Invalid label value",
						fmt.Sprintf("%s = %q: a %s is an index from 0, a whole number.", k, v, k))
				}
			default:
				known := slices.Clone(lang.FlowLabelKeys)
				for u := range m.units {
					known = append(known, u)
				}
				sort.Strings(known)
				detail := fmt.Sprintf("No label %q in this design.", k)
				if s := suggest(k, known); s != "" {
					detail += fmt.Sprintf(" Did you mean %q?", s)
				}
				detail += " A selector names " + strings.Join(known, ", ") + "."
				return diag.Error(diag.UnknownReference, rng, "Unknown label", detail)
			}
		}
	}
	return nil
}

// matches reports whether node id carries every label of sel. A server's
// component (a NIC, a GPU) matches only a selector that names a label of
// its own (rail, plane, model, role): one of rack or unit alone selects
// the servers, which stand for their NICs.
func (m *labelMatcher) matches(id ir.NodeID, sel map[string]string) bool {
	n := &m.g.Nodes[id]
	if _, tier := sel["tier"]; tier != n.Kind.IsSwitch() {
		return false // tier selects switches, its absence endpoints
	}
	if n.Parent != ir.None {
		own := false
		for _, k := range []string{"rail", "plane", "model", "role"} {
			_, has := sel[k]
			own = own || has
		}
		if !own {
			return false
		}
	}
	index := func(x int32, v string) bool { return x != ir.None && strconv.Itoa(int(x)) == v }
	for k, v := range sel {
		var ok bool
		switch k {
		case "tier":
			ok = n.TierName() == v
		case "model":
			ok = n.ModelName() == v
		case "role":
			ok = string(n.RoleName()) == v
		case "rail":
			ok = index(n.Rail, v)
		case "plane":
			ok = index(n.Plane, v)
		case "rack":
			ok = index(n.Rack, v)
		default: // a unit kind
			if n.Kind.IsSwitch() {
				ok = n.UnitName() == k && index(n.UnitIndex, v)
			} else {
				ok = m.unitOf(id) == k+" "+v
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// unitOf is the unit of endpoint id: "kind index" when every fabric
// switch it or its components are cabled to carries that one unit.
func (m *labelMatcher) unitOf(id ir.NodeID) string {
	if u, ok := m.access[id]; ok {
		return u
	}
	g := m.g
	unit, mixed := "", false
	for _, x := range append([]ir.NodeID{id}, g.Children(id)...) {
		for _, l := range m.adj.Of(x) {
			lk := g.Link(l)
			if lk.Fabric == ir.None {
				continue
			}
			o := lk.A.Node
			if o == x {
				o = lk.B.Node
			}
			on := &g.Nodes[o]
			if !on.FabricSwitch() {
				continue
			}
			u := ""
			if on.UnitName() != "" && on.UnitIndex != ir.None {
				u = on.UnitName() + " " + strconv.Itoa(int(on.UnitIndex))
			}
			if unit == "" && !mixed {
				unit = u
			}
			if u != unit || u == "" {
				mixed = true
			}
		}
	}
	if mixed {
		unit = ""
	}
	m.access[id] = unit
	return unit
}
