package compiler

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// compileExample compiles examples/<name> with variables and fails on error.
func compileExample(t *testing.T, name string, vars ...string) *ir.Graph {
	t.Helper()
	cfg, diags := lang.Load([]string{filepath.Join("..", "examples", name)}, lang.Options{Vars: vars})
	if !diags.HasErrors() {
		g, d := Compile(cfg, Options{})
		if !d.HasErrors() {
			return g
		}
		diags = append(diags, d...)
	}
	t.Fatalf("%s: %v", name, diags)
	return nil
}

// compileDiags compiles a design given as source and returns the graph and
// every diagnostic.
func compileDiags(t *testing.T, src string) (*ir.Graph, hcl.Diagnostics) {
	t.Helper()
	g, loaded, d := compileDiagsLoose(t, src)
	if !loaded {
		t.Fatal(d)
	}
	return g, d
}

// withCode returns the diagnostics of code in diags, in order.
func withCode(diags hcl.Diagnostics, code diag.Code) []*hcl.Diagnostic {
	var out []*hcl.Diagnostic
	for _, d := range diags {
		if diag.CodeOf(d) == code {
			out = append(out, d)
		}
	}
	return out
}

// compileDiagsLoose is compileDiags that returns load errors (loaded
// false) instead of failing on them.
func compileDiagsLoose(t *testing.T, src string) (g *ir.Graph, loaded bool, diags hcl.Diagnostics) {
	t.Helper()
	cfg, diags := loadSource(t, src)
	if diags.HasErrors() {
		return nil, false, diags
	}
	g, d := Compile(cfg, Options{})
	return g, true, append(diags, d...)
}

// loadSource loads a design given as source, written to a file of a
// temporary directory.
func loadSource(t *testing.T, src string) (*lang.Config, hcl.Diagnostics) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "d.topo.hcl"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return lang.Load([]string{dir}, lang.Options{})
}

// wantDiag fails unless d holds a diagnostic of code whose detail
// contains msg.
func wantDiag(t *testing.T, what string, d hcl.Diagnostics, code diag.Code, msg string) {
	t.Helper()
	for _, x := range d {
		if diag.CodeOf(x) == code && strings.Contains(x.Detail, msg) {
			return
		}
	}
	t.Errorf("%s: want %s with %q, got %v", what, code, msg, d)
}

// cablesByKind counts the plan's cables by the kind of their links.
func cablesByKind(g *ir.Graph) map[string]int {
	out := map[string]int{}
	for _, c := range g.Cabling().Cables {
		out[g.Link(g.Cabling().Legs[c.Leg0]).Kind.String()]++
	}
	return out
}

// DGX H100 SuperPOD, NVIDIA RA-11333-001 Table 4 (designs.md §3, acceptance
// cases 7 and 8): compute+UFM cables and spine-leaf cables for 1 to 4 SUs.
// Every node-to-leaf link is one cable (twin-port transceivers on the DGX,
// one fiber per 400G link; cabling.md §4, S22).
func TestCablingSuperPODCounts(t *testing.T) {
	for _, tc := range []struct{ sus, leafSide, spineLeaf int }{
		{1, 252, 256}, {2, 508, 512}, {3, 764, 768}, {4, 1020, 1024},
	} {
		t.Run(strconv.Itoa(tc.sus), func(t *testing.T) {
			g := compileExample(t, "dgx-h100-superpod", "scalable_units="+strconv.Itoa(tc.sus))
			by := cablesByKind(g)
			if got := by["node_leaf"] + by["appliance_leaf"]; got != tc.leafSide {
				t.Errorf("node+UFM cables = %d, want %d", got, tc.leafSide)
			}
			if by["leaf_spine"] != tc.spineLeaf {
				t.Errorf("spine-leaf cables = %d, want %d", by["leaf_spine"], tc.spineLeaf)
			}
			if n := len(g.Cabling().Cables); n != tc.leafSide+tc.spineLeaf || len(g.Cabling().Legs) != n {
				t.Errorf("%d cables with %d legs, want %d straight cables", n, len(g.Cabling().Legs), tc.leafSide+tc.spineLeaf)
			}
			for _, c := range g.Cabling().Cables {
				if k := g.Link(g.Cabling().Legs[c.Leg0]).Kind; k.String() == "node_leaf" && g.Cabling().Types[c.Type].Media != "fiber" {
					t.Fatalf("a node-to-leaf cable is %s; the RA cables every DGX port with optics", g.Cabling().Types[c.Type].Model)
				}
			}
		})
	}
}

