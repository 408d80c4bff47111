package bisection

import (
	"encoding/binary"
	"math"
	"slices"
	"sort"
)

// maxDistEntries bounds the memory of the up-routing distributions: the
// stored (stop, fraction) entries of all classes together (16 bytes each,
// 64 MiB).
const maxDistEntries = 4 << 20

// stopDists holds, for the up-routing of the hose bound, the distribution
// of every vertex's traffic over a set of stop vertices (sameTops: the top
// switches): the fraction of a unit injected at the
// vertex that arrives at each stop when every vertex splits its traffic
// over its up-arcs in proportion to their capacity. Vertices whose
// up-arcs lead to the same classes in the same proportions share a class,
// so the identical switches of a Clos (all leaves of a pod, all NIC ports
// under one leaf) are computed once; vectors are sparse, so a pod's class
// holds only the stops the pod reaches.
type stopDists struct {
	class  []int32    // per analysis vertex, -1 when not reached
	vecs   [][]distEl // per class, sorted by stop
	intern map[string]int32
	stops  int32 // number of stops
	size   int   // entries stored
	// scratch for combining vectors, for of's keys, and for terminal's
	// parts (a million terminals at a million GPUs: one slice each was
	// a million allocations)
	acc     []float64
	touched []int32
	key     []byte
	parts   []att2
}

// distEl is one entry of a sparse distribution.
type distEl struct {
	stop int32
	f    float64
}

// newStopDists computes the classes of the vertices in order (highest
// rank first, so every up-neighbour is classed before the vertex), where
// stopIdx[v] ≥ 0 marks a stop. It returns false when the distributions
// would exceed maxDistEntries.
func newStopDists(fa *agraph, rank []int32, upCap []float64, order []int32, stopIdx []int32, stops int32) (*stopDists, bool) {
	d := &stopDists{class: make([]int32, len(fa.vnode)), intern: map[string]int32{}, stops: stops, acc: make([]float64, stops)}
	for i := range d.class {
		d.class[i] = -1
	}
	fg := fa.fg
	var parts []att2
	for _, v := range order {
		if s := stopIdx[v]; s >= 0 {
			d.class[v] = int32(len(d.vecs))
			d.vecs = append(d.vecs, []distEl{{s, 1}})
			d.size++
			continue
		}
		parts = parts[:0]
		lo, hi := fg.Arcs(v)
		for a := lo; a < hi; a++ {
			if w := fg.Head(a); rank[w] > rank[v] && d.class[w] >= 0 {
				parts = append(parts, att2{d.class[w], fg.Capacity(a) / upCap[v]})
			}
		}
		c, ok := d.of(parts)
		if !ok {
			return nil, false
		}
		d.class[v] = c
	}
	return d, true
}

// of returns the class of a mix of classes (class, fraction), creating it
// when new; false when over maxDistEntries. The parts are reordered.
func (d *stopDists) of(parts []att2) (int32, bool) {
	slices.SortFunc(parts, func(x, y att2) int { return int(x.v) - int(y.v) })
	out := parts[:0]
	for _, p := range parts {
		if len(out) > 0 && out[len(out)-1].v == p.v {
			out[len(out)-1].f += p.f
		} else {
			out = append(out, p)
		}
	}
	if len(out) == 1 && out[0].f == 1 {
		return out[0].v, true // all of it goes one way: that class
	}
	// The key is built in a scratch buffer and looked up without a
	// string copy (the compiler does not copy for m[string(b)]): one
	// copy per vertex was most of this pass at 131,072 GPUs (issue 16).
	b := d.key[:0]
	for _, p := range out {
		b = binary.LittleEndian.AppendUint32(b, uint32(p.v))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.f))
	}
	d.key = b
	if c, ok := d.intern[string(b)]; ok {
		return c, true
	}
	key := string(b)
	d.touched = d.touched[:0]
	for _, p := range out {
		for _, e := range d.vecs[p.v] {
			if d.acc[e.stop] == 0 {
				d.touched = append(d.touched, e.stop)
			}
			d.acc[e.stop] += p.f * e.f
		}
	}
	if d.size+len(d.touched) > maxDistEntries {
		return 0, false
	}
	sort.Slice(d.touched, func(i, j int) bool { return d.touched[i] < d.touched[j] })
	vec := make([]distEl, 0, len(d.touched))
	for _, s := range d.touched {
		vec = append(vec, distEl{s, d.acc[s]})
		d.acc[s] = 0
	}
	d.size += len(vec)
	c := int32(len(d.vecs))
	d.vecs = append(d.vecs, vec)
	d.intern[key] = c
	return c, true
}

// terminal returns the class of a terminal's attachments (vertex,
// fraction of its injection).
func (d *stopDists) terminal(attach []att2) (int32, bool) {
	if len(attach) == 1 {
		return d.class[attach[0].v], true
	}
	parts := d.parts[:0]
	for _, x := range attach {
		parts = append(parts, att2{d.class[x.v], x.f})
	}
	d.parts = parts
	return d.of(parts)
}

// distance returns the L1 distance between the distributions of classes
// a and b.
func (d *stopDists) distance(a, b int32) float64 {
	x, y := d.vecs[a], d.vecs[b]
	s := 0.0
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case j == len(y) || (i < len(x) && x[i].stop < y[j].stop):
			s += math.Abs(x[i].f)
			i++
		case i == len(x) || y[j].stop < x[i].stop:
			s += math.Abs(y[j].f)
			j++
		default:
			s += math.Abs(x[i].f - y[j].f)
			i, j = i+1, j+1
		}
	}
	return s
}
