package oversub_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/topoc/topoc/analyzers/oversub"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// load compiles a design directory, failing the test on any error.
func load(t testing.TB, dir string, vars ...string) *ir.Graph {
	t.Helper()
	return compiletest.Dir(t, dir, vars...)
}

// loadSource compiles one design file written by the test.
func loadSource(t testing.TB, src string) *ir.Graph {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "design.topo.hcl"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return load(t, dir)
}

func example(t testing.TB, name string, vars ...string) *ir.Graph {
	return load(t, filepath.Join("..", "..", "examples", name), vars...)
}

func fabric(t testing.TB, g *ir.Graph, name string) oversub.Fabric {
	t.Helper()
	for i := range g.Fabrics {
		if g.Fabrics[i].Name == name {
			return oversub.Analyze(g, ir.FabricID(i))
		}
	}
	t.Fatalf("no fabric %q", name)
	return oversub.Fabric{}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// tier is the expected summary of one tier.
type tier struct {
	name           string
	ratio, min     float64
	switches       int
	distinctRatios int
}

func checkTiers(t *testing.T, got []oversub.Tier, want []tier) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("tiers: got %d %+v, want %d %+v", len(got), got, len(want), want)
	}
	for i, w := range want {
		g := got[i]
		if g.Tier != w.name || !near(g.Ratio, w.ratio) || !near(g.Max, w.ratio) || !near(g.Min, w.min) ||
			g.Switches != w.switches || len(g.Distribution) != w.distinctRatios || g.WithoutUplinks != 0 {
			t.Errorf("tier %d: got %s ratio %g min %g max %g switches %d distribution %v; want %+v",
				i, g.Tier, g.Ratio, g.Min, g.Max, g.Switches, g.Distribution, w)
		}
		n := 0
		for _, d := range g.Distribution {
			n += d.Count
		}
		if n != g.Switches {
			t.Errorf("tier %s: distribution counts %d switches, want %d", g.Tier, n, g.Switches)
		}
	}
}

func checkEndToEnd(t *testing.T, f oversub.Fabric, want float64, kind string) {
	t.Helper()
	if f.EndToEnd == nil || !near(*f.EndToEnd, want) {
		t.Fatalf("end_to_end = %v, want %g (note %q)", f.EndToEnd, want, f.Note)
	}
	if kind != "" && (f.WorstUnit == nil || f.WorstUnit.Kind != kind) {
		t.Errorf("worst unit %+v, want kind %s", f.WorstUnit, kind)
	}
}

func unitKind(t *testing.T, f oversub.Fabric, kind string) oversub.UnitKind {
	t.Helper()
	for _, k := range f.Units {
		if k.Kind == kind {
			return k
		}
	}
	t.Fatalf("no unit kind %q in %+v", kind, f.Units)
	return oversub.UnitKind{}
}

func units(f oversub.Fabric, kind string) []oversub.Unit {
	var out []oversub.Unit
	for _, u := range f.UnitDetail {
		if u.Kind == kind {
			out = append(out, u)
		}
	}
	return out
}

