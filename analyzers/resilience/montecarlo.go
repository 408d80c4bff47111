package resilience

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
)

// monteCarlo draws opt.Iterations scenarios of opt.Random distinct groups
// of class, uniformly: a failure policy of one mode with one choice rule
// (draws). Errors: more groups per draw than the class has.
func monteCarlo(b *baseline, class string, groups []Group, opt Options) (Sweep, error) {
	k, n := opt.Random, len(groups)
	if k > n {
		return Sweep{}, fmt.Errorf("class %q has %d groups; a draw of %d distinct ones is impossible", class, n, k)
	}
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	mode := drawMode{weight: 1, rules: []drawRule{{rule: ir.FailureRule{Class: class, Select: ir.SelectChoice, Count: k},
		groups: groups, perm: perm}}}
	sw := Sweep{Class: class, Depth: k, Groups: n, Iterations: opt.Iterations, Seed: opt.Seed, Outcomes: []Outcome{}}
	draws(b, &sw, class, []drawMode{mode}, opt)
	sw.Scenarios = binomial(n, k)
	return sw, nil
}

// policyRun draws opt.Iterations scenarios from failure policy p, whose
// modes are resolved (resolvePolicy).
func policyRun(b *baseline, p *ir.FailurePolicy, modes []drawMode, opt Options) Sweep {
	sw := Sweep{Class: ClassPolicy, Policy: p.Name, Iterations: opt.Iterations, Seed: opt.Seed, Outcomes: []Outcome{}}
	for _, m := range modes {
		for _, r := range m.rules {
			sw.Groups += len(r.groups)
		}
	}
	counts := draws(b, &sw, ClassPolicy, modes, opt)
	for i, m := range modes {
		sw.Modes = append(sw.Modes, ModeDraws{Mode: m.name, Weight: m.weight, Draws: counts[i]})
	}
	return sw
}

// draws draws opt.Iterations failures from modes with a PCG stream
// seeded with opt.Seed (the same seed gives the same draws), evaluates
// each distinct failure once (Outcome.Occurrences counts its draws; a draw
// that fails nothing is the intact design) and fills sw's outcomes, worst,
// distributions and restart shares. It returns the draws per mode.
func draws(b *baseline, sw *Sweep, class string, modes []drawMode, opt Options) []int {
	d := newDrawer(modes, opt.Seed)
	at := map[string]int{}
	var drawn []int // outcome index per draw
	perMode := make([]int, len(modes))
	var picks []pick
	type groupKey struct{ class, name string }
	for it := 0; it < opt.Iterations; it++ {
		var mi int
		mi, picks = d.draw(picks[:0])
		perMode[mi]++
		var names []string
		var f ir.Failure
		seen := map[groupKey]bool{}
		for _, p := range picks {
			r := &modes[mi].rules[p.r]
			gr := &r.groups[p.i]
			if k := (groupKey{r.rule.Class, gr.Name}); !seen[k] {
				seen[k] = true
				names = append(names, gr.Name)
				// f starts empty each draw, so appending never writes
				// into a group's own slices.
				f.Nodes = append(f.Nodes, gr.Failure.Nodes...)
				f.Links = append(f.Links, gr.Failure.Links...)
			}
		}
		f = canonical(f)
		key := fmt.Sprint(f.Nodes, f.Links)
		if idx, ok := at[key]; ok {
			sw.Outcomes[idx].Occurrences++
			drawn = append(drawn, idx)
			continue
		}
		name := strings.Join(names, " + ")
		if len(names) == 0 {
			name = NothingFails
		}
		o := b.evaluate(class, Group{Name: name, Failure: f}, 1)
		o.Occurrences = 1
		at[key] = len(sw.Outcomes)
		drawn = append(drawn, len(sw.Outcomes))
		sw.Outcomes = append(sw.Outcomes, o)
	}
	sw.Evaluated = len(sw.Outcomes)
	sw.Worst = worst(sw.Outcomes)
	sw.Distributions = distributions(b, sw.Outcomes, drawn)
	for w := range b.g.Workloads {
		r := Restarts{Workload: b.g.Workloads[w].Name}
		for _, d := range drawn {
			if wo := sw.Outcomes[d].Workloads; w < len(wo) && wo[w].Status == StatusRestart {
				r.Draws++
			}
		}
		r.Share = float64(r.Draws) / float64(max(1, len(drawn)))
		sw.Restarts = append(sw.Restarts, r)
	}
	return perMode
}

