package oversub

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
)

// level is one declared unit level of a fabric: a Clos "unit" block
// (servers per unit from the fabric's servers_per_<name> parameter), or a
// unit label the generator puts on switches (fat-tree "pod", dragonfly
// "group"; servers 0 when unknown).
type level struct {
	name    string
	servers int64
}

// levels lists the fabric's unit levels, innermost first.
func (s *scanned) levels() []level {
	var out []level
	for _, p := range s.fab.Params {
		if name, ok := strings.CutPrefix(p.Name, "servers_per_"); ok {
			out = append(out, level{name, p.Value})
		}
	}
	for _, sw := range s.switches {
		u := s.g.Nodes[sw.Node].UnitName()
		if u != "" && !hasLevel(out, u) {
			out = append(out, level{u, 0})
		}
	}
	return out
}

func hasLevel(ls []level, name string) bool {
	for _, l := range ls {
		if l.name == name {
			return true
		}
	}
	return false
}

// unitAt returns the index of the level-L unit that holds node n, or -1.
// A switch labelled with a finer unit lies in the coarser unit that holds
// its servers (su s of 32 servers is in pod s·32/128); a switch labelled
// with a coarser unit, or none, spans the finer units and is in none.
func unitAt(n *ir.Node, ls []level, L int) int32 {
	if n.UnitName() == "" || n.UnitIndex < 0 {
		return -1
	}
	for l := range ls {
		if ls[l].name != n.UnitName() {
			continue
		}
		switch {
		case l == L:
			return n.UnitIndex
		case l < L && ls[l].servers > 0 && ls[L].servers > 0:
			return int32(int64(n.UnitIndex) * ls[l].servers / ls[L].servers)
		}
		return -1
	}
	return -1
}

// kind is one way of cutting the fabric into units: of gives the unit of
// each switch (by index in scanned.switches), -1 for none.
type kind struct {
	name   string
	detail bool
	of     []int32
	// label names unit i of n.
	label func(i, n int) string
	// railScoped marks the kinds of one unit's switches of one rail;
	// access marks the access-switch kind. Both feed Rails.IntraRail.
	railScoped, access bool
}

// indexed returns prefix followed by i, zero-padded to the width of n−1
// (docs/reference/design-brief.md "Names").
func indexed(prefix string, i, n int) string {
	w := len(strconv.Itoa(max(n-1, 0)))
	s := strconv.Itoa(i)
	return prefix + strings.Repeat("0", max(0, w-len(s))) + s
}

// kinds lists the unit kinds of the fabric in report order: access
// switches, declared levels, rails, each level per rail, planes.
func (s *scanned) kinds() []kind {
	g, sws := s.g, s.switches
	ofSwitch := func(f func(n *ir.Node) int32) []int32 {
		out := make([]int32, len(sws))
		for i, sw := range sws {
			out[i] = f(&g.Nodes[sw.Node])
		}
		return out
	}
	bottom := "switch"
	if len(s.tierNames) > 0 {
		bottom = s.tierNames[0]
	}
	access := kind{name: bottom, access: true, label: func(i, _ int) string { return g.Nodes[sws[i].Node].Name }}
	access.of = make([]int32, len(sws))
	for i := range access.of {
		access.of[i] = int32(i)
	}
	out := []kind{access}
	if s.fab.Composite() {
		// A composite fabric's units are its member fabrics (zones):
		// the members' own unit labels restart in each, so pod 0 of one
		// zone is not pod 0 of another.
		return append(out, kind{name: "zone", detail: true, label: func(i, _ int) string { return g.Fabrics[s.fab.Members[i]].Name },
			of: ofSwitch(func(n *ir.Node) int32 {
				for z, m := range s.fab.Members {
					if slices.Contains(n.FabricIDs(), m) {
						return int32(z)
					}
				}
				return -1
			})})
	}
	ls := s.levels()
	for L, lv := range ls {
		out = append(out, kind{name: lv.name, detail: true, label: prefixLabel(s.fab.NamePrefix, lv.name),
			of: ofSwitch(func(n *ir.Node) int32 { return unitAt(n, ls, L) })})
	}
	rails := s.count("rails", func(n *ir.Node) int32 { return n.Rail })
	if rails > 1 {
		rail := ofSwitch(func(n *ir.Node) int32 { return n.Rail })
		out = append(out, kind{name: "rail", detail: true, label: prefixLabel(s.fab.NamePrefix, "rail"), of: rail})
		for _, k := range out[1 : 1+len(ls)] {
			of := make([]int32, len(sws))
			for i := range of {
				of[i] = -1
				if k.of[i] >= 0 && rail[i] >= 0 {
					of[i] = k.of[i]*int32(rails) + rail[i]
				}
			}
			out = append(out, kind{name: k.name + "_rail", of: of, railScoped: true,
				label: func(i, n int) string {
					return s.fab.NamePrefix + indexed(k.name, i/rails, (n+rails-1)/rails) + "/" + indexed("rail", i%rails, rails)
				}})
		}
	}
	if planes := s.count("planes", func(n *ir.Node) int32 { return n.Plane }); planes > 1 {
		out = append(out, kind{name: "plane", detail: true, label: prefixLabel(s.fab.NamePrefix, "plane"),
			of: ofSwitch(func(n *ir.Node) int32 { return n.Plane })})
	}
	return out
}

