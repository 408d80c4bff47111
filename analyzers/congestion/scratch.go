package congestion

import "github.com/topoc/topoc/analyzers/internal/routing"

// scratch holds the buffers a phase fills and its collective's report
// reads (transfers, their plans and rates, the legs handed to the
// engines), given back when the collective is done, so that the dozens of
// phases of a design's collectives reuse a few buffers instead of each
// taking fresh ones. At 24,576 GPUs fresh pages cost more system time than
// the routing itself (issue 16: fewer allocations). One system runs on
// one goroutine, so the free lists need no lock.
type scratch struct {
	flows  [][]routing.Flow
	ints   [][]int32
	floats [][]float64
	xfers  [][]transfer
	plans  [][]hopPlan
	// nv and fb count the transfers injected at each node's NVLink and
	// fabric ports (run.offer), all zero between phases.
	nv, fb []int32
	// servers is localUnits' numbering of servers by NodeID, all zero
	// between calls.
	servers []int32
}

// take returns an empty buffer with room for n from free (the smallest
// that fits), or a new one.
func take[T any](free *[][]T, n int) []T {
	best := -1
	for i, b := range *free {
		if cap(b) >= n && (best < 0 || cap(b) < cap((*free)[best])) {
			best = i
		}
	}
	if best < 0 {
		return make([]T, 0, n)
	}
	b := (*free)[best]
	last := len(*free) - 1
	(*free)[best] = (*free)[last]
	*free = (*free)[:last]
	return b[:0]
}

// give puts b back on free; b must not be used again.
func give[T any](free *[][]T, b []T) {
	if cap(b) > 0 {
		*free = append(*free, b[:0])
	}
}

// release gives back the buffers of o's phases once nothing reads them.
func (s *system) release(o *outcome) {
	sc := &s.scr
	for i := range o.phases {
		pr := &o.phases[i]
		give(&sc.xfers, pr.xfers)
		give(&sc.floats, pr.rates)
		if lg := pr.legs; lg != nil {
			give(&sc.flows, lg.up.Flows)
			give(&sc.flows, lg.pcie.Flows)
			give(&sc.flows, lg.fab.Flows)
			give(&sc.ints, lg.upOf)
			give(&sc.ints, lg.pcieOf)
			give(&sc.ints, lg.fabOf)
		}
		pr.xfers, pr.rates, pr.legs = nil, nil, nil
	}
}