// TestLeafSpine3to1: examples/roce-leaf-spine-2plane, per plane 64-port
// leaves with 48 down and 16 up at 400G: 48·400/16·400 = 3.0 at the leaf
// tier, and 3.0 end to end (a rack of 48 hosts × 2 ports sends 2 leaves ×
// 16 uplinks). The planes meet only in the hosts: closed units.
func TestLeafSpine3to1(t *testing.T) {
	f := fabric(t, example(t, "roce-leaf-spine-2plane"), "backend")
	checkTiers(t, f.Tiers, []tier{{"leaf", 3, 3, 64, 1}})
	if f.Tiers[0].DownBPS != 64*48*400e9 || f.Tiers[0].UpBPS != 64*16*400e9 {
		t.Errorf("leaf tier down %g up %g, want %g and %g", f.Tiers[0].DownBPS, f.Tiers[0].UpBPS, 64*48*400e9, 64*16*400e9)
	}
	checkEndToEnd(t, f, 3, "leaf")
	racks := units(f, "rack")
	if len(racks) != 32 {
		t.Fatalf("%d rack units, want 32", len(racks))
	}
	for _, u := range racks {
		if u.Endpoints != 96 || u.InjectionBPS != 96*400e9 || u.LeavingBPS != 32*400e9 || u.Ratio == nil || *u.Ratio != 3 {
			t.Errorf("rack %+v: want 96 endpoints, 38.4 Tb/s injected, 12.8 Tb/s leaving, ratio 3", u)
		}
	}
	if p := unitKind(t, f, "plane"); p.Count != 2 || p.Closed != 2 || p.Max != nil {
		t.Errorf("planes %+v: want 2, both closed", p)
	}
	if f.Rails != nil {
		t.Errorf("rails %+v on a fabric without rails", f.Rails)
	}
}

// TestFatTrees: a k-ary fat-tree is 1:1 everywhere (Al-Fares et al. 2008):
// k/2 down and k/2 up at edge and aggregation switches, and each pod
// injects k²/4 hosts' rate over (k/2)² aggregation–core links.
func TestFatTrees(t *testing.T) {
	for _, tc := range []struct {
		dir, fabric string
		k           int
	}{{"fat-tree-k8", "ft", 8}, {"fat-tree-k48", "ft48", 48}} {
		t.Run(tc.dir, func(t *testing.T) {
			f := fabric(t, example(t, tc.dir), tc.fabric)
			k := tc.k
			checkTiers(t, f.Tiers, []tier{{"edge", 1, 1, k * k / 2, 1}, {"aggregation", 1, 1, k * k / 2, 1}})
			checkEndToEnd(t, f, 1, "")
			pods := units(f, "pod")
			if len(pods) != k {
				t.Fatalf("%d pods, want %d", len(pods), k)
			}
			rate := 400e9
			for _, u := range pods {
				if u.Endpoints != k*k/4 || u.InjectionBPS != float64(k*k/4)*rate || u.LeavingBPS != float64(k*k/4)*rate {
					t.Errorf("pod %+v: want %d hosts and (k/2)² = %d uplinks at 400G", u, k*k/4, k*k/4)
				}
			}
		})
	}
}

// TestSuperPODs: the DGX H100 (RA-11333-001) and B200 16-SU SuperPODs are
// 1:1 (leaves 32 down, 32 up; B200 spines 32 down, 32 up).
func TestSuperPODs(t *testing.T) {
	t.Run("h100", func(t *testing.T) {
		f := fabric(t, example(t, "dgx-h100-superpod"), "compute")
		// SU 3 has 31 nodes and 4 UFM ports: its rail-4…7 leaves have 31
		// of 32 down ports cabled, so 31/32 at 4 leaves, 1 at the other 28.
		checkTiers(t, f.Tiers, []tier{{"leaf", 1, 31.0 / 32, 32, 2}})
		checkEndToEnd(t, f, 1, "")
		if f.Rails == nil || f.Rails.Rails != 8 || !near(*f.Rails.IntraRail, 1) || !near(*f.Rails.CrossRail, 1) {
			t.Errorf("rails %+v: want 8 rails, intra and cross 1.0", f.Rails)
		}
		sus := units(f, "su")
		if len(sus) != 4 || *sus[3].Ratio != 252.0/256 || sus[3].Endpoints != 31*8+4 || *sus[0].Ratio != 1 {
			t.Errorf("SUs %+v: want su3 = (31·8+4)/256", sus)
		}
		// Rail r of 127 nodes (+1 UFM on rails 0–3) leaves over 4 leaves × 32.
		for _, u := range units(f, "rail") {
			want := 127.0 / 128
			if u.Index < 4 {
				want = 1
			}
			if !near(*u.Ratio, want) || u.LeavingBPS != 4*32*400e9 {
				t.Errorf("rail %+v: want ratio %g over 4 × 32 uplinks", u, want)
			}
		}
	})
	t.Run("b200", func(t *testing.T) {
		f := fabric(t, example(t, "dgx-b200-superpod-16su"), "compute")
		checkTiers(t, f.Tiers, []tier{{"leaf", 1, 1, 128, 1}, {"spine", 1, 1, 128, 1}})
		checkEndToEnd(t, f, 1, "")
		pods := units(f, "pod")
		if len(pods) != 4 {
			t.Fatalf("%d pods, want 4", len(pods))
		}
		for _, u := range pods {
			// 4 SUs × 32 nodes × 8 NICs, leaving over 32 spines × 32 uplinks.
			if u.Endpoints != 1024 || u.LeavingBPS != 32*32*400e9 || *u.Ratio != 1 {
				t.Errorf("pod %+v: want 1,024 endpoints over 1,024 uplinks", u)
			}
		}
	})
}

