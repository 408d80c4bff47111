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
		// The depth-first fast path is off where the intact fabric is in
		// several pieces (planes meeting only at dual-port hosts): each
		// has a main part of its own, which only the full pass knows.
		indexed := false
		for _, d := range b.dfs {
			indexed = indexed || d != nil
		}
		if checked == 0 || fast == 0 && indexed {
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
		inMain := mainPart(g, r, ir.FabricID(fid))
		var kept []ir.Port
		isEP := map[ir.NodeID]bool{}
		for _, p := range r.Fabrics[fid].Endpoints {
			isEP[p.Node] = true
			if inMain(p) {
				kept = append(kept, p)
			}
		}
		// Each owner's capacity on the main parts: its endpoints' links
		// whose end at the endpoint lies in one.
		caps := map[ir.NodeID]float64{}
		for _, id := range r.FabricLinks(ir.FabricID(fid)) {
			l := r.Link(id)
			for _, e := range [2]ir.Port{l.A, l.B} {
				if isEP[e.Node] && inMain(e) {
					caps[owner(g, e.Node)] += l.CapacityBPS
				}
			}
		}
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

// mainPart returns whether each link end of fabric fid (a node, or a
// port of a node the fabric lists with several) lies in a main part: in
// each piece of the intact fabric, the connected piece of its surviving
// links holding the most endpoint capacity (ties to the piece with the
// lowest node). A node listed with several ports joins no pieces: each of
// its ports is a vertex of its own (a host does not forward between its
// ports). A server's endpoints count as joined when the fabric lets
// traffic cross servers (server_transit) in the groups
// ir.Graph.TransitGroupsAfter gives (on the intact graph for the intact
// pieces, on the surviving graph after), as their internals then carry it.
func mainPart(g, r *ir.Graph, fid ir.FabricID) func(ir.Port) bool {
	n := len(g.Nodes)
	listed := map[ir.NodeID]int{}
	for _, p := range g.Fabrics[fid].Endpoints {
		listed[p.Node]++
	}
	// Vertex ids: the node's for a node listed at most once, one past the
	// graph's nodes per port otherwise; low is the node a vertex stands
	// for, ports by their vertex id after it.
	portID := map[ir.Port]int32{}
	var portKeys []ir.Port
	vertex := func(e ir.Port) int32 {
		if listed[e.Node] <= 1 {
			return int32(e.Node)
		}
		k := ir.Port{Node: e.Node, Port: e.Port}
		id, ok := portID[k]
		if !ok {
			id = int32(n + len(portID))
			portID[k] = id
			portKeys = append(portKeys, k)
		}
		return id
	}
	for _, gr := range []*ir.Graph{g, r} {
		for _, id := range gr.FabricLinks(fid) {
			vertex(gr.Link(id).A)
			vertex(gr.Link(id).B)
		}
		for _, p := range gr.Fabrics[fid].Endpoints {
			vertex(p)
		}
	}
	nv := n + len(portID)
	less := func(a, b int32) bool { // a's vertex before b's in (node, port) order
		ka, kb := ir.Port{Node: ir.NodeID(a), Port: -1}, ir.Port{Node: ir.NodeID(b), Port: -1}
		if int(a) >= n {
			ka = portKeys[int(a)-n]
		}
		if int(b) >= n {
			kb = portKeys[int(b)-n]
		}
		return ka.Node < kb.Node || ka.Node == kb.Node && ka.Port < kb.Port
	}
	// pieces returns each vertex's root over gr's surviving fabric links
	// (-1: no link), joined through transit groups, with the root the
	// least vertex of its piece, and each root's endpoint capacity.
	pieces := func(gr *ir.Graph) ([]int32, []float64) {
		parent := make([]int32, nv)
		for i := range parent {
			parent[i] = -1
		}
		find := func(x int32) int32 {
			for parent[x] != x {
				parent[x] = parent[parent[x]]
				x = parent[x]
			}
			return x
		}
		union := func(a, b int32) {
			for _, x := range [2]int32{a, b} {
				if parent[x] < 0 {
					parent[x] = x
				}
			}
			ra, rb := find(a), find(b)
			if less(ra, rb) {
				parent[rb] = ra
			} else if ra != rb {
				parent[ra] = rb
			}
		}
		isEP := make([]bool, n)
		for _, p := range gr.Fabrics[fid].Endpoints {
			isEP[p.Node] = true
		}
		group := map[ir.NodeID]int{}
		for i, grp := range gr.TransitGroupsAfter(g, fid) {
			for _, n := range grp {
				group[n] = i
			}
		}
		firstOf := map[int]int32{}
		weight := make([]float64, nv)
		for _, id := range gr.FabricLinks(fid) {
			l := gr.Link(id)
			union(vertex(l.A), vertex(l.B))
			for _, e := range [2]ir.Port{l.A, l.B} {
				if !isEP[e.Node] {
					continue
				}
				v := vertex(e)
				weight[v] += l.CapacityBPS
				if s, ok := group[e.Node]; ok {
					if first, ok := firstOf[s]; ok {
						union(first, v)
					} else {
						firstOf[s] = v
					}
				}
			}
		}
		root := make([]int32, nv)
		total := make([]float64, nv)
		for v := range root {
			root[v] = -1
			if parent[v] >= 0 {
				root[v] = find(int32(v))
			}
		}
		for v, w := range weight {
			if w > 0 {
				total[root[v]] += w
			}
		}
		return root, total
	}
	intact, _ := pieces(g)
	root, total := pieces(r)
	// Per intact piece, its main part's root: the most capacity, the
	// least root among equals.
	best := map[int32]int32{}
	for v := int32(0); v < int32(nv); v++ {
		if root[v] != v || total[v] <= 0 || intact[v] < 0 {
			continue
		}
		p := intact[v]
		if b, ok := best[p]; !ok || total[v] > total[b] || total[v] == total[b] && less(v, b) {
			best[p] = v
		}
	}
	return func(e ir.Port) bool {
		v := vertex(e)
		if root[v] < 0 || intact[v] < 0 {
			return false
		}
		b, ok := best[intact[v]]
		return ok && root[v] == b
	}
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
