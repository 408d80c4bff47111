package cableplan

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// Media choice (docs/cabling.md, "Media"). Every catalogue cable_model is a
// candidate medium. A link of rate r is served by the rate class of the
// smallest max_rate ≥ r that has a medium long enough, so a 400G link takes
// a 400G part before an 800G one; within a class the cheapest kind wins
// (passive DAC, then active copper, AEC, AOC, multimode, single-mode: the
// order of NVIDIA's cable FAQ, cabling.md §1a S13), then the shortest
// reach. This reproduces the ladder of cabling.md §3: for NDR/400G, DAC to
// 2 m (3 m as a splitter), LACC to 5 m between switches, multimode to 50 m,
// single-mode DR to 500 m, FR4 to 2 km.

// kindRank orders cable kinds from cheapest to dearest.
var kindRank = map[string]int{"passive_dac": 0, "acc": 1, "aec": 2, "aoc": 3, "mmf": 4, "smf": 5}

func rankOf(kind string) int {
	if r, ok := kindRank[kind]; ok {
		return r
	}
	return len(kindRank)
}

// Lengths sold, metres. Copper: MCP4Y10 0.5–2 m in 0.5 m steps (cabling.md
// S1), MCP7Y00 splitters to 3 m (S2), MCA4J80 LACC 3, 4, 5 m (S4, S47:
// its cable_model's lengths),
// AEC to 7 m [unconfirmed]. Fiber: MFP7E10 MPO fibers 3, 5, 7, 10, 15, 20,
// 30, 50 m (S38 [secondary]), HDR AOCs to 100 m (S19); 1, 2 and 70 m, and
// custom trunks beyond 100 m in 50 m steps (100 m steps beyond 1 km), are
// modelling assumptions.
var (
	copperLengths = []float64{0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7}
	fiberLengths  = []float64{1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100}
)

// orderLengthOf rounds a run of m metres up to the next length sold of
// cable type ct: its model's own lengths where the catalogue lists them
// (the built-in ACC-400G, MCA4J80: 3, 4 and 5 m only, so a 2.0 m run
// past a DAC's reach takes a 3 m ACC; trial 54 was sold a 2.5 m one),
// else its medium's list. A run past the model's longest length gets
// the medium's rounding, which the reach then refuses.
func orderLengthOf(m float64, ct *ir.CableType) float64 {
	for _, b := range ct.LengthsM {
		if m <= b+1e-9 {
			return b
		}
	}
	return orderLength(m, copperType(ct))
}

// soldLength is orderLengthOf(m, ct), keeping in sold (0: not yet)
// orderLength's answers for m, other media's at 0 and copper's at 1,
// which every medium without lengths of its own shares: the media of a
// rate class are tried in turn for each of 3 million cables at a fat
// tree of k = 160, and rounding each one's run anew took 65 ms.
func soldLength(m float64, ct *ir.CableType, sold *[2]float64) float64 {
	if len(ct.LengthsM) > 0 {
		return orderLengthOf(m, ct)
	}
	i := 0
	if copperType(ct) {
		i = 1
	}
	if sold[i] == 0 {
		sold[i] = orderLength(m, i == 1)
	}
	return sold[i]
}

// orderLength rounds a run of m metres up to the next length sold.
func orderLength(m float64, copper bool) float64 {
	bins, step := fiberLengths, 50.0
	if copper {
		bins, step = copperLengths, 1
	}
	for _, b := range bins {
		if m <= b+1e-9 {
			return b
		}
	}
	if !copper && m > 1000 {
		step = 100
	}
	return math.Ceil(m/step-1e-9) * step
}

// isSplitter reports whether a cable_model is a 1:N breakout cable. The
// catalogue has no attribute for it; the convention is the name
// ("DAC-400G-splitter", docs/cabling.md).
func isSplitter(name string) bool { return strings.Contains(strings.ToLower(name), "splitter") }

// mediaTable is the catalogue's cable models grouped by rate class.
type mediaTable struct {
	types []ir.CableType
	// classes are the distinct max rates, ascending; byClass[i] the types
	// of class i in preference order.
	classes []float64
	byClass [][]int32
}

// cableTypes indexes the design's cable_model blocks. A model without a
// positive reach or max_rate is an error at its block.
func (s *state) cableTypes() (mediaTable, bool) {
	var t mediaTable
	ok := true
	for _, m := range s.CableModels {
		if m.ReachM.V <= 0 || m.MaxRate.V <= 0 {
			rng := m.ReachM.Range
			if m.ReachM.V > 0 {
				rng = m.MaxRate.Range
			}
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, rng, "Cable model without reach or rate",
				fmt.Sprintf("cable_model %q needs a positive reach (e.g. \"5m\") and max_rate (e.g. \"400Gb/s\") to be chosen for a link.", m.Name)))
			ok = false
			continue
		}
		ct := ir.CableType{Model: m.Name, Media: m.Media.V, Kind: m.Kind.V,
			ReachM: m.ReachM.V, MaxRateBPS: m.MaxRate.V, Splitter: isSplitter(m.Name), Protocol: m.Protocol.V, KgPerM: m.KgPerM.V,
			Cords: int32(max(m.CordsPerLink.V, 1)), LengthsM: m.LengthsM}
		for _, b := range m.Splits {
			ct.Splits = append(ct.Splits, ir.Split{Lanes: int32(b.Lanes), LaneBPS: b.LaneRate})
		}
		if len(ct.Splits) > 0 {
			ct.SplitReachM = m.ReachM.V
			if m.SplitReachM.Set {
				ct.SplitReachM = m.SplitReachM.V
			}
		}
		t.types = append(t.types, ct)
	}
	for _, ct := range t.types {
		if !slices.Contains(t.classes, ct.MaxRateBPS) {
			t.classes = append(t.classes, ct.MaxRateBPS)
		}
	}
	slices.Sort(t.classes)
	t.byClass = make([][]int32, len(t.classes))
	for i, ct := range t.types {
		c := slices.Index(t.classes, ct.MaxRateBPS)
		t.byClass[c] = append(t.byClass[c], int32(i))
	}
	for _, ids := range t.byClass {
		slices.SortStableFunc(ids, func(a, b int32) int {
			x, y := t.types[a], t.types[b]
			if d := rankOf(x.Kind) - rankOf(y.Kind); d != 0 {
				return d
			}
			if x.ReachM != y.ReachM {
				if x.ReachM < y.ReachM {
					return -1
				}
				return 1
			}
			return strings.Compare(x.Model, y.Model)
		})
	}
	return t, ok
}

