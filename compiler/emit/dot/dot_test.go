package dot

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/compiler/tooltest"
)

// compile compiles examples/<example>; any error fails the test.
func compile(t testing.TB, example string) *ir.Graph {
	t.Helper()
	return compiletest.Example(t, example)
}

// TestGolden compares every view of the small examples with testdata/.
// Regenerate with: go test ./compiler/emit/dot -run TestGolden -update
func TestGolden(t *testing.T) {
	for _, ex := range []string{"fat-tree-k8", "dragonfly-small"} {
		t.Run(ex, func(t *testing.T) {
			arts, err := Emitter.Emit(&emit.Input{Graph: compile(t, ex)})
			if err != nil {
				t.Fatal(err)
			}
			files := map[string][]byte{}
			for _, a := range arts {
				files[a.Path] = a.Data
			}
			compiletest.GoldenDir(t, filepath.Join("testdata", ex), files, "the diagrams of "+ex)
		})
	}
}

// checkConservation: every link of a fabric is counted once in the
// overview, either in a bundle between two groups or inside a group, and
// capacities add up; every member is in exactly one group.
func checkConservation(t *testing.T, g *ir.Graph, f ir.FabricID, ov *overview) {
	t.Helper()
	links, members := 0, 0
	var capacity float64
	for _, b := range ov.edges {
		links += b.links
		capacity += b.total
	}
	for _, gr := range ov.groups {
		members += gr.members
		for _, b := range gr.internal {
			links += b.links
			capacity += b.total
		}
	}
	want, wantCap := 0, 0.0
	for _, l := range g.AllLinks() {
		if l.Fabric == f {
			want++
			wantCap += l.CapacityBPS
		}
	}
	if links != want || capacity != wantCap {
		t.Errorf("fabric %s: bundles hold %d links, %g b/s; the fabric has %d, %g", g.Fabrics[f].Name, links, capacity, want, wantCap)
	}
	inGroup := 0
	for _, gid := range ov.groupOf {
		if gid >= 0 {
			inGroup++
		}
	}
	if inGroup != members {
		t.Errorf("fabric %s: %d members mapped to groups, groups count %d", g.Fabrics[f].Name, inGroup, members)
	}
}

// TestFatTreeOverview: the k=8 fat-tree (Al-Fares et al. 2008) aggregates
// into k pods × (hosts, edge, aggregation) + one core group; each pod
// bundle holds k²/4 = 16 links and the core group k²/4 = 16 switches.
func TestFatTreeOverview(t *testing.T) {
	const k = 8
	g := compile(t, "fat-tree-k8")
	ov := aggregate(g, 0, nil)
	checkConservation(t, g, 0, ov)
	if len(ov.groups) != 3*k+1 || len(ov.edges) != 3*k {
		t.Fatalf("%d groups, %d bundles; want %d, %d", len(ov.groups), len(ov.edges), 3*k+1, 3*k)
	}
	for key, b := range ov.edges {
		if b.links != k*k/4 || b.text() != "16 × 400G = 6.4Tb/s" {
			t.Errorf("bundle %v: %d links %q, want 16 × 400G = 6.4Tb/s", key, b.links, b.text())
		}
	}
	core := ov.groups[len(ov.groups)-1]
	if core.tier != "core" || core.members != k*k/4 || core.key.unit.kind != "" {
		t.Errorf("last group: tier %q, %d members, unit %q; want the 16 core switches", core.tier, core.members, core.key.unit.kind)
	}
}

// TestDragonflyOverview: with g = a·h + 1 = 9 every pair of groups shares
// exactly one global link (Kim et al. 2008): 9 nodes, 36 chords, and
// inside each group 6 local + 8 terminal links.
func TestDragonflyOverview(t *testing.T) {
	g := compile(t, "dragonfly-small")
	ov := aggregate(g, 0, nil)
	checkConservation(t, g, 0, ov)
	if len(ov.groups) != 9 || len(ov.edges) != 36 {
		t.Fatalf("%d groups, %d bundles; want 9, 36", len(ov.groups), len(ov.edges))
	}
	for _, b := range ov.edges {
		if b.links != 1 {
			t.Errorf("a group pair has %d global links, want 1", b.links)
		}
	}
	for _, gr := range ov.groups {
		if gr.internal[ir.LinkLocal].links != 6 || gr.internal[ir.LinkTerminal].links != 8 || gr.members != 4+8 {
			t.Errorf("group %d: local %d terminal %d members %d; want 6, 8, 12", gr.id, gr.internal[ir.LinkLocal].links, gr.internal[ir.LinkTerminal].links, gr.members)
		}
	}
	text, engine := ov.overviewDOT(false)
	if engine != "neato" || !bytes.Contains(text, []byte(`pos="0,4.011!"`)) {
		t.Errorf("dragonfly overview: engine %s; group0 not pinned at the top of the circle", engine)
	}
}