// Every fabric link is in exactly one cable, except NVLink over the GB200
// backplane (docs/reference/design-brief.md "Link"); links inside a server are in none.
func TestCablingWhatIsACable(t *testing.T) {
	g := compileExample(t, "gb200-nvl72")
	seen := make([]int, g.NumLinks())
	for _, lid := range g.Cabling().Legs {
		seen[lid]++
	}
	cables, backplane := 0, 0
	for i, l := range g.AllLinks() {
		fam := ""
		if l.Fabric != ir.None {
			fam = string(g.Fabrics[l.Fabric].Family)
		}
		switch {
		case fam == "nvlink_domain":
			backplane++
			if seen[i] != 0 || g.CableOf(i) != ir.None || g.Media(i) != "backplane" {
				t.Fatalf("NVLink link %d is cabled (seen %d, cable %d, media %q)", i, seen[i], g.CableOf(i), g.Media(i))
			}
		case fam == "":
			if seen[i] != 0 || g.CableOf(i) != ir.None || g.Media(i) != "" {
				t.Fatalf("in-server %s link %d is cabled", l.Kind, i)
			}
		default:
			cables++
			if c := g.CableOf(i); seen[i] != 1 || c == ir.None || g.CableLengthM(i) <= 0 || g.Media(i) == "" || !slices.Contains(g.Cabling().Legs[g.Cabling().Cables[c].Leg0:][:g.Cabling().Cables[c].Legs], i) {
				t.Fatalf("fabric link %d: in %d cables, cable %d, length %g, media %q", i, seen[i], c, g.CableLengthM(i), g.Media(i))
			}
		}
	}
	// 72 GPUs x 18 NVLink links (designs.md §3); 18 trays x 4 NICs = 72
	// node links and 72 leaf-spine links (4 leaves x 18 up).
	if backplane != 72*18 || cables != 144 || len(g.Cabling().Cables) != 144 {
		t.Errorf("backplane links %d, cabled links %d, cables %d; want 1296, 144, 144", backplane, cables, len(g.Cabling().Cables))
	}
}

// The length formula of cabling.md §3, computed by hand for two cables of
// the 4-SU SuperPOD. The layout: SU0's eight DGX racks 0..7 (4 per rack,
// 8U each from U1) in row 0 with its leaf rack between racks 3 and 4
// (slot 4; leaves from U48 down); the spine rack alone in row 1, centred
// under the 18-rack rows: slot (18-1)/2 = 8.
func TestCablingLengthsByHand(t *testing.T) {
	g := compileExample(t, "dgx-h100-superpod")
	const (
		H = 48 * 0.04445 // top of a 48U rack
		T = 0.30
		W = 0.6
		P = 4.27
		E = 0.30
		S = 0.5
	)
	hDGX0 := (0 + 8.0/2) * 0.04445   // su0/node00 at U1, 8U
	hLeaf0 := (47 + 1.0/2) * 0.04445 // su0/leaf0 at U48, 1U
	hSpine0 := hLeaf0                // spine00 at U48 of its rack
	for _, tc := range []struct {
		a, b         string
		route, order float64
		model        string
	}{
		// node00 in slot 0, leaf rack in slot 4: 7.2 m with the +10% goes to 10 m.
		{"su0/node00/nic0", "su0/leaf0", (H - hDGX0 + T) + (H - hLeaf0 + T) + 4*W + 2*E + 2*S, 10, "MMF-SR4-400G"},
		// leaf rack (row 0, slot 4) to spine rack (row 1, slot 8).
		{"su0/leaf0", "spine00", (H - hLeaf0 + T) + (H - hSpine0 + T) + 4*W + 1*P + 2*E + 2*S, 10, "MMF-SR4-400G"},
	} {
		c := findCable(t, g, tc.a, tc.b)
		if math.Abs(c.RouteM-tc.route) > 1e-9 || c.LengthM != tc.order || g.Cabling().Types[c.Type].Model != tc.model {
			t.Errorf("%s - %s: route %.4f m, length %g m, %s; want %.4f m, %g m, %s", tc.a, tc.b, c.RouteM, c.LengthM,
				g.Cabling().Types[c.Type].Model, tc.route, tc.order, tc.model)
		}
	}
}

// findCable returns the first cable between nodes named a and b.
func findCable(t *testing.T, g *ir.Graph, a, b string) ir.Cable {
	t.Helper()
	for _, c := range g.Cabling().Cables {
		for j := 0; j < int(c.Legs); j++ {
			x, y := g.Ends(c, j)
			na, nb := g.Nodes[x.Node].Name, g.Nodes[y.Node].Name
			if na == a && nb == b || na == b && nb == a {
				return c
			}
		}
	}
	t.Fatalf("no cable between %s and %s", a, b)
	return ir.Cable{}
}

// NVIDIA's SuperPOD rows put the leaf rack in the middle of the SU, four
// compute racks on each side (cabling.md §4, S33 [secondary]); rows of at
// most 20 racks (S37) hold two 9-rack SUs; the spine rack sits in a row of
// its own between them.
func TestCablingSuperPODRows(t *testing.T) {
	g := compileExample(t, "dgx-h100-superpod")
	rackOf := map[string]ir.Rack{}
	for _, r := range g.Cabling().Racks {
		rackOf[r.Name] = r
	}
	pos := func(node string) (int32, int32, string) {
		for _, n := range g.Nodes {
			if n.Name == node {
				for _, r := range g.Cabling().Racks {
					if r.ID == n.Rack {
						return r.Row, r.Slot, r.Role
					}
				}
			}
		}
		t.Fatalf("%s not placed", node)
		return 0, 0, ""
	}
	for su, wantRow := range []int32{0, 0, 2, 2} {
		base := int32(su%2) * 9
		row, slot, role := pos("su" + strconv.Itoa(su) + "/leaf0")
		if row != wantRow || slot != base+4 || role != "network" {
			t.Errorf("su%d leaves at row %d slot %d (%s); want row %d slot %d in a network rack", su, row, slot, role, wantRow, base+4)
		}
		for i, want := range []int32{0, 3, 4, 7} { // racks 0, 3, 4, 7 of the SU
			node := "su" + strconv.Itoa(su) + "/node" + twoDigits(int(want)*4)
			row, slot, _ := pos(node)
			wantSlot := base + want
			if want >= 4 {
				wantSlot++
			}
			if row != wantRow || slot != wantSlot {
				t.Errorf("%s (rack %d of its SU) at row %d slot %d; want row %d slot %d", node, i, row, slot, wantRow, wantSlot)
			}
		}
	}
	if row, _, role := pos("spine00"); row != 1 || role != "network" {
		t.Errorf("spines in row %d (%s); want the middle row 1", row, role)
	}
	if _, _, role := pos("ufm0"); role != "network" {
		t.Errorf("UFM appliances in a %s rack; want SU3's leaf rack", role)
	}
}

