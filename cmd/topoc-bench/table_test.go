package main

import (
	"math"
	"testing"
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

func TestGroup(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 131072: "131,072", 1234567: "1,234,567"} {
		if got := group(n); got != want {
			t.Errorf("group(%d) = %q, want %q", n, got, want)
		}
	}
}
