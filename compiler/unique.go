package compiler

import (
	"fmt"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// checkUniqueNames refuses a graph in which two nodes share a name. Names
// are composed ("ft2" + "/core0"; a server "ft2/core0" beside fat_trees
// "ft" and "ft2"), so distinct declarations can collide after the
// fabrics are built; every artifact (ir.json, the cabling plan, NetBox,
// diagrams) keys devices by name. The first clash is reported at the
// second device's declaration and names the first's; one clash is
// enough to fix the naming scheme, so the check stops there.
func checkUniqueNames(s *state) {
	g := s.g
	if stampedNamesDistinct(s) {
		return
	}
	i, j, dup := ir.FirstDuplicate(len(g.Nodes), func(k int) string { return g.Nodes[k].Name })
	if !dup {
		return
	}
	n := &g.Nodes[i]
	first := g.Range(g.Nodes[j].Origin)
	rng := g.Range(n.Origin)
	where := "elsewhere in the design"
	if first.Filename != "" {
		where = "by the declaration at " + first.String()
	}
	s.diags = append(s.diags, diag.Error(diag.DuplicateName, rng, "Two devices share a name",
		fmt.Sprintf("The %s %q built here has the name of a %s built %s; artifacts key devices by name. Rename a fabric, tier, server or switch so that the composed names differ.", n.Kind, n.Name, g.Nodes[j].Kind, where)))
}

// stampedNamesDistinct reports whether every node name is proven
// distinct without hashing the names of the servers' components, which
// are most of a large design's nodes (a GPU's "su003/node07/gpu3"). A
// component stamped from a server template is named its server's name
// and the template's suffix ("/gpu3"). When every suffix starts with
// '/' and the suffixes of one template differ, two names can only clash
// in these ways, each checked here on the other nodes ("heads": hosts,
// switches, implicit hosts), far fewer:
//   - two heads share a name;
//   - a head is a server's name and one of its suffixes (X + s);
//   - two components of servers X and Y = X + t share a name, where t,
//     which starts with '/', begins a suffix of X's template (X + t + s₂
//     = X + s₁): a server name is split at each '/' here, and any such
//     server pair counts as a possible clash.
//
// false means "not proven": checkUniqueNames then compares every name,
// which also finds the first clash to report, so the result and the
// diagnostic are the same as without this shortcut.
func stampedNamesDistinct(s *state) bool {
	g := s.g
	component := make([]bool, len(g.Nodes))
	hosts := map[string]*serverTemplate{}
	suffixes := map[*serverTemplate]map[string]bool{}
	for _, sg := range s.groups {
		for _, sv := range sg.servers {
			t := sv.t
			if _, ok := suffixes[t]; !ok {
				if len(t.nodes) == 0 || t.nodes[0].Name != "" {
					return false
				}
				set := make(map[string]bool, len(t.nodes))
				for _, n := range t.nodes[1:] {
					if !strings.HasPrefix(n.Name, "/") || set[n.Name] {
						return false
					}
					set[n.Name] = true
				}
				suffixes[t] = set
			}
			if int(sv.id)+len(t.nodes) > len(g.Nodes) {
				return false
			}
			for k := 1; k < len(t.nodes); k++ {
				component[int(sv.id)+k] = true
			}
			hosts[g.Nodes[sv.id].Name] = t
		}
	}
	var heads []ir.NodeID
	for i := range g.Nodes {
		if !component[i] {
			heads = append(heads, ir.NodeID(i))
		}
	}
	if _, _, dup := ir.FirstDuplicate(len(heads), func(k int) string { return g.Nodes[heads[k]].Name }); dup {
		return false
	}
	for _, id := range heads {
		name := g.Nodes[id].Name
		_, isHost := hosts[name]
		for p := strings.IndexByte(name, '/'); p >= 0; {
			if t, ok := hosts[name[:p]]; ok {
				rest := name[p:]
				if suffixes[t][rest] {
					return false // a head named as a component
				}
				if isHost {
					for suf := range suffixes[t] {
						if strings.HasPrefix(suf, rest) {
							return false // components of two servers may clash
						}
					}
				}
			}
			q := strings.IndexByte(name[p+1:], '/')
			if q < 0 {
				break
			}
			p += 1 + q
		}
	}
	return true
}