func twoDigits(i int) string {
	if i < 10 {
		return "0" + strconv.Itoa(i)
	}
	return strconv.Itoa(i)
}

// tooLong is a Clos whose 1.6T links have one medium, a 5 m DAC: the
// node-to-leaf cables stay inside the racks (top-of-rack leaves) and fit;
// the leaf-to-spine cables cross to the spine row and do not.
const tooLong = `switch_model "X1600" {
  radix     = 16
  port_rate = "1.6Tb/s"
}

cable_model "DAC-1600G" {
  media    = "copper"
  kind     = "passive_dac"
  reach    = "5m"
  max_rate = "1.6Tb/s"
}

fabric "f" {
  clos {
    hosts     = 32
    host_rate = "1.6Tb/s"
    unit "rack" {
      nodes = 8
    }
    tier "leaf" {
      model = "X1600"
      per   = ["rack"]
      down  = 8
      up    = 8
    }
    tier "spine" {
      model = "X1600"
      count = 4
      down  = 16
    }
  }
}
`

// A cable longer than every medium's reach is an error at the range that
// made its link: here the spine tier block.
func TestCablingReachError(t *testing.T) {
	g, diags := compileDiags(t, tooLong)
	if g != nil {
		t.Error("a design with a cable-reach error compiled to a graph")
	}
	var errs []*hcl.Diagnostic
	for _, d := range diags {
		if diag.SeverityOf(d) == diag.SevError {
			errs = append(errs, d)
		}
	}
	want := 1 + strings.Count(tooLong[:strings.Index(tooLong, `tier "spine"`)], "\n")
	if len(errs) != 1 || diag.CodeOf(errs[0]) != diag.CableReach || errs[0].Subject.Start.Line != want {
		t.Fatalf("errors %v; want one cable-reach at line %d", errs, want)
	}
	// 4 leaves x 8 uplinks, all too long; the longest reach is 5 m.
	if d := errs[0].Detail; !strings.Contains(d, "32 cables here need") || !strings.Contains(d, "(5m)") {
		t.Errorf("detail %q; want the count (32) and the reach (5m)", d)
	}
}

// Without a medium for the rate the plan still lists the cables, with a
// no-cable-model warning at the range that made them.
func TestCablingNoCableModel(t *testing.T) {
	src := strings.Replace(tooLong, `max_rate = "1.6Tb/s"`, `max_rate = "800Gb/s"`, 1)
	g, diags := compileDiags(t, src)
	if diags.HasErrors() || g == nil {
		t.Fatal(diags)
	}
	warned := 0
	for _, d := range diags {
		if diag.CodeOf(d) == diag.NoCableModel {
			warned++
		}
	}
	if warned != 2 { // the clos block (node links) and the spine tier
		t.Errorf("%d no-cable-model warnings, want 2", warned)
	}
	for _, c := range g.Cabling().Cables {
		if c.Type != ir.None {
			t.Fatalf("a 1.6T cable got %s", g.Cabling().Types[c.Type].Model)
		}
	}
	if len(g.Cabling().Cables) != 64 {
		t.Errorf("%d cables, want 32 node + 32 leaf-spine", len(g.Cabling().Cables))
	}
}

// A broken-out 800G port (2 x 400G) is one splitter cable with two legs
// while a 3 m DAC splitter reaches (MCP7Y00, cabling.md S2), and one fiber
// per leg beyond. The two leaves of a rack differ by 2U in height, which
// moves the same pair of servers across the 3 m threshold.
func TestCablingBreakout(t *testing.T) {
	g := compileExample(t, "../compiler/emit/cabling/testdata/breakout")
	leg := func(leaf, srv string) ir.Cable { return findCable(t, g, leaf, srv+"/nic"+leaf[len(leaf)-1:]) }
	// r0/srv10 sits at U21 (2U): port height 21 x 1U; leaf1 at U45,
	// leaf0 at U47 (2U each).
	h := func(u float64) float64 { return (u - 1 + 2.0/2) * 0.04445 }
	for _, tc := range []struct {
		leaf  string
		route float64
		model string
		legs  int32
	}{
		{"rack0/leaf1", math.Abs(h(45)-h(21)) + 1.6, "DAC-400G-splitter", 2}, // 2.67 m x 1.1 = 2.93 m: 3 m splitter
		{"rack0/leaf0", math.Abs(h(47)-h(21)) + 1.6, "MMF-SR4-400G", 1},      // 2.76 m x 1.1 = 3.03 m: fiber per leg
	} {
		c := leg(tc.leaf, "r0/srv10")
		if got := g.Cabling().Types[c.Type].Model; got != tc.model || c.Legs != tc.legs {
			t.Errorf("%s - r0/srv10: %s with %d legs; want %s with %d", tc.leaf, got, c.Legs, tc.model, tc.legs)
		}
		if math.Abs(c.RouteM-tc.route) > 1e-9 { // a splitter's route is its longer leg, to srv10

			t.Errorf("%s - r0/srv10: route %.4f m, want %.4f", tc.leaf, c.RouteM, tc.route)
		}
		if a, _ := g.Ends(c, 0); g.Nodes[a.Node].Name != tc.leaf {
			t.Errorf("the A end of %s's cable is %s; the broken-out port must be at A", tc.leaf, g.Nodes[a.Node].Name)
		}
	}
	// Every server link is a leg of exactly one cable; splitters have two
	// legs on lanes 0 and 1 of one leaf port.
	for _, c := range g.Cabling().Cables {
		if c.Legs == 2 {
			a0, _ := g.Ends(c, 0)
			a1, _ := g.Ends(c, 1)
			if a0.Node != a1.Node || a0.Port != a1.Port || a0.Lane != 0 || a1.Lane != 1 {
				t.Fatalf("splitter legs at %v and %v", a0, a1)
			}
		}
	}
}

