package cableplan

import (
	"slices"

	"github.com/topoc/topoc/compiler/ir"
)

// cageFit says whether Parts.Fit finds a module at a cage of a cageScan
// for a cable type and length. Which modules suit depends only on the
// cage's end, rate (and the speed its port runs at), ports, form factor and protocol (a few shapes against
// 10^5–10^6 cages), so
// each cage's shape is found once and Parts.Reach kept per shape and type;
// the length is then one comparison.
type cageFit struct {
	g *ir.Graph
	// port is one port of each cage, to read its shape, and link the
	// link at that port (the speed it runs the port at).
	port []ir.Port
	link []ir.LinkID
	idx  *ir.CageIndex
	// shapeOf is each cage's shape (ir.None until asked), shapes the
	// shapes by key, cage and proto one cage of each shape and its
	// device's protocol, protos the protocols met (an index in the key
	// hashes faster than the string).
	shapeOf []int32
	shapes  map[cageShapeKey]int32
	cage    []ir.Cage
	proto   []string
	protos  []string
	// reach is Parts.Reach per shape and cable type, filled on first use.
	reach [][]reachOf
}

type cageShapeKey struct {
	sw    bool
	rate  float64
	speed float64
	ports int32
	form  string
	proto int // index in cageFit.protos
}

// reachOf is Parts.Reach's answer for one shape and cable type; known
// once asked.
type reachOf struct {
	metres    float64
	ok, known bool
}

func newCageFit(g *ir.Graph, cs *cageScan) *cageFit {
	f := &cageFit{g: g, idx: g.NewCageIndex(), port: make([]ir.Port, len(cs.cages)), link: make([]ir.LinkID, len(cs.cages)), shapeOf: make([]int32, len(cs.cages)),
		shapes: map[cageShapeKey]int32{}}
	for k := range cs.cages {
		f.port[k], f.link[k], f.shapeOf[k] = cs.cages[k].port, cs.cages[k].link, ir.None
	}
	return f
}

// shape returns cage k's shape, and one cage of that shape.
func (f *cageFit) shape(k int) (int32, ir.Cage) {
	if sh := f.shapeOf[k]; sh != ir.None {
		return sh, f.cage[sh]
	}
	g := f.g
	l := g.Link(f.link[k])
	_, c := f.idx.CageOn(f.port[k], &l)
	proto := g.Protocols[g.Nodes[f.port[k].Node].ModelName()]
	pi := slices.Index(f.protos, proto)
	if pi < 0 {
		pi = len(f.protos)
		f.protos = append(f.protos, proto)
	}
	key := cageShapeKey{c.Switch, c.RateBPS, c.SpeedBPS, c.Ports, c.FormFactor, pi}
	sh, seen := f.shapes[key]
	if !seen {
		sh = int32(len(f.cage))
		f.shapes[key] = sh
		f.cage, f.proto = append(f.cage, c), append(f.proto, proto)
		f.reach = append(f.reach, make([]reachOf, len(g.Cabling().Types)))
	}
	f.shapeOf[k] = sh
	return sh, f.cage[sh]
}

// reachAt is Parts.Reach for cage k and cable type t.
func (f *cageFit) reachAt(k int, t int32) reachOf {
	g := f.g
	sh, c := f.shape(k)
	r := &f.reach[sh][t]
	if !r.known {
		r.metres, r.ok = g.Parts.Reach(c, g.Cabling().Types[t].Model, f.proto[sh])
		r.known = true
	}
	return *r
}

// fits reports whether a module fits cage k for a cable of type t and
// length metres; true when no module is declared at all.
func (f *cageFit) fits(k int, t int32, length float64) bool {
	if f.g.Parts == nil || len(f.g.Parts.Transceivers) == 0 {
		return true // no modules declared: nothing to fit
	}
	r := f.reachAt(k, t)
	return r.ok && length <= r.metres*(1+1e-9)
}
