package congestion

import (
	"sync"

	"github.com/topoc/topoc/analyzers/internal/routing"
	"github.com/topoc/topoc/compiler/ir"
)

// run routes the phases of one collective of one placed job.
type run struct {
	s     *system
	c     *ir.Collective
	fab   *plane // nil without a scale-out fabric
	nm    *nicMap
	opt   routing.Options
	loads *routing.Loads
	// views route the NVLink and PCIe planes concurrently (see Loads.View).
	views     [2]*routing.Loads
	railAware bool
	// transit is the fabric's server transit (ir.Fabric.Transit): with
	// any, traffic takes the NIC on the destination's rail whatever the
	// order (the fabric relies on it: rails or planes meet only inside
	// the servers).
	transit ir.Transit
	// swIntra and swNet are the catalogue switch latencies added per
	// NVLink and per network step (seconds).
	swIntra, swNetPerSwitch float64
	salt                    uint64
}

// legs holds one phase's demand per plane, with the transfer behind each
// listed flow (-1 for aggregated flows) for hot-link attribution.
type legs struct {
	up, pcie, fab       routing.Demand
	upOf, pcieOf, fabOf []int32
}

// phaseResult is what one routed phase yields.
type phaseResult struct {
	name string
	// cf is the largest offered load ÷ capacity, at slot hot (-1 if none).
	cf  float64
	hot int32
	// bwTime is the largest bytes ÷ capacity (the bottleneck term), s.
	bwTime     float64
	latency    float64
	unroutable int
	fabRes     routing.Result
	// top lists the most utilised link directions, most utilised first.
	top  []slotLoad
	legs *legs
	// nvls and sharp report in-network reduction in the phase.
	nvls, sharp bool
	xfers       []transfer
	rates       []float64
	flows       float64
}

func (r *phaseResult) time() float64 { return r.latency + r.bwTime }

// hop kinds of a transfer.
const (
	hopSkip  = iota
	hopIntra // NVLink
	hopPCIe  // two GPUs of one server without NVLink between them
	hopHost  // implicit hosts on the fabric
	hopInter // GPU, NIC, fabric, NIC, GPU
	hopNone  // no path
)

type hopPlan struct {
	kind                   uint8
	relay, egress, ingress ir.NodeID
}

// plan decides how transfer t travels: over NVLink inside its domain, or
// from a NIC across the fabric. Rail-aware order sends from the NIC on the
// destination NIC's rail, reached over NVLink from the owning GPU (PXN,
// NCCL 2.12 and later, on by default); naive order from the GPU's own NIC.
func (r *run) plan(t transfer) hopPlan {
	s := r.s
	g := s.g
	switch {
	case t.src == t.dst:
		return hopPlan{kind: hopSkip}
	case g.Nodes[t.src].Kind == ir.KindGPU && s.sameIsland(t.src, t.dst):
		return hopPlan{kind: hopIntra}
	case g.Nodes[t.src].Kind == ir.KindGPU && s.server(t.src) == s.server(t.dst) && s.pcieCapBPS[t.src] > 0:
		// NCCL's P2P over PCIe (or through the CPU) inside a server.
		return hopPlan{kind: hopPCIe}
	case r.nm == nil:
		return hopPlan{kind: hopNone}
	case g.Nodes[t.src].Kind != ir.KindGPU:
		if r.nm.of[t.src] == ir.None || r.nm.of[t.dst] == ir.None {
			return hopPlan{kind: hopNone}
		}
		return hopPlan{kind: hopHost, egress: t.src, ingress: t.dst, relay: ir.None}
	}
	in := r.nm.of[t.dst]
	e := r.nm.of[t.src]
	if in == ir.None || e == ir.None {
		return hopPlan{kind: hopNone}
	}
	e, relay := r.railEgress(t.src, e, r.s.nicIndex[in])
	return hopPlan{kind: hopInter, relay: relay, egress: e, ingress: in}
}

