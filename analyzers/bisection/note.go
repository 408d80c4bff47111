package bisection

import (
	"fmt"
	"math"
	"slices"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// indivisibleNote explains a tiered fabric whose bisection falls short of
// full although no switch is oversubscribed (every switch below the top
// has at least as much capacity up as down): the shortfall then comes
// from a split that cannot follow the structure. The check names the
// first tier (bottom-up) that has a switch whose links down spread
// unevenly over the units below it (a core's 64 links over 6 pods: 10 or
// 11 per pod), so that no balanced split of the units halves every such
// switch's links. It returns "" when the fabric is not tiered, some
// switch is oversubscribed, or no such tier exists (the cause is then
// elsewhere, and the note would be a guess).
func (m *model) indivisibleNote(r *Fabric) string {
	g := m.g
	tiers := m.fab.Tiers
	if len(tiers) < 2 || m.fab.Family == ir.FamilyDragonfly || r.UpperBoundRatio >= 1-FullBisectionTolerance || r.HalfInjectionBPS == 0 {
		return ""
	}
	rank := map[string]int{}
	for i, t := range tiers {
		rank[t] = i
	}
	rankOf := func(n ir.NodeID) int {
		nd := &g.Nodes[n]
		if r, ok := rank[nd.TierName()]; ok && nd.Kind.IsSwitch() {
			return r + 1
		}
		return 0 // endpoints and server parts are below every tier
	}
	if m.taperedSwitch(rankOf) {
		return "" // a tapered switch explains a shortfall, so no note is due
	}
	// perUnit[sw][u] counts switch sw's links down to switches of unit u.
	perUnit := map[ir.NodeID]map[int32]int{}
	unitName := ""
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		a, b := l.A.Node, l.B.Node
		if ra, rb := rankOf(a), rankOf(b); ra == rb {
			continue
		} else if ra < rb {
			a, b = b, a // a is the upper end
		}
		if nb := &g.Nodes[b]; nb.Kind.IsSwitch() && nb.UnitName() != "" && nb.UnitIndex >= 0 && g.Nodes[a].UnitName() != nb.UnitName() {
			if unitName == "" {
				unitName = nb.UnitName()
			}
			if nb.UnitName() == unitName {
				if perUnit[a] == nil {
					perUnit[a] = map[int32]int{}
				}
				perUnit[a][nb.UnitIndex]++
			}
		}
	}
	units := map[int32]bool{}
	for _, pu := range perUnit {
		for u := range pu {
			units[u] = true
		}
	}
	if len(units) < 2 {
		return ""
	}
	sws := make([]ir.NodeID, 0, len(perUnit))
	for sw := range perUnit {
		sws = append(sws, sw)
	}
	slices.Sort(sws)
	for t := 1; t <= len(tiers); t++ {
		for _, sw := range sws {
			if rankOf(sw) != t {
				continue
			}
			lo, hi, links := -1, 0, 0
			for u := range units {
				c := perUnit[sw][u]
				links += c
				hi = max(hi, c)
				if lo < 0 || c < lo {
					lo = c
				}
			}
			if lo == hi {
				continue
			}
			return fmt.Sprintf("the cut falls short of full bisection with no switch oversubscribed, because the split cannot follow the structure: each %s switch (%s, for one) has %d links down over %d %ss, %d to %d per %s, so no split of the %ss into halves divides every %s switch's links evenly",
				tiers[t-1], g.Nodes[sw].Name, links, len(units), unitName, lo, hi, unitName, unitName, tiers[t-1])
		}
	}
	return ""
}

// taperedSwitch reports whether some switch of a ranked tier has uplinks
// and more capacity down than up, as analyzers/oversub classifies links
// between ranked tiers (down toward a lower rank or an endpoint, up
// toward a higher one; links within a tier or to an unranked switch are
// neither). It is computed here rather than read from oversub.Analyze
// because the oversubscription analysis imports this package for its
// end-to-end bounds (oversub.Bound). rankOf ranks endpoints and server
// parts 0 and a ranked switch its tier's index + 1.
func (m *model) taperedSwitch(rankOf func(ir.NodeID) int) bool {
	g := m.g
	down := map[ir.NodeID]float64{}
	up := map[ir.NodeID]float64{}
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		a, b := l.A.Node, l.B.Node
		ra, rb := rankOf(a), rankOf(b)
		if (ra == 0 && g.Nodes[a].Kind.IsSwitch()) || (rb == 0 && g.Nodes[b].Kind.IsSwitch()) || ra == rb {
			continue
		}
		if ra < rb {
			a, b = b, a // a is the upper end
		}
		down[a] += l.CapacityBPS
		if g.Nodes[b].Kind.IsSwitch() {
			up[b] += l.CapacityBPS
		}
	}
	for sw, u := range up {
		if down[sw] > u*(1+1e-9) {
			return true
		}
	}
	return false
}

