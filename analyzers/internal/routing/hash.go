package routing

import "slices"

// mix is the splitmix64 finalizer (Steele, Lea, Flood, "Fast splittable
// pseudorandom number generators", OOPSLA 2014): a bijective 64-bit mix
// whose outputs behave as independent uniform draws for distinct inputs.
// It stands in for a switch's ECMP hash of a packet's 5-tuple: a queue
// pair's source port is fixed for its lifetime, so all its packets hash
// alike, and different switches hash independently (no polarization).
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// hashPick chooses one of m next hops for queue pair qp of flow id at
// node u under seed: uniform and independent across (seed, id, qp, u).
func hashPick(seed, id uint64, qp, u int32, m int) int {
	h := mix(mix(mix(seed^0x5bd1e995)^id) ^ (uint64(uint32(qp))<<32 | uint64(uint32(u))))
	// Lemire's multiply-shift maps the hash onto [0, m) without modulo bias
	// beyond 2^-32 ("Fast random integer generation in an interval", 2019).
	return int((h >> 32) * uint64(m) >> 32)
}

// NoCollision is the probability that n flows hashed uniformly and
// independently onto m equal-cost paths all land on distinct paths:
// m!/((m−n)!·mⁿ), the birthday problem (designs.md acceptance case 21:
// 4 flows on 4 paths give 24/256 = 9.375%). It is 0 when n > m.
func NoCollision(n, m int) float64 {
	if n > m {
		return 0
	}
	p := 1.0
	for i := 0; i < n; i++ {
		p *= float64(m-i) / float64(m)
	}
	return p
}

// ECMPStats compares the hash collisions that static ECMP realised with
// the closed form. A decision is one switch (or sending node) choosing for
// n ≥ 2 queue pairs among the same m ≥ 2 equal-cost next hops; it is
// collision-free when no two of them chose the same link.
type ECMPStats struct {
	// Decisions counts decisions with n ≥ 2 and m ≥ 2.
	Decisions int
	// CollisionFree counts those whose queue pairs all chose distinct links.
	CollisionFree int
	// ExpectedCollisionFree sums NoCollision(n, m) over the decisions: the
	// mean of CollisionFree under uniform independent hashing.
	ExpectedCollisionFree float64
	// VarianceCollisionFree sums p(1−p) over the decisions: the variance
	// of CollisionFree, for a sampling-error bound.
	VarianceCollisionFree float64
}

// decision tracks the queue pairs that one switch hashed onto one set of
// next hops.
type decision struct {
	n, m     int32
	collided bool
	used     []uint64
}

// statsRecorder collects decisions keyed by (node, target class).
type statsRecorder struct {
	m map[uint64]*decision
}

func (r *statsRecorder) record(u int32, target int32, choice, m int) {
	if r == nil || m < 2 {
		return
	}
	k := uint64(uint32(u))<<32 | uint64(uint32(target))
	d, ok := r.m[k]
	if !ok {
		d = &decision{m: int32(m), used: make([]uint64, (m+63)/64)}
		r.m[k] = d
	}
	d.n++
	w, bit := choice/64, uint64(1)<<(choice%64)
	if d.used[w]&bit != 0 {
		d.collided = true
	}
	d.used[w] |= bit
}

func (r *statsRecorder) stats() ECMPStats {
	var s ECMPStats
	if r == nil {
		return s
	}
	// Sum in key order: float addition is not associative, and map order
	// must not leak into the report.
	keys := make([]uint64, 0, len(r.m))
	for k := range r.m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		d := r.m[k]
		if d.n < 2 {
			continue
		}
		s.Decisions++
		if !d.collided {
			s.CollisionFree++
		}
		p := NoCollision(int(d.n), int(d.m))
		s.ExpectedCollisionFree += p
		s.VarianceCollisionFree += p * (1 - p)
	}
	return s
}
