package bisection

import (
	"fmt"
	"slices"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
)

// level is one way of grouping the terminals by the fabric's structure
// (pods, scalable units, dragonfly groups, servers, rails, planes, …),
// used to propose structure-aligned splits and to describe a split in
// words.
type level struct {
	// unit is the singular unit name ("pod", "su", "group", "rail").
	unit string
	// key is each terminal's unit index, -1 when unknown.
	key []int32
	// nested is true for the levels of the containment hierarchy (units,
	// servers), which the words descend coarse to fine.
	nested bool
	// label names unit k; nil for plain indices.
	label func(k int32) string
	// access marks the level of the terminals' access switches, whose
	// words name the endpoints on them ("endpoints on routers …"), not
	// the switches, which a cut does not split.
	access bool
}

// levels returns the terminals' structural groupings: nested levels first,
// coarsest first, then the orthogonal ones. Levels on which every known
// key is the same are dropped.
func (m *model) levels() []level {
	g := m.g
	n := len(m.terms)
	home := m.homes()
	m.home = home
	var nested, ortho []level
	mk := func(unit string, isNested bool, f func(i int) int32) {
		l := level{unit: unit, key: make([]int32, n), nested: isNested}
		for i := range l.key {
			l.key[i] = f(i)
		}
		if isNested {
			nested = append(nested, l)
		} else {
			ortho = append(ortho, l)
		}
	}
	homeNode := func(i int) *ir.Node {
		if home[i].sw == ir.None {
			return nil
		}
		return &g.Nodes[home[i].sw]
	}
	// A composite's zones come first, and its zones' units are numbered
	// within their zone: the pod 0 of two zones are two pods (audit of
	// issue 12: a cut between two zones read "pod 0: …" on both sides).
	zoneOf := func(int) int32 { return -1 }
	if m.fab.Composite() {
		zoneOf = func(i int) int32 {
			if h := homeNode(i); h != nil {
				for z, f := range m.fab.Members {
					if slices.Contains(h.FabricIDs(), f) {
						return int32(z)
					}
				}
			}
			return -1
		}
		mk("zone", true, zoneOf)
		nested[len(nested)-1].label = func(k int32) string { return g.Fabrics[m.fab.Members[k]].Name }
	}
	// zoned numbers unit u of terminal i's zone apart from the other
	// zones' (stride: more than any zone's unit index), named
	// "zone/unitN".
	zoned := func(unit string, f func(i int) int32) {
		if !m.fab.Composite() {
			mk(unit, true, f)
			return
		}
		stride := int32(1)
		for i := range m.terms {
			stride = max(stride, f(i)+1)
		}
		mk(unit, true, func(i int) int32 {
			if z, u := zoneOf(i), f(i); z >= 0 && u >= 0 {
				return z*stride + u
			}
			return -1
		})
		nested[len(nested)-1].label = func(k int32) string {
			return fmt.Sprintf("%s/%s%d", g.Fabrics[m.fab.Members[k/stride]].Name, unit, k%stride)
		}
	}
	// Units: the fabric's declared unit levels (Clos), or the unit of the
	// endpoints' access switches (fat-tree pods, dragonfly groups).
	var spu []ir.Param
	if m.fab.Family == ir.FamilyClos {
		for _, p := range m.fab.Params {
			if strings.HasPrefix(p.Name, "servers_per_") && p.Value > 0 {
				spu = append(spu, p)
			}
		}
	}
	if len(spu) > 0 {
		for j := len(spu) - 1; j >= 0; j-- {
			name := strings.TrimPrefix(spu[j].Name, "servers_per_")
			zoned(name, func(i int) int32 {
				h := homeNode(i)
				if h == nil || h.UnitIndex < 0 {
					return -1
				}
				for li, p := range spu {
					if "servers_per_"+h.UnitName() == p.Name && li <= j {
						return int32(int64(h.UnitIndex) * p.Value / spu[j].Value)
					}
				}
				return -1
			})
		}
	} else {
		unit := ""
		for i := range m.terms {
			if h := homeNode(i); h != nil && h.UnitName() != "" {
				unit = h.UnitName()
				break
			}
		}
		if unit != "" {
			zoned(unit, func(i int) int32 {
				if h := homeNode(i); h != nil && h.UnitName() == unit {
					return h.UnitIndex
				}
				return -1
			})
		}
	}
	if len(m.servers) > 0 {
		mk("node", true, func(i int) int32 { return m.terms[i].srv })
		nested[len(nested)-1].label = func(k int32) string { return g.Nodes[m.servers[k]].Name }
	}
	// Access switches: the switch each terminal's traffic enters first
	// (leaf, edge, router); nested when each lies within one unit of the
	// level above it (a dragonfly router in its group), else orthogonal
	// (a rail leaf takes one GPU from each of many servers).
	tier := ""
	sws := map[ir.NodeID]int32{}
	var swNames []ir.NodeID
	for i := range m.terms {
		if s := home[i].sw; s != ir.None {
			if _, ok := sws[s]; !ok {
				sws[s] = int32(len(swNames))
				swNames = append(swNames, s)
			}
			if tier == "" {
				tier = g.Nodes[s].TierName()
			}
		}
	}
	if tier == "" {
		tier = "switch"
	}
	mk(tier, true, func(i int) int32 {
		if s := home[i].sw; s != ir.None {
			return sws[s]
		}
		return -1
	})
	nested[len(nested)-1].label = func(k int32) string { return g.Nodes[swNames[k]].Name }
	nested[len(nested)-1].access = true
	mk("plane", false, func(i int) int32 { return home[i].plane })
	mk("rail", false, func(i int) int32 { return home[i].rail })
	if m.view == ViewGPU && len(m.servers) > 0 {
		mk("gpu", false, func(i int) int32 {
			t := &m.terms[i]
			if t.srv < 0 || t.contracted {
				return -1
			}
			k, ok := slices.BinarySearch(m.srvGPUs[t.srv], t.node)
			if !ok {
				return -1
			}
			return int32(k)
		})
	}
	mk("rack", false, func(i int) int32 { return g.Nodes[m.terms[i].node].Rack })
	// Keep the nested chain a chain: a level that does not lie within the
	// last kept one becomes orthogonal.
	var chain []level
	for _, l := range nested {
		if l.distinct() < 2 {
			continue
		}
		if len(chain) > 0 && !l.within(&chain[len(chain)-1]) {
			l.nested = false
			ortho = append(ortho, l)
			continue
		}
		chain = append(chain, l)
	}
	out := chain
	for _, l := range ortho {
		if l.distinct() > 1 {
			out = append(out, l)
		}
	}
	return out
}

