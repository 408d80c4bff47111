package congestion

import (
	"os"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/topoc/topoc/analyzers/internal/routing"
	"github.com/topoc/topoc/compiler/ir"
)

// The 131,072-GPU benchmarks (docs/performance.md): the rail-optimized
// 3-tier Clos of 16,384 DGX H100 (examples/rail-optimized-131k) with the
// workloads of testdata/bench131k.topo.hcl. Compiling the design takes
// far longer than analysing it and is done once, outside the timings:
//
//	go test -run '^$' -bench 131k -benchtime=1x ./analyzers/congestion/
var big struct {
	once sync.Once
	g    *ir.Graph
	s    *system
}

func bigDesign(b *testing.B) (*ir.Graph, *system) {
	big.once.Do(func() {
		big.g = build(b, nil, "../../examples/rail-optimized-131k", "testdata/bench131k.topo.hcl")
		big.s = newSystem(big.g)
	})
	if big.g == nil {
		b.Fatal("the 131k design did not compile")
	}
	return big.g, big.s
}

func workload(b *testing.B, g *ir.Graph, name string) *ir.Workload {
	for i := range g.Workloads {
		if g.Workloads[i].Name == name {
			return &g.Workloads[i]
		}
	}
	b.Fatalf("no workload %q", name)
	return nil
}

// BenchmarkSystem131k builds the routing model: the NVLink, PCIe and
// fabric planes and their closed-form tables.
func BenchmarkSystem131k(b *testing.B) {
	g, _ := bigDesign(b)
	cpu := cpuClock()
	for b.Loop() {
		s := newSystem(g)
		s.fabric(g.Workloads[0].Fabric)
	}
	reportCPU(b, cpu)
}

// benchCollective times one collective of a workload on the built system:
// placement, transfers, routing on every plane and the metrics (without
// the in-network what-if, timed separately).
func benchCollective(b *testing.B, name string) {
	g, s := bigDesign(b)
	wl := workload(b, g, name)
	s.fabric(wl.Fabric)
	loads := routing.NewLoads(g)
	var col Collective
	cpu := cpuClock()
	for b.Loop() {
		j := newJob(s, wl, wl.Placement.Count, loads)
		c := wl.Collectives[0]
		col = j.collectiveOnly(&c)
	}
	reportCPU(b, cpu)
	b.ReportMetric(col.CongestionFactor, "congestion")
	b.ReportMetric(float64(col.Flows), "flows")
	if col.ExpectedHashing != nil {
		b.ReportMetric(col.ExpectedHashing.RelativeError, "rel.err")
	}
}

func BenchmarkRingAllReduce131k(b *testing.B)   { benchCollective(b, "ring") }
func BenchmarkAllToAll131k(b *testing.B)        { benchCollective(b, "alltoall") }
func BenchmarkAllToAllHashed131k(b *testing.B)  { benchCollective(b, "alltoall-ecmp") }
func BenchmarkRingInNetwork131k(b *testing.B)   { benchAnalyze(b, "ring") }
func BenchmarkAllToAllAnalyze131k(b *testing.B) { benchAnalyze(b, "alltoall") }

// benchAnalyze times the whole analyzer on one workload: the routing
// model, the collective and, for AllReduce, its in-network what-if.
func benchAnalyze(b *testing.B, name string) {
	g, _ := bigDesign(b)
	one := *g
	one.Workloads = []ir.Workload{*workload(b, g, name)}
	cpu := cpuClock()
	for b.Loop() {
		Analyze(&one, nil)
	}
	reportCPU(b, cpu)
}

// cpuClock returns the CPU time (user + system) the process has used. On
// a machine shared with other work the wall time of a benchmark stretches
// while its CPU time does not; with two cores the wall time on an idle
// machine is at most the CPU time.
func cpuClock() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric((cpuClock()-start).Seconds()/float64(b.N), "cpu-s/op")
}

// BenchmarkUGALAllToAll is issue 11's bounded-routing case
// (docs/performance.md, "UGAL and Valiant on a dragonfly"): the whole
// congestion analyzer on an AllToAll over the 8,448 terminals of a p=16
// a=16 h=8 g=33 dragonfly (testdata/dragonfly-alltoall.topo.hcl) under
// UGAL with static hashing, 71 million queue pairs; the design is
// compiled outside the timer. DF_P, DF_A, DF_H and DF_G (environment)
// change the dragonfly, DF_PATH and DF_ROUTING the collective's path and
// routing, for the growth and per-mode measurements:
//
//	go test ./analyzers/congestion -run '^$' -bench UGAL -benchmem -benchtime 1x
//	DF_G=9 DF_PATH=valiant go test ./analyzers/congestion -run '^$' -bench UGAL -benchmem -benchtime 1x
func BenchmarkUGALAllToAll(b *testing.B) {
	var vars []string
	for _, v := range []struct{ env, name string }{{"DF_P", "p"}, {"DF_A", "a"}, {"DF_H", "h"}, {"DF_G", "g"}, {"DF_PATH", "path"}, {"DF_ROUTING", "routing"}} {
		if x := os.Getenv(v.env); x != "" {
			vars = append(vars, v.name+"="+x)
		}
	}
	g := build(b, vars, "testdata/dragonfly-alltoall.topo.hcl")
	var res *Result
	cpu := cpuClock()
	for b.Loop() {
		res = Analyze(g, nil)
	}
	reportCPU(b, cpu)
	c := res.Workloads[0].Collectives[0]
	b.ReportMetric(c.CongestionFactor, "congestion")
	b.ReportMetric(float64(res.Workloads[0].GPUs), "terminals")
}