// TestDragonflySmall: p=2 a=4 h=2 at 200G everywhere (Kim et al. 2008).
// A router has p terminal links down and (a−1) local + h global links to
// the network: 2/(3+2) = 0.4. A group injects a·p = 8 terminals over
// a·h = 8 global links: 1.0, the global taper.
func TestDragonflySmall(t *testing.T) {
	f := fabric(t, example(t, "dragonfly-small"), "df")
	checkTiers(t, f.Tiers, []tier{{"router", 0.4, 0.4, 36, 1}})
	checkEndToEnd(t, f, 1, "group")
	if f.GlobalTaper == nil || *f.GlobalTaper != 1 {
		t.Errorf("global taper %v, want 1", f.GlobalTaper)
	}
	groups := units(f, "group")
	if len(groups) != 9 {
		t.Fatalf("%d groups, want 9", len(groups))
	}
	for _, u := range groups {
		if u.Endpoints != 8 || u.InjectionBPS != 8*200e9 || u.LeavingBPS != 8*200e9 {
			t.Errorf("group %+v: want 8 terminals over 8 global links", u)
		}
	}
}

// TestDragonflyTapers checks the closed forms with unequal rates and with
// an uncabled global port.
func TestDragonflyTapers(t *testing.T) {
	t.Run("slow globals", func(t *testing.T) {
		// Router: 2·200 / (3·200 + 2·100) = 0.5; group: 8·200 / 8·100 = 2.
		g := loadSource(t, `fabric "df" {
  dragonfly {
    p           = 2
    a           = 4
    h           = 2
    local_rate  = "200Gb/s"
    global_rate = "100Gb/s"
  }
}`)
		f := fabric(t, g, "df")
		checkTiers(t, f.Tiers, []tier{{"router", 0.5, 0.5, 36, 1}})
		checkEndToEnd(t, f, 2, "group")
		if *f.GlobalTaper != 2 {
			t.Errorf("global taper %g, want 2", *f.GlobalTaper)
		}
	})
	t.Run("unused global port", func(t *testing.T) {
		// p=1 a=3 h=1 g=3: 9 global ports, 4 links, one port free. The
		// group with the free port sends 3 terminals over 2 global links
		// (1.5); its router has 1 terminal over 2 local links (0.5), the
		// other 8 routers 1 over 2 local + 1 global (1/3).
		g := loadSource(t, `fabric "df" {
  dragonfly {
    p          = 1
    a          = 3
    h          = 1
    g          = 3
    local_rate = "200Gb/s"
  }
}`)
		f := fabric(t, g, "df")
		checkTiers(t, f.Tiers, []tier{{"router", 0.5, 1.0 / 3, 9, 2}})
		checkEndToEnd(t, f, 1.5, "group")
		if *f.GlobalTaper != 1.5 {
			t.Errorf("global taper %g, want 1.5", *f.GlobalTaper)
		}
		if d := f.Tiers[0].Distribution; d[0].Count != 8 || d[1].Count != 1 {
			t.Errorf("router distribution %v, want 8 at 1/3 and 1 at 0.5", d)
		}
	})
}

