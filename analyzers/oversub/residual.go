package oversub

import "github.com/topoc/topoc/compiler/ir"

// ResidualTiers returns the tiers of f (as Fabric.Tiers, the same
// definitions) after a failure: dead marks the failed nodes of g (by
// NodeID) and failed lists the failed links, those of failed nodes
// included (a link may be listed twice; it counts once). Each switch's
// sums are its intact ones less its failed links, each in the direction
// Analyze gave it (a link to an endpoint is down; between switches by
// tier); a failed switch drops out. It costs the failed links and one
// pass over the fabric's switches, not a pass over the links, so a
// what-if sweep can ask it for every scenario. A tier of f whose
// surviving switches all lost their uplinks is listed with them counted
// in WithoutUplinks and no ratio. f must be Analyze's result for the
// same g; nil when it holds no scan.
func ResidualTiers(g *ir.Graph, f *Fabric, dead []bool, failed []ir.LinkID) []Tier {
	s := f.scan
	if s == nil {
		return nil
	}
	r := *s
	r.switches = append([]Switch(nil), s.switches...)
	seen := map[ir.LinkID]bool{}
	for _, id := range failed {
		l := g.Link(id)
		if seen[id] || l.Fabric == ir.None || !g.InFabric(&l, s.fid) {
			continue
		}
		seen[id] = true
		a, b := s.swIdx.Get(l.A.Node), s.swIdx.Get(l.B.Node)
		switch {
		case a >= 0 && b >= 0:
			r.classify(a, s.level[a], s.level[b], -l.CapacityBPS)
			r.classify(b, s.level[b], s.level[a], -l.CapacityBPS)
		case a >= 0:
			r.switches[a].DownBPS -= l.CapacityBPS
		case b >= 0:
			r.switches[b].DownBPS -= l.CapacityBPS
		}
	}
	live := r.switches[:0]
	for _, sw := range r.switches {
		if !dead[sw.Node] {
			live = append(live, sw)
		}
	}
	r.switches = live
	out := tiers(g, &r)
	// A tier whose every surviving switch lost its uplinks has no ratio
	// left, but it is not gone: it appears with those switches counted.
	for _, t := range f.Tiers {
		found := false
		for _, x := range out {
			found = found || x.Tier == t.Tier
		}
		if found {
			continue
		}
		x := Tier{Tier: t.Tier, Distribution: []RatioCount{}}
		for _, sw := range live {
			if sw.Tier == t.Tier && sw.DownBPS > 0 {
				x.WithoutUplinks++
				x.DownBPS += sw.DownBPS
			}
		}
		if x.WithoutUplinks > 0 {
			out = append(out, x)
		}
	}
	return out
}

// UnitRatio is one unit kind's worst end-to-end ratio (Unit: endpoint
// injection ÷ capacity leaving the unit) after a failure.
type UnitRatio struct {
	// Kind is the unit kind (su, pod, group, rail, plane, su_rail, …;
	// the access-switch kind is left out: Tiers covers it).
	Kind string
	// Ratio is the worst ratio over the kind's units that still inject
	// and have capacity leaving them; Worst names the first unit with it
	// ("" when no unit has both). IntactRatio is the intact design's
	// worst over the same kind.
	Ratio, IntactRatio float64
	Worst              string
	// CutOff counts units that still inject but have nothing left
	// leaving them, though something left them intact: their traffic to
	// the rest of the fabric has no path (an infinite ratio).
	CutOff int
	// Closed is true when no unit of the kind with endpoints had
	// anything leaving it intact (planes joined only through the
	// servers): the kind has no ratio, and Ratio and IntactRatio are 0.
	Closed bool
}

// unitBase is what ResidualUnits reads for every scenario, built once
// per fabric: the unit kinds wider than one access switch, their intact
// tallies, and each link's place in the scan's link lists.
type unitBase struct {
	kinds   []kind
	tallies []tally
	intact  []float64
	// epAt and ssAt give, per link of the graph, its index in epLinks
	// or ssLinks, or -1.
	epAt, ssAt []int32
}

