package compiler

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// compileRiskGroups resolves the risk_group blocks into ir.RiskGroups,
// after cabling has racked every device: members by name or glob, by
// rack and rack unit, one instance per rack with per_rack, plus the
// members of the groups each names (hierarchy). Errors: a class that
// topoc derives itself, a group name that does not exist, a cycle of
// groups, racks without a cable plan. A group that resolves to no device
// is a risk-group-empty warning.
func compileRiskGroups(s *state) {
	if len(s.cfg.RiskGroups) == 0 {
		return
	}
	g := s.g
	byName := map[string]*lang.RiskGroup{}
	var names []string
	for _, r := range s.cfg.RiskGroups {
		byName[r.Name] = r
		names = append(names, r.Name)
	}
	ok := true
	declared := map[string]string{} // lower case → the class as first written
	for _, r := range s.cfg.RiskGroups {
		c := classOf(r)
		rng := r.Class.Range
		if !r.Class.Set {
			rng = r.DeclRange
		}
		if x := g.ClassTaken(c); x != "" {
			s.diags = append(s.diags, diag.Error(diag.DuplicateName, rng, "Risk-group class taken",
				fmt.Sprintf("risk_group %q is of class %q, which is (or, ignoring case, reads as) %q, a class topoc derives from designs (docs/resilience.md \"Risk groups\"); give it class = \"pdu\", \"cooling_loop\" or another word of your own.", r.Name, c, x)))
			ok = false
		}
		if first, seen := declared[strings.ToLower(c)]; seen && first != c {
			s.diags = append(s.diags, diag.Error(diag.DuplicateName, rng, "Risk-group classes differ only in case",
				fmt.Sprintf("risk_group %q is of class %q, another group of class %q; classes that differ only in case read alike in reports and on the command line. Write one spelling.", r.Name, c, first)))
			ok = false
		} else if !seen {
			declared[strings.ToLower(c)] = c
		}
		for _, child := range r.Groups.V {
			if byName[child] == nil {
				s.diags = append(s.diags, unknown("risk_group", child, r.Groups.Range, names))
				ok = false
			}
		}
		if (r.Racks.Set || r.PerRack.V) && g.Racking() == nil {
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, r.DeclRange, "Risk group by rack without racks",
				fmt.Sprintf("risk_group %q selects devices by rack, but the design has no cable plan to rack them.", r.Name)))
			ok = false
		}
	}
	if !ok || !acyclic(s, byName) {
		return
	}
	mounts := map[int32][]ir.Mount{}
	var racks []ir.Rack
	if g.Racking() != nil {
		racks = g.Racking().Racks
		for _, m := range g.Racking().Mounts {
			mounts[m.Rack] = append(mounts[m.Rack], m)
		}
	}
	// A rack number the plan has not is a typo, not an empty rack.
	for _, r := range s.cfg.RiskGroups {
		for _, n := range r.Racks.V {
			if !slices.ContainsFunc(racks, func(rk ir.Rack) bool { return int64(rk.ID) == n }) {
				s.diags = append(s.diags, diag.Error(diag.InvalidValue, r.Racks.Range, "No such rack",
					fmt.Sprintf("risk_group %q names rack %d, but the cable plan has racks 0 to %d (topoc build --emit cabling lists them in racks.csv).", r.Name, n, len(racks)-1)))
				ok = false
			}
		}
	}
	if !ok {
		return
	}
	// mountOf is each racked device's mount (rack_units reads it).
	mountOf := map[ir.NodeID]ir.Mount{}
	for _, ms := range mounts {
		for _, m := range ms {
			mountOf[m.Node] = m
		}
	}
	// inRacks reports whether device n (a component: its server) is in
	// the racks r narrows to: rack when rack >= 0 (a per_rack instance),
	// else r's racks when given, within r's rack_units when given.
	inRacks := func(r *lang.RiskGroup, rack int32, n ir.NodeID) bool {
		at := g.Nodes[n].Rack
		switch {
		case rack >= 0 && at != rack:
			return false
		case rack < 0 && r.Racks.Set && !containsInt(r.Racks.V, int64(at)):
			return false
		}
		if u := r.RackUnits.V; len(u) == 2 {
			root := n
			for g.Nodes[root].Parent != ir.None {
				root = g.Nodes[root].Parent
			}
			m, ok := mountOf[root]
			return ok && int64(m.U+m.Height-1) >= u[0] && int64(m.U) <= u[1]
		}
		return true
	}
	// links returns the links r names itself (links), limited to those
	// with an end in rack when rack >= 0 (a per_rack instance: the patch
	// panel of each rack).
	links := func(r *lang.RiskGroup, rack int32) []ir.LinkID {
		var out []ir.LinkID
		for _, p := range r.Links.V {
			a, b, _ := ir.LinkPattern(p)
			for _, id := range g.LinksBetween(a, b) {
				if l := g.Link(id); l.Fabric != ir.None && (inRacks(r, rack, l.A.Node) || inRacks(r, rack, l.B.Node)) {
					out = append(out, id)
				}
			}
		}
		return out
	}
	// members returns r's own members (devices, racks) and its children's,
	// limited to rack when rack >= 0 (a per_rack instance), with their
	// links likewise.
	var members func(r *lang.RiskGroup, rack int32) ([]ir.NodeID, []ir.LinkID)
	members = func(r *lang.RiskGroup, rack int32) ([]ir.NodeID, []ir.LinkID) {
		var out []ir.NodeID
		ls := links(r, rack)
		for _, pat := range r.Devices.V {
			for i := range g.Nodes {
				if m, _ := path.Match(pat, g.Nodes[i].Name); m && inRacks(r, rack, ir.NodeID(i)) {
					out = append(out, ir.NodeID(i))
				}
			}
		}
		// Racks alone make their devices members; beside devices,
		// links or groups they only narrow those.
		if (r.Racks.Set || r.PerRack.V) && !r.Devices.Set && !r.Links.Set && !r.Groups.Set {
			for _, rk := range racks {
				if rack >= 0 && rk.ID != rack || r.Racks.Set && !containsInt(r.Racks.V, int64(rk.ID)) {
					continue
				}
				for _, m := range mounts[rk.ID] {
					if u := r.RackUnits.V; len(u) == 2 && (int64(m.U+m.Height-1) < u[0] || int64(m.U) > u[1]) {
						continue
					}
					out = append(out, m.Node)
				}
			}
		}
		for _, c := range r.Groups.V {
			child, at := byName[c], int32(-1)
			if rack >= 0 && child.PerRack.V {
				at = rack
			}
			n, l := members(child, at)
			out, ls = append(out, n...), append(ls, l...)
		}
		return out, ls
	}
	instance := func(name string, r *lang.RiskGroup, rack int32, origin ir.OriginID) ir.RiskGroup {
		n, l := members(r, rack)
		slices.Sort(l)
		return ir.RiskGroup{Name: name, Class: classOf(r), Nodes: unique(n), Links: slices.Compact(l), Origin: origin}
	}
	for _, r := range s.cfg.RiskGroups {
		origin := g.Origin(r.DeclRange)
		var inst []ir.RiskGroup
		if r.PerRack.V {
			for _, rk := range racks {
				if r.Racks.Set && !containsInt(r.Racks.V, int64(rk.ID)) {
					continue
				}
				inst = append(inst, instance(r.Name+" "+rk.Name, r, rk.ID, origin))
			}
		} else {
			inst = append(inst, instance(r.Name, r, -1, origin))
		}
		empty := 0
		for _, x := range inst {
			if x.Empty() {
				empty++
			}
		}
		// A per_rack group may well be empty in some racks (PDU B of a
		// half-filled rack); only one empty everywhere is a mistake, and
		// in a group that has members, a pattern that matches nothing.
		if empty < len(inst) {
			s.unmatchedPatterns(r)
		}
		if empty == len(inst) {
			what := fmt.Sprintf("risk_group %q matches no device or link", r.Name)
			if len(inst) > 1 {
				what = fmt.Sprintf("risk_group %q matches no device or link in any of its %d racks", r.Name, len(inst))
			}
			s.diags = append(s.diags, diag.Warning(diag.RiskGroupEmpty, r.DeclRange, "Risk group without members",
				what+", so failing it fails nothing. Check the device names (globs match whole names, and * does not cross a /: \"su0/leaf*\", \"*/leaf*\"), the link patterns (\"A--B\", fabric links only; a server's link ends at its NIC, \"su0/node03/*\"), the rack numbers and rack_units against the cabling plan's racks."))
			// Kept without members, so that its class exists and a sweep
			// over it says why it has nothing to fail.
			g.RiskGroups = append(g.RiskGroups, ir.RiskGroup{Name: r.Name, Class: classOf(r), Origin: origin})
		}
		for _, x := range inst {
			if !x.Empty() {
				g.RiskGroups = append(g.RiskGroups, x)
			}
		}
	}
}

