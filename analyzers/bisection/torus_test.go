package bisection

import (
	"fmt"
	"testing"

	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// torusCase builds one torus or mesh of the generator.
func torusCase(t *testing.T, p gen.Torus) (*ir.Graph, ir.FabricID) {
	t.Helper()
	if errs := p.Validate(); len(errs) > 0 {
		t.Fatalf("%+v: %v", p, errs)
	}
	g := ir.New()
	return g, gen.BuildTorus(g, "t", p)
}

// The torus bound never passes the exact bisection, found by gonum's
// max-flow over every balanced split (an oracle independent of the
// analyzer's graph), over tori and meshes of 1 to 3 dimensions, odd and
// even sides, 1 or 2 terminals per router and each kind of link the thin
// one; it meets the exact value, and the analyzer says analytic with the
// plane cut's closed form, on every torus whose largest side is even and
// whose terminals are at least as fast as its links. The full analysis
// of each brackets the exact value.
func TestTorusBoundBelowExact(t *testing.T) {
	shapes := []struct {
		dims []int
		p    int
	}{
		{[]int{4}, 1}, {[]int{6}, 2}, {[]int{5}, 2}, {[]int{2, 2}, 2}, {[]int{4, 2}, 1}, {[]int{4, 4}, 1},
		{[]int{3, 3}, 1}, {[]int{5, 3}, 1}, {[]int{2, 2, 2}, 2}, {[]int{4, 2, 2}, 1}, {[]int{3, 2, 2}, 1},
		{[]int{3}, 3}, {[]int{2, 2, 2}, 1}, {[]int{6, 2}, 1}, {[]int{3, 4}, 1},
	}
	rates := [][2]float64{{1, 1}, {4, 1}, {1, 4}, {0.25, 1}} // terminal, link in 100 Gb/s
	cases, tight := 0, 0
	for _, sh := range shapes {
		for _, wrap := range []bool{true, false} {
			for _, rt := range rates {
				if sh.p*prod(sh.dims) > 12 && (!wrap || rt != rates[0]) {
					continue // 13–16 terminals: enumeration is slow, once each
				}
				p := gen.Torus{Dims: sh.dims, Wrap: wrap, P: sh.p, TerminalBPS: rt[0] * 100e9, LinkBPS: rt[1] * 100e9}
				name := fmt.Sprintf("dims %v wrap %v p %d rates %v", sh.dims, wrap, sh.p, rt)
				g, fid := torusCase(t, p)
				m := newModel(g, fid, ViewGPU)
				m.levels()
				s, ok := m.torusShape()
				if !ok {
					t.Fatalf("%s: no torus shape", name)
				}
				exact := newOracle(g, fid, ViewGPU).gonumMin()
				b := s.bound()
				cases++
				if b > exact*(1+1e-9) {
					t.Errorf("%s: bound %s above the exact bisection %s: unsound", name, units.Rate(b), units.Rate(exact))
				}
				if meets(b, exact) {
					tight++
				}
				_, cut, k, even := s.planeCut()
				fastTerms := rt[0] >= rt[1]
				if even && k == maxInt(sh.dims) && wrap && fastTerms && (!meets(b, exact) || !meets(cut, exact) || !meets(exact, cut)) {
					t.Errorf("%s: bound %s, plane cut %s, exact %s; want all three equal", name, units.Rate(b), units.Rate(cut), units.Rate(exact))
				}
				r := Compute(g, fid, Options{})
				if r.LowerBoundBPS > exact*(1+1e-9) || r.UpperBoundBPS < exact*(1-1e-9) {
					t.Errorf("%s: analysis [%s, %s] misses the exact %s", name, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), units.Rate(exact))
				}
				if even && k == maxInt(sh.dims) && wrap && fastTerms && r.Method != MethodAnalytic {
					t.Errorf("%s: method %s (%s); want analytic by the plane cut", name, r.Method, r.Formula)
				}
			}
		}
	}
	if cases < 80 || 2*tight < cases {
		t.Errorf("bound tight on %d of %d tori, want at least half of at least 80", tight, cases)
	}
	t.Logf("bound tight on %d of %d tori and meshes", tight, cases)
}

// The closed form at scale: a 16 × 16 × 16 torus (4,096 routers, one
// terminal each at the link rate) has bisection 2·16² = 512 links, ratio
// 512 ÷ 2,048 = 0.25, analytic; with one link at half rate the shape no
// longer holds and the analysis falls back to search and bounds.
func TestTorusClosedForm(t *testing.T) {
	g, fid := torusCase(t, gen.Torus{Dims: []int{16, 16, 16}, Wrap: true, P: 1, LinkBPS: 400e9})
	r := Compute(g, fid, Options{})
	if r.Method != MethodAnalytic || r.BandwidthBPS != 512*400e9 || r.LowerBoundBPS != r.UpperBoundBPS {
		t.Fatalf("16³ torus: %s %s [%s, %s] (%s); want analytic 512 × 400G", r.Method, units.Rate(r.BandwidthBPS), units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), r.Formula)
	}
	if r.Ratio != 0.25 {
		t.Errorf("16³ torus ratio %v; want 0.25", r.Ratio)
	}
	for i := range g.NumLinks() {
		if g.Link(ir.LinkID(i)).Kind == ir.LinkTorus {
			g.LinkRef(ir.LinkID(i)).CapacityBPS /= 2
			break
		}
	}
	m := newModel(g, fid, ViewGPU)
	m.levels()
	if _, ok := m.torusShape(); ok {
		t.Errorf("a torus with one link at half rate still has the torus shape")
	}
}

func prod(xs []int) int {
	out := 1
	for _, x := range xs {
		out *= x
	}
	return out
}

func maxInt(xs []int) int {
	out := 0
	for _, x := range xs {
		out = max(out, x)
	}
	return out
}
