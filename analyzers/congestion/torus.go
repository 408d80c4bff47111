package congestion

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/topoc/topoc/compiler/ir"
)

// torusRings orders the terminals of tori for rings. A ring in rank
// order over a torus's terminals (routers numbered dimension 0 fastest)
// steps from the end of each row to the start of the next, two or more
// hops that the row's own ring hops share: on a 4 × 4 torus every row
// change loads a link twice (congestion 2). A ring that only steps to a
// neighbouring router exists: the routers in the order of a reflected
// mixed-radix Gray code (the boustrophedon, or snake, generalised to d
// dimensions: each step changes one coordinate by one), whose last
// router is the first's neighbour through a wrap-around link when the
// slowest dimension has an even side. topoc's rings take it: a
// modelling assumption in the spirit of NCCL's topology-aware rings
// (src/graph/search.cc), which follow the links rather than the ranks;
// no torus library's ring order is modelled.
type torusRings struct {
	// pos is each torus terminal's place along its fabric's ring, with
	// the fabric in the bits above 40 (a ring never mixes two tori).
	pos map[ir.NodeID]int64
}

// newTorusRings indexes the terminals of g's tori; nil when g has none.
func newTorusRings(g *ir.Graph) *torusRings {
	var t *torusRings
	for fi := range g.Fabrics {
		f := &g.Fabrics[fi]
		if f.Family != ir.FamilyTorus {
			continue
		}
		dims, ok := torusDims(f)
		p, okP := f.Param("p")
		if !ok || !okP || p < 1 {
			continue
		}
		if t == nil {
			t = &torusRings{pos: map[ir.NodeID]int64{}}
		}
		order := grayDigits(dims)
		coord := make([]int, len(dims))
		for i, e := range f.Endpoints {
			r := i / int(p)
			for d, k := range dims {
				coord[d] = r % k
				r /= k
			}
			t.pos[e.Node] = int64(fi)<<40 | grayPos(coord, dims, order)*p + int64(i)%p
		}
	}
	return t
}

// torusDims reads a torus fabric's sides from its parameters (k0, k1, …).
func torusDims(f *ir.Fabric) ([]int, bool) {
	n, ok := f.Param("dims")
	if !ok || n < 1 {
		return nil, false
	}
	dims := make([]int, n)
	for d := range dims {
		k, ok := f.Param("k" + strconv.Itoa(d))
		if !ok || k < 1 {
			return nil, false
		}
		dims[d] = int(k)
	}
	return dims, true
}

// grayDigits returns the dimensions from the fastest digit of the Gray
// code to the slowest: in order, but the last dimension of even side
// made the slowest, so that the code's last router (the slowest
// coordinate at its end, the others back at 0) neighbours its first.
func grayDigits(dims []int) []int {
	order := make([]int, 0, len(dims))
	top := -1
	for d, k := range dims {
		if k%2 == 0 {
			top = d
		}
	}
	for d := range dims {
		if d != top {
			order = append(order, d)
		}
	}
	if top >= 0 {
		order = append(order, top)
	}
	return order
}

// grayPos returns coord's place in the reflected mixed-radix Gray code
// over dims, digits from fastest to slowest in order: each digit's range
// is walked forwards, then backwards, as the digit above it counts.
func grayPos(coord, dims, order []int) int64 {
	pos, span := int64(0), int64(1)
	for _, d := range order {
		c := int64(coord[d])
		if c%2 == 1 {
			pos = span - 1 - pos // the digits below run backwards
		}
		pos += c * span
		span *= int64(dims[d])
	}
	return pos
}

// order returns members along their torus's ring when every one is a
// terminal of one torus, sorted by place; else members as they are.
func (t *torusRings) order(members []ir.NodeID) []ir.NodeID {
	if t == nil || len(members) < 3 {
		return members
	}
	var fabric int64 = -1
	for _, m := range members {
		p, ok := t.pos[m]
		if !ok || fabric >= 0 && p>>40 != fabric {
			return members
		}
		fabric = p >> 40
	}
	out := slices.Clone(members)
	slices.SortFunc(out, func(a, b ir.NodeID) int { return cmp.Compare(t.pos[a], t.pos[b]) })
	return out
}
