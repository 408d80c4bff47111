package flow

import (
	"fmt"
	"io"

	"github.com/topoc/topoc/lang/units"
)

// WriteText writes the flows section of `topoc check`: per flow the
// max-flow with its cut, and what ECMP and WCMP place, with the link that
// binds each.
func WriteText(w io.Writer, rs []Result) {
	for _, r := range rs {
		fmt.Fprintf(w, "flow %q: %s to %s on fabric %q\n", r.Name, units.CountOf(r.Sources, "source", "sources"), units.CountOf(r.Sinks, "sink", "sinks"), r.Fabric)
		fmt.Fprintf(w, "  max-flow %s (exact; a cut of %s binds it)\n", units.Rate(r.MaxFlowBPS), units.CountOf(r.Cut.Links, "link", "links"))
		for _, p := range []struct {
			name string
			pl   Placement
		}{{"ECMP", r.ECMP}, {"WCMP", r.WCMP}} {
			switch {
			case p.pl.Unreachable > 0:
				fmt.Fprintf(w, "  %-8s nothing: %s no sink\n", p.name, units.CountOf(p.pl.Unreachable, "source reaches", "sources reach"))
			case p.pl.Binding == "":
				fmt.Fprintf(w, "  %-8s nothing placed\n", p.name)
			default:
				fmt.Fprintf(w, "  %-8s %s, %.1f%% of max-flow; first full: %s\n", p.name, units.Rate(p.pl.BPS), 100*p.pl.ShareOfMaxFlow, p.pl.Binding)
			}
		}
	}
}
