package oversub_test

import (
	"fmt"
	"testing"

	"github.com/topoc/topoc/analyzers/oversub"
	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/compiler/ir"
)

// BenchmarkFatTree times Analyze on k-ary fat-trees (k³/4 hosts, 3k³/4
// links); the graph is built outside the timer. Results: docs/performance.md.
func BenchmarkFatTree(b *testing.B) {
	for _, k := range []int{16, 32, 48, 64} {
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			g := ir.New()
			f := gen.BuildFatTree(g, "ft", gen.FatTree{K: k, LinkRateBPS: 400e9})
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				r := oversub.Analyze(g, f)
				if r.EndToEnd == nil || *r.EndToEnd != 1 {
					b.Fatalf("end_to_end %v, want 1", r.EndToEnd)
				}
			}
		})
	}
}

// BenchmarkRailOptimized131k times Analyze on examples/rail-optimized-131k:
// 16,384 DGX H100 (131,072 GPUs and compute NICs) on a 3-tier
// rail-optimized Clos, with every server's internals in the graph.
func BenchmarkRailOptimized131k(b *testing.B) {
	g := example(b, "rail-optimized-131k")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for f := range g.Fabrics {
			r := oversub.Analyze(g, ir.FabricID(f))
			if r.EndToEnd == nil || *r.EndToEnd != 1 {
				b.Fatalf("end_to_end %v, want 1", r.EndToEnd)
			}
		}
	}
}
