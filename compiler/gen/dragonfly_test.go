package gen

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/topo"
)

var arrangements = []string{ArrangementAbsolute, ArrangementRelative, ArrangementCirculant}

func buildDragonfly(t testing.TB, p Dragonfly) (*ir.Graph, ir.FabricID, DragonflyInfo) {
	t.Helper()
	if p.LocalBPS == 0 {
		p.LocalBPS, p.GlobalBPS = 200e9, 200e9
	}
	if errs := p.Validate(); len(errs) > 0 {
		t.Fatalf("%+v: %v", p, errs)
	}
	g := ir.New()
	p.Origin = testOrigin(g)
	f, info := BuildDragonfly(g, "df", p)
	return g, f, info
}

// routerGroup returns the group of every router (-1 for terminals).
func routerGroup(g *ir.Graph) []int {
	grp := make([]int, len(g.Nodes))
	for i, n := range g.Nodes {
		grp[i] = -1
		if n.Kind == ir.KindSwitch {
			grp[i] = int(n.UnitIndex)
		}
	}
	return grp
}

// checkDragonfly asserts the invariants of any dragonfly build: counts by
// kind, router port ranges, at most h global ports per router, balanced
// group pairs, and unused ports that really are free.
func checkDragonfly(t *testing.T, p Dragonfly, g *ir.Graph, f ir.FabricID, info DragonflyInfo) {
	t.Helper()
	P, A, H, G, m := p.P, p.A, p.H, p.Groups(), p.LinksPerPair
	nTerm := G * A * P
	if p.Terminals > 0 {
		nTerm = p.Terminals
	}
	used := A * H // cabled global ports per group
	if m > 0 {
		used = m * (G - 1)
	}
	checkFabric(t, g, f, g.Fabrics[f].Origin)
	want := map[ir.LinkKind]int{ir.LinkTerminal: nTerm, ir.LinkLocal: G * A * (A - 1) / 2, ir.LinkGlobal: G * used / 2}
	if G == 1 {
		want[ir.LinkGlobal] = 0
	}
	got := kinds(g)
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("%+v: links %v, want %v", p, got, want)
		}
	}
	if info.TerminalLinks != want[ir.LinkTerminal] || info.LocalLinks != want[ir.LinkLocal] || info.GlobalLinks != want[ir.LinkGlobal] {
		t.Fatalf("%+v: info %+v, want %v", p, info, want)
	}
	if len(g.Fabrics[f].Endpoints) != nTerm || len(g.Nodes) != G*A+nTerm {
		t.Fatalf("%+v: %d endpoints, %d nodes", p, len(g.Fabrics[f].Endpoints), len(g.Nodes))
	}
	if wantEmpty := G*A - (nTerm+P-1)/P; info.EmptyRouters != wantEmpty {
		t.Fatalf("%+v: %d routers without terminals, want %d", p, info.EmptyRouters, wantEmpty)
	}
	grp := routerGroup(g)
	globals := make([]int, len(g.Nodes))
	pairs := map[[2]int]int{}
	for _, l := range g.AllLinks() {
		ga, gb := grp[l.A.Node], grp[l.B.Node]
		lo, hi := int32(P+A-1), int32(P+A+H-1)
		switch l.Kind {
		case ir.LinkGlobal:
			if ga == gb || l.A.Port < lo || l.A.Port >= hi || l.B.Port < lo || l.B.Port >= hi {
				t.Fatalf("%+v: bad global link %+v", p, l)
			}
			globals[l.A.Node]++
			globals[l.B.Node]++
			pairs[[2]int{min(ga, gb), max(ga, gb)}]++
		case ir.LinkLocal:
			if ga != gb || l.A.Port < int32(P) || l.A.Port >= lo || l.B.Port < int32(P) || l.B.Port >= lo {
				t.Fatalf("%+v: bad local link %+v", p, l)
			}
		}
	}
	for id, c := range globals {
		if c > H {
			t.Fatalf("%+v: %s has %d global links", p, g.Nodes[id].Name, c)
		}
		// With m links per pair the used ports spread evenly: every router
		// holds ⌊used/a⌋ or ⌈used/a⌉ (closed form, not the code's rule).
		if m > 0 && G > 1 && g.Nodes[id].Kind == ir.KindSwitch && (c < used/A || c > (used+A-1)/A) {
			t.Fatalf("%+v: %s has %d global links, want %d or %d", p, g.Nodes[id].Name, c, used/A, (used+A-1)/A)
		}
	}
	lo, hi := 0, 0
	if G > 1 {
		lo, hi = A*H, 0
		for i := range G {
			for j := i + 1; j < G; j++ {
				c := pairs[[2]int{i, j}]
				lo, hi = min(lo, c), max(hi, c)
			}
		}
	}
	if hi-lo > 1 || lo != info.PairMin || hi != info.PairMax || (m > 0 && G > 1 && (lo != m || hi != m)) {
		t.Fatalf("%+v: pair counts %d..%d, info %d..%d", p, lo, hi, info.PairMin, info.PairMax)
	}
	wantUnused := G * A * H % 2
	switch {
	case G == 1:
		wantUnused = G * A * H
	case m > 0:
		wantUnused = G * (A*H - used)
	}
	if len(info.UnusedGlobalPorts) != wantUnused {
		t.Fatalf("%+v: %d unused ports, want %d", p, len(info.UnusedGlobalPorts), wantUnused)
	}
	adj := g.Adjacency()
	for _, u := range info.UnusedGlobalPorts {
		if slices.Contains(endsAt(g, adj, u.Node), u) || g.Nodes[u.Node].Kind != ir.KindSwitch || u.Port < int32(P+A-1) || u.Port >= int32(P+A+H-1) {
			t.Fatalf("%+v: unused port %+v is not a free global port", p, u)
		}
	}
}

