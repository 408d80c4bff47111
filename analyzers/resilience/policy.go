package resilience

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path"
	"sort"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// drawRule is a failure rule resolved against the design's groups: the
// groups it matches and, for a weighted choice, their cumulative weights.
type drawRule struct {
	rule   ir.FailureRule
	groups []Group
	// cum[i] is the sum of the weights of groups[0..i] (weighted choice
	// only); perm is a uniform choice's scratch permutation, the identity
	// between draws.
	cum  []float64
	perm []int
}

// drawMode is a policy mode with its rules resolved.
type drawMode struct {
	name   string
	weight float64
	rules  []drawRule
}

// pick is one group a draw fails: rule r's group i.
type pick struct{ r, i int }

// PolicyError is a failure policy that cannot be drawn as the design
// stands: a rule that matches no group of its class, a choice of more
// groups than it matches, or a weighted choice whose groups all weigh 0.
// Origin points at the rule.
type PolicyError struct {
	Policy string
	Origin ir.OriginID
	Reason string
}

func (e *PolicyError) Error() string { return fmt.Sprintf("failure_policy %q: %s", e.Policy, e.Reason) }

// CheckPolicies resolves every failure policy of g against its groups and
// returns why each that cannot be drawn cannot (nil when all can).
func CheckPolicies(g *ir.Graph) []*PolicyError {
	if len(g.FailurePolicies) == 0 {
		return nil
	}
	adj := g.Adjacency()
	groupsOf := cachedGroups(g)
	var out []*PolicyError
	for i := range g.FailurePolicies {
		if _, err := resolvePolicy(g, adj, &g.FailurePolicies[i], groupsOf); err != nil {
			out = append(out, err)
		}
	}
	return out
}

// PolicyDiagnostic is err as an Error[failure-policy-unsatisfiable] at
// its rule.
func PolicyDiagnostic(g *ir.Graph, err *PolicyError) *hcl.Diagnostic {
	return diag.Error(diag.FailurePolicyUnsatisfiable, g.Range(err.Origin), "Failure policy cannot be drawn",
		fmt.Sprintf("%s. Widen match, lower count, or pick another class or weight_by (docs/resilience.md \"Failure policies\").", err))
}

// cachedGroups is Groups, computed once per class.
func cachedGroups(g *ir.Graph) func(string) ([]Group, error) {
	cache := map[string][]Group{}
	return func(c string) ([]Group, error) {
		if gs, ok := cache[c]; ok {
			return gs, nil
		}
		gs, err := Groups(g, c)
		if err == nil {
			cache[c] = gs
		}
		return gs, err
	}
}

// resolvePolicy resolves each rule of p against the groups of its class
// (groupsOf caches them per class).
func resolvePolicy(g *ir.Graph, adj ir.Adjacency, p *ir.FailurePolicy, groupsOf func(string) ([]Group, error)) ([]drawMode, *PolicyError) {
	var modes []drawMode
	for _, m := range p.Modes {
		dm := drawMode{name: m.Name, weight: m.Weight}
		in := fmt.Sprintf("mode %q: ", m.Name)
		if len(p.Modes) == 1 && m.Name == p.Name {
			in = "" // the policy's own rules
		}
		for _, r := range m.Rules {
			all, err := groupsOf(r.Class)
			if err != nil {
				return nil, &PolicyError{p.Name, r.Origin, err.Error()}
			}
			dr := drawRule{rule: r}
			for _, gr := range all {
				if matchGroup(g, r.Match, &gr) {
					dr.groups = append(dr.groups, gr)
				}
			}
			n := len(dr.groups)
			switch {
			case n == 0 && r.Match != nil:
				return nil, &PolicyError{p.Name, r.Origin, in + fmt.Sprintf("no group of class %q matches %q; a pattern is a glob over whole group names (a switch's or server's name, \"rail 3\", \"A:port – B:port\" for a link; * does not cross /), or \"A--B\" with globs over a link's two devices", r.Class, r.Match)}
			case n == 0:
				return nil, &PolicyError{p.Name, r.Origin, in + fmt.Sprintf("class %q has no groups", r.Class)}
			case r.Select == ir.SelectChoice && r.Count > n:
				return nil, &PolicyError{p.Name, r.Origin, in + fmt.Sprintf("a choice of %s of class %q, which has %s that match", units.CountOf(r.Count, "distinct group", "distinct groups"), r.Class, units.Count(n))}
			}
			if r.Select == ir.SelectChoice && r.WeightBy != ir.WeightUniform {
				dr.cum = make([]float64, n)
				sum, weighed := 0.0, 0
				for i := range dr.groups {
					w := groupWeight(g, adj, dr.groups[i].Failure, r.WeightBy)
					if w > 0 {
						weighed++
					}
					sum += w
					dr.cum[i] = sum
				}
				if weighed < r.Count {
					return nil, &PolicyError{p.Name, r.Origin, in + fmt.Sprintf("a choice of %s of class %q by %s, but %s of its groups %s more than 0", units.CountOf(r.Count, "group", "groups"), r.Class, r.WeightBy, units.Count(weighed), units.Agree(weighed, "weighs", "weigh"))}
				}
			} else if r.Select == ir.SelectChoice {
				dr.perm = make([]int, n)
				for i := range dr.perm {
					dr.perm[i] = i
				}
			}
			dm.rules = append(dm.rules, dr)
		}
		modes = append(modes, dm)
	}
	return modes, nil
}

