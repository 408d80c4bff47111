package gen

import (
	"fmt"
	"slices"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// Clos describes a folded Clos (leaf-spine, optionally a super-spine tier)
// over a list of endpoint ports: the NIC ports of real servers, or hosts
// the generator creates. Rails and planes follow NVIDIA's rail-optimized
// SuperPOD designs (RA-11333-001): NIC i of every server goes to a rail-i
// leaf; port p of a multi-plane NIC goes to plane p, and every tier is
// replicated per plane.
type Clos struct {
	Endpoints []ClosEndpoint
	// Rails and Planes are at least 1.
	Rails, Planes int
	// Homing is the number of leaves of its group a server's ports of
	// one rail and plane spread over (dual-homing: 2, each port of a
	// dual-port NIC to its own ToR of a pair that shares the switches
	// above, as MLAG or Alibaba HPN's non-stacked dual-ToR cable it);
	// 0 and 1 mean none. The leaf tier's count must be a multiple.
	Homing int
	// SpreadNICs records that the endpoints are single-port NICs spread
	// over the planes by NIC index (NIC i on plane i mod Planes, rail
	// ⌊i / Planes⌋ mod Rails); the fabric then carries the parameter
	// nic_plane_stride = Planes, for readers of the IR (the NICs' Rail
	// and Plane labels say where each is cabled).
	SpreadNICs bool
	// Units are groupings of servers, innermost first; Servers is the
	// number of servers in one unit of that level.
	Units []ClosUnit
	// Tiers are bottom-up; Tiers[0] is the leaf tier.
	Tiers      []ClosTier
	Appliances []ClosAppliance
	Origin     ir.OriginID
}

// ClosEndpoint is one port that injects traffic: Port.Node = ir.None asks
// the generator to create a host named HostName.
type ClosEndpoint struct {
	Port     ir.Port
	HostName string
	// Server is the index of the server the port belongs to; units group
	// servers by this index.
	Server      int
	Rail, Plane int
	RateBPS     float64
}

// ClosUnit is one level of grouping: Name ("su", "pod") and servers per unit.
type ClosUnit struct {
	Name    string
	Servers int
}

// ClosTier is one switch tier. Per lists what the tier is replicated per:
// unit names, "rail", "plane" (tiers are always per plane when Planes > 1).
// Count is switches per group; 0 derives it from the links arriving from
// below. Down and Up are logical link counts per switch (0 Up = top tier).
type ClosTier struct {
	Name    string
	Model   string
	Ports   PortModel
	Per     []string
	Count   int
	Down    int
	Up      int
	LinkBPS float64
	// Bundled stripes the uplinks of the tier below over this tier's
	// switches in runs (lang.StripingModes "bundled"), not one by one.
	Bundled bool
	// Reserve is the ports of each switch kept free, above the ports
	// Ports gives the generator (the caller takes them off the model's
	// radix): the switches report the model's radix and these reserved.
	Reserve int
	Origin  ir.OriginID
}

// ClosAppliance attaches Count single-port devices (UFM, storage heads) of
// role Role to the leaves of server unit Unit (innermost unit level), one
// per rail in turn, after the servers.
type ClosAppliance struct {
	Role    string
	Count   int
	RateBPS float64
	Unit    int
	Origin  ir.OriginID
}

// ClosProblem is a structural fault found while wiring: Code says which
// kind, Tier indexes Clos.Tiers (the compiler points at that tier's
// block), Msg says what is wrong in the design's terms.
type ClosProblem struct {
	Code ClosProblemCode
	Tier int
	Msg  string
}

// ClosProblemCode is the kind of a ClosProblem; the compiler maps each to
// a diagnostic code.
type ClosProblemCode int

// The kinds of ClosProblem.
const (
	// ProblemRadix: an upper switch receives more links than its down
	// ports (radix-exceeded).
	ProblemRadix ClosProblemCode = iota + 1
	// ProblemCapacity: endpoints or appliances find no free down port on
	// their leaf group (radix-exceeded).
	ProblemCapacity
	// ProblemRate: a link's rate matches neither end's port rate nor a
	// breakout (rate-mismatch).
	ProblemRate
	// ProblemUneven: uplinks do not spread evenly over the upper switches
	// of their group (uneven-striping, a warning).
	ProblemUneven
	// ProblemStriping: bundled striping with uplinks that do not divide
	// into equal runs over the upper switches (invalid-value).
	ProblemStriping
	// ProblemTooFew: an upper switch receives more links than any down
	// its model allows, so only more switches (count) help
	// (radix-exceeded, at count).
	ProblemTooFew
)

// Validate checks parameters that make the wiring impossible.
func (c Clos) Validate() []ParamError {
	var errs []ParamError
	if len(c.Tiers) == 0 {
		return []ParamError{{Param: "tier", Msg: "a clos fabric needs at least one tier block (the leaves)"}}
	}
	if len(c.Tiers) > 4 {
		errs = append(errs, ParamError{Param: "tier", Msg: fmt.Sprintf("%d tiers; topoc builds Clos fabrics of 1 to 4 tiers", len(c.Tiers))})
	}
	if c.Rails < 1 || c.Planes < 1 {
		errs = append(errs, ParamError{Param: "rails", Msg: "rails and planes must be at least 1"})
	}
	if h := c.homing(); h > 1 {
		// Homing spreads the ports a server has on one rail and plane: a
		// server with fewer leaves the extra leaves of each set empty.
		per := map[[3]int]int{}
		most := 0
		for _, e := range c.Endpoints {
			k := [3]int{e.Server, e.Rail, e.Plane}
			per[k]++
			most = max(most, per[k])
		}
		if len(c.Endpoints) > 0 && most < h {
			errs = append(errs, ParamError{Param: "homing", Msg: fmt.Sprintf("= %d spreads each server's ports of one rail and plane over %d leaves, but the servers have %s each, so %d of every %d leaves would get no endpoints; dual-homing needs a multi-port NIC (or host) with its ports on one plane, and planes = 2 already puts port p on plane p",
				h, h, units.CountOf(most, "such port", "such ports"), h-most, h)})
		}
	}
	if h := c.homing(); c.Homing < 0 || c.Tiers[0].Count > 0 && c.Tiers[0].Count%h != 0 {
		errs = append(errs, ParamError{Param: "homing", Msg: fmt.Sprintf("= %d spreads each server's ports of a rail and plane over %d leaves of its group, so the %s tier's count (%d) must be a multiple of it", c.Homing, h, c.Tiers[0].Name, c.Tiers[0].Count)})
	}
	known := map[string]int{"rail": -1, "plane": -2}
	for i, u := range c.Units {
		if u.Servers < 1 {
			errs = append(errs, ParamError{Param: "unit." + u.Name, Msg: "a unit must hold at least one server"})
		}
		known[u.Name] = i
	}
	names := make([]string, 0, len(known))
	for k := range known {
		names = append(names, k)
	}
	slices.Sort(names)
	prevLevel := -1 // finest unit level of the tier below (-1 = none)
	for ti, t := range c.Tiers {
		for _, p := range t.Per {
			if _, ok := known[p]; !ok {
				msg := fmt.Sprintf("%q is not a unit of this fabric; use a unit name, \"rail\" or \"plane\"", p)
				if s := diag.Closest(p, names); s != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", s) // trial 54: "rial"
				}
				errs = append(errs, ParamError{Param: "tier." + t.Name + ".per", Msg: msg})
			}
		}
		if t.Ports.Radix < 0 || t.Down < 0 || t.Up < 0 || t.Count < 0 {
			errs = append(errs, ParamError{Param: "tier." + t.Name, Msg: "counts must not be negative"})
		}
		errs = append(errs, c.portErrors(ti)...)
		level := finestLevel(c, t.Per)
		if ti > 0 {
			below := c.Tiers[ti-1]
			for _, p := range t.Per {
				if p == "rail" && !slices.Contains(below.Per, "rail") {
					errs = append(errs, ParamError{Param: "tier." + t.Name + ".per", Msg: fmt.Sprintf("tier %s is per rail but tier %s below it spans rails", t.Name, below.Name)})
				}
				if lv, ok := known[p]; ok && lv >= 0 && (prevLevel < 0 || prevLevel > lv) {
					errs = append(errs, ParamError{Param: "tier." + t.Name + ".per", Msg: fmt.Sprintf("tier %s is per %s but tier %s below it is not contained in one %s", t.Name, p, below.Name, p)})
				}
			}
			if below.Up == 0 {
				errs = append(errs, ParamError{Param: "tier." + below.Name + ".up", Msg: fmt.Sprintf("tier %s has no uplinks but tier %s sits above it; set up", below.Name, t.Name)})
			}
		}
		prevLevel = level
	}
	return errs
}

