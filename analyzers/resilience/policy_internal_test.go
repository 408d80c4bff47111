package resilience

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
)

// within fails unless count, out of n draws of an event of probability
// p, lies within 5 standard deviations of n·p (a fixed seed makes the
// test deterministic; the bound is what a correct sampler meets).
func within(t *testing.T, what string, count, n int, p float64) {
	t.Helper()
	mean, sd := float64(n)*p, math.Sqrt(float64(n)*p*(1-p))
	if math.Abs(float64(count)-mean) > 5*sd+1e-9 {
		t.Errorf("%s: %d of %d draws, want %.1f ± %.1f (p = %.4f)", what, count, n, mean, 5*sd, p)
	}
}

// testGroups is n groups named g0…g(n−1), each failing link i.
func testGroups(n int) []Group {
	out := make([]Group, n)
	for i := range out {
		out[i] = Group{Class: "x", Name: fmt.Sprint("g", i), Failure: ir.Failure{Links: []ir.LinkID{ir.LinkID(i)}}}
	}
	return out
}

func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// Modes are drawn in proportion to their weights; a mode of weight 0
// never is.
func TestDrawModes(t *testing.T) {
	one := drawRule{rule: ir.FailureRule{Select: ir.SelectAll}, groups: testGroups(1)}
	modes := []drawMode{{name: "a", weight: 0.7, rules: []drawRule{one}}, {name: "none", weight: 0}, {name: "b", weight: 0.2},
		{name: "c", weight: 0.1, rules: []drawRule{one}}}
	d := newDrawer(modes, 3)
	const n = 100_000
	count := make([]int, len(modes))
	var picks []pick
	for i := 0; i < n; i++ {
		var mi int
		mi, picks = d.draw(picks[:0])
		count[mi]++
		if want := len(modes[mi].rules); len(picks) != want {
			t.Fatalf("mode %s drew %d groups, want %d", modes[mi].name, len(picks), want)
		}
	}
	if count[1] != 0 {
		t.Errorf("a mode of weight 0 was drawn %d times", count[1])
	}
	for i, p := range []float64{0.7, 0, 0.2, 0.1} {
		within(t, "mode "+modes[i].name, count[i], n, p)
	}
}

// A weighted choice of one group draws each in proportion to its weight;
// a choice of two follows successive sampling without replacement:
// P({i, j}) = w_i/W · w_j/(W − w_i) + w_j/W · w_i/(W − w_j). A group of
// weight 0 is never drawn.
func TestDrawWeightedChoice(t *testing.T) {
	w := []float64{1, 2, 0, 3, 4}
	cum := make([]float64, len(w))
	sum := 0.0
	for i, x := range w {
		sum += x
		cum[i] = sum
	}
	const n = 100_000
	for _, k := range []int{1, 2} {
		r := drawRule{rule: ir.FailureRule{Select: ir.SelectChoice, Count: k}, groups: testGroups(len(w)), cum: cum}
		rng := rand.New(rand.NewPCG(11, uint64(k)))
		single := make([]int, len(w))
		pair := map[[2]int]int{}
		for it := 0; it < n; it++ {
			picks := r.draw(rng, 0, nil)
			if len(picks) != k {
				t.Fatalf("choice of %d drew %d", k, len(picks))
			}
			var idx []int
			for _, p := range picks {
				idx = append(idx, p.i)
			}
			slices.Sort(idx)
			if len(slices.Compact(slices.Clone(idx))) != k {
				t.Fatalf("choice of %d drew a group twice: %v", k, idx)
			}
			if k == 1 {
				single[idx[0]]++
			} else {
				pair[[2]int{idx[0], idx[1]}]++
			}
		}
		if k == 1 {
			for i := range w {
				within(t, fmt.Sprint("group ", i), single[i], n, w[i]/sum)
			}
			continue
		}
		for i := range w {
			for j := i + 1; j < len(w); j++ {
				p := w[i]/sum*w[j]/(sum-w[i]) + w[j]/sum*w[i]/(sum-w[j])
				within(t, fmt.Sprint("pair ", i, j), pair[[2]int{i, j}], n, p)
			}
		}
	}
}

// A heavy group makes the redraws of a weighted choice fall back to one
// pass over the groups left; the draw is still distinct and weighted.
func TestDrawWeightedChoiceSkewed(t *testing.T) {
	w := []float64{1e12, 1, 1}
	cum := []float64{w[0], w[0] + w[1], w[0] + w[1] + w[2]}
	r := drawRule{rule: ir.FailureRule{Select: ir.SelectChoice, Count: 2}, groups: testGroups(3), cum: cum}
	rng := rand.New(rand.NewPCG(5, 0))
	second := [3]int{}
	const n = 20_000
	for it := 0; it < n; it++ {
		picks := r.draw(rng, 0, nil)
		if len(picks) != 2 || picks[0].i != 0 {
			t.Fatalf("draw %v: the group of weight 10¹² comes first", picks)
		}
		second[picks[1].i]++
	}
	within(t, "group 1 second", second[1], n, 0.5)
}

