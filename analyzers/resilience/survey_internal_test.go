package resilience

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// TestSurveyMatchesResidual checks survey (masks on the intact graph)
// against the direct method it replaces: ir.Graph.Residual, then
// mainPart and ownerCaps on the copy. Every class of every example with
// more than one piece of structure is failed group by group (at most 40
// groups each, drawn with a fixed seed), and pairs of groups too.
func TestSurveyMatchesResidual(t *testing.T) {
	// A tree (one uplink per leaf, one spine) has bridges that cut off
	// capacity, which the examples' fabrics do not.
	tree := compiletest.Source(t, `
fabric "f" {
  clos {
    hosts     = 12
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 3
      down  = 4
      up    = 1
    }
    tier "spine" {
      model = "QM9700"
      count = 1
    }
  }
}`)
	for _, ex := range []string{"tree", "dgx-h100-superpod", "gb200-nvl72-2rack", "deepseek-v3-mpft", "rail-only-512", "roce-leaf-spine-2plane", "fat-tree-k8", "dragonfly-small"} {
		g := tree
		if ex != "tree" {
			g = compiletest.Example(t, ex)
		}
		b := newBaseline(g, bisection.ViewGPU, make([]bisection.Fabric, len(g.Fabrics)), nil)
		rng := rand.New(rand.NewPCG(1, 2))
		checked, fast := 0, 0
		for _, class := range Classes(g) {
			gs, err := Groups(g, class)
			if err != nil {
				t.Fatal(err)
			}
			var fs []ir.Failure
			for i := 0; i < min(len(gs), 40); i++ {
				fs = append(fs, gs[rng.IntN(len(gs))].Failure)
			}
			if len(gs) > 1 {
				fs = append(fs, union(gs[0].Failure, gs[len(gs)-1].Failure))
			}
			for _, f := range fs {
				checkSurvey(t, ex+" "+class, b, f, &fast)
				checked++
			}
		}
		if checked == 0 || fast == 0 {
			t.Fatalf("%s: %d scenarios checked, %d by the fast path", ex, checked, fast)
		}
		t.Logf("%s: %d scenarios, %d fabric surveys by the fast path", ex, checked, fast)
	}
}

// checkSurvey compares survey with the direct method for one failure.
func checkSurvey(t *testing.T, what string, b *baseline, f ir.Failure, fastChecked *int) {
	t.Helper()
	g := b.g
	dead := g.FailedNodes(f)
	for _, id := range f.Links {
		b.cut[id] = true
	}
	defer func() {
		for _, id := range f.Links {
			b.cut[id] = false
		}
	}()
	r := g.Residual(f)
	for fid := range g.Fabrics {
		main := mainPart(g, r, ir.FabricID(fid))
		var kept []ir.Port
		for _, p := range r.Fabrics[fid].Endpoints {
			if main[p.Node] {
				kept = append(kept, p)
			}
		}
		caps, _ := ownerCaps(r, ir.FabricID(fid), func(n ir.NodeID) bool { return main[n] })
		x := b.index[fid]
		d := b.dfs[fid]
		b.dfs[fid] = nil // the full pass
		sv := b.survey(fid, f, dead, func() *ir.Graph { return r })
		b.dfs[fid] = d
		caps0 := append([]float64(nil), sv.caps...) // survey's caps alias scratch
		sv.caps = caps0
		got := keptEndpoints(g.Fabrics[fid].Endpoints, sv.keptEP)
		if sv.residual != len(r.Fabrics[fid].Endpoints) || sv.kept != len(kept) || len(got) != len(kept) {
			t.Fatalf("%s fabric %s: survey keeps %d of %d residual endpoints, direct %d of %d", what, g.Fabrics[fid].Name, sv.kept, sv.residual, len(kept), len(r.Fabrics[fid].Endpoints))
		}
		for i := range got {
			if got[i] != kept[i] {
				t.Fatalf("%s fabric %s: endpoint %d is %v, direct %v", what, g.Fabrics[fid].Name, i, got[i], kept[i])
			}
		}
		owners := map[ir.NodeID]bool{}
		for _, p := range kept {
			owners[owner(g, p.Node)] = true
		}
		for j, o := range x.owners {
			if math.Abs(sv.caps[j]-caps[o]) > 1e-6 {
				t.Fatalf("%s fabric %s: %s keeps %g b/s, direct %g b/s", what, g.Fabrics[fid].Name, g.Nodes[o].Name, sv.caps[j], caps[o])
			}
		}
		if sv.keptOwners != len(owners) {
			t.Fatalf("%s fabric %s: %d owners keep an endpoint, direct %d", what, g.Fabrics[fid].Name, sv.keptOwners, len(owners))
		}
		// The depth-first fast path (or the full pass it falls back to)
		// agrees too.
		fast := b.survey(fid, f, dead, func() *ir.Graph { return r })
		if fast.keptEP == nil {
			*fastChecked++
		}
		if fast.residual != sv.residual || fast.kept != sv.kept || fast.keptOwners != sv.keptOwners {
			t.Fatalf("%s fabric %s: fast path residual %d kept %d owners %d; full pass %d, %d, %d", what, g.Fabrics[fid].Name, fast.residual, fast.kept, fast.keptOwners, sv.residual, sv.kept, sv.keptOwners)
		}
		for j, o := range x.owners {
			if math.Abs(fast.caps[j]-caps[o]) > 1e-6 {
				t.Fatalf("%s fabric %s: fast path: %s keeps %g b/s, direct %g b/s", what, g.Fabrics[fid].Name, g.Nodes[o].Name, fast.caps[j], caps[o])
			}
		}
	}
}

