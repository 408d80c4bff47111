package congestion

import (
	"reflect"
	"testing"
)

// TestDragonflyAllToAllPaths: an AllToAll over the 384 terminals of a
// p=8 a=16 h=8 g=3 dragonfly (the benchmark's design, shrunk) under each
// path policy with static hashing. Valiant, whose pairs cross two global
// links, loads them more than minimal routing; UGAL lands between a full
// terminal link and Valiant; its blocks are routed by router pair as the
// expectation of hashing (and say so), Valiant's pair by pair within the
// walk budget; and two runs report the same to the last bit.
func TestDragonflyAllToAllPaths(t *testing.T) {
	res := map[string]Collective{}
	for _, path := range []string{"minimal", "valiant", "ugal"} {
		g := build(t, []string{"p=8", "g=3", "path=" + path}, "testdata/dragonfly-alltoall.topo.hcl")
		a, b := Analyze(g, nil), Analyze(g, nil)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: two runs differ", path)
		}
		res[path] = a.Workloads[0].Collectives[0]
	}
	mn, val, ugal := res["minimal"], res["valiant"], res["ugal"]
	if ugal.ExpectedHashing == nil || ugal.ExpectedHashing.QPs != 384*383 {
		t.Errorf("UGAL: expected_hashing %+v, want its 147,072 queue pairs routed by expectation", ugal.ExpectedHashing)
	}
	if val.ExpectedHashing != nil {
		t.Errorf("Valiant within the walk budget is hashed pair by pair, not by expectation: %+v", val.ExpectedHashing)
	}
	if ugal.CongestionFactor < 1 || ugal.CongestionFactor > val.CongestionFactor || mn.CongestionFactor > val.CongestionFactor {
		t.Errorf("congestion minimal %g, UGAL %g, Valiant %g: want 1 ≤ UGAL ≤ Valiant and minimal ≤ Valiant",
			mn.CongestionFactor, ugal.CongestionFactor, val.CongestionFactor)
	}
}