// A rack asked to hold more than its 48U gets one rack-full warning per
// node group, at its per_rack argument.
func TestCablingRackFull(t *testing.T) {
	src := `node_group "dgx" {
  model = "DGX-H100"
  count = 16
  rack {
    per_rack = 8
  }
}
`
	_, diags := compileDiags(t, src)
	got := withCode(diags, diag.RackFull)
	if len(got) != 1 || got[0].Subject.Start.Line != 5 || diag.SeverityOf(got[0]) != diag.SevWarning {
		t.Errorf("rack-full diagnostics %v; want one warning at line 5 (8 x 8U = 64U > 48U)", got)
	}
}

// Compiling twice gives the same plan (docs/reference/design-brief.md: deterministic output).
func TestCablingDeterministic(t *testing.T) {
	a := compileExample(t, "roce-leaf-spine-2plane")
	b := compileExample(t, "roce-leaf-spine-2plane")
	if !reflect.DeepEqual(a.Cabling(), b.Cabling()) {
		t.Error("two compiles gave different cable plans")
	}
}

// A dragonfly group's routers sit on top of their own terminals' rack
// (p·a = 8 two-unit hosts and a = 4 one-unit routers fit in 48U): the
// global links to other groups do not pull a group's routers away.
func TestCablingDragonflyTopOfRack(t *testing.T) {
	g := compileExample(t, "dragonfly-small")
	for _, l := range g.AllLinks() {
		if l.Kind != ir.LinkTerminal {
			continue
		}
		host, router := g.Nodes[l.A.Node], g.Nodes[l.B.Node]
		if host.Kind != ir.KindHost {
			host, router = router, host
		}
		if host.Rack != router.Rack || host.UnitIndex != router.UnitIndex {
			t.Fatalf("%s in rack %d, its router %s in rack %d", host.Name, host.Rack, router.Name, router.Rack)
		}
	}
	if n := len(g.Cabling().Racks); n != 9 {
		t.Errorf("%d racks, want one per group (9)", n)
	}
}

// Racks whose DGX H100s may draw more than their node group's power
// budget get one rack-power warning at the budget: 4 × 10.2 kW = 40.8 kW
// (cabling.md §4, S45) is over 40 kW in both racks, and meets a 40.8 kW
// budget exactly.
func TestRackPowerBudget(t *testing.T) {
	design := func(budget string) string {
		return `node_group "dgx" {
  model = "DGX-H100"
  count = 8
  rack {
    per_rack     = 4
    power_budget = "` + budget + `"
  }
}
`
	}
	warnings := func(budget string) []*hcl.Diagnostic {
		_, diags := compileDiags(t, design(budget))
		return withCode(diags, diag.RackPower)
	}
	got := warnings("40kW")
	if len(got) != 1 || got[0].Subject.Start.Line != 6 || diag.SeverityOf(got[0]) != diag.SevWarning ||
		!strings.Contains(got[0].Detail, "2 of node_group \"dgx\"'s racks") || !strings.Contains(got[0].Detail, "rack0, may draw 40.8kW") {
		t.Errorf("rack-power diagnostics %v; want one warning at line 6: 2 racks, rack0 at 40.8kW", got)
	}
	if got := warnings("40.8kW"); len(got) != 0 {
		t.Errorf("a 40.8kW budget: %v; want none", got)
	}
}

// Every front-panel cage holds one fiber type that a catalogue module
// terminates: DeepSeek-V3's QM9700 twin cages whose two ports run 48 m
// and 52 m get 2 x DR4 for both (a trial found 240 cages with an SR4 and
// an SR8 port, and SR8, which has no NDR module, on 7,376 ports); the
// 16-SU B200 SuperPOD's too.
func TestOneFiberTypePerCage(t *testing.T) {
	for _, name := range []string{"deepseek-v3-mpft", "dgx-b200-superpod-16su"} {
		g := compileExample(t, name)
		idx := g.NewCageIndex()
		typeOf := map[ir.CageKey]int32{}
		for _, c := range g.Cabling().Cables {
			if c.Type == ir.None {
				continue
			}
			if k := g.Cabling().Types[c.Type].Kind; k != "mmf" && k != "smf" {
				continue
			}
			for j := 0; j < int(c.Legs); j++ {
				a, b := g.Ends(c, j)
				for _, pt := range [2]ir.Port{a, b} {
					key, _, _, _ := idx.Of(pt)
					if prev, ok := typeOf[key]; ok && prev != c.Type {
						t.Fatalf("%s: cage %+v holds %s and %s", name, key, g.Cabling().Types[prev].Model, g.Cabling().Types[c.Type].Model)
					}
					typeOf[key] = c.Type
				}
			}
		}
		for _, cg := range g.Cages() {
			if cg.Transceiver == ir.None {
				t.Fatalf("%s: a %s cage of %s has no transceiver model", name, g.Cabling().Types[cg.CableType].Model, g.Nodes[cg.Device].Name)
			}
		}
	}
}

