package bisection

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/compiler/tooltest"
	"github.com/topoc/topoc/lang/units"
)

// metisCase is one generated fabric for the METIS comparison.
type metisCase struct {
	name string
	g    *ir.Graph
	fid  ir.FabricID
}

// metisCases generates at least 20 fabrics: fat-trees, dragonflies (even
// and odd g, all arrangements), Clos fabrics (tapered, two planes, rails
// over DGX servers with their internals), NVLink domains, and random
// irregular fabrics with parallel links and mixed rates.
func metisCases(t *testing.T) []metisCase {
	var cs []metisCase
	for _, k := range []int{4, 6, 8} {
		g, fid := fatTree(k, 400e9)
		cs = append(cs, metisCase{fmt.Sprintf("fat-tree k=%d", k), g, fid})
	}
	for _, d := range []gen.Dragonfly{
		{P: 2, A: 4, H: 2, LocalBPS: 200e9, GlobalBPS: 200e9},
		{P: 2, A: 4, H: 2, G: 6, LocalBPS: 200e9, GlobalBPS: 400e9, Arrangement: gen.ArrangementAbsolute},
		{P: 1, A: 4, H: 2, G: 7, LocalBPS: 200e9, GlobalBPS: 200e9, Arrangement: gen.ArrangementRelative},
		{P: 3, A: 3, H: 2, G: 4, LocalBPS: 400e9, GlobalBPS: 200e9, TerminalBPS: 100e9},
		{P: 2, A: 6, H: 3, LocalBPS: 200e9, GlobalBPS: 200e9},
	} {
		g := ir.New()
		fid, _ := gen.BuildDragonfly(g, "df", d)
		cs = append(cs, metisCase{fmt.Sprintf("dragonfly p%d a%d h%d g%d %s", d.P, d.A, d.H, d.Groups(), d.Arrangement), g, fid})
	}
	for _, src := range []struct{ name, hcl string }{
		{"tapered 3:1 leaf-spine", `
fabric "f" {
  clos {
    hosts     = 96
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 12
    }
    tier "leaf" {
      model = "TH4-64x400G"
      per   = ["rack"]
      down  = 12
      up    = 4
    }
    tier "spine" {
      model = "TH4-64x400G"
      count = 4
    }
  }
}`},
		{"two planes, uneven racks", `
fabric "f" {
  clos {
    hosts      = 40
    host_rate  = "400Gb/s"
    host_ports = 2
    planes     = 2
    unit "rack" {
      nodes = 16
    }
    tier "leaf" {
      model = "TH4-64x400G"
      per   = ["rack"]
      down  = 16
      up    = 8
    }
    tier "spine" {
      model = "TH4-64x400G"
      count = 4
    }
  }
}`},
		{"rail-optimized, 6 DGX-H100 with internals", `
node_group "dgx" {
  model = "DGX-H100"
  count = 6
}
fabric "f" {
  clos {
    endpoints = node_group.dgx.nics.compute
    unit "su" {
      nodes = 3
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["su", "rail"]
      down  = 3
      up    = 3
    }
    tier "spine" {
      model = "QM9700"
      count = 3
    }
  }
}`},
		{"rail leaves 2:1 over 2 spines, 4 DGX-B200 with internals", `
node_group "dgx" {
  model = "DGX-B200"
  count = 4
}
fabric "f" {
  clos {
    endpoints = node_group.dgx.nics.compute
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 4
      up    = 2
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}`},
		{"NVLink domain 24 GPUs", `
fabric "f" {
  nvlink_domain {
    gpus          = 24
    switches      = 6
    links_per_gpu = 9
    link_rate     = "50GB/s"
  }
}`},
	} {
		g := compileHCL(t, src.hcl)
		cs = append(cs, metisCase{src.name, g, fabricID(t, g, "f")})
	}
	// The designs of testdata/trust: irregular fabrics from issue 11 and
	// its audits (uneven striping, partial meshes, hand-cabled
	// dragonflies, odd pod counts).
	trust, err := os.ReadDir("../../testdata/trust")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range trust {
		dir := e.Name()
		g := compileDir(t, "../../testdata/trust/"+dir)
		for f := range g.Fabrics {
			cs = append(cs, metisCase{dir + "/" + g.Fabrics[f].Name, g, ir.FabricID(f)})
		}
	}
	// Random irregular fabrics: mixed rates, parallel links, dual-homed
	// hosts, no structure for the candidates to follow.
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 26; i++ {
		g, fid := randomFabric(rng, 6+rng.IntN(14), 20+rng.IntN(60))
		cs = append(cs, metisCase{fmt.Sprintf("random fabric %d", i), g, fid})
	}
	return cs
}

