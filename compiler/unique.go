package compiler

import (
	"cmp"
	"fmt"
	"hash/maphash"
	"slices"

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
	i, j, dup := firstDuplicate(len(g.Nodes), func(k int) string { return g.Nodes[k].Name })
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

// firstDuplicate returns the least i whose name(i) equals an earlier
// name(j), with the least such j, among n names. It sorts the names'
// 64-bit hashes rather than filling a map of strings: at a million
// devices the map took 0.44 s, the sort a fraction of it; names whose
// hashes agree are compared in full, so a collision is never taken for
// a duplicate.
func firstDuplicate(n int, name func(int) string) (i, j int, dup bool) {
	seed := maphash.MakeSeed()
	type entry struct {
		h uint64
		k int32
	}
	es := make([]entry, n)
	for k := range es {
		es[k] = entry{maphash.String(seed, name(k)), int32(k)}
	}
	slices.SortFunc(es, func(a, b entry) int {
		if c := cmp.Compare(a.h, b.h); c != 0 {
			return c
		}
		return cmp.Compare(a.k, b.k)
	})
	i = n
	for a := 0; a < len(es); {
		b := a + 1
		for b < len(es) && es[b].h == es[a].h {
			b++
		}
		if b-a > 1 {
			// One hash, in index order: the earliest index of each name.
			earliest := map[string]int32{}
			for _, e := range es[a:b] {
				nm := name(int(e.k))
				if y, ok := earliest[nm]; ok {
					if int(e.k) < i {
						i, j = int(e.k), int(y)
					}
					continue
				}
				earliest[nm] = e.k
			}
		}
		a = b
	}
	return i, j, i < n
}
