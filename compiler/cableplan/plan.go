package cableplan

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// Plan is the compiler's "cabling" stage in one go: Place, then Cables,
// and the plan attached to the graph (Graph.SetCabling). It returns the
// diagnostics of both.
func Plan(in Input) hcl.Diagnostics {
	pl, diags := Place(in)
	if pl == nil {
		return diags
	}
	in.Graph.SetCabling(pl.Cabling())
	return append(diags, pl.Cables(in.Graph, nil)...)
}

// Placed is a design whose devices are in their racks (Place) and whose
// cables are still to be planned (Cables).
type Placed struct {
	s     *state
	media mediaTable
	p     *placer
	cb    *ir.Cabling
}

// Place is the first half of the compiler's "cabling" stage: it places
// every cabled device in a rack (place.go) and records the rack on each
// node (Node.Rack). It returns nil, with the diagnostics that say why,
// when the design's cable models cannot serve as a catalogue.
func Place(in Input) (*Placed, hcl.Diagnostics) {
	s := &state{Input: in, g: in.Graph}
	media, ok := s.cableTypes()
	if !ok {
		return nil, s.diags
	}
	p := newPlacer(s)
	p.place()
	racks, mounts := p.result()
	cb := &ir.Cabling{Racking: ir.Racking{Layout: p.lay, Racks: racks, Mounts: mounts}, Types: media.types,
		PerFabric: make([]int32, len(in.Graph.Fabrics))}
	diags := s.diags
	s.diags = nil
	return &Placed{s: s, media: media, p: p, cb: cb}, diags
}

// Cabling returns the plan: its racking once Place has returned, its
// cables once Cables has.
func (pl *Placed) Cabling() *ir.Cabling { return pl.cb }

