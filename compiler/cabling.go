package compiler

import (
	"github.com/topoc/topoc/compiler/cableplan"
)

// planCabling is the "cabling" stage: cableplan.Plan over the servers the
// node groups built, the design's cable models and its fixed racks.
func planCabling(s *state) {
	recordProtocols(s) // the media choice reads each link's protocol
	in := cableplan.Input{Graph: s.g, CableModels: s.cfg.CableModels, FixedRack: s.fixedRack}
	for _, ng := range s.cfg.NodeGroups {
		sg := s.groups[ng.Name]
		if sg == nil {
			continue
		}
		grp := cableplan.Group{Name: ng.Name, Model: sg.model.Name, GPUs: sg.model.GPUs.V, PerRackRange: ng.DeclRange}
		if ng.PerRack.Set {
			grp.PerRackRange = ng.PerRack.Range
		}
		for _, sv := range sg.servers {
			grp.Servers = append(grp.Servers, sv.id)
		}
		in.Groups = append(in.Groups, grp)
	}
	s.diags = append(s.diags, cableplan.Plan(in)...)
}