// rates returns the rates of tier ti's down links (the endpoints' at
// the leaf tier, else the link rate to the tier below) and up links (the
// link rate to the tier above; 0 at the top), bits per second per
// direction: a boundary's rate is the upper tier's link_rate, else the
// lower tier's, as wireTier uses.
func (c Clos) rates(ti int) (downBPS, upBPS float64) {
	between := func(lo, up int) float64 {
		if c.Tiers[up].LinkBPS != 0 {
			return c.Tiers[up].LinkBPS
		}
		return c.Tiers[lo].LinkBPS
	}
	if ti == 0 {
		if len(c.Endpoints) > 0 {
			downBPS = c.Endpoints[0].RateBPS
		}
	} else {
		downBPS = between(ti-1, ti)
	}
	if ti+1 < len(c.Tiers) {
		upBPS = between(ti, ti+1)
	}
	return downBPS, upBPS
}

// portsNeeded allocates tier ti's down and up links on one switch of
// its model as the builder does (down links first, each at its own rate
// in the first port group that runs at it and has room, then the up
// links after the declared down ports): a 400G link on an 800G port
// broken out 2 × 400G takes half a port. It returns the physical ports
// taken and, for a model with port groups, the first overflow: the
// links of one rate that found every group running at it full, with
// that rate and the first such group (0 links when all fit). A rate no
// group runs at takes one whole port per link (the rate mismatch is
// reported on its own).
func (c Clos) portsNeeded(ti int) (used int, over portOverflow) {
	t := c.Tiers[ti]
	downBPS, upBPS := c.rates(ti)
	a := t.Ports.NewAllocator()
	take := func(links int, bps float64) {
		before := slices.Clone(a.Overflow())
		for range links {
			a.Take(bps)
		}
		for gi, n := range a.Overflow() {
			if d := n - before[gi]; d > 0 && over.links == 0 {
				over = portOverflow{links: d, bps: bps, group: gi}
			}
		}
	}
	take(t.Down, downBPS)
	a.Reserve(downBPS, t.Down)
	take(t.Up, upBPS)
	return a.Used(), over
}

