package resilience

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
)

// monteCarlo draws opt.Iterations scenarios of opt.Random distinct groups
// of class, uniformly (each draw a partial Fisher–Yates shuffle of a PCG
// stream seeded with opt.Seed, so the same seed gives the same draws),
// evaluates each distinct draw once and counts how often it came up.
// Errors: more groups per draw than the class has.
func monteCarlo(b *baseline, class string, groups []Group, opt Options) (Sweep, error) {
	k, n := opt.Random, len(groups)
	if k > n {
		return Sweep{}, fmt.Errorf("class %q has %d groups; a draw of %d distinct ones is impossible", class, n, k)
	}
	sw := Sweep{Class: class, Depth: k, Groups: n, Iterations: opt.Iterations, Seed: opt.Seed, Outcomes: []Outcome{}}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x7768617469660a)) // "whatif"
	perm := make([]int, n)
	at := map[string]int{}
	var draws []int // outcome index per draw
	for it := 0; it < opt.Iterations; it++ {
		for i := range perm {
			perm[i] = i
		}
		for i := 0; i < k; i++ {
			j := i + rng.IntN(n-i)
			perm[i], perm[j] = perm[j], perm[i]
		}
		pick := slices.Clone(perm[:k])
		sort.Ints(pick)
		key := fmt.Sprint(pick)
		if idx, ok := at[key]; ok {
			sw.Outcomes[idx].Occurrences++
			draws = append(draws, idx)
			continue
		}
		var names []string
		f := groups[pick[0]].Failure
		for x, i := range pick {
			names = append(names, groups[i].Name)
			if x > 0 {
				f = union(f, groups[i].Failure)
			}
		}
		o := b.evaluate(class, Group{Name: strings.Join(names, " + "), Failure: f}, 1)
		o.Occurrences = 1
		at[key] = len(sw.Outcomes)
		draws = append(draws, len(sw.Outcomes))
		sw.Outcomes = append(sw.Outcomes, o)
	}
	sw.Scenarios, sw.Evaluated = binomial(n, k), len(sw.Outcomes)
	sw.Worst = worst(sw.Outcomes)
	sw.Distributions = distributions(b, sw.Outcomes, draws)
	for w := range b.g.Workloads {
		r := Restarts{Workload: b.g.Workloads[w].Name}
		for _, d := range draws {
			if wo := sw.Outcomes[d].Workloads; w < len(wo) && wo[w].Status == StatusRestart {
				r.Draws++
			}
		}
		r.Share = float64(r.Draws) / float64(len(draws))
		sw.Restarts = append(sw.Restarts, r)
	}
	return sw, nil
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
		var lo, hi, disc, degr []float64
		for _, d := range draws {
			f := fabricOf(&os[d], name)
			if f == nil {
				lo, hi = append(lo, base.LowerBoundRatio), append(hi, base.UpperBoundRatio)
				disc, degr = append(disc, 0), append(degr, 0)
				continue
			}
			lo, hi = append(lo, f.LowerBoundRatio), append(hi, f.UpperBoundRatio)
			disc, degr = append(disc, float64(f.RanksDisconnected)), append(degr, float64(f.RanksDegraded))
		}
		if len(draws) == 0 {
			continue
		}
		out = append(out, Distribution{Fabric: name,
			LowerRatioP50: quantile(lo, 0.5), LowerRatioP99: quantile(lo, 0.01),
			UpperRatioP50: quantile(hi, 0.5), UpperRatioP99: quantile(hi, 0.01),
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
