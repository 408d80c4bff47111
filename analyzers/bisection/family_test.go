package bisection

import (
	"fmt"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/compiler/ir"
)

func fatTree(k int, rate float64) (*ir.Graph, ir.FabricID) {
	g := ir.New()
	return g, gen.BuildFatTree(g, "ft", gen.FatTree{K: k, LinkRateBPS: rate})
}

// Al-Fares et al. (designs.md §1, acceptance cases 1–4): a k-ary fat-tree
// has bisection k³/8 links, full bisection, for every even k from 4 to 64.
func TestFatTreeFormula(t *testing.T) {
	const rate = 400e9
	for k := 4; k <= 64; k += 2 {
		g, fid := fatTree(k, rate)
		r := Compute(g, fid, Options{View: ViewGPU})
		want := float64(k*k*k/8) * rate
		if r.Method != "analytic" || r.BandwidthBPS != want || r.Ratio != 1 || r.LowerBoundBPS != want || r.UpperBoundBPS != want {
			t.Errorf("k=%d: method %s, bandwidth %g (want %g), ratio %g, bounds %g..%g", k, r.Method, r.BandwidthBPS, want, r.Ratio, r.LowerBoundBPS, r.UpperBoundBPS)
		}
		if r.Certificate.CutLinks != k*k*k/8 || r.Certificate.Text != fmt.Sprintf("pods 0–%d | pods %d–%d", k/2-1, k/2, k-1) {
			t.Errorf("k=%d: certificate %q with %d links", k, r.Certificate.Text, r.Certificate.CutLinks)
		}
		if !strings.Contains(r.Formula, "k³/8") {
			t.Errorf("k=%d: formula %q does not name k³/8", k, r.Formula)
		}
	}
	// designs.md acceptance case 3: k=48 at 400G is 5,529.6 Tb/s.
	g, fid := fatTree(48, rate)
	if r := Compute(g, fid, Options{}); r.BandwidthBPS != 5529.6e12 {
		t.Errorf("k=48: %g, want 5,529.6 Tb/s", r.BandwidthBPS)
	}
}

// The formula against max-flow on the same graph: without the closed
// form, the general search (hose bound, then structure-aligned splits by
// max-flow) proves the same value; and the certificate's split evaluated
// by max-flow cuts exactly k³/8 links.
func TestFatTreeFormulaAgainstMaxFlow(t *testing.T) {
	for k := 4; k <= 16; k += 2 {
		g, fid := fatTree(k, 100e9)
		want := float64(k*k*k/8) * 100e9
		r := Compute(g, fid, Options{NoFormula: true})
		if r.BandwidthBPS != want || r.LowerBoundBPS != want || r.Method != "analytic" {
			t.Errorf("k=%d without the formula: %s %g, bounds %g..%g; want %g proven", k, r.Method, r.BandwidthBPS, r.LowerBoundBPS, r.UpperBoundBPS, want)
		}
		m := newModel(g, fid, ViewGPU)
		a := m.build(modeFull)
		inA := make([]bool, len(m.terms))
		for i := range inA {
			inA[i] = i < len(inA)/2
		}
		side, _ := a.sides(inA, nil)
		if f := a.fg.MaxFlow(side); f != want {
			t.Errorf("k=%d: max-flow of the pod halves %g, want %g", k, f, want)
		}
	}
}