// TestB200Folding: 16 scalable units exceed MaxUnits, so the overview
// draws su00, su01, su15 and one folded group per tier; the leaf–spine
// bundles still add up to the RA's 4,096 cables per tier (NVIDIA DGX B200
// SuperPOD RA: 128 leaves × 32 uplinks).
func TestB200Folding(t *testing.T) {
	g := compile(t, "dgx-b200-superpod-16su")
	ov := aggregate(g, 0, nil)
	checkConservation(t, g, 0, ov)
	byTier := map[string]int{}
	var titles []string
	for _, gr := range ov.groups {
		byTier[gr.tier]++
		if gr.key.level == 0 {
			titles = append(titles, ov.unitTitle(gr))
		}
	}
	if strings.Join(titles, ",") != "su00,su01,su02 … su14,su15" {
		t.Errorf("endpoint groups %v", titles)
	}
	if byTier["leaf"] != 4 || byTier["spine"] != 4 || byTier["core"] != 1 {
		t.Errorf("groups per tier %v, want 4 leaf, 4 spine (pods), 1 core", byTier)
	}
	leafSpine := 0
	for k, b := range ov.edges {
		if ov.groups[k[0]].tier == "leaf" && ov.groups[k[1]].tier == "spine" {
			leafSpine += b.links
		}
	}
	if leafSpine != 4096 {
		t.Errorf("leaf–spine bundles hold %d links, want 4,096", leafSpine)
	}
}

// TestConservationEveryExample runs the conservation check on every
// fabric of the mid-size examples.
func TestConservationEveryExample(t *testing.T) {
	for _, ex := range []string{"dgx-h100-superpod", "gb200-nvl72", "roce-leaf-spine-2plane", "fat-tree-k48"} {
		g := compile(t, ex)
		for f := range g.Fabrics {
			checkConservation(t, g, ir.FabricID(f), aggregate(g, ir.FabricID(f), nil))
		}
	}
}

var nodeStmt = regexp.MustCompile(`(?m)^  [a-z]+[0-9]+ \[`)

// TestViewSizeBounded: no view grows with the fabric: the k=48 fat-tree
// (27,648 hosts, 2,880 switches) and the B200 SuperPOD draw at most 60
// nodes per view.
func TestViewSizeBounded(t *testing.T) {
	for _, ex := range []string{"fat-tree-k48", "dgx-b200-superpod-16su"} {
		views, err := Views(&emit.Input{Graph: compile(t, ex)})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range views {
			if n := len(nodeStmt.FindAll(v.DOT, -1)); n > 60 || n == 0 {
				t.Errorf("%s %s: %d nodes", ex, v.Path, n)
			}
		}
	}
}

