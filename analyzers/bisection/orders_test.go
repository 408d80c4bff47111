package bisection

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// byKey's counting sort gives the stable comparison sort's order, for
// keys of a narrow span (counted) and a wide one (compared), with -1
// (unknown) among them.
func TestByKeyIsStableSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	for trial := range 400 {
		n := rng.IntN(60)
		span := []int{1, 3, 8, 1000}[trial%4]
		key := make([]int32, n)
		for i := range key {
			key[i] = int32(rng.IntN(span)) - 1
		}
		want := make([]int32, n)
		for i := range want {
			want[i] = int32(i)
		}
		slices.SortStableFunc(want, func(x, y int32) int { return cmp.Compare(key[x], key[y]) })
		if got := byKey(key); !slices.Equal(got, want) {
			t.Fatalf("keys %v: byKey %v, stable sort %v", key, got, want)
		}
	}
}