// Cables is the second half of the compiler's "cabling" stage: it
// estimates the route of every cable from the rack positions
// (cabling.md §3), chooses its medium and catalogue part by length and
// reach (media.go), and records the cables in the plan (Cabling). It
// reads g, the placed graph whose Cabling is the plan (attached, or a
// view of Graph.PlanInBackground), writes nothing to it, and returns its
// diagnostics; so the compiler can run it beside other stages. judged,
// if not nil, is called once whether those diagnostics hold an error is
// known (when every cable has its medium, before the passes over the
// cages, which report no error), with the answer.
//
// A cable is a fabric link that is not NVLink over a backplane; links
// inside a server are neither. A broken-out port is one splitter cable
// with a leg per lane when the medium is copper or AOC, and one fiber per
// leg behind a shared transceiver otherwise (NVIDIA's twin-port optics
// carry one MPO per 400G leg, cabling.md §1c, S5, S7). A cable that no
// medium reaches is a cable-reach error at the range that made the link.
// The stage is O(links log links).
func (pl *Placed) Cables(g *ir.Graph, judged func(failed bool)) hcl.Diagnostics {
	s, p, media := pl.s, pl.p, &pl.media
	s.g, p.g = g, g
	cb := cablingPlan{pl.cb}
	geo := newGeometry(p, cb.Racks, cb.Mounts)

	order := cableLegs(g, p.cables)
	cb.Legs, cb.Cables = make([]ir.LinkID, 0, len(order)), make([]ir.Cable, 0, len(order))
	last := int32(-1) // the highest link id a leg carries
	for _, lg := range order {
		last = max(last, lg.link)
	}
	cb.IndexLinks(int(last) + 1)
	routes := make([]float64, 0, 8)
	faults := map[ir.OriginID]*cableFault{}
	for start := 0; start < len(order); {
		end := start + 1
		for end < len(order) && order[end].leader == order[start].leader {
			end++
		}
		legs := order[start:end]
		rate, run, switches := 0.0, 0.0, true
		routes = routes[:0]
		k := 1 + p.lay.RoutingFactor
		stated := false
		for _, lg := range legs {
			l := g.Link(ir.LinkID(lg.link))
			rate = max(rate, g.LineRateBPS(&l))
			// The devices the ends are mounted in (root, found by Place).
			ra, rb := p.roots[2*lg.cable], p.roots[2*lg.cable+1]
			routes = append(routes, geo.route(ra, rb))
			if m, ok := g.StatedLengthM(ir.LinkID(lg.link)); ok {
				routes[len(routes)-1], stated = m, true
			}
			run = max(run, routes[len(routes)-1])
			switches = switches && g.Nodes[ra].Kind == ir.KindSwitch && g.Nodes[rb].Kind == ir.KindSwitch
		}
		if stated {
			// A stated length is the cable's own (a DCI fiber between
			// sites): no routing allowance on it. Legs of the cable
			// without one get theirs added here instead.
			for j, lg := range legs {
				if _, ok := g.StatedLengthM(ir.LinkID(lg.link)); !ok {
					routes[j] *= k
				}
			}
			run, k = slices.Max(routes), 1
		}
		lanes := int32(0) // a straight cable
		farSwitch := false
		if len(legs) > 1 || legs[0].split {
			lanes = splitLanes(int32(len(legs)), new(g.Link(ir.LinkID(legs[0].link))))
			for _, lg := range legs {
				far := p.roots[2*lg.cable+1]
				if lg.swap {
					far = p.roots[2*lg.cable]
				}
				farSwitch = farSwitch || g.Nodes[far].Kind == ir.KindSwitch
			}
		}
		ch := media.choose(rate, run*k, lanes, switches, farSwitch, linkProtocol(g, new(g.Link(ir.LinkID(legs[0].link)))))
		if ch.typ == ir.None {
			longest := slices.Index(routes, run) // the leg the fault names
			s.noteFault(faults, legs, longest, legs[longest].swap, ch, run*k, rate, lanes, farSwitch)
		}
		// order is the length to order for a run of m metres (before the
		// allowance): the next length sold, or a stated length as it is.
		order := func(m float64) float64 {
			if stated {
				return m
			}
			return orderLength(m*k, false)
		}
		// A fiber per leg behind a multi-port module; also, with no
		// medium, lanes that run to another switch, which only a fiber
		// per leg could ever serve (choose).
		perLeg := len(legs) > 1 && (ch.typ != ir.None && !ch.splitFiber && !copperType(&media.types[ch.typ]) && media.types[ch.typ].Kind != "aoc" ||
			ch.typ == ir.None && farSwitch)
		switch {
		case perLeg:
			for j := range legs {
				cb.add(g, legs[j:j+1], ch.typ, media.types, routes[j], order(routes[j]))
			}
		case ch.legs > 0 && int(ch.legs) < len(legs):
			// Several splitter fibers per port, ch.legs legs each, each
			// ordered at its own longest leg.
			for j := 0; j < len(legs); j += int(ch.legs) {
				sub := legs[j:min(j+int(ch.legs), len(legs))]
				r := slices.Max(routes[j : j+len(sub)])
				cb.add(g, sub, ch.typ, media.types, r, order(r))
				cb.Cables[len(cb.Cables)-1].SplitFiber = true
			}
		case ch.typ == ir.None:
			cb.add(g, legs, ch.typ, media.types, run, order(run))
		case stated:
			// Ordered as stated, not rounded to a patch cord's lengths.
			cb.add(g, legs, ch.typ, media.types, run, run)
			cb.Cables[len(cb.Cables)-1].SplitFiber = ch.splitFiber
		default:
			cb.add(g, legs, ch.typ, media.types, run, ch.length)
			cb.Cables[len(cb.Cables)-1].SplitFiber = ch.splitFiber
		}
		start = end
	}
	// Every error of this half is known once the media are chosen: the
	// cage passes below report warnings and notes only.
	s.reportFaults(faults)
	if judged != nil {
		judged(s.diags.HasErrors())
	}
	cages := newCageScan(g)
	onePlugPerCage(g, cages, media, 1+p.lay.RoutingFactor)
	var up upgrades
	fit := sameFiberPerCage(g, cages, &up)
	if mergeTwinCables(g, cages) {
		cages = newCageScan(g)
		fit = newCageFit(g, cages)
	}
	s.mixedCages(g, cages)
	s.unfilledCages(g, cages, fit)
	s.reportUpgrades(g, &up)
	return s.diags
}