// classOf is a risk group's class: its class argument, else its name.
func classOf(r *lang.RiskGroup) string {
	if r.Class.Set && r.Class.V != "" {
		return r.Class.V
	}
	return r.Name
}

// acyclic reports a risk group that contains itself through groups (an
// error at the first group of the cycle met), and whether there is none.
func acyclic(s *state, byName map[string]*lang.RiskGroup) bool {
	state := map[string]int{} // 1 on the path, 2 done
	reported := map[string]bool{}
	ok := true
	var visit func(n string, trail []string)
	visit = func(n string, trail []string) {
		state[n] = 1
		trail = append(trail, n)
		for _, c := range byName[n].Groups.V {
			switch state[c] {
			case 0:
				visit(c, trail)
			case 1: // n names c back: the cycle runs from c along the trail
				cycle := append([]string{}, trail[slices.Index(trail, c):]...)
				key := slices.Clone(cycle)
				sort.Strings(key)
				ok = false
				if k := strings.Join(key, "\x00"); !reported[k] {
					reported[k] = true
					s.diags = append(s.diags, diag.Error(diag.InvalidValue, byName[n].Groups.Range, "Risk groups in a cycle",
						fmt.Sprintf("risk_group %q contains itself through groups: %s. A group's children must not name it back.", c, strings.Join(append(cycle, c), " → "))))
				}
			}
		}
		state[n] = 2
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if state[n] == 0 {
			visit(n, nil)
		}
	}
	return ok
}

