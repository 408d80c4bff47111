package resilience_test

import (
	"testing"

	"github.com/topoc/topoc/analyzers/resilience"
	"github.com/topoc/topoc/compiler/compiletest"
)

// BenchmarkMonteCarloSuperPOD is issue 13's Monte Carlo target: 1,000
// draws of 3 random leaf–spine link failures on the DGX H100 SuperPOD
// example (docs/performance.md).
func BenchmarkMonteCarloSuperPOD(b *testing.B) {
	g := compiletest.Example(b, "dgx-h100-superpod")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := resilience.Run(g, resilience.Options{Classes: []string{"leaf_spine"}, Random: 3, Iterations: 1000, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSweepSuperPOD is the default N−1 sweep of the SuperPOD.
func BenchmarkSweepSuperPOD(b *testing.B) {
	g := compiletest.Example(b, "dgx-h100-superpod")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := resilience.Run(g, resilience.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSweepSwitch131k is issue 13's sweep target: N−1 over every
// switch (2,048 leaves, 2,048 spines, 1,024 cores) of
// examples/rail-optimized-131k, evaluated quickly (over SearchBudget)
// with the single-element fast path (docs/performance.md).
func BenchmarkSweepSwitch131k(b *testing.B) {
	g := compiletest.Example(b, "rail-optimized-131k")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := resilience.Run(g, resilience.Options{Classes: []string{"switch"}})
		if err != nil {
			b.Fatal(err)
		}
		if sw := r.Sweeps[0]; sw.Evaluated != 5120 || !sw.Quick {
			b.Fatalf("evaluated %d, quick %v; want 5,120 quick evaluations", sw.Evaluated, sw.Quick)
		}
	}
}

// BenchmarkPolicySuperPOD draws the SuperPOD example's leaf_spine_cables
// failure policy (each of 1,024 leaf–spine links down with probability
// 0.5%) 1,000 times (docs/performance.md).
func BenchmarkPolicySuperPOD(b *testing.B) {
	g := compiletest.Example(b, "dgx-h100-superpod")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := resilience.Run(g, resilience.Options{Policies: []string{"leaf_spine_cables"}, Iterations: 1000}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSweepUnevenLeafSpine is trial 50's sweep: 1,000 hosts on 24
// leaves of 42 (21 uplinks each, striped unevenly over 8 spines), every
// leaf–spine link failed in turn (504 scenarios, 192 of them not twins),
// each scenario's bisection searched at the light effort a sweep uses
// (bisection.Options.Light; docs/performance.md).
func BenchmarkSweepUnevenLeafSpine(b *testing.B) {
	g := compiletest.Source(b, unevenLeafSpine)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := resilience.Run(g, resilience.Options{Classes: []string{"leaf_spine"}})
		if err != nil {
			b.Fatal(err)
		}
		if sw := r.Sweeps[0]; sw.Evaluated != 192 || sw.Quick || !sw.Light {
			b.Fatalf("evaluated %d, quick %v, light %v; want 192 scenarios searched light", sw.Evaluated, sw.Quick, sw.Light)
		}
	}
}