// add appends one cable carrying the links of legs, of cable type typ
// (ir.None when no model serves the rate), and stamps its links.
func (cb *cablingPlan) add(g *ir.Graph, legs []cableLeg, typ int32, types []ir.CableType, route, length float64) {
	f := g.Link(ir.LinkID(legs[0].link)).Fabric
	cb.PerFabric[f]++
	cb.Cables = append(cb.Cables, ir.Cable{Fabric: f, Seq: cb.PerFabric[f], Leg0: int32(len(cb.Legs)), Legs: int32(len(legs)),
		Type: typ, Swap: legs[0].swap, RouteM: route, LengthM: length})
	for _, lg := range legs {
		cb.Legs = append(cb.Legs, ir.LinkID(lg.link))
		cb.SetCableOf(ir.LinkID(lg.link), int32(len(cb.Cables)-1))
	}
}

// cablingPlan is the plan being built.
type cablingPlan struct{ *ir.Cabling }

// cableLeg is one cable link in plan order: leader is the first link of
// the cable it belongs to.
type cableLeg struct {
	fabric ir.FabricID
	leader int32
	lane   int32
	link   int32
	// cable is the link's index in placer.cables (and its ends' devices
	// in placer.roots).
	cable int32
	// split is set on a leg of a broken-out port, even the one leg of a
	// port only one lane of which is used: its cable is a splitter with
	// legs to spare, not a straight cable.
	split bool
	// swap is set where the plan's A end is the link's B port: its B
	// end is broken out and its A end not.
	swap bool
}

// cableLegs returns the cable links (cables, in id order: placer.cables)
// grouped into cables and ordered by fabric, then cable (its first link),
// then lane. A port that carries several cable links (a breakout) groups
// them into one cable, led by its first link; a link whose two ends are
// both broken out joins the group of its A end. Links are kept by their
// index in cables and ports by their slot (portSlots), so each pass
// reads the cable links by id, in order, and counts into arrays the
// size of the cable links and the ports they use: the ends sorted by
// port, a slice of every end (786,432 at 131,072 GPUs), took 53 ms of
// cableLegs' 68 ms per check.
func cableLegs(g *ir.Graph, cables []ir.LinkID) []cableLeg {
	ps := newPortSlots(g, cables)
	// links counts the cable links at each port; first is the first
	// that leads a cable there (-1: none yet).
	links := make([]int32, ps.n)
	for _, id := range cables {
		l := g.Link(id)
		for _, pt := range [2]ir.Port{l.A, l.B} {
			if s := ps.of(pt); s >= 0 {
				links[s]++
			}
		}
	}
	// A port is split where several links share it, or where one lane
	// of a port split into lanes is used and the others not.
	splitAt := func(pt ir.Port, l *ir.Link) bool {
		s := ps.of(pt)
		return s >= 0 && (links[s] > 1 || g.BrokenOut(pt, l))
	}
	first := make([]int32, ps.n)
	for s := range first {
		first[s] = -1
	}
	// lead returns the leader at a shared port of link i: the first
	// link there, i itself if none was.
	lead := func(pt ir.Port, i int32) int32 {
		s := ps.of(pt)
		if s < 0 || links[s] < 2 {
			return i
		}
		if first[s] < 0 {
			first[s] = i
		}
		return first[s]
	}
	splitA := make([]bool, len(cables))
	splitB := make([]bool, len(cables))
	leader := make([]int32, len(cables))
	for i, id := range cables {
		l := g.Link(id)
		splitA[i], splitB[i] = splitAt(l.A, &l), splitAt(l.B, &l)
		leader[i] = lead(l.A, int32(i))
		if !splitA[i] {
			leader[i] = lead(l.B, int32(i)) // else grouped at its A end
		}
	}
	return planOrder(g, cables, leader, splitA, splitB)
}

