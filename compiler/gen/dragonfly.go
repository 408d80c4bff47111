package gen

import (
	"fmt"
	"slices"
	"sort"

	"github.com/topoc/topoc/compiler/ir"
)

// Global link arrangements of a dragonfly: which global port of a group
// reaches which other group. The three are the ones compared by Hastings,
// Rincon-Cruz, Spehlmann, Meyers, Xu, Bunde and Leung, "Comparing Global
// Link Arrangements for Dragonfly Networks", IEEE Cluster 2015, DOI
// 10.1109/CLUSTER.2015.57. Number the global ports of group i
// 0..a·h−1 ("virtual ports": port k sits on router k/h, global port k mod
// h); with g = a·h + 1 each group has one port per other group, and
//   - absolute: port k reaches group k if k < i, else k+1 (groups in
//     absolute order, skipping i; Camarero et al.'s "consecutive");
//   - relative: port k reaches group (i + k + 1) mod g;
//   - circulant: port 2m reaches group i+(m+1), port 2m+1 reaches group
//     i−(m+1) (mod g), so each pair of ports forms one ± offset of a
//     circulant graph; with even g the offset g/2 takes the last port.
const (
	ArrangementAbsolute  = "absolute"
	ArrangementRelative  = "relative"
	ArrangementCirculant = "circulant"
)

// DefaultArrangement is circulant: Hastings et al. (above) show the
// arrangements' bisection bandwidths differ by tens of percent, and Kaplan,
// Tuncer, Leung, Hemmert and Coskun, "Unveiling the Interplay Between
// Global Link Arrangements and Network Management Algorithms on Dragonfly
// Networks", CCGrid 2017, DOI 10.1109/CCGRID.2017.93, report up to 15%
// higher bisection bandwidth for circulant than for absolute or relative.
// The arrangement of deployed systems (Cray Cascade, HPE Slingshot) is not
// published in a source we read, so this default is a modelling choice.
const DefaultArrangement = ArrangementCirculant

// Dragonfly holds the parameters of a dragonfly: Kim, Dally, Scott, Abts,
// "Technology-Driven, Highly-Scalable Dragonfly Topology", ISCA 2008, DOI
// 10.1109/ISCA.2008.19. g groups of a routers; the routers of a group form
// a complete graph; each router has p terminals and h global ports.
// Closed forms: router radix p+a+h−1, a·p·g terminals, g·a(a−1)/2 local
// links, ⌊g·a·h/2⌋ global links, g ≤ a·h+1.
type Dragonfly struct {
	// P is the number of terminals per router.
	P int
	// A is the number of routers per group.
	A int
	// H is the number of global ports per router.
	H int
	// G is the number of groups; 0 means the maximum a·h+1 (one global
	// link between every pair of groups).
	G int
	// LocalBPS, GlobalBPS and TerminalBPS are link rates in bits per
	// second per direction; TerminalBPS 0 means LocalBPS.
	LocalBPS, GlobalBPS, TerminalBPS float64
	// Arrangement is ArrangementAbsolute, ArrangementRelative,
	// ArrangementCirculant, or "" for DefaultArrangement.
	Arrangement string
	// RouterModel is the catalogue model of every router, or "".
	RouterModel string
	// RouterRadix is the router model's port count, or 0 for exactly the
	// p+a+h−1 ports the dragonfly uses; ports beyond those stay free.
	RouterRadix int
	// RouterPortBPS is the router model's native port rate, bits per
	// second per direction, which a router reports (the BOM); 0 = the
	// fastest of the link rates, for a dragonfly without a model.
	RouterPortBPS float64
	// TerminalLanes, LocalLanes and GlobalLanes are the links one
	// physical router port carries at the terminal, local and global
	// rates: the lanes of the router model's breakout that produces the
	// rate, or 0 or 1 for a whole port per link (RouterRuns).
	TerminalLanes, LocalLanes, GlobalLanes int
	// LinksPerPair, when positive, cables exactly that many global links
	// between every two groups (HPE's "links per arc"), m·(g−1) of each
	// group's a·h global ports, spread over its routers as evenly as
	// whole ports allow; the other global ports stay free. 0: every
	// global port is cabled (pair counts differ by at most one).
	LinksPerPair int
	// Terminals, when positive, is the number of terminals built, fewer
	// than g·a·p in a partially populated system: routers are filled in
	// order (group by group, router by router), so the last routers have
	// fewer terminals or none. 0: every router has p.
	Terminals int
	// Origin is stamped on the fabric and on every node and link built.
	Origin ir.OriginID
}