// TestHeatmap: with loads, the heatmap view exists and each bundle's
// worst load is the largest load of its links; a loads slice of the wrong
// length is an error.
func TestHeatmap(t *testing.T) {
	g := compile(t, "dgx-h100-superpod")
	loads := make([]float64, g.NumLinks())
	var leafSpineMax float64
	for i, l := range g.AllLinks() {
		loads[i] = float64(i%97) / 100
		if l.Kind == ir.LinkLeafSpine && loads[i] > leafSpineMax {
			leafSpineMax = loads[i]
		}
	}
	loads[len(loads)-1] = 1.3 // one overloaded link (the last is leaf–spine)
	if g.Link(ir.LinkID(len(loads)-1)).Kind != ir.LinkLeafSpine {
		t.Fatalf("last link is %s", g.Link(ir.LinkID(len(loads)-1)).Kind)
	}
	ov := aggregate(g, 0, loads)
	red := 0
	for k, b := range ov.edges {
		if col, bin := heatColour(b); bin == "red" {
			red++
			if col != "#d73027" || b.maxLoad != 1.3 || ov.groups[k[1]].tier != "spine" {
				t.Errorf("red bundle %v: colour %s max %v", k, col, b.maxLoad)
			}
		}
	}
	if red != 1 {
		t.Errorf("%d red bundles, want 1 (the one holding the 130%% link)", red)
	}
	views, err := Views(&emit.Input{Graph: g, LinkLoads: loads, LinkLoadsFrom: `workload "w", collective "c"`})
	if err != nil {
		t.Fatal(err)
	}
	if views[1].Path != "diagrams/compute/heatmap" || !bytes.Contains(views[1].DOT, []byte("max 130%")) {
		t.Errorf("second view %s lacks the heatmap labels", views[1].Path)
	}
	// The heatmap says whose traffic it shows; the overview does not.
	if caption := []byte(`link load of workload \"w\", collective \"c\", the phase that loads the fabric most`); !bytes.Contains(views[1].DOT, caption) || bytes.Contains(views[0].DOT, caption) {
		t.Errorf("heatmap caption missing (or on the overview):\n%s", views[1].DOT)
	}
	if _, err := Views(&emit.Input{Graph: g, LinkLoads: loads[1:]}); err == nil {
		t.Error("a loads slice of the wrong length was accepted")
	}
	// Traffic only inside the servers (no link of fabric compute loaded):
	// no heatmap, which would read 0% everywhere (trial 34).
	for i, l := range g.AllLinks() {
		if l.Fabric != ir.None {
			loads[i] = 0
		}
	}
	views, err = Views(&emit.Input{Graph: g, LinkLoads: loads, LinkLoadsFrom: `workload "w", collective "c"`})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range views {
		if strings.HasSuffix(v.Path, "/heatmap") {
			t.Errorf("%s drawn for a fabric with no load", v.Path)
		}
	}
}

// tricky builds a small fabric whose names need escaping in DOT.
func tricky() *ir.Graph {
	g := ir.New()
	f := g.AddFabric(ir.Fabric{Name: `fab "x" \ <b>`, Family: "custom", Tiers: []string{"leaf\tA"}})
	sw := ir.NewNode("sw \"1\"\\N\nnext", ir.KindSwitch)
	sw.SetModel("Größe<ノード>\x01\xff")
	sw.SetTier("leaf\tA")
	s := g.AddNode(sw)
	g.JoinFabric(s, f)
	for i := 0; i < 3; i++ {
		h := g.AddNode(ir.NewNode("host\\l"+string(rune('a'+i)), ir.KindHost))
		g.JoinFabric(h, f)
		g.AddLink(ir.Link{A: ir.Port{Node: h}, B: ir.Port{Node: s, Port: int32(i)}, CapacityBPS: 100e9, Kind: ir.LinkCustom, Fabric: f})
	}
	return g
}

// TestEscapingWithGraphviz: Graphviz's own dot command (an independent
// parser) accepts every view of the example fabrics and of a fabric with
// quotes, backslashes, tabs, newlines, markup, control characters,
// non-ASCII and invalid UTF-8 in its names, and the tricky text arrives
// intact as far as DOT can carry it.
func TestEscapingWithGraphviz(t *testing.T) {
	dotCmd := tooltest.Command(t, "dot", "graphviz")
	graphs := map[string]*ir.Graph{"tricky": tricky(), "dragonfly-small": compile(t, "dragonfly-small"), "gb200-nvl72": compile(t, "gb200-nvl72")}
	checked := false
	for name, g := range graphs {
		views, err := Views(&emit.Input{Graph: g})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range views {
			cmd := exec.Command(dotCmd, "-K"+v.Engine, "-Tsvg")
			cmd.Stdin = bytes.NewReader(v.DOT)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil || stderr.Len() > 0 {
				t.Errorf("%s %s: dot: %v %s", name, v.Path, err, stderr.String())
				continue
			}
			if name == "tricky" && v.Path == "diagrams/fab__x_____b_/overview" {
				checked = true
				for _, want := range []string{"fab &quot;x&quot; \\ &lt;b&gt;", "Größe&lt;ノード&gt;\uFFFD\uFFFD", "leaf A"} {
					if !bytes.Contains(out, []byte(want)) {
						t.Errorf("tricky overview SVG lacks %q", want)
					}
				}
			}
		}
	}
	if !checked {
		t.Error("the tricky fabric's overview was not drawn")
	}
}

