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

// A level's distinct and within answer as maps do, whether its keys are
// small indices (a slice by key) or wide ones (a map), with unknown keys
// (-1) among them.
func TestLevelKeysDenseAndSparse(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 2))
	for trial := range 400 {
		n := 1 + rng.IntN(40)
		span := []int{2, 5, 40, 100000}[trial%4]
		l, p := level{key: make([]int32, n)}, level{key: make([]int32, n)}
		for i := range n {
			l.key[i] = int32(rng.IntN(span)) - 1
			p.key[i] = int32(rng.IntN(3)) - 1
			if trial%3 == 0 && l.key[i] >= 0 { // p a function of l: within
				p.key[i] = l.key[i] % 3
			}
		}
		seen, parent, within := map[int32]bool{}, map[int32]int32{}, true
		for i, k := range l.key {
			if k < 0 {
				continue
			}
			seen[k] = true
			if x, ok := parent[k]; p.key[i] < 0 || ok && x != p.key[i] {
				within = false
			}
			parent[k] = p.key[i]
		}
		if got := l.distinct(); got != len(seen) {
			t.Fatalf("keys %v: distinct %d, want %d", l.key, got, len(seen))
		}
		if got := l.within(&p); got != within {
			t.Fatalf("keys %v in %v: within %v, want %v", l.key, p.key, got, within)
		}
	}
}