// Groups returns g after defaulting: when G is 0, the most groups the
// global ports reach, a·h+1, or ⌊a·h/m⌋+1 with m = LinksPerPair.
func (p Dragonfly) Groups() int {
	switch {
	case p.G != 0:
		return p.G
	case p.LinksPerPair > 0:
		return p.A*p.H/p.LinksPerPair + 1
	}
	return p.A*p.H + 1
}

// RouterRuns returns how a router lays its links on physical ports
// (portRuns): its p terminals, its a − 1 local links, then its h global
// ports, each run on whole ports or on the lanes of broken-out ones.
func (p Dragonfly) RouterRuns() portRuns {
	return portRuns{runFor(p.P, p.TerminalLanes), runFor(p.A-1, p.LocalLanes), runFor(p.H, p.GlobalLanes)}
}

// RouterPorts returns the physical ports a router uses: p + a + h − 1
// with whole ports, fewer where links share broken-out ports.
func (p Dragonfly) RouterPorts() int { return p.RouterRuns().ports() }

// usedGlobalPorts returns the global ports cabled per group: m·(g−1)
// with m = LinksPerPair, else all a·h.
func (p Dragonfly) usedGlobalPorts() int {
	if p.LinksPerPair > 0 {
		return p.LinksPerPair * (p.Groups() - 1)
	}
	return p.A * p.H
}

// TerminalCount returns the terminals built: Terminals, or g·a·p.
func (p Dragonfly) TerminalCount() int {
	if p.Terminals > 0 {
		return p.Terminals
	}
	return p.Groups() * p.A * p.P
}

// Validate reports impossible parameters; Param is the HCL argument name
// ("p", "a", "h", "g", "local_rate", "global_rate", "terminal_rate",
// "global_arrangement", "global_links_per_pair", "terminals"). BuildDragonfly must only be called when it
// returns none. A single group (g = 1) is valid: its global ports stay
// unused.
func (p Dragonfly) Validate() []ParamError {
	var errs []ParamError
	for _, c := range []struct {
		name, what string
		v          int
	}{{"p", "terminals per router", p.P}, {"a", "routers per group", p.A}, {"h", "global ports per router", p.H}} {
		if c.v < 1 {
			errs = append(errs, ParamError{Param: c.name, Msg: fmt.Sprintf("must be at least 1 (got %d): it is the number of %s", c.v, c.what)})
		}
	}
	if len(errs) == 0 {
		maxG := p.A*p.H + 1
		switch {
		case p.LinksPerPair < 0:
			errs = append(errs, ParamError{Param: "global_links_per_pair", Msg: fmt.Sprintf("must be at least 1 (got %d); omit it to cable every global port", p.LinksPerPair)})
		case p.LinksPerPair > p.A*p.H:
			errs = append(errs, ParamError{Param: "global_links_per_pair", Msg: fmt.Sprintf("is %d, but a group has only a·h = %d global ports, too few to reach even one other group %d times; lower it or raise a or h", p.LinksPerPair, p.A*p.H, p.LinksPerPair)})
		case p.LinksPerPair > 0 && p.Groups() == 1:
			errs = append(errs, ParamError{Param: "global_links_per_pair", Msg: "counts links between pairs of groups, but the dragonfly has one group; drop it or set g ≥ 2"})
		case p.Terminals == 1:
			errs = append(errs, ParamError{Param: "terminals", Msg: "is 1; a fabric of one endpoint has no traffic to measure (bisection, oversubscription): build at least 2"})
		case p.LinksPerPair > 0 && p.G > 0 && p.LinksPerPair*(p.G-1) > p.A*p.H:
			errs = append(errs, ParamError{Param: "global_links_per_pair", Msg: fmt.Sprintf("needs %d × (g−1) = %d global ports per group, but a group has a·h = %d; lower it, lower g, or raise a or h", p.LinksPerPair, p.LinksPerPair*(p.G-1), p.A*p.H)})
		case p.Terminals < 0 || (p.G >= 0 && p.G <= maxG && p.Terminals > p.Groups()*p.A*p.P):
			errs = append(errs, ParamError{Param: "terminals", Msg: fmt.Sprintf("must be from 1 to g·a·p = %d (got %d); omit it for a fully populated system", p.Groups()*p.A*p.P, p.Terminals)})
		case p.G < 0:
			errs = append(errs, ParamError{Param: "g", Msg: fmt.Sprintf("must be at least 1 (got %d); omit it for the maximum a·h+1 = %d", p.G, maxG)})
		case p.G > maxG:
			errs = append(errs, ParamError{Param: "g", Msg: fmt.Sprintf("is at most a·h+1 = %d (got %d): each group has a·h = %d global ports, at least one per other group; lower g or raise a or h", maxG, p.G, maxG-1)})
		default:
			g, a := float64(p.Groups()), float64(p.A)
			links := float64(p.TerminalCount()) + g*a*(a-1)/2 + g*float64(p.usedGlobalPorts())/2
			if links > maxIRElements {
				errs = append(errs, ParamError{Param: "g", Msg: fmt.Sprintf("gives about %.3g links, more than the IR's limit of %d; use a smaller dragonfly", links, maxIRElements)})
			}
		}
	}
	switch p.Arrangement {
	case "", ArrangementAbsolute, ArrangementRelative, ArrangementCirculant:
	default:
		errs = append(errs, ParamError{Param: "global_arrangement", Msg: fmt.Sprintf("unknown arrangement %q; use %q, %q or %q", p.Arrangement, ArrangementAbsolute, ArrangementRelative, ArrangementCirculant)})
	}
	errs = append(errs, rateErrors("local_rate", p.LocalBPS)...)
	errs = append(errs, rateErrors("global_rate", p.GlobalBPS)...)
	if p.TerminalBPS != 0 {
		errs = append(errs, rateErrors("terminal_rate", p.TerminalBPS)...)
	}
	return errs
}