// prefixLabel names unit i of n of kind p ("pod03"), after the fabric's
// name prefix where its switch names carry one ("ft2/pod03").
func prefixLabel(fabricPrefix, p string) func(i, n int) string {
	return func(i, n int) string { return fabricPrefix + indexed(p, i, n) }
}

// count returns the fabric parameter param, or else one more than the
// largest label among its switches.
func (s *scanned) count(param string, label func(*ir.Node) int32) int {
	if v, ok := s.fab.Param(param); ok {
		return int(v)
	}
	n := 0
	for _, sw := range s.switches {
		n = max(n, int(label(&s.g.Nodes[sw.Node]))+1)
	}
	return n
}

// tally is the endpoints, injection and leaving capacity of every unit of
// one kind.
type tally struct {
	eps              []int
	inj, leave, glob []float64
	// joined is set when a link joins switches of two different units
	// of a kind wider than one access switch (a dragonfly's global
	// links between groups), so that a set of units, or of one unit and
	// part of another, keeps links inside and can taper more than any
	// one unit: three groups of a dragonfly whose bisection takes one
	// and a half. In a tree of units (leaves in racks, racks in pods)
	// every link leaving a unit ends on a switch of no unit of its kind
	// (a spine above the pods), and no set tapers more than its worst
	// unit.
	joined bool
}

// measure sums, per unit of each kind of ks, its endpoints' injection
// and the capacity of the links with exactly one end in it (see Unit),
// and tells whether units of the kind are joined directly: all kinds in
// one pass over the links, each of which a pass per kind, and another
// per kind for the joins, read again (six kinds, 393,216 links at
// 131,072 GPUs).
func (s *scanned) measure(ks []kind) []tally {
	ts := make([]tally, len(ks))
	for i, k := range ks {
		n := 0
		for _, u := range k.of {
			n = max(n, int(u)+1)
		}
		ts[i] = tally{eps: make([]int, n), inj: make([]float64, n), leave: make([]float64, n), glob: make([]float64, n)}
	}
	for _, ep := range s.eps {
		if a := ep.access; a >= 0 {
			for i, k := range ks {
				if u := k.of[a]; u >= 0 {
					ts[i].eps[u]++
					ts[i].inj[u] += ep.injection
				}
			}
		}
	}
	cross := func(ua, ub int32, c float64, into []float64) {
		if ua == ub {
			return
		}
		if ua >= 0 {
			into[ua] += c
		}
		if ub >= 0 {
			into[ub] += c
		}
	}
	for _, el := range s.epLinks {
		c, a := s.g.Link(el.link).CapacityBPS, s.eps[el.ep].access
		for i, k := range ks {
			ua := int32(-1)
			if a >= 0 {
				ua = k.of[a]
			}
			cross(ua, k.of[el.sw], c, ts[i].leave)
		}
	}
	for _, id := range s.ssLinks {
		l := s.g.Link(id)
		a, b := s.swIdx.Get(l.A.Node), s.swIdx.Get(l.B.Node)
		for i, k := range ks {
			ua, ub := k.of[a], k.of[b]
			cross(ua, ub, l.CapacityBPS, ts[i].leave)
			if l.Kind == ir.LinkGlobal {
				cross(ua, ub, l.CapacityBPS, ts[i].glob)
			}
			if !k.access && ua >= 0 && ub >= 0 && ua != ub {
				ts[i].joined = true
			}
		}
	}
	return ts
}

