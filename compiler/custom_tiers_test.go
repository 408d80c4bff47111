package compiler

import (
	"slices"
	"testing"
)

// A spine with a host of its own is one hop from an endpoint, as the
// leaves are: its tier ties with theirs on the least distance, and the
// tie fell to declaration order, so declaring the spines first ranked
// them below the leaves, and the leaves, taken for the top, "shared no
// top switch": a false no-common-ancestor error that moved with the
// blocks (oracle trial 60). The mean distance breaks the tie, so both
// orders rank leaf below spine and compile.
func TestCustomTierRankTie(t *testing.T) {
	spines := `
    switch "s0" {
      model = "TH4-64x400G"
      tier  = "spine"
    }
    switch "s1" {
      model = "TH4-64x400G"
      tier  = "spine"
    }`
	leaves := `
    switch "l" {
      count = 3
      model = "TH4-64x400G"
      tier  = "leaf"
    }`
	switches := map[bool]string{true: spines + leaves, false: leaves + spines}
	for spinesFirst, sw := range switches {
		src := `
fabric "odd" {
  custom {` + sw + `
    host "h" {
      count = 12
      rate  = "400Gb/s"
    }
    link {
      count    = 3
      a        = "l${count.index}"
      b        = "s0"
      parallel = 2
    }
    link {
      a = "l0"
      b = "s1"
    }
    link {
      a = "l1"
      b = "s1"
    }
    link {
      count = 12
      a     = format("h%02d", count.index)
      b     = count.index < 4 ? "l0" : (count.index < 7 ? "l1" : (count.index < 10 ? "l2" : "s0"))
    }
  }
}`
		g, d := compileDiags(t, src)
		if d.HasErrors() {
			t.Fatalf("spines first %v: %v", spinesFirst, d)
		}
		if got := g.Fabrics[0].Tiers; !slices.Equal(got, []string{"leaf", "spine"}) {
			t.Errorf("spines first %v: tiers %v, want leaf, spine", spinesFirst, got)
		}
	}
}
