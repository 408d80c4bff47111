package bisection

import (
	"math"
	"slices"

	"github.com/topoc/topoc/analyzers/internal/countsort"
	"github.com/topoc/topoc/compiler/ir"
)

// hoseBound is the lower bound of a tiered fabric (fat-tree, Clos, NVLink
// domain, a custom fabric whose switches all name a tier):
//
// Route every terminal's traffic up: inside its server to its nearest NICs
// (route.go), then from each switch over its links to higher tiers in
// proportion to their capacity, until it reaches a switch with no such
// links (the top). If every terminal reaches the top switches with the
// same distribution α, a flow from s to t can meet at top switch c with
// weight α(c), climbing along s's up-routing and descending along the
// reverse of t's: an oblivious routing. Under it, any traffic matrix in
// which every terminal sends and receives at most θ·w(t) (the hose model
// of Duffield et al., SIGCOMM 1999) loads each link, per direction, at
// most θ·Σ w(t)·(fraction of t's up-traffic on the link), so it fits when
// θ = min over links of capacity ÷ that up-load. For any split A|B with
// w(A) ≤ w(B), the matrix D(s,t) = θ·w(s)·w(t)/w(B) (s ∈ A, t ∈ B) is
// such a matrix and sends θ·w(A) across, so every cut separating A from B
// carries at least θ·w(A) per direction. Over balanced splits, w(A) is at
// least the sum of the ⌊n/2⌋ smallest injections.
//
// For a symmetric Clos θ is 1 ÷ the worst tier oversubscription (capped
// at 1), and the bound is the familiar W/2 ÷ oversubscription.
type hoseBound struct {
	ok     bool
	reason string
	theta  float64
	bound  float64
	// transit marks a bound whose routing spread each GPU over its
	// server's NICs through the fabric's server transit.
	transit bool
	// rebalanced marks a bound whose endpoints reach the top tier
	// unevenly under proportional up-routing, so the traffic of each
	// pair of groups below the top tier was routed by a max-flow over the
	// top switches both reach (hose_balance.go).
	rebalanced bool
	// fabricTheta is θ over the fabric's links alone (the sources'
	// weights as the model gives them: injection, or
	// model.uniformWeight), classTheta over the servers' internal links
	// relative to each GPU's injection (+Inf with no servers); theta is
	// the smaller.
	fabricTheta, classTheta float64
}

// method returns the bound's LowerBoundMethod.
func (h hoseBound) method() string {
	if h.rebalanced {
		return "hose_rebalanced"
	}
	return "hose"
}

// hose returns the hose bound. In a fabric with server transit it is
// computed twice, with each GPU routed to its nearest NICs and spread
// over its server's NICs through the transit paths, and the better
// bound is kept: both routings are valid (any routing gives a sound
// bound), and a transit that joins nothing new must not cost a proof.
// The nearest-NIC classes stay in m.classes for the levels that read
// them.
func (m *model) hose() hoseBound {
	h := m.hoseOnce()
	if m.fab.Transit == 0 || m.view != ViewGPU || len(m.servers) == 0 {
		return h
	}
	classes, srvCls, routed := m.classes, m.srvCls, m.routed
	m.classes, m.srvCls, m.routed, m.transitRoute = nil, nil, false, true
	t := m.hoseOnce()
	m.classes, m.srvCls, m.routed, m.transitRoute = classes, srvCls, routed, false
	if t.ok && (!h.ok || t.bound > h.bound) {
		t.transit = true
		return t
	}
	if !h.ok && !t.ok {
		h.reason += "; spread through the servers (server transit) it does not apply either: " + t.reason
	}
	return h
}

