package gen

import (
	"fmt"
	"slices"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// The torus generator against its closed forms (Dally and Towles 2004,
// ch. 5) over 1 to 4 dimensions, odd and even sides, rings of 2, torus
// and mesh: ∏k routers with p terminals each, Σ (N/kᵢ)·ring(kᵢ)
// router–router links where a ring of k has k links with wrap-around (k
// ≥ 3) and k − 1 otherwise; every router has 2 neighbours per dimension
// in a torus of sides ≥ 3, two routers share at most one link, and each
// link joins routers that differ by ±1 (mod k) in exactly one coordinate.
func TestTorusSweep(t *testing.T) {
	for _, dims := range [][]int{{2}, {3}, {8}, {2, 2}, {3, 5}, {4, 4, 4}, {2, 3, 4, 5}, {6, 2}} {
		for _, wrap := range []bool{true, false} {
			for _, p := range []int{1, 3} {
				name := fmt.Sprintf("dims %v wrap %v p %d", dims, wrap, p)
				tp := Torus{Dims: dims, Wrap: wrap, P: p, LinkBPS: 400e9, TerminalBPS: 200e9}
				if errs := tp.Validate(); len(errs) > 0 {
					t.Fatalf("%s: %v", name, errs)
				}
				g := ir.New()
				tp.Origin = testOrigin(g)
				f := BuildTorus(g, "t", tp)
				checkFabric(t, g, f, tp.Origin)
				n, links := 1, 0
				for _, k := range dims {
					n *= k
				}
				for _, k := range dims {
					ring := k - 1
					if wrap && k > 2 {
						ring = k
					}
					links += n / k * ring
				}
				if got := kinds(g); got[ir.LinkTorus] != links || got[ir.LinkTerminal] != n*p || g.NumLinks() != links+n*p {
					t.Errorf("%s: links %v; want %d torus, %d terminal", name, got, links, n*p)
				}
				if len(g.Nodes) != n*(1+p) || len(g.Fabrics[f].Endpoints) != n*p {
					t.Errorf("%s: %d nodes, %d endpoints; want %d, %d", name, len(g.Nodes), len(g.Fabrics[f].Endpoints), n*(1+p), n*p)
				}
				coord := map[ir.NodeID][]int{}
				c := make([]int, len(dims))
				for i := range n {
					coord[ir.NodeID(i)] = append([]int(nil), c...)
					next(c, dims)
				}
				seen := map[[2]ir.NodeID]bool{}
				deg := map[ir.NodeID]int{}
				for _, l := range g.AllLinks() {
					if l.Kind != ir.LinkTorus {
						if l.CapacityBPS != 200e9 {
							t.Errorf("%s: terminal link at %g", name, l.CapacityBPS)
						}
						continue
					}
					a, b := l.A.Node, l.B.Node
					key := [2]ir.NodeID{min(a, b), max(a, b)}
					if seen[key] {
						t.Errorf("%s: two links between %s and %s", name, g.Nodes[a].Name, g.Nodes[b].Name)
					}
					seen[key] = true
					deg[a]++
					deg[b]++
					diff := 0
					for d, k := range dims {
						delta := (coord[b][d] - coord[a][d] + k) % k
						switch {
						case delta == 0:
						case delta == 1 || delta == k-1:
							diff++
							if !wrap && (coord[a][d]-coord[b][d] == k-1 || coord[b][d]-coord[a][d] == k-1) && k > 2 {
								t.Errorf("%s: mesh link wraps: %s–%s", name, g.Nodes[a].Name, g.Nodes[b].Name)
							}
						default:
							diff += 2
						}
					}
					if diff != 1 {
						t.Errorf("%s: %s–%s are not neighbours", name, g.Nodes[a].Name, g.Nodes[b].Name)
					}
				}
				if wrap && slices.Min(dims) >= 3 {
					for r := range n {
						if deg[ir.NodeID(r)] != 2*len(dims) {
							t.Errorf("%s: %s has %d neighbours; want %d", name, g.Nodes[r].Name, deg[ir.NodeID(r)], 2*len(dims))
						}
					}
				}
			}
		}
	}
}

// Router names carry zero-padded coordinates, dimension 0 first.
func TestTorusNames(t *testing.T) {
	g := ir.New()
	BuildTorus(g, "t", Torus{Dims: []int{4, 16}, Wrap: true, P: 2, LinkBPS: 1e9})
	if g.Nodes[1].Name != "r1-00" || g.Nodes[4].Name != "r0-01" || g.Nodes[63].Name != "r3-15" || g.Nodes[64].Name != "r0-00/host0" {
		t.Errorf("names %q %q %q %q", g.Nodes[1].Name, g.Nodes[4].Name, g.Nodes[63].Name, g.Nodes[64].Name)
	}
}

func TestTorusValidate(t *testing.T) {
	for _, c := range []struct {
		p     Torus
		param string
	}{
		{Torus{Dims: nil, P: 1, LinkBPS: 1e9}, "dims"},
		{Torus{Dims: []int{4, 1}, P: 1, LinkBPS: 1e9}, "dims"},
		{Torus{Dims: []int{2, 2, 2, 2, 2, 2, 2}, P: 1, LinkBPS: 1e9}, "dims"},
		{Torus{Dims: []int{4}, P: 0, LinkBPS: 1e9}, "p"},
		{Torus{Dims: []int{4}, P: 1}, "link_rate"},
		{Torus{Dims: []int{4, 4}, P: 2, LinkBPS: 1e9, RouterRadix: 5}, "router_model"},
		{Torus{Dims: []int{1 << 16, 1 << 16}, P: 1, LinkBPS: 1e9}, "dims"},
	} {
		errs := c.p.Validate()
		if len(errs) == 0 || errs[0].Param != c.param {
			t.Errorf("%+v: %v; want an error on %s", c.p, errs, c.param)
		}
	}
}
