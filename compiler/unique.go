package compiler

import (
	"fmt"

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
	seen := make(map[string]int32, len(g.Nodes))
	for i := range g.Nodes {
		n := &g.Nodes[i]
		j, dup := seen[n.Name]
		if !dup {
			seen[n.Name] = int32(i)
			continue
		}
		first := g.Range(g.Nodes[j].Origin)
		rng := g.Range(n.Origin)
		where := "elsewhere in the design"
		if first.Filename != "" {
			where = "by the declaration at " + first.String()
		}
		s.diags = append(s.diags, diag.Error(diag.DuplicateName, rng, "Two devices share a name",
			fmt.Sprintf("The %s %q built here has the name of a %s built %s; artifacts key devices by name. Rename a fabric, tier, server or switch so that the composed names differ.", n.Kind, n.Name, g.Nodes[j].Kind, where)))
		return
	}
}