func (m *model) hoseOnce() hoseBound {
	g := m.g
	fa := m.build(modeFabric)
	rank, why := m.tierRanks(fa)
	if why != "" {
		return hoseBound{reason: why}
	}
	if m.view == ViewGPU && len(m.servers) > 0 {
		m.route()
	}
	fa.indexNodes(len(g.Nodes))
	src, why := m.terminalSources(fa)
	if why != "" {
		return hoseBound{reason: why}
	}
	for _, x := range m.extra {
		v := fa.tv0(x.node)
		if v < 0 || rank[v] < 0 {
			return hoseBound{reason: g.Nodes[x.node].Name + " is not a switch of the fabric"}
		}
		src.extra = append(src.extra, []att2{{v, 1}})
	}
	upCap := upCaps(fa, rank)
	// Forward pass: push every terminal's injection up, tier by tier.
	inflow := make([]float64, len(fa.vnode))
	for i := range m.terms {
		w := m.terms[i].inj()
		if m.uniformWeight > 0 {
			w = m.uniformWeight
		}
		for _, x := range src.at(i) {
			inflow[x.v] += w * x.f
		}
	}
	for i, x := range m.extra {
		inflow[src.extra[i][0].v] += x.w
	}
	theta := upTheta(fa, rank, upCap, inflow)
	// Every terminal must reach the tops with the same distribution; where
	// they do not, the top stage is rebalanced (hose_balance.go).
	rebalanced := false
	skip := func(i int) bool { return i < len(m.terms) && m.terms[i].inj() == 0 }
	name := func(i int) string {
		if i < len(m.terms) {
			return m.name(i)
		}
		return g.Nodes[m.extra[i-len(m.terms)].node].Name
	}
	if reason := m.sameTops(fa, rank, upCap, src, skip, name); reason != "" {
		if len(m.extra) > 0 {
			return hoseBound{reason: reason} // the rebalanced routing carries terminals only
		}
		lambda, why := m.rebalanceTops(fa, rank, upCap, src, inflow)
		if why != "" {
			return hoseBound{reason: reason + "; " + why}
		}
		theta, rebalanced = 1/lambda, true
	}
	fabricTheta, classTheta := theta, math.Inf(1)
	if m.routed {
		for s, c := range m.srvCls {
			if len(m.srvGPUs[s]) > 0 {
				classTheta = math.Min(classTheta, m.classes[c].theta)
			}
		}
	}
	theta = math.Min(theta, classTheta)
	if math.IsInf(theta, 1) {
		theta = 0 // nothing injects
	}
	w := make([]float64, len(m.terms))
	for i := range m.terms {
		w[i] = m.terms[i].inj()
	}
	slices.Sort(w)
	low := 0.0
	for _, x := range w[:len(w)/2] {
		low += x
	}
	return hoseBound{ok: true, theta: theta, bound: theta * low, rebalanced: rebalanced, fabricTheta: fabricTheta, classTheta: classTheta}
}

// sources are what a hose routing carries up: each source's
// attachments to fabric vertices, with the fraction of its traffic that
// enters at each.
type sources interface {
	// count returns the number of sources.
	count() int
	// at returns source i's attachments; the slice may be overwritten by
	// the next call.
	at(i int) []att2
}

// sourceLists are sources whose attachments are listed.
type sourceLists [][]att2

func (s sourceLists) count() int      { return len(s) }
func (s sourceLists) at(i int) []att2 { return s[i] }

// termSources are the model's terminals, then its extra sources (one
// switch each, listed), with the terminals' attachments to the fabric
// vertices of fa (indexed by indexNodes) worked out again at each read
// (eachAttachment): at a million GPUs, a list per terminal held 150 MB
// at the top of the bisection's memory.
type termSources struct {
	m     *model
	fa    *agraph
	extra [][]att2
	buf   []att2
}

func (s *termSources) count() int { return len(s.m.terms) + len(s.extra) }

func (s *termSources) at(i int) []att2 {
	if i >= len(s.m.terms) {
		return s.extra[i-len(s.m.terms)]
	}
	s.buf = s.buf[:0]
	s.m.eachAttachment(s.fa, i, func(x att2) { s.buf = append(s.buf, x) })
	return s.buf
}

// terminalSources returns the terminals as sources on fa, or the reason
// a terminal has no attachments.
func (m *model) terminalSources(fa *agraph) (*termSources, string) {
	for i := range m.terms {
		if why := m.eachAttachment(fa, i, func(att2) {}); why != "" {
			return nil, why
		}
	}
	return &termSources{m: m, fa: fa}, ""
}