// within reports whether every unit of l lies in one unit of p.
func (l *level) within(p *level) bool {
	parent := newKeyMap(l.key)
	for i, k := range l.key {
		if k < 0 {
			continue
		}
		pk := p.key[i]
		if pk < 0 {
			return false
		}
		if x, ok := parent.get(k); ok && x != pk {
			return false
		}
		parent.set(k, pk)
	}
	return true
}

// distinct counts the distinct known keys.
func (l *level) distinct() int {
	seen := newKeyMap(l.key)
	n := 0
	for _, k := range l.key {
		if k < 0 {
			continue
		}
		if _, ok := seen.get(k); !ok {
			seen.set(k, 0)
			n++
		}
	}
	return n
}

// keyMap maps a level's keys to values: a slice by key where the keys
// are indices below twice the terminals' number, as units, servers,
// switches and rails are, else a map. Maps keyed by unit took a tenth of
// the bisection's time at 131,072 GPUs (issue 16).
type keyMap struct {
	dense  []int32 // value + 1, 0 for none
	sparse map[int32]int32
}

// newKeyMap returns an empty keyMap for keys.
func newKeyMap(keys []int32) keyMap {
	if len(keys) > 0 {
		if top := int(slices.Max(keys)); top < 2*len(keys) {
			return keyMap{dense: make([]int32, top+1)}
		}
	}
	return keyMap{sparse: map[int32]int32{}}
}