// worst tracks the largest ratio seen and the first unit that has it.
type worst struct {
	ratio float64
	ref   *UnitRef
}

func (w *worst) see(r float64, ref UnitRef) {
	if w.ref == nil || round(r) > round(w.ratio) {
		w.ratio, w.ref = r, &ref
	}
}

// The values of Fabric.Basis.
const (
	// BasisUnits: EndToEnd is the worst unit holding endpoints.
	BasisUnits = "units"
	// BasisPerSwitch: no unit above the access switches is known, so
	// EndToEnd is only the worst access switch.
	BasisPerSwitch = "per_switch"
)

// noUnitNote begins the Note of an end to end that no unit above the
// access switches decides.
const noUnitNote = "no unit above the access switches, so only the worst access switch is known"

// fullMesh reports whether the fabric's two tiers form full meshes: every
// switch of the lower tier sends the same capacity to each switch of the
// upper tier it reaches, and two lower switches reach the same upper
// switches or none in common (planes and rails are separate meshes). Then
// no set of switches tapers more than its worst access switch, and that
// switch's ratio is the fabric's end to end. In a partial mesh (leaves
// that share some spines but not all) a set of leaves and the spines they
// share can taper more, so the per-switch figure is only a lower bound.
func (s *scanned) fullMesh() bool {
	g := s.g
	lower, upper := s.tierNames[0], s.tierNames[1]
	capTo := map[int32]map[int32]float64{} // lower switch → upper switch → capacity
	for _, id := range s.ssLinks {
		l := g.Link(id)
		a, b := s.swIdx.Get(l.A.Node), s.swIdx.Get(l.B.Node)
		if g.Nodes[l.A.Node].TierName() == upper {
			a, b = b, a
		}
		if g.Nodes[s.switches[a].Node].TierName() != lower || g.Nodes[s.switches[b].Node].TierName() != upper {
			continue
		}
		if capTo[a] == nil {
			capTo[a] = map[int32]float64{}
		}
		capTo[a][b] += l.CapacityBPS
	}
	owner := map[int32]string{} // upper switch → the set of uppers it was reached in
	for i, sw := range s.switches {
		if g.Nodes[sw.Node].TierName() != lower {
			continue
		}
		ups := make([]int32, 0, len(capTo[int32(i)]))
		for u := range capTo[int32(i)] {
			ups = append(ups, u)
		}
		slices.Sort(ups)
		key := fmt.Sprint(ups)
		for _, u := range ups {
			if capTo[int32(i)][u] != capTo[int32(i)][ups[0]] {
				return false // uneven over the switches it reaches
			}
			if k, seen := owner[u]; seen && k != key {
				return false // overlapping but different sets: a partial mesh
			}
			owner[u] = key
		}
	}
	return true
}

// plural names units of a kind: "groups", "pods", "SUs".
func plural(kind string) string {
	if len(kind) <= 2 {
		return strings.ToUpper(kind) + "s"
	}
	return kind + "s"
}

