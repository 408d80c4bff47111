package compiler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// recordParts is the "parts" stage: it fills ir.Graph.Parts with the
// power, cage and transceiver facts of the models the design uses (the
// cabling stage keeps the cables of one cage alike by them) and checks
// that every transceiver_model names cable models that exist.
func recordParts(s *state) {
	p := &ir.Parts{PowerW: map[string]float64{}, SwitchCage: map[string]int32{}, NICCage: map[string]int32{},
		SwitchFormFactor: map[string]string{}, NICFormFactor: map[string]string{}}
	for i := range s.g.Nodes {
		n := &s.g.Nodes[i]
		switch {
		case n.Kind == ir.KindSwitch:
			if m := s.cat.switches[n.ModelName()]; m != nil {
				if m.PowerW.Set {
					p.PowerW[n.ModelName()] = m.PowerW.V
				}
				if m.PortsPerCage.Set {
					p.SwitchCage[n.ModelName()] = int32(m.PortsPerCage.V)
				}
				if m.FormFactor.Set {
					p.SwitchFormFactor[n.ModelName()] = m.FormFactor.V
				}
				if len(m.PortGroups) > 0 && p.SwitchPortGroups[n.ModelName()] == nil {
					if p.SwitchPortGroups == nil {
						p.SwitchPortGroups = map[string][]ir.PortGroup{}
					}
					for _, g := range m.PortGroups {
						p.SwitchPortGroups[n.ModelName()] = append(p.SwitchPortGroups[n.ModelName()], ir.PortGroup{Name: g.Name, Ports: int32(g.Ports.V), RateBPS: g.Rate.V})
					}
				}
			}
		case n.Kind == ir.KindNIC:
			if m := s.cat.nics[n.ModelName()]; m != nil && m.FormFactor.Set {
				p.NICFormFactor[n.ModelName()] = m.FormFactor.V
			}
		case n.Kind == ir.KindHost && n.RoleName() == ir.RoleServer:
			m := s.cat.nodes[n.ModelName()]
			if m == nil {
				continue
			}
			if m.PowerW.Set {
				p.PowerW[n.ModelName()] = m.PowerW.V
			}
			for _, nic := range m.NICs {
				if nic.PortsPerCage.Set {
					p.NICCage[n.ModelName()+"/"+nic.Role] = int32(nic.PortsPerCage.V)
				}
			}
		}
	}
	cables := map[string]bool{}
	for _, c := range s.cfg.CableModels {
		cables[c.Name] = true
	}
	for _, t := range s.cfg.TransceiverModels {
		for _, c := range t.CableModels.V {
			if !cables[c] {
				s.diags = append(s.diags, diag.Error(diag.UnknownReference, t.CableModels.Range, "Unknown cable model",
					fmt.Sprintf("transceiver_model %q lists cable model %q, which no cable_model block or catalogue entry declares. Name the cable_model whose fiber the module terminates.", t.Name, c)))
			}
		}
		p.Transceivers = append(p.Transceivers, ir.Transceiver{Name: t.Name, Fits: t.Fits.V, Protocol: t.Protocol.V,
			CableModels: slices.Clone(t.CableModels.V), RateBPS: t.Rate.V, Ports: int32(t.Ports.V), ReachM: t.ReachM.V, PowerW: t.PowerW.V, SplitRateBPS: t.SplitRate.V, SplitPowerW: t.SplitPowerW.V, FormFactor: t.FormFactor.V, Builtin: t.Builtin})
	}
	slices.SortFunc(p.Transceivers, func(a, b ir.Transceiver) int { return strings.Compare(a.Name, b.Name) })
	s.g.Parts = p
}

// checkRackPower is the "rack_power" stage, after cabling: it warns once
// per node group some of whose racks may draw
// more (known maximum power) than the group's budget, at the budget's
// attribute, naming how many racks and the worst. A rack with parts of unknown power is judged on the known
// ones: exceeding the budget with them alone proves the overrun. Only
// where a node group gives a budget does it wait for the cable plan
// (the cages' transceivers: ir.Graph.Cages).
func checkRackPower(s *state) {
	if s.g.Racking() == nil {
		return
	}
	var powers []ir.RackPower
	for _, ng := range s.cfg.NodeGroups {
		sg := s.groups[ng.Name]
		if !ng.RackPowerW.Set || sg == nil {
			continue
		}
		if powers == nil {
			powers = s.g.RackPowers(s.g.Cages())
		}
		racks := map[int32]bool{}
		for _, sv := range sg.servers {
			racks[s.g.Nodes[sv.id].Rack] = true
		}
		over, worst, unsure := 0, -1, 0
		var models []string // the models without a power figure in these racks
		for i, rp := range powers {
			if !racks[rp.Rack] {
				continue
			}
			for _, m := range rp.UnknownModels {
				if j, found := slices.BinarySearch(models, m); !found {
					models = slices.Insert(models, j, m)
				}
			}
			if rp.MaxW <= ng.RackPowerW.V {
				if rp.Unknown > 0 {
					unsure++
				}
				continue
			}
			over++
			if worst < 0 || rp.MaxW > powers[worst].MaxW {
				worst = i
			}
		}
		if over == 0 {
			if unsure > 0 {
				s.diags = append(s.diags, diag.Info(diag.RackPower, ng.RackPowerW.Range, "Power budget not fully checked",
					fmt.Sprintf("%d of node_group %q's racks hold parts whose model gives no power figure (%s); the parts with one stay within the %s budget, which proves nothing about the rest. Give those models a power (node_model, switch_model, transceiver_model) to check the budget.",
						unsure, ng.Name, strings.Join(models, ", "), units.Power(ng.RackPowerW.V))))
			}
			continue
		}
		rp := powers[worst]
		unknown := ""
		if rp.Unknown > 0 {
			unknown = fmt.Sprintf(", not counting %s whose model gives no power figure: %s", units.CountOf(rp.Unknown, "part", "parts"), strings.Join(rp.UnknownModels, ", "))
		}
		s.diags = append(s.diags, diag.Warning(diag.RackPower, ng.RackPowerW.Range, "Racks over their power budget",
			fmt.Sprintf("%d of node_group %q's racks may draw more than the %s budget its rack block gives; the worst, %s, may draw %s (the maximum power of its %s and %s transceivers%s). Put fewer servers per rack (per_rack), or raise the budget if the racks' feeds allow it.",
				over, ng.Name, units.Power(ng.RackPowerW.V), s.g.Racking().Racks[worst].Name, units.Power(rp.MaxW), units.CountOf(rp.Devices, "device", "devices"), units.Agree(rp.Devices, "its", "their"), unknown)))
	}
}