// TestLabels: bundle and rate texts as a design review writes them.
func TestLabels(t *testing.T) {
	b := &bundle{}
	for i := 0; i < 32; i++ {
		b.add(400e9)
	}
	if got := b.text(); got != "32 × 400G = 12.8Tb/s" {
		t.Errorf("32 × 400G bundle: %q", got)
	}
	for i := 0; i < 8; i++ {
		b.add(200e9)
	}
	if got := b.text(); got != "32 × 400G + 8 × 200G = 14.4Tb/s" {
		t.Errorf("mixed bundle: %q", got)
	}
	one := &bundle{}
	one.add(200e9)
	if got := one.text(); got != "1 × 200G" {
		t.Errorf("single link: %q", got)
	}
	for bps, want := range map[float64]string{400e9: "400Gb/s", 102.4e12: "102.4Tb/s", 1.6384e15: "1.638Pb/s", 504123076923.07697: "504.1Gb/s"} {
		if got := rateLong(bps); got != want {
			t.Errorf("rateLong(%g) = %q, want %q", bps, got, want)
		}
	}
	for bps, want := range map[float64]string{400e9: "400G", 1.6e12: "1.6T", 3.6e12: "3.6T", 504123076923.07697: "504G", 25e9: "25G", 100e6: "100M"} {
		if got := rateShort(bps); got != want {
			t.Errorf("rateShort(%g) = %q, want %q", bps, got, want)
		}
	}
	if got := escapeText("a\"b\\c\n\td\x01\xff"); got != `a\"b\\c  d`+"\uFFFD\uFFFD" {
		t.Errorf("escapeText = %q", got)
	}
}

// TestPathsUnique: design names that map to the same file name, or that
// look like paths, still give distinct, safe artifact paths.
func TestPathsUnique(t *testing.T) {
	g := ir.New()
	for _, name := range []string{"a b", "a_b", "../x"} {
		f := g.AddFabric(ir.Fabric{Name: name, Family: "custom", Tiers: []string{"leaf"}})
		sw := ir.NewNode(name+"/sw", ir.KindSwitch)
		sw.SetTier("leaf")
		s := g.AddNode(sw)
		h := g.AddNode(ir.NewNode(name+"/h", ir.KindHost))
		g.JoinFabric(s, f)
		g.JoinFabric(h, f)
		g.AddLink(ir.Link{A: ir.Port{Node: h}, B: ir.Port{Node: s}, CapacityBPS: 1e9, Kind: ir.LinkCustom, Fabric: f})
	}
	arts, err := Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, a := range arts {
		paths = append(paths, a.Path)
	}
	want := "diagrams/a_b/overview.dot diagrams/a_b-2/overview.dot diagrams/_.._x/overview.dot"
	if strings.Join(paths, " ") != want {
		t.Errorf("paths %v, want %s", paths, want)
	}
	if err := emit.WriteAll(t.TempDir(), arts); err != nil {
		t.Error(err)
	}
}

// The server-model view of a DGX H100 counts physical NVLink links, not
// IR links: the IR holds one link per GPU–NVSwitch pair (ir.Link.Parallel
// 4, 5, 5, 4), and the view still reads 8 × 18 = 144 links of 200 Gb/s
// (NVLink4, 25 GB/s per direction). The four chips are one node (32
// GPU–chip edges tangled into a band on a slide), so each GPU has one
// edge of its 18 links, and the node says how they spread: 4, 5, 5, 4.
// A NIC sits in its GPU's column (an invisible heavy edge).
func TestServerModelNVLinkBundles(t *testing.T) {
	g := compile(t, "dgx-h100-superpod")
	var view string
	for _, d := range modelViews(g) {
		if d.name == "DGX-H100" {
			view = string(d.dot)
		}
	}
	if view == "" {
		t.Fatal("no DGX-H100 server-model view")
	}
	if !strings.Contains(view, "NVLink 144 × 200G = 28.8Tb/s") {
		t.Errorf("title lacks \"NVLink 144 × 200G = 28.8Tb/s\":\n%s", view)
	}
	if n := strings.Count(view, `label="18 × 200G"`); n != 8 {
		t.Errorf("%d edges with label=\"18 × 200G\", want 8 (one per GPU)", n)
	}
	if !strings.Contains(view, "4 × NVSwitch") || !strings.Contains(view, "each GPU's links to them: 4, 5, 5, 4") {
		t.Errorf("no NVSwitch group node with the 4, 5, 5, 4 split:\n%s", view)
	}
	if n := strings.Count(view, `[style="invis", weight=8]`); n != 8 {
		t.Errorf("%d GPU-over-NIC column edges, want 8 (one per PCIe switch)", n)
	}
}