// DragonflyInfo reports what BuildDragonfly built beyond the graph.
type DragonflyInfo struct {
	// Groups and Arrangement are g and the arrangement after defaulting.
	Groups      int
	Arrangement string
	// TerminalLinks, LocalLinks and GlobalLinks count the links by kind.
	TerminalLinks, LocalLinks, GlobalLinks int
	// PairMin and PairMax are the fewest and most global links between
	// two distinct groups (they differ by at most one; 0 when g = 1).
	PairMin, PairMax int
	// UnusedGlobalPorts are the router global ports left uncabled: one
	// when g·a·h is odd, every global port when g = 1, those beyond
	// m·(g−1) per group with LinksPerPair m, else none.
	UnusedGlobalPorts []ir.Port
	// EmptyRouters counts the routers left with no terminal by Terminals;
	// FirstEmpty is the first of them (valid when EmptyRouters > 0).
	EmptyRouters int
	FirstEmpty   ir.NodeID
}

// BuildDragonfly appends a dragonfly named name to g and returns its
// fabric id and a summary. p must have passed Validate.
//
// Names: "group3/router1", terminals "group3/router1/host0" (indices from
// 0, zero-padded to the widest sibling). Router ports, with a whole port
// per link: [0,p) terminals, [p, p+a−1) local (to the other routers of
// the group in index order), [p+a−1, p+a+h−1) global; where a rate runs
// on breakout lanes, the same links take the lanes of fewer ports, in
// that order (RouterRuns). Global port k of a group (k = router·h + j)
// is wired by the arrangement, see ArrangementAbsolute.
//
// Fewer groups than a·h+1: the a·h global ports of a group are taken in
// rounds of g−1. A full round reaches every other group once, in the
// arrangement's order, as with g = a·h+1; this is how SST/merlin numbers
// several links per group pair. The r = a·h mod (g−1) ports left over
// form a last round whose group graph is a circulant with offsets
// ±1…±⌊r/2⌋, plus, when r is odd, the offset g/2 (even g) or a matching
// along the offset (g−1)/2 cycle that leaves one group out (odd g, the
// only case where g·a·h is odd). Within that round each group's ports
// reach their targets in the arrangement's order. So every pair of groups
// has ⌊a·h/(g−1)⌋ or ⌈a·h/(g−1)⌉ links, every router uses at most h global
// ports, and at most one port in the fabric stays unused.
func BuildDragonfly(g *ir.Graph, name string, p Dragonfly) (ir.FabricID, DragonflyInfo) {
	P, A, H, G := p.P, p.A, p.H, p.Groups()
	info := DragonflyInfo{Groups: G, Arrangement: p.Arrangement}
	if info.Arrangement == "" {
		info.Arrangement = DefaultArrangement
	}
	tBPS := p.TerminalBPS
	if tBPS == 0 {
		tBPS = p.LocalBPS
	}
	nTerm, used := p.TerminalCount(), p.usedGlobalPorts()
	params := []ir.Param{{Name: "p", Value: int64(P)}, {Name: "a", Value: int64(A)},
		{Name: "h", Value: int64(H)}, {Name: "g", Value: int64(G)}}
	if p.LinksPerPair > 0 {
		params = append(params, ir.Param{Name: "global_links_per_pair", Value: int64(p.LinksPerPair)})
	}
	if p.Terminals > 0 {
		params = append(params, ir.Param{Name: "terminals", Value: int64(nTerm)})
	}
	b := newFabricBuilder(g, ir.Fabric{Name: name, Family: ir.FamilyDragonfly, Tiers: []string{"router"},
		Params: params}, p.Origin)
	runs := p.RouterRuns()
	radix := max(p.RouterRadix, runs.ports())
	g.Nodes = slices.Grow(g.Nodes, G*A+nTerm)
	g.ReserveLinks(nTerm + G*A*(A-1)/2 + G*used/2)

	routers := make([]ir.NodeID, G*A) // group*A + router
	hosts := make([]ir.NodeID, 0, nTerm)
	for gi := range G {
		grp := Indexed("group", gi, G) + "/"
		names := make([]string, A)
		for r := range A {
			names[r] = grp + Indexed("router", r, A)
			n := ir.NewNode(names[r], ir.KindSwitch)
			n.UnitIndex = int32(gi)
			n.SetModel(p.RouterModel)
			n.SetTier("router")
			n.SetUnit("group")
			n.Radix, n.PortRateBPS = int32(radix), max(p.LocalBPS, p.GlobalBPS, tBPS)
			if p.RouterPortBPS > 0 {
				n.PortRateBPS = p.RouterPortBPS // the model's native rate, as the BOM lists it
			}
			routers[gi*A+r] = b.node(n)
		}
		for r := range A {
			if len(hosts) == nTerm {
				if info.EmptyRouters == 0 {
					info.FirstEmpty = routers[gi*A+r]
				}
				info.EmptyRouters++
				continue
			}
			for t := range min(P, nTerm-len(hosts)) {
				n := ir.NewNode(names[r]+"/"+Indexed("host", t, P), ir.KindHost)
				n.Radix, n.PortRateBPS, n.UnitIndex = 1, tBPS, int32(gi)
				n.SetUnit("group")
				hosts = append(hosts, b.node(n))
			}
		}
	}

	eps := make([]ir.Port, len(hosts))
	for i, n := range hosts {
		eps[i] = portOf(n, 0)
		b.laneLink(ir.LinkTerminal, eps[i], runs.port(routers[i/P], 0, i%P), tBPS, runs[0].Lanes)
	}
	info.TerminalLinks = len(hosts)
	for gi := range G {
		for r := range A {
			for s := r + 1; s < A; s++ {
				b.laneLink(ir.LinkLocal, runs.port(routers[gi*A+r], 1, s-1), runs.port(routers[gi*A+s], 1, r), p.LocalBPS, runs[1].Lanes)
				info.LocalLinks++
			}
		}
	}

	w := newDragonflyWiring(G, used, info.Arrangement)
	spread := spreadGlobalPorts(A, H, used)
	gport := func(gi, k int) ir.Port { return runs.port(routers[gi*A+spread[k].router], 2, spread[k].slot) }
	cabled := spread.perRouter(A)
	for gi := range G {
		for r := range A {
			for j := cabled[r]; j < H; j++ {
				info.UnusedGlobalPorts = append(info.UnusedGlobalPorts, runs.port(routers[gi*A+r], 2, j))
			}
		}
	}
	pairs := make([]int32, G*G)
	for gi := range G {
		for k, j := range w.target[gi] {
			switch {
			case j < 0:
				info.UnusedGlobalPorts = append(info.UnusedGlobalPorts, gport(gi, k))
			case int(j) > gi:
				b.laneLink(ir.LinkGlobal, gport(gi, k), gport(int(j), w.peer(gi, k)), p.GlobalBPS, runs[2].Lanes)
				info.GlobalLinks++
				pairs[gi*G+int(j)]++
			}
		}
	}
	info.PairMin, info.PairMax = pairRange(pairs, G)
	g.Fabrics[b.fabric].Endpoints = eps
	return b.fabric, info
}