// NothingFails names a Monte Carlo draw that fails nothing (a policy mode
// without rules, a random rule that selected no group).
const NothingFails = "none (nothing fails)"

// ClassPolicy is the Sweep.Class of a failure policy's run.
const ClassPolicy = "policy"

// canonical returns f with its nodes and links sorted and without
// repeats, so equal failures compare equal.
func canonical(f ir.Failure) ir.Failure {
	slices.Sort(f.Nodes)
	slices.Sort(f.Links)
	return ir.Failure{Nodes: slices.Compact(f.Nodes), Links: slices.Compact(f.Links)}
}

// binomial is C(n, k), saturating at the largest int (a count of
// possible draws is only reported, never iterated).
func binomial(n, k int) int {
	c := new(big.Int).Binomial(int64(n), int64(k))
	if !c.IsInt64() || c.Int64() > math.MaxInt {
		return math.MaxInt
	}
	return int(c.Int64())
}

// distributions computes, per fabric, the p50 and p99 of each number over
// the draws (in the direction of harm: the p99 bisection is the one 99%
// of draws keep at least, the p99 ranks lost the one 99% stay within).
func distributions(b *baseline, os []Outcome, draws []int) []Distribution {
	var out []Distribution
	for i := range b.g.Fabrics {
		name := b.g.Fabrics[i].Name
		base := &b.bisection[i]
		var lo, hi, lob, hib, disc, degr []float64
		for _, d := range draws {
			f := fabricOf(&os[d], name)
			if f == nil {
				lo, hi = append(lo, base.LowerBoundRatio), append(hi, base.UpperBoundRatio)
				lob, hib = append(lob, base.LowerBoundBPS), append(hib, base.UpperBoundBPS)
				disc, degr = append(disc, 0), append(degr, 0)
				continue
			}
			lo, hi = append(lo, f.LowerBoundRatio), append(hi, f.UpperBoundRatio)
			lob, hib = append(lob, f.LowerBoundBPS), append(hib, f.UpperBoundBPS)
			disc, degr = append(disc, float64(f.RanksDisconnected)), append(degr, float64(f.RanksDegraded))
		}
		if len(draws) == 0 {
			continue
		}
		out = append(out, Distribution{Fabric: name,
			LowerRatioP50: quantile(lo, 0.5), LowerRatioP99: quantile(lo, 0.01),
			UpperRatioP50: quantile(hi, 0.5), UpperRatioP99: quantile(hi, 0.01),
			LowerBPSP50: quantile(lob, 0.5), LowerBPSP99: quantile(lob, 0.01),
			UpperBPSP50: quantile(hib, 0.5), UpperBPSP99: quantile(hib, 0.01),
			RanksDisconnectedP50: int(quantile(disc, 0.5)), RanksDisconnectedP99: int(quantile(disc, 0.99)),
			RanksDegradedP50: int(quantile(degr, 0.5)), RanksDegradedP99: int(quantile(degr, 0.99))})
	}
	return out
}

// quantile is the nearest-rank q-quantile of xs (the smallest x with at
// least q·n values at or below it).
func quantile(xs []float64, q float64) float64 {
	s := slices.Clone(xs)
	sort.Float64s(s)
	r := int(q*float64(len(s))+0.999999999) - 1
	return s[max(0, min(r, len(s)-1))]
}

func fabricOf(o *Outcome, name string) *FabricOutcome {
	for i := range o.Fabrics {
		if o.Fabrics[i].Fabric == name {
			return &o.Fabrics[i]
		}
	}
	return nil
}
