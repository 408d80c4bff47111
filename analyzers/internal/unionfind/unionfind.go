// Package unionfind is a disjoint-set forest over the integers 0 to
// n−1, with path halving (Tarjan and van Leeuwen, J. ACM 31(2), 1984),
// shared by the analyzers that join pieces of a fabric (bisection's
// planes and server clusters, oversubscription's planes). Ours because
// it is a dozen lines and the standard library has none.
package unionfind

// Sets is the forest: Sets[x] is x's parent, a root its own.
type Sets []int32

// New returns n singletons.
func New(n int) Sets {
	u := make(Sets, n)
	for i := range u {
		u[i] = int32(i)
	}
	return u
}

// Find returns x's representative.
func (u Sets) Find(x int32) int32 {
	for u[x] != x {
		u[x] = u[u[x]]
		x = u[x]
	}
	return x
}

// Union joins a's set and b's.
func (u Sets) Union(a, b int32) {
	if r, s := u.Find(a), u.Find(b); r != s {
		u[r] = s
	}
}