// globalSlot is where a group's virtual global port sits: its router
// within the group and its global port on that router, 0..h−1.
type globalSlot struct{ router, slot int }

// globalSlots maps each of a group's cabled virtual global ports to its
// router and slot.
type globalSlots []globalSlot

// spreadGlobalPorts numbers the used cabled global ports of a group of a
// routers with h global ports each: router r takes ⌈used/a⌉ ports when
// r < used mod a, else ⌊used/a⌋, and its ports are consecutive virtual
// ports, so each router reaches consecutive groups in the arrangement's
// order, as the arrangements are defined (Hastings et al., above). With
// every port used (used = a·h) this is port k on router k/h, slot k mod h.
// Spreading evenly is a modelling choice: no source we read says how
// HPE spreads a partial set of global links over a group's switches.
func spreadGlobalPorts(a, h, used int) globalSlots {
	s := make(globalSlots, 0, used)
	for r := range a {
		n := used / a
		if r < used%a {
			n++
		}
		for j := range min(n, h) {
			s = append(s, globalSlot{r, j})
		}
	}
	return s
}

// perRouter returns how many cabled global ports each of a routers holds.
func (s globalSlots) perRouter(a int) []int {
	n := make([]int, a)
	for _, x := range s {
		n[x.router]++
	}
	return n
}