// portSlots numbers the network ports the cable links use densely: node
// n's port p is slot base[n] + p, a node having a slot for each port up
// to the highest a cable link uses (its radix, usually).
type portSlots struct {
	base []int32
	n    int32
}

// newPortSlots returns the slots of the ports cables use.
func newPortSlots(g *ir.Graph, cables []ir.LinkID) portSlots {
	ps := portSlots{base: make([]int32, len(g.Nodes)+1)}
	for _, id := range cables {
		l := g.Link(id)
		for _, pt := range [2]ir.Port{l.A, l.B} {
			ps.base[pt.Node+1] = max(ps.base[pt.Node+1], pt.Port+1)
		}
	}
	for v := range g.Nodes {
		ps.base[v+1] += ps.base[v]
	}
	ps.n = ps.base[len(g.Nodes)]
	return ps
}

// of returns port pt's slot, -1 for no network port (Port < 0).
func (ps *portSlots) of(pt ir.Port) int32 {
	if pt.Port < 0 {
		return -1
	}
	return ps.base[pt.Node] + pt.Port
}

// planOrder returns the cable links as cableLegs orders them, given each
// one's leader and whether its A and B ends are broken out, all by index
// in cables. The links are placed by leader (a count of each leader's
// legs, then a pass in link order), then by fabric (a stable counting
// sort, where the fabrics' links interleave), which leaves them by
// fabric, leader and link; only a cable whose lanes are then out of order
// is sorted, among its own few legs (sortLanes). At 131,072 GPUs a
// stable sort of all 393,216 legs took 33 ms of cableLegs' 74 ms per
// check (a compute port's links share a leader, so they were never in
// order already); the counting sorts take 4 ms.
func planOrder(g *ir.Graph, cables []ir.LinkID, leader []int32, splitA, splitB []bool) []cableLeg {
	// at[i] is where the legs link i leads start, once counted.
	at := make([]int32, len(cables)+1)
	for _, ld := range leader {
		at[ld+1]++
	}
	for i := range cables {
		at[i+1] += at[i]
	}
	byLeader := make([]cableLeg, len(cables))
	for i, id := range cables {
		l := g.Link(id)
		lg := cableLeg{fabric: l.Fabric, leader: int32(cables[leader[i]]), lane: l.A.Lane, link: int32(id), cable: int32(i), split: splitA[i] || splitB[i]}
		if !splitA[i] && splitB[i] {
			lg.swap, lg.lane = true, l.B.Lane
		}
		byLeader[at[leader[i]]] = lg
		at[leader[i]]++
	}
	out := byLeader
	if !slices.IsSortedFunc(out, func(x, y cableLeg) int { return int(x.fabric - y.fabric) }) {
		out = countingSort(byLeader, len(g.Fabrics), func(lg cableLeg) int32 { return int32(lg.fabric) })
	}
	sortLanes(out)
	return out
}

// sortLanes orders the legs of each cable in legs (a run of one fabric
// and leader) by lane, then link; a cable's legs are few and usually in
// lane order already.
func sortLanes(legs []cableLeg) {
	byLane := func(x, y cableLeg) int {
		if x.lane != y.lane {
			return int(x.lane - y.lane)
		}
		return int(x.link - y.link)
	}
	for i := 0; i < len(legs); {
		j := i + 1
		for j < len(legs) && legs[j].leader == legs[i].leader && legs[j].fabric == legs[i].fabric {
			j++
		}
		if cable := legs[i:j]; !slices.IsSortedFunc(cable, byLane) {
			slices.SortFunc(cable, byLane) // the link breaks every tie
		}
		i = j
	}
}

// countingSort returns xs ordered by key, which lies in [0, n), keeping
// the order of xs among equal keys: O(len(xs) + n), where a comparison
// sort is O(len(xs) log len(xs)).
func countingSort[T any](xs []T, n int, key func(T) int32) []T {
	at := make([]int32, n+1)
	for _, x := range xs {
		at[key(x)+1]++
	}
	for k := range n {
		at[k+1] += at[k]
	}
	out := make([]T, len(xs))
	for _, x := range xs {
		out[at[key(x)]] = x
		at[key(x)]++
	}
	return out
}

