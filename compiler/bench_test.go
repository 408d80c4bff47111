package compiler

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/topoc/topoc/compiler/cableplan"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/scaledesign"
)

// loadSize writes a generated design to a temporary directory and loads
// it, failing the benchmark on any error.
func loadSize(b *testing.B, s scaledesign.Size) *lang.Config {
	b.Helper()
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "design.topo.hcl"), []byte(s.Source), 0o644); err != nil {
		b.Fatal(err)
	}
	cfg, diags := lang.Load([]string{dir}, lang.Options{})
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	return cfg
}

// BenchmarkCompile compiles each design of scaledesign.Series (about 1k,
// 8k, 32k and 131k endpoints per family) from a loaded Config: every
// compiler stage, structural checks included, no analyzers. It reports
// endpoints and IR elements (nodes + links) so that ns/op can be read per
// element; cmd/topoc-bench turns the series into growth exponents.
func BenchmarkCompile(b *testing.B) {
	for _, s := range scaledesign.Series() {
		b.Run(s.Name, func(b *testing.B) {
			cfg := loadSize(b, s)
			b.ReportAllocs()
			var elements int
			for b.Loop() {
				g, diags := Compile(cfg, Options{})
				if diags.HasErrors() {
					b.Fatal(diags)
				}
				elements = len(g.Nodes) + g.NumLinks()
			}
			b.ReportMetric(float64(s.Endpoints), "endpoints")
			b.ReportMetric(float64(elements), "elements")
		})
	}
}

// BenchmarkCablePlan runs the cabling stage's plan (cableplan.Plan:
// placement, then the cables) on examples/rail-optimized-131k, compiled
// up to that stage once; each run starts from the racks the design
// gives (Place writes every device's rack, and reads a server's as the
// design's). Place alone is the sub-benchmark "place".
func BenchmarkCablePlan(b *testing.B) {
	cfg, diags := lang.Load([]string{"../examples/rail-optimized-131k"}, lang.Options{})
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	s := newState(cfg, Options{})
	if runStagesBefore(s, "cabling"); s.diags.HasErrors() {
		b.Fatal(s.diags)
	}
	recordProtocols(s)
	in := cablingInput(s)
	racks := make([]int32, len(s.g.Nodes))
	for i := range s.g.Nodes {
		racks[i] = s.g.Nodes[i].Rack
	}
	unplace := func() {
		for i := range s.g.Nodes {
			s.g.Nodes[i].Rack = racks[i]
		}
	}
	b.Run("place", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			unplace()
			cableplan.Place(in)
		}
	})
	b.Run("plan", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			unplace()
			if diags := cableplan.Plan(in); diags.HasErrors() {
				b.Fatal(diags)
			}
		}
	})
}
