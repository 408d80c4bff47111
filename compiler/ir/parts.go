package ir

import (
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
}

// Transceiver is one transceiver_model: a module that fills one cage at
// a fiber end.
type Transceiver struct {
	Name string
	// Fits is "switch" or "node": the end whose cage it plugs into.
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
	// PowerW is its maximum power, watts; 0 when not given.
	PowerW float64
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
	// Switch is true at a switch, false at a server or host.
	Switch bool
	// CableType indexes Cabling.Types: the fiber it terminates.
	CableType int32
	// Transceiver indexes Parts.Transceivers, or None when no
	// transceiver_model fits (the BOM then lists the cage unfilled).
	Transceiver int32
}

// cageKey identifies a cage: its device and its index on the device (a
// switch's port ÷ ports per cage; a server's NIC role and the port's
// index over the role's NICs ÷ ports per cage).
type cageKey struct {
	device NodeID
	role   Role
	index  int32
}

// Cages returns the cages that terminate multimode or single-mode fiber
// in the cable plan (copper and AOCs carry their ends), each once, in
// cable order, with the transceiver that fills it: the first by name,
// the design's own before the catalogue's, of the transceiver models
// that fit the end, list the cable model, have
// the cage's rate and match the device's protocol (unset matches any).
// nil without a cable plan.
func (g *Graph) Cages() []Cage {
	cb := g.Cabling
	if cb == nil {
		return nil
	}
	parts := g.parts()
	ordinal := map[NodeID]int32{} // NIC → index among its server's NICs of its role
	nicOrdinal := func(n NodeID) int32 {
		if o, ok := ordinal[n]; ok {
			return o
		}
		count := map[Role]int32{}
		for _, c := range g.Children(g.Nodes[n].Parent) {
			if nd := &g.Nodes[c]; nd.Kind == KindNIC {
				ordinal[c] = count[nd.Role]
				count[nd.Role]++
			}
		}
		return ordinal[n]
	}
	seen := map[cageKey]bool{}
	var out []Cage
	for _, c := range cb.Cables {
		if c.Type == None {
			continue
		}
		t := &cb.Types[c.Type]
		if t.Kind != "mmf" && t.Kind != "smf" {
			continue
		}
		for j := 0; j < int(c.Legs); j++ {
			a, b := g.Ends(c, j)
			for _, pt := range [2]Port{a, b} {
				n := &g.Nodes[pt.Node]
				cage := Cage{Device: pt.Node, Ports: 1, CableType: c.Type, Transceiver: None}
				key := cageKey{device: pt.Node, index: pt.Port}
				switch {
				case n.Kind == KindSwitch:
					cage.Switch = true
					if p := parts.SwitchCage[n.Model]; p > 1 {
						cage.Ports, key.index = p, pt.Port/p
					}
				case n.Kind == KindNIC && n.Parent != None:
					srv := &g.Nodes[n.Parent]
					cage.Device, key.device, key.role = n.Parent, n.Parent, n.Role
					logical := nicOrdinal(pt.Node)*max(n.Radix, 1) + pt.Port
					key.index = logical
					if p := parts.NICCage[srv.Model+"/"+string(n.Role)]; p > 1 {
						cage.Ports, key.index = p, logical/p
					}
				}
				if seen[key] {
					continue
				}
				cage.RateBPS = float64(cage.Ports) * n.PortRateBPS
				seen[key] = true
				cage.Transceiver = parts.fit(cage, t.Model, g.Protocols[n.Model])
				out = append(out, cage)
			}
		}
	}
	return out
}

// fit returns the index of the transceiver that fills cage for cable
// model cable at a device of protocol proto, or None.
func (p Parts) fit(cage Cage, cable, proto string) int32 {
	end := "node"
	if cage.Switch {
		end = "switch"
	}
	best := int32(None)
	for i, t := range p.Transceivers {
		if t.Fits != end || t.RateBPS != cage.RateBPS || !slices.Contains(t.CableModels, cable) || (t.Protocol != "" && proto != "" && t.Protocol != proto) {
			continue
		}
		if b := p.Transceivers[max(best, 0)]; best == None || (!t.Builtin && b.Builtin) || (t.Builtin == b.Builtin && t.Name < b.Name) {
			best = int32(i)
		}
	}
	return best
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
}

// RackPowers returns the power of every rack of the cable plan, in
// Cabling.Racks order, with the transceivers of cages (from Cages).
func (g *Graph) RackPowers(cages []Cage) []RackPower {
	cb := g.Cabling
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
		if w, ok := parts.PowerW[g.Nodes[m.Node].Model]; ok {
			out[i].MaxW += w
		} else {
			out[i].Unknown++
		}
	}
	for _, c := range cages {
		i, ok := rackOf[c.Device]
		if !ok {
			continue
		}
		if c.Transceiver != None && parts.Transceivers[c.Transceiver].PowerW > 0 {
			out[i].MaxW += parts.Transceivers[c.Transceiver].PowerW
		} else {
			out[i].Unknown++
		}
	}
	return out
}

// parts returns the graph's parts facts, empty when the parts stage has
// not run.
func (g *Graph) parts() Parts {
	if g.Parts == nil {
		return Parts{}
	}
	return *g.Parts
}