// A tapered fat-tree-like Clos: the 3:1 leaf-spine of
// examples/roce-leaf-spine-2plane (designs.md §1 generic folded Clos)
// reports ratio 1/3, analytic, in the gpu view (hosts are whole, both
// planes judged together). In the port view the two planes share no link,
// so the bisection is 0 (plane 0 | plane 1).
func TestRoCELeafSpine(t *testing.T) {
	g := compileDir(t, "../../examples/roce-leaf-spine-2plane")
	fid := fabricID(t, g, "backend")
	r := Compute(g, fid, Options{View: ViewGPU})
	// 2 planes × 32 leaves × 16 uplinks × 400G, half of them cut.
	if r.Method != "analytic" || !near(r.Ratio, 1.0/3) || !near(r.BandwidthBPS, 512*400e9) || r.LowerBoundBPS != r.UpperBoundBPS {
		t.Errorf("backend: %s ratio %g bandwidth %g, bounds %g..%g; want analytic 1/3 = 204.8 Tb/s", r.Method, r.Ratio, r.BandwidthBPS, r.LowerBoundBPS, r.UpperBoundBPS)
	}
	if r.Certificate.Text != "racks 0–15 | racks 16–31" {
		t.Errorf("certificate %q", r.Certificate.Text)
	}
	if f := certificateFlow(t, g, fid, r); !near(f, r.BandwidthBPS) {
		t.Errorf("max-flow of the certificate %g, reported %g", f, r.BandwidthBPS)
	}
	p := Compute(g, fid, Options{View: ViewPort})
	if p.BandwidthBPS != 0 || p.Certificate.Text != "plane 0 | plane 1" || p.Endpoints != 3072 {
		t.Errorf("port view: %g over %q with %d endpoints; want 0 over the planes of 3,072 ports", p.BandwidthBPS, p.Certificate.Text, p.Endpoints)
	}
}

// DGX SuperPODs (designs.md §3): the H100 4-SU and B200 16-SU compute
// fabrics are non-blocking, so both report full bisection, proven by the
// lower bound. The H100 fabric has 127 nodes and 4 UFM ports (1,020
// endpoints), so a balanced split of 510 must cut into servers: 63 whole
// DGX (504 GPUs, 63 × 8 × 400G), the 4 UFM ports (4 × 400G) and 2 GPUs
// apart from their servers, each cut off by its NVLink (18 × 200G) and
// its PCIe Gen5 x16 link (32 GT/s × 16 × 128/130), exact by the
// whole-server hose bound, for the graph and for up/down routing.
func TestSuperPODsFullBisection(t *testing.T) {
	pcie := 32e9 * 16 * 128 / 130
	for _, tc := range []struct {
		dir       string
		endpoints int
		method    string
		want      float64
	}{
		{"dgx-h100-superpod", 1016 + 4, MethodExact, 63*8*400e9 + 4*400e9 + 2*(18*200e9+pcie)},
		{"dgx-b200-superpod-16su", 4096, "analytic", 2048 * 400e9},
	} {
		g := compileDir(t, "../../examples/"+tc.dir)
		fid := fabricID(t, g, "compute")
		r := Compute(g, fid, Options{View: ViewGPU})
		if r.Endpoints != tc.endpoints || r.Method != tc.method || !near(r.LowerBoundBPS, tc.want) || !near(r.UpperBoundBPS, tc.want) {
			t.Errorf("%s: %d endpoints, method %s, %g..%g; want %d, %s, %g", tc.dir, r.Endpoints, r.Method, r.LowerBoundBPS, r.UpperBoundBPS, tc.endpoints, tc.method, tc.want)
		}
		if rt := r.Routed; rt == nil || !near(rt.LowerBoundBPS, tc.want) || !near(rt.UpperBoundBPS, tc.want) {
			t.Errorf("%s: routed %+v, want exactly %g", tc.dir, rt, tc.want)
		}
		// A ratio above 1 from links inside servers says so (trial 31).
		if split := tc.method == MethodExact; split != strings.Contains(r.Note, "runs through some servers' NVLink or PCIe links") {
			t.Errorf("%s: note %q; want the server-split note exactly when servers are split", tc.dir, r.Note)
		}
		if r.Ratio < 1-FullBisectionTolerance || r.LowerBoundRatio < 1-FullBisectionTolerance {
			t.Errorf("%s: ratio %g, lower bound ratio %g; want full bisection proven", tc.dir, r.Ratio, r.LowerBoundRatio)
		}
		checkCertificate(t, tc.dir, r)
		// The certificate is a real cut: max-flow of its split on the
		// full graph is the reported bandwidth.
		if got := certificateFlow(t, g, fid, r); !near(got, r.BandwidthBPS) {
			t.Errorf("%s: the certificate's split has max-flow %g, report says %g", tc.dir, got, r.BandwidthBPS)
		}
	}
}