// portOverflow is links of one rate (bits per second per direction) for
// which every port group running at it is full; group is the first such.
type portOverflow struct {
	links, group int
	bps          float64
}

// DefaultSplit returns the down and up links of tier ti when the design
// gives neither: half the ports each for a model of one rate (a
// non-blocking leaf), times the lanes of a port at the links' rate; for a model with port groups, the links its groups
// running at the down rate take and those its groups at the up rate take
// (64 × 400G down and 32 × 800G up on a 400G/800G leaf), half of a group
// each when both rates land in one group.
func (c Clos) DefaultSplit(ti int) (down, up int) {
	t := c.Tiers[ti]
	downBPS, upBPS := c.rates(ti)
	if len(t.Ports.Groups) == 0 {
		// Half the ports each, times the lanes a port splits into at
		// the links' rate: 64-port 800G leaves at 400G take 64 links
		// down and 64 up, not 32 and 32 on half the ports (trial 68).
		return t.Ports.Radix / 2 * max(t.Ports.Lanes(downBPS), 1), t.Ports.Radix / 2 * max(t.Ports.Lanes(upBPS), 1)
	}
	gd, gu := t.Ports.groupOf(downBPS), t.Ports.groupOf(upBPS)
	links := func(gi int, bps float64, share int) int {
		if gi < 0 {
			return 0
		}
		g := t.Ports.Groups[gi]
		return g.Ports / share * max(g.Lanes(bps), 1)
	}
	if gd == gu {
		return links(gd, downBPS, 2), links(gu, upBPS, 2)
	}
	return links(gd, downBPS, 1), links(gu, upBPS, 1)
}

// defaultDown returns the down links of tier ti when down is unset (the
// top tier, or a tier that sets only up): for a model of one rate, every
// port its up links leave, times the lanes a port splits into at the
// down rate (a 64 × 800G spine takes 128 links of 400G on 2 × 400G
// breakouts; trial 56 read 64 and was told to raise down); for a model
// with port groups, the links at the down rate that still find a port,
// lanes of broken-out ports included, once the up links have theirs. At
// least 1.
func (c Clos) defaultDown(ti int) int {
	t := c.Tiers[ti]
	downBPS, upBPS := c.rates(ti)
	if len(t.Ports.Groups) == 0 {
		g := t.Ports.group(0)
		upPorts := t.Up
		if l := g.Lanes(upBPS); l > 1 {
			upPorts = (t.Up + l - 1) / l
		}
		return max((t.Ports.Radix-upPorts)*max(g.Lanes(downBPS), 1), 1)
	}
	a := t.Ports.NewAllocator()
	for range t.Up {
		a.Take(upBPS)
	}
	over := func() int {
		n := 0
		for _, o := range a.Overflow() {
			n += o
		}
		return n
	}
	before, n := over(), 0
	for n < t.Ports.Radix*maxLanes(t.Ports) {
		a.Take(downBPS)
		if over() > before {
			break
		}
		n++
	}
	return max(n, 1)
}

// maxLanes returns the most lanes one port of m splits into (1 without
// breakouts).
func maxLanes(m PortModel) int {
	most := 1
	for _, g := range m.groups() {
		for _, b := range g.Breakouts {
			most = max(most, b.Lanes)
		}
	}
	return most
}

