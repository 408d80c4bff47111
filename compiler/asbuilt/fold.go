package asbuilt

import (
	"maps"

	"github.com/topoc/topoc/compiler/ir"
)

// foldAliases returns topo with the switches it identifies by name alone
// (Device.Named) that name one design switch taken as one device: a
// switch whose LLDP file is named after the design ("spine0") announces
// itself to its neighbours by its system name, often fully qualified or
// in another case ("SPINE0.pod1.example.net"), and without this the two
// would be two devices claiming one design name, the neighbours' cables
// to it left out and the switch's own file counted as covering a device
// nothing else is cabled to. The device kept is the one a file was
// collected on (its port naming and coverage are the file's), else the
// first in file order. The cables of the folded names move to it; one
// listed from both ends is kept once and two that disagree about a port
// are a conflict, as across files (cableIndex). Devices identified by
// GUID (InfiniBand) are never folded: two of them with one name are two
// switches, and Compare says so. topo itself is not changed (it is
// returned as it is when nothing folds).
func foldAliases(topo *Topology, m map[string]string, idx nameIndex) *Topology {
	keep := map[ir.NodeID]int{}  // design switch → index of the device kept
	alias := map[string]string{} // folded device id → kept device id
	for i := range topo.Devices {
		d := &topo.Devices[i]
		if !d.Named || !d.Switch {
			continue
		}
		n, _, ok := lookup(d, m, idx)
		if !ok {
			continue
		}
		j, seen := keep[n]
		if !seen {
			keep[n] = i
			continue
		}
		if k := &topo.Devices[j]; topo.Covered[d.ID] && !topo.Covered[k.ID] {
			keep[n] = i // the file's own device is the one kept
			alias[k.ID] = d.ID
			for from, to := range alias {
				if to == k.ID {
					alias[from] = d.ID
				}
			}
			continue
		}
		alias[d.ID] = topo.Devices[keep[n]].ID
	}
	if len(alias) == 0 {
		return topo
	}
	out := *topo
	out.Devices = make([]Device, 0, len(topo.Devices)-len(alias))
	for _, d := range topo.Devices {
		if _, folded := alias[d.ID]; !folded {
			out.Devices = append(out.Devices, d)
		}
	}
	out.Covered = maps.Clone(topo.Covered)
	for from, to := range alias {
		if out.Covered[from] {
			delete(out.Covered, from)
			out.Covered[to] = true
		}
	}
	out.Conflicts = append([]string(nil), topo.Conflicts...)
	out.Links = make([]Link, 0, len(topo.Links))
	var x cableIndex
	for _, l := range topo.Links {
		if to, ok := alias[l.A]; ok {
			l.A = to
		}
		if to, ok := alias[l.B]; ok {
			l.B = to
		}
		keep, conflict := x.admit(l)
		if conflict != "" {
			out.Conflicts = append(out.Conflicts, conflict)
		}
		if keep {
			out.Links = append(out.Links, l)
		}
	}
	return &out
}
