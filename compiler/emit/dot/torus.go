package dot

import (
	"math"
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// MaxGridRouters is the most routers a torus grid view draws: 256 (a
// 16 × 16 plane, or four 8 × 8 planes), beyond which a box per router is
// too small to read at the size a slide shows it; the overview then
// stands alone. A presentation choice.
const MaxGridRouters = 256

// Colours of a grid's links by dimension (x, y), distinct from the rail
// colours of unit details. A presentation choice.
var gridColours = [2]string{"#1f77b4", "#e6550d"}

// torusGeometry is a torus or mesh fabric as a grid: its dimensions (at
// most three, a missing one of size 1), whether rings wrap, and its
// routers in generation order (dimension 0 fastest, as gen.Torus builds
// them).
type torusGeometry struct {
	dims    [3]int
	n       int // dimensions given
	wrap    bool
	routers []ir.NodeID
	index   map[ir.NodeID]int
}

// torusOf reads fabric f's grid, false when it is no torus, has more
// than three dimensions or more than MaxGridRouters routers, or its
// routers do not match its parameters.
func torusOf(g *ir.Graph, f ir.FabricID) (torusGeometry, bool) {
	fab := &g.Fabrics[f]
	t := torusGeometry{dims: [3]int{1, 1, 1}}
	if fab.Family != ir.FamilyTorus {
		return t, false
	}
	for d := 0; ; d++ {
		k, ok := fab.Param("k" + strconv.Itoa(d))
		if !ok {
			break
		}
		if d >= 3 {
			return t, false
		}
		t.dims[d], t.n = int(k), d+1
	}
	w, _ := fab.Param("wrap")
	t.wrap = w == 1
	for _, n := range g.FabricNodes(f) {
		if g.Nodes[n].Kind.IsSwitch() {
			t.routers = append(t.routers, n)
		}
	}
	if t.n == 0 || len(t.routers) != t.dims[0]*t.dims[1]*t.dims[2] || len(t.routers) > MaxGridRouters {
		return t, false
	}
	t.index = make(map[ir.NodeID]int, len(t.routers))
	for i, r := range t.routers {
		t.index[r] = i
	}
	return t, true
}

// coord returns router i's coordinates.
func (t *torusGeometry) coord(i int) [3]int {
	return [3]int{i % t.dims[0], i / t.dims[0] % t.dims[1], i / (t.dims[0] * t.dims[1])}
}

// neighbourDim returns the dimension along which routers i and j are
// neighbours on the grid (their coordinates differ by one in it alone),
// or −1 for a wrap-around link or any other pair.
func (t *torusGeometry) neighbourDim(i, j int) int {
	a, b := t.coord(i), t.coord(j)
	dim := -1
	for d := range 3 {
		switch diff := a[d] - b[d]; {
		case diff == 0:
		case (diff == 1 || diff == -1) && dim < 0:
			dim = d
		default:
			return -1
		}
	}
	return dim
}

// torusGrid draws a torus or mesh of at most three dimensions and
// MaxGridRouters routers as the grid it is, which the tier overview
// cannot show: each router at its (x, y) place, the planes of a third
// dimension side by side in rows, x and y links between neighbours
// coloured by dimension; wrap-around and z links are said in the caption,
// not drawn (across the grid they would cross every other line). Laid
// out by neato at pinned positions.
func (ov *overview) torusGrid() (detail, bool) {
	g := ov.g
	t, ok := torusOf(g, ov.f)
	if !ok {
		return detail{}, false
	}
	const dx, dy = 1.05, 0.72 // inches between routers
	pcols := int(math.Ceil(math.Sqrt(float64(t.dims[2]))))
	pos := func(i int) (x, y float64) {
		c := t.coord(i)
		px := (c[2]%pcols)*(t.dims[0]+1) + c[0]
		py := (c[2]/pcols)*(t.dims[1]+2) + c[1]
		return float64(px) * dx, -float64(py) * dy
	}
	kind := "mesh"
	if t.wrap {
		kind = "torus"
	}
	shape := make([]string, t.n)
	for d := range t.n {
		shape[d] = strconv.Itoa(t.dims[d])
	}
	terminals, linkBPS, termBPS := 0, 0.0, 0.0
	var drawn [2]int
	type gedge struct {
		a, b int
		dim  int
	}
	var edges []gedge
	for _, id := range g.FabricLinks(ov.f) {
		l := g.Link(id)
		i, okA := t.index[l.A.Node]
		j, okB := t.index[l.B.Node]
		switch {
		case okA && okB:
			linkBPS = l.PhysicalBPS()
			if d := t.neighbourDim(i, j); d >= 0 && d < 2 {
				edges = append(edges, gedge{i, j, d})
				drawn[d]++
			}
		case okA || okB:
			terminals++
			termBPS = l.PhysicalBPS()
		}
	}
	what := strings.Join(shape, " × ") + " " + kind + " · " + units.CountOf(len(t.routers), "router", "routers")
	if t.n == 1 {
		what = map[bool]string{true: "ring", false: "line"}[t.wrap] + " of " + units.CountOf(len(t.routers), "router", "routers")
	}
	lines := []string{ov.title("grid"), what + " · " + units.CountOf(terminals/len(t.routers), "endpoint", "endpoints") + " per router at " + rateShort(termBPS)}
	var said []string
	for d, name := range []string{"x", "y"} {
		if d < t.n && t.dims[d] > 1 {
			said = append(said, name+" links "+[]string{"blue", "orange"}[d])
		}
	}
	lines = append(lines, strings.Join(said, ", ")+", each "+rateShort(linkBPS)+" per direction")
	switch {
	case t.wrap && t.n == 1 && t.dims[0] > 2:
		lines = append(lines, "a wrap-around link joins the row's ends (not drawn)")
	case t.wrap && (t.dims[0] > 2 || t.dims[1] > 2):
		lines = append(lines, "wrap-around links join the ends of every row and column (not drawn)")
	}
	if t.n == 3 {
		z := "z links join each router to the same place in the next plane"
		if t.wrap && t.dims[2] > 2 {
			z += ", the last plane to the first"
		}
		lines = append(lines, z+" (not drawn)")
	}
	w := newWriter(ov.fab.Name+" grid", lbl(lines...), r("labelloc", "t"), r("fontsize", "16"), a("fontname", fontName),
		a("layout", "neato"), r("splines", "false"), r("overlap", "true"), a("outputorder", "edgesfirst"))
	w.defaults("node", a("shape", "box"), a("style", "rounded,filled"), a("fontname", fontName), r("fontsize", "10"),
		a("margin", "0.06,0.03"), a("color", "#37474f"), a("fillcolor", colSwitch0))
	w.defaults("edge", a("dir", "none"), r("penwidth", "2"))
	if t.n == 3 {
		for z := range t.dims[2] {
			x, y := pos(z * t.dims[0] * t.dims[1])
			w.node("plane"+strconv.Itoa(z), lbl("plane z = "+strconv.Itoa(z)), a("shape", "plaintext"), a("style", ""),
				r("fontsize", "12"), a("pos", pinned(x+float64(t.dims[0]-1)*dx/2, y+dy)))
		}
	}
	for i, n := range t.routers {
		x, y := pos(i)
		w.node("r"+strconv.Itoa(i), lbl(g.Nodes[n].Name), a("pos", pinned(x, y)))
	}
	for _, e := range edges {
		w.edge("r"+strconv.Itoa(e.a), "r"+strconv.Itoa(e.b), a("color", gridColours[e.dim]))
	}
	return detail{name: "grid", dot: w.bytes()}, true
}