// TestNVLinkDomain: the GB200 NVL72 domain is one stage (every GPU links
// to all 18 NVSwitch chips, which have no uplinks): no tier entries and
// end_to_end 1.0 with a note.
func TestNVLinkDomain(t *testing.T) {
	f := fabric(t, example(t, "gb200-nvl72"), "nvl72")
	if len(f.Tiers) != 0 || len(f.Units) != 0 {
		t.Errorf("tiers %+v units %+v, want none", f.Tiers, f.Units)
	}
	if f.EndToEnd == nil || *f.EndToEnd != 1 || f.Note == "" || f.WorstUnit != nil {
		t.Errorf("end_to_end %v note %q worst %v, want 1 with a note", f.EndToEnd, f.Note, f.WorstUnit)
	}
}

// taperedClos is a 3-tier Clos tapered 2:1 at the leaf and 2:1 at the
// spine. By hand: 256 hosts × 100G in racks of 16 and pods of 4 racks.
// Leaf: 16·100 / 8·100 = 2. A pod's 4 leaves send 32 uplinks to its 4
// spines, 8 each; a spine sends 4 up: 8/4 = 2. A rack injects 1.6 Tb/s
// over 8 uplinks (2); a pod injects 64·100G = 6.4 Tb/s over 4 spines × 4
// uplinks = 1.6 Tb/s: 4 = 2 × 2 end to end.
const taperedClos = `switch_model "sw64" {
  radix     = 64
  port_rate = "100Gb/s"
}

fabric "tapered" {
  clos {
    hosts     = 256
    host_rate = "100Gb/s"
    unit "rack" {
      nodes = 16
    }
    unit "pod" {
      units = 4
    }
    tier "leaf" {
      model = "sw64"
      per   = ["rack"]
      down  = 16
      up    = 8
    }
    tier "spine" {
      model = "sw64"
      per   = ["pod"]
      count = 4
      down  = 8
      up    = 4
    }
    tier "core" {
      model = "sw64"
      count = 4
      down  = 16
    }
  }
}
`

func TestTaperedClos(t *testing.T) {
	f := fabric(t, loadSource(t, taperedClos), "tapered")
	checkTiers(t, f.Tiers, []tier{{"leaf", 2, 2, 16, 1}, {"spine", 2, 2, 16, 1}})
	checkEndToEnd(t, f, 4, "pod")
	if f.WorstUnit.Name != "pod0" {
		t.Errorf("worst unit %+v, want pod0", f.WorstUnit)
	}
	for _, u := range units(f, "rack") {
		if u.Endpoints != 16 || *u.Ratio != 2 {
			t.Errorf("rack %+v: want 16 hosts at 2:1", u)
		}
	}
	pods := units(f, "pod")
	if len(pods) != 4 {
		t.Fatalf("%d pods, want 4", len(pods))
	}
	for _, u := range pods {
		if u.Endpoints != 64 || u.InjectionBPS != 6.4e12 || u.LeavingBPS != 1.6e12 {
			t.Errorf("pod %+v: want 64 hosts, 6.4 Tb/s over 1.6 Tb/s", u)
		}
	}
}