// eachAttachment calls emit on each attachment of terminal i to a fabric
// vertex of fa: its own vertex, a contracted server's endpoints, a GPU's
// share over its server's NICs (route.go). It returns the reason when a
// GPU reaches no NIC inside its server.
func (m *model) eachAttachment(fa *agraph, i int, emit func(att2)) string {
	t := &m.terms[i]
	w := t.inj()
	if w == 0 {
		return ""
	}
	switch {
	case fa.tv[i] >= 0:
		emit(att2{fa.tv[i], t.own / w})
	case t.contracted:
		for _, e := range m.srvEPs[t.srv] {
			if m.epCap.Get(e) > 0 {
				emit(att2{fa.tv0(e), m.epCap.Get(e) / w})
			}
		}
	}
	if t.share > 0 && !t.contracted {
		cls := m.classes[m.srvCls[t.srv]]
		if !cls.ok {
			return "a GPU of " + m.g.Nodes[m.servers[t.srv]].Name + " reaches no NIC inside its server"
		}
		for _, x := range m.gpuAttach(i) {
			emit(att2{fa.tv0(m.srvEPs[t.srv][x.ep]), x.frac * t.share / w})
		}
	}
	return ""
}

// att2 is one attachment of a source to a vertex: the fraction f of its
// traffic that enters at v.
type att2 struct {
	v int32
	f float64
}

// tierRanks ranks the vertices of the fabric graph fa: a switch of the
// fabric by its tier's place in the fabric's tier order (bottom-up), -1
// for every other vertex. It returns the reason the hose routing cannot
// climb when a switch names no tier of the fabric.
func (m *model) tierRanks(fa *agraph) ([]int32, string) {
	rankOf := map[string]int32{}
	for i, t := range m.fab.Tiers {
		rankOf[t] = int32(i)
	}
	rank := make([]int32, len(fa.vnode))
	for v, n := range fa.vnode {
		node := &m.g.Nodes[n]
		rank[v] = -1
		if node.Kind.IsSwitch() && node.InFabric(m.fid) {
			r, ok := rankOf[node.TierName()]
			if !ok {
				return nil, "switch " + node.Name + " names no tier of the fabric"
			}
			rank[v] = r
		}
	}
	return rank, ""
}

// upCaps returns each vertex's up-capacity: the summed capacity of its
// arcs to vertices of higher rank, in bits per second per direction.
func upCaps(fa *agraph, rank []int32) []float64 {
	fg := fa.fg
	upCap := make([]float64, len(fa.vnode))
	for v := int32(0); v < int32(len(upCap)); v++ {
		lo, hi := fg.Arcs(v)
		for a := lo; a < hi; a++ {
			if rank[fg.Head(a)] > rank[v] {
				upCap[v] += fg.Capacity(a)
			}
		}
	}
	return upCap
}

// upTheta pushes inflow (bits per second entering each vertex from
// below) up the tiers, each vertex over its up-arcs in proportion to
// their capacity, and returns θ, the least capacity ÷ flow over the arcs
// met (+Inf when nothing flows). inflow ends holding each vertex's total
// inflow.
func upTheta(fa *agraph, rank []int32, upCap, inflow []float64) float64 {
	fg := fa.fg
	byRank := make([]int32, len(fa.vnode))
	for i := range byRank {
		byRank[i] = int32(i)
	}
	byRankStable(byRank, rank, false)
	theta := math.Inf(1)
	for _, v := range byRank {
		if inflow[v] == 0 || upCap[v] == 0 {
			continue
		}
		lo, hi := fg.Arcs(v)
		for a := lo; a < hi; a++ {
			if w := fg.Head(a); rank[w] > rank[v] {
				c := fg.Capacity(a)
				f := inflow[v] * c / upCap[v]
				inflow[w] += f
				theta = math.Min(theta, c/f)
			}
		}
	}
	return theta
}

