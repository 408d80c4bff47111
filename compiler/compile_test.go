package compiler

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// compileSrc writes src to a temporary design and compiles it.
func compileSrc(t *testing.T, src string) (*ir.Graph, []string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "d.topo.hcl"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, diags := lang.Load([]string{dir}, lang.Options{})
	var g *ir.Graph
	if !diags.HasErrors() {
		var d = diags
		g, d = Compile(cfg, Options{})
		diags = append(diags, d...)
	}
	var codes []string
	for _, d := range diags {
		if diag.SeverityOf(d) == diag.SevError {
			codes = append(codes, string(diag.CodeOf(d)))
		}
	}
	return g, codes
}

// Two fabrics whose generators pick the same names get the second one
// qualified by its fabric name; every node name stays unique.
func TestNamesUniqueAcrossFabrics(t *testing.T) {
	g, errs := compileSrc(t, `
fabric "a" {
  fat_tree {
    k         = 4
    link_rate = "100Gb/s"
  }
}
fabric "b" {
  fat_tree {
    k         = 4
    link_rate = "100Gb/s"
  }
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	seen := map[string]bool{}
	for _, n := range g.Nodes {
		if seen[n.Name] {
			t.Fatalf("duplicate node name %q", n.Name)
		}
		seen[n.Name] = true
	}
	if !seen["core0"] || !seen["b/core0"] {
		t.Errorf("want core0 and b/core0")
	}
}

// DGX H100 internals (nodes.md §2): 8 GPUs, 4 NVSwitches, 18 NVLink links
// per GPU split over the switches (144 links, 2×40 + 2×32 per switch),
// each GPU and its NIC under one PCIe Gen5 x16 switch (63.0 GB/s per
// direction = 504 Gb/s, designs.md §6).
func TestDGXH100Internals(t *testing.T) {
	g, errs := compileSrc(t, `
node_group "dgx" {
  model = "DGX-H100"
  count = 1
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	kinds := map[ir.Kind]int{}
	for _, n := range g.Nodes {
		kinds[n.Kind]++
	}
	if kinds[ir.KindGPU] != 8 || kinds[ir.KindNVSwitch] != 4 || kinds[ir.KindCPU] != 2 || kinds[ir.KindNIC] != 10 {
		t.Errorf("kinds %v", kinds)
	}
	perSwitch := map[ir.NodeID]int{}
	nvlinks, bundles := 0, 0
	// ports[n][p] counts the bundles that take port p of node n: each
	// GPU's 18 ports and each switch's ports must be taken exactly once.
	ports := map[ir.NodeID]map[int32]int{}
	take := func(p ir.Port, n int32) {
		if ports[p.Node] == nil {
			ports[p.Node] = map[int32]int{}
		}
		for k := range n {
			ports[p.Node][p.Port+k]++
		}
	}
	for _, l := range g.AllLinks() {
		switch l.Kind {
		case ir.LinkNVLink:
			bundles++
			nvlinks += int(l.Physical())
			perSwitch[l.B.Node] += int(l.Physical())
			take(l.A, l.Physical())
			take(l.B, l.Physical())
			if l.PhysicalBPS() != 25e9*8 || l.CapacityBPS != float64(l.Physical())*25e9*8 {
				t.Errorf("NVLink4 bundle of %d at %g b/s, want 25 GB/s per direction per link", l.Physical(), l.CapacityBPS)
			}
		case ir.LinkPCIe:
			a, b := g.Nodes[l.A.Node], g.Nodes[l.B.Node]
			if (a.Kind == ir.KindGPU || a.Kind == ir.KindNIC && a.RoleName() == "compute") && b.Kind == ir.KindPCIeSwitch {
				if want := 32e9 * 16 * 128 / 130; math.Abs(l.CapacityBPS-want) > 1 {
					t.Errorf("%s–%s PCIe at %g, want Gen5 x16 %g", a.Name, b.Name, l.CapacityBPS, want)
				}
			}
		}
	}
	if nvlinks != 144 {
		t.Errorf("NVLink links %d, want 8 × 18 = 144", nvlinks)
	}
	if bundles != 32 {
		t.Errorf("NVLink IR links %d, want one per GPU–NVSwitch pair: 8 × 4 = 32", bundles)
	}
	for n, ps := range ports {
		want := 18 // a GPU's links
		if g.Nodes[n].Kind == ir.KindNVSwitch {
			want = perSwitch[n]
		}
		for p := range int32(want) {
			if ps[p] != 1 {
				t.Errorf("%s port %d taken by %d NVLink bundles, want 1 (ports 0..%d contiguous)", g.Nodes[n].Name, p, ps[p], want-1)
			}
		}
		if len(ps) != want {
			t.Errorf("%s uses %d NVLink ports, want %d", g.Nodes[n].Name, len(ps), want)
		}
	}
	loads := map[int]int{}
	for _, n := range perSwitch {
		loads[n]++
	}
	if loads[40] != 2 || loads[32] != 2 {
		t.Errorf("per-switch GPU links %v, want two switches with 40 and two with 32", loads)
	}
}

// A 10^9-endpoint request is refused from parameters alone.
func TestExpansionLimit(t *testing.T) {
	_, errs := compileSrc(t, `
fabric "huge" {
  fat_tree {
    k         = 2000
    link_rate = "400Gb/s"
  }
}`)
	if len(errs) != 1 || errs[0] != string(diag.ExpansionLimit) {
		t.Fatalf("errors %v, want one %s", errs, diag.ExpansionLimit)
	}
}

// A fabric made of two islands is reported as disconnected.
func TestDisconnectedCustom(t *testing.T) {
	_, errs := compileSrc(t, `
fabric "islands" {
  custom {
    switch "s" {
      count = 2
      model = "QM9700"
    }
    host "h" {
      count = 2
      rate  = "400Gb/s"
    }
    link {
      count = 2
      a     = "h${count.index}"
      b     = "s${count.index}"
    }
  }
}`)
	if len(errs) != 1 || errs[0] != string(diag.Disconnected) {
		t.Fatalf("errors %v, want disconnected", errs)
	}
}

// pcieRateBPS reproduces the x16 per-direction figures of designs.md §6.
func TestPCIeRates(t *testing.T) {
	for gen, gbytes := range map[int64]float64{3: 15.75, 4: 31.5, 5: 63.0} {
		if got := pcieRateBPS(gen, 16) / 8 / 1e9; math.Abs(got-gbytes) > 0.02 {
			t.Errorf("Gen%d x16 = %.3f GB/s, want %.2f", gen, got, gbytes)
		}
	}
	// A 400G NIC on Gen4 x16 gets about 252 Gb/s (issue "Analyzers").
	if got := pcieRateBPS(4, 16) / 1e9; math.Abs(got-252) > 0.1 {
		t.Errorf("Gen4 x16 = %.1f Gb/s, want about 252", got)
	}
}

func TestQuotedList(t *testing.T) {
	for want, names := range map[string][]string{"none": nil, `"a"`: {"a"}, `"a" and "b"`: {"a", "b"}, `"a", "b" and "c"`: {"a", "b", "c"}} {
		if got := quotedList(names); got != want {
			t.Errorf("quotedList(%q) = %s, want %s", names, got, want)
		}
	}
}

// An appliance that finds no free leaf port is told why and what to
// change (trial 34: the message named the unit only).
func TestApplianceNoRoomSaysWhy(t *testing.T) {
	src := `
fabric "s" {
  clos {
    hosts     = 8
    host_rate = "400Gb/s"
    unit "su" {
      nodes = 4
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["su"]
      down  = 4
      up    = 4
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
    appliance "head" {
      count = 2
      rate  = "400Gb/s"
      unit  = 1
    }
  }
}`
	_, diags := compileDiags(t, src)
	for _, d := range diags {
		if diag.CodeOf(d) == diag.RadixExceeded && strings.Contains(d.Detail, "head0 finds no free leaf port in unit 1: the unit's servers") && strings.Contains(d.Detail, "raise that tier's down or count") {
			return
		}
	}
	t.Errorf("no radix-exceeded saying why the appliance finds no port: %v", diags)
}

// The duplicate-name shortcut over servers' components (stamped from a
// template) must still let every clash through to the full comparison:
// a server named as another's GPU, and two servers whose names could
// make their components meet, are not proven distinct; a clean design
// is. The first clash is still a duplicate-name error.
func TestStampedNamesDistinct(t *testing.T) {
	for _, c := range []struct {
		name, second string
		proven       bool
		errs         []string
	}{
		{"clean", "m0", true, nil},
		{"server named as a GPU", "n0/gpu3", false, []string{"duplicate-name"}},
		{"server name inside another's", "n0/g", false, nil},
	} {
		src := `
node_group "a" {
  model = "DGX-H100"
  name  = "n0"
}
node_group "b" {
  model = "DGX-A100"
  name  = "` + c.second + `"
}`
		_, errs := compileSrc(t, src)
		if strings.Join(errs, ",") != strings.Join(c.errs, ",") {
			t.Errorf("%s: errors %v, want %v", c.name, errs, c.errs)
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "d.topo.hcl"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, diags := lang.Load([]string{dir}, lang.Options{})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		s := newState(cfg, Options{})
		runStagesBefore(s, "names")
		if got := stampedNamesDistinct(s); got != c.proven {
			t.Errorf("%s: proven %v, want %v", c.name, got, c.proven)
		}
	}
}

// runStagesBefore runs the compiler's stages on s in order, up to and
// not including the stage named stop, whatever they report: for tests
// and benchmarks of one stage on the state the earlier ones leave.
func runStagesBefore(s *state, stop string) {
	for _, st := range Stages {
		if st.Name == stop {
			return
		}
		st.Run(s)
	}
}
