package routing

import "github.com/topoc/topoc/compiler/ir"

// Mode is how a flow uses the equal-cost next hops at each hop.
type Mode int

const (
	// Ideal splits every flow evenly over all next hops at every hop: the
	// limit of per-packet spraying or perfect adaptive routing.
	Ideal Mode = iota
	// Hash sends each queue pair of a flow along one path, choosing at
	// every hop by a seeded hash of (flow, queue pair, switch): static
	// per-QP ECMP.
	Hash
	// Pinned sends all traffic for one destination along one port per
	// switch, chosen from the destination alone (destination-modulo-k on
	// tiered fabrics, as InfiniBand fat-tree routing engines do; Zahavi,
	// "D-Mod-K Routing Providing Non-Blocking Traffic for Shift
	// Permutations on Real Life Fat Trees", 2010).
	Pinned
)

// Options tune one routing call.
type Options struct {
	Mode Mode   // how flows use equal-cost next hops
	Seed uint64 // seeds the ECMP hash
	// MaxQPs bounds the queue pairs walked one by one under Hash and
	// Pinned. When dense blocks hold more, they are routed by the
	// expectation of hashing instead (the Ideal split: a uniform hash sends
	// each queue pair down every next hop with equal probability), and the
	// result says so. 0 means DefaultMaxQPs.
	MaxQPs int
	// Stats, when set, collects ECMP collision statistics (Hash only).
	Stats bool
}

// DefaultMaxQPs is the default budget of per-queue-pair walks, about a
// second on one core. A modelling budget, not a limit of the method.
const DefaultMaxQPs = 1 << 21

// Result reports what a routing call could not do exactly.
type Result struct {
	// Unroutable counts flows (or block pairs) with no path.
	Unroutable int
	// TotalQPs counts the queue pairs of the demand.
	TotalQPs float64
	// Expected is set when dense blocks had more queue pairs than the
	// budget and were routed by the expectation of hashing; ExpectedQPs
	// and ExpectedRateBPS are those blocks' queue pairs and offered rate.
	// A link carrying N of those queue pairs deviates from its expected
	// load by a relative standard deviation of about 1/√N (each queue pair
	// lands on it independently).
	Expected        bool
	ExpectedQPs     float64 // queue pairs routed by expectation
	ExpectedRateBPS float64 // their offered rate, bits per second
	// ECMP holds the collision statistics (Options.Stats under Hash).
	ECMP ECMPStats
}

// Share is the fraction of one flow that crosses one link direction.
type Share struct {
	Slot int32   // the link direction
	Frac float64 // the share of the flow on it
}

// Engine routes demand on one plane.
type Engine interface {
	// Route adds the loads of d to out.
	Route(d *Demand, opt Options, out *Loads) Result
	// Shares returns the fraction of flow f on every slot it uses (the
	// same routing as Route gives it).
	Shares(f Flow, opt Options) []Share
	// Method names the engine: "closed_form" (tiered up/down by symmetry)
	// or "bfs" (per-destination breadth-first search).
	Method() string
	// Hops is the length in links of a shortest path from s to d (-1 when
	// there is none).
	Hops(s, d int32) int
	// MayCross returns a cheap necessary condition for a flow from s to
	// d to load slot (used to find the flows behind a hot link): flows
	// for which it is false put no load on slot. The slot's own facts are
	// read once, so that the test per flow costs a few lookups.
	MayCross(slot int32) func(s, d int32) bool
}

// NewEngine returns the tiered closed-form engine when p passes its
// checks, and the BFS engine otherwise, with the reason the closed form
// did not apply ("" when it did).
func NewEngine(p *Plane) (Engine, string) {
	t, err := NewTiered(p)
	if err == nil {
		return t, ""
	}
	return NewBFS(p), err.Error()
}

// Hops returns the number of links on a shortest path from s to d, or -1.
func (t *Tiered) Hops(s, d int32) int {
	tt := t.turn(s, d)
	if tt < 0 {
		return -1
	}
	return 2 * tt
}

// MayCross returns whether a shortest path from s to d can use slot: the
// slot climbs out of s's class below the turnaround tier, or descends into
// d's class. Flows that fail it put no load on slot.
func (t *Tiered) MayCross(slot int32) func(s, d int32) bool {
	l := t.p.G.Link(ir.LinkID(slot / 2))
	from, to := l.A.Node, l.B.Node
	if slot%2 == 1 {
		from, to = to, from
	}
	u, v := t.p.Local(from), t.p.Local(to)
	if u < 0 || v < 0 || t.level[u] < 0 || t.level[v] < 0 {
		return func(int32, int32) bool { return false }
	}
	lu, lv, cu, cv := int(t.level[u]), int(t.level[v]), t.cls[u], t.cls[v]
	if lv > lu {
		return func(s, d int32) bool {
			tt := t.turn(s, d)
			return tt > 0 && tt > lu && t.classAt(s, lu) == cu
		}
	}
	return func(s, d int32) bool {
		tt := t.turn(s, d)
		return tt > 0 && tt >= lu && t.classAt(d, lv) == cv
	}
}

func (t *Tiered) classAt(e int32, lv int) int32 {
	c := t.cls[e]
	for i := 0; i < lv && c >= 0; i++ {
		c = t.classes[c].parent
	}
	return c
}

// Hops returns the number of links on a shortest path from s to d, or -1.
func (e *BFS) Hops(s, d int32) int {
	dist := e.distances(d)
	if dist[s] < 0 {
		return -1
	}
	n := 0
	var buf []Arc
	for u := s; u != d; n++ {
		buf = e.nextIn(dist, u, d, buf)
		if len(buf) == 0 {
			return -1
		}
		u = buf[0].To
	}
	return n
}

// MayCross is true for every flow: the BFS engine has no cheap filter.
func (e *BFS) MayCross(int32) func(s, d int32) bool {
	return func(int32, int32) bool { return true }
}
