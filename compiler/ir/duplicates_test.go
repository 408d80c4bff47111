package ir

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// FirstDuplicate finds the least index whose name repeats an earlier one,
// with that earlier one's least index, as a map walk in index order does;
// many copies of one name stay linear.
func TestFirstDuplicate(t *testing.T) {
	for _, c := range []struct {
		names []string
		i, j  int
		dup   bool
	}{
		{[]string{"a", "b", "c"}, 3, 0, false},
		{[]string{"a", "b", "a", "b"}, 2, 0, true},
		{[]string{"x", "b", "c", "b", "x"}, 3, 1, true},
		{[]string{}, 0, 0, false},
	} {
		i, j, dup := FirstDuplicate(len(c.names), func(k int) string { return c.names[k] })
		if dup != c.dup || dup && (i != c.i || j != c.j) {
			t.Errorf("%q: %d, %d, %v; want %d, %d, %v", c.names, i, j, dup, c.i, c.j, c.dup)
		}
	}
	same := make([]string, 200_000)
	for k := range same {
		same[k] = "node"
	}
	if i, j, dup := FirstDuplicate(len(same), func(k int) string { return same[k] }); !dup || i != 1 || j != 0 {
		t.Errorf("200,000 copies: %d, %d, %v; want 1, 0, true", i, j, dup)
	}
}

// TestFirstDuplicateMatchesMapWalk compares FirstDuplicate with the walk
// in index order it stands for, on 2,000 random lists of names drawn
// from small alphabets (so that repeats are common).
func TestFirstDuplicateMatchesMapWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 2))
	for trial := range 2000 {
		names := make([]string, rng.IntN(40))
		for k := range names {
			names[k] = fmt.Sprintf("n%d", rng.IntN(1+len(names)*2))
		}
		wi, wj, wdup := len(names), 0, false
		seen := map[string]int{}
		for k, nm := range names {
			if e, ok := seen[nm]; ok {
				wi, wj, wdup = k, e, true
				break
			}
			seen[nm] = k
		}
		i, j, dup := FirstDuplicate(len(names), func(k int) string { return names[k] })
		if dup != wdup || i != wi || dup && j != wj {
			t.Fatalf("trial %d, %q: %d, %d, %v; the walk gives %d, %d, %v", trial, names, i, j, dup, wi, wj, wdup)
		}
	}
}

// BenchmarkFirstDuplicate: the host names of the k = 160 fat-tree,
// 1,024,000 of them, all distinct.
func BenchmarkFirstDuplicate(b *testing.B) {
	names := make([]string, 0, 1_024_000)
	for p := range 160 {
		for e := range 80 {
			for h := range 80 {
				names = append(names, fmt.Sprintf("ft/pod%d/edge%d/host%d", p, e, h))
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, dup := FirstDuplicate(len(names), func(k int) string { return names[k] }); dup {
			b.Fatal("a duplicate among distinct names")
		}
	}
}
