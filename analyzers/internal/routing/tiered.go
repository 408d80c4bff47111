package routing

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"sync"
)

// Tiered is the closed-form up/down engine for tiered planes: folded Clos
// and fat-tree fabrics, and NVSwitch domains (GPUs below one tier of
// NVSwitches).
//
// Model. Endpoints (non-transit nodes) are tier 0; a switch's tier is its
// hop distance from the nearest endpoint. The down-set of a switch is the
// set of endpoints below it; switches of one tier with equal down-sets form
// a class, and every endpoint is its own tier-0 class. NewTiered accepts a
// plane when
//
//  1. every link joins adjacent tiers;
//  2. down-sets nest (laminar): two switches of a tier have equal or
//     disjoint down-sets, so every class has one parent class;
//  3. up-paths are symmetric: every endpoint whose tier-t ancestors form
//     class C reaches C's switches with the same probability distribution
//     ρ_C when it climbs by choosing uniformly among its uplinks.
//
// Under 1 and 2 every shortest path between two endpoints climbs to the
// lowest tier t at which their classes meet (their turnaround tier) and
// descends; no path with a valley is as short, and every uplink below tier
// t lies on a shortest path, so ECMP splits evenly over all uplinks on the
// way up. On the way down a switch splits evenly over its links to the
// child class that holds the destination. Under 3 the traffic towards a
// destination arrives at its turnaround tier spread as ρ_C whatever its
// source, so the down phase depends on the destination alone. Hence loads
// are exact while only sums travel: per source and turnaround tier on the
// way up, per destination class on the way down. Cost: O(links · tiers)
// for the up phase plus, per destination tier-1 class, the links above it.
type Tiered struct {
	p       *Plane
	top     int
	level   []int8
	cls     []int32
	classes []class
	// memberIdx is a node's index in its class's member list.
	memberIdx []int32
	byLevel   [][]int32
	upStart   []int32
	upArcs    []Arc
	// Down arcs are sorted by the class of the node they lead to, so the
	// links towards one child class form a range (downCls parallels downArcs).
	downStart []int32
	downArcs  []Arc
	downCls   []int32
	// rho[c] is the arrival distribution over class c's members.
	rho [][]float64
	// pos numbers endpoints in tree order, for destination-mod-k routing.
	pos []int32
	// upByPort is upArcs with each node's run in the order of its port
	// numbers (built on first use by upsByPort): destination-mod-k
	// numbers a switch's up ports, which link creation need not follow
	// (the clos generator rotates each unit's spine–core links).
	upByPort []Arc
	portOnce sync.Once
	// Scratch of Route.
	dUp, in []vec
	vsum    []float64
	ssum    []vec
}

type class struct {
	level   int8
	parent  int32
	members []int32
}

// errNotTiered explains why a plane is not tiered; NewEngine falls back
// to the BFS engine with this reason.
var errNotTiered = errors.New("not a tiered plane")

// NewTiered checks p against the conditions above and builds the tables
// of the closed form; the error says which condition failed.
func NewTiered(p *Plane) (*Tiered, error) {
	if p.weight != nil {
		// Its closed forms count hops; lowest-cost paths need the search.
		return nil, errors.New("links carry routing costs")
	}
	n := p.Len()
	t := &Tiered{p: p, level: make([]int8, n), cls: make([]int32, n), memberIdx: make([]int32, n)}
	if err := t.levels(); err != nil {
		return nil, err
	}
	if err := t.buildClasses(); err != nil {
		return nil, err
	}
	t.buildArcs()
	if err := t.buildRho(); err != nil {
		return nil, err
	}
	t.buildPos()
	return t, nil
}

// Method implements Engine.
func (t *Tiered) Method() string { return "closed_form" }

func (t *Tiered) levels() error {
	p := t.p
	n := p.Len()
	queue := make([]int32, 0, n)
	for u := int32(0); u < int32(n); u++ {
		t.level[u] = -1
		if !p.Transit(u) {
			t.level[u] = 0
			queue = append(queue, u)
		}
	}
	if len(queue) == 0 {
		return fmt.Errorf("%w: no endpoints", errNotTiered)
	}
	for i := 0; i < len(queue); i++ {
		u := queue[i]
		for _, a := range p.Arcs(u) {
			v := a.To
			if !p.Transit(v) {
				if !p.Transit(u) {
					return fmt.Errorf("%w: %s and %s are linked directly", errNotTiered, p.G.Nodes[p.Nodes[u]].Name, p.G.Nodes[p.Nodes[v]].Name)
				}
				continue
			}
			if t.level[v] < 0 {
				if t.level[u] >= 100 {
					return fmt.Errorf("%w: too many tiers", errNotTiered)
				}
				t.level[v] = t.level[u] + 1
				queue = append(queue, v)
			}
		}
	}
	for u := int32(0); u < int32(n); u++ {
		if t.level[u] < 0 {
			continue
		}
		t.top = max(t.top, int(t.level[u]))
		for _, a := range p.Arcs(u) {
			if d := int(t.level[a.To]) - int(t.level[u]); d != 1 && d != -1 {
				return fmt.Errorf("%w: link %s joins %s and %s in one tier", errNotTiered,
					p.G.Link(a.Link()).Kind, p.G.Nodes[p.Nodes[u]].Name, p.G.Nodes[p.Nodes[a.To]].Name)
			}
		}
	}
	t.byLevel = make([][]int32, t.top+1)
	for u := int32(0); u < int32(n); u++ {
		if l := t.level[u]; l >= 0 {
			t.byLevel[l] = append(t.byLevel[l], u)
		}
	}
	return nil
}

