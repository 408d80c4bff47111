// Package countsort sorts by small integer keys in linear time.
//
// Why our own: the standard library's slices.SortStableFunc is a
// comparison sort, O(n log n) with a call per comparison; the analyzers
// sort millions of demands by destination and every coarsening level of
// a bisection search by degree, keys below a known bound, where a
// counting sort is O(n + bound) and allocation-light. No maintained
// library offers a generic one.
package countsort

// By returns xs ordered by key, stably (equal keys keep their order), in
// a new slice. Every key must lie in [0, n); it panics otherwise.
func By[T any](xs []T, key func(T) int32, n int) []T {
	start := make([]int32, n+1)
	for _, x := range xs {
		start[key(x)+1]++
	}
	for i := 1; i <= n; i++ {
		start[i] += start[i-1]
	}
	out := make([]T, len(xs))
	for _, x := range xs {
		k := key(x)
		out[start[k]] = x
		start[k]++
	}
	return out
}
