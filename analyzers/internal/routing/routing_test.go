package routing

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

func closeTo(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func sameLoads(t *testing.T, what string, a, b *Loads) {
	t.Helper()
	for i := 0; i < a.Len(); i++ {
		if !closeTo(a.Rate(i), b.Rate(i), 1e-9) || !closeTo(a.Bytes(i), b.Bytes(i), 1e-9) {
			t.Fatalf("%s: slot %d: closed form %g/%g, BFS %g/%g", what, i, a.Rate(i), a.Bytes(i), b.Rate(i), b.Bytes(i))
		}
	}
}

// randomDemand draws explicit flows and one dense block over the plane's
// endpoints; keys group endpoints in fours (a "server").
func randomDemand(p *Plane, rng *rand.Rand, flows int) *Demand {
	eps := endpoints(p)
	d := &Demand{}
	for i := 0; i < flows; i++ {
		s, k := eps[rng.IntN(len(eps))], eps[rng.IntN(len(eps))]
		d.Flows = append(d.Flows, Flow{Src: s, Dst: k, Rate: 1 + rng.Float64(), Bytes: 1 + 10*rng.Float64(), ID: uint64(i)})
	}
	var b Block
	for i, e := range eps {
		if rng.IntN(3) > 0 {
			b.Src = append(b.Src, Source{Node: e, Rate: rng.Float64(), Bytes: rng.Float64(), Key: int32(i / 4)})
		}
		if rng.IntN(3) > 0 {
			b.Dst = append(b.Dst, Sink{Node: e, Weight: rng.Float64(), Key: int32(i / 4)})
		}
	}
	d.Blocks = []Block{b}
	return d
}

// TestClosedFormMatchesBFS: the tiered closed form and the per-destination
// BFS, two independent methods, give the same loads on every link
// direction for random flows and dense blocks, on a fat-tree, a 2-tier
// leaf-spine with parallel links, and HGX NVSwitch servers (uneven 4/5/5/4
// link split).
func TestClosedFormMatchesBFS(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    *ir.Graph
	}{
		{"fat-tree k=4", fatTree(4)},
		{"fat-tree k=8", fatTree(8)},
		{"leaf-spine 6x4 par 2", leafSpine(6, 4, 5, 2)},
		{"hgx x3", hgx(3)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := NewPlane(tc.g, allLinks, Switches)
			tier, err := NewTiered(p)
			if err != nil {
				t.Fatalf("not tiered: %v", err)
			}
			bfs := NewBFS(p)
			rng := rand.New(rand.NewPCG(1, 2))
			for round := 0; round < 3; round++ {
				d := randomDemand(p, rng, 200)
				if tc.name == "hgx x3" {
					// GPUs of different servers share no NVSwitch: keep pairs inside a server.
					var fl []Flow
					for _, f := range d.Flows {
						if tc.g.Nodes[p.Nodes[f.Src]].Name[:2] == tc.g.Nodes[p.Nodes[f.Dst]].Name[:2] {
							fl = append(fl, f)
						}
					}
					d.Flows = fl
					d.Blocks = nil
				}
				a, b := NewLoads(tc.g), NewLoads(tc.g)
				ra := tier.Route(d, Options{}, a)
				rb := bfs.Route(d, Options{}, b)
				if ra.Unroutable != 0 || rb.Unroutable != 0 {
					t.Fatalf("unroutable: closed form %d, BFS %d", ra.Unroutable, rb.Unroutable)
				}
				sameLoads(t, tc.name, a, b)
				// Shares of single flows agree with routing them alone.
				for _, f := range d.Flows[:5] {
					one := NewLoads(tc.g)
					tier.Route(&Demand{Flows: []Flow{f}}, Options{}, one)
					for _, s := range tier.Shares(f, Options{}) {
						if !closeTo(s.Frac*f.Rate, one.Rate(int(s.Slot)), 1e-9) {
							t.Fatalf("share %g of %g on slot %d, routing gives %g", s.Frac, f.Rate, s.Slot, one.Rate(int(s.Slot)))
						}
					}
				}
			}
		})
	}
}