// mixedRateNote explains a fabric whose endpoints inject at different
// rates and whose ratio falls short of 1 although the hose bound proves
// θ ≥ 1: the ratio divides the least balanced cut by half the total
// injection (docs/reference/design-brief.md), and a balanced split that
// puts the slower endpoints on one side is limited by that side's
// injection, so four DGX H100 (8 × 400G) and four DGX A100 (8 × 200G)
// on leaves with as much up as down read 2/3 (TestMixedRateNote).
// θ ≥ 1 proves every split carries its smaller side's injection (hose.go:
// each cut separating A from B carries θ·w(A) for w(A) ≤ w(B)), which
// is what "non-blocking" means with mixed rates. "" otherwise.
func (m *model) mixedRateNote(r *Fabric, hose hoseBound) string {
	if len(m.terms) < 2 || r.UpperBoundRatio >= 1-FullBisectionTolerance || !hose.ok || hose.theta < 1-FullBisectionTolerance {
		return ""
	}
	lo, hi := math.Inf(1), 0.0
	for i := range m.terms {
		w := m.terms[i].inj()
		lo, hi = min(lo, w), max(hi, w)
	}
	if hi <= lo*(1+1e-9) {
		return ""
	}
	return fmt.Sprintf("endpoints inject from %s to %s: a balanced split with the slower ones on one side carries no more than that side injects, less than half the total, so the ratio (over half the total injection) stays below 1 with nothing oversubscribed; the hose bound (θ = %s) proves every split carries its smaller side's injection. To require that, read oversubscription.end_to_end <= 1",
		units.Rate(lo), units.Rate(hi), ratioText(min(hose.theta, 1)))
}

// serverSplitNote explains a ratio the whole-server bound proves at 1 or
// more with a least cut that splits servers: the cut runs through some
// servers' NVLink or PCIe links, which the gpu view's cut counts, so the
// ratio can pass 1 with the fabric oversubscribed (trial 31: the
// SuperPOD with 31 of 32 uplinks per leaf read 1.005–1.011). inA is the
// least cut's split. "" otherwise.
func (m *model) serverSplitNote(r *Fabric, inA []bool) string {
	if r.LowerBoundMethod != "hose_whole_servers" || r.LowerBoundRatio < 1-FullBisectionTolerance || !m.splitsServer(inA) {
		return ""
	}
	return fmt.Sprintf("the least balanced cut runs through some servers' NVLink or PCIe links (a side of %s of the %s endpoints is not whole servers), and those links count in the cut: the ratio can pass 1 even with the fabric oversubscribed. To require a non-blocking fabric, read oversubscription.end_to_end <= 1",
		units.Count(len(m.terms)/2), units.Count(len(m.terms)))
}

// splitsServer reports whether the terminal split inA puts GPUs of one
// server on both sides.
func (m *model) splitsServer(inA []bool) bool {
	side := make([]int8, len(m.servers)) // 0 unseen, 1 A, 2 B
	for i, t := range m.terms {
		if t.srv < 0 || t.contracted || i >= len(inA) {
			continue
		}
		s := int8(2)
		if inA[i] {
			s = 1
		}
		switch side[t.srv] {
		case 0:
			side[t.srv] = s
		case s:
		default:
			return true
		}
	}
	return false
}

// portViewNote explains a bisection of 0 in the endpoint_port view that
// splits the ports of one server or host: each port is an endpoint of its
// own there, and a server does not forward between its ports, so planes
// that meet only at the servers fall apart (trial 66: a dual-plane
// fabric read 0 with no word why). "" otherwise.
func (m *model) portViewNote(r *Fabric, inA []bool) string {
	if m.view != ViewPort || r.UpperBoundBPS > 0 || !m.splitsServer(inA) && !m.splitsNode(inA) {
		return ""
	}
	return "the split puts ports of one server or host on both sides: in the endpoint_port view each port is an endpoint of its own, and a server does not forward between its ports, so parts of the fabric that meet only at the servers (planes, or ports cabled to different switches) fall apart. The gpu view (the default) keeps each server's GPUs as the endpoints and its ports together"
}

// splitsNode reports whether the terminal split inA puts ports of one
// node (an implicit host of several ports) on both sides.
func (m *model) splitsNode(inA []bool) bool {
	side := map[ir.NodeID]bool{}
	for i, t := range m.terms {
		if i >= len(inA) {
			continue
		}
		if s, seen := side[t.node]; seen && s != inA[i] {
			return true
		}
		side[t.node] = inA[i]
	}
	return false
}