// portErrors reports a tier whose down and up links need more ports than
// its model has, per port group.
func (c Clos) portErrors(ti int) []ParamError {
	t := c.Tiers[ti]
	if t.Ports.Radix <= 0 || t.Down <= 0 {
		return nil
	}
	need, over := c.portsNeeded(ti)
	switch {
	case len(t.Ports.Groups) == 0 && need > t.Ports.Radix:
		has := fmt.Sprintf("the model has %d", t.Ports.Radix)
		if t.Reserve > 0 {
			has = fmt.Sprintf("the model's %d ports leave %d after reserve = %d", t.Ports.Radix+t.Reserve, t.Ports.Radix, t.Reserve)
		}
		return []ParamError{{Param: "tier." + t.Name + ".down", Msg: fmt.Sprintf("of %d, with up %d, needs %d ports at the links' rates, but %s; lower down or up, or use a model with more ports", t.Down, t.Up, need, has)}}
	case len(t.Ports.Groups) > 0 && over.links > 0:
		g := t.Ports.Groups[over.group]
		return []ParamError{{Param: "tier." + t.Name + ".down", Msg: fmt.Sprintf("of %d, with up %d, leaves %s at %s without a port: %s's ports that run at it (port group %q of %d × %s, and any later group that runs at it) are all taken; lower down or up, or use a model with more ports at that rate",
			t.Down, t.Up, units.CountOf(over.links, "link", "links"), units.Rate(over.bps), t.Model, g.Name, g.Ports, units.Rate(g.PortBPS))}}

	}
	return nil
}

// finestLevel returns the innermost unit level named in per, or -1.
func finestLevel(c Clos, per []string) int {
	best := -1
	for i, u := range c.Units {
		if slices.Contains(per, u.Name) && (best < 0 || i < best) {
			best = i
		}
	}
	return best
}

// closSwitch is a switch being wired: its node, scope and port allocator.
type closSwitch struct {
	id    ir.NodeID
	units []int // unit index per level, -1 when the switch spans that level
	rail  int
	plane int
	alloc PortAllocator
	down  int // logical down links attached
	// downBPS is the rate of its down links, bits per second per
	// direction (0 before any is attached).
	downBPS float64
}

// BuildClos appends the fabric to g and returns it with the structural
// problems found while wiring.
func BuildClos(g *ir.Graph, name string, c Clos) (ir.FabricID, []ClosProblem) {
	b := &closBuilder{g: g, c: c}
	b.fab = g.AddFabric(ir.Fabric{Name: name, Family: ir.FamilyClos, Origin: c.Origin, Params: []ir.Param{
		{Name: "rails", Value: int64(c.Rails)}, {Name: "planes", Value: int64(c.Planes)}, {Name: "tiers", Value: int64(len(c.Tiers))}}})
	if c.SpreadNICs && c.Planes > 1 {
		g.Fabrics[b.fab].Params = append(g.Fabrics[b.fab].Params, ir.Param{Name: "nic_plane_stride", Value: int64(c.Planes)})
	}
	for _, t := range c.Tiers {
		g.Fabrics[b.fab].Tiers = append(g.Fabrics[b.fab].Tiers, t.Name)
	}
	for _, u := range c.Units {
		g.Fabrics[b.fab].Params = append(g.Fabrics[b.fab].Params, ir.Param{Name: "servers_per_" + u.Name, Value: int64(u.Servers)})
	}
	b.servers = 0
	for _, e := range c.Endpoints {
		b.servers = max(b.servers, e.Server+1)
	}
	b.tiers = make([][]*closSwitch, len(c.Tiers))
	b.makeLeaves()
	b.attachEndpoints()
	b.attachAppliances()
	for t := 1; t < len(c.Tiers); t++ {
		b.wireTier(t)
	}
	return b.fab, b.problems
}

type closBuilder struct {
	g       *ir.Graph
	c       Clos
	fab     ir.FabricID
	servers int
	tiers   [][]*closSwitch
	// leafGroups are the leaf tier's groups in enumerate order, which
	// is the order of their coordinates over leafDims read as one
	// mixed-radix number (leafGroup); fill counts the endpoints each
	// took, per home (group × Homing + home). Slices by that number, not
	// maps by key string: leafFor is asked once per endpoint (a million
	// times at a million GPUs; issue 16).
	leafGroups [][]*closSwitch
	leafDims   []dim // dims of the leaf tier, for leafFor
	// endpointUnits holds an endpoint's unit at each level while
	// leafGroup finds its group, one slice for every endpoint.
	endpointUnits []int
	problems      []ClosProblem
	fill          []int
	hosts         map[string]ir.NodeID // implicit hosts by name
}

func (b *closBuilder) unitsAt(level int) int {
	n := b.c.Units[level].Servers
	return max(1, (b.servers+n-1)/n)
}

// dims lists the replication dimensions of a tier: plane (when > 1), the
// per-units outermost first, then rail.
type dim struct {
	kind  string // "plane", "unit", "rail"
	level int
	n     int
}