// 200G hosts on QM9700 leaves whose 400G ports split 2 x 200G (NDR200):
// no copper part and no AOC splits one NDR port (the HDR 200G AOC was
// chosen before, a part that does not plug into an NDR cage), so each
// broken-out port is one 1:2 multimode fiber (MFP7E20) with a leg per
// host, behind a twin-port module in the leaf's cage and a single-port
// 400G module at 200G in each host's (cabling.md §1a/§1c, S5, S6).
func TestCablingSplitterFiber(t *testing.T) {
	g, diags := compileDiags(t, `
fabric "backend" {
  clos {
    hosts     = 256
    host_rate = "200Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 4
      down  = 64
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
    }
  }
}
`)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	split, hostLegs := 0, 0
	for _, c := range g.Cabling().Cables {
		l := g.Link(g.Cabling().Legs[c.Leg0])
		if l.Kind != ir.LinkNodeLeaf {
			continue
		}
		model := g.Cabling().Types[c.Type].Model
		if model != "MMF-SR4-400G" || !c.SplitFiber || c.Legs != 2 || g.CableLegs(c) != 2 {
			t.Fatalf("host cable %s: %s, splitter fiber %v, %d legs; want one MMF-SR4-400G 1:2 splitter fiber per leaf port", g.CableID(int(c.Seq-1)), model, c.SplitFiber, c.Legs)
		}
		split++
		hostLegs += int(c.Legs)
	}
	if split != 128 || hostLegs != 256 {
		t.Errorf("%d splitter fibers carrying %d host links; want 128 and 256", split, hostLegs)
	}
	modules := map[string]int{}
	for _, c := range g.Cages() {
		name := "(none)"
		if c.Transceiver != ir.None {
			name = g.Parts.Transceivers[c.Transceiver].Name
		}
		if g.Cabling().Types[c.CableType].Model == "MMF-SR4-400G" {
			modules[name]++
		}
	}
	// 4 leaves x 32 down ports in 16 twin cages; 256 hosts. The 128
	// leaf–spine links are MMF-SR4-400G too: each twin cage's two ports
	// run to two spines, which no copper cable can (onePlugPerCage), so
	// 64 more twin modules at the leaves and 64 at the spines.
	if modules["MMA4Z00-NS"] != 64+128 || modules["MMA4Z00-NS400"] != 256 || len(modules) != 2 {
		t.Errorf("modules at MMF-SR4-400G cages %v; want 192 MMA4Z00-NS and 256 MMA4Z00-NS400", modules)
	}
}

// Leaf–spine links at 200G on QM9700s are lanes of broken-out ports at
// both ends: a splitter fiber cannot join them (its legs end at
// single-port modules, which no switch cage takes, cabling.md §1c, S6)
// and nothing carries a fiber per 200G leg, so the plan names them in a
// no-cable-model warning instead of ordering fibers that cannot be
// plugged (trial finding: each leaf port's splitter landed on lanes of
// two spine ports that other splitters also used).
func TestCablingSwitchLanesUnserved(t *testing.T) {
	g, diags := compileDiags(t, `
fabric "f" {
  clos {
    hosts     = 32
    host_rate = "200Gb/s"
    link_rate = "200Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 2
      down  = 16
      up    = 16
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
`)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	// The warning counts the cables the plan lists, one per lane: 32
	// (trial 27: it counted 16, one per broken-out port).
	warned := false
	for _, d := range diags {
		warned = warned || diag.CodeOf(d) == diag.NoCableModel && strings.Contains(d.Detail, "single-port modules") && strings.HasPrefix(d.Detail, "32 cables here")
	}
	unserved, hosts := 0, 0
	for _, c := range g.Cabling().Cables {
		switch l := g.Link(g.Cabling().Legs[c.Leg0]); {
		case l.Kind == ir.LinkLeafSpine && c.Type == ir.None:
			unserved++
		case l.Kind == ir.LinkNodeLeaf && c.SplitFiber:
			hosts++
		}
	}
	// Listed a cable per lane, as only a fiber per leg could serve them
	// (second trial: they were listed as 16 "1:2 splitters").
	if !warned || unserved != 32 || hosts != 16 {
		t.Errorf("warning %v, %d leaf–spine cables without a medium, %d host splitter fibers; want a warning, 32 and 16", warned, unserved, hosts)
	}
	for _, c := range g.Cabling().Cables {
		if c.Type == ir.None && g.CableLegs(c) != 1 {
			t.Errorf("cable %d without a medium has %d legs, want 1", c.Seq, g.CableLegs(c))
			break
		}
	}
}