// TestRailOnly: spines per rail, so rails meet only inside the hosts.
// 32 hosts × 4 ports × 100G, SUs of 16; per SU and rail one leaf with 16
// down and 8 up (2:1); 2 spines per rail. Cross-rail: none in the fabric.
func TestRailOnly(t *testing.T) {
	g := loadSource(t, `switch_model "sw64" {
  radix     = 64
  port_rate = "100Gb/s"
}

fabric "rails" {
  clos {
    hosts      = 32
    host_rate  = "100Gb/s"
    host_ports = 4
    rails      = 4
    unit "su" {
      nodes = 16
    }
    tier "leaf" {
      model = "sw64"
      per   = ["su", "rail"]
      down  = 16
      up    = 8
    }
    tier "spine" {
      model = "sw64"
      per   = ["rail"]
      count = 2
      down  = 8
    }
  }
}
`)
	f := fabric(t, g, "rails")
	checkTiers(t, f.Tiers, []tier{{"leaf", 2, 2, 8, 1}})
	checkEndToEnd(t, f, 2, "")
	r := f.Rails
	if r == nil || r.Rails != 4 || r.IntraRail == nil || *r.IntraRail != 2 || r.CrossRail != nil || r.Note == "" {
		t.Fatalf("rails %+v: want intra 2, cross null with a note", r)
	}
	if k := unitKind(t, f, "rail"); k.Count != 4 || k.Closed != 4 {
		t.Errorf("rail units %+v: want 4 closed", k)
	}
	// An SU injects 16 hosts × 4 ports × 100G over its 4 leaves × 8 uplinks.
	for _, u := range units(f, "su") {
		if u.Endpoints != 64 || *u.Ratio != 2 {
			t.Errorf("su %+v: want 64 endpoints at 2:1", u)
		}
	}
}

// TestCustomMixedRates: an explicit fabric with 800G and 400G (breakout)
// uplinks and a spine–spine peer link, computed by hand. leaf_a: 3 × 400G
// down, 800G + 400G up = 1.0; leaf_b: 3 × 400G down, 400G up = 3.0. The
// peer link is neither down nor up.
func TestCustomMixedRates(t *testing.T) {
	g := loadSource(t, `fabric "mixed" {
  custom {
    switch "spine" {
      count = 2
      model = "SN5600"
      tier  = "spine"
    }
    switch "leaf" {
      for_each = toset(["a", "b"])
      model    = "SN5600"
      tier     = "leaf"
    }
    host "gpu" {
      count = 6
      rate  = "400Gb/s"
    }
    link {
      count = 6
      a     = "gpu${count.index}"
      b     = count.index < 3 ? "leaf_a" : "leaf_b"
      rate  = "400Gb/s"
    }
    link {
      a = "leaf_a"
      b = "spine0"
    }
    link {
      a    = "leaf_a"
      b    = "spine1"
      rate = "400Gb/s"
    }
    link {
      a    = "leaf_b"
      b    = "spine0"
      rate = "400Gb/s"
    }
    link {
      a = "spine0"
      b = "spine1"
    }
  }
}
`)
	f := fabric(t, g, "mixed")
	checkTiers(t, f.Tiers, []tier{{"leaf", 3, 1, 2, 2}})
	if f.Tiers[0].Worst != "leaf_b" {
		t.Errorf("worst leaf %q, want leaf_b", f.Tiers[0].Worst)
	}
	checkEndToEnd(t, f, 3, "leaf")
	for _, sw := range f.Switches {
		n := g.Nodes[sw.Node].Name
		want := map[string][3]float64{"spine0": {1200e9, 0, 800e9}, "spine1": {400e9, 0, 800e9},
			"leaf_a": {1200e9, 1200e9, 0}, "leaf_b": {1200e9, 400e9, 0}}[n]
		if [3]float64{sw.DownBPS, sw.UpBPS, sw.PeerBPS} != want {
			t.Errorf("%s: down %g up %g peer %g, want %v", n, sw.DownBPS, sw.UpBPS, sw.PeerBPS, want)
		}
	}
}

// TestNoEndpoints: a fabric of switches only has no end-to-end ratio.
// The compiler refuses such a fabric (compiler.refuseEmptyFabrics), so
// the graph's endpoints are removed after compiling; the analyzer must
// still answer without dividing by zero.
func TestNoEndpoints(t *testing.T) {
	g := loadSource(t, `fabric "bare" {
  custom {
    switch "leaf" {
      model = "SN5600"
      tier  = "leaf"
    }
    switch "spine" {
      model = "SN5600"
      tier  = "spine"
    }
    host "h" {
      rate = "400Gb/s"
    }
    link {
      a = "leaf"
      b = "spine"
    }
    link {
      a = "h"
      b = "leaf"
    }
  }
}
`)
	for i := range g.Fabrics {
		g.Fabrics[i].Endpoints = nil
	}
	f := fabric(t, g, "bare")
	if f.EndToEnd != nil || f.Note == "" {
		t.Errorf("end_to_end %v note %q, want null with a note", f.EndToEnd, f.Note)
	}
}