// randomFabric builds an irregular custom fabric: a ring of switches with
// random chords (some parallel, mixed rates), and hosts with one or two
// links to random switches.
func randomFabric(rng *rand.Rand, switches, hosts int) (*ir.Graph, ir.FabricID) {
	g := ir.New()
	fid := g.AddFabric(ir.Fabric{Name: "r", Family: "custom"})
	rates := []float64{100e9, 200e9, 400e9, 800e9}
	sw := make([]ir.NodeID, switches)
	for i := range sw {
		sw[i] = g.AddNode(ir.NewNode(fmt.Sprintf("s%02d", i), ir.KindSwitch))
		g.JoinFabric(sw[i], fid)
	}
	link := func(a, b ir.NodeID, ap int32, c float64) {
		g.AddLink(ir.Link{A: ir.Port{Node: a, Port: ap}, B: ir.Port{Node: b}, CapacityBPS: c, Kind: ir.LinkCustom, Fabric: fid})
	}
	for i := range sw {
		link(sw[i], sw[(i+1)%switches], 0, rates[2+rng.IntN(2)])
	}
	for i := 0; i < switches; i++ {
		a, b := sw[rng.IntN(switches)], sw[rng.IntN(switches)]
		if a != b {
			for range 1 + rng.IntN(2) {
				link(a, b, 0, rates[rng.IntN(4)])
			}
		}
	}
	for h := 0; h < hosts; h++ {
		n := ir.NewNode(fmt.Sprintf("h%02d", h), ir.KindHost)
		id := g.AddNode(n)
		g.JoinFabric(id, fid)
		g.Fabrics[fid].Endpoints = append(g.Fabrics[fid].Endpoints, ir.Port{Node: id})
		for p := range 1 + rng.IntN(2) {
			link(id, sw[rng.IntN(switches)], int32(p), rates[1+rng.IntN(2)])
		}
	}
	return g, fid
}

// TestNeverWorseThanMETIS: on every generated fabric, topoc's bisection is
// at most the cut METIS finds (docs/reference/design-brief.md "METIS as an oracle"): gpmetis
// bisects the analysis graph written in METIS format (terminal counts as
// vertex weights, capacities rescaled to integer edge weights, parallel
// links merged); its terminal split is rebalanced to sizes differing by at
// most one and evaluated exactly by max-flow with the split fixed.
func TestNeverWorseThanMETIS(t *testing.T) {
	gpmetis := tooltest.Command(t, "gpmetis", "metis")
	cases := metisCases(t)
	if len(cases) < 40 {
		t.Fatalf("%d cases, want at least 40", len(cases))
	}
	dir := t.TempDir()
	for ci, c := range cases {
		r := Compute(c.g, c.fid, Options{View: ViewGPU})
		m := newModel(c.g, c.fid, ViewGPU)
		a := m.build(modeFull)
		file := filepath.Join(dir, fmt.Sprintf("g%02d.graph", ci))
		writeMETIS(t, a, file)
		out, err := exec.Command(gpmetis, "-ptype=rb", "-seed=1", file, "2").CombinedOutput()
		if err != nil {
			t.Fatalf("%s: gpmetis: %v\n%s", c.name, err, out)
		}
		part := readPart(t, file+".part.2", len(a.vnode))
		inA := rebalance(m, a, part)
		side, ok := a.sides(inA, nil)
		if !ok {
			t.Fatalf("%s: rebalanced split is not a split of vertices", c.name)
		}
		metisCut := a.fg.MaxFlow(side)
		if r.UpperBoundBPS > metisCut*(1+1e-9) {
			t.Errorf("%s: topoc's upper bound %s (%s) > METIS %s", c.name, units.Rate(r.UpperBoundBPS), r.Method, units.Rate(metisCut))
		}
		if r.LowerBoundBPS > metisCut*(1+1e-9) {
			t.Errorf("%s: lower bound %s exceeds a real cut %s: unsound", c.name, units.Rate(r.LowerBoundBPS), units.Rate(metisCut))
		}
		t.Logf("%-45s topoc %-12s %-9s METIS %s", c.name, units.Rate(r.BandwidthBPS), r.Method, units.Rate(metisCut))
	}
}

// writeMETIS writes graph a in METIS format ("fmt = 011": vertex and edge
// weights). Parallel edges are merged; capacities are divided by a unit of
// 1/1000 of the smallest, so that every weight is a positive integer.
func writeMETIS(t *testing.T, a *agraph, file string) {
	fg := a.fg
	nv := len(a.vnode)
	unit := math.Inf(1)
	for x := 0; x < fg.NumArcs(); x++ {
		unit = math.Min(unit, fg.Capacity(int32(x))/1000)
	}
	var b strings.Builder
	edges := 0
	lines := make([]string, nv)
	for v := int32(0); v < int32(nv); v++ {
		w := map[int32]float64{}
		lo, hi := fg.Arcs(v)
		for x := lo; x < hi; x++ {
			w[fg.Head(x)] += fg.Capacity(x)
		}
		nb := make([]int32, 0, len(w))
		for u := range w {
			nb = append(nb, u)
		}
		slices.Sort(nb)
		edges += len(nb)
		parts := []string{strconv.Itoa(int(a.weight[v]))}
		for _, u := range nb {
			parts = append(parts, strconv.Itoa(int(u)+1), strconv.Itoa(max(1, int(math.Round(w[u]/unit)))))
		}
		lines[v] = strings.Join(parts, " ")
	}
	fmt.Fprintf(&b, "%d %d 011\n", nv, edges/2)
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readPart(t *testing.T, file string, n int) []bool {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var part []bool
	s := bufio.NewScanner(f)
	for s.Scan() {
		part = append(part, strings.TrimSpace(s.Text()) == "0")
	}
	if len(part) != n {
		t.Fatalf("%s: %d lines, want %d", file, len(part), n)
	}
	return part
}

// rebalance turns METIS's vertex partition into a terminal split whose
// sides differ by at most one, by the search's own balance (terminals move
// from the heavier side, those with the most capacity toward the lighter
// side first; docs/reference/design-brief.md "METIS as an oracle").
func rebalance(m *model, a *agraph, part []bool) []bool {
	balance(a, part, len(m.terms))
	inA := make([]bool, len(m.terms))
	for i, v := range a.tv {
		inA[i] = v >= 0 && part[v]
	}
	return inA
}
