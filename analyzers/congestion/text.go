package congestion

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/topoc/topoc/lang/units"
)

// WriteText writes the human summary of the workloads: per collective its
// congestion factor and hottest link, bus bandwidth and time; the step
// time; and the scaling table.
func WriteText(w io.Writer, ws []Workload) {
	for _, wl := range ws {
		if wl.hosts { // implicit hosts: a rank is a host, on no server
			fmt.Fprintf(w, "workload %q: %s", wl.Name, units.CountOf(wl.GPUs, "host", "hosts"))
		} else {
			fmt.Fprintf(w, "workload %q: %s GPUs on %s", wl.Name, units.Count(wl.GPUs), units.CountOf(wl.Servers, "server", "servers"))
		}
		if wl.Fabric != "" {
			fmt.Fprintf(w, ", fabric %q (%s)", wl.Fabric, wl.Method)
		}
		fmt.Fprintln(w)
		for _, c := range wl.Collectives {
			derived := ""
			if c.Derivation != "" {
				derived = fmt.Sprintf(", %s per step, from the model", perStep(c.PerStep))
			}
			fmt.Fprintf(w, "  %-14s %s %s over %d×%d ranks, %s, %s/%s%s\n", c.Name, c.Op, c.Algorithm,
				c.Groups, c.Ranks, units.Size(c.SizeBytes), c.Order, c.Routing, derived)
			if c.Ranks < 2 {
				continue
			}
			if c.Unroutable > 0 && c.Flows == 0 {
				fmt.Fprintf(w, "      unroutable: none of its %s has a path; the collective never completes, so it has no congestion, time or bandwidth\n",
					units.CountOf(c.Unroutable, "transfer", "transfers"))
				continue
			}
			fmt.Fprintf(w, "      congestion %.2f", c.CongestionFactor)
			if len(c.HotLinks) > 0 {
				h := c.HotLinks[0]
				fmt.Fprintf(w, " at %s (%s of %s", h.Link, rate(h.LoadBPS), rate(h.CapacityBPS))
				if h.ParallelLinks > 1 {
					fmt.Fprintf(w, " on each of %d parallel links", h.ParallelLinks)
				}
				fmt.Fprint(w, ")")
			}
			if c.Unroutable > 0 {
				fmt.Fprintf(w, " over the routed transfers\n      unroutable: %s with no path; the collective never completes, so it has no time or bandwidth\n",
					units.CountOf(c.Unroutable, "transfer", "transfers"))
				continue
			}
			fmt.Fprintln(w)
			fmt.Fprintf(w, "      time %s (latency %s), algbw %s, busbw %s\n", seconds(c.TimeS), seconds(c.LatencyS),
				rate(c.AlgBWBPS), rate(c.BusBWBPS))
			if c.ECMP != nil {
				fmt.Fprintf(w, "      ecmp: %d of %d hash decisions collision-free (closed form %.1f ± %.1f)\n",
					c.ECMP.CollisionFree, c.ECMP.Decisions, c.ECMP.ExpectedCollisionFree, c.ECMP.StddevCollisionFree)
			}
			if c.InNetwork != nil {
				how := fmt.Sprintf("%.2f× faster", c.InNetwork.Speedup)
				switch {
				case math.Abs(c.InNetwork.Speedup-1) < 0.005:
					how = "as fast: no gain here"
				case c.InNetwork.Speedup < 1:
					how = fmt.Sprintf("%.2f× slower: not worth it here", 1/c.InNetwork.Speedup)
				}
				fmt.Fprintf(w, "      %s: %s (%s)\n", c.InNetwork.Kind, seconds(c.InNetwork.TimeS), how)
			}
		}
		for _, c := range wl.Collectives {
			if c.Unroutable > 0 {
				fmt.Fprintf(w, "  step: none: collective %q never completes\n", c.Name)
				break
			}
		}
		if s := wl.Step; s != nil {
			from := ""
			if wl.ComputeDerivation != "" {
				from = " (from the model)"
			}
			hidden := ""
			if s.HiddenTimeS > 0 {
				hidden = " − " + seconds(s.HiddenTimeS) + " of gradient sync during backward"
			}
			fmt.Fprintf(w, "  step: compute %s%s + communication %s%s = %s; with overlap %s\n",
				seconds(s.ComputeTimeS), from, seconds(s.CommTimeS), hidden, seconds(s.TimeS), seconds(s.OverlapTimeS))
		}
		if len(wl.Scaling) > 0 {
			fmt.Fprintf(w, "  %8s %10s %10s %8s %9s %8s\n", "GPUs", "step", "ideal×", "×", "overlap×", "eff.")
			for _, r := range wl.Scaling {
				fmt.Fprintf(w, "  %8s %10s %10.1f %8.1f %9.1f %7.0f%%\n", units.Count(r.GPUs), seconds(r.StepTimeS),
					r.IdealSpeedup, r.Speedup, r.OverlapSpeedup, 100*r.Efficiency)
			}
		}
		if len(wl.Levers) > 0 {
			fmt.Fprintf(w, "  %-16s %10s %10s %10s %9s  %s\n", "lever", "compute", "comm", "step", "speed-up", "changes")
			for _, l := range wl.Levers {
				if l.Unroutable > 0 {
					fmt.Fprintf(w, "  %-16s %10s %10s %10s %9s  %s (never completes: %s with no path)\n", l.Name, seconds(l.ComputeTimeS),
						"–", "–", "–", strings.Join(l.Changes, ", "), units.CountOf(l.Unroutable, "transfer", "transfers"))
					continue
				}
				speedup := fmt.Sprintf("%8.2f×", l.Speedup)
				if l.Speedup == 0 {
					speedup = fmt.Sprintf("%9s", "–")
				}
				fmt.Fprintf(w, "  %-16s %10s %10s %10s %s  %s\n", l.Name, seconds(l.ComputeTimeS), seconds(l.CommTimeS),
					seconds(l.StepTimeS), speedup, strings.Join(l.Changes, ", "))
			}
		}
	}
}

// perStep writes a collective's runs per step: a whole count with
// thousands separators ("2,560"), else four significant digits ("1.75").
func perStep(n float64) string {
	if n == math.Trunc(n) && n < 1e15 {
		return units.Count(int(n))
	}
	return strconv.FormatFloat(n, 'g', 4, 64)
}

// seconds formats a modelled duration at three significant digits, in
// s, ms, µs or ns ("1.25ms"; "1230s", never "1.23e+03s").
func seconds(s float64) string { return units.Seconds(s, 3) }

// rate formats a computed rate to four significant digits ("200.6Gb/s"):
// a bandwidth derived from a model has no more precision than that.
func rate(bps float64) string { return units.RateSig(bps, 4) }
