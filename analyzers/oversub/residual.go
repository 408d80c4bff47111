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
// what-if sweep can ask it for every scenario. f must be Analyze's result
// for the same g; nil when it holds no scan.
func ResidualTiers(g *ir.Graph, f *Fabric, dead []bool, failed []ir.LinkID) []Tier {
	s := f.scan
	if s == nil {
		return nil
	}
	r := *s
	r.switches = append([]Switch(nil), s.switches...)
	seen := map[ir.LinkID]bool{}
	for _, id := range failed {
		l := &g.Links[id]
		if seen[id] || l.Fabric == ir.None || &g.Fabrics[l.Fabric] != s.fab {
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
	return tiers(g, &r)
}
