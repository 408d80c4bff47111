package bisection

import (
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/lang/units"
)

// TestBoundsContainExact: on 1,000 seeded random irregular fabrics of at
// most 14 endpoints (mixed rates, parallel links, dual-homed hosts), the
// exact bisection by enumeration lies inside [lower, upper] of the
// methods used past ExactEndpoints: the uniform multicommodity-flow
// bound below (sound: Leighton and Rao) and the search's best cut above
// (structure-aligned candidates, FM and the multilevel search). Either
// end crossing the exact value would be a bound topoc cannot prove.
func TestBoundsContainExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 11))
	graphs := 1000
	if testing.Short() {
		graphs = 100
	}
	for i := 0; i < graphs; i++ {
		g, fid := randomFabric(rng, 3+rng.IntN(6), 4+rng.IntN(11))
		m := newModel(g, fid, ViewGPU)
		levels := m.levels()
		full := m.build(modeFull)
		exact := m.exact(full).value
		ub := m.candidates(full, m.orderings(levels, full), 0)
		ub = m.fm(full, ub)
		if ml := m.fm(full, m.multilevel(full)); ml.value < ub.value {
			ub = ml
		}
		if ub.value < exact*(1-1e-9) {
			t.Fatalf("graph %d: the search's cut %s is below the exact bisection %s: not a balanced split", i, units.Rate(ub.value), units.Rate(exact))
		}
		if lb, ok := m.uniformWithin(full, uniformBudget); ok && lb > exact*(1+1e-9) {
			t.Fatalf("graph %d: the uniform multicommodity-flow bound %s exceeds the exact bisection %s: unsound", i, units.Rate(lb), units.Rate(exact))
		}
		if r := Compute(g, fid, Options{}); r.Method != MethodExact || r.LowerBoundBPS != exact || r.UpperBoundBPS != exact {
			t.Fatalf("graph %d: Compute says %s [%s, %s], enumeration %s", i, r.Method, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), units.Rate(exact))
		}
	}
}