func (b *closBuilder) dims(t ClosTier) []dim {
	var ds []dim
	if b.c.Planes > 1 || slices.Contains(t.Per, "plane") {
		ds = append(ds, dim{"plane", -1, b.c.Planes})
	}
	for lv := len(b.c.Units) - 1; lv >= 0; lv-- {
		if slices.Contains(t.Per, b.c.Units[lv].Name) {
			ds = append(ds, dim{"unit", lv, b.unitsAt(lv)})
		}
	}
	if slices.Contains(t.Per, "rail") {
		ds = append(ds, dim{"rail", -1, b.c.Rails})
	}
	return ds
}

// scope is a position in the dimension space: plane, rail, unit per level.
type scope struct {
	plane, rail int
	units       []int
}

// groupIndex returns the index of scope s's group among those
// enumerate(ds, …) visits, which is the order of their coordinates over
// ds read as one mixed-radix number, or -1 when a coordinate lies
// outside its dimension (a scope of no group there). Groups are found by
// index, not by a name per scope: the leaf tier asks once per endpoint
// (a million times at a million GPUs; issue 16).
func groupIndex(ds []dim, s scope) int {
	i := 0
	for _, d := range ds {
		x := s.rail
		switch d.kind {
		case "plane":
			x = s.plane
		case "unit":
			x = s.units[d.level]
		}
		if x < 0 || x >= d.n {
			return -1
		}
		i = i*d.n + x
	}
	return i
}

// enumerate calls f for every group of a tier, in plane, unit, rail order.
func (b *closBuilder) enumerate(ds []dim, f func(scope)) {
	s := scope{plane: -1, rail: -1, units: make([]int, len(b.c.Units))}
	for i := range s.units {
		s.units[i] = -1
	}
	var rec func(i int)
	rec = func(i int) {
		if i == len(ds) {
			cp := s
			cp.units = slices.Clone(s.units)
			f(cp)
			return
		}
		d := ds[i]
		for x := 0; x < d.n; x++ {
			switch d.kind {
			case "plane":
				s.plane = x
			case "rail":
				s.rail = x
			default:
				s.units[d.level] = x
			}
			rec(i + 1)
		}
		switch d.kind {
		case "plane":
			s.plane = -1
		case "rail":
			s.rail = -1
		default:
			s.units[d.level] = -1
		}
	}
	rec(0)
}

// makeSwitches creates the count switches of one group of tier t and names
// them [plane<p>/][<unit><i>/]<tier><j>, j running over rails × count.
func (b *closBuilder) makeSwitches(ti int, ds []dim, s scope, count int) []*closSwitch {
	t := b.c.Tiers[ti]
	prefix := ""
	for _, d := range ds {
		switch d.kind {
		case "plane":
			prefix += Indexed("plane", s.plane, d.n) + "/"
		case "unit":
			prefix += Indexed(b.c.Units[d.level].Name, s.units[d.level], d.n) + "/"
		}
	}
	rails, railIdx := 1, 0
	if s.rail >= 0 {
		rails, railIdx = b.c.Rails, s.rail
	}
	// A switch of one unit lies in exactly one unit of every coarser level.
	units := slices.Clone(s.units)
	for lv := range units {
		if units[lv] < 0 {
			continue
		}
		for up := lv + 1; up < len(units); up++ {
			if units[up] < 0 {
				units[up] = units[lv] * b.c.Units[lv].Servers / b.c.Units[up].Servers
			}
		}
		break
	}
	out := make([]*closSwitch, count)
	for i := range out {
		n := ir.NewNode(prefix+Indexed(t.Name, railIdx*count+i, rails*count), ir.KindSwitch)
		n.Origin = t.Origin
		n.SetModel(t.Model)
		n.SetTier(t.Name)
		n.Radix, n.PortRateBPS, n.Reserved = int32(t.Ports.Radix+t.Reserve), t.Ports.PortBPS, int16(t.Reserve)
		n.Rail, n.Plane = int32(s.rail), int32(s.plane)
		if lv := finestLevel(b.c, t.Per); lv >= 0 {
			n.UnitIndex = int32(s.units[lv])
			n.SetUnit(b.c.Units[lv].Name)
		}
		id := b.g.AddNode(n)
		b.g.JoinFabric(id, b.fab)
		out[i] = &closSwitch{id: id, units: units, rail: s.rail, plane: s.plane, alloc: t.Ports.NewAllocator()}
		b.tiers[ti] = append(b.tiers[ti], out[i])
	}
	return out
}

func (b *closBuilder) makeLeaves() {
	t := b.c.Tiers[0]
	ds := b.dims(t)
	b.leafDims = ds
	b.leafGroups = nil
	b.enumerate(ds, func(s scope) {
		b.leafGroups = append(b.leafGroups, b.makeSwitches(0, ds, s, max(t.Count, b.c.homing())))
	})
	b.fill = make([]int, len(b.leafGroups)*b.c.homing())
	b.endpointUnits = make([]int, len(b.c.Units))
}

