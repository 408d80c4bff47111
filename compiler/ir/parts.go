package ir

import (
	"cmp"
	"math"
	"slices"
)

// Parts holds the facts of the catalogue models a design uses that the
// bill of materials and the rack power check read: power, front-panel
// cages and the optical modules that fill them. Absent entries mean the
// catalogue gives no figure (never zero watts).
type Parts struct {
	// PowerW maps a node_model or switch_model name to the device's
	// maximum power draw, watts.
	PowerW map[string]float64
	// SwitchCage maps a switch_model name to its logical ports per cage
	// (a QM9700's twin-port OSFP cage: 2); absent means 1.
	SwitchCage map[string]int32
	// NICCage maps "<node_model>/<role>" to how many of the role's NIC
	// ports, in NIC order, share one cage (a DGX H100's compute NICs: 2);
	// absent means 1.
	NICCage map[string]int32
	// Transceivers are the transceiver_model blocks, by name.
	Transceivers []Transceiver
	// SwitchPortGroups maps a switch_model with port_group blocks to its
	// groups in port order (ports are numbered group after group); a
	// model of one rate is absent, its ports all at Node.PortRateBPS.
	SwitchPortGroups map[string][]PortGroup
	// SwitchFormFactor and NICFormFactor map a switch_model or nic_model
	// name to its cage form factor ("osfp", "qsfp112", ...); absent when
	// the model states none.
	SwitchFormFactor, NICFormFactor map[string]string
}

// PortGroup is one port group of a switch model: Ports physical ports of
// RateBPS each, bits per second per direction.
type PortGroup struct {
	Name    string
	Ports   int32
	RateBPS float64
}

// PortRateBPS returns the native rate of physical port p of switch or
// host n, bits per second per direction: its port group's rate for a
// switch model with port groups, else n.PortRateBPS. A port past the
// last group (an overcommitted switch) has the last group's rate.
func (p Parts) PortRateBPS(n *Node, port int32) float64 {
	gs := p.SwitchPortGroups[n.ModelName()]
	if n.Kind != KindSwitch || len(gs) == 0 {
		return n.PortRateBPS
	}
	for _, g := range gs {
		if port < g.Ports {
			return g.RateBPS
		}
		port -= g.Ports
	}
	return gs[len(gs)-1].RateBPS
}

// Transceiver is one transceiver_model: a module that fills one cage at
// a fiber end.
type Transceiver struct {
	Name string
	// Fits is "switch", "node" or "any": the end whose cage it plugs
	// into.
	Fits string
	// Protocol is "infiniband", "ethernet", or "" for either.
	Protocol string
	// CableModels are the cable_model names whose fiber it terminates.
	CableModels []string
	// RateBPS is the module's whole rate, bits per second per direction:
	// it fills cages of that rate.
	RateBPS float64
	// Ports is the logical ports it serves (2 for a twin-port OSFP).
	Ports int32
	// ReachM is the longest fiber it drives, metres; 0 for any.
	ReachM float64
	// PowerW is its maximum power, watts; 0 when not given.
	PowerW float64
	// SplitPowerW is its maximum power at SplitRateBPS, watts; 0 when not
	// given (PowerW then stands for it, an upper figure).
	SplitPowerW float64
	// SplitRateBPS is the rate it runs at on one leg of a splitter fiber
	// (a 400G module at 200G on a 1:2 fiber), so it also fills cages of
	// that rate; 0 when it does not split.
	SplitRateBPS float64
	// FormFactor is the cage form factor it plugs into ("osfp",
	// "qsfp112", ...), or "" for any.
	FormFactor string
	// Builtin marks a catalogue model; the design's own models are
	// chosen before the catalogue's.
	Builtin bool
}

