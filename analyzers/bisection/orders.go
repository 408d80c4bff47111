package bisection

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/topoc/topoc/compiler/ir"
)

// ordering is a permutation of the terminals and what it follows.
type ordering struct {
	what  string
	order []int32
}

// orderings returns the structure-aligned orders whose halves are the
// candidate splits: endpoint order (which is unit order for every
// generator: pods, scalable units, groups, servers), then grouped by each
// level (rails, planes, GPU index, access switch, rack), then by
// breadth-first distance on the graph from a peripheral terminal.
func (m *model) orderings(levels []level, a *agraph) []ordering {
	n := len(m.terms)
	base := make([]int32, n)
	for i := range base {
		base[i] = int32(i)
	}
	out := []ordering{{"endpoint order", base}}
	for _, l := range levels {
		if l.nested {
			continue // unit order is endpoint order already
		}
		out = append(out, ordering{plural(l.unit), byKey(l.key)})
	}
	if a != nil {
		out = append(out, ordering{"breadth-first order", m.bfsOrder(a)})
	}
	out = append(out, m.affinityOrders()...)
	return append(out, m.dragonflyOrders(levels)...)
}

// byKey returns the terminals 0 to len(key)−1 in order of key, endpoint
// order among equal keys: a counting sort where the keys span at most
// as many values as there are terminals (a level's units: rails,
// planes, racks), as a comparison sort otherwise. A stable sort of
// 131,072 terminals per level took a tenth of the bisection's time
// there (issue 16); the standard library has no counting sort.
func byKey(key []int32) []int32 {
	o := make([]int32, len(key))
	if len(key) == 0 {
		return o
	}
	lo, hi := slices.Min(key), slices.Max(key)
	if int64(hi)-int64(lo) >= int64(len(key)) {
		for i := range o {
			o[i] = int32(i)
		}
		slices.SortStableFunc(o, func(x, y int32) int { return cmp.Compare(key[x], key[y]) })
		return o
	}
	at := make([]int32, int(hi-lo)+2) // at[k−lo+1]: terminals of keys below k
	for _, k := range key {
		at[k-lo+1]++
	}
	for i := 1; i < len(at); i++ {
		at[i] += at[i-1]
	}
	for i, k := range key {
		o[at[k-lo]] = int32(i)
		at[k-lo]++
	}
	return o
}

// dragonflyOrders are the even | odd groups, and for odd g, where a
// balanced split must cut one group G in two, each half of G's routers goes with the groups its global
// links reach, so that few global links of G cross. The order lists, for
// each router of G in turn, its terminals and then the groups its global
// links reach (first reach only); its halves are the candidates. G is the
// middle group and group 0.
func (m *model) dragonflyOrders(levels []level) []ordering {
	if m.fab.Family != ir.FamilyDragonfly {
		return nil
	}
	gg, _ := m.fab.Param("g")
	var group, router []int32
	for _, l := range levels {
		switch l.unit {
		case "group":
			group = l.key
		case "router":
			router = l.key
		}
	}
	if group == nil {
		return nil
	}
	// Even groups | odd groups: under the relative and circulant
	// arrangements a group's links reach its near neighbours more than
	// half the groups away, so alternating groups can cut fewer global
	// links than the first half | second half (p=2 a=4 h=2 g=8 relative:
	// 16 links against 18).
	parity := make([]int32, len(m.terms))
	for i := range parity {
		parity[i] = int32(i)
	}
	slices.SortStableFunc(parity, func(x, y int32) int {
		if px, py := group[x]%2, group[y]%2; px != py {
			return int(px - py)
		}
		return int(group[x] - group[y])
	})
	out := []ordering{{"dragonfly groups even | odd", parity}}
	if gg%2 == 0 || router == nil {
		return out
	}
	g := m.g
	for _, star := range []int32{int32(gg / 2), 0} {
		// Routers of the star group, in node order, and the groups their
		// global links reach.
		pos := map[ir.NodeID]int32{}
		var rs []ir.NodeID
		for _, id := range m.fabricLinks {
			l := g.Link(id)
			for _, e := range [2]ir.NodeID{l.A.Node, l.B.Node} {
				if n := &g.Nodes[e]; n.Kind.IsSwitch() && n.UnitIndex == star {
					if _, ok := pos[e]; !ok {
						pos[e] = -1
						rs = append(rs, e)
					}
				}
			}
		}
		slices.Sort(rs)
		for i, r := range rs {
			pos[r] = int32(i)
		}
		reach := map[int32]int32{} // group → first star router reaching it
		for _, id := range m.fabricLinks {
			l := g.Link(id)
			for _, pr := range [2][2]ir.NodeID{{l.A.Node, l.B.Node}, {l.B.Node, l.A.Node}} {
				i, ok := pos[pr[0]]
				if n := &g.Nodes[pr[1]]; ok && n.Kind.IsSwitch() && n.UnitIndex != star {
					if r, seen := reach[n.UnitIndex]; !seen || i < r {
						reach[n.UnitIndex] = i
					}
				}
			}
		}
		routerOf := map[int32]int32{} // router level key → star position
		for i := range m.terms {
			if group[i] == star {
				if sw := m.homeSwitch(i); sw != ir.None {
					routerOf[router[i]] = pos[sw]
				}
			}
		}
		key := func(i int32) int {
			if group[i] == star {
				return 2 * int(routerOf[router[i]])
			}
			if r, ok := reach[group[i]]; ok {
				return 2*int(r) + 1
			}
			return math.MaxInt32
		}
		o := make([]int32, len(m.terms))
		for i := range o {
			o[i] = int32(i)
		}
		slices.SortStableFunc(o, func(x, y int32) int { return key(x) - key(y) })
		out = append(out, ordering{fmt.Sprintf("dragonfly groups by the router of group %d they reach", star), o})
	}
	return out
}

// bfsOrder orders terminals by hop distance from the terminal farthest
// from terminal 0 (a pseudo-peripheral start, as in Cuthill–McKee).
func (m *model) bfsOrder(a *agraph) []int32 {
	start := a.tv[0]
	for range 2 {
		d := bfs(a, start)
		far := start
		for _, v := range a.tv {
			if v >= 0 && d[v] > d[far] {
				far = v
			}
		}
		start = far
	}
	d := bfs(a, start)
	o := make([]int32, len(m.terms))
	for i := range o {
		o[i] = int32(i)
	}
	key := func(i int32) int32 {
		if v := a.tv[i]; v >= 0 && d[v] >= 0 {
			return d[v]
		}
		return math.MaxInt32
	}
	slices.SortStableFunc(o, func(x, y int32) int { return int(key(x)) - int(key(y)) })
	return o
}

func bfs(a *agraph, s int32) []int32 {
	d := make([]int32, len(a.vnode))
	for i := range d {
		d[i] = -1
	}
	if s < 0 {
		return d
	}
	q := []int32{s}
	d[s] = 0
	for i := 0; i < len(q); i++ {
		v := q[i]
		lo, hi := a.fg.Arcs(v)
		for x := lo; x < hi; x++ {
			if w := a.fg.Head(x); d[w] < 0 {
				d[w] = d[v] + 1
				q = append(q, w)
			}
		}
	}
	return d
}