// A twin-port QM9700 cage cannot hold a straight fiber beside a splitter
// fiber (both fibers of a twin module are one type, cabling.md S6), nor
// a DAC beside a fiber (the DAC's plug fills the cage): ports 1 and 2 of
// one cage cabled so are a cage-mixed-media warning at the fabric.
func TestCablingCageMixedMedia(t *testing.T) {
	split := `
fabric "f" {
  custom {
    switch "a" {
      model = "QM9700"
    }
    host "fast" {
      count = 1
      rate  = "400Gb/s"
    }
    host "slow" {
      count = 2
      rate  = "200Gb/s"
    }
    link {
      a = "fast0"
      b = "a"
    }
    link {
      for_each = toset(["slow0", "slow1"])
      a        = each.value
      b        = "a"
    }
  }
}
`
	copper := `
node_model "box-1nic" {
  nic "compute" {
    model = "ConnectX-7"
    count = 1
  }
}
node_group "near" {
  model = "box-1nic"
  count = 1
  rack {
    per_rack = 1
  }
}
node_group "far" {
  model = "box-1nic"
  count = 1
  rack {
    per_rack = 1
    first    = 30
  }
}
cable_model "DAC-5m" { # a copper cable that reaches the near server only
  media    = "copper"
  kind     = "passive_dac"
  reach    = "5m"
  max_rate = "400Gb/s"
}
fabric "f" {
  custom {
    switch "a" {
      model = "QM9700"
      rack  = 0
    }
    link {
      a = "near0/nic0"
      b = "a"
    }
    link {
      a = "far0/nic0"
      b = "a"
    }
  }
}
`
	mixed := func(d hcl.Diagnostics) (got []*hcl.Diagnostic) {
		for _, x := range d {
			if diag.CodeOf(x) == diag.CageMixedMedia {
				got = append(got, x)
			}
		}
		return got
	}
	_, d := compileDiags(t, split)
	if got := mixed(d); d.HasErrors() || len(got) != 1 || !strings.Contains(got[0].Detail, "1 cage holds a straight and a splitter fiber") || !strings.Contains(got[0].Detail, "port swp1") {
		t.Errorf("straight and splitter: %v, want one cage-mixed-media warning at a port swp1", d)
	}
	// Both ports whole, on straight fibers: no warning.
	_, d = compileDiags(t, strings.Replace(split, `rate  = "200Gb/s"`, `rate  = "400Gb/s"`, 1))
	if got := mixed(d); len(got) != 0 {
		t.Errorf("uniform cages: %v", got)
	}
	// The DAC that reaches the near server shares its cage with the far
	// server's fiber, so the plan runs both on fiber behind one twin
	// module (onePlugPerCage), and nothing is left to warn about.
	g, d := compileDiags(t, copper)
	if got := mixed(d); len(got) != 0 {
		t.Errorf("copper and fiber: %v", got)
	}
	for _, c := range g.Cabling().Cables {
		if m := g.Cabling().Types[c.Type].Model; m != "MMF-SR4-400G" {
			t.Errorf("cable %s: %s, want both on MMF-SR4-400G", g.CableID(int(c.Seq-1)), m)
		}
	}
}

// A k = 4 fat-tree of QM9700s in one rack per pod: each edge's twin
// cage of uplinks reaches two aggregation switches within DAC reach, but
// a twin-port DAC joins one cage to one cage (MCP4Y10, S1) and no
// splitter leg ends at a switch, so such ports take fiber; a cage's
// copper always runs to one peer (trial finding: two DACs to agg0 and
// agg1 from one cage were ordered).
func TestCablingOnePlugPerCage(t *testing.T) {
	g, d := compileDiags(t, `
fabric "ft" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = "QM9700"
  }
}
`)
	if d.HasErrors() {
		t.Fatal(d)
	}
	idx := g.NewCageIndex()
	peer := map[ir.CageKey]ir.NodeID{}
	copper := 0
	for _, c := range g.Cabling().Cables {
		if c.Type == ir.None || g.Cabling().Types[c.Type].Media != "copper" {
			continue
		}
		copper++
		for j := 0; j < int(c.Legs); j++ {
			a, b := g.Ends(c, j)
			for _, e := range [2][2]ir.Port{{a, b}, {b, a}} {
				key, _, _, _ := idx.Of(e[0])
				if p, ok := peer[key]; ok && p != e[1].Node && g.Nodes[e[1].Node].Kind.IsSwitch() {
					t.Errorf("cage of %s port %d: copper to %s and %s", g.Nodes[e[0].Node].Name, e[0].Port, g.Nodes[p].Name, g.Nodes[e[1].Node].Name)
				}
				peer[key] = e[1].Node
			}
		}
	}
	t.Logf("%d copper cables left", copper)
}

