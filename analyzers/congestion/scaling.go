package congestion

import (
	"math"
	"slices"

	"github.com/topoc/topoc/analyzers/internal/routing"
	"github.com/topoc/topoc/compiler/ir"
)

// ScalingCounts returns the GPU counts of the scaling what-if for a pool
// of n and a job of job GPUs: 8, 64, then ×4 (256, 1024, …) while below
// n, n itself, and the job's own size where the ladder misses it (2,048
// of a 4,096-GPU pool), in increasing order.
func ScalingCounts(n, job int) []int {
	var out []int
	for c := 8; c < n; {
		out = append(out, c)
		if c == 8 {
			c = 64
		} else {
			c *= 4
		}
	}
	out = append(out, n)
	if job > 0 && job < n && !slices.Contains(out, job) {
		out = append(out, job)
		slices.Sort(out)
	}
	return out
}

// scaling evaluates the workload on each count of ScalingCounts(pool)
// that its tensor, pipeline, expert and context sizes divide, with the same
// placement strategy: weak scaling at a fixed per-GPU batch, data
// parallelism growing with the count.
func scaling(s *system, wl *ir.Workload, loads *routing.Loads) []ScalingRow {
	par := wl.Parallelism
	unit := par.Tensor * par.Pipeline * par.Expert * par.ContextSize()
	var rows []ScalingRow
	for _, n := range ScalingCounts(len(wl.Pool), wl.Placement.Count) {
		if n%unit != 0 {
			continue
		}
		j := newJob(s, wl, n, loads)
		var comm, dp float64
		routed := true
		for ci := range wl.Collectives {
			c := &wl.Collectives[ci]
			o := j.runCollective(c, c.Algorithm, false, nil)
			s.release(&o)
			routed = routed && o.unroutable == 0
			t := o.time * c.PerStep
			comm += t
			if gradientSync(c) {
				dp += t
			}
		}
		if !routed {
			continue // a count whose collectives cannot all be routed has no step time
		}
		step, _ := stepTime(wl.ComputeTimeS, comm, dp, wl.BackwardTimeS, wl.Overlap)
		row := ScalingRow{GPUs: n, CommTimeS: comm, StepTimeS: step,
			OverlapTimeS: math.Max(wl.ComputeTimeS, comm)}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil
	}
	base := rows[0]
	for i := range rows {
		r := &rows[i]
		r.IdealSpeedup = float64(r.GPUs) / float64(base.GPUs)
		r.Speedup = r.IdealSpeedup * base.StepTimeS / r.StepTimeS
		r.OverlapSpeedup = r.IdealSpeedup * base.OverlapTimeS / r.OverlapTimeS
		r.Efficiency = r.Speedup / r.IdealSpeedup
		r.OverlapEfficiency = r.OverlapSpeedup / r.IdealSpeedup
	}
	return rows
}