// TestFatTreeUniformAllToAll: uniform all-to-all among the H = k³/4 hosts
// of a fat-tree, one unit of rate per pair, against the closed form of
// each tier: a host link carries H − 1 (one per peer); an edge switch's
// k/2 hosts send to the H − k/2 hosts outside it over its k/2 uplinks; a
// pod's k²/4 hosts send to the H − k²/4 outside it over its (k/2)²
// aggregation uplinks; the same in the down direction.
func TestFatTreeUniformAllToAll(t *testing.T) {
	const k = 8
	g := fatTree(k)
	p := NewPlane(g, allLinks, Switches)
	eng, reason := NewEngine(p)
	if reason != "" {
		t.Fatal(reason)
	}
	var b Block
	for _, e := range endpoints(p) {
		b.Src = append(b.Src, Source{Node: e, Rate: 1, Bytes: 1, Key: -1})
		b.Dst = append(b.Dst, Sink{Node: e, Weight: 1, Key: -1})
	}
	out := NewLoads(g)
	eng.Route(&Demand{Blocks: []Block{b}}, Options{}, out)
	H := k * k * k / 4
	h := k / 2
	want := map[string]float64{
		"host_edge":        float64(H - 1),                      // every host sends to H−1 others
		"edge_aggregation": float64(h*(H-h)) / float64(h),       // k/2 hosts to H−k/2 outside, over k/2 uplinks
		"aggregation_core": float64(h*h*(H-h*h)) / float64(h*h), // pod to outside, over (k/2)² uplinks
	}
	for l, link := range g.AllLinks() {
		for dir := 0; dir < 2; dir++ {
			if got := out.Rate(2*int(l) + dir); !closeTo(got, want[link.Kind.String()], 1e-9) {
				t.Fatalf("%s link %d dir %d: load %g, want %g", link.Kind, l, dir, got, want[link.Kind.String()])
			}
		}
	}
}

// TestECMPCollisionsMatchClosedForm: 4 flows from 4 hosts of one leaf to
// 4 hosts of another, hashed over 4 spines. Over many seeds the share of
// seeds without a collision must match m!/((m−n)!·mⁿ) = 24/256 = 9.375%
// (designs.md acceptance case 21) within 4 standard errors.
func TestECMPCollisionsMatchClosedForm(t *testing.T) {
	g := leafSpine(2, 4, 4, 1)
	p := NewPlane(g, allLinks, Switches)
	eng, reason := NewEngine(p)
	if reason != "" {
		t.Fatal(reason)
	}
	eps := endpoints(p)
	var d Demand
	for i := 0; i < 4; i++ {
		d.Flows = append(d.Flows, Flow{Src: eps[i], Dst: eps[4+i], Rate: 400e9, Bytes: 1, ID: uint64(i)})
	}
	const seeds = 20000
	free, decisions := 0, 0
	var expected float64
	for seed := uint64(0); seed < seeds; seed++ {
		r := eng.Route(&d, Options{Mode: Hash, Seed: seed, Stats: true}, NewLoads(g))
		decisions += r.ECMP.Decisions
		free += r.ECMP.CollisionFree
		expected += r.ECMP.ExpectedCollisionFree
	}
	if decisions != seeds {
		t.Fatalf("%d decisions over %d seeds; want one (the source leaf's) per seed", decisions, seeds)
	}
	if p := expected / seeds; !closeTo(p, 0.09375, 1e-12) {
		t.Fatalf("closed form %g, want 0.09375", p)
	}
	got := float64(free) / seeds
	se := math.Sqrt(0.09375 * (1 - 0.09375) / seeds)
	if math.Abs(got-0.09375) > 4*se {
		t.Fatalf("realised collision-free share %.5f, closed form 0.09375 ± %.5f (4σ)", got, 4*se)
	}
	t.Logf("realised %.5f vs 0.09375 (σ %.5f)", got, se)
}

func TestNoCollision(t *testing.T) {
	for _, tc := range []struct {
		n, m int
		want float64
	}{{4, 4, 24.0 / 256}, {1, 8, 1}, {2, 2, 0.5}, {3, 2, 0}, {2, 32, 31.0 / 32}} {
		if got := NoCollision(tc.n, tc.m); !closeTo(got, tc.want, 1e-15) {
			t.Errorf("NoCollision(%d, %d) = %g, want %g", tc.n, tc.m, got, tc.want)
		}
	}
}

