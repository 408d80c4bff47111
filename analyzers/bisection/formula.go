package bisection

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// fatTree is the closed form of a k-ary fat-tree (Al-Fares, Loukissas,
// Vahdat, SIGCOMM 2008, DOI 10.1145/1402946.1402967; designs.md §1): k³/4
// hosts, every link at one rate; the pod halves cut (k/2)² cores × k/2
// links = k³/8 links, and no balanced cut is smaller, because the
// fat-tree is rearrangeably non-blocking (the hose bound of hose.go is
// exactly k³/8 links, checked against max-flow in the tests). It needs no
// graph, so k = 64 (196,608 links) costs one scan of the links. ok is
// false when the fabric is not the generator's fat-tree.
func (m *model) fatTree(r Fabric, levels []level) (Fabric, bool) {
	k, ok := m.fab.Param("k")
	if !ok || k < 2 {
		return r, false
	}
	n := len(m.terms)
	if int64(n) != k*k*k/4 || int64(len(m.fabricLinks)) != 3*k*k*k/4 {
		return r, false
	}
	rate := m.g.Link(m.fabricLinks[0]).CapacityBPS
	for _, id := range m.fabricLinks {
		if m.g.Link(id).CapacityBPS != rate {
			return r, false
		}
	}
	if rate <= 0 || !m.alFaresWiring(int(k)) {
		return r, false
	}
	// The first half of the hosts in endpoint order must be pods
	// 0 … k/2-1 (the generator lists hosts pod by pod).
	inA := make([]bool, n)
	for i := range inA {
		inA[i] = i < n/2
	}
	for _, l := range levels {
		if l.unit == "pod" {
			for i, p := range l.key {
				if (p < int32(k/2)) != inA[i] {
					return r, false
				}
			}
		}
	}
	links := k * k * k / 8
	v := float64(links) * rate
	r.Method = MethodAnalytic
	r.Formula = fmt.Sprintf("k³/8 × link rate = %d × %s (Al-Fares et al., SIGCOMM 2008: the pod halves cut (k/2)² cores × k/2 links; the fat-tree is rearrangeably non-blocking)", links, units.Rate(rate))
	r.BandwidthBPS, r.LowerBoundBPS, r.UpperBoundBPS = v, v, v
	r.LowerBoundMethod = "formula"
	r.finish()
	r.Certificate = m.certificate(levels, inA, int(links), v)
	r.sideA = m.sideA(inA)
	r.cross = m.podHalvesCross(inA, int32(k), links)
	// Oblivious up/down routing with an even split over the uplinks
	// carries any hose traffic in a fat-tree (the hose bound of hose.go is
	// exactly k³/8 links), so the routing loses nothing.
	r.Routed = &Routed{Routing: "up_down", LowerBoundBPS: v, LowerBoundMethod: "formula", UpperBoundBPS: v,
		LowerBoundRatio: r.LowerBoundRatio, UpperBoundRatio: r.UpperBoundRatio}
	return r, true
}

// podHalvesCross returns the links crossing the fat-tree's pod halves
// cut (hosts by inA, edge and aggregation switches by pod, cores on side
// A: each core has one link to each pod, so k/2 of its links cross
// whichever side it is on), nil if they are not the want links of the
// closed form, which would mean the labels do not describe the wiring.
func (m *model) podHalvesCross(inA []bool, k int32, want int64) *linkSet {
	g := m.g
	// 0 none, 1 A, 2 B; over the fabric's nodes, not the graph's: a
	// design of 4,000 fabrics allocated 560 MB of sides (testdata/bad/
	// many-fabrics).
	side := ir.NewNodeMap[int8](g, len(m.terms)+2*len(m.fabricLinks), 0)
	for i, t := range m.terms {
		side.Set(t.node, 2)
		if inA[i] {
			side.Set(t.node, 1)
		}
	}
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		for _, e := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			if n := &g.Nodes[e]; side.Get(e) == 0 {
				side.Set(e, 1)
				if n.UnitName() == "pod" && n.UnitIndex >= k/2 {
					side.Set(e, 2)
				}
			}
		}
	}
	var cross []ir.LinkID
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		if side.Get(l.A.Node) != side.Get(l.B.Node) {
			cross = append(cross, id)
		}
	}
	if int64(len(cross)) != want {
		return nil
	}
	return linkSetOf(cross)
}