// mainPart returns a mask over r.Nodes of the nodes of fabric fid that
// lie in the fabric's main part: the connected piece of the fabric's
// surviving links holding the most endpoint capacity (ties to the piece
// with the lowest node). A
// server's endpoints count as joined when the fabric lets traffic cross
// servers (server_transit) in the groups ir.Graph.TransitGroupsAfter
// gives on the surviving graph, as their internals then carry it.
func mainPart(g, r *ir.Graph, fid ir.FabricID) []bool {
	n := len(r.Nodes)
	parent := make([]int32, n)
	for i := range parent {
		parent[i] = -1 // not in the fabric's surviving links
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	add := func(x ir.NodeID) {
		if parent[x] < 0 {
			parent[x] = int32(x)
		}
	}
	union := func(a, b ir.NodeID) {
		add(a)
		add(b)
		ra, rb := find(int32(a)), find(int32(b))
		if ra < rb {
			parent[rb] = ra
		} else if rb < ra {
			parent[ra] = rb
		}
	}
	isEP := make([]bool, n)
	for _, p := range r.Fabrics[fid].Endpoints {
		isEP[p.Node] = true
	}
	group := map[ir.NodeID]int{} // each NIC's transit group on the surviving graph
	for i, grp := range r.TransitGroupsAfter(g, fid) {
		for _, n := range grp {
			group[n] = i
		}
	}
	firstOf := map[int]ir.NodeID{} // a group's first endpoint seen
	weight := make([]float64, n)
	for _, id := range r.FabricLinks(fid) {
		l := r.Link(id)
		union(l.A.Node, l.B.Node)
		for _, e := range [2]ir.NodeID{l.A.Node, l.B.Node} {
			if !isEP[e] {
				continue
			}
			weight[e] += l.CapacityBPS
			if s, ok := group[e]; ok {
				if first, ok := firstOf[s]; ok {
					union(first, e)
				} else {
					firstOf[s] = e
				}
			}
		}
	}
	total := make([]float64, n)
	for e, w := range weight {
		if w > 0 {
			total[find(int32(e))] += w
		}
	}
	best, bestW := int32(-1), -1.0
	for root, w := range total {
		if w > bestW && w > 0 {
			best, bestW = int32(root), w
		}
	}
	in := make([]bool, n)
	for x := range parent {
		if parent[x] >= 0 && find(int32(x)) == best {
			in[x] = true
		}
	}
	return in
}

// keptEndpoints returns the entries of eps that keep marks, in order.
func keptEndpoints(eps []ir.Port, keep []bool) []ir.Port {
	var out []ir.Port
	for i, p := range eps {
		if keep[i] {
			out = append(out, p)
		}
	}
	return out
}

// TestPercentShowsALoss: a share of the intact bisection prints to 0.1,
// with more digits where a loss would read 100.0 (trial 48: 818.8 of
// 819.2 Tb/s printed "100.0% of intact").
func TestPercentShowsALoss(t *testing.T) {
	for x, want := range map[float64]string{
		100:                   "100.0",
		99.94:                 "99.9",
		100 * 818.8 / 819.2:   "99.95",
		99.996:                "99.996",
		87.5:                  "87.5",
		100 * 1000.1 / 1000.0: "100.0",
	} {
		if got := percent(x); got != want {
			t.Errorf("percent(%v) = %q, want %q", x, got, want)
		}
	}
}
