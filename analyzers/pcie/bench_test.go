package pcie_test

import (
	"path/filepath"
	"testing"

	"github.com/topoc/topoc/analyzers/pcie"
	"github.com/topoc/topoc/compiler"
	"github.com/topoc/topoc/lang"
)

// BenchmarkRailOptimized131k times Analyze on examples/rail-optimized-131k
// (16,384 DGX H100): one pass over the graph to index server internals,
// then one server per node model. Results: docs/performance.md.
func BenchmarkRailOptimized131k(b *testing.B) {
	cfg, diags := lang.Load([]string{filepath.Join("..", "..", "examples", "rail-optimized-131k")}, lang.Options{})
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	g, diags := compiler.Compile(cfg, compiler.Options{})
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		r := pcie.Analyze(g)
		if len(r.Models) != 1 || r.Models[0].Servers != 16384 {
			b.Fatalf("models %+v, want one with 16,384 servers", r.Models)
		}
	}
}