// alFaresWiring checks that the fabric is wired as Al-Fares et al.'s
// k-ary fat-tree, the precondition of its closed form (counts and rates
// alone do not prove it: one aggregation–core link moved to another core
// keeps both and lowers the bisection): every host has one link, to an
// edge switch; every edge switch has k/2 hosts and one link to each of
// the k/2 aggregation switches of its pod; every aggregation switch has
// k/2 links to distinct cores; every core has one link to an aggregation
// switch of each of the k pods. O(links).
func (m *model) alFaresWiring(k int) bool {
	g := m.g
	h := k / 2
	// Switches by local index, and the pairs each kind of link makes,
	// sorted to count distinct peers: maps of peers per switch took
	// 0.75 s at k = 160 (issue 16).
	sw := newSwitchIndex(g, m.fid, map[string]int{"edge": 0, "aggregation": 1, "core": 2})
	var hosts []int32
	var tallied []bool // the switches the conditions below are checked on
	tally := func(n ir.NodeID) int32 {
		i := sw.of(n)
		for len(tallied) <= int(i) {
			tallied, hosts = append(tallied, false), append(hosts, 0)
		}
		tallied[i] = true
		return i
	}
	var edgeAgg, aggCore, corePod []uint64
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		x, y := l.A.Node, l.B.Node
		if g.Nodes[x].TierName() > g.Nodes[y].TierName() { // order the ends: "" < aggregation < core < edge
			x, y = y, x
		}
		a, b := &g.Nodes[x], &g.Nodes[y]
		switch {
		case a.TierName() == "" && b.TierName() == "edge":
			hosts[tally(y)]++
		case a.TierName() == "aggregation" && b.TierName() == "edge":
			if a.UnitIndex != b.UnitIndex {
				return false
			}
			edgeAgg = append(edgeAgg, pairKey(tally(y), sw.of(x)))
		case a.TierName() == "aggregation" && b.TierName() == "core":
			agg, core := tally(x), tally(y)
			aggCore = append(aggCore, pairKey(agg, core))
			corePod = append(corePod, pairKey(core, a.UnitIndex))
		default:
			return false
		}
	}
	peers := make([]int32, len(tallied))
	countDistinct(edgeAgg, peers)
	countDistinct(aggCore, peers)
	pods := make([]int32, len(tallied))
	if countDistinct(corePod, pods) < len(corePod) {
		return false // two links from one core into one pod
	}
	for i, t := range tallied {
		if !t {
			continue
		}
		switch sw.rank[i] {
		case 0:
			if hosts[i] != int32(h) || peers[i] != int32(h) {
				return false
			}
		case 1:
			if peers[i] != int32(h) {
				return false
			}
		case 2:
			if pods[i] != int32(k) {
				return false
			}
		}
	}
	return true
}

// pairKey packs two 32-bit values into one sortable key, a first.
func pairKey(a, b int32) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(b)) }

// countDistinct sorts pairs (pairKey) and adds to count[a] the number of
// distinct b paired with each a; it returns the number of distinct pairs.
func countDistinct(pairs []uint64, count []int32) int {
	slices.Sort(pairs)
	distinct := 0
	for i, p := range pairs {
		if i > 0 && pairs[i-1] == p {
			continue
		}
		count[p>>32]++
		distinct++
	}
	return distinct
}