// pairRange returns the fewest and most links over pairs i < j of the
// upper triangle of the g×g count matrix.
func pairRange(pairs []int32, g int) (lo, hi int) {
	if g < 2 {
		return 0, 0
	}
	lo = int(pairs[1])
	for i := range g {
		for j := i + 1; j < g; j++ {
			c := int(pairs[i*g+j])
			lo, hi = min(lo, c), max(hi, c)
		}
	}
	return lo, hi
}

// dragonflyWiring maps every global (virtual) port of every group to its
// target group, or -1 when the port is unused.
type dragonflyWiring struct {
	groups, full int
	key          func(i, j int) int
	target       [][]int32
	partial      [][]int32 // per group, last-round targets sorted by key
}

// newDragonflyWiring computes the wiring of g groups with m global ports
// each under arrangement arr (see BuildDragonfly).
func newDragonflyWiring(g, m int, arr string) *dragonflyWiring {
	w := &dragonflyWiring{groups: g, key: arrangementKey(arr, g), target: make([][]int32, g)}
	if g < 2 {
		for i := range w.target {
			w.target[i] = slices.Repeat([]int32{-1}, m)
		}
		return w
	}
	n := g - 1
	w.full = m / n
	w.partial = partialRound(g, m%n)
	order := make([]int32, n)
	for i := range g {
		row := make([]int32, 0, m)
		for j := range g {
			if j != i {
				order[w.key(i, j)] = int32(j)
			}
		}
		for range w.full {
			row = append(row, order...)
		}
		last := w.partial[i]
		sort.Slice(last, func(x, y int) bool { return w.key(i, int(last[x])) < w.key(i, int(last[y])) })
		row = append(row, last...)
		for len(row) < m {
			row = append(row, -1)
		}
		w.target[i] = row
	}
	return w
}

// peer returns the port of the target group that port k of group i meets.
func (w *dragonflyWiring) peer(i, k int) int {
	j, n := int(w.target[i][k]), w.groups-1
	if round := k / n; round < w.full {
		return round*n + w.key(j, i)
	}
	last, want := w.partial[j], w.key(j, i)
	return w.full*n + sort.Search(len(last), func(x int) bool { return w.key(j, int(last[x])) >= want })
}

// arrangementKey returns the position, 0..g−2, at which group i's ports
// reach group j ≠ i within one round.
func arrangementKey(arr string, g int) func(i, j int) int {
	switch arr {
	case ArrangementAbsolute:
		return func(i, j int) int {
			if j < i {
				return j
			}
			return j - 1
		}
	case ArrangementRelative:
		return func(i, j int) int { return (j-i+g)%g - 1 }
	default: // circulant: +1, −1, +2, −2, …, then g/2 for even g
		return func(i, j int) int {
			d := (j - i + g) % g
			switch {
			case 2*d < g:
				return 2 * (d - 1)
			case 2*d == g:
				return g - 2
			default:
				return 2*(g-d-1) + 1
			}
		}
	}
}

// partialRound returns, per group, the targets of the r < g−1 ports left
// after the full rounds: a circulant with offsets ±1…±⌊r/2⌋, and for odd r
// the offset g/2 (even g) or a near-perfect matching along the cycle of
// offset (g−1)/2 (odd g), which leaves group ((g−1)·(g−1)/2) mod g one
// port short. The odd-r offsets exceed ⌊r/2⌋, so no pair repeats.
func partialRound(g, r int) [][]int32 {
	nb := make([][]int32, g)
	for i := range g {
		for d := 1; d <= r/2; d++ {
			nb[i] = append(nb[i], int32((i+d)%g), int32((i-d+g)%g))
		}
	}
	if r%2 == 0 {
		return nb
	}
	if g%2 == 0 {
		for i := range g {
			nb[i] = append(nb[i], int32((i+g/2)%g))
		}
		return nb
	}
	d := (g - 1) / 2 // coprime with g, so s·d mod g visits every group
	for s := 0; s+1 < g; s += 2 {
		x, y := s*d%g, (s+1)*d%g
		nb[x] = append(nb[x], int32(y))
		nb[y] = append(nb[y], int32(x))
	}
	return nb
}
