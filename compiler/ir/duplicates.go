package ir

import (
	"cmp"
	"hash/maphash"
	"math/bits"
	"slices"
)

// FirstDuplicate returns the least i whose name(i) equals an earlier
// name(j), with the least such j, among n names, as a walk in index
// order with a map of the names met would; dup is false, and i is n,
// when the names are distinct. The compiler refuses two devices of one
// name with it, and the Slurm hand-off two hosts of one node name.
//
// It groups the names' 64-bit hashes rather than filling a map of
// strings: at a million devices the map took 0.44 s. The hashes are
// spread over about one bucket per name by their top bits (a counting
// sort, since they are uniform), and only a bucket of several is
// sorted: a comparison sort of all of them took 0.17 s at the k = 160
// fat-tree's 1,024,000 hosts. Names whose hashes agree are compared in
// full, so a collision is never taken for a duplicate.
func FirstDuplicate(n int, name func(int) string) (i, j int, dup bool) {
	seed := maphash.MakeSeed()
	hs := make([]uint64, n)
	for k := range hs {
		hs[k] = maphash.String(seed, name(k))
	}
	width := max(1, bits.Len(uint(n))) // 2^width > n
	shift := 64 - width
	start := make([]int32, 1<<width+1)
	for _, h := range hs {
		start[h>>shift+1]++
	}
	for b := 1; b < len(start); b++ {
		start[b] += start[b-1]
	}
	order := make([]int32, n) // by bucket; in index order within one
	fill := slices.Clone(start[:len(start)-1])
	for k, h := range hs {
		order[fill[h>>shift]] = int32(k)
		fill[h>>shift]++
	}
	i = n
	byHash := func(x, y int32) int { return cmp.Compare(hs[x], hs[y]) }
	for b := 0; b+1 < len(start); b++ {
		bucket := order[start[b]:start[b+1]]
		if len(bucket) < 2 {
			continue
		}
		// Stable: names of one hash stay in index order.
		slices.SortStableFunc(bucket, byHash)
		for a := 0; a < len(bucket); {
			c := a + 1
			for c < len(bucket) && hs[bucket[c]] == hs[bucket[a]] {
				c++
			}
			if c-a > 1 {
				// One hash, in index order: the earliest index of each name.
				earliest := map[string]int32{}
				for _, k := range bucket[a:c] {
					nm := name(int(k))
					if y, ok := earliest[nm]; ok {
						if int(k) < i {
							i, j = int(k), int(y)
						}
						continue
					}
					earliest[nm] = k
				}
			}
			a = c
		}
	}
	return i, j, i < n
}
