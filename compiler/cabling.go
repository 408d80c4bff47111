package compiler

import (
	"sync"

	"github.com/topoc/topoc/compiler/cableplan"
	"github.com/topoc/topoc/compiler/ir"
)

// planCabling is the "cabling" stage: cableplan.Place over the servers
// the node groups built, the design's cable models and its fixed racks,
// then cableplan's Cables in the background (ir.Graph.PlanInBackground),
// beside the stages after this one and, in `topoc check`, the analyses;
// Build.Finish waits for it and puts its diagnostics in stage order. On
// the 131,072-GPU example the cables take a third of the compiler's
// time, and nothing after this stage reads them but the rack power
// budget (which waits for them: ir.Graph.Cabling).
func planCabling(s *state) {
	recordProtocols(s) // the media choice reads each link's protocol
	pl, diags := cableplan.Place(cablingInput(s))
	s.diags = append(s.diags, diags...)
	if pl == nil {
		return
	}
	s.cablesAt = len(s.diags)
	judged := make(chan struct{})
	s.cablesJudged = judged
	s.g.PlanInBackground(pl.Cabling(), func(view *ir.Graph) {
		once := sync.OnceFunc(func() { close(judged) })
		defer once() // a plan that panics judges nothing; Finish panics
		s.cableDiags = pl.Cables(view, func(failed bool) {
			s.cablesFail = failed
			once()
		})
	})
}

// cablingInput is what the cable plan reads of s: the graph, the
// design's cable models and fixed racks, and the servers of each node
// group that built some, in design order.
func cablingInput(s *state) cableplan.Input {
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
	return in
}