// An SN5600 port split 4 × 200G is two cables: NVIDIA builds it from a
// twin-port 2 × 400G module (MMA4Z00-NS-T) and two 1:2 splitter fibers
// (MFP7E20) to four single-port modules run at 200G (MMA4Z00-NS400-T,
// "200Gb/s mode", cabling.md S6). 64 hosts at 200G on two leaves fill
// 16 ports: 32 MMF-SR4-400G splitter fibers of 2 legs, 16 switch-side
// twin modules and 64 host modules, and no no-cable-model warning (the
// plan listed one cable of 4 legs and no medium before).
func TestCablingFourLanePortTwoFibers(t *testing.T) {
	g, diags := compileDiags(t, `
fabric "backend" {
  clos {
    hosts     = 64
    host_rate = "200Gb/s"
    unit "pod" {
      nodes = 32
    }
    tier "leaf" {
      model = "SN5600"
      per   = ["pod"]
      down  = 32
      up    = 16
    }
    tier "spine" {
      model = "SN5600"
      count = 2
      down  = 16
    }
  }
}
`)
	for _, d := range diags {
		if diag.SeverityOf(d) != diag.SevInfo {
			t.Errorf("unexpected %v", d)
		}
	}
	fibers, legs := 0, 0
	ports := map[ir.Port]int{}
	for _, c := range g.Cabling().Cables {
		l := g.Link(g.Cabling().Legs[c.Leg0])
		if l.Kind != ir.LinkNodeLeaf {
			continue
		}
		if m := g.Cabling().Types[c.Type].Model; m != "MMF-SR4-400G" || !c.SplitFiber || c.Legs != 2 || g.CableLegs(c) != 2 {
			t.Fatalf("host cable %s: %s, splitter %v, %d legs (%d listed); want an MMF-SR4-400G 1:2 splitter fiber", g.CableID(int(c.Seq-1)), m, c.SplitFiber, c.Legs, g.CableLegs(c))
		}
		a, _ := g.Ends(c, 0)
		ports[ir.Port{Node: a.Node, Port: a.Port}]++
		fibers++
		legs += int(c.Legs)
	}
	if fibers != 32 || legs != 64 || len(ports) != 16 {
		t.Errorf("%d splitter fibers, %d legs on %d leaf ports; want 32, 64, 16", fibers, legs, len(ports))
	}
	for p, n := range ports {
		if n != 2 {
			t.Errorf("leaf port %s swp%d takes %d fibers, want 2", g.Nodes[p.Node].Name, p.Port+1, n)
		}
	}
	modules := map[string]int{}
	for _, c := range g.Cages() {
		if g.Cabling().Types[c.CableType].Model != "MMF-SR4-400G" {
			continue
		}
		name := "(none)"
		if c.Transceiver != ir.None {
			tr := &g.Parts.Transceivers[c.Transceiver]
			name = tr.Name
			// Run at 200G on a splitter fiber, the host module draws its
			// 200G maximum, 6.5 W, not its 400G 9 W (S6; trial 30).
			if w := tr.PowerAt(c); name == "MMA4Z00-NS400" && w != 6.5 {
				t.Fatalf("MMA4Z00-NS400 at %g b/s counted at %g W, want 6.5", c.RateBPS, w)
			}
		}
		modules[name]++
	}
	if modules["MMA4Z00-NS-T"] != 16 || modules["MMA4Z00-NS400"] != 64 || len(modules) != 2 {
		t.Errorf("modules at the splitter fibers' cages %v; want 16 MMA4Z00-NS-T and 64 MMA4Z00-NS400", modules)
	}
}