// matchGroup reports whether group gr matches one of pats (every group
// when pats is nil): a pattern is a path.Match glob over the group's name,
// or, for a group of one link, "A--B" with a glob over each end's device
// name ("su0/leaf*--spine0[0-3]"), either way round, as --fail writes
// links.
func matchGroup(g *ir.Graph, pats []string, gr *Group) bool {
	if pats == nil {
		return true
	}
	for _, p := range pats {
		if ok, _ := path.Match(p, gr.Name); ok {
			return true
		}
		a, b, isLink := ir.LinkPattern(p)
		if isLink && len(gr.Failure.Links) == 1 && len(gr.Failure.Nodes) == 0 && g.LinkMatches(new(g.Link(gr.Failure.Links[0])), a, b) {
			return true
		}
	}
	return false
}

// groupWeight is what failure f weighs by w: the devices it names, the
// GPUs among them and their components, or the links it takes down (its
// own and those of its devices and their components) counted or summed
// by capacity (bits per second per direction).
func groupWeight(g *ir.Graph, adj ir.Adjacency, f ir.Failure, w ir.FailureWeight) float64 {
	if w == ir.WeightDevices {
		return float64(len(f.Nodes))
	}
	nodes := withComponents(g, f.Nodes)
	if w == ir.WeightGPUs {
		gpus := 0
		for _, n := range nodes {
			if g.Nodes[n].Kind == ir.KindGPU {
				gpus++
			}
		}
		return float64(gpus)
	}
	down := downLinks(adj, f.Links, nodes)
	if w == ir.WeightLinks {
		return float64(len(down))
	}
	sum := 0.0
	for _, id := range down {
		sum += g.Link(id).CapacityBPS
	}
	return sum
}

// drawer draws failures from a policy's modes with one PCG stream.
type drawer struct {
	rng   *rand.Rand
	modes []drawMode
	total float64
}

// newDrawer seeds the stream: the same seed and modes give the same
// draws on any machine.
func newDrawer(modes []drawMode, seed uint64) *drawer {
	d := &drawer{rng: rand.New(rand.NewPCG(seed, 0x7768617469660a)), modes: modes} // "whatif"
	for _, m := range modes {
		d.total += m.weight
	}
	return d
}

// draw picks a mode (with probability weight ÷ total; no number is drawn
// when there is one mode) and appends to out what its rules select, each
// rule's picks in group order, without repeats. It returns the mode's
// index.
func (d *drawer) draw(out []pick) (int, []pick) {
	mi := 0
	if len(d.modes) > 1 {
		u := d.rng.Float64() * d.total
		for mi = 0; mi < len(d.modes)-1; mi++ {
			if u < d.modes[mi].weight {
				break
			}
			u -= d.modes[mi].weight
		}
		for d.modes[mi].weight == 0 { // u landed past the last weighed mode by rounding
			mi--
		}
	}
	for ri := range d.modes[mi].rules {
		r := &d.modes[mi].rules[ri]
		start := len(out)
		out = r.draw(d.rng, ri, out)
		s := out[start:]
		sort.Slice(s, func(a, b int) bool { return s[a].i < s[b].i })
	}
	return mi, out
}

