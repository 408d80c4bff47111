// Package dsu is a disjoint-set forest (union–find with path halving) over
// 0..n−1, for emitters that group devices (Slurm's logical leaves, the
// simulators' NVLink domains). Our own because neither the standard
// library nor gonum exports one (gonum's is internal to its graph
// packages); it is a dozen lines.
package dsu

// Sets is a disjoint-set forest; the zero value holds no elements.
type Sets struct{ parent []int }

// New returns n singleton sets 0..n−1.
func New(n int) *Sets {
	s := &Sets{parent: make([]int, n)}
	for i := range s.parent {
		s.parent[i] = i
	}
	return s
}

// Find returns the representative of x's set: the least element ever
// joined to it (Union keeps the smaller root), so representatives are
// deterministic.
func (s *Sets) Find(x int) int {
	for s.parent[x] != x {
		s.parent[x] = s.parent[s.parent[x]]
		x = s.parent[x]
	}
	return x
}

// Union joins the sets of a and b.
func (s *Sets) Union(a, b int) {
	if ra, rb := s.Find(a), s.Find(b); ra != rb {
		s.parent[max(ra, rb)] = min(ra, rb)
	}
}
