package bisection

import (
	"math"
	"testing"
)

// A maximum dragonfly with a < 2h (p = 4, a = 8, h = 5, g = 41; 1,312
// terminals, the circulant arrangement): from the group cut the
// candidates propose (20 groups a side, one group halved by router
// index), group moves find a smaller cut: groups at the centres of the
// two arcs split into their near and far routers. The cut returned is
// balanced, its value is its exact evaluation, and it is at most the
// 414 links of 200 Gb/s that check finds (the start is 436; the search
// alone found 416 before this refinement).
func TestRefineDragonflyGroupMoves(t *testing.T) {
	g := compileHCL(t, `
fabric "df" {
  dragonfly {
    p          = 4
    a          = 8
    h          = 5
    local_rate = "200Gb/s"
  }
}`)
	m := newModel(g, 0, ViewGPU)
	s, ok := m.dragonflyShape()
	if !ok {
		t.Fatal("not read as a dragonfly")
	}
	full := m.build(modeFull)
	inA := make([]bool, len(m.terms))
	n := 0
	for i, rt := range s.termRouter {
		grp, pos := s.groupOf[rt], s.inGroup[rt]
		if grp >= 10 && grp < 30 || grp == 30 && pos < 4 {
			inA[i] = true
			n++
		}
	}
	if n != len(m.terms)/2 {
		t.Fatalf("start split holds %d terminals on A, want %d", n, len(m.terms)/2)
	}
	start, ok := m.evaluate(full, inA, "start")
	if !ok {
		t.Fatal("start split not evaluated")
	}
	const link = 200e9
	if math.Abs(start.value-436*link) > 1 {
		t.Fatalf("start cut %g links, want 436", start.value/link)
	}
	got := m.refineDragonfly(s, full, start)
	if got.value > 414*link+1 {
		t.Errorf("refined cut %g links; want at most 414", got.value/link)
	}
	count := 0
	for _, a := range got.inA {
		if a {
			count++
		}
	}
	again, _ := m.evaluate(full, got.inA, "again")
	if count != len(m.terms)/2 || math.Abs(again.value-got.value) > 1 {
		t.Errorf("refined split: %d on A (want %d), value %g but %g when evaluated again", count, len(m.terms)/2, got.value, again.value)
	}
	// Never worse: from the refined cut there is nothing left to gain.
	if again2 := m.refineDragonfly(s, full, got); again2.value > got.value {
		t.Errorf("refining the refined cut raised it: %g → %g", got.value, again2.value)
	}
}