// railEgress returns the NIC rank src sends from towards a NIC on rail
// rl, and the GPU that relays it there (None when src sends itself).
// Rail-aware order and a fabric with server transit send from src's
// server's NIC on rail rl: over NVLink through the GPU that owns it (PXN,
// NCCL 2.12 and later, on by default) when src shares its NVLink domain,
// else, under `server_transit = ["pcie"]`, from src itself across the
// PCIe tree. Otherwise, and when the server has no NIC on rl, src sends
// from its own NIC e.
func (r *run) railEgress(src, e ir.NodeID, rl int32) (egress, relay ir.NodeID) {
	s := r.s
	if !r.railAware && r.transit == 0 {
		return e, ir.None
	}
	x := r.nm.egress(s.server(src), rl)
	if x == ir.None || x == e {
		return e, ir.None
	}
	if o := r.nm.owner[x]; o != ir.None && s.sameIsland(src, o) && (r.railAware || r.transit.Has(ir.TransitNVLink)) {
		return x, o
	}
	if r.transit.Has(ir.TransitPCIe) {
		return x, ir.None
	}
	return e, ir.None
}

// offer computes the offered rate of every transfer: each port (a GPU's
// NVLink ports, a NIC's fabric ports) is shared evenly by the transfers
// injected at it, a transfer offers the least of its shares, and the
// transfers of one pacing group all offer the group's least.
func (r *run) offer(xs []transfer, plans []hopPlan, paces int32) []float64 {
	sc := &r.s.scr
	if sc.nv == nil {
		sc.nv, sc.fb = make([]int32, len(r.s.g.Nodes)), make([]int32, len(r.s.g.Nodes))
	}
	nv, fb := sc.nv, sc.fb
	defer func() {
		for i, t := range xs {
			nv[t.src] = 0
			if e := plans[i].egress; e != ir.None {
				fb[e] = 0
			}
		}
	}()
	for i, t := range xs {
		switch p := plans[i]; p.kind {
		case hopIntra, hopPCIe:
			nv[t.src]++
		case hopHost:
			fb[p.egress]++
		case hopInter:
			if p.relay != ir.None {
				nv[t.src]++
			}
			fb[p.egress]++
		}
	}
	rates := take(&sc.floats, len(xs))[:len(xs)]
	clear(rates)
	paceMin := make([]float64, paces)
	for i := range paceMin {
		paceMin[i] = -1
	}
	for i, t := range xs {
		p := plans[i]
		rate := -1.0
		share := func(c float64, k int32) {
			if v := c / float64(k); rate < 0 || v < rate {
				rate = v
			}
		}
		switch p.kind {
		case hopIntra:
			share(r.s.nvCapBPS[t.src], nv[t.src])
		case hopPCIe:
			share(r.s.pcieCapBPS[t.src], nv[t.src])
		case hopHost, hopInter:
			if p.relay != ir.None {
				share(r.s.nvCapBPS[t.src], nv[t.src])
			}
			share(r.nm.capBPS[p.egress], fb[p.egress])
		default:
			continue
		}
		rates[i] = rate
		if t.pace >= 0 && (paceMin[t.pace] < 0 || rate < paceMin[t.pace]) {
			paceMin[t.pace] = rate
		}
	}
	for i, t := range xs {
		if t.pace >= 0 && rates[i] > 0 {
			rates[i] = paceMin[t.pace]
		}
	}
	return rates
}

