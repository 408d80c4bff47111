package resilience

import (
	"cmp"
	"fmt"
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
		rank  int // switches, then servers, then other hosts
		label string
		count int
	}
	var items []item
	add := func(rank int, label string) {
		for i := range items {
			if items[i].rank == rank && items[i].label == label {
				items[i].count++
				return
			}
		}
		items = append(items, item{rank, label, 1})
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
			add(0, strings.TrimSpace(strings.ReplaceAll(n.Tier, "_", "-")+" switch"))
		case n.Role == ir.RoleServer:
			add(1, strings.TrimSpace(n.Model+" server"))
		case n.Kind == ir.KindHost && n.Role != ir.RoleNone:
			add(2, string(n.Role)+" host")
		default:
			add(2, n.Kind.String())
		}
	}
	slices.SortStableFunc(items, func(a, b item) int { return cmp.Compare(a.rank, b.rank) })
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = fmt.Sprintf("%s %s", units.Count(it.count), plural(it.label, it.count))
	}
	return strings.Join(parts, ", ")
}

// plural adds an s to a count's noun: "switch" → "switches".
func plural(noun string, n int) string {
	switch {
	case n == 1:
		return noun
	case strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "s"):
		return noun + "es"
	}
	return noun + "s"
}
