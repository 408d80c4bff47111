package countsort

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestByMatchesStableSort: on random keys the result is the standard
// library's stable sort's, element for element.
func TestByMatchesStableSort(t *testing.T) {
	type item struct{ key, id int32 }
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		n := 1 + r.IntN(40)
		xs := make([]item, r.IntN(300))
		for i := range xs {
			xs[i] = item{int32(r.IntN(n)), int32(i)}
		}
		got := By(xs, func(x item) int32 { return x.key }, n)
		want := slices.Clone(xs)
		slices.SortStableFunc(want, func(a, b item) int { return int(a.key - b.key) })
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: %v, want %v", trial, got, want)
		}
	}
}