// routePhase routes one phase and measures it.
func (r *run) routePhase(ph *phase, paces int32) phaseResult {
	r.loads.Reset()
	s := r.s
	res := phaseResult{name: ph.name, hot: -1, xfers: ph.xfers}
	lg := &legs{}
	plans := take(&s.scr.plans, len(ph.xfers))[:len(ph.xfers)]
	defer give(&s.scr.plans, plans)
	for i, t := range ph.xfers {
		plans[i] = r.plan(t)
		if plans[i].kind == hopNone {
			res.unroutable++
		}
	}
	res.rates = r.offer(ph.xfers, plans, paces)
	var nUp, nPCIe, nFab int
	for _, p := range plans {
		switch p.kind {
		case hopIntra:
			nUp++
		case hopHost:
			nFab++
		case hopInter:
			nPCIe += 2
			nFab++
			if p.relay != ir.None {
				nUp++
			}
		}
	}
	sc := &s.scr
	lg.up.Flows, lg.upOf = take(&sc.flows, nUp), take(&sc.ints, nUp)
	lg.pcie.Flows, lg.pcieOf = take(&sc.flows, nPCIe), take(&sc.ints, nPCIe)
	lg.fab.Flows, lg.fabOf = take(&sc.flows, nFab), take(&sc.ints, nFab)
	up, pc := s.up.p, s.pcie.p
	addUp := func(a, b ir.NodeID, rate, bytes float64, of int32) {
		if u, v := up.Local(a), up.Local(b); u >= 0 && v >= 0 {
			lg.up.Flows = append(lg.up.Flows, routing.Flow{Src: u, Dst: v, Rate: rate, Bytes: bytes})
			lg.upOf = append(lg.upOf, of)
		}
	}
	addPCIe := func(a, b ir.NodeID, rate, bytes float64, of int32) {
		if u, v := pc.Local(a), pc.Local(b); u >= 0 && v >= 0 && a != b {
			lg.pcie.Flows = append(lg.pcie.Flows, routing.Flow{Src: u, Dst: v, Rate: rate, Bytes: bytes})
			lg.pcieOf = append(lg.pcieOf, of)
		}
	}
	addFab := func(a, b ir.NodeID, rate, bytes float64, of int32, id uint64) {
		fp := r.fab.p
		if u, v := fp.Local(a), fp.Local(b); u >= 0 && v >= 0 {
			lg.fab.Flows = append(lg.fab.Flows, routing.Flow{Src: u, Dst: v, Rate: rate, Bytes: bytes,
				QPs: int32(r.c.FlowsPerPair), ID: id})
			lg.fabOf = append(lg.fabOf, of)
		} else {
			res.unroutable++
		}
	}
	// NVLink legs first, so that their routing overlaps the building of
	// the PCIe and fabric legs.
	for i, t := range ph.xfers {
		p, rate := plans[i], res.rates[i]
		switch {
		case p.kind == hopIntra:
			addUp(t.src, t.dst, rate, t.bytes, int32(i))
		case p.kind == hopInter && p.relay != ir.None:
			addUp(t.src, p.relay, rate, t.bytes, int32(i))
		}
	}
	for _, d := range ph.dense {
		res.flows += r.addDense(d, lg, &res)
	}
	r.addInNetwork(ph.innet, lg)
	for _, l := range ph.innet {
		res.nvls = res.nvls || !l.net
		res.sharp = res.sharp || l.net
	}
	// The planes hold disjoint links, so they route concurrently into the
	// same load cells without touching the same one; in-network loads were
	// written above, before any of them starts.
	var wg sync.WaitGroup
	upView, pcieView := r.views[0], r.views[1]
	wg.Go(func() { s.up.eng.Route(&lg.up, routing.Options{}, upView) })
	for i, t := range ph.xfers {
		p, rate := plans[i], res.rates[i]
		switch p.kind {
		case hopIntra:
			res.flows++
		case hopPCIe:
			addPCIe(t.src, t.dst, rate, t.bytes, int32(i))
			res.flows++
		case hopHost:
			addFab(t.src, t.dst, rate, t.bytes, int32(i), mixID(r.salt, uint64(i)))
			res.flows++
		case hopInter:
			from := t.src
			if p.relay != ir.None {
				from = p.relay
			}
			addPCIe(from, p.egress, rate, t.bytes, int32(i))
			addFab(p.egress, p.ingress, rate, t.bytes, int32(i), mixID(r.salt, uint64(i)))
			addPCIe(p.ingress, t.dst, rate, t.bytes, int32(i))
			res.flows++
		}
	}
	wg.Go(func() { s.pcie.eng.Route(&lg.pcie, routing.Options{}, pcieView) })
	maxHops := 0
	if r.fab != nil && (len(lg.fab.Flows) > 0 || len(lg.fab.Blocks) > 0) {
		res.fabRes = r.routeFabric(&lg.fab)
		res.unroutable += res.fabRes.Unroutable
		maxHops = r.longestPath(&lg.fab)
	}
	wg.Wait()
	r.loads.Merge(upView)
	r.loads.Merge(pcieView)
	res.legs = lg
	res.cf, res.hot, res.bwTime, res.top = r.scan(HotLinks)
	swNet := float64(max(0, maxHops-1)) * r.swNetPerSwitch
	if res.flows > 0 || len(ph.innet) > 0 {
		res.latency = ph.lat.seconds(r.swIntra, swNet)
	}
	return res
}