// homing returns Homing, at least 1.
func (c Clos) homing() int { return max(c.Homing, 1) }

// leafGroup returns the index in leafGroups of the leaf group of the
// given server's endpoints on rail and plane (its units at each level
// are the server's index ÷ the unit's servers), or -1 when that lies
// outside the groups made.
func (b *closBuilder) leafGroup(server, rail, plane int) int {
	units := b.endpointUnits[:len(b.c.Units)]
	for lv, u := range b.c.Units {
		units[lv] = server / u.Servers
	}
	return groupIndex(b.leafDims, scope{plane: plane, rail: rail, units: units})
}

// link joins an endpoint-side port to the next down port of leaf sw.
func (b *closBuilder) attach(sw *closSwitch, ep ir.Port, bps float64, kind ir.LinkKind, origin ir.OriginID) {
	t := b.c.Tiers[0]
	lanes := t.Ports.Lanes(bps)
	if lanes == 0 {
		b.problems = append(b.problems, ClosProblem{ProblemRate, 0, fmt.Sprintf("an endpoint at %s meets a %s port of %s, which has no breakout or port speed (speeds) at that rate",
			units.Rate(bps), units.Rate(t.Ports.PortBPS), t.Model)})
		lanes = 1
	}
	p, lane, lanes := sw.alloc.Take(bps)
	b.g.AddLink(ir.Link{A: ep, B: ir.Port{Node: sw.id, Port: p, Lane: lane}, CapacityBPS: min(bps, nonzero(t.Ports.PortBPS, bps)),
		Kind: kind, Fabric: b.fab, Breakout: int32(lanes), Origin: origin})
	sw.down++
	sw.downBPS = bps
}

func nonzero(a, b float64) float64 {
	if a == 0 {
		return b
	}
	return a
}

// leafFor returns the leaf of group gi (leafGroup) that takes the next
// endpoint, whose home is h (0 ≤ h < Homing): with dual-homing the
// group's leaves form sets of Homing consecutive leaves, and the h-th
// port of a server on one rail and plane goes to the h-th leaf of a set,
// so a server's ports fill the leaves of one set side by side.
func (b *closBuilder) leafFor(gi, h int) (*closSwitch, bool) {
	if gi < 0 {
		return nil, false
	}
	t := b.c.Tiers[0]
	group := b.leafGroups[gi]
	down := t.Down
	if down == 0 {
		down = b.c.defaultDown(0)
	}
	H := b.c.homing()
	i := b.fill[gi*H+h]
	b.fill[gi*H+h]++
	if leaf := (i/down)*H + h; leaf < len(group) {
		return group[leaf], true
	}
	return nil, false
}

func (b *closBuilder) attachEndpoints() {
	overflow := 0
	b.hosts = map[string]ir.NodeID{}
	eps := &b.g.Fabrics[b.fab].Endpoints
	*eps = slices.Grow(*eps, len(b.c.Endpoints))
	// home counts a server's endpoints per rail and plane (endpoints come
	// server by server); the k-th goes to home k mod Homing.
	home := map[[2]int]int{}
	last := -1
	for _, e := range b.c.Endpoints {
		if e.Server != last {
			clear(home)
			last = e.Server
		}
		h := home[[2]int{e.Rail, e.Plane}] % b.c.homing()
		home[[2]int{e.Rail, e.Plane}]++
		sw, ok := b.leafFor(b.leafGroup(e.Server, e.Rail, e.Plane), h)
		if !ok {
			overflow++
			continue
		}
		port := e.Port
		if port.Node == ir.None {
			id, ok := b.hosts[e.HostName]
			if !ok {
				n := ir.NewNode(e.HostName, ir.KindHost)
				n.PortRateBPS, n.Origin = e.RateBPS, b.c.Origin
				id = b.g.AddNode(n)
				b.hosts[e.HostName] = id
			}
			b.g.Nodes[id].Radix = max(b.g.Nodes[id].Radix, port.Port+1)
			port.Node = id
		}
		b.g.JoinFabric(port.Node, b.fab)
		b.g.Fabrics[b.fab].Endpoints = append(b.g.Fabrics[b.fab].Endpoints, port)
		b.attach(sw, port, e.RateBPS, ir.LinkNodeLeaf, b.c.Origin)
	}
	if overflow > 0 {
		msg := fmt.Sprintf("%d endpoints find no free down port on their %s group; add %s switches per group (count) or down ports",
			overflow, b.c.Tiers[0].Name, b.c.Tiers[0].Name)
		if b.c.Rails > 1 && !slices.Contains(b.c.Tiers[0].Per, "rail") {
			// A rail-optimized design that forgot per = ["rail"] puts
			// every rail's NICs on one group (trial 52).
			msg += fmt.Sprintf(", or group them by rail (per = [\"rail\"], one group per rail of the %d rails set)", b.c.Rails)
		}
		b.problems = append(b.problems, ClosProblem{ProblemCapacity, 0, msg})
	}
}