// TestHashAveragesToIdeal: averaged over seeds, static hashing loads each
// link like the ideal split (hashing is uniform over next hops).
func TestHashAveragesToIdeal(t *testing.T) {
	g := fatTree(4)
	p := NewPlane(g, allLinks, Switches)
	eng, _ := NewEngine(p)
	rng := rand.New(rand.NewPCG(3, 4))
	d := randomDemand(p, rng, 50)
	d.Blocks = nil
	ideal := NewLoads(g)
	eng.Route(d, Options{}, ideal)
	avg := NewLoads(g)
	const seeds = 4000
	for s := uint64(0); s < seeds; s++ {
		eng.Route(d, Options{Mode: Hash, Seed: s}, avg)
	}
	for i := 0; i < avg.Len(); i++ {
		got := avg.Rate(i) / seeds
		if math.Abs(got-ideal.Rate(i)) > 0.1*math.Max(1, ideal.Rate(i)) {
			t.Fatalf("slot %d: mean hashed load %g, ideal %g", i, got, ideal.Rate(i))
		}
	}
}

// TestExpectedHashing: a block with more queue pairs than the walk budget
// is routed by the expectation of static hashing, which is the even split
// (a uniform hash picks each next hop with equal probability); below the
// budget it is walked, and the walked loads average to the same over
// seeds (TestHashAveragesToIdeal).
func TestExpectedHashing(t *testing.T) {
	g := fatTree(8)
	p := NewPlane(g, allLinks, Switches)
	eng, _ := NewEngine(p)
	var b Block
	for _, e := range endpoints(p) {
		b.Src = append(b.Src, Source{Node: e, Rate: 1, Bytes: 2, Key: -1})
		b.Dst = append(b.Dst, Sink{Node: e, Weight: 1, Key: -1})
	}
	d := &Demand{Blocks: []Block{b}}
	ideal := NewLoads(g)
	eng.Route(d, Options{}, ideal)
	got := NewLoads(g)
	r := eng.Route(d, Options{Mode: Hash, MaxQPs: 4000, Seed: 9}, got)
	if !r.Expected || r.ExpectedQPs != 128*127 || r.ExpectedRateBPS != 128*127 {
		t.Fatalf("result %+v; want the 16,256 pairs routed by expectation", r)
	}
	sameLoads(t, "expectation", got, ideal)
	walked := NewLoads(g)
	if r := eng.Route(d, Options{Mode: Hash, MaxQPs: 1 << 20, Seed: 9, Stats: true}, walked); r.Expected || r.ECMP.Decisions == 0 {
		t.Fatalf("within the budget the pairs must be walked: %+v", r)
	}
}

// TestNotTiered: a link inside a tier (a dragonfly's local links) sends
// the plane to the BFS engine, with the reason.
func TestNotTiered(t *testing.T) {
	g := leafSpine(2, 1, 2, 1)
	addLink(g, 0, 1, 400e9, ir.LinkKindOf("leaf_leaf"))
	p := NewPlane(g, allLinks, Switches)
	eng, reason := NewEngine(p)
	if eng.Method() != "bfs" || reason == "" {
		t.Fatalf("method %s, reason %q", eng.Method(), reason)
	}
}

// TestBlockCounts: a source entry standing for several ranks counts, and
// hashes, one queue pair per rank and unit of sink weight.
func TestBlockCounts(t *testing.T) {
	g := leafSpine(2, 4, 4, 1)
	p := NewPlane(g, allLinks, Switches)
	eng, _ := NewEngine(p)
	eps := endpoints(p)
	b := Block{
		Src: []Source{{Node: eps[0], Rate: 1, Bytes: 1, Key: 0, Count: 3}},
		Dst: []Sink{{Node: eps[4], Weight: 2, Key: 1}, {Node: eps[5], Weight: 1, Key: 1}, {Node: eps[1], Weight: 5, Key: 0}},
	}
	if pairs, tot := b.totals(); pairs != 9 || tot != (vec{3, 3}) {
		t.Fatalf("totals: %g pairs, %v; want 9 rank pairs carrying 3", pairs, tot)
	}
	var walks int
	over := walkFlows(&Demand{Blocks: []Block{b}}, Options{Mode: Hash}, func(s, d int32, id uint64, qp int32, v vec) bool {
		walks++
		return true
	}, nil, &Result{})
	if over != nil || walks != 9 {
		t.Fatalf("%d queue pairs walked (over budget %v), want 9", walks, over != nil)
	}
	out := NewLoads(g)
	eng.Route(&Demand{Blocks: []Block{b}}, Options{Mode: Hash, Stats: true}, out)
	up := 0.0
	for _, a := range p.Arcs(eps[0]) {
		up += out.Rate(int(a.Slot))
	}
	if !closeTo(up, 3, 1e-12) {
		t.Fatalf("source link carries %g, want 3", up)
	}
}
