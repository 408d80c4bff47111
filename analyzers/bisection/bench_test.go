package bisection

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/topoc/topoc/compiler"
	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/scaledesign"
)

// Benchmarks of Compute; the graphs are built once, outside the timer.
// Results and the command that measures them: docs/performance.md. Each
// reports cpu-ms/op, the process's user + system time per operation
// (garbage collection included), which a shared machine's load inflates
// far less than the wall time of ns/op.

// cpuTimer measures process CPU time across a benchmark loop.
type cpuTimer struct{ start syscall.Rusage }

func startCPU(b *testing.B) *cpuTimer {
	b.ResetTimer()
	c := &cpuTimer{}
	syscall.Getrusage(syscall.RUSAGE_SELF, &c.start)
	return c
}

func (c *cpuTimer) report(b *testing.B) {
	var end syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &end)
	ns := end.Utime.Nano() + end.Stime.Nano() - c.start.Utime.Nano() - c.start.Stime.Nano()
	b.ReportMetric(float64(ns)/1e6/float64(b.N), "cpu-ms/op")
}

func BenchmarkFatTree(b *testing.B) {
	for _, k := range []int{16, 32, 48, 64} {
		g, fid := fatTree(k, 400e9)
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			c := startCPU(b)
			for range b.N {
				if r := Compute(g, fid, Options{}); r.Method != "analytic" {
					b.Fatalf("method %s", r.Method)
				}
			}
			c.report(b)
		})
		// The same fabric without the closed form: hose bound, then the
		// endpoint-order halves evaluated by max-flow.
		b.Run(fmt.Sprintf("k=%d/search", k), func(b *testing.B) {
			c := startCPU(b)
			for range b.N {
				if r := Compute(g, fid, Options{NoFormula: true}); r.Ratio != 1 || r.LowerBoundRatio != 1 {
					b.Fatalf("ratio %g", r.Ratio)
				}
			}
			c.report(b)
		})
	}
}

// BenchmarkRailOptimized131k: examples/rail-optimized-131k, 131,072 GPUs
// on 16,384 DGX H100 (3.2 million links with server internals).
func BenchmarkRailOptimized131k(b *testing.B) {
	if testing.Short() {
		b.Skip("compiling 131,072 GPUs takes seconds")
	}
	g := compileDir(b, "../../examples/rail-optimized-131k")
	for _, v := range []View{ViewGPU, ViewPort} {
		b.Run(string(v), func(b *testing.B) {
			c := startCPU(b)
			for range b.N {
				if r := Compute(g, ir.FabricID(0), Options{View: v}); r.Method != "analytic" || r.Ratio != 1 {
					b.Fatalf("%s ratio %g", r.Method, r.Ratio)
				}
			}
			c.report(b)
		})
	}
}

// BenchmarkHeuristic: the DGX H100 SuperPOD's gpu view, where the odd
// node count forces the full search (candidates, FM, multilevel).
func BenchmarkHeuristic(b *testing.B) {
	g := compileDir(b, "../../examples/dgx-h100-superpod")
	c := startCPU(b)
	for range b.N {
		if r := Compute(g, ir.FabricID(0), Options{}); r.Method != MethodBounded {
			b.Fatalf("method %s", r.Method)
		}
	}
	c.report(b)
}

// BenchmarkDragonfly: the heuristic search on dragonflies (odd g: no
// formula), 1,056 and 8,256 terminals, and examples/dragonfly-545
// (279,040 terminals).
func BenchmarkDragonfly(b *testing.B) {
	for _, d := range []struct{ p, a, h int }{{4, 8, 4}, {8, 16, 8}} {
		g := ir.New()
		fid, _ := gen.BuildDragonfly(g, "df", gen.Dragonfly{P: d.p, A: d.a, H: d.h, LocalBPS: 200e9, GlobalBPS: 200e9})
		b.Run(fmt.Sprintf("p%d-a%d-h%d", d.p, d.a, d.h), func(b *testing.B) {
			c := startCPU(b)
			for range b.N {
				Compute(g, fid, Options{})
			}
			c.report(b)
		})
	}
	b.Run("dragonfly-545", func(b *testing.B) {
		if testing.Short() {
			b.Skip("large example")
		}
		g := compileDir(b, "../../examples/dragonfly-545")
		c := startCPU(b)
		for range b.N {
			Compute(g, 0, Options{})
		}
		c.report(b)
	})
}

// BenchmarkMillion: lang/scaledesign's million-endpoint designs (the
// 1,048,576-GPU rail-optimized multi-plane design and the k=160
// fat-tree), each compiled once.
func BenchmarkMillion(b *testing.B) {
	if testing.Short() {
		b.Skip("compiling a million endpoints takes seconds")
	}
	for _, s := range scaledesign.Million() {
		b.Run(s.Name, func(b *testing.B) {
			g := compileLarge(b, s.Source)
			c := startCPU(b)
			for range b.N {
				Compute(g, ir.FabricID(0), Options{View: ViewGPU})
			}
			c.report(b)
		})
	}
}

// compileLarge compiles a design given as text with room for 30 million
// elements (the default refuses a million endpoints with their servers).
func compileLarge(b testing.TB, src string) *ir.Graph {
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "design.topo.hcl"), []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	cfg, diags := lang.Load([]string{dir}, lang.Options{})
	if !diags.HasErrors() {
		g, d := compiler.Compile(cfg, compiler.Options{MaxElements: 30_000_000})
		if diags = append(diags, d...); !diags.HasErrors() && g != nil {
			return g
		}
	}
	b.Fatalf("compile: %v", diags)
	return nil
}