// A random rule fails each group on its own with its probability: each
// group's frequency is p, and p = 0 and p = 1 fail none and all.
func TestDrawRandom(t *testing.T) {
	const groups, n = 50, 20_000
	for _, p := range []float64{0, 0.02, 0.3, 1} {
		r := drawRule{rule: ir.FailureRule{Select: ir.SelectRandom, Probability: p}, groups: testGroups(groups)}
		rng := rand.New(rand.NewPCG(9, 0))
		count := make([]int, groups)
		for it := 0; it < n; it++ {
			picks := r.draw(rng, 0, nil)
			for x, pk := range picks {
				if x > 0 && pk.i <= picks[x-1].i {
					t.Fatalf("p = %g: picks out of order or repeated: %v", p, picks)
				}
				count[pk.i]++
			}
		}
		for i := range count {
			switch p {
			case 0, 1:
				if count[i] != int(p)*n {
					t.Errorf("p = %g: group %d failed in %d of %d draws", p, i, count[i], n)
				}
			default:
				within(t, fmt.Sprintf("p = %g, group %d", p, i), count[i], n, p)
			}
		}
	}
}

// A uniform choice draws exactly what a fresh partial Fisher–Yates
// shuffle of the identity draws from the same stream, so --random K keeps
// the draws it had before the policy engine (and undoing the shuffle
// leaves the identity for the next draw).
func TestDrawUniformMatchesFisherYates(t *testing.T) {
	const groups, k = 37, 4
	r := drawRule{rule: ir.FailureRule{Select: ir.SelectChoice, Count: k}, groups: testGroups(groups), perm: identity(groups)}
	a := rand.New(rand.NewPCG(1, 0x7768617469660a))
	b := rand.New(rand.NewPCG(1, 0x7768617469660a))
	for it := 0; it < 1000; it++ {
		got := r.draw(a, 0, nil)
		perm := identity(groups)
		for i := 0; i < k; i++ {
			j := i + b.IntN(groups-i)
			perm[i], perm[j] = perm[j], perm[i]
		}
		for i := 0; i < k; i++ {
			if got[i].i != perm[i] {
				t.Fatalf("draw %d: %v, fresh shuffle %v", it, got, perm[:k])
			}
		}
	}
	if !slices.Equal(r.perm, identity(groups)) {
		t.Error("the permutation is not the identity after the draws")
	}
}

// A group's weight counts what fails with it: a SuperPOD leaf has 64
// links of 400 Gb/s (32 to its SU's servers, 32 to the spines) and no
// GPU; a DGX server has 8 GPUs and takes every link of its components
// (fabric, NVLink and PCIe), each once.
func TestGroupWeight(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod")
	adj := g.Adjacency()
	leaf, err := Groups(g, "leaf")
	if err != nil {
		t.Fatal(err)
	}
	f := leaf[0].Failure
	if w := groupWeight(g, adj, f, ir.WeightLinks); w != 64 {
		t.Errorf("leaf %s: %g links, want 64", leaf[0].Name, w)
	}
	if w := groupWeight(g, adj, f, ir.WeightCapacity); w != 64*400e9 {
		t.Errorf("leaf: %g b/s, want 64 × 400 Gb/s", w)
	}
	if w := groupWeight(g, adj, f, ir.WeightDevices); w != 1 {
		t.Errorf("leaf: %g devices, want 1", w)
	}
	if w := groupWeight(g, adj, f, ir.WeightGPUs); w != 0 {
		t.Errorf("leaf: %g GPUs, want 0", w)
	}
	servers, err := Groups(g, "server")
	if err != nil {
		t.Fatal(err)
	}
	s := servers[0].Failure
	if w := groupWeight(g, adj, s, ir.WeightGPUs); w != 8 {
		t.Errorf("server %s: %g GPUs, want 8", servers[0].Name, w)
	}
	// The links of the server's components, each once: count them
	// directly from the link list.
	dead := g.FailedNodes(s)
	want := 0
	for i := range g.NumLinks() {
		if l := g.Link(ir.LinkID(i)); dead[l.A.Node] || dead[l.B.Node] {
			want++
		}
	}
	if w := groupWeight(g, adj, s, ir.WeightLinks); w != float64(want) || want == 0 {
		t.Errorf("server: %g links, want %d", w, want)
	}
}

// lang caps a policy's iterations at the same budget Run does.
func TestIterationsBudgetAgrees(t *testing.T) {
	if lang.MaxPolicyIterations != MaxIterations {
		t.Errorf("lang.MaxPolicyIterations %d, resilience.MaxIterations %d", lang.MaxPolicyIterations, MaxIterations)
	}
}