// A what-if scenario gets its own overview per fabric it touches, with
// the failed switch's group outlined and counted and the bundles that
// lost links counted; fabrics it does not touch get none.
func TestWhatifView(t *testing.T) {
	g := compiletest.Example(t, "gb200-nvl72-2rack")
	fv := &emit.Failure{Name: "rack0/leaf0", Nodes: make([]bool, len(g.Nodes)), Links: make([]bool, g.NumLinks())}
	for i := range g.Nodes {
		if g.Nodes[i].Name == "rack0/leaf0" {
			fv.Nodes[i] = true
			for id := range g.NumLinks() {
				if l := g.Link(ir.LinkID(id)); l.A.Node == ir.NodeID(i) || l.B.Node == ir.NodeID(i) {
					fv.Links[id] = true
				}
			}
		}
	}
	views, err := Views(&emit.Input{Graph: g, Failure: fv})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range views {
		if strings.HasSuffix(v.Path, "/whatif") {
			got = append(got, v.Path)
			text := string(v.DOT)
			for _, want := range []string{"what-if: rack0/leaf0 fails", "1 of 4 failed", "18 of 72 down", "red dashed"} {
				if !strings.Contains(text, want) {
					t.Errorf("%s lacks %q", v.Path, want)
				}
			}
		}
	}
	if len(got) != 1 || got[0] != "diagrams/scale_out/whatif" {
		t.Errorf("what-if views %v, want only diagrams/scale_out/whatif", got)
	}
}

// TestDragonflyHeatmapInside: a dragonfly's hottest links may be the
// local links inside a group, which no edge of the circle draws. With
// one local link of group 3 at 120% and every other link at 40%, the
// heatmap outlines group 3 red and says "local: … · max 120%", every
// other group green, and the legend explains the outlines; the groups
// stay on a circle wide enough for their longer labels.
func TestDragonflyHeatmapInside(t *testing.T) {
	g := compile(t, "dragonfly-small")
	loads := make([]float64, g.NumLinks())
	hot := -1
	for i, l := range g.AllLinks() {
		loads[i] = 0.4
		if hot < 0 && l.Kind == ir.LinkLocal && g.Nodes[l.A.Node].UnitIndex == 3 {
			hot, loads[i] = int(i), 1.2
		}
	}
	if hot < 0 {
		t.Fatal("no local link in group 3")
	}
	ov := aggregate(g, 0, loads)
	text, _ := ov.overviewDOT(true)
	red, green := 0, 0
	for _, line := range strings.Split(string(text), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "g") || !strings.Contains(line, "penwidth=3") {
			continue
		}
		switch {
		case strings.Contains(line, `color="#d73027"`) && strings.Contains(line, "local: ") && strings.Contains(line, "max 120%"):
			red++
		case strings.Contains(line, `color="#1a9850"`) && strings.Contains(line, "max 40%"):
			green++
		}
	}
	if red != 1 || green != 8 || !bytes.Contains(text, []byte(insideLegend)) {
		t.Errorf("outlines: %d red with max 120%%, %d green; want 1 and 8, and the legend:\n%s", red, green, text)
	}
	plain, _ := ov.overviewDOT(false)
	if bytes.Contains(plain, []byte("max ")) || bytes.Contains(plain, []byte(insideLegend)) {
		t.Error("the overview without loads shows loads")
	}
}

// A composed fabric's zones are drawn and named by their member
// fabrics' names, as the text output names them: groups "west · core"
// and "east · edge", and the zone's detail view diagrams/cluster/west,
// never "zone0".
func TestCompositeZoneNames(t *testing.T) {
	g := compiletest.Dir(t, filepath.Join(compiletest.Root(t), "testdata", "zones"))
	arts, err := Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, a := range arts {
		paths = append(paths, a.Path)
		if strings.HasPrefix(a.Path, Dir+"/cluster/") && strings.Contains(string(a.Data), "zone") {
			t.Errorf("%s names a zone by number", a.Path)
		}
		if a.Path == Dir+"/cluster/overview.dot" && (!strings.Contains(string(a.Data), "west · core") || !strings.Contains(string(a.Data), "east · edge")) {
			t.Errorf("the composite's overview does not name its zones' groups by fabric:\n%s", a.Data)
		}
	}
	if !strings.Contains(strings.Join(paths, " "), Dir+"/cluster/west.dot") {
		t.Errorf("views %v, want the detail of zone west as %s/cluster/west.dot", paths, Dir)
	}
}

