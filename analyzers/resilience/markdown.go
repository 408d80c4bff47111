package resilience

import (
	"fmt"
	"io"
	"strings"

	"github.com/topoc/topoc/lang/units"
)

// WorstOverall returns the worst outcome of every sweep of r (Sweep.Worst's
// order: most ranks disconnected, then degraded, then the lowest proven
// residual bisection), or nil when no sweep evaluated anything.
func WorstOverall(r *Report) *Outcome {
	var all []Outcome
	for _, s := range r.Sweeps {
		if s.Worst >= 0 && s.Worst < len(s.Outcomes) {
			all = append(all, s.Outcomes[s.Worst])
		}
	}
	if i := worst(all); i >= 0 {
		return &all[i]
	}
	return nil
}

// WriteMarkdown writes the resilience section of the review document
// (`topoc report`): one row per sweep with its worst scenario, then the
// worst scenario overall with its pictures (images, paths relative to the
// document, with captions).
func WriteMarkdown(w io.Writer, r *Report, images [][2]string) {
	fmt.Fprintf(w, "## Resilience\n\n")
	fmt.Fprintf(w, "Every risk group of each class fails alone (N−1), evaluated as `topoc whatif` evaluates a Monte Carlo draw: "+
		"each residual bisection is a proven interval, the intact cut re-evaluated on the surviving graph against the proven lower bounds, "+
		"and workloads are judged by their ranks (restart when a rank loses a link NCCL uses). "+
		"That interval can be much wider than the one `topoc whatif --fail NAME` proves for the same failure with its full search; "+
		"run it for the worst rows, and for the congestion of the jobs that survive (docs/resilience.md).\n\n")
	fmt.Fprintf(w, "| Class | Scenarios | Worst | Residual bisection | Ranks disconnected | Ranks degraded | Units whole | Workloads restarted |\n")
	fmt.Fprintf(w, "|---|---:|---|---|---|---|---|---:|\n")
	for _, s := range r.Sweeps {
		if s.Skipped != "" {
			fmt.Fprintf(w, "| %s | %d | skipped: %s | | | | | |\n", s.Class, s.Scenarios, mdCell(s.Skipped))
			continue
		}
		if s.Worst < 0 {
			continue
		}
		o := &s.Outcomes[s.Worst]
		name := o.Group
		if o.Orbit > 1 {
			name += " (and " + units.CountOf(o.Orbit-1, "twin", "twins") + ")"
		}
		// Per fabric: the same GPUs can be ranks of several fabrics (an
		// NVLink domain and the scale-out fabric), so counts are not summed.
		var bis, units, disc, degr []string
		for _, f := range o.Fabrics {
			bis = append(bis, fmt.Sprintf("%s: %s (%.1f%% of intact or more)", f.Fabric, Interval(f.LowerBoundBPS, f.UpperBoundBPS), f.LowerPercent))
			disc = append(disc, perFabric(f.Fabric, f.RanksDisconnected, len(o.Fabrics)))
			degr = append(degr, perFabric(f.Fabric, f.RanksDegraded, len(o.Fabrics)))
			for _, u := range f.Units {
				units = append(units, fmt.Sprintf("%s %d of %d", u.Kind, u.Intact, u.Total))
			}
		}
		if d := o.NVLinkDomains; d != nil {
			units = append(units, fmt.Sprintf("NVLink domains %d of %d", d.Intact, d.Total))
		}
		restarts := 0
		for _, wo := range o.Workloads {
			if wo.Status == StatusRestart {
				restarts++
			}
		}
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %s | %s | %d of %d |\n", s.Class, s.Scenarios, mdCell(name),
			mdCell(strings.Join(bis, "; ")), mdCell(strings.Join(disc, "; ")), mdCell(strings.Join(degr, "; ")), mdCell(strings.Join(units, "; ")), restarts, len(o.Workloads))
	}
	fmt.Fprintln(w)
	if o := WorstOverall(r); o != nil {
		fmt.Fprintf(w, "The worst single failure is **%s** (%s).\n\n", mdCell(o.Group), o.Class)
	}
	for _, img := range images {
		fmt.Fprintf(w, "![%s](%s)\n\n*%s*\n\n", mdCell(img[1]), img[0], mdCell(img[1]))
	}
}

// perFabric writes a count, prefixed by its fabric when a scenario
// touches several.
func perFabric(fabric string, n, fabrics int) string {
	if fabrics == 1 {
		return fmt.Sprint(n)
	}
	return fmt.Sprintf("%s: %d", fabric, n)
}

// mdCell escapes text for a Markdown table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", "\\|", "\n", " ", "*", "\\*", "_", "\\_").Replace(s)
}