func (s *scanned) unitBase() *unitBase {
	s.base.once.Do(func() {
		b := &unitBase{epAt: make([]int32, s.g.NumLinks()), ssAt: make([]int32, s.g.NumLinks())}
		for i := range b.epAt {
			b.epAt[i], b.ssAt[i] = -1, -1
		}
		for i, el := range s.epLinks {
			b.epAt[el.link] = int32(i)
		}
		for i, id := range s.ssLinks {
			b.ssAt[id] = int32(i)
		}
		var wider []kind
		for _, k := range s.kinds() {
			if !k.access {
				wider = append(wider, k)
			}
		}
		for i, t := range s.measure(wider) {
			k := wider[i]
			w := 0.0
			for u := range t.eps {
				if t.eps[u] > 0 && t.leave[u] > 0 {
					w = max(w, t.inj[u]/t.leave[u])
				}
			}
			b.kinds, b.tallies, b.intact = append(b.kinds, k), append(b.tallies, t), append(b.intact, w)
		}
		s.base.b = b
	})
	return s.base.b
}

// ResidualUnits returns, per unit kind of f wider than one access switch
// (in report order), its worst ratio after a failure: failed lists the
// failed links, those of failed nodes included (a link listed twice
// counts once). Each unit's injection loses its endpoints' failed links
// and its leaving capacity the failed links with one end in it, so a
// scenario costs its failed links and one pass over the units. f must be
// Analyze's result for g; nil when it holds no scan or no such kind.
func ResidualUnits(g *ir.Graph, f *Fabric, failed []ir.LinkID) []UnitRatio {
	s := f.scan
	if s == nil {
		return nil
	}
	b := s.unitBase()
	if len(b.kinds) == 0 {
		return nil
	}
	type delta struct{ inj, leave float64 }
	ds := make([]map[int32]delta, len(b.kinds))
	for k := range ds {
		ds[k] = map[int32]delta{}
	}
	add := func(k int, u int32, inj, leave float64) {
		if u >= 0 {
			d := ds[k][u]
			d.inj, d.leave = d.inj+inj, d.leave+leave
			ds[k][u] = d
		}
	}
	seen := map[ir.LinkID]bool{}
	for _, id := range failed {
		if seen[id] {
			continue
		}
		seen[id] = true
		c := g.Link(id).CapacityBPS
		if i := b.epAt[id]; i >= 0 {
			el := s.epLinks[i]
			for k, kd := range b.kinds {
				ue, us := int32(-1), kd.of[el.sw]
				if a := s.eps[el.ep].access; a >= 0 {
					ue = kd.of[a]
				}
				add(k, ue, -c, 0)
				if ue != us {
					add(k, ue, 0, -c)
					add(k, us, 0, -c)
				}
			}
		} else if i := b.ssAt[id]; i >= 0 {
			l := g.Link(s.ssLinks[i])
			for k, kd := range b.kinds {
				ua, ub := kd.of[s.swIdx.Get(l.A.Node)], kd.of[s.swIdx.Get(l.B.Node)]
				if ua != ub {
					add(k, ua, 0, -c)
					add(k, ub, 0, -c)
				}
			}
		}
	}
	out := make([]UnitRatio, 0, len(b.kinds))
	for k, kd := range b.kinds {
		t := &b.tallies[k]
		r := UnitRatio{Kind: kd.name, IntactRatio: b.intact[k], Closed: true}
		for u := range t.eps {
			r.Closed = r.Closed && !(t.eps[u] > 0 && t.leave[u] > 0)
		}
		found := false
		for u := range t.eps {
			if t.eps[u] == 0 || t.leave[u] <= 0 {
				continue // no endpoints, or closed intact
			}
			d := ds[k][int32(u)]
			inj, leave := t.inj[u]+d.inj, t.leave[u]+d.leave
			if inj <= t.inj[u]*1e-9 {
				continue // every endpoint link failed
			}
			if leave <= t.leave[u]*1e-9 {
				r.CutOff++
				continue
			}
			if q := inj / leave; !found || round(q) > round(r.Ratio) {
				r.Ratio, r.Worst, found = q, kd.label(u, len(t.eps)), true
			}
		}
		out = append(out, r)
	}
	return out
}
