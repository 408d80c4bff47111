package congestion

// settle rounds every time, rate, speed-up and efficiency of the workload
// to 12 significant digits (the package's settle), once, where the result
// is complete: the times and ratios derived from them carry the same
// floating-point residue as the loads (an overlap efficiency of
// 1.0000000000000002, an in-network speed-up of 1.0000000000000002 that
// the text calls "as fast"), and a requirement must read what the text
// shows.
func (w *Workload) settle() {
	for i := range w.Collectives {
		c := &w.Collectives[i]
		for _, x := range []*float64{&c.Throughput, &c.AlgBWBPS, &c.BusBWBPS, &c.TimeS, &c.LatencyS, &c.BandwidthTimeS} {
			*x = settle(*x)
		}
		for j := range c.Phases {
			c.Phases[j].TimeS = settle(c.Phases[j].TimeS)
		}
		if n := c.InNetwork; n != nil {
			n.TimeS, n.Speedup = settle(n.TimeS), settle(n.Speedup)
		}
	}
	if s := w.Step; s != nil {
		for _, x := range []*float64{&s.ComputeTimeS, &s.CommTimeS, &s.HiddenTimeS, &s.TimeS, &s.OverlapTimeS} {
			*x = settle(*x)
		}
	}
	for i := range w.Scaling {
		r := &w.Scaling[i]
		for _, x := range []*float64{&r.CommTimeS, &r.StepTimeS, &r.OverlapTimeS, &r.IdealSpeedup, &r.Speedup, &r.OverlapSpeedup, &r.Efficiency, &r.OverlapEfficiency} {
			*x = settle(*x)
		}
	}
	for i := range w.Levers {
		r := &w.Levers[i]
		for _, x := range []*float64{&r.ComputeTimeS, &r.CommTimeS, &r.HiddenTimeS, &r.StepTimeS, &r.Speedup} {
			*x = settle(*x)
		}
	}
}