// customDragonfly is a dragonfly cabled by hand: g = 3 groups of a = 2
// routers, p = 2 hosts per router at 200G, one local link per group and
// one global link between every pair of groups (h = 1), all 200G. A
// router sends 2 × 200G down and has 200G local + 200G global out (1:1);
// a group injects 4 × 200G and has 2 × 200G of global links (2:1). groups
// adds the group labels to the routers.
func customDragonfly(groups bool) string {
	var b strings.Builder
	b.WriteString("fabric \"df\" {\n  custom {\n")
	for g := 0; g < 3; g++ {
		for r := 0; r < 2; r++ {
			label := ""
			if groups {
				label = fmt.Sprintf("\n      group = %d", g)
			}
			fmt.Fprintf(&b, "    switch \"g%dr%d\" {\n      model = \"SN5600\"\n      tier  = \"router\"%s\n    }\n", g, r, label)
			for h := 0; h < 2; h++ {
				fmt.Fprintf(&b, "    host \"g%dr%dh%d\" {\n      rate = \"200Gb/s\"\n    }\n", g, r, h)
				fmt.Fprintf(&b, "    link {\n      a    = \"g%dr%dh%d\"\n      b    = \"g%dr%d\"\n      rate = \"200Gb/s\"\n    }\n", g, r, h, g, r)
			}
		}
		fmt.Fprintf(&b, "    link {\n      a    = \"g%dr0\"\n      b    = \"g%dr1\"\n      rate = \"200Gb/s\"\n    }\n", g, g)
	}
	// Global links: group 0 router 0 – group 1 router 0, group 0 router 1
	// – group 2 router 0, group 1 router 1 – group 2 router 1.
	for _, p := range [][2]string{{"g0r0", "g1r0"}, {"g0r1", "g2r0"}, {"g1r1", "g2r1"}} {
		fmt.Fprintf(&b, "    link {\n      a    = \"%s\"\n      b    = \"%s\"\n      rate = \"200Gb/s\"\n    }\n", p[0], p[1])
	}
	b.WriteString("  }\n}\n")
	return b.String()
}

// TestCustomUnits: without unit labels a hand-cabled dragonfly's worst
// ratio is per switch (1:1), not end to end, and says so; with group
// labels the group taper, 2:1, is its lower end, as the generated family
// reports it, but not end to end: the groups are linked directly, so two
// groups together taper more (6 hosts and 2 × 200G leaving, 3:1; oracle
// trial 60), and the Analyzer bounds it over sets (TestDragonflyEndToEndSound).
func TestCustomUnits(t *testing.T) {
	f := fabric(t, loadSource(t, customDragonfly(false)), "df")
	if f.Basis != oversub.BasisPerSwitch || f.EndToEnd == nil || *f.EndToEnd != 1 {
		t.Errorf("unlabelled: basis %q end_to_end %v, want per_switch 1", f.Basis, f.EndToEnd)
	}
	var buf strings.Builder
	oversub.WriteText(&buf, &f)
	if !strings.Contains(buf.String(), "oversub    per switch 1:1 (worst router") || strings.Contains(buf.String(), "end to end 1") || strings.Contains(buf.String(), "end to end at") {
		t.Errorf("text says:\n%s", buf.String())
	}
	f = fabric(t, loadSource(t, customDragonfly(true)), "df")
	if f.Basis != oversub.BasisPerSwitch || f.EndToEnd == nil || *f.EndToEnd != 2 || f.WorstUnit == nil || f.WorstUnit.Kind != "group" || !strings.Contains(f.Note, "groups are linked to each other directly") {
		t.Errorf("labelled: basis %q end_to_end %v worst %+v note %q, want per_switch 2 at a group, groups linked directly", f.Basis, f.EndToEnd, f.WorstUnit, f.Note)
	}
	if b := analyzed(t, loadSource(t, customDragonfly(true)), "df"); *b.EndToEndLowerBound != 3 {
		t.Errorf("labelled, analyzed: lower end %v, want 3 (two groups)", *b.EndToEndLowerBound)
	}
}

