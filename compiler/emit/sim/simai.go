package sim

import (
	"slices"

	"github.com/topoc/topoc/compiler/ir"
)

// oneNVSwitchPerDomain returns n with the NVSwitch chips of each NVLink
// domain of size NPUs merged into one switch, each GPU's NVLink links to
// them into one link of their summed capacity: SimAI places GPU i under
// NVSwitch G + i ÷ (GPUs per server) (aliyun/SimAI, its entry code's
// node2nvswitch, matching its generator's default of one NVSwitch per
// server), so its file must hold one NVLink switch per domain, in domain
// order. Links between NVSwitch chips fall inside the merged switch and
// are dropped.
func (n *Net) oneNVSwitchPerDomain(size int) *Net {
	domains := len(n.NPUs) / size
	m := &Net{NPUs: n.NPUs, Switches: n.Switches, GPUsPerServer: n.GPUsPerServer, Servers: n.Servers, Notes: n.Notes}
	m.NVSwitches = make([]ir.NodeID, domains)
	firstNV, firstOther := len(n.NPUs), len(n.NPUs)+len(n.NVSwitches)
	shift := len(n.NVSwitches) - domains
	set := make([]bool, domains)
	merged := map[[2]int]*Link{}
	add := func(a, b int, l Link) {
		k := [2]int{min(a, b), max(a, b)}
		if x, ok := merged[k]; ok {
			x.BPS += l.BPS
			x.LengthM = max(x.LengthM, l.LengthM)
			return
		}
		l.A, l.B = k[0], k[1]
		merged[k] = &l
	}
	remap := func(id int) int {
		if id >= firstOther {
			return id - shift
		}
		return id
	}
	for _, l := range n.Links {
		aNV := l.A >= firstNV && l.A < firstOther
		bNV := l.B >= firstNV && l.B < firstOther
		switch {
		case aNV && bNV:
			continue // inside the merged switch
		case bNV && l.A < firstNV:
			d := l.A / size
			if !set[d] {
				m.NVSwitches[d], set[d] = n.NVSwitches[l.B-firstNV], true
			}
			add(l.A, firstNV+d, l)
		default:
			add(remap(l.A), remap(l.B), l)
		}
	}
	for _, l := range merged {
		m.Links = append(m.Links, *l)
	}
	slices.SortFunc(m.Links, func(x, y Link) int {
		if x.A != y.A {
			return x.A - y.A
		}
		return x.B - y.B
	})
	return m
}