// Cage is one front-panel cage in use at a fiber end of the cable plan.
type Cage struct {
	// Device is the racked device (a switch, a server, a host).
	Device NodeID
	// Ports is the cage's logical ports (its switch model's or NIC
	// role's ports per cage), RateBPS their summed native rate, bits per
	// second per direction.
	Ports   int32
	RateBPS float64
	// LengthM is the longest ordered length of the cables it ends,
	// metres: the module must reach it.
	LengthM float64
	// LaneBPS is the lane rate of its ports when they are broken out
	// (400G lanes of an 800G port, Graph.BrokenOut), bits per second per
	// direction; 0 when they run whole, at their native rate or at one of
	// their model's lower speeds.
	LaneBPS float64
	// SpeedBPS is the summed rate its ports run at when they run whole at
	// one of their model's lower speeds (a 400G port set to 100G), bits
	// per second per direction; 0 at their native rate or broken out. The
	// module must run at that rate: a 400G optic does not run a port at
	// 100G, the 100G optic the cable plan's 100G fiber is ordered for does.
	SpeedBPS float64
	// Switch is true at a switch, false at a server or host.
	Switch bool
	// FormFactor is the cage's form factor, its switch or NIC model's
	// ("osfp", "qsfp112", ...), or "" when the model states none.
	FormFactor string
	// CableType indexes Cabling.Types: the fiber it terminates.
	CableType int32
	// Transceiver indexes Parts.Transceivers, or None when no
	// transceiver_model fits (the BOM then lists the cage unfilled).
	Transceiver int32
}

// CageKey identifies a front-panel cage: its device and its index on the
// device (a switch's port ÷ ports per cage; a server's NIC role and the
// port's index over the role's NICs ÷ ports per cage).
type CageKey struct {
	Device NodeID
	Role   Role
	Index  int32
}

// CageIndex locates the cage of each fabric port by the Parts facts
// (ports per cage of switch models and of node models' NIC roles).
type CageIndex struct {
	g     *Graph
	parts Parts
	// ordinal is each NIC's index among its server's NICs of its role,
	// by NodeID (-1: not yet known); nil until a NIC port is looked up.
	ordinal []int32
	// nicCage caches Parts.NICCage by server model and role, so a port
	// lookup builds no "model/role" string; last is the latest lookup,
	// which the next one usually repeats.
	nicCage map[modelRole]int32
	last    modelRole
	lastC   int32
}

// modelRole is a server model and a NIC role, CageIndex.nicCage's key.
type modelRole struct {
	model string
	role  Role
}

// NewCageIndex returns the cage index of g (every cage one port wide
// before the parts stage has filled g.Parts).
func (g *Graph) NewCageIndex() *CageIndex {
	return &CageIndex{g: g, parts: g.parts(), nicCage: map[modelRole]int32{}, lastC: -1}
}

// Of returns the cage holding port p, with its racked device, its logical
// ports and whether the device is a switch.
func (x *CageIndex) Of(p Port) (key CageKey, device NodeID, ports int32, isSwitch bool) {
	g := x.g
	n := &g.Nodes[p.Node]
	key, device, ports = CageKey{Device: p.Node, Index: p.Port}, p.Node, 1
	switch {
	case n.Kind == KindSwitch:
		isSwitch = true
		if c := x.parts.SwitchCage[n.ModelName()]; c > 1 {
			ports, key.Index = c, p.Port/c
		}
	case n.Kind == KindNIC && n.Parent != None:
		device, key.Device, key.Role = n.Parent, n.Parent, n.RoleName()
		key.Index = x.nicOrdinal(p.Node)*max(n.Radix, 1) + p.Port
		if c := x.nicPerCage(g.Nodes[n.Parent].ModelName(), n.RoleName()); c > 1 {
			ports, key.Index = c, key.Index/c
		}
	}
	return key, device, ports, isSwitch
}

// nicPerCage returns Parts.NICCage for NIC role role of server model
// model: how many of the role's ports share a cage (0 or 1: one).
func (x *CageIndex) nicPerCage(model string, role Role) int32 {
	mr := modelRole{model, role}
	if x.lastC >= 0 && mr == x.last {
		return x.lastC
	}
	c, ok := x.nicCage[mr]
	if !ok {
		c = x.parts.NICCage[model+"/"+string(role)]
		x.nicCage[mr] = c
	}
	x.last, x.lastC = mr, c
	return c
}

// CageAt returns the cage holding port p: its key, and the cage with its
// device, ports, summed native rate and end (cable type, length and
// transceiver left for the caller), as Cages and the cable plan's
// one-fiber-per-cage pass both need it.
func (x *CageIndex) CageAt(p Port) (CageKey, Cage) {
	key, device, ports, isSwitch := x.Of(p)
	n := &x.g.Nodes[p.Node]
	ff := x.parts.NICFormFactor[n.ModelName()]
	if isSwitch {
		ff = x.parts.SwitchFormFactor[n.ModelName()]
	}
	return key, Cage{Device: device, Ports: ports, RateBPS: float64(ports) * x.parts.PortRateBPS(n, p.Port), Switch: isSwitch, FormFactor: ff, Transceiver: None}
}