// draw appends rule r's picks (as rule index ri) for one draw.
func (r *drawRule) draw(rng *rand.Rand, ri int, out []pick) []pick {
	n := len(r.groups)
	switch r.rule.Select {
	case ir.SelectAll:
		return r.drawAll(ri, out)
	case ir.SelectRandom:
		p := r.rule.Probability
		if p <= 0 {
			return out
		}
		if p >= 1 {
			return r.drawAll(ri, out)
		}
		// Geometric skips: the gap before the next failing group is
		// geometric with parameter p, so a draw costs the groups it fails,
		// not n (Devroye, Non-Uniform Random Variate Generation, 1986,
		// ch. X.2).
		l := math.Log1p(-p)
		for i := -1; ; {
			gap := math.Floor(math.Log(1-rng.Float64()) / l)
			if gap >= float64(n-i-1) {
				break
			}
			i += 1 + int(gap)
			out = append(out, pick{ri, i})
		}
	case ir.SelectChoice:
		k := r.rule.Count
		if r.cum == nil {
			// A partial Fisher–Yates shuffle, undone afterwards so that
			// the next draw starts from the identity again in O(k).
			type swap struct{ i, j int }
			var undo [8]swap
			swaps := undo[:0]
			for i := 0; i < k; i++ {
				j := i + rng.IntN(n-i)
				r.perm[i], r.perm[j] = r.perm[j], r.perm[i]
				swaps = append(swaps, swap{i, j})
			}
			for i := 0; i < k; i++ {
				out = append(out, pick{ri, r.perm[i]})
			}
			for x := len(swaps) - 1; x >= 0; x-- {
				s := swaps[x]
				r.perm[s.i], r.perm[s.j] = r.perm[s.j], r.perm[s.i]
			}
			return out
		}
		out = r.drawWeighted(rng, ri, k, out)
	}
	return out
}

func (r *drawRule) drawAll(ri int, out []pick) []pick {
	for i := range r.groups {
		out = append(out, pick{ri, i})
	}
	return out
}

// drawWeighted picks k distinct groups, each next one with probability
// its weight ÷ the weight of the groups not yet picked (successive
// sampling without replacement). It draws from all groups by binary search
// over the cumulative weights and redraws a group already picked, which
// gives exactly that distribution; after 64 redraws in a row it draws
// from the groups left by one pass over them instead.
func (r *drawRule) drawWeighted(rng *rand.Rand, ri, k int, out []pick) []pick {
	n := len(r.groups)
	total := r.cum[n-1]
	weight := func(i int) float64 {
		if i == 0 {
			return r.cum[0]
		}
		return r.cum[i] - r.cum[i-1]
	}
	picked := map[int]bool{}
	for len(picked) < k {
		i, tries := -1, 0
		for ; tries < 64; tries++ {
			u := rng.Float64() * total
			c := sort.SearchFloat64s(r.cum, u)
			for c < n-1 && r.cum[c] <= u { // the first group whose sum exceeds u
				c++
			}
			if !picked[c] && weight(c) > 0 {
				i = c
				break
			}
		}
		if i < 0 {
			left := 0.0
			for c := 0; c < n; c++ {
				if !picked[c] {
					left += weight(c)
				}
			}
			if left <= 0 {
				break // unreachable: resolvePolicy checks k groups weigh above 0
			}
			u := rng.Float64() * left
			for c := 0; c < n; c++ {
				if picked[c] || weight(c) == 0 {
					continue
				}
				i = c
				if u < weight(c) {
					break
				}
				u -= weight(c)
			}
		}
		picked[i] = true
		out = append(out, pick{ri, i})
	}
	return out
}