func containsInt(xs []int64, x int64) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// unique sorts ids and drops repeats.
func unique(ids []ir.NodeID) []ir.NodeID {
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	out := ids[:0]
	for i, x := range ids {
		if i == 0 || x != ids[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// unmatchedPatterns reports (risk-group-empty) each devices or links
// pattern of r that matches nothing in the whole design, as --fail
// refuses one: a typo there would model a tray or a PDU smaller than
// meant, and the group would still fail its other members.
func (s *state) unmatchedPatterns(r *lang.RiskGroup) {
	g := s.g
	for _, p := range r.Devices.V {
		if !slices.ContainsFunc(g.Nodes, func(n ir.Node) bool { ok, _ := path.Match(p, n.Name); return ok }) {
			s.diags = append(s.diags, diag.Warning(diag.RiskGroupEmpty, r.Devices.Range, "Device pattern matches nothing",
				fmt.Sprintf("risk_group %q: devices holds %q, which matches no device of the design (globs match whole names, and * does not cross a /: \"su0/leaf*\", \"*/leaf*\").", r.Name, p)))
		}
	}
	for _, p := range r.Links.V {
		a, b, _ := ir.LinkPattern(p)
		if !slices.ContainsFunc(g.LinksBetween(a, b), func(id ir.LinkID) bool { return g.Link(id).Fabric != ir.None }) {
			s.diags = append(s.diags, diag.Warning(diag.RiskGroupEmpty, r.Links.Range, "Link pattern matches nothing",
				fmt.Sprintf("risk_group %q: links holds %q, which matches no fabric link (a device name or glob at each end; * does not cross a /, and a server's link ends at its NIC: \"su0/node03/*--su0/leaf*\").", r.Name, p)))
		}
	}
}