// routeFabric routes the fabric legs with the collective's path policy.
func (r *run) routeFabric(d *routing.Demand) routing.Result {
	if b, ok := r.fab.eng.(*routing.BFS); ok && r.fab.groups != nil {
		switch r.c.Path {
		case "valiant":
			return b.RouteValiant(d, r.fab.groups, r.opt, r.loads)
		case "ugal":
			return b.RouteUGAL(d, r.fab.groups, r.opt, r.loads)
		}
	}
	return r.fab.eng.Route(d, r.opt, r.loads)
}

// longestPath is the most links on a shortest fabric path of any listed
// flow (all of them on the closed form, the first 256 on the BFS engine,
// whose distances cost a search each) or block endpoint pair sampled the
// same way.
func (r *run) longestPath(d *routing.Demand) int {
	limit := len(d.Flows)
	if r.fab.eng.Method() != "closed_form" {
		limit = min(limit, 256)
	}
	best := 0
	for _, f := range d.Flows[:limit] {
		best = max(best, r.fab.eng.Hops(f.Src, f.Dst))
	}
	for _, b := range d.Blocks {
		for i := 0; i < len(b.Src) && i < 16; i++ {
			for j := 0; j < len(b.Dst) && j < 16; j++ {
				best = max(best, r.fab.eng.Hops(b.Src[i].Node, b.Dst[len(b.Dst)-1-j].Node))
			}
		}
	}
	return best
}

// scan passes once over the touched link directions for the largest
// offered load ÷ capacity (and its slot), the largest bytes ÷ capacity,
// and the k most utilised directions, most utilised first; ties go to the
// lower slot, so the result does not depend on the order of the pass.
// Loads of an NVLink bundle are shared by its links.
func (r *run) scan(k int) (cf float64, hot int32, bwTime float64, top []slotLoad) {
	hot = -1
	better := func(a, b slotLoad) bool { return a.util > b.util || (a.util == b.util && a.slot < b.slot) }
	for _, slot := range r.loads.Touched() {
		rate, bytes := r.loads.Rate(int(slot)), r.loads.Bytes(int(slot))
		c := r.s.slotCapBPS(slot)
		if c <= 0 {
			continue
		}
		if t := bytes * 8 / c; t > bwTime {
			bwTime = t
		}
		u := rate / c
		if u > cf || (u == cf && u > 0 && slot < hot) {
			cf, hot = u, slot
		}
		x := slotLoad{slot: slot, rate: rate, bytes: bytes, util: u}
		if rate == 0 || (len(top) == k && !better(x, top[k-1])) {
			continue
		}
		i := len(top)
		if i < k {
			top = append(top, x)
		} else {
			i = k - 1
			top[i] = x
		}
		for ; i > 0 && better(top[i], top[i-1]); i-- {
			top[i], top[i-1] = top[i-1], top[i]
		}
	}
	return cf, hot, bwTime, top
}