// certificateFlow evaluates a result's split (from its runs, which are
// complete for these fabrics) by max-flow on the full analysis graph.
func certificateFlow(t *testing.T, g *ir.Graph, fid ir.FabricID, r Fabric) float64 {
	t.Helper()
	m := newModel(g, fid, r.View)
	byName := map[string]int{}
	for i := range m.terms {
		byName[m.name(i)] = i
	}
	inA := make([]bool, len(m.terms))
	for _, run := range r.Certificate.Sides[0].Runs {
		a, b := byName[run.First], byName[run.Last]
		if b-a+1 != run.Count {
			t.Fatalf("run %v is not %d consecutive endpoints", run, run.Count)
		}
		for i := a; i <= b; i++ {
			inA[i] = true
		}
	}
	if r.Certificate.Sides[0].RunsOmitted > 0 {
		t.Fatalf("certificate runs truncated")
	}
	a := m.build(modeFull)
	side, ok := a.sides(inA, nil)
	if !ok {
		t.Fatal("certificate splits a vertex")
	}
	return a.fg.MaxFlow(side)
}

// GB200 NVL72 (designs.md §4, case 12): 72 GPUs, each with one 50 GB/s
// link to each of 18 NVSwitch chips; halves of 36 GPUs cut 18 × 36 links
// = 259.2 Tb/s, ratio 1, analytic. The 4 × 400G scale-out rails of the
// same trays are a full-bisection Clos as well.
func TestGB200NVL72(t *testing.T) {
	g := compileDir(t, "../../examples/gb200-nvl72")
	r := Compute(g, fabricID(t, g, "nvl72"), Options{})
	if r.Method != "analytic" || r.Ratio != 1 || r.BandwidthBPS != 18*36*400e9 || r.Endpoints != 72 {
		t.Errorf("nvl72: %s ratio %g bandwidth %g over %d GPUs; want analytic 1.0, 259.2 Tb/s, 72", r.Method, r.Ratio, r.BandwidthBPS, r.Endpoints)
	}
	if r.Certificate.Text != "nodes tray00 … tray08 | nodes tray09 … tray17" {
		t.Errorf("nvl72 certificate %q", r.Certificate.Text)
	}
	if f := certificateFlow(t, g, fabricID(t, g, "nvl72"), r); f != r.BandwidthBPS {
		t.Errorf("nvl72: max-flow of the certificate %g, formula %g", f, r.BandwidthBPS)
	}
	s := Compute(g, fabricID(t, g, "scale_out"), Options{})
	if s.Ratio < 1-FullBisectionTolerance || s.LowerBoundRatio < 1-FullBisectionTolerance {
		t.Errorf("scale_out: ratio %g (lower %g), want full bisection", s.Ratio, s.LowerBoundRatio)
	}
}