// copperType reports whether a type is rounded to copper lengths.
func copperType(ct *ir.CableType) bool { return ct.Media == "copper" }

// fiberType reports whether ct is a fiber that a transceiver terminates
// (multimode or single-mode), not a cable with its own plugs (copper,
// AOC).
func fiberType(ct *ir.CableType) bool { return !ct.Plugged() }

// choice is the outcome of choosing a medium for one cable.
type choice struct {
	typ    int32   // index into types, or ir.None
	length float64 // ordered length, metres
	// splitFiber: the medium is one splitter fiber for all the legs of a
	// broken-out port (ir.CableType.Splits), not a fiber per leg.
	splitFiber bool
	// legs, with splitFiber, is the legs of each splitter fiber when the
	// port's lanes take several (an 800G port split 4 × 200G behind a
	// twin 2 × 400G module takes two 1:2 fibers, S6); 0 when one fiber
	// takes them all.
	legs int32
	// noModel: no cable_model serves the link's rate (or, for a broken-out
	// port, its breakout).
	noModel bool
	// reach is the longest reach among the eligible media (when typ is None
	// and noModel is false: every medium is too short).
	reach float64
}

// choose picks the medium for a cable of the given rate (bits per second;
// a broken-out port's lane rate) whose longest run (route times 1 +
// routing factor) is run metres. lanes is 0 for a straight cable, else
// the lanes of the broken-out port the cable serves. A straight cable
// takes any medium but a splitter. A broken-out port takes, at exactly
// its lane rate, a splitter cable (one head, a leg per lane: copper or
// AOC) or a fiber per leg behind a multi-port module (the MPOs of a
// twin-port 2 × 400G optic, cabling.md §1c, S5, S7); or, at the port's
// rate, one splitter fiber of a medium whose splits list the breakout (a
// 400G SR4 port split 2 × 200G over MFP7E20, S5, S6), to its split
// reach, unless farSwitch: a splitter fiber's legs end at single-port
// modules, which no switch cage takes (S6), and a splitter cable's at
// single-port plugs for NICs (S2, S4), so lanes between two switches
// take a fiber per leg. Never a straight copper
// cable or AOC, whose fixed ends cannot split, nor a part of a faster
// lane rate: an 800G-to-2 × 400G splitter does not serve a 400G port
// split 2 × 200G. switches: both ends of every leg are switches; active
// copper (LACC) is used only then (cabling.md §3, S4: "switch-switch
// only").
func (t *mediaTable) choose(rate, run float64, lanes int32, switches, farSwitch bool, proto string) choice {
	return t.chooseAmong(nil, rate, run, lanes, switches, farSwitch, proto)
}

// chooseAmong is choose over the media only keeps (nil: all).
func (t *mediaTable) chooseAmong(only func(*ir.CableType) bool, rate, run float64, lanes int32, switches, farSwitch bool, proto string) choice {
	out := choice{typ: ir.None, noModel: true}
	exact := func(r float64) bool { return math.Abs(r-rate) <= rate*1e-9 }
	var sold [2]float64 // soldLength's memo
	for ci, class := range t.classes {
		if class < rate*(1-1e-9) {
			continue
		}
		for _, id := range t.byClass[ci] {
			ct := &t.types[id]
			if ct.Kind == "acc" && !switches || ct.Protocol != "" && proto != "" && ct.Protocol != proto || only != nil && !only(ct) {
				continue
			}
			reach, split, legs := ct.ReachM, false, int32(0)
			switch {
			case lanes == 0:
				if ct.Splitter {
					continue
				}
			case ct.Splitter && exact(ct.MaxRateBPS) && !farSwitch:
				// A splitter cable's legs end in single-port plugs for
				// NICs (MCP7Y00: switch to CX-7, S2); switch to switch
				// NVIDIA lists LACC, whose splitters are discontinued (S4).
			case (ct.Kind == "mmf" || ct.Kind == "smf") && !ct.Splitter && exact(ct.MaxRateBPS):
			default:
				k, r, ok := ct.FiberSplit(lanes, rate)
				if !ok || farSwitch {
					continue
				}
				reach, split = r, true
				if k < lanes {
					legs = k // several splitter fibers per port
				}
			}
			out.noModel = false
			if reach >= out.reach { // the cables a fault counts: those of the farthest-reaching medium
				out.reach, out.legs = reach, legs
			}
			if l := soldLength(run, ct, &sold); l <= reach+1e-9 {
				return choice{typ: id, length: l, splitFiber: split, legs: legs}
			}
		}
	}
	return out
}