// Fire-Flyer 2's storage servers have a NIC in each zone: the cluster's
// overview draws them in a group of their own, cabled to both zones'
// leaves (180 × 200G each), and each zone's group holds its 610 compute
// nodes alone (they were drawn in zone0's group, with zone1's storage
// links running into it; audit of issue 12).
func TestCompositeSharedServers(t *testing.T) {
	arts, err := Emitter.Emit(&emit.Input{Graph: compiletest.Example(t, "fire-flyer-2")})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range arts {
		if a.Path != Dir+"/cluster/overview.dot" {
			continue
		}
		dot := string(a.Data)
		for _, want := range []string{
			`g0 [label="servers in several zones\n180 × FireFlyer2-storage\n(360 NICs)"`,
			`g1 [label="zone0\n610 × FireFlyer2-compute\n(610 NICs)"`,
			`g2 [label="zone1\n610 × FireFlyer2-compute\n(610 NICs)"`,
			`g0 -> g3 [label="180 × 200G\n= 36Tb/s"`,
			`g0 -> g4 [label="180 × 200G\n= 36Tb/s"`,
		} {
			if !strings.Contains(dot, want) {
				t.Errorf("the cluster's overview lacks %s:\n%s", want, dot)
			}
		}
		return
	}
	t.Fatal("no overview of the cluster")
}

// A rail-only fabric's overview draws its rails apart, each leaf with
// the servers, and says that they meet inside the servers, over the
// NVLink its server_transit allows (audit of issue 12).
func TestOverviewSaysServerTransit(t *testing.T) {
	arts, err := Emitter.Emit(&emit.Input{Graph: compiletest.Example(t, "rail-only-512")})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range arts {
		if a.Path == Dir+"/compute/overview.dot" {
			if !strings.Contains(string(a.Data), "server_transit nvlink: the groups drawn apart here also meet inside the servers") {
				t.Errorf("the rail-only overview does not say the rails meet inside the servers:\n%s", a.Data)
			}
			return
		}
	}
	t.Fatal("no overview of the rail-only fabric")
}

// A torus or mesh gets a grid view: each router once at its pinned
// place, one edge per neighbour pair along x and y (a 4 × 4 × 4 torus:
// 4 planes × 4 rows × 3 = 48 x links, as many y links; its 32
// wrap-around x and y links and its 64 z links are said, not drawn),
// laid out by neato; a 3 × 5 mesh has 2 × 5 x and 3 × 4 y links and
// says nothing of wrap-around; a torus of more than MaxGridRouters
// routers, or of four dimensions, gets none.
func TestTorusGrid(t *testing.T) {
	view := func(src string) (View, bool) {
		t.Helper()
		views, err := Views(&emit.Input{Graph: compiletest.Source(t, src)})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range views {
			if strings.HasSuffix(v.Path, "/grid") {
				return v, true
			}
		}
		return View{}, false
	}
	torus := func(dims string, wrap bool) string {
		w := "false"
		if wrap {
			w = "true"
		}
		return `fabric "t" {
  torus {
    dims      = ` + dims + `
    wrap      = ` + w + `
    p         = 1
    link_rate = "400Gb/s"
  }
}
`
	}
	v, ok := view(torus("[4, 4, 4]", true))
	if !ok || v.Engine != "neato" {
		t.Fatalf("4x4x4 torus: grid %v, engine %q; want a neato grid view", ok, v.Engine)
	}
	text := string(v.DOT)
	nodes := regexp.MustCompile(`(?m)^  r\d+ \[`).FindAllString(text, -1)
	xs := strings.Count(text, gridColours[0])
	ys := strings.Count(text, gridColours[1])
	if len(nodes) != 64 || xs != 48 || ys != 48 || !strings.Contains(text, "wrap-around links join") || !strings.Contains(text, "z links join each router") {
		t.Errorf("4x4x4 torus grid: %d routers, %d x and %d y edges; want 64, 48, 48 and both notes:\n%s", len(nodes), xs, ys, text[:min(len(text), 600)])
	}
	if v, ok := view(torus("[3, 5]", false)); !ok || strings.Contains(string(v.DOT), "wrap-around") || strings.Contains(string(v.DOT), "z links") ||
		strings.Count(string(v.DOT), gridColours[0]) != 2*5 || strings.Count(string(v.DOT), gridColours[1]) != 3*4 {
		t.Errorf("3x5 mesh: grid %v:\n%s", ok, v.DOT)
	}
	if _, ok := view(torus("[17, 16]", true)); ok {
		t.Errorf("272 routers: a grid view, want none past %d", MaxGridRouters)
	}
	if _, ok := view(torus("[2, 2, 2, 2]", true)); ok {
		t.Errorf("4 dimensions: a grid view, want none")
	}
}
