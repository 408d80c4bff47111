package compiler

import (
	"fmt"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// runChecks runs the structural checks over the built graph, per fabric.
func runChecks(s *state) {
	used := portsUsed(s.g)
	for fi := range s.g.Fabrics {
		f := ir.FabricID(fi)
		s.checkRadix(f, used)
		s.checkConnected(f)
		s.checkUplinks(f)
		s.checkRails(f)
		s.reportFreePorts(f, used)
	}
}

// portsUsed counts the distinct physical network ports each node uses
// (host-interface ports, numbered -1, are not network ports).
func portsUsed(g *ir.Graph) []int32 {
	used := make([]int32, len(g.Nodes))
	seen := map[ir.Port]bool{}
	for _, l := range g.Links {
		for _, p := range [2]ir.Port{l.A, l.B} {
			if p.Port < 0 {
				continue
			}
			key := ir.Port{Node: p.Node, Port: p.Port}
			if !seen[key] {
				seen[key] = true
				used[p.Node]++
			}
		}
	}
	return used
}

// checkRadix reports nodes cabled on more ports than they have. A switch
// is reported at the block that made it; a server component (a NIC) at the
// link that takes its first port too many, since its own origin is the
// node_group, where nothing is wrong.
func (s *state) checkRadix(f ir.FabricID, used []int32) {
	reported := map[ir.OriginID]bool{}
	var overLink map[ir.NodeID]ir.OriginID
	for i, n := range s.g.Nodes {
		if n.Radix <= 0 || used[i] <= n.Radix || !n.InFabric(f) {
			continue
		}
		origin := n.Origin
		if n.Parent != ir.None {
			if overLink == nil {
				overLink = s.firstLinkOverRadix(f)
			}
			if o, ok := overLink[ir.NodeID(i)]; ok {
				origin = o
			}
		}
		if reported[origin] {
			continue
		}
		reported[origin] = true
		s.diags = append(s.diags, diag.Error(diag.RadixExceeded, s.g.Range(origin), "Not enough ports",
			fmt.Sprintf("%s (%s) is cabled on %d ports but has %d; use a model with more ports, fewer links, or a breakout.", n.Name, orKind(n), used[i], n.Radix)))
	}
}

// firstLinkOverRadix maps each server component that runs out of ports in
// fabric f to the origin of the link that takes its first port too many.
func (s *state) firstLinkOverRadix(f ir.FabricID) map[ir.NodeID]ir.OriginID {
	out := map[ir.NodeID]ir.OriginID{}
	seen := map[ir.Port]bool{}
	count := map[ir.NodeID]int32{}
	for _, l := range s.g.Links {
		if l.Fabric != f {
			continue
		}
		for _, p := range [2]ir.Port{l.A, l.B} {
			n := &s.g.Nodes[p.Node]
			key := ir.Port{Node: p.Node, Port: p.Port}
			if p.Port < 0 || n.Parent == ir.None || n.Radix <= 0 || seen[key] {
				continue
			}
			seen[key] = true
			count[p.Node]++
			if _, done := out[p.Node]; !done && count[p.Node] > n.Radix {
				out[p.Node] = l.Origin
			}
		}
	}
	return out
}

func orKind(n ir.Node) string {
	if n.Model != "" {
		return n.Model
	}
	return n.Kind.String()
}

// checkConnected finds the pieces of a fabric with a union-find over its
// links (our own: it runs on the flat arrays at every check, where gonum's
// graph views cost ten times the memory; see DESIGN.md).
func (s *state) checkConnected(f ir.FabricID) {
	g := s.g
	parent := make([]int32, len(g.Nodes))
	for i := range parent {
		parent[i] = int32(i)
	}
	var find func(int32) int32
	find = func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, l := range g.Links {
		if l.Fabric == f {
			a, b := find(int32(l.A.Node)), find(int32(l.B.Node))
			if a != b {
				parent[a] = b
			}
		}
	}
	size := map[int32]int{}
	var members []ir.NodeID
	for i, n := range g.Nodes {
		if n.InFabric(f) {
			members = append(members, ir.NodeID(i))
			size[find(int32(i))]++
		}
	}
	if len(size) <= 1 {
		return
	}
	var big int32 = -1
	for _, m := range members {
		r := find(int32(m))
		if big < 0 || size[r] > size[big] {
			big = r
		}
	}
	var stray []ir.NodeID
	for _, m := range members {
		if find(int32(m)) != big {
			stray = append(stray, m)
		}
	}
	fab := g.Fabrics[f]
	n := g.Nodes[stray[0]]
	s.diags = append(s.diags, diag.Error(diag.Disconnected, g.Range(n.Origin), "Fabric is not connected",
		fmt.Sprintf("Fabric %q falls apart into %d pieces: %d node(s), %s among them, cannot reach the other %d. Add the missing links.",
			fab.Name, len(size), len(stray), n.Name, len(members)-len(stray))))
}

// checkUplinks reports switches below the top tier with no link to a
// higher tier of the same fabric.
func (s *state) checkUplinks(f ir.FabricID) {
	g := s.g
	tiers := g.Fabrics[f].Tiers
	if len(tiers) < 2 {
		return
	}
	rank := map[string]int{}
	for i, t := range tiers {
		rank[t] = i
	}
	hasUp := make([]bool, len(g.Nodes))
	for _, l := range g.Links {
		if l.Fabric != f {
			continue
		}
		a, b := g.Nodes[l.A.Node], g.Nodes[l.B.Node]
		ra, okA := rank[a.Tier]
		rb, okB := rank[b.Tier]
		if okA && okB && a.Kind.IsSwitch() && b.Kind.IsSwitch() {
			if rb > ra {
				hasUp[l.A.Node] = true
			} else if ra > rb {
				hasUp[l.B.Node] = true
			}
		}
	}
	reported := map[string]bool{}
	for i, n := range g.Nodes {
		r, ok := rank[n.Tier]
		if !ok || r == len(tiers)-1 || !n.Kind.IsSwitch() || !n.InFabric(f) || hasUp[i] || reported[n.Tier] {
			continue
		}
		reported[n.Tier] = true
		s.diags = append(s.diags, diag.Error(diag.NoUplinks, g.Range(n.Origin), "Switch without uplinks",
			fmt.Sprintf("%s (tier %s) has no link to tier %s or above; traffic from its endpoints cannot leave it. Add uplinks.", n.Name, n.Tier, tiers[r+1])))
	}
}

// checkRails reports a NIC of rail i cabled to a switch of another rail.
func (s *state) checkRails(f ir.FabricID) {
	g := s.g
	rails, ok := g.Fabrics[f].Param("rails")
	for _, l := range g.Links {
		if l.Fabric != f {
			continue
		}
		for _, pair := range [2][2]ir.Port{{l.A, l.B}, {l.B, l.A}} {
			nic, sw := g.Nodes[pair[0].Node], g.Nodes[pair[1].Node]
			if nic.Kind != ir.KindNIC || nic.Rail == ir.None || !sw.Kind.IsSwitch() || sw.Rail == ir.None {
				continue
			}
			want := nic.Rail
			if ok && rails > 0 {
				want = nic.Rail % int32(rails)
			}
			if sw.Rail != want {
				s.diags = append(s.diags, diag.Error(diag.RailMisalignment, g.Range(l.Origin), "NIC on the wrong rail",
					fmt.Sprintf("%s is rail %d but is cabled to %s on rail %d; in a rail-optimized fabric NIC i goes to a rail-i leaf.", nic.Name, want, sw.Name, sw.Rail)))
				return
			}
		}
	}
}

// reportFreePorts notes, per tier, the switch ports left free.
func (s *state) reportFreePorts(f ir.FabricID, used []int32) {
	g := s.g
	type tally struct{ switches, total, free int }
	byTier := map[string]*tally{}
	var order []string
	for i, n := range g.Nodes {
		if !n.Kind.IsSwitch() || n.Radix <= 0 || !n.InFabric(f) {
			continue
		}
		t := byTier[n.Tier]
		if t == nil {
			t = &tally{}
			byTier[n.Tier] = t
			order = append(order, n.Tier)
		}
		t.switches++
		t.total += int(n.Radix)
		t.free += max(0, int(n.Radix-used[i]))
	}
	fab := g.Fabrics[f]
	for _, tier := range order {
		t := byTier[tier]
		if t.free == 0 {
			continue
		}
		name := tier
		if name == "" {
			name = "untiered"
		}
		s.diags = append(s.diags, diag.Info(diag.UnusedPorts, g.Range(fab.Origin), "Unused switch ports",
			fmt.Sprintf("Fabric %q, tier %s: %d of %d ports free on %d switches (room to grow, or capacity to remove).", fab.Name, name, t.free, t.total, t.switches)))
	}
}
