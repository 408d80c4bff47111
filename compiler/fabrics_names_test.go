package compiler

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// TestEarlierNamesMatchesSet compares earlierNames, which scans while
// scanning is cheap and keeps a set after, with a set of every earlier
// name, over seeded sequences of fabrics of random sizes (one large
// block of server nodes first, then many small fabrics, as in a design
// of thousands of fabrics), some reusing an earlier name and some not.
func TestEarlierNamesMatchesSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	withSet := 0
	for trial := range 200 {
		g := ir.New()
		var names earlierNames
		seen := map[string]bool{}
		first := 0
		servers := rng.IntN(50)
		for i := range servers {
			g.Nodes = append(g.Nodes, ir.Node{Name: fmt.Sprintf("srv%d", i)})
		}
		for f := range 1 + rng.IntN(12) {
			first = len(g.Nodes)
			for _, n := range g.Nodes[:first] {
				seen[n.Name] = true
			}
			want := false
			for i := range 1 + rng.IntN(20) {
				name := fmt.Sprintf("f%d/n%d", f, i)
				if first > 0 && rng.IntN(30) == 0 {
					name = g.Nodes[rng.IntN(first)].Name // a reused name
				}
				want = want || seen[name]
				g.Nodes = append(g.Nodes, ir.Node{Name: name})
			}
			if first == 0 {
				continue
			}
			if got := names.reused(g, first); got != want {
				t.Fatalf("trial %d, fabric %d: reused %v, want %v (set built: %v)", trial, f, got, want, names.set != nil)
			}
			if want {
				qualifyNames(g, first, fmt.Sprintf("fab%d", f))
			}
		}
		if names.set != nil {
			withSet++
		}
	}
	if withSet == 0 || withSet == 200 {
		t.Errorf("the set was built in %d of 200 trials; the test must reach both ways", withSet)
	}
}