// geometry resolves a mounted device to its rack position and port
// height.
type geometry struct {
	lay     ir.Layout
	mountOf []int32 // node -> index into mounts
	mounts  []ir.Mount
	row     []int32 // per mount
	slot    []int32
}

func newGeometry(p *placer, racks []ir.Rack, mounts []ir.Mount) *geometry {
	geo := &geometry{lay: p.lay, mountOf: p.mountOf, mounts: mounts,
		row: make([]int32, len(mounts)), slot: make([]int32, len(mounts))}
	j := 0 // the rack of the mount before, which the next one usually shares
	for i, m := range mounts {
		geo.mountOf[m.Node] = int32(i)
		if j >= len(racks) || racks[j].ID != m.Rack {
			j, _ = slices.BinarySearchFunc(racks, m.Rack, func(r ir.Rack, id int32) int { return int(r.ID - id) })
		}
		geo.row[i], geo.slot[i] = racks[j].Row, racks[j].Slot
	}
	return geo
}

// height is the port height of a mount above the rack floor, metres: the
// middle of the device (cabling.md §3: (u_bottom − 1 + u_height/2) × 1U).
func (geo *geometry) height(m int32) float64 {
	mt := geo.mounts[m]
	return (float64(mt.U-1) + float64(mt.Height)/2) * geo.lay.UnitM
}

// route is the estimated cable route between mounted devices a and b
// (root of a cable's end nodes), metres, before the routing factor
// (cabling.md §3):
//
//	same rack:  |h_a − h_b| + 2E + 2S
//	otherwise:  (H − h_a + T) + (H − h_b + T) + |Δslot|·W + |Δrow|·P + 2E + 2S
//
// where H is the rack's mounting height; a port above H (an overfull rack)
// counts as at H.
func (geo *geometry) route(a, b ir.NodeID) float64 {
	ma, mb := geo.mountOf[a], geo.mountOf[b]
	L := geo.lay
	ends := 2*L.LateralM + 2*L.SlackM
	if ma < 0 || mb < 0 {
		return ends
	}
	ha, hb := geo.height(ma), geo.height(mb)
	if geo.mounts[ma].Rack == geo.mounts[mb].Rack {
		return math.Abs(ha-hb) + ends
	}
	top := float64(L.RackUnits) * L.UnitM
	up := max(0, top-ha) + L.TrayM + max(0, top-hb) + L.TrayM
	dx := math.Abs(float64(geo.slot[ma]-geo.slot[mb])) * L.SlotPitchM
	dy := math.Abs(float64(geo.row[ma]-geo.row[mb])) * L.RowPitchM
	return up + dx + dy + ends
}

// cableFault collects the cables of one origin that no medium serves.
type cableFault struct {
	count   int
	noModel bool
	rate    float64
	lanes   int32 // of the broken-out port the cables serve; 0: straight
	// farSwitch: a leg ends at a switch, where no splitter may.
	farSwitch bool
	run       float64 // longest run, metres
	reach     float64 // longest reach available at that rate
	a, b      ir.NodeID
	// stated: the longest run is a length the design states (a custom
	// link's length), not an estimated route.
	stated bool
}

func (s *state) noteFault(faults map[ir.OriginID]*cableFault, legs []cableLeg, longest int, swapped bool, ch choice, run, rate float64, lanes int32, farSwitch bool) {
	l := s.g.Link(ir.LinkID(legs[longest].link))
	near, far := l.A.Node, l.B.Node // near: the end whose port is broken out
	if swapped {
		near, far = far, near
	}
	f, ok := faults[l.Origin]
	if !ok {
		f = &cableFault{noModel: ch.noModel, rate: rate, lanes: lanes, farSwitch: farSwitch}
		faults[l.Origin] = f
	}
	switch {
	case farSwitch && len(legs) > 1:
		f.count += len(legs) // listed a cable per lane, as the plan below lists them
	case ch.legs > 0 && int(ch.legs) < len(legs):
		f.count += (len(legs) + int(ch.legs) - 1) / int(ch.legs) // several splitter fibers per port
	default:
		f.count++
	}
	if run > f.run {
		f.run, f.reach, f.a, f.b = run, ch.reach, near, far
		_, f.stated = s.g.StatedLengthM(ir.LinkID(legs[longest].link))
	}
}

