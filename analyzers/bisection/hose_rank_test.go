package bisection

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// byRankStable orders vertices as sort.SliceStable by rank does, both
// ways, on random ranks (with -1, the vertices of no tier).
func TestByRankStableIsSliceStable(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 2))
	for trial := range 200 {
		n := rng.IntN(40)
		rank := make([]int32, n)
		for v := range rank {
			rank[v] = rng.Int32N(5) - 1
		}
		vs := rng.Perm(n)[:rng.IntN(n+1)]
		for _, down := range []bool{false, true} {
			got := make([]int32, len(vs))
			for i, v := range vs {
				got[i] = int32(v)
			}
			want := slices.Clone(got)
			sort.SliceStable(want, func(i, j int) bool {
				if down {
					return rank[want[i]] > rank[want[j]]
				}
				return rank[want[i]] < rank[want[j]]
			})
			byRankStable(got, rank, down)
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d down %v: %v, want %v", trial, down, got, want)
			}
		}
	}
}
