package bisection

// unionFind is a disjoint-set forest over the integers 0 to n−1, with
// path halving (Tarjan and van Leeuwen, J. ACM 31(2), 1984); it joins
// the pieces the bounds read (planes, the pieces endpoints lie in,
// components of groups). Ours because it is a dozen lines and the
// standard library has none.
type unionFind []int32

// newUnionFind returns n singletons.
func newUnionFind(n int) unionFind {
	u := make(unionFind, n)
	for i := range u {
		u[i] = int32(i)
	}
	return u
}

// find returns x's representative.
func (u unionFind) find(x int32) int32 {
	for u[x] != x {
		u[x] = u[u[x]]
		x = u[x]
	}
	return x
}

// union joins a's piece and b's.
func (u unionFind) union(a, b int32) {
	if r, s := u.find(a), u.find(b); r != s {
		u[r] = s
	}
}