// reportFaults turns the collected faults into one diagnostic per origin,
// in origin order: cable-reach (error) for runs longer than every medium
// at that rate, no-cable-model (warning) for rates no medium carries.
func (s *state) reportFaults(faults map[ir.OriginID]*cableFault) {
	origins := make([]ir.OriginID, 0, len(faults))
	for o := range faults {
		origins = append(origins, o)
	}
	slices.Sort(origins)
	g := s.g
	rackOf := func(n ir.NodeID) int32 { return g.Nodes[root(g, n)].Rack }
	for _, o := range origins {
		f := faults[o]
		rng := g.Range(o)
		where := fmt.Sprintf("%s (rack %d) to %s (rack %d)", g.Nodes[f.a].Name, rackOf(f.a), g.Nodes[f.b].Name, rackOf(f.b))
		var d *hcl.Diagnostic
		switch {
		case f.noModel && f.farSwitch:
			d = diag.Warning(diag.NoCableModel, rng, "No cable model for this breakout",
				fmt.Sprintf("%s here %s from a port broken out %dx%s to another switch, %s: no splitter can serve them, since a splitter's legs end at single-port modules or NIC plugs, which no switch cage takes (cabling.md §1c, S2, S6), and no cable_model carries a fiber per leg at %s. The plan lists %s without a medium, a cable per lane. Run these links at the ports' rate, or at a speed the ports run whole (switch_model speeds).",
					units.CountOf(f.count, "cable", "cables"), units.Agree(f.count, "runs", "run"), f.lanes, units.Rate(f.rate), where, units.Rate(f.rate), units.Agree(f.count, "it", "them")))
		case f.noModel && f.lanes > 0:
			d = diag.Warning(diag.NoCableModel, rng, "No cable model for this breakout",
				fmt.Sprintf("%s here %s from a port broken out %dx%s, %s, and no cable_model serves that breakout: a splitter cable or a fiber per leg at %s, or a fiber whose splits list %dx%s. The plan lists %s without a medium. Declare such a cable_model (docs/cabling.md, \"Media\").",
					units.CountOf(f.count, "cable", "cables"), units.Agree(f.count, "runs", "run"), f.lanes, units.Rate(f.rate), where, units.Rate(f.rate), f.lanes, units.Rate(f.rate), units.Agree(f.count, "it", "them")))
		case f.noModel:
			d = diag.Warning(diag.NoCableModel, rng, "No cable model for this rate",
				fmt.Sprintf("%s here %s at %s, and no cable_model has a max_rate that high (e.g. %s); the plan lists %s without a medium. Declare a cable_model with media, kind, reach and max_rate for this rate.",
					units.CountOf(f.count, "cable", "cables"), units.Agree(f.count, "runs", "run"), units.Rate(f.rate), where, units.Agree(f.count, "it", "them")))
		default:
			at := "at " + units.Rate(f.rate)
			if f.lanes > 0 {
				at = fmt.Sprintf("for a %dx%s breakout", f.lanes, units.Rate(f.rate))
			}
			if f.stated {
				fix := "Declare a cable_model that reaches that far (single-mode fiber: kind = \"smf\", its reach), with a transceiver_model of that reach for its cages (a coherent 400G ZR module for an inter-site link, docs/catalog.md)."
				if f.lanes > 0 {
					fix = "The lanes of a broken-out port run on splitter fibers, which reach no farther than that; run these links whole at a port's rate (a straight fiber reaches farther), or declare a cable_model with splits that reaches that far."
				}
				d = diag.Error(diag.CableReach, rng, "Cable longer than every medium's reach",
					fmt.Sprintf("%s here %s more than the longest reach of any medium %s (%s): %s is %s long, as its link's length states. %s",
						units.CountOf(f.count, "cable", "cables"), units.Agree(f.count, "needs", "need"), at, units.Length(f.reach), units.Agree(f.count, where, "the longest, "+where+","), units.Length(f.run), fix))
				break
			}
			d = diag.Error(diag.CableReach, rng, "Cable longer than every medium's reach",
				fmt.Sprintf("%s here %s more than the longest reach of any medium %s (%gm): %s needs %.1fm (estimated route plus %g%%, docs/cabling.md). Place these racks closer (node_group rack), or declare a cable_model that reaches that far.",
					units.CountOf(f.count, "cable", "cables"), units.Agree(f.count, "needs", "need"), at, f.reach, units.Agree(f.count, where, "the longest, "+where+","), f.run, s.g.Cabling().Layout.RoutingFactor*100))
		}
		s.diags = append(s.diags, d)
	}
}