// addInNetwork adds in-switch reduction traffic: NVLS spreads each GPU's
// bytes over its NVLink links at the GPU's NVLink rate; SHARP sends them
// through the GPU's NIC into the fabric's first switch and back, and each
// aggregation tree that spans several first switches sends one stream of
// its reduced data up from each of them and the result back down, spread
// evenly over the switch's uplinks (the links above those are not
// routed). Concurrent trees add up there: eight groups of four hosts, one
// per rack, on leaves of 8 hosts and 2 uplinks carry eight streams per
// leaf over 2 links (oracle trial 62 found them left out, the estimate
// four times too fast).
func (r *run) addInNetwork(loads []switchLoad, lg *legs) {
	r.addSharpTrees(loads)
	up := r.s.up.p
	for _, l := range loads {
		if !l.net {
			u := up.Local(l.gpu)
			if u < 0 || l.up <= 0 {
				continue
			}
			arcs := up.Arcs(u)
			rate := r.s.nvCapBPS[l.gpu]
			var k float64
			for _, a := range arcs {
				k += float64(a.Mult)
			}
			for _, a := range arcs {
				f := float64(a.Mult) / k
				r.loads.Add(a.Slot, rate*f, l.up*f)
				r.loads.Add(a.Slot^1, rate*min(1, l.down/l.up)*f, l.down*f)
			}
			continue
		}
		if r.nm == nil || r.nm.of[l.gpu] == ir.None {
			continue
		}
		e := r.nm.of[l.gpu]
		rate := r.nm.capBPS[e]
		if u, v := r.s.pcie.p.Local(l.gpu), r.s.pcie.p.Local(e); u >= 0 && v >= 0 {
			lg.pcie.Flows = append(lg.pcie.Flows,
				routing.Flow{Src: u, Dst: v, Rate: rate, Bytes: l.up},
				routing.Flow{Src: v, Dst: u, Rate: rate, Bytes: l.down})
			lg.pcieOf = append(lg.pcieOf, -1, -1)
		}
		fp := r.fab.p
		arcs := fp.Arcs(fp.Local(e))
		k := float64(len(arcs))
		for _, a := range arcs {
			r.loads.Add(a.Slot, rate/k, l.up/k)
			r.loads.Add(a.Slot^1, rate/k, l.down/k)
		}
	}
}

// addSharpTrees adds, for every SHARP aggregation tree of loads that
// spans more than one first switch, one stream per first switch on its
// uplinks (to other switches), up (the reduced data) and down (the
// result), at the fastest member NIC's rate and spread evenly over the
// uplinks. Both are modelling assumptions: a switch forwards the reduced
// stream as fast as its members feed it, and the subnet manager spreads
// the trees over the uplinks (one stream per tree and leaf is how SHARP
// reduces, docs/workloads.md).
func (r *run) addSharpTrees(loads []switchLoad) {
	if r.fab == nil || r.nm == nil {
		return
	}
	fp := r.fab.p
	type stream struct {
		tree int32
		leaf int32
	}
	type load struct{ up, down, rate float64 }
	at := map[stream]*load{}
	var order []stream
	leaves := map[int32]map[int32]bool{} // tree → first switches
	for _, l := range loads {
		if !l.net || r.nm.of[l.gpu] == ir.None {
			continue
		}
		e := r.nm.of[l.gpu]
		u := fp.Local(e)
		if u < 0 {
			continue
		}
		for _, a := range fp.Arcs(u) {
			k := stream{l.tree, a.To}
			x := at[k]
			if x == nil {
				x = &load{}
				at[k] = x
				order = append(order, k)
			}
			x.up, x.down, x.rate = max(x.up, l.up), max(x.down, l.down), max(x.rate, r.nm.capBPS[e])
			if leaves[l.tree] == nil {
				leaves[l.tree] = map[int32]bool{}
			}
			leaves[l.tree][a.To] = true
		}
	}
	for _, k := range order {
		if len(leaves[k.tree]) < 2 {
			continue // the tree reduces inside one switch
		}
		var ups []routing.Arc
		for _, a := range fp.Arcs(k.leaf) {
			if r.s.g.Nodes[fp.Nodes[a.To]].Kind.IsSwitch() {
				ups = append(ups, a)
			}
		}
		n := 0.0
		for _, a := range ups {
			n += float64(a.Mult)
		}
		x := at[k]
		for _, a := range ups {
			f := float64(a.Mult) / n
			r.loads.Add(a.Slot, x.rate*f, x.up*f)
			r.loads.Add(a.Slot^1, x.rate*f, x.down*f)
		}
	}
}

func mixID(salt, i uint64) uint64 {
	x := salt ^ (i * 0x9e3779b97f4a7c15)
	x = (x ^ (x >> 31)) * 0xbf58476d1ce4e5b9
	return x ^ (x >> 29)
}

// slotLoad is the load of one link direction.
type slotLoad struct {
	slot        int32
	rate, bytes float64
	util        float64
}