func (b *closBuilder) attachAppliances() {
	for _, a := range b.c.Appliances {
		server := 0
		if len(b.c.Units) > 0 {
			server = a.Unit * b.c.Units[0].Servers
		}
		for i := 0; i < a.Count; i++ {
			rail, plane := i%b.c.Rails, (i/b.c.Rails)%b.c.Planes
			sw, ok := b.leafFor(b.leafGroup(server, rail, plane), 0)
			if !ok {
				b.problems = append(b.problems, ClosProblem{ProblemCapacity, 0, fmt.Sprintf("appliance %s%d finds no free %s port in unit %d: the unit's servers (and the appliances before it) take every down port of its %s switches; raise that tier's down or count, or put the appliances in a unit with room (unit)", a.Role, i, b.c.Tiers[0].Name, a.Unit, b.c.Tiers[0].Name)})
				continue
			}
			n := ir.NewNode(Indexed(a.Role, i, a.Count), ir.KindHost)
			n.Radix, n.PortRateBPS, n.Origin, n.Rail = 1, a.RateBPS, a.Origin, int32(rail)
			n.SetRole(ir.Role(a.Role))
			id := b.g.AddNode(n)
			b.g.JoinFabric(id, b.fab)
			b.g.Fabrics[b.fab].Endpoints = append(b.g.Fabrics[b.fab].Endpoints, ir.Port{Node: id})
			b.attach(sw, ir.Port{Node: id}, a.RateBPS, ir.LinkApplianceLeaf, a.Origin)
		}
	}
}

