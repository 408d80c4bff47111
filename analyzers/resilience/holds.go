package resilience

import (
	"cmp"
	"slices"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// holds describes what a failure of whole devices takes down, for groups
// whose name does not say it (a rack of the cable plan, a declared risk
// group such as a PDU): "8 spine switches", "4 DGX-H100 servers, 1 leaf
// switch". Devices are counted by kind: switches by tier, servers by
// node model, other hosts by role; components of a server are its
// server's. "" when the failure names no device.
func holds(g *ir.Graph, f ir.Failure) string {
	type item struct {
		rank      int // switches, then servers, then other hosts
		one, many string
		count     int
	}
	var items []item
	add := func(rank int, one, many string) {
		for i := range items {
			if items[i].rank == rank && items[i].one == one {
				items[i].count++
				return
			}
		}
		items = append(items, item{rank, one, many, 1})
	}
	seen := map[ir.NodeID]bool{}
	for _, id := range f.Nodes {
		if n := &g.Nodes[id]; n.Parent != ir.None {
			id = n.Parent
		}
		if seen[id] {
			continue
		}
		seen[id] = true
		n := &g.Nodes[id]
		switch {
		case n.Kind.IsSwitch():
			tier := strings.ReplaceAll(n.TierName(), "_", "-")
			if tier != "" {
				tier += " "
			}
			add(0, tier+"switch", tier+"switches")
		case n.RoleName() == ir.RoleServer:
			add(1, n.ModelName()+" server", n.ModelName()+" servers")
		case n.Kind == ir.KindHost && n.RoleName() != ir.RoleNone:
			add(2, string(n.RoleName())+" host", string(n.RoleName())+" hosts")
		default:
			add(2, n.Kind.String(), n.Kind.String()+"s")
		}
	}
	slices.SortStableFunc(items, func(a, b item) int { return cmp.Compare(a.rank, b.rank) })
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = units.CountOf(it.count, it.one, it.many)
	}
	return strings.Join(parts, ", ")
}