// buildClasses groups each tier's switches by down-set and checks that
// classes nest.
func (t *Tiered) buildClasses() error {
	p := t.p
	for u := range t.cls {
		t.cls[u] = -1
	}
	for _, e := range t.byLevel[0] {
		t.cls[e] = int32(len(t.classes))
		t.memberIdx[e] = 0
		t.classes = append(t.classes, class{level: 0, parent: -1, members: []int32{e}})
	}
	var buf []int32
	for lv := 1; lv <= t.top; lv++ {
		index := map[string]int32{}
		for _, u := range t.byLevel[lv] {
			buf = buf[:0]
			for _, a := range p.Arcs(u) {
				if int(t.level[a.To]) == lv-1 {
					buf = append(buf, t.cls[a.To])
				}
			}
			slices.Sort(buf)
			buf = slices.Compact(buf)
			key := encode(buf)
			c, ok := index[key]
			if !ok {
				c = int32(len(t.classes))
				index[key] = c
				t.classes = append(t.classes, class{level: int8(lv), parent: -1})
				for _, child := range buf {
					if old := t.classes[child].parent; old >= 0 && old != c {
						return fmt.Errorf("%w: the switches above %s have overlapping but different down-sets",
							errNotTiered, p.G.Nodes[p.Nodes[t.classes[child].members[0]]].Name)
					}
					t.classes[child].parent = c
				}
			}
			t.cls[u] = c
			t.memberIdx[u] = int32(len(t.classes[c].members))
			t.classes[c].members = append(t.classes[c].members, u)
		}
	}
	return nil
}

func encode(xs []int32) string {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(x))
	}
	return string(b)
}

func (t *Tiered) buildArcs() {
	p := t.p
	n := p.Len()
	t.upStart = make([]int32, n+1)
	t.downStart = make([]int32, n+1)
	for u := 0; u < n; u++ {
		up, down := 0, 0
		for _, a := range p.Arcs(int32(u)) {
			if t.level[u] < 0 {
				continue
			}
			if t.level[a.To] > t.level[u] {
				up++
			} else {
				down++
			}
		}
		t.upStart[u+1] = t.upStart[u] + int32(up)
		t.downStart[u+1] = t.downStart[u] + int32(down)
	}
	t.upArcs = make([]Arc, t.upStart[n])
	t.downArcs = make([]Arc, t.downStart[n])
	t.downCls = make([]int32, t.downStart[n])
	for u := 0; u < n; u++ {
		if t.level[u] < 0 {
			continue
		}
		ui, di := t.upStart[u], t.downStart[u]
		for _, a := range p.Arcs(int32(u)) {
			if t.level[a.To] > t.level[u] {
				t.upArcs[ui] = a
				ui++
			} else {
				t.downArcs[di] = a
				di++
			}
		}
		lo, hi := t.downStart[u], t.downStart[u+1]
		arcs := t.downArcs[lo:hi]
		sort.SliceStable(arcs, func(i, j int) bool { return t.cls[arcs[i].To] < t.cls[arcs[j].To] })
		for i, a := range arcs {
			t.downCls[int(lo)+i] = t.cls[a.To]
		}
	}
}

func (t *Tiered) ups(u int32) []Arc { return t.upArcs[t.upStart[u]:t.upStart[u+1]] }

// upsByPort returns u's up arcs in the order of u's port numbers (a
// bundle of parallel links at its first port).
func (t *Tiered) upsByPort(u int32) []Arc {
	t.portOnce.Do(func() {
		g := t.p.G
		t.upByPort = slices.Clone(t.upArcs)
		portAt := func(a Arc) int32 {
			l := g.Link(a.Link())
			if a.Slot%2 == 0 {
				return l.A.Port
			}
			return l.B.Port
		}
		for v := range len(t.upStart) - 1 {
			run := t.upByPort[t.upStart[v]:t.upStart[v+1]]
			slices.SortStableFunc(run, func(a, b Arc) int { return int(portAt(a)) - int(portAt(b)) })
		}
	})
	return t.upByPort[t.upStart[u]:t.upStart[u+1]]
}

// downTo returns u's arcs towards members of class c.
func (t *Tiered) downTo(u, c int32) []Arc {
	lo, hi := int(t.downStart[u]), int(t.downStart[u+1])
	cs := t.downCls[lo:hi]
	i := sort.Search(len(cs), func(i int) bool { return cs[i] >= c })
	j := i
	for j < len(cs) && cs[j] == c {
		j++
	}
	return t.downArcs[lo+i : lo+j]
}