// wireTier creates tier t and stripes the uplinks of tier t-1 over it:
// the j-th lower switch of a group sends its l-th uplink, the i-th of the
// group with i = j·up + l, to upper switch (i + ⌊i/count⌋·r) mod count,
// where r is 1 when up < count and 0 otherwise. Each run of count
// consecutive uplinks is a permutation of the upper switches, so the load
// is as even as the counts allow (the uniform-width rule of folded Clos
// networks, designs.md §1). With up ≥ count every lower switch reaches
// every upper switch and r = 0 keeps port l on upper switch l mod count,
// as vendor cabling guides lay it out; with up < count the plain
// round-robin would give lower switches j and j + count/up the same
// upper switches and nothing else (4 leaves with 2 uplinks over 4 spines
// fall into two disconnected halves), so each run is rotated by one,
// which chains the groups of upper switches together.
func (b *closBuilder) wireTier(ti int) {
	t, lowerT := b.c.Tiers[ti], b.c.Tiers[ti-1]
	ds := b.dims(t)
	// The lower switches by the group of this tier above them, found by
	// index as enumerate visits the groups (groupIndex).
	groups := 1
	for _, d := range ds {
		groups *= d.n
	}
	members := make([][]*closSwitch, groups)
	for _, sw := range b.tiers[ti-1] {
		if k := groupIndex(ds, scope{plane: sw.plane, rail: sw.rail, units: sw.units}); k >= 0 {
			members[k] = append(members[k], sw)
		}
	}
	group := 0
	linkBPS := t.LinkBPS
	if linkBPS == 0 {
		linkBPS = lowerT.LinkBPS
	}
	kind := ir.TierLinkKind(lowerT.Name, t.Name)
	uneven := false
	badRate := 0 // links whose rate one of the two models cannot run
	b.enumerate(ds, func(s scope) {
		lower := members[group]
		group++
		if len(lower) == 0 {
			return
		}
		count := t.Count
		down := t.Down
		if down == 0 {
			down = b.c.defaultDown(ti)
		}
		if count == 0 {
			count = max(1, (len(lower)*lowerT.Up+down-1)/down)
		}
		upper := b.makeSwitches(ti, ds, s, count)
		if lowerT.Ports.Lanes(linkBPS) == 0 || t.Ports.Lanes(linkBPS) == 0 {
			badRate += len(lower) * max(lowerT.Up, 0)
		}
		// Down ports of the upper switches come first, so allocate all of
		// them per upper switch in lower order: gather pairs, then sort.
		type pair struct{ lo, up, l int }
		pairs := make([]pair, 0, len(lower)*max(lowerT.Up, 0))
		rotate := 0
		if lowerT.Up < count {
			rotate = 1
		}
		// Bundled: each lower switch's up/count consecutive uplinks go to
		// one upper switch, upper switch after upper switch (a leaf's
		// ports 33 and 34 to spine 1, as cabling laid out per spine runs
		// them); it needs up to be a multiple of count.
		bundle := 0
		if t.Bundled {
			if lowerT.Up%count != 0 {
				b.problems = append(b.problems, ClosProblem{ProblemStriping, ti, fmt.Sprintf("striping = \"bundled\" sends each %s's uplinks to the %s switches in equal runs, but %d uplinks do not divide into %d runs; make up a multiple of the %s count, or stripe \"spread\"",
					lowerT.Name, t.Name, lowerT.Up, count, t.Name)})
				return
			}
			bundle = lowerT.Up / count
		}
		for j := range lower {
			for l := 0; l < lowerT.Up; l++ {
				i := j*lowerT.Up + l
				up := (i + i/count*rotate) % count
				if bundle > 0 {
					up = l / bundle
				}
				pairs = append(pairs, pair{j, up, l})
			}
		}
		load := make([]int, count)
		for _, p := range pairs {
			load[p.up]++
		}
		if len(pairs)%count != 0 {
			uneven = true
		}
		// Uplinks start after the tier's declared down ports, so port
		// numbers do not shift when a unit is partly populated.
		for _, lo := range lower {
			lo.alloc.Reserve(lo.downBPS, lowerT.Down)
		}
		upPorts := make([]ir.Port, len(pairs))
		upLanes := make([]int, len(pairs)) // lanes of the port each uplink got
		for i, p := range pairs {
			lo := lower[p.lo]
			port, lane, lanes := lo.alloc.Take(linkBPS)
			upPorts[i], upLanes[i] = ir.Port{Node: lo.id, Port: port, Lane: lane}, lanes
		}
		// The pairs by upper switch, in pair order within one: a
		// counting sort over load, where a stable sort of every pair
		// took 20 ms of the generator at 131,072 GPUs (issue 16).
		at := make([]int, count+1)
		for u, n := range load {
			at[u+1] = at[u] + n
		}
		order := make([]int, len(pairs))
		for i, p := range pairs {
			order[at[p.up]] = i
			at[p.up]++
		}
		for _, i := range order {
			up := upper[pairs[i].up]
			port, lane, lanes := up.alloc.Take(linkBPS)
			b.g.AddLink(ir.Link{A: upPorts[i], B: ir.Port{Node: up.id, Port: port, Lane: lane}, CapacityBPS: linkBPS,
				Kind: kind, Fabric: b.fab, Breakout: int32(max(upLanes[i], lanes)), Origin: t.Origin})
			up.down++
			up.downBPS = linkBPS
		}
		for i, n := range load {
			if n > down {
				code := ProblemRadix
				fix := fmt.Sprintf("raise down to at least %d (within the model's ports) or give the tier more switches (count) to share the links", n)
				// Where no down the model allows takes them, only more
				// switches do (trial 66: "raise down to 128" on a
				// 64-port switch at 800G).
				if most := t.Ports.Radix*max(t.Ports.Lanes(linkBPS), 1) - max(t.Up, 0); len(t.Ports.Groups) == 0 && t.Ports.Radix > 0 && n > most && most > 0 {
					total := 0
					for _, x := range load {
						total += x
					}
					code = ProblemTooFew
					beside := ""
					if t.Up > 0 {
						beside = fmt.Sprintf(" beside its %d up links", t.Up)
					}
					fix = fmt.Sprintf("its model takes at most %d links at %s%s, so only more switches help: count = %d or more in each group (%d links over %s now)",
						most, units.Rate(linkBPS), beside, (total+most-1)/most, total, units.CountOf(len(upper), "switch", "switches"))
				}
				b.problems = append(b.problems, ClosProblem{code, ti, fmt.Sprintf("switch %s receives %d links from tier %s but has %d down ports; %s",
					b.g.Nodes[upper[i].id].Name, n, lowerT.Name, down, fix)})
				break
			}
		}
	})
	if badRate > 0 {
		// One problem for the tier, counting its links: per group it
		// read "(12 times)" for the groups of 3,072 links (trial 64).
		b.problems = append(b.problems, ClosProblem{ProblemRate, ti, fmt.Sprintf("%s %s between %s and %s %s neither model's port rate nor a breakout or port speed (%s: %s; %s: %s)",
			units.CountOf(badRate, "link", "links"), "of "+units.Rate(linkBPS), lowerT.Name, t.Name, units.Agree(badRate, "matches", "match"),
			lowerT.Name, portRates(lowerT.Ports), t.Name, portRates(t.Ports))})
	}
	if uneven {
		b.problems = append(b.problems, ClosProblem{ProblemUneven, ti, fmt.Sprintf("the %d uplinks per %s do not spread evenly over the %s switches of their group; choose counts so that %s switches × uplinks divides by the %s count",
			lowerT.Up, lowerT.Name, t.Name, lowerT.Name, t.Name)})
	}
}
