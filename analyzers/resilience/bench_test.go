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
