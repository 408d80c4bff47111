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
	// cs holds one port of each cage, to read its shape, and the link
	// at that port (the speed it runs the port at); its index has
	// numbered them, so the NIC ordinals a cage's key needs are known.
	cs *cageScan
	// shapeOf is each cage's shape (ir.None until asked), keys and cage
	// each shape's key and one cage of it, proto its device's protocol,
	// protos the protocols met (an index in the key compares faster
	// than the string).
	shapeOf []int32
	keys    []cageShapeKey
	cage    []ir.Cage
	proto   []string
	protos  []string
	// byKey finds a shape by key once there are more than fewShapes.
	byKey map[cageShapeKey]int32
	// reach is Parts.Reach per shape and cable type, filled on first use.
	reach [][]reachOf
	// byNode keeps the shape last found at each device's ports: 1 + its
	// index in runs, which holds it with the link's run it was found
	// for; 0 when none was, -1 for a device whose ports differ
	// (ir.CageIndex.PortsAlike). A switch's many cages then cost one
	// CageOn and its map look-ups (at a fat tree of k = 160, 5 million
	// switch cages on 32,000 switches, 0.3 s); runs holds a few entries
	// (the design's line rates, times its shapes).
	byNode []int32
	runs   []shapeRun
	// last is the shape a device alike takes on a link of its run.
	last lastShape
}

// lastShape is the shape last found at a device whose ports are alike,
// with the device and the link run: devices alike (ir.CageIndex.CagesAlike),
// a million implicit hosts with a port each, find it there.
type lastShape struct {
	node  ir.NodeID
	run   ir.CageRun
	shape int32
}

// shapeRun is a cage shape and the link run (ir.CageRun) a device's
// ports have it on.
type shapeRun struct {
	run   ir.CageRun
	shape int32
}

// fewShapes is how many shapes a cageFit finds by comparing keys before
// it hashes them. A design has a few (2 at 131,072 GPUs, where hashing a
// cageShapeKey, a string and two floats, for each of 393,216 cages took
// 20 ms per pass).
const fewShapes = 8

// cageShapeKey is what Parts.Reach reads of a cage (Transceiver.suits):
// its end, rate, the speed its ports run at, ports per cage, form factor
// and protocol; and whether its device has no model (unfilledCages
// passes over those), read with the protocol.
type cageShapeKey struct {
	sw      bool
	rate    float64
	speed   float64
	ports   int32
	form    string
	proto   int // index in cageFit.protos
	noModel bool
}

// reachOf is Parts.Reach's answer for one shape and cable type; known
// once asked.
type reachOf struct {
	metres    float64
	ok, known bool
}

// newCageFit returns the module fits of cs's cages, each shape found on
// first use.
func newCageFit(g *ir.Graph, cs *cageScan) *cageFit {
	f := &cageFit{g: g, cs: cs, shapeOf: make([]int32, len(cs.cages)), byNode: make([]int32, len(g.Nodes)),
		last: lastShape{node: ir.None}}
	for k := range f.shapeOf {
		f.shapeOf[k] = ir.None
	}
	return f
}

// shape returns cage k's shape, and one cage of that shape.
func (f *cageFit) shape(k int) (int32, *ir.Cage) {
	if sh := f.shapeOf[k]; sh != ir.None {
		return sh, &f.cage[sh]
	}
	pt, l := f.cs.at(k)
	sh := f.shapeAt(pt, &l)
	f.shapeOf[k] = sh
	return sh, &f.cage[sh]
}

// shapeAt returns the shape of the cage holding port pt of link l: the
// one kept for its device on links of l's run (byNode), or the last one
// found where that device's cages are alike (last), else the shape
// found afresh (shapeOn).
func (f *cageFit) shapeAt(pt ir.Port, l *ir.Link) int32 {
	run, n := f.g.CageRunOf(l), pt.Node
	m := f.byNode[n]
	if m > 0 && f.runs[m-1].run == run {
		return f.runs[m-1].shape
	}
	if m < 0 || m == 0 && !f.cs.idx.PortsAlike(n) {
		f.byNode[n] = -1
		return f.shapeOn(pt, l)
	}
	var sh int32
	if last := f.last; last.node != ir.None && last.run == run && f.cs.idx.CagesAlike(n, last.node) {
		sh = last.shape
	} else {
		sh = f.shapeOn(pt, l)
	}
	f.last = lastShape{n, run, sh}
	sr := shapeRun{run, sh}
	i := slices.Index(f.runs, sr)
	if i < 0 {
		i = len(f.runs)
		f.runs = append(f.runs, sr)
	}
	f.byNode[n] = int32(i) + 1
	return sh
}

// shapeOn returns the shape of the cage holding port p of link l,
// numbering it when it is new.
func (f *cageFit) shapeOn(p ir.Port, l *ir.Link) int32 {
	g := f.g
	_, c := f.cs.idx.CageOn(p, l)
	model := g.Nodes[p.Node].ModelName()
	proto := g.Protocols[model]
	pi := slices.Index(f.protos, proto)
	if pi < 0 {
		pi = len(f.protos)
		f.protos = append(f.protos, proto)
	}
	sh := f.find(cageShapeKey{c.Switch, c.RateBPS, c.SpeedBPS, c.Ports, c.FormFactor, pi, model == ""})
	if sh == int32(len(f.cage)) {
		f.cage, f.proto = append(f.cage, c), append(f.proto, proto)
		f.reach = append(f.reach, make([]reachOf, len(g.Cabling().Types)))
	}
	return sh
}

// noModel reports whether cage k's device has no model (a textbook
// fat_tree's switch or host).
func (f *cageFit) noModel(k int) bool {
	sh, _ := f.shape(k)
	return f.keys[sh].noModel
}

// find returns the shape of key, numbering it next when it is new.
func (f *cageFit) find(key cageShapeKey) int32 {
	if f.byKey == nil {
		if i := slices.Index(f.keys, key); i >= 0 {
			return int32(i)
		}
		if len(f.keys) == fewShapes {
			f.byKey = make(map[cageShapeKey]int32, 2*fewShapes)
			for i, k := range f.keys {
				f.byKey[k] = int32(i)
			}
		}
	}
	if f.byKey != nil {
		if sh, ok := f.byKey[key]; ok {
			return sh
		}
		f.byKey[key] = int32(len(f.keys))
	}
	f.keys = append(f.keys, key)
	return int32(len(f.keys) - 1)
}

// reachAt is Parts.Reach for cage k and cable type t.
func (f *cageFit) reachAt(k int, t int32) reachOf {
	g := f.g
	sh, c := f.shape(k)
	r := &f.reach[sh][t]
	if !r.known {
		r.metres, r.ok = g.Parts.Reach(*c, g.Cabling().Types[t].Model, f.proto[sh])
		r.known = true
	}
	return *r
}

// someSuits reports whether some module suits cage k for a cable of one
// of types, at some length: where none does (a cage of a switch of no
// model, in a design whose modules all name their form factor), no
// fiber of types can serve it, and sameFiberPerCage need not read the
// protocol of its link to try them.
func (f *cageFit) someSuits(k int, types []int32) bool {
	return slices.ContainsFunc(types, func(t int32) bool { return f.reachAt(k, t).ok })
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
