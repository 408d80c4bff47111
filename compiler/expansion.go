package compiler

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

// checkExpansion estimates, from parameters alone, the endpoints and
// elements (nodes + links) the design would build, and refuses it before
// any allocation when a cap is exceeded. Estimates use float64 so that
// k = 10^9 cannot overflow.
func checkExpansion(s *state) {
	var endpoints, elements float64
	charge := func(ep, el float64, rng hcl.Range, what string) bool {
		endpoints += ep
		elements += el
		switch {
		case endpoints > float64(s.opts.MaxEndpoints):
			s.diags = append(s.diags, diag.Error(diag.ExpansionLimit, rng, "Design too large",
				fmt.Sprintf("%s brings the design to %.3g endpoints; the limit is %d. Check the parameters, or raise the limit with --max-endpoints.", what, endpoints, s.opts.MaxEndpoints)))
			return false
		case elements > float64(s.opts.MaxElements):
			s.diags = append(s.diags, diag.Error(diag.ExpansionLimit, rng, "Design too large",
				fmt.Sprintf("%s brings the design to about %.3g nodes and links; the limit is %d.", what, elements, s.opts.MaxElements)))
			return false
		}
		return true
	}
	for _, ng := range s.cfg.NodeGroups {
		m, ok := s.cat.nodes[ng.Model.V]
		if !ok {
			continue
		}
		per := 1 + float64(m.GPUs.V+m.NVSwitches.V+int64(len(m.PCIeSwitches))) + 2
		links := float64(m.GPUs.V) * 20
		for _, n := range m.NICs {
			per += float64(n.Count.V)
			links += float64(n.Count.V)
		}
		if !charge(0, float64(ng.Count.V)*(per+links), ng.Count.Range, fmt.Sprintf("node_group %q", ng.Name)) {
			return
		}
	}
	for _, f := range s.cfg.Fabrics {
		var ep, el float64
		var rng hcl.Range
		switch {
		case f.FatTree != nil:
			k := float64(f.FatTree.K.V)
			ep, el, rng = k*k*k/4, k*k*k+5*k*k/4, f.FatTree.K.Range
		case f.Dragonfly != nil:
			d := f.Dragonfly
			p, a, h, g := float64(d.P.V), float64(d.A.V), float64(d.H.V), float64(d.G.V)
			if !d.G.Set {
				g = a*h + 1
			}
			ep = a * p * g
			el, rng = 2*ep+a*g*(1+(a-1)/2+h/2), d.P.Range
		case f.NVLinkDomain != nil:
			d := f.NVLinkDomain
			ep = float64(d.GPUs.V)
			el, rng = ep*float64(d.LinksPerGPU.V)+ep+float64(d.Switches.V), d.GPUs.Range
		case f.Clos != nil && f.Clos.Hosts.Set:
			ep = float64(f.Clos.Hosts.V) * float64(max(f.Clos.HostPorts.V, 1))
			el, rng = 4*ep, f.Clos.Hosts.Range
		case f.Clos != nil:
			el, rng = 0, f.FamilyRange
		}
		if !charge(ep, el, rng, fmt.Sprintf("fabric %q", f.Name)) {
			return
		}
	}
}