// TestSameFabricTwoFamilies: one 14-host leaf-spine written as a clos and
// cabled by hand as custom (spines declared first) has the same
// oversubscription, 1:1 at the leaf and end to end (issue 11: the custom
// one read 0.5, its tiers ranked in declaration order).
func TestSameFabricTwoFamilies(t *testing.T) {
	for _, dir := range []string{"clos-14-hosts", "custom-14-hosts"} {
		f := fabric(t, load(t, "../../testdata/trust/"+dir), "f")
		if f.EndToEnd == nil || *f.EndToEnd != 1 || f.Basis != oversub.BasisUnits || len(f.Tiers) != 1 || f.Tiers[0].Tier != "leaf" || f.Tiers[0].Ratio != 1 {
			t.Errorf("%s: end to end %v (%s), tiers %+v; want 1:1 at the leaf", dir, f.EndToEnd, f.Basis, f.Tiers)
		}
	}
}

// TestPartialMeshPerSwitch: testdata/trust/clos-partial-mesh-units, a
// two-tier partial mesh with unit labels. The worst leaf is 1:1 but a set
// of leaves tapers more (bisection 0.667, exact), so the units alone give
// only a lower bound: basis per_switch, no upper bound (the Analyzer's
// Bound then narrows it, TestBoundPartialMesh). The two planes of
// examples/roce-leaf-spine-2plane are separate full meshes: units, 3:1.
func TestPartialMeshPerSwitch(t *testing.T) {
	f := fabric(t, load(t, "../../testdata/trust/clos-partial-mesh-units"), "ls")
	if f.Basis != oversub.BasisPerSwitch || f.EndToEndLowerBound == nil || *f.EndToEndLowerBound != 1 || f.EndToEndUpperBound != nil {
		t.Errorf("partial mesh: basis %q, bounds %v–%v; want per_switch, at least 1, no upper bound", f.Basis, f.EndToEndLowerBound, f.EndToEndUpperBound)
	}
	r := fabric(t, load(t, "../../examples/roce-leaf-spine-2plane"), "backend")
	if r.Basis != oversub.BasisUnits || r.EndToEndUpperBound == nil || *r.EndToEndUpperBound != 3 {
		t.Errorf("two planes: basis %q, upper %v; want units, 3", r.Basis, r.EndToEndUpperBound)
	}
}

// TestSecondFabricUnitNames: the second of two fat-trees has its switch
// names prefixed ("ft2/pod0/edge0"), and its units carry the same prefix
// ("ft2/pod0"), where they were printed as the first fabric's "pod0".
func TestSecondFabricUnitNames(t *testing.T) {
	g := loadSource(t, `
fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
fabric "ft2" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
`)
	for name, prefix := range map[string]string{"ft": "", "ft2": "ft2/"} {
		f := fabric(t, g, name)
		if w := unitKind(t, f, "pod").Worst; w != prefix+"pod0" {
			t.Errorf("%s: worst pod %q, want %q", name, w, prefix+"pod0")
		}
		if w := unitKind(t, f, "edge").Worst; w != prefix+"pod0/edge0" {
			t.Errorf("%s: worst edge %q, want %q", name, w, prefix+"pod0/edge0")
		}
		if u := units(f, "pod"); len(u) != 4 || u[3].Name != prefix+"pod3" {
			t.Errorf("%s: pod units %+v", name, u)
		}
	}
}
