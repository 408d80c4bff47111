package bisection

import (
	"fmt"
	"testing"

	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/lang/units"
)

// Partially populated dragonflies (terminals < g·a·p, the routers
// filled in order, so one group part full and whole groups empty) are
// no longer alike, and the group-structure bound takes them by profile
// class (profileBound). Both of its arguments, the counting one read
// whole (no early stop) and the pooled one, stay at most the exact
// bisection, found independently by enumerating every balanced split of
// the terminals with a max-flow each (exact, ≤ 16 endpoints here), over
// every arrangement, odd and even terminal counts and each kind of link
// the thin one; the test reports how often the bound is tight.
func TestDragonflyProfileBoundBelowExact(t *testing.T) {
	shapes := [][4]int{ // p, a, h, g
		{1, 2, 1, 3}, {2, 2, 1, 3}, {1, 3, 1, 4}, {1, 4, 1, 4}, {2, 3, 1, 3},
		{1, 2, 2, 5}, {1, 3, 2, 5}, {2, 2, 2, 4}, {2, 4, 1, 2}, {1, 4, 2, 4},
	}
	rates := [][3]float64{{1, 1, 1}, {0.25, 1, 1}, {1, 0.25, 1}, {1, 1, 0.25}}
	arrangements := []string{gen.ArrangementAbsolute, gen.ArrangementRelative, gen.ArrangementCirculant}
	cases, tight := 0, 0
	for _, sh := range shapes {
		full := sh[0] * sh[1] * sh[3]
		seen := map[int]bool{}
		for _, n := range []int{full - 1, full - sh[0]*sh[1]/2, full - sh[0]*sh[1], full - sh[0]*sh[1] - 1, full/2 + 1} {
			if n < 3 || n >= full || n > 16 || seen[n] {
				continue
			}
			seen[n] = true
			for ri, rt := range rates {
				for ai, arr := range arrangements {
					if (ri > 0 && ai > 0) || (n > 14 && ri > 0) {
						continue // thin links once each, on one arrangement
					}
					d := gen.Dragonfly{P: sh[0], A: sh[1], H: sh[2], G: sh[3], Terminals: n,
						TerminalBPS: rt[0] * 100e9, LocalBPS: rt[1] * 100e9, GlobalBPS: rt[2] * 100e9, Arrangement: arr}
					g, fid := dragonflyCase(t, d)
					m, s := shapeOf(t, g, fid)
					if _, alike := s.alike(); alike {
						continue // every router full: groupBound's own case
					}
					name := fmt.Sprintf("p%d a%d h%d g%d terminals %d rates %v %s", sh[0], sh[1], sh[2], sh[3], n, rt, arr)
					count, pooled, ok := s.profileParts(false, false)
					b, okB := s.groupBound(false)
					if !ok || !okB {
						t.Fatalf("%s: the profile bound does not apply", name)
					}
					exact := m.exact(m.build(modeFull)).value
					for _, v := range []struct {
						what string
						v    float64
					}{{"counting", count}, {"pooled", pooled}, {"group-structure", b}} {
						if v.v > exact*(1+1e-9) {
							t.Errorf("%s: %s bound %s above the exact bisection %s: unsound", name, v.what, units.Rate(v.v), units.Rate(exact))
						}
					}
					cases++
					if meets(b, exact) {
						tight++
					}
				}
			}
		}
	}
	if cases < 60 {
		t.Errorf("%d partially populated dragonflies, want at least 60", cases)
	}
	t.Logf("profile bound tight on %d of %d partially populated dragonflies", tight, cases)
}

// Frontier's Slingshot dragonfly (examples/frontier-slingshot: p = 16,
// a = 32, h = 16, g = 74, 4 global links per group pair, 200 Gb/s,
// 37,632 of 37,888 terminals, group 73's routers 16–31 empty). The
// pooled argument with the terminal interval proves 5,476 links, the
// 37 | 37 group cut of the full system, above the uniform bound's
// 5,402: the 256 empty slots may lie on either side as far as it can
// tell. The bisection is below the 5,604 links of the group cut: 36
// groups on A, group 36's routers but 0, 1, 8, 9, 16, 17, 24 and 25 on
// A too (384 terminals), those 8 on B with the 21 groups their global
// links reach (the round-mates of the circulant arrangement, 4 links to
// most of them), group 73 and 15 more, cut 36·37·4 + 24·8 + 74 = 5,594
// links; the witness is counted here link by link, and the analysis
// finds a cut that small (the concentrated group split).
func TestFrontierProfileBound(t *testing.T) {
	g, fid := dragonflyCase(t, gen.Dragonfly{P: 16, A: 32, H: 16, G: 74, LinksPerPair: 4, Terminals: 37632,
		TerminalBPS: 200e9, LocalBPS: 200e9, GlobalBPS: 200e9})
	_, s := shapeOf(t, g, fid)
	b, ok := s.groupBound(false)
	if want := 5476 * 200e9; !ok || b != want {
		t.Errorf("group-structure bound %s (%v), want %s (5,476 links)", units.Rate(b), ok, units.Rate(want))
	}
	// The witness: router sides, terminals on their router's side but
	// for the imbalance, which crosses at one terminal link each.
	const x = 36
	bRouters := map[int32]bool{0: true, 1: true, 8: true, 9: true, 16: true, 17: true, 24: true, 25: true}
	inB := map[int32]bool{73: true}
	for _, l := range s.global {
		for _, e := range [2][2]int32{{l.a, l.b}, {l.b, l.a}} {
			if s.groupOf[e[0]] == x && bRouters[s.inGroup[e[0]]] {
				inB[s.groupOf[e[1]]] = true
			}
		}
	}
	for y := int32(0); len(inB) < 37; y++ {
		if y != x {
			inB[y] = true
		}
	}
	side := make([]bool, len(s.routers)) // true: side A
	for r := range s.routers {
		if gr := s.groupOf[r]; gr == x {
			side[r] = !bRouters[s.inGroup[r]]
		} else {
			side[r] = !inB[gr]
		}
	}
	cut := 0.0
	for _, l := range s.global {
		if side[l.a] != side[l.b] {
			cut += l.c
		}
	}
	for r := range s.routers {
		for o := range s.routers {
			if s.groupOf[r] == s.groupOf[o] && side[r] && !side[o] {
				sz := s.size[s.groupOf[r]]
				cut += s.localCap[s.groupOf[r]][s.inGroup[r]*sz+s.inGroup[o]]
			}
		}
	}
	onA := 0
	for _, r := range s.termRouter {
		if side[r] {
			onA++
		}
	}
	cut += 200e9 * float64(abs(len(s.termRouter)/2-onA))
	if want := 5594 * 200e9; cut != want {
		t.Errorf("witness cut %s, want %s (5,594 links)", units.Rate(cut), units.Rate(want))
	}
	if b > cut {
		t.Errorf("bound %s above the witness cut %s: unsound", units.Rate(b), units.Rate(cut))
	}
	if r := Compute(g, fid, Options{}); r.UpperBoundBPS > cut {
		t.Errorf("the analysis's cut %s is above the witness %s: the concentrated group split should find it", units.Rate(r.UpperBoundBPS), units.Rate(cut))
	}
}