// linkProtocol returns the protocol of a link's ends as the catalogue
// states it (ir.Graph.Protocols): a switch end's model first, else a NIC
// end's; "" when neither states one.
func linkProtocol(g *ir.Graph, l *ir.Link) string {
	var nic string
	for _, p := range [2]ir.Port{l.A, l.B} {
		n := &g.Nodes[p.Node]
		proto := g.Protocols[n.ModelName()]
		if n.Kind == ir.KindSwitch && proto != "" {
			return proto
		}
		if nic == "" {
			nic = proto
		}
	}
	return nic
}

// sameFiberPerCage gives the fiber cables of one front-panel cage (the
// ports of a twin-port cage, the lanes of a broken-out port) one cable
// type that a transceiver_model can terminate: a module is one optic
// (2 x SR4, or 2 x DR4), so its ports cannot take a multimode and a
// single-mode fiber (cabling.md §1c, twin-port rules, S4, S5, S7), and a
// 400GBASE-SR8 lane has no module in an 800G cage. A cage's cables all
// take the type of longest reach among them, which covers each one's
// length; where no module fits that type in the cage, the type of least
// reach beyond it, of the same rate class and protocol, that one fits.
// A cable changed at one end can leave its other end's cage mixed, so
// this repeats until no cage changes; types only move to longer reach,
// so it ends. It returns the module fits it read, for unfilledCages.
func sameFiberPerCage(g *ir.Graph, cs *cageScan, up *upgrades) *cageFit {
	cb := g.Cabling()
	fiber := func(t int32) bool { return t != ir.None && fiberType(&cb.Types[t]) }
	// Cages in cs's first-seen order, so the result is deterministic.
	nc := len(cs.cages)
	// The cages of fiber cable ci are ends[start[ci]:start[ci+1]], to
	// mark them again when its type changes.
	start := make([]int32, len(cb.Cables)+1)
	ends := make([]int32, 0, 2*len(cb.Cables))
	for ci, c := range cb.Cables {
		start[ci] = int32(len(ends))
		if !fiber(c.Type) {
			continue
		}
		i := int(c.Leg0)
		ends = append(ends, cs.end[2*i:2*(i+int(c.Legs))]...)
	}
	start[len(cb.Cables)] = int32(len(ends))
	// The cables of cage k, in cable order, are
	// inCage[first[k]:first[k+1]]: one array for every cage, where a list
	// per cage was 400,000 small allocations at 131,072 GPUs.
	first := make([]int32, nc+1)
	for _, k := range ends {
		first[k+1]++
	}
	for k := range nc {
		first[k+1] += first[k]
	}
	inCage := make([]int32, len(ends))
	fill := slices.Clone(first[:nc])
	for ci := range cb.Cables {
		for _, k := range ends[start[ci]:start[ci+1]] {
			inCage[fill[k]] = int32(ci)
			fill[k]++
		}
	}
	fit := newCageFit(g, cs)
	fits := fit.fits
	longer := longerFibers(cb.Types)
	// takes says whether cable ci can take type t: a splitter fiber only
	// a type that splits its port into the same legs, as far as its
	// length (another cable of its cage may be a straight fiber of a
	// type that does not split; it then keeps its own).
	takes := func(ci, t int32) bool {
		c := &cb.Cables[ci]
		if !c.SplitFiber {
			return true
		}
		// A splitter fiber splits into exactly its legs (a port's lanes
		// may take several: choice.legs).
		l := g.Link(cb.Legs[c.Leg0])
		r, ok := cb.Types[t].SplitsInto(c.Legs, g.LineRateBPS(&l))
		return ok && c.LengthM <= r*(1+1e-9)
	}
	// Passes in cage order until one changes nothing, as the rule says;
	// a cage none of whose cables changed since it was last decided would
	// decide the same, so a pass skips it (dirty).
	dirty := make([]bool, nc)
	for k := range dirty {
		dirty[k] = true
	}
	for changed := true; changed; {
		changed = false
		for k := range nc {
			if !dirty[k] {
				continue
			}
			dirty[k] = false
			cables := inCage[first[k]:first[k+1]]
			if len(cables) == 0 {
				continue // a cage of copper or AOC only
			}
			best, length := int32(ir.None), 0.0
			for _, ci := range cables {
				length = max(length, cb.Cables[ci].LengthM)
				if t := cb.Cables[ci].Type; best == ir.None || cb.Types[t].ReachM > cb.Types[best].ReachM {
					best = t
				}
			}
			if cand := longer[best]; !fits(k, best, length) && fit.someSuits(k, cand) {
				proto := linkProtocol(g, new(g.Link(cb.Legs[cb.Cables[cables[0]].Leg0])))
				if alt := leastLonger(cb.Types, cand, proto, func(t int32) bool {
					return fits(k, t, length) && !slices.ContainsFunc(cables, func(ci int32) bool { return !takes(ci, t) })
				}); alt != ir.None {
					up.note(g, cb.Legs[cb.Cables[cables[0]].Leg0], best, alt, length)
					best = alt
				}
			}
			for _, ci := range cables {
				if cb.Cables[ci].Type != best && takes(ci, best) {
					cb.Cables[ci].Type = best
					changed = true
					for _, o := range ends[start[ci]:start[ci+1]] {
						dirty[o] = int(o) != k
					}
				}
			}
		}
	}
	return fit
}