// CageOn is CageAt for port p of link l: the cage with the rate it runs
// at, LaneBPS where l breaks its port out, SpeedBPS where l runs the
// whole port below its native rate.
func (x *CageIndex) CageOn(p Port, l *Link) (CageKey, Cage) {
	key, cage := x.CageAt(p)
	native := cage.RateBPS / float64(max(cage.Ports, 1))
	switch {
	case x.g.BrokenOut(p, l):
		cage.LaneBPS = x.g.LineRateBPS(l)
	case l.Breakout <= 1 && x.g.LineRateBPS(l) > 0 && x.g.LineRateBPS(l) < native*(1-1e-9):
		cage.SpeedBPS = float64(cage.Ports) * x.g.LineRateBPS(l)
	}
	return key, cage
}

// CageRun is what CageOn reads of a cage's link (and Graph.BrokenOut,
// which it calls): the rate its ports run at (Graph.LineRateBPS) and
// whether the link breaks its port into lanes (Breakout > 1). On links of
// one CageRun, CageOn gives the ports of a device whose ports are alike
// (CageIndex.PortsAlike) cages alike: one cage but for its key and, for
// a server's NICs, its device. A caller that works something out per
// cage (the cable plan: which modules fit) can keep it by device and run.
type CageRun struct {
	RateBPS float64
	Split   bool
}

// CageRunOf returns link l's CageRun.
func (g *Graph) CageRunOf(l *Link) CageRun { return CageRun{g.LineRateBPS(l), l.Breakout > 1} }

// PortsAlike reports whether CageOn gives every port of node n a cage
// alike on links of one CageRun: true but for a switch whose model has
// port groups, whose ports' rates differ by group (Parts.PortRateBPS).
func (x *CageIndex) PortsAlike(n NodeID) bool {
	nd := &x.g.Nodes[n]
	return nd.Kind != KindSwitch || len(x.parts.SwitchPortGroups[nd.ModelName()]) == 0
}

// CagesAlike reports whether CageOn gives the ports of nodes a and b,
// both PortsAlike, cages alike on links of one CageRun (one cage but for
// its key and device): nodes of one kind, model, role and port rate,
// and for NICs of servers, servers of one model (Parts.NICCage). So the
// cable plan finds a cage shape once for a million implicit hosts.
func (x *CageIndex) CagesAlike(a, b NodeID) bool {
	na, nb := &x.g.Nodes[a], &x.g.Nodes[b]
	if na.Kind != nb.Kind || na.PortRateBPS != nb.PortRateBPS || na.ModelName() != nb.ModelName() || na.RoleName() != nb.RoleName() {
		return false
	}
	switch {
	case na.Kind != KindNIC:
		return true // a NIC's server is the one other node CageOn reads
	case na.Parent == None || nb.Parent == None:
		return na.Parent == nb.Parent
	}
	return x.g.Nodes[na.Parent].ModelName() == x.g.Nodes[nb.Parent].ModelName()
}

// RunBPS is the summed rate cage c's ports run at, bits per second per
// direction: SpeedBPS when they run at a lower speed, else RateBPS.
func (c Cage) RunBPS() float64 {
	if c.SpeedBPS > 0 {
		return c.SpeedBPS
	}
	return c.RateBPS
}

// nicOrdinal returns NIC n's index among its server's NICs of its role.
func (x *CageIndex) nicOrdinal(n NodeID) int32 {
	if k := len(x.ordinal); k < len(x.g.Nodes) || x.ordinal[n] < 0 {
		x.serverOrdinals(x.g.Nodes[n].Parent)
	}
	return x.ordinal[n]
}

// serverOrdinals records the index of each NIC of server s among its
// NICs of its role (CageIndex.ordinal), and returns s's children.
func (x *CageIndex) serverOrdinals(s NodeID) []NodeID {
	g := x.g
	if k := len(x.ordinal); k < len(g.Nodes) { // first use, or nodes added since
		x.ordinal = slices.Grow(x.ordinal, len(g.Nodes)-k)[:len(g.Nodes)]
		for i := k; i < len(g.Nodes); i++ {
			x.ordinal[i] = -1
		}
	}
	// A server has a few NIC roles: count them in a short list, not a map.
	var roles []Role
	var count []int32
	kids := g.Children(s)
	for _, c := range kids {
		nd := &g.Nodes[c]
		if nd.Kind != KindNIC {
			continue
		}
		i := slices.Index(roles, nd.RoleName())
		if i < 0 {
			i = len(roles)
			roles, count = append(roles, nd.RoleName()), append(count, 0)
		}
		x.ordinal[c] = count[i]
		count[i]++
	}
	return kids
}