// A cage takes a module of its own form factor (trial 34: the BOM ordered
// single-port OSFP MMA4Z00-NS400 for BlueField-3's QSFP112 cages). 64
// servers, each with 8 ConnectX-7-Eth (OSFP) on a compute fabric and a
// BlueField-3 (QSFP112) on a storage fabric, all fiber beyond the DAC
// reach: every QSFP112 cage gets MMA1Z00-NS400, every OSFP NIC cage
// MMA4Z00-NS400.
func TestTransceiverFormFactor(t *testing.T) {
	g, errs := compileSrc(t, `
node_model "box" {
  base = "HGX-H100"
  nic "compute" {
    model = "ConnectX-7-Eth"
    count = 8
  }
  nic "storage" {
    model = "BlueField-3"
    count = 1
  }
}
node_group "n" {
  model = "box"
  count = 64
  rack {
    per_rack = 4
  }
}
fabric "compute" {
  clos {
    endpoints      = node_group.n.nics.compute
    rails          = 8
    server_transit = ["nvlink"] # rail-only: the rails meet in the servers
    tier "leaf" {
      model = "SN5600"
      per   = ["rail"]
      down  = 64
      link_rate = "400Gb/s"
    }
  }
}
fabric "storage" {
  clos {
    endpoints = node_group.n.nics.storage
    tier "leaf" {
      model = "SN5600"
      count = 1
      down  = 128 # both ports of each dual-port BlueField-3
      link_rate = "400Gb/s"
    }
  }
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	got := map[string]map[string]int{}
	for _, c := range g.Cages() {
		if c.Switch {
			continue
		}
		name := "(none)"
		if c.Transceiver != ir.None {
			name = g.Parts.Transceivers[c.Transceiver].Name
		}
		if got[c.FormFactor] == nil {
			got[c.FormFactor] = map[string]int{}
		}
		got[c.FormFactor][name]++
	}
	if len(got["qsfp112"]) != 1 || got["qsfp112"]["MMA1Z00-NS400"] == 0 || len(got["osfp"]) != 1 || got["osfp"]["MMA4Z00-NS400"] == 0 || len(got) != 2 {
		t.Errorf("node cages by form factor and module: %v; want every qsfp112 cage MMA1Z00-NS400, every osfp one MMA4Z00-NS400", got)
	}
}

// A budget not proven names the models without a power figure, what the
// design must give a power (trial 52: the storage NICs' MMA1Z00-NS400
// modules went unnamed).
func TestRackPowerNamesUnknownModels(t *testing.T) {
	src := `node_group "dgx" {
  model = "DGX-H100"
  count = 4
  rack {
    per_rack     = 4
    power_budget = "44kW"
  }
}
fabric "storage" {
  clos {
    endpoints = node_group.dgx.nics.storage
    tier "leaf" {
      model = "QM9700"
      count = 1
    }
  }
}
`
	_, diags := compileDiags(t, src)
	got := withCode(diags, diag.RackPower)
	if len(got) != 1 || diag.SeverityOf(got[0]) != diag.SevInfo || !strings.Contains(got[0].Detail, "no power figure (MMA1Z00-NS400)") {
		t.Errorf("rack-power diagnostics %v; want one info naming MMA1Z00-NS400", got)
	}
}

// Cages that terminate fiber and that no transceiver_model fits are one
// no-transceiver-model info per block that made the links, counting them
// (trial 64: 17% of a frontend's transceiver lines read "(no
// transceiver_model)" with nothing said); a module that fits removes it.
func TestCablingNoTransceiverModel(t *testing.T) {
	src := `
fabric "f" {
  custom {
    switch "a" {
      model = "TH4-64x400G"
    }
    host "h" {
      count = 2
      rate  = "400Gb/s"
    }
    link {
      count = 2
      a     = "h${count.index}"
      b     = "a"
    }
  }
}
`
	_, d := compileDiags(t, src)
	var got []string
	for _, x := range d {
		if diag.CodeOf(x) == diag.NoTransceiverModel {
			got = append(got, x.Detail)
		}
	}
	if len(got) != 1 || !strings.Contains(got[0], "2 cages at the switch end for MMF-SR4-400G fiber at 400Gb/s (the first at a;") {
		t.Errorf("no-transceiver-model diagnostics %q, want one for the switch's 2 cages", got)
	}
	_, d = compileDiags(t, src+`
transceiver_model "QDD-400G-SR4" {
  fits         = "switch"
  cable_models = ["MMF-SR4-400G"]
  rate         = "400Gb/s"
  reach        = "100m"
  protocol     = "ethernet"
}
`)
	for _, x := range d {
		if diag.CodeOf(x) == diag.NoTransceiverModel {
			t.Errorf("with a module that fits: %s", x.Detail)
		}
	}
}

// A host or NIC whose several ports all reach one switch is noted once
// per fabric (single-homed-ports); homing = 2 spreads them over a pair of
// leaves and the note goes (trial 66: a dual-ToR design that lost its
// planes by mistake said nothing).
func TestSingleHomedPorts(t *testing.T) {
	src := func(homing int) string {
		return fmt.Sprintf(`
fabric "f" {
  clos {
    hosts      = 8
    host_rate  = "400Gb/s"
    host_ports = 2
    homing     = %d
    tier "leaf" {
      model = "QM9700"
      count = 2
      down  = 8
      up    = 8
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
`, homing)
	}
	notes := func(d hcl.Diagnostics) []string {
		var out []string
		for _, x := range d {
			if diag.CodeOf(x) == diag.SingleHomedPorts {
				out = append(out, x.Detail)
			}
		}
		return out
	}
	_, d := compileDiags(t, src(1))
	if got := notes(d); len(got) != 1 || !strings.Contains(got[0], "8 endpoints with several ports have all of them on one switch") {
		t.Errorf("homing 1: %q, want one note for the 8 hosts", got)
	}
	_, d = compileDiags(t, src(2))
	if got := notes(d); len(got) != 0 {
		t.Errorf("homing 2: %q, want none", got)
	}
}

// A port run whole at one of its model's lower speeds takes the module of
// that speed, the one its fiber is ordered for (audit of issue 12: a 400G
// port set to 100G read "no transceiver_model" for the MMF-SR4-100G fiber
// at 400Gb/s, and the BOM listed 256 unfilled cages). The aggregation–core
// links of this k = 8 fat-tree run at 100G on 400G ports.
func TestTransceiverAtPortSpeed(t *testing.T) {
	g, errs := compileSrc(t, `
switch_model "S8" {
  radix     = 8
  port_rate = "400Gb/s"
  speeds    = ["200Gb/s", "100Gb/s"]
}
fabric "ft" {
  fat_tree {
    k            = 8
    host_rate    = "200Gb/s"
    link_rate    = "400Gb/s"
    core_rate    = "100Gb/s"
    switch_model = "S8"
  }
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	got := map[string]int{}
	for _, c := range g.Cages() {
		name := "(none)"
		if c.Transceiver != ir.None {
			name = g.Parts.Transceivers[c.Transceiver].Name
		}
		got[fmt.Sprintf("%s at %g of %g", name, c.RunBPS(), c.RateBPS)]++
	}
	// 16 cores × 8 ports and 32 aggregation switches × 4 up ports, all at
	// 100G; the other links are copper or AOC, whose ends are built in.
	want := "MMA1B00-C100D at 1e+11 of 4e+11"
	if got[want] != 256 {
		t.Errorf("cages: %v; want 256 %s", got, want)
	}
	for k := range got {
		if strings.HasPrefix(k, "(none)") {
			t.Errorf("unfilled cages: %s × %d", k, got[k])
		}
	}
}