// units fills the unit fields of out: Units, UnitDetail, EndToEnd, Basis,
// WorstUnit, Note, Rails and GlobalTaper.
func (s *scanned) units(out *Fabric) {
	out.Basis = BasisUnits
	out.ServerTransit = s.fab.Transit.Names()
	var all, intra, cross worst
	anyUp := false
	for _, sw := range s.switches {
		anyUp = anyUp || sw.UpBPS > 0
	}
	rails := 0
	crossClosed := false
	wider := false // a unit kind wider than one access switch holds endpoints
	joined := ""   // a unit kind whose units are linked to each other directly
	ks := s.kinds()
	tallies := s.measure(ks)
	for ki, k := range ks {
		t := tallies[ki]
		// A composite's zones are left out: its joining links are what
		// the zones' end to end measures (fire-flyer-2's 198:1 per zone).
		// That a set straddling two zones tapers no more than the worse
		// zone is not proven here; a modelling assumption.
		if joined == "" && !s.fab.Composite() && t.joined {
			joined = k.name
		}
		uk := UnitKind{Kind: k.name, Distribution: []RatioCount{}}
		var ratios []float64
		var kw worst
		for i := range t.eps {
			if t.eps[i] == 0 {
				continue
			}
			uk.Count++
			ref := UnitRef{Kind: k.name, Name: k.label(i, len(t.eps))}
			u := Unit{Kind: k.name, Name: ref.Name, Index: i, Endpoints: t.eps[i], InjectionBPS: t.inj[i], LeavingBPS: t.leave[i]}
			if t.leave[i] > 0 {
				r := t.inj[i] / t.leave[i]
				u.Ratio = ptr(r)
				ratios = append(ratios, r)
				kw.see(r, ref)
				all.see(r, ref)
				if k.railScoped || (k.access && s.g.Nodes[s.switches[i].Node].Rail >= 0) {
					intra.see(r, ref)
				}
				if k.name == "rail" {
					cross.see(r, ref)
				}
				if s.fab.Family == ir.FamilyDragonfly && k.name == "group" && t.glob[i] > 0 {
					taper := t.inj[i] / t.glob[i]
					if out.GlobalTaper == nil || taper > *out.GlobalTaper {
						out.GlobalTaper = ptr(taper)
					}
				}
			} else {
				uk.Closed++
			}
			if k.detail {
				out.UnitDetail = append(out.UnitDetail, u)
			}
		}
		if uk.Count == 0 {
			continue
		}
		wider = wider || !k.access
		if kw.ref != nil {
			mn := ratios[0]
			for _, r := range ratios {
				mn = min(mn, r)
			}
			uk.Min, uk.Max, uk.Worst, uk.Distribution = ptr(mn), ptr(kw.ratio), kw.ref.Name, distribution(ratios)
		}
		if k.name == "rail" {
			rails = len(t.eps)
			crossClosed = kw.ref == nil
		}
		out.Units = append(out.Units, uk)
	}
	switch {
	case len(s.fab.Endpoints) == 0:
		out.Note = "the fabric has no endpoints"
	case all.ref != nil:
		out.EndToEnd, out.WorstUnit = ptr(all.ratio), all.ref
		partial := len(s.tierNames) == 2 && !s.fullMesh()
		if s.fab.Family == ir.FamilyTorus {
			out.Basis = BasisPerSwitch
			out.Note = "a direct network: each router's terminal injection ÷ its links to other routers; a block of routers tapers by its surface, which the bisection ratio measures"
			break
		}
		if joined != "" {
			// A union of units linked directly keeps the links between
			// them inside: two dragonfly groups inject twice one group's
			// traffic over less than twice its global links (oracle
			// trial 60: dragonfly-small read 1:1 end to end, its groups
			// 1:1 each, while half of it tapers 1.8:1).
			out.Basis = BasisPerSwitch
			out.Note = fmt.Sprintf("%s are linked to each other directly, so a set of them tapers more than any one", plural(joined))
			break
		}
		if partial || !wider && len(s.tierNames) != 2 {
			out.Basis = BasisPerSwitch
			out.Note = noUnitNote + "; a set of switches can taper more"
			if partial {
				out.Note = "a partial mesh (some access switches reach only some of the switches above, or unevenly), so a set of access switches and the switches they share can taper more than any one unit"
			} else if s.fab.Family == ir.FamilyCustom {
				out.Note += ": label the switches with their pod, su, group or zone to measure end to end"
			}
		}
	case !anyUp:
		out.EndToEnd = ptr(1)
		out.Note = "single stage: every endpoint's links end on switches without uplinks, so traffic turns around in one switch tier and is not tapered"
	default:
		out.Note = "no unit holding endpoints has capacity leaving it"
	}
	if rails > 1 {
		out.Rails = &Rails{Rails: rails}
		if intra.ref != nil {
			out.Rails.IntraRail = ptr(intra.ratio)
		}
		if cross.ref != nil {
			out.Rails.CrossRail = ptr(cross.ratio)
		} else if crossClosed && s.fab.Transit != 0 {
			out.Rails.Note = "no fabric link leaves any rail; the design's server transit (" + strings.Join(s.fab.Transit.Names(), ", ") +
				") relays cross-rail traffic inside the source server to its NIC on the destination's rail, where it shares that rail's capacity (the intra-rail ratio)"
		} else if crossClosed {
			out.Rails.Note = "no fabric link leaves any rail: rails meet only inside the servers (NVLink or PCIe), so cross-rail traffic cannot cross this fabric"
		}
	}
}
