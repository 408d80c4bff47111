package cableplan

import (
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// TestLeastLongerAsScan checks the fiber sameFiberPerCage moves a cage
// to, found in longerFibers' lists (leastLonger), against the rule as a
// scan of every type: a fiber of the cage's type's rate, of longer reach,
// whose protocol allows the link's, that fits; of those the least reach,
// the first in catalogue order among equals. The catalogues are random,
// with ties of reach and rate, as are what fits and the protocol.
func TestLeastLongerAsScan(t *testing.T) {
	kinds := []string{"mmf", "smf", "aoc", "passive_dac"}
	protos := []string{"", "infiniband", "ethernet"}
	for seed := range uint64(500) {
		r := rand.New(rand.NewPCG(seed, 75))
		types := make([]ir.CableType, 1+r.IntN(12))
		for i := range types {
			types[i] = ir.CableType{Kind: kinds[r.IntN(len(kinds))], MaxRateBPS: float64(1+r.IntN(3)) * 4e11,
				ReachM: float64([]int{2, 50, 100, 500, 2000}[r.IntN(5)]), Protocol: protos[r.IntN(len(protos))]}
		}
		longer := longerFibers(types)
		for range 20 {
			best := int32(r.IntN(len(types)))
			proto := protos[r.IntN(len(protos))]
			fitting := make([]bool, len(types))
			for i := range fitting {
				fitting[i] = r.IntN(3) > 0
			}
			ok := func(t int32) bool { return fitting[t] }
			want := int32(ir.None)
			for t := range types {
				ct := &types[t]
				if !fiberType(ct) || ct.MaxRateBPS != types[best].MaxRateBPS || ct.ReachM <= types[best].ReachM ||
					ct.Protocol != "" && proto != "" && ct.Protocol != proto || !ok(int32(t)) {
					continue
				}
				if want == ir.None || ct.ReachM < types[want].ReachM {
					want = int32(t)
				}
			}
			if got := leastLonger(types, longer[best], proto, ok); got != want {
				t.Fatalf("seed %d: type %d, protocol %q: leastLonger = %d, want %d (types %+v)", seed, best, proto, got, want, types)
			}
		}
	}
}