// get returns the value of key k ≥ 0 and whether it was set.
func (m *keyMap) get(k int32) (int32, bool) {
	if m.dense != nil {
		v := m.dense[k]
		return v - 1, v != 0
	}
	v, ok := m.sparse[k]
	return v, ok
}

// set sets key k ≥ 0 to v ≥ 0.
func (m *keyMap) set(k, v int32) {
	if m.dense != nil {
		m.dense[k] = v + 1
		return
	}
	m.sparse[k] = v
}

// homeInfo is where a terminal's traffic enters the fabric.
type homeInfo struct {
	sw          ir.NodeID // first switch, or ir.None
	plane, rail int32     // of that switch (or its NIC), -1 when mixed or unknown
}

// homes finds, for each terminal, its primary endpoint (its own links, or
// for a GPU the NIC its traffic mostly uses) and the switch that endpoint
// is cabled to first.
func (m *model) homes() []homeInfo {
	g := m.g
	// first and plane are indexed by endpoint node (gpu view) or by
	// terminal (port view).
	// Sized for the fabric's endpoints, not the graph (see NodeMap); the
	// port view keys terminals, which can outnumber the nodes.
	universe := len(g.Nodes)
	if m.view == ViewPort {
		universe = len(m.terms)
	}
	first := ir.NewNodeMapOver[ir.NodeID](universe, max(len(m.terms), len(m.epNodes)), ir.None)
	plane := ir.NewNodeMapOver[int32](universe, max(len(m.terms), len(m.epNodes)), 0)
	keyOf := func(e ir.Port) int32 {
		if m.view == ViewPort {
			return m.portTerm(e)
		}
		return int32(e.Node)
	}
	kinds := g.Kinds()
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		for _, pr := range [2][2]ir.Port{{l.A, l.B}, {l.B, l.A}} {
			if !kinds[pr[1].Node].IsSwitch() {
				continue
			}
			sw := &g.Nodes[pr[1].Node]
			k := keyOf(pr[0])
			if k < 0 {
				continue
			}
			if kn := ir.NodeID(k); first.Get(kn) == ir.None {
				first.Set(kn, pr[1].Node)
				plane.Set(kn, sw.Plane)
			} else if plane.Get(kn) != sw.Plane {
				plane.Set(kn, -1)
			}
		}
	}
	if m.view == ViewGPU && len(m.servers) > 0 {
		m.route()
	}
	out := make([]homeInfo, len(m.terms))
	for i := range m.terms {
		t := &m.terms[i]
		out[i] = homeInfo{sw: ir.None, plane: -1, rail: -1}
		var ep ir.NodeID = ir.None
		switch {
		case m.view == ViewPort || t.own > 0 && !t.contracted:
			ep = t.node
		case t.contracted && len(m.srvEPs[t.srv]) > 0:
			ep = m.srvEPs[t.srv][0]
		case t.share > 0 && m.routed:
			best := -1.0
			for _, x := range m.gpuAttach(i) {
				if x.frac > best {
					best, ep = x.frac, m.srvEPs[t.srv][x.ep]
				}
			}
		}
		if ep == ir.None {
			continue
		}
		k := int32(ep)
		if m.view == ViewPort {
			k = int32(i)
		}
		if sw := first.Get(ir.NodeID(k)); sw != ir.None {
			out[i].sw, out[i].plane, out[i].rail = sw, plane.Get(ir.NodeID(k)), g.Nodes[sw].Rail
		}
		if out[i].rail < 0 && g.Nodes[ep].Kind == ir.KindNIC {
			out[i].rail = g.Nodes[ep].Rail
		}
	}
	return out
}

// homeSwitch returns terminal i's access switch (after levels).
func (m *model) homeSwitch(i int) ir.NodeID {
	if m.home == nil {
		return ir.None
	}
	return m.home[i].sw
}