// longerFibers lists, for each cable type b, the fiber types that
// sameFiberPerCage may move a cage of b to when no module fits b there:
// those of b's rate class and longer reach, by reach and then in
// catalogue order, so that the first one that suits a cage is the one of
// least reach. A cage of the longest fiber of its class (an LR4 at a
// k = 160 fat tree's 1.5 million cages where no module takes it) has
// none to try, and no protocol to read.
func longerFibers(types []ir.CableType) [][]int32 {
	out := make([][]int32, len(types))
	for b := range types {
		for t := range types {
			if fiberType(&types[t]) && types[t].MaxRateBPS == types[b].MaxRateBPS && types[t].ReachM > types[b].ReachM {
				out[b] = append(out[b], int32(t))
			}
		}
		slices.SortStableFunc(out[b], func(x, y int32) int { return cmp.Compare(types[x].ReachM, types[y].ReachM) })
	}
	return out
}

// leastLonger returns the first fiber type of cand (a list of
// longerFibers) whose protocol allows proto (either unset matches any)
// and that ok takes: the one of least reach. ir.None when there is none.
func leastLonger(types []ir.CableType, cand []int32, proto string, ok func(t int32) bool) int32 {
	for _, t := range cand {
		if p := types[t].Protocol; (p == "" || proto == "" || p == proto) && ok(t) {
			return t
		}
	}
	return ir.None
}

// splitLanes is the lanes of the broken-out port a cable of legs legs
// serves, whose first leg is l: the port's breakout, or the legs when a
// port carries more links than its breakout says (a custom design).
func splitLanes(legs int32, l *ir.Link) int32 { return max(legs, l.Breakout) }