// Dragonflies (Kim et al. 2008; designs.md §2). Even g with fat local
// and terminal links: the group cut ⌊g/2⌋·⌈g/2⌉ × links per pair × global
// rate is proven by the uniform bound under minimal routing (analytic).
// The balanced p=2 a=4 h=2 g=9 example has odd g: the group cut does not
// split the endpoints evenly, so no group-cut formula applies; the
// group-structure bound proves the 20-link cut found (dragonfly_test.go).
func TestDragonflies(t *testing.T) {
	g := ir.New()
	fid, _ := gen.BuildDragonfly(g, "df", gen.Dragonfly{P: 2, A: 4, H: 3, G: 4, LocalBPS: 400e9, GlobalBPS: 200e9, TerminalBPS: 400e9})
	r := Compute(g, fid, Options{})
	// a·h = 12 global ports over g-1 = 3 partners: 4 links per pair.
	if want := 2 * 2 * 4 * 200e9; r.Method != "analytic" || r.BandwidthBPS != want || r.LowerBoundBPS != want {
		t.Errorf("p2a4h3 g4: %s %g (bounds %g..%g), want analytic %g", r.Method, r.BandwidthBPS, r.LowerBoundBPS, r.UpperBoundBPS, want)
	}
	if r.Certificate.Text != "groups 0–1 | groups 2–3" {
		t.Errorf("p2a4h3 g4 certificate %q", r.Certificate.Text)
	}
	if f := certificateFlow(t, g, fid, r); f != r.BandwidthBPS {
		t.Errorf("p2a4h3 g4: max-flow of the certificate %g, formula %g", f, r.BandwidthBPS)
	}
	// The same fabric with thin terminal links (100G): the group cut
	// (3.2 Tb/s) is no longer the bisection, cutting 16 terminal links
	// (1.6 Tb/s) is.
	g2 := ir.New()
	fid2, _ := gen.BuildDragonfly(g2, "df", gen.Dragonfly{P: 2, A: 4, H: 3, G: 4, LocalBPS: 400e9, GlobalBPS: 200e9, TerminalBPS: 100e9})
	r2 := Compute(g2, fid2, Options{})
	if r2.BandwidthBPS != 16*100e9 || r2.Method == "analytic" {
		t.Errorf("thin terminals: %s %g, want 1.6 Tb/s and no group-cut formula", r2.Method, r2.BandwidthBPS)
	}
	// Odd g, the paper's example: 9 groups.
	gs := compileDir(t, "../../examples/dragonfly-small")
	rs := Compute(gs, fabricID(t, gs, "df"), Options{})
	if rs.LowerBoundBPS > rs.BandwidthBPS || rs.BandwidthBPS > 24*200e9 || rs.LowerBoundBPS <= 0 {
		t.Errorf("g=9: bounds %g..%g; want 0 < lower ≤ bandwidth ≤ 24 links", rs.LowerBoundBPS, rs.BandwidthBPS)
	}
	if rs.Method == "analytic" {
		t.Errorf("g=9 (odd) must not use the group-cut formula")
	}
}

// The hose bound on an oversubscribed three-tier Clos: 4:1 at the spine
// gives ratio 1/4, proven, with the cut between the pods.
func TestTaperedThreeTierClos(t *testing.T) {
	g := compileHCL(t, `
fabric "dc" {
  clos {
    hosts     = 128
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 8
    }
    unit "pod" {
      units = 4
    }
    tier "leaf" {
      model = "TH4-64x400G"
      per   = ["rack"]
      down  = 8
      up    = 8
    }
    tier "spine" {
      model = "TH4-64x400G"
      per   = ["pod"]
      count = 4
      down  = 8
      up    = 2
    }
    tier "super_spine" {
      model = "TH4-64x400G"
      count = 4
    }
  }
}`)
	r := Compute(g, fabricID(t, g, "dc"), Options{})
	// Each spine takes 8 × 400G from its pod's 4 leaves and sends 2 ×
	// 400G up: 4:1. Four pods × 4 spines × 2 uplinks = 32 links; the pod
	// halves cut half of them, 6.4 Tb/s of the 25.6 Tb/s half injection.
	if r.Method != "analytic" || !near(r.Ratio, 0.25) || r.BandwidthBPS != 16*400e9 || r.Certificate.Text != "pods 0–1 | pods 2–3" {
		t.Errorf("%s ratio %g over %q; want analytic 0.25 between pods", r.Method, r.Ratio, r.Certificate.Text)
	}
	if f := certificateFlow(t, g, fabricID(t, g, "dc"), r); f != r.BandwidthBPS {
		t.Errorf("max-flow of the certificate %g, reported %g", f, r.BandwidthBPS)
	}
}
