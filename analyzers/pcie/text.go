package pcie

import (
	"fmt"
	"io"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
)

// WriteText writes the pcie section of `topoc check`'s text summary: per
// node model, how many GPUs reach their nearest NIC at each path class,
// the smallest bottleneck among those paths, and the classes of all pairs.
func WriteText(w io.Writer, ms []Model) {
	for _, m := range ms {
		nearest := make([]int, ir.PathDIS+1)
		low := 0.0
		for _, g := range m.GPUs {
			for c := range nearest {
				if ir.PathClass(c).String() == g.Class {
					nearest[c]++
				}
			}
			if g.NIC != "" && (low == 0 || g.BottleneckBPS < low) {
				low = g.BottleneckBPS
			}
		}
		var near, pairs []string
		for c, n := range nearest {
			if n > 0 {
				near = append(near, fmt.Sprintf("%s %d", ir.PathClass(c), n))
			}
		}
		for _, c := range m.Classes {
			pairs = append(pairs, fmt.Sprintf("%s %d", c.Class, c.Pairs))
		}
		fmt.Fprintf(w, "  pcie       %s × %d: nearest NIC %s of %d GPUs (bottleneck %s); pairs %s\n",
			m.Model, m.Servers, strings.Join(near, ", "), len(m.GPUs), rate(low), strings.Join(pairs, ", "))
	}
}