// TestDragonflyPartial sweeps global_links_per_pair and terminals against
// their closed forms (checkDragonfly): m·g(g−1)/2 global links, exactly m
// between every two groups, m·(g−1) ports a group spread over its
// routers within one, a·h − m·(g−1) free global ports per group, and the
// terminals filled router by router. Then HPE Frontier's published shape
// (glennklockwood.com, "Frontier"): 74 groups of 32 64-port switches, 16
// endpoints per switch, 4 links between every two groups, 9,408 nodes of
// 4 NICs (64 nodes short of 74 × 128).
func TestDragonflyPartial(t *testing.T) {
	n := 0
	for a := 1; a <= 5; a++ {
		for h := 1; h <= 4; h++ {
			for m := 1; m <= a*h; m++ {
				for G := 2; G <= a*h/m+1; G++ {
					for _, term := range []int{0, 2, 2*a*G - 1} {
						for _, arr := range arrangements {
							p := Dragonfly{P: 2, A: a, H: h, G: G, LinksPerPair: m, Terminals: term, Arrangement: arr}
							g, f, info := buildDragonfly(t, p)
							checkDragonfly(t, p, g, f, info)
							n++
						}
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d cases", n)
	}
	// The default g with m links per pair is the most the ports reach.
	if got := (Dragonfly{A: 4, H: 2, LinksPerPair: 3}).Groups(); got != 3 {
		t.Errorf("default g with m = 3, a·h = 8: %d, want ⌊8/3⌋+1 = 3", got)
	}
	p := Dragonfly{P: 16, A: 32, H: 16, G: 74, LinksPerPair: 4, Terminals: 9408 * 4, RouterRadix: 64}
	g, f, info := buildDragonfly(t, p)
	checkDragonfly(t, p, g, f, info)
	if info.GlobalLinks != 4*74*73/2 || info.LocalLinks != 74*32*31/2 || info.TerminalLinks != 37632 || info.EmptyRouters != 16 {
		t.Errorf("Frontier: %+v; want 10,804 global, 36,704 local, 37,632 terminal links and 16 empty routers", info)
	}
	free := 0
	adj := g.Adjacency()
	for id, nd := range g.Nodes {
		if nd.Kind == ir.KindSwitch {
			if nd.Radix != 64 {
				t.Fatalf("%s: radix %d, want the model's 64", nd.Name, nd.Radix)
			}
			free += 64 - len(endsAt(g, adj, ir.NodeID(id)))
		}
	}
	// 2,368 spare ports (64 − 63) + 74 × (512 − 292) uncabled global
	// ports + 256 empty terminal slots.
	if free != 2368+74*220+256 {
		t.Errorf("Frontier: %d free router ports, want %d", free, 2368+74*220+256)
	}
}

// TestDragonflyPaperExample is Kim et al.'s p=2, a=4, h=2 example
// (designs.md acceptance case 14): 72 + 54 + 36 = 162 links, 36 routers,
// radix 7 fully used.
func TestDragonflyPaperExample(t *testing.T) {
	for _, arr := range append(arrangements, "") {
		p := Dragonfly{P: 2, A: 4, H: 2, Arrangement: arr, RouterModel: "R"}
		g, f, info := buildDragonfly(t, p)
		checkDragonfly(t, p, g, f, info)
		if g.NumLinks() != 162 || info.Groups != 9 || info.PairMin != 1 || info.PairMax != 1 {
			t.Fatalf("%s: %d links, info %+v", arr, g.NumLinks(), info)
		}
		adj := g.Adjacency()
		routers := 0
		for id, n := range g.Nodes {
			if n.Kind == ir.KindSwitch {
				routers++
				if d := len(adj.Of(ir.NodeID(id))); d != 7 || n.Radix != 7 || n.TierName() != "router" || n.UnitName() != "group" {
					t.Fatalf("%s: %s degree %d radix %d", arr, n.Name, d, n.Radix)
				}
			}
		}
		if routers != 36 {
			t.Fatalf("%d routers", routers)
		}
		fab := g.Fabrics[f]
		if v, _ := fab.Param("g"); v != 9 || fab.Family != "dragonfly" || !reflect.DeepEqual(fab.Tiers, []string{"router"}) {
			t.Fatalf("fabric %+v", fab)
		}
		if arr == "" && info.Arrangement != DefaultArrangement {
			t.Fatalf("default arrangement %q", info.Arrangement)
		}
		if g.Nodes[0].Name != "group0/router0" || g.Nodes[4].Name != "group0/router0/host0" {
			t.Fatalf("names %q %q", g.Nodes[0].Name, g.Nodes[4].Name)
		}
	}
}

// TestDragonflyBalanced checks the balanced designs of designs.md §2 and
// acceptance case 15, including the group-cut bisection 256 × 257.
func TestDragonflyBalanced(t *testing.T) {
	for _, c := range []struct {
		p, a, h, g                                     int
		terminals, routers, global, local, bisectLinks int
	}{
		{8, 16, 8, 129, 16512, 2064, 8256, 15480, 64 * 65},
		{16, 32, 16, 513, 262656, 16416, 131328, 254448, 65792},
	} {
		p := Dragonfly{P: c.p, A: c.a, H: c.h}
		g, f, info := buildDragonfly(t, p)
		if c.g < 200 || !testing.Short() {
			checkDragonfly(t, p, g, f, info) // about 1 s at g = 513
		}
		k := kinds(g)
		if info.Groups != c.g || len(g.Fabrics[f].Endpoints) != c.terminals || len(g.Nodes)-c.terminals != c.routers ||
			k[ir.LinkGlobal] != c.global || k[ir.LinkLocal] != c.local || k[ir.LinkTerminal] != c.terminals || info.PairMax != 1 || info.PairMin != 1 {
			t.Fatalf("%+v: info %+v kinds %v", c, info, k)
		}
		grp := routerGroup(g)
		cut := 0
		for _, l := range g.AllLinks() {
			if l.Kind == ir.LinkGlobal && (grp[l.A.Node] < c.g/2) != (grp[l.B.Node] < c.g/2) {
				cut++
			}
		}
		if cut != c.bisectLinks {
			t.Fatalf("%+v: group cut %d links, want %d", c, cut, c.bisectLinks)
		}
	}
}

// TestDragonflyFewerGroups sweeps g below a·h+1, including odd g·a·h.
func TestDragonflyFewerGroups(t *testing.T) {
	odd := 0
	for a := 1; a <= 5; a++ {
		for h := 1; h <= 4; h++ {
			for G := 1; G <= a*h+1; G++ {
				for _, arr := range arrangements {
					p := Dragonfly{P: 1, A: a, H: h, G: G, Arrangement: arr}
					g, f, info := buildDragonfly(t, p)
					checkDragonfly(t, p, g, f, info)
					if G > 1 && G*a*h%2 == 1 {
						odd++
					}
				}
			}
		}
	}
	for _, p := range []Dragonfly{{P: 2, A: 5, H: 3, G: 11}, {P: 2, A: 5, H: 3, G: 12}, {P: 4, A: 8, H: 4, G: 7}, {P: 3, A: 7, H: 5, G: 9}} {
		for _, arr := range arrangements {
			p.Arrangement = arr
			g, f, info := buildDragonfly(t, p)
			checkDragonfly(t, p, g, f, info)
		}
	}
	if odd == 0 {
		t.Fatal("sweep has no odd g·a·h case")
	}
}

// TestDragonflyArrangements checks each arrangement against its definition
// (Hastings et al. 2015) at g = a·h+1: global port k of group i reaches
// absolute: k or k+1; relative: i+k+1; circulant: i+(m+1) for k = 2m,
// i−(m+1) for k = 2m+1.
func TestDragonflyArrangements(t *testing.T) {
	for _, sz := range [][3]int{{2, 4, 2}, {1, 3, 2}, {1, 3, 1}, {1, 2, 3}} {
		for _, arr := range arrangements {
			p := Dragonfly{P: sz[0], A: sz[1], H: sz[2], Arrangement: arr}
			g, _, _ := buildDragonfly(t, p)
			P, A, H, G := p.P, p.A, p.H, p.Groups()
			grp := routerGroup(g)
			at := portLinks(g)
			routers := map[string]ir.NodeID{}
			for id, n := range g.Nodes {
				routers[n.Name] = ir.NodeID(id)
			}
			for i := range G {
				for k := range A * H {
					r := routers[Indexed("group", i, G)+"/"+Indexed("router", k/H, A)]
					pt := ir.Port{Node: r, Port: int32(P + A - 1 + k%H)}
					l := g.Link(at[pt])
					j := grp[l.Other(r)]
					var want int
					switch arr {
					case ArrangementAbsolute:
						want = k
						if k >= i {
							want = k + 1
						}
					case ArrangementRelative:
						want = (i + k + 1) % G
					case ArrangementCirculant:
						want = (i + k/2 + 1) % G
						if k%2 == 1 {
							want = (i - k/2 - 1 + G) % G
						}
					}
					if j != want {
						t.Fatalf("%s %v: group %d port %d reaches group %d, want %d", arr, sz, i, k, j, want)
					}
				}
			}
		}
	}
}

// TestDragonflyGonumOracle checks connectivity and a router diameter of at
// most 3 hops (local, global, local) with gonum.
func TestDragonflyGonumOracle(t *testing.T) {
	for _, p := range []Dragonfly{{P: 2, A: 4, H: 2}, {P: 1, A: 3, H: 2}, {P: 1, A: 2, H: 3}, {P: 1, A: 4, H: 2, G: 5}, {P: 1, A: 3, H: 3, G: 6}} {
		for _, arr := range arrangements {
			p.Arrangement = arr
			g, f, _ := buildDragonfly(t, p)
			view := g.FabricView(f)
			if cc := topo.ConnectedComponents(view); len(cc) != 1 {
				t.Fatalf("%+v: %d components", p, len(cc))
			}
			for id, n := range g.Nodes {
				if n.Kind != ir.KindSwitch {
					continue
				}
				sp := path.DijkstraFrom(view.Node(int64(id)), view)
				for to, m := range g.Nodes {
					if m.Kind == ir.KindSwitch && sp.WeightTo(int64(to)) > 3 {
						t.Fatalf("%+v: %s→%s is %v hops", p, n.Name, m.Name, sp.WeightTo(int64(to)))
					}
				}
			}
		}
	}
}

func TestDragonflyDeterministic(t *testing.T) {
	p := Dragonfly{P: 2, A: 5, H: 3, G: 11}
	g1, _, i1 := buildDragonfly(t, p)
	g2, _, i2 := buildDragonfly(t, p)
	if !reflect.DeepEqual(g1, g2) || !reflect.DeepEqual(i1, i2) {
		t.Fatal("two builds differ")
	}
}

func TestDragonflyValidate(t *testing.T) {
	ok := Dragonfly{P: 2, A: 4, H: 2, LocalBPS: 1, GlobalBPS: 1}
	for _, c := range []struct {
		mod   func(*Dragonfly)
		param string
		msg   string
	}{
		{func(p *Dragonfly) { p.P = 0 }, "p", "at least 1"},
		{func(p *Dragonfly) { p.A = 0 }, "a", "at least 1"},
		{func(p *Dragonfly) { p.H = -1 }, "h", "at least 1"},
		{func(p *Dragonfly) { p.G = 10 }, "g", "a·h+1 = 9"},
		{func(p *Dragonfly) { p.G = -2 }, "g", "at least 1"},
		{func(p *Dragonfly) { p.Arrangement = "palmtree" }, "global_arrangement", `"circulant"`},
		{func(p *Dragonfly) { p.GlobalBPS = 0 }, "global_rate", "positive"},
		{func(p *Dragonfly) { p.TerminalBPS = -1 }, "terminal_rate", "positive"},
		{func(p *Dragonfly) { p.P, p.A, p.H = 100000, 1000, 1000 }, "g", "limit"},
		{func(p *Dragonfly) { p.G, p.LinksPerPair = 6, 2 }, "global_links_per_pair", "a·h = 8"},
		{func(p *Dragonfly) { p.LinksPerPair = -1 }, "global_links_per_pair", "at least 1"},
		{func(p *Dragonfly) { p.Terminals = 73 }, "terminals", "g·a·p = 72"},
		{func(p *Dragonfly) { p.Terminals = 1 }, "terminals", "one endpoint"},
		{func(p *Dragonfly) { p.LinksPerPair = 100 }, "global_links_per_pair", "only a·h = 8"},
		{func(p *Dragonfly) { p.G, p.LinksPerPair = 1, 3 }, "global_links_per_pair", "one group"},
	} {
		p := ok
		c.mod(&p)
		errs := p.Validate()
		if len(errs) != 1 || errs[0].Param != c.param || !strings.Contains(errs[0].Msg, c.msg) {
			t.Errorf("%+v: got %v, want %s: …%s…", p, errs, c.param, c.msg)
		}
	}
	for _, G := range []int{0, 1, 9} {
		p := ok
		p.G = G
		if errs := p.Validate(); errs != nil {
			t.Errorf("g=%d: %v", G, errs)
		}
	}
}

func BenchmarkDragonfly513(b *testing.B) {
	for range b.N {
		buildDragonfly(b, Dragonfly{P: 16, A: 32, H: 16})
	}
}

func ExampleBuildDragonfly() {
	g := ir.New()
	_, info := BuildDragonfly(g, "df", Dragonfly{P: 1, A: 3, H: 1, G: 3, LocalBPS: 200e9, GlobalBPS: 200e9})
	fmt.Println(info.GlobalLinks, info.PairMin, info.PairMax, len(info.UnusedGlobalPorts))
	// Output: 4 1 2 1
}