// upReach returns the vertices the injecting terminals reach by
// climbing, highest rank first, and marks the tops among them (reached
// vertices with no up-arcs): topIdx[v] numbers them from 0, -1 for the
// rest.
func (m *model) upReach(fa *agraph, rank []int32, upCap []float64, src sources) (order, topIdx []int32, ntop int32) {
	fg := fa.fg
	nv := len(fa.vnode)
	reach := make([]bool, nv)
	var stack []int32
	for i := range src.count() {
		for _, x := range src.at(i) {
			if !reach[x.v] {
				reach[x.v] = true
				stack = append(stack, x.v)
			}
		}
	}
	topIdx = make([]int32, nv)
	for i := range topIdx {
		topIdx[i] = -1
	}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		order = append(order, v)
		if upCap[v] == 0 {
			topIdx[v] = ntop
			ntop++
			continue
		}
		lo, hi := fg.Arcs(v)
		for a := lo; a < hi; a++ {
			if w := fg.Head(a); rank[w] > rank[v] && !reach[w] {
				reach[w] = true
				stack = append(stack, w)
			}
		}
	}
	byRankStable(order, rank, true)
	return order, topIdx, ntop
}

// byRankStable orders the vertices vs by rank, ascending (descending when
// down), keeping the order of vertices of one rank: sort.SliceStable's
// order, by a counting sort, since ranks are a fabric's few tiers (and
// -1). At a million GPUs the comparison sorts took 0.2 s.
func byRankStable(vs, rank []int32, down bool) {
	if len(vs) == 0 {
		return
	}
	lo, hi := rank[vs[0]], rank[vs[0]]
	for _, v := range vs {
		lo, hi = min(lo, rank[v]), max(hi, rank[v])
	}
	key := func(v int32) int32 { return rank[v] - lo }
	if down {
		key = func(v int32) int32 { return hi - rank[v] }
	}
	copy(vs, countsort.By(vs, key, int(hi-lo)+1))
}

// sameTops checks that every source (src.at(i), the fabric vertices
// source i enters at with the fraction of its traffic at each; a source
// is a terminal, or an endpoint node in the whole-server bound) that
// skip does not pass over reaches the top vertices with the same
// distribution (stopDists with the tops as stops). It returns "" when
// the check passes, else the reason it fails, naming sources by name.
func (m *model) sameTops(fa *agraph, rank []int32, upCap []float64, src sources, skip func(int) bool, name func(int) string) string {
	order, topIdx, ntop := m.upReach(fa, rank, upCap, src)
	if ntop == 0 {
		return "no terminal injects"
	}
	d, ok := newStopDists(fa, rank, upCap, order, topIdx, ntop)
	if !ok {
		return "the fabric is too irregular to compare the terminals' routes"
	}
	ref, refTerm := int32(-1), 0
	checked := map[int32]bool{}
	for i := range src.count() {
		if skip(i) {
			continue
		}
		c, ok := d.terminal(src.at(i))
		if !ok {
			return "the fabric is too irregular to compare the terminals' routes"
		}
		if ref < 0 {
			ref, refTerm = c, i
		}
		if c == ref || checked[c] {
			continue
		}
		if d.distance(c, ref) > 1e-9 {
			return "endpoints reach different top switches (" + name(i) + " differs from " + name(refTerm) + ")"
		}
		checked[c] = true
	}
	return ""
}

// indexNodes prepares tv0.
func (a *agraph) indexNodes(nodes int) {
	if a.nodeVtx != nil {
		return
	}
	if len(a.portVtx) == 0 {
		// Every vertex is then its node's only one: vtx is the index
		// already, where a copy cost 33 MB at a million GPUs.
		a.nodeVtx = a.vtx
		return
	}
	a.nodeVtx = make([]int32, nodes)
	for i := range a.nodeVtx {
		a.nodeVtx[i] = -1
	}
	for v := len(a.vnode) - 1; v >= 0; v-- {
		a.nodeVtx[a.vnode[v]] = int32(v)
	}
}

// tv0 returns the (first) vertex of node n, -1 if none.
func (a *agraph) tv0(n ir.NodeID) int32 { return a.nodeVtx[n] }