// Cages returns the cages that terminate multimode or single-mode fiber
// in the cable plan (copper and AOCs carry their ends), each once, in
// cable order, with the transceiver that fills it (Parts.Fit at the
// cage's longest cable). nil without a cable plan.
func (g *Graph) Cages() []Cage {
	cb := g.Cabling()
	if cb == nil {
		return nil
	}
	idx := g.NewCageIndex()
	at := map[CageKey]int{} // cage → index in out
	var out []Cage
	var model, proto []string // per cage: its cable model, its device's protocol
	for _, c := range cb.Cables {
		if c.Type == None || cb.Types[c.Type].Plugged() {
			continue
		}
		for j := 0; j < int(c.Legs); j++ {
			a, b := g.Ends(c, j)
			l := g.Link(cb.Legs[int(c.Leg0)+j])
			for _, pt := range [2]Port{a, b} {
				key, cage := idx.CageOn(pt, &l)
				if i, ok := at[key]; ok {
					out[i].LengthM = max(out[i].LengthM, c.LengthM)
					continue
				}
				cage.CableType, cage.LengthM = c.Type, c.LengthM
				at[key] = len(out)
				out = append(out, cage)
				model, proto = append(model, cb.Types[c.Type].Model), append(proto, g.Protocols[g.Nodes[pt.Node].ModelName()])
			}
		}
	}
	for i := range out {
		out[i].Transceiver = idx.parts.Fit(out[i], model[i], proto[i])
	}
	return out
}

// Fit returns the index of the transceiver that fills cage for cable
// model cable at a device of protocol proto, or None: among the models
// that fit the end, list the cable model, have the cage's rate, reach its
// longest cable and match the protocol (unset matches any), the design's
// own before the catalogue's, then the least reach (the cheaper optic),
// then the one whose form factor is the cage's (formRank), then the least
// reach (the cheaper optic), then the first by name.
func (p Parts) Fit(cage Cage, cable, proto string) int32 {
	best := int32(None)
	for i, t := range p.Transceivers {
		if !t.suits(cage, cable, proto) || !t.reaches(cage.LengthM) {
			continue
		}
		b := p.Transceivers[max(best, 0)]
		tr, br := formRank(t, cage), formRank(b, cage)
		if best == None || (!t.Builtin && b.Builtin) ||
			(t.Builtin == b.Builtin && (tr < br || tr == br && (reachOf(t) < reachOf(b) || reachOf(t) == reachOf(b) && t.Name < b.Name))) {
			best = int32(i)
		}
	}
	return best
}

// formRank orders the modules that suit a cage by form factor: 0 when
// the module's is the cage's, 1 for a cage that states none and an OSFP
// module, 2 otherwise. A cage that states none is an implicit host's or
// a NIC model's without form_factor; it takes an OSFP module first
// because the single-port 400G compute NIC such a host stands for is
// OSFP (reference cabling.md §1c, S6) [assumption], and so that adding a
// module of another form factor to the catalogue does not change it.
func formRank(t Transceiver, cage Cage) int {
	switch {
	case t.FormFactor != "" && t.FormFactor == cage.FormFactor:
		return 0
	case cage.FormFactor == "" && t.FormFactor == "osfp":
		return 1
	}
	return 2
}

// Reach returns the longest cable, in metres, that some transceiver
// fitting cage for cable model cable at a device of protocol proto can
// drive (+Inf when one has no reach limit), and false when none fits at
// any length: Fit finds a module for a cable of length L exactly when
// L ≤ Reach·(1 + 10⁻⁹). cage.LengthM is not read.
func (p Parts) Reach(cage Cage, cable, proto string) (float64, bool) {
	reach, ok := 0.0, false
	for _, t := range p.Transceivers {
		if !t.suits(cage, cable, proto) {
			continue
		}
		ok = true
		if t.ReachM <= 0 {
			return math.Inf(1), true
		}
		reach = max(reach, t.ReachM)
	}
	return reach, ok
}

