package asbuilt

import (
	"maps"
	"slices"
	"unicode"
	"unicode/utf8"

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
// are a conflict (cableIndex), the first file's kept: Merge leaves these
// to this fold, since only the design's names tell a conflict from one
// switch named two ways. Two files collected on one switch are said
// (Topology.Twice). Devices identified by GUID (InfiniBand) are never
// folded: two of them with one name are two switches, and Compare says
// so. topo itself is not changed (it is returned as it is when nothing
// folds).
func foldAliases(g *ir.Graph, topo *Topology, m map[string]string, idx nameIndex) *Topology {
	keep := map[ir.NodeID]int{}  // design switch → index of the device kept
	alias := map[string]string{} // folded device id → kept device id
	var twice [][2]string        // files of one switch
	devices := namedByFile(g, topo, m, idx)
	for i := range devices {
		d := &devices[i]
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
		if k := &devices[j]; topo.Covered[d.ID] && topo.Covered[k.ID] {
			// Two files collected on one switch (a copy, a second
			// collection): their cables are taken together, and said.
			twice = append(twice, [2]string{fileOf(k), fileOf(d)})
		} else if topo.Covered[d.ID] {
			keep[n] = i // the file's own device is the one kept
			alias[k.ID] = d.ID
			for from, to := range alias {
				if to == k.ID {
					alias[from] = d.ID
				}
			}
			continue
		}
		alias[d.ID] = devices[keep[n]].ID
	}
	if len(alias) == 0 && !topo.unreconciled {
		if len(devices) > 0 && &devices[0] != &topo.Devices[0] || len(twice) > 0 {
			out := *topo
			out.Devices, out.merged, out.Twice = devices, nil, twice
			return &out
		}
		return topo
	}
	out := *topo
	out.Devices = make([]Device, 0, len(devices)-len(alias))
	for _, d := range devices {
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
	out.disputes = slices.Clone(topo.disputes)
	out.Twice = twice
	if len(alias) > 0 && topo.claims != nil {
		out.claims = make(map[namedEnd]namedEnd, len(topo.claims))
		for k, v := range topo.claims {
			for _, e := range []*namedEnd{&k, &v} {
				if to, ok := alias[e.dev]; ok {
					e.dev = to
				}
			}
			out.claims[k] = v
		}
	}
	out.Links = make([]Link, 0, len(topo.Links))
	out.merged, out.unreconciled = nil, false // indexes topo's devices and cables, not these
	var x cableIndex
	for _, l := range topo.Links {
		if to, ok := alias[l.A]; ok {
			l.A = to
		}
		if to, ok := alias[l.B]; ok {
			l.B = to
		}
		if pd, conflict := x.add(&out.Links, l); conflict {
			out.dispute(pd)
		}
	}
	return &out
}

// namedByFile returns topo's devices with the switch of each LLDP file
// whose name is no design name but holds one ("plane0-spine0_lldp.json",
// "lldp-su0-leaf3.json": a collection script's prefix or suffix) described
// by that design name, so that it is matched, and folded with the device
// its neighbours name, as if the file had been named after the switch.
// The design switch name that the file name holds between
// non-alphanumeric characters (or its ends) is taken, the longest where
// one holds another ("su0-leaf10_lldp" holds su0/leaf10, never
// su0/leaf1); a name that holds two ("leaf1-to-spine0") is none. The
// device keeps its id (the file's name, which findings about the file
// quote). topo's own slice is returned when no device is renamed.
func namedByFile(g *ir.Graph, topo *Topology, m map[string]string, idx nameIndex) []Device {
	out := topo.Devices
	for i := range topo.Devices {
		d := &topo.Devices[i]
		if !d.Named || !d.Switch || !topo.Covered[d.ID] {
			continue
		}
		if _, _, ok := lookup(d, m, idx); ok || mappedApart(d, m) {
			continue
		}
		name, ok := switchNameWithin(d.Desc, g, idx)
		if !ok {
			continue
		}
		if &out[0] == &topo.Devices[0] {
			out = slices.Clone(topo.Devices)
		}
		out[i].Desc = name
	}
	return out
}

// switchNameWithin returns the part of s between non-alphanumeric
// characters (or the ends of s) that names a design switch of idx and is
// held in no longer such part; false when none does, or when parts that
// no other holds name two switches ("leaf1-to-spine0": which is it?).
func switchNameWithin(s string, g *ir.Graph, idx nameIndex) (string, bool) {
	var cuts []int // where a part may start or end
	for i, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			cuts = append(cuts, i, i+utf8.RuneLen(r))
		}
	}
	cuts = append([]int{0}, append(cuts, len(s))...)
	type hit struct {
		from, to int
		n        ir.NodeID
	}
	var hits []hit
	for i := 0; i < len(cuts); i += 2 { // starts: 0 and just after a separator
		for j := len(cuts) - 1; j > i; j -= 2 { // ends: len(s) and at a separator
			for _, a := range aliases(s[cuts[i]:cuts[j]]) {
				if n, ok := idx.node[a]; ok && g.Nodes[n].Kind.IsSwitch() {
					hits = append(hits, hit{cuts[i], cuts[j], n})
					break
				}
			}
		}
	}
	// The parts no other part holds; one switch, or none is sure
	// ("leaf1-to-spine0" names two).
	var best *hit
	for i := range hits {
		h := &hits[i]
		inside := slices.ContainsFunc(hits, func(o hit) bool { return o != *h && o.from <= h.from && h.to <= o.to })
		switch {
		case inside:
		case best == nil:
			best = h
		case best.n != h.n:
			return "", false
		}
	}
	if best == nil {
		return "", false
	}
	return s[best.from:best.to], true
}

// fileOf names the file device d's topology was read from: its file, or
// its id (an LLDP file's own switch is named after the file).
func fileOf(d *Device) string {
	if d.File != "" {
		return d.File
	}
	return d.ID
}