// formula names the closed form a proven value (lower bound = cut found)
// follows, for the families that have one; ok is false otherwise (the
// result is then "exact": proven, but not by a family formula).
func (m *model) formula(h hoseBound, lbHow string, v float64, best cut) (string, bool) {
	same := func(x float64) bool { return math.Abs(x-v) <= 1e-9*math.Max(1, v) }
	rate, uniform := m.uniformRate()
	switch m.fab.Family {
	case ir.FamilyFatTree:
		k, ok := m.fab.Param("k")
		if ok && uniform && lbHow == "hose" && same(float64(k*k*k/8)*rate) {
			return fmt.Sprintf("k³/8 × link rate = %d × %s (Al-Fares et al., SIGCOMM 2008), proven by the hose bound", k*k*k/8, units.Rate(rate)), true
		}
	case ir.FamilyNVLinkDomain:
		gpus, ok1 := m.fab.Param("gpus")
		lpg, ok2 := m.fab.Param("links_per_gpu")
		if ok1 && ok2 && uniform && lbHow == "hose" && same(float64(gpus/2*lpg)*rate) {
			return fmt.Sprintf("⌊G/2⌋ × links per GPU × link rate = %d × %d × %s: every NVSwitch chip meets both halves equally (hose bound met by the cut %s)", gpus/2, lpg, units.Rate(rate), best.how), true
		}
	case ir.FamilyClos:
		if lbHow == "hose" {
			via := ""
			if t := m.fab.Transit; h.transit {
				via = fmt.Sprintf(", each GPU's traffic spread over all its server's NICs by server transit (%s)", strings.Join(t.Names(), ", "))
			}
			return fmt.Sprintf("symmetric Clos: θ × (sum of the ⌊n/2⌋ smallest endpoint injections), θ = %s = least capacity ÷ up-routed injection over the links%s, i.e. 1 ÷ the worst oversubscription met on the way up (hose bound; Duffield et al., SIGCOMM 1999), met by the cut of the halves in %s", ratioText(h.theta), via, best.how), true
		}
	case ir.FamilyTorus:
		if s, ok := m.torusShape(); ok && lbHow == "uniform_multicommodity_flow" {
			return s.formula(v)
		}
		if s, ok := m.torusShape(); ok && lbHow == "odd_torus_lindsey" {
			return s.oddCubeFormula(v)
		}
	case ir.FamilyDragonfly:
		gg, ok := m.fab.Param("g")
		if !m.equalGroupEndpoints() {
			return "", false // halves of the groups are not halves of the endpoints
		}
		if !ok || gg%2 != 0 || (lbHow != "uniform_multicommodity_flow" && lbHow != "dragonfly_group_structure") {
			return "", false
		}
		by := "the dragonfly group-structure bound"
		if lbHow == "uniform_multicommodity_flow" {
			by = "the uniform multicommodity-flow bound under minimal routing"
		}
		pairs, grate, ok := m.dragonflyPairs()
		if ok && same(float64((gg/2)*((gg+1)/2))*float64(pairs)*grate) {
			return fmt.Sprintf("⌊g/2⌋·⌈g/2⌉ × global links per group pair × global rate = %d × %d × %s (Kim et al., ISCA 2008 group cut; even g splits the endpoints evenly), proven by %s", (gg/2)*((gg+1)/2), pairs, units.Rate(grate), by), true
		}
	}
	return "", false
}

// uniformRate returns the rate of the fabric's links when they all have
// the same one.
func (m *model) uniformRate() (float64, bool) {
	if len(m.fabricLinks) == 0 {
		return 0, false
	}
	r := m.g.Link(m.fabricLinks[0]).CapacityBPS
	for _, id := range m.fabricLinks {
		if m.g.Link(id).CapacityBPS != r {
			return 0, false
		}
	}
	return r, true
}

// equalGroupEndpoints reports that every dragonfly group holds the same
// number of the fabric's endpoints (a partially populated system does
// not), the precondition of the group cut's "even g splits the endpoints
// evenly".
func (m *model) equalGroupEndpoints() bool {
	per := map[int32]int{}
	for _, e := range m.fab.Endpoints {
		per[m.g.Nodes[e.Node].UnitIndex]++
	}
	n := -1
	for _, c := range per {
		if n >= 0 && c != n {
			return false
		}
		n = c
	}
	return n > 0
}

// dragonflyPairs returns the number of global links between every pair of
// groups and their rate, ok only when both are the same for all pairs.
func (m *model) dragonflyPairs() (int, float64, bool) {
	g := m.g
	count := map[[2]int32]int{}
	rate := 0.0
	var groups []int32
	seen := map[int32]bool{}
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		a, b := &g.Nodes[l.A.Node], &g.Nodes[l.B.Node]
		if !a.Kind.IsSwitch() || !b.Kind.IsSwitch() || a.UnitIndex == b.UnitIndex {
			continue
		}
		if rate == 0 {
			rate = l.CapacityBPS
		} else if l.CapacityBPS != rate {
			return 0, 0, false
		}
		count[[2]int32{min(a.UnitIndex, b.UnitIndex), max(a.UnitIndex, b.UnitIndex)}]++
	}
	for _, id := range m.fabricLinks {
		l := g.Link(id)
		for _, e := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			if n := &g.Nodes[e]; n.Kind.IsSwitch() && !seen[n.UnitIndex] {
				seen[n.UnitIndex] = true
				groups = append(groups, n.UnitIndex)
			}
		}
	}
	pairs := -1
	for i, x := range groups {
		for _, y := range groups[i+1:] {
			c := count[[2]int32{min(x, y), max(x, y)}]
			if pairs >= 0 && c != pairs {
				return 0, 0, false
			}
			pairs = c
		}
	}
	return pairs, rate, pairs > 0
}

// ratioText formats a ratio, as a fraction 1/k when it is one.
func ratioText(x float64) string {
	if x > 0 && x < 1 {
		if k := math.Round(1 / x); math.Abs(1/x-k) < 1e-9*k {
			return "1/" + strconv.FormatFloat(k, 'g', -1, 64)
		}
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
}