// suits reports whether t fits cage's end, rate and form factor, lists
// cable model cable and matches protocol proto (unset protocols and form
// factors match any), at any length.
func (t *Transceiver) suits(cage Cage, cable, proto string) bool {
	end := "node"
	if cage.Switch {
		end = "switch"
	}
	// A module of fewer ports than the cage's cannot serve them: one
	// single-port optic in a DGX twin-port cage would leave a port dark
	// (two ports at 200G add up to the 400G of a single-port module).
	return (t.Fits == end || t.Fits == "any") && (t.RateBPS == cage.RunBPS() || t.SplitRateBPS > 0 && t.SplitRateBPS == cage.RunBPS()) &&
		t.Ports >= cage.Ports && slices.Contains(t.CableModels, cable) &&
		(t.Protocol == "" || proto == "" || t.Protocol == proto) &&
		(t.FormFactor == "" || cage.FormFactor == "" || t.FormFactor == cage.FormFactor)
}

// reaches reports whether t drives a cable of length metres (a reach of 0
// is unlimited; lengths within one part in 10⁹ of the reach are taken to
// reach it).
func (t *Transceiver) reaches(length float64) bool {
	return t.ReachM <= 0 || length <= t.ReachM*(1+1e-9)
}

// RackPower is the most the devices of one rack may draw.
type RackPower struct {
	// Rack is the Rack.ID.
	Rack int32
	// MaxW sums, watts, the maximum power of the rack's devices and of the
	// transceivers in their cages that have a figure.
	MaxW float64
	// Devices counts the rack's devices; Unknown the devices and
	// transceivers in it without a power figure, so that MaxW is the
	// rack's maximum only when Unknown is 0 (a lower bound on it
	// otherwise).
	Devices, Unknown int
	// UnknownModels names, sorted, the models of those parts (device
	// models, transceiver models, "no transceiver_model" for a cage no
	// model fits): what a design must give a power figure.
	UnknownModels []string
}

// RackPowers returns the power of every rack of the cable plan, in
// Cabling.Racks order, with the transceivers of cages (from Cages).
func (g *Graph) RackPowers(cages []Cage) []RackPower {
	cb := g.Cabling()
	if cb == nil {
		return nil
	}
	parts := g.parts()
	out := make([]RackPower, len(cb.Racks))
	at := make(map[int32]int, len(cb.Racks))
	for i, r := range cb.Racks {
		out[i].Rack = r.ID
		at[r.ID] = i
	}
	rackOf := make(map[NodeID]int, len(cb.Mounts))
	for _, m := range cb.Mounts {
		i := at[m.Rack]
		rackOf[m.Node] = i
		out[i].Devices++
		if w, ok := parts.PowerW[g.Nodes[m.Node].ModelName()]; ok {
			out[i].MaxW += w
		} else {
			out[i].Unknown++
			out[i].unknown(cmp.Or(g.Nodes[m.Node].ModelName(), "implicit host"))
		}
	}
	for _, c := range cages {
		i, ok := rackOf[c.Device]
		if !ok {
			continue
		}
		if c.Transceiver != None && parts.Transceivers[c.Transceiver].PowerW > 0 {
			out[i].MaxW += parts.Transceivers[c.Transceiver].PowerAt(c)
		} else {
			out[i].Unknown++
			if c.Transceiver != None {
				out[i].unknown(parts.Transceivers[c.Transceiver].Name)
			} else {
				out[i].unknown("no transceiver_model")
			}
		}
	}
	return out
}

// unknown adds model to UnknownModels, kept sorted and unique.
func (r *RackPower) unknown(model string) {
	if i, found := slices.BinarySearch(r.UnknownModels, model); !found {
		r.UnknownModels = slices.Insert(r.UnknownModels, i, model)
	}
}

// parts returns the graph's parts facts, empty when the parts stage has
// not run.
func (g *Graph) parts() Parts {
	if g.Parts == nil {
		return Parts{}
	}
	return *g.Parts
}

// reachOf is a module's reach for choosing among those that fit: the
// shortest wins, and one without a stated reach comes last.
func reachOf(t Transceiver) float64 {
	if t.ReachM == 0 {
		return math.Inf(1)
	}
	return t.ReachM
}

// PowerAt returns t's maximum power in cage c, watts: SplitPowerW where
// c runs it at its split rate (a 400G module at 200G on a splitter
// fiber) and that is given, else PowerW.
func (t *Transceiver) PowerAt(c Cage) float64 {
	if r := c.RunBPS(); t.SplitRateBPS > 0 && t.RateBPS != r && t.SplitRateBPS == r && t.SplitPowerW > 0 {
		return t.SplitPowerW
	}
	return t.PowerW
}