// buildRho computes, for every group of endpoints with the same uplinks,
// the distribution of an evenly splitting climb over each tier, and checks
// that all sources below a class see the same distribution (condition 3).
func (t *Tiered) buildRho() error {
	p := t.p
	t.rho = make([][]float64, len(t.classes))
	seen := map[string]bool{}
	cur := make([]float64, p.Len())
	var support, next []int32
	var sig []int32
	for _, e := range t.byLevel[0] {
		sig = sig[:0]
		for _, a := range t.ups(e) {
			sig = append(sig, a.To, a.Mult)
		}
		if len(sig) == 0 {
			continue
		}
		key := encode(sig)
		if seen[key] {
			continue
		}
		seen[key] = true
		support = support[:0]
		w := float64(weight(t.ups(e)))
		for _, a := range t.ups(e) {
			if cur[a.To] == 0 {
				support = append(support, a.To)
			}
			cur[a.To] += float64(a.Mult) / w
		}
		for lv := 1; ; lv++ {
			c := t.cls[support[0]]
			for _, u := range support {
				if t.cls[u] != c {
					return fmt.Errorf("%w: %s climbs into two classes", errNotTiered, p.G.Nodes[p.Nodes[e]].Name)
				}
			}
			if err := t.matchRho(c, support, cur); err != nil {
				return err
			}
			if t.classes[c].parent < 0 {
				for _, u := range support {
					cur[u] = 0
				}
				break
			}
			next = next[:0]
			for _, u := range support {
				ups := t.ups(u)
				if len(ups) == 0 {
					return fmt.Errorf("%w: %s has no uplinks while switches of its class do", errNotTiered, p.G.Nodes[p.Nodes[u]].Name)
				}
				w := float64(weight(ups))
				for _, a := range ups {
					if cur[a.To] == 0 {
						next = append(next, a.To)
					}
					cur[a.To] += cur[u] * float64(a.Mult) / w
				}
				cur[u] = 0
			}
			support, next = next, support
		}
	}
	return nil
}

// matchRho records cur (over support) as class c's arrival distribution,
// or checks it against the one already recorded.
func (t *Tiered) matchRho(c int32, support []int32, cur []float64) error {
	members := t.classes[c].members
	if t.rho[c] == nil {
		r := make([]float64, len(members))
		for _, u := range support {
			r[t.memberIdx[u]] = cur[u]
		}
		t.rho[c] = r
		return nil
	}
	r := t.rho[c]
	var got float64
	for _, u := range support {
		if math.Abs(r[t.memberIdx[u]]-cur[u]) > 1e-9 {
			return fmt.Errorf("%w: sources below %s reach its tier unevenly (uplinks not striped evenly)",
				errNotTiered, t.p.G.Nodes[t.p.Nodes[members[0]]].Name)
		}
		got += cur[u]
	}
	if math.Abs(got-1) > 1e-9 {
		return fmt.Errorf("%w: sources below %s reach only part of its tier", errNotTiered, t.p.G.Nodes[t.p.Nodes[members[0]]].Name)
	}
	return nil
}

// buildPos numbers endpoints in tree order: sorted by their top-tier
// class, then the next tier's, down to themselves.
func (t *Tiered) buildPos() {
	eps := slices.Clone(t.byLevel[0])
	chains := make([][]int32, t.p.Len())
	for _, e := range eps {
		chains[e] = t.chain(e, nil)
	}
	sort.SliceStable(eps, func(i, j int) bool {
		a, b := chains[eps[i]], chains[eps[j]]
		for k := t.top; k >= 0; k-- {
			x, y := int32(-1), int32(-1)
			if k < len(a) {
				x = a[k]
			}
			if k < len(b) {
				y = b[k]
			}
			if x != y {
				return x < y
			}
		}
		return false
	})
	t.pos = make([]int32, t.p.Len())
	for i, e := range eps {
		t.pos[e] = int32(i)
	}
}

// chain appends the class of endpoint e at every tier (index = tier) to buf.
func (t *Tiered) chain(e int32, buf []int32) []int32 {
	buf = buf[:0]
	for c := t.cls[e]; c >= 0; c = t.classes[c].parent {
		buf = append(buf, c)
	}
	return buf
}

// turn returns the turnaround tier of endpoints s and d, or -1 when no
// tier joins them.
func (t *Tiered) turn(s, d int32) int {
	cs, cd := t.cls[s], t.cls[d]
	if cs < 0 || cd < 0 || t.level[s] != 0 || t.level[d] != 0 {
		return -1
	}
	for lv := 0; ; lv++ {
		if cs == cd {
			return lv
		}
		cs, cd = t.classes[cs].parent, t.classes[cd].parent
		if cs < 0 || cd < 0 {
			return -1
		}
	}
}
