package cableplan

import "testing"

// TestCageFitFind numbers shapes in the order first met, the same past
// fewShapes (where find moves from comparing keys to a map) as before.
func TestCageFitFind(t *testing.T) {
	var f cageFit
	const n = 3 * fewShapes
	key := func(i int) cageShapeKey {
		return cageShapeKey{sw: i%2 == 0, rate: float64(i) * 1e11, ports: 2, form: "osfp", proto: i % 3}
	}
	for round := range 2 {
		for i := range n {
			if got := f.find(key(i)); got != int32(i) {
				t.Fatalf("round %d: find(key %d) = %d, want %d", round, i, got, i)
			}
		}
	}
	if len(f.keys) != n {
		t.Errorf("%d shapes, want %d", len(f.keys), n)
	}
}
