package main

import (
	"math"
	"testing"
	"time"
)

// The slope of t = c·n^b through any two points is b.
func TestSlope(t *testing.T) {
	for _, b := range []float64{0.5, 1, 1.15, 2} {
		n1, n2 := 1024.0, 131072.0
		t1, t2 := 3e-3*math.Pow(n1, b), 3e-3*math.Pow(n2, b)
		if got := slope(n1, t1, n2, t2); math.Abs(got-b) > 1e-12 {
			t.Errorf("slope of n^%v = %v", b, got)
		}
	}
	if !math.IsNaN(slope(0, 1, 2, 3)) || !math.IsNaN(slope(5, 1, 5, 2)) {
		t.Error("slope of degenerate points is not NaN")
	}
}

// parseBench keeps sub-benchmarks with an endpoints metric, splits
// family and size, and drops the GOMAXPROCS suffix.
func TestParseBench(t *testing.T) {
	out := `goos: linux
BenchmarkCompile/rail-131k-2         	       3	 1500000000 ns/op	    131072 endpoints	  3300000 elements	900000000 B/op	  150528 allocs/op
BenchmarkCompile/fattree-1k-2        	       3	    2000000 ns/op	      1024 endpoints	 1000 B/op	  10 allocs/op
BenchmarkOther-2                     	       3	    2000000 ns/op
BenchmarkNoEndpoints/x-1k-2          	       3	    2000000 ns/op
PASS`
	got := parseBench(out)
	if len(got) != 2 {
		t.Fatalf("got %d lines, want 2: %+v", len(got), got)
	}
	if l := got[0]; l.bench != "Compile" || l.family != "rail" || l.size != "131k" || l.nsPerOp != 1.5e9 || l.endpoints != 131072 || l.bytesPerOp != 9e8 {
		t.Errorf("first line %+v", l)
	}
	if l := got[1]; l.family != "fattree" || l.size != "1k" || l.endpoints != 1024 {
		t.Errorf("second line %+v", l)
	}
}

// verdict names each missed target of issue 16 and passes a row no
// target speaks of.
func TestVerdict(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		p        point
		exponent float64
		want     string
	}{
		{point{series: "rail", n: 131072, m: result{wall: 400 * ms, rssBytes: 200 << 20}}, 1.0, "meets"},
		{point{series: "rail", n: 131072, m: result{wall: 3740 * ms, rssBytes: 480 << 20}}, 1.2, "misses: wall 3.74s > 500ms, RSS 480 MiB > 256 MiB, growth n^1.20 > n^1.05"},
		{point{series: "fattree", n: 1024000, m: result{wall: 10600 * ms, rssBytes: 1300 << 20}}, math.NaN(), "misses: wall 10.6s > 3s"},
		{point{series: "planes", n: 1048576, m: result{wall: 4 * time.Second, rssBytes: 3 << 30}}, math.NaN(), "misses: RSS 3,072 MiB > 2,048 MiB"},
		{point{series: "rail", n: 8192, m: result{wall: 300 * ms}}, math.NaN(), "–"},
		{point{series: "rail", n: 8192, m: result{wall: 300 * ms}}, 0.5, "growth within n^1.05"},
	} {
		if got := verdict(c.p, c.exponent); got != c.want {
			t.Errorf("%s at %v: %q, want %q", c.p.series, c.p.n, got, c.want)
		}
	}
}
