package bisection

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/topoc/topoc/compiler/emit/graphml"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/compiler/tooltest"
	"github.com/topoc/topoc/lang/units"
)

// oracleCase is one entry of the manifest testdata/oracle.py reads.
type oracleCase struct {
	Name      string  `json:"name"`
	GraphML   string  `json:"graphml"`
	Fabric    string  `json:"fabric"`
	Vertex    []int32 `json:"vertex"`
	Terminals []int32 `json:"terminals"`
	SideA     []bool  `json:"side_a"`
	UpperBPS  float64 `json:"upper_bps"`
	LowerBPS  float64 `json:"lower_bps"`
}

// TestGraphMLOracle (issue 11): on at least 40 designs — the METIS corpus
// (families, testdata/trust, random irregular fabrics) and the shipped
// examples small enough for networkx — topoc's GraphML is read back by
// networkx, which rebuilds the analysis graph from it alone and
//
//   - evaluates topoc's certificate split by max-flow: it must equal
//     topoc's upper bound (the cut is what topoc says it is);
//   - bisects it with gpmetis, rebalanced to ±1 and evaluated by max-flow:
//     topoc's upper bound must be at most that cut, and its lower bound
//     too (a sound lower bound is below every real cut).
func TestGraphMLOracle(t *testing.T) {
	gpmetis := tooltest.Command(t, "gpmetis", "metis")
	tooltest.PythonModule(t, "networkx", "python3-networkx")
	cs := metisCases(t)
	for _, dir := range []string{"fat-tree-k8", "dgx-h100-superpod", "gb200-nvl72", "roce-leaf-spine-2plane", "dragonfly-small"} {
		g := compileDir(t, "../../examples/"+dir)
		for f := range g.Fabrics {
			cs = append(cs, metisCase{dir + "/" + g.Fabrics[f].Name, g, ir.FabricID(f)})
		}
	}
	if len(cs) < 40 {
		t.Fatalf("%d designs, want at least 40", len(cs))
	}
	work := t.TempDir()
	var manifest []oracleCase
	results := map[string]Fabric{}
	for i, c := range cs {
		r := Compute(c.g, c.fid, Options{View: ViewGPU})
		results[c.name] = r
		m := newModel(c.g, c.fid, ViewGPU)
		m.levels()
		a := m.build(modeFull)
		a.indexNodes(len(c.g.Nodes))
		vertex := make([]int32, len(c.g.Nodes))
		for n := range vertex {
			vertex[n] = a.nodeVtx[n]
			// A server without GPUs is one vertex: its components map to it.
			if s := m.srvOf.Get(ir.NodeID(n)); m.view == ViewGPU && s >= 0 && len(m.srvGPUs[s]) == 0 {
				vertex[n] = a.nodeVtx[m.servers[s]]
			}
		}
		doc, err := graphml.Marshal(c.g)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(work, fmt.Sprintf("g%02d.graphml", i))
		if err := os.WriteFile(file, doc, 0o644); err != nil {
			t.Fatal(err)
		}
		terms := make([]int32, len(m.terms))
		for k := range terms {
			terms[k] = a.tv[k]
		}
		manifest = append(manifest, oracleCase{Name: c.name, GraphML: file, Fabric: c.g.Fabrics[c.fid].Name,
			Vertex: vertex, Terminals: terms, SideA: certificateSides(r, m), UpperBPS: r.UpperBoundBPS, LowerBPS: r.LowerBoundBPS})
	}
	mf := filepath.Join(work, "manifest.json")
	b, _ := json.Marshal(manifest)
	if err := os.WriteFile(mf, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tooltest.Python, "testdata/oracle.py", mf, gpmetis, work).Output()
	if err != nil {
		t.Fatalf("oracle.py: %v\n%s", err, out)
	}
	var got []struct {
		Name     string  `json:"name"`
		SplitBPS float64 `json:"topoc_split_bps"`
		MetisBPS float64 `json:"metis_bps"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("oracle.py output: %v\n%s", err, out)
	}
	for _, o := range got {
		r := results[o.Name]
		if math.Abs(o.SplitBPS-r.UpperBoundBPS) > 1e-6*math.Max(1, r.UpperBoundBPS) {
			t.Errorf("%s: networkx evaluates topoc's cut at %s, topoc says %s", o.Name, units.Rate(o.SplitBPS), units.Rate(r.UpperBoundBPS))
		}
		if r.UpperBoundBPS > o.MetisBPS*(1+1e-9) {
			t.Errorf("%s: topoc's upper bound %s exceeds the METIS cut %s", o.Name, units.Rate(r.UpperBoundBPS), units.Rate(o.MetisBPS))
		}
		if r.LowerBoundBPS > o.MetisBPS*(1+1e-9) {
			t.Errorf("%s: topoc's lower bound %s exceeds a real cut %s: unsound", o.Name, units.Rate(r.LowerBoundBPS), units.Rate(o.MetisBPS))
		}
		t.Logf("%-45s topoc [%s, %s] %-8s networkx(topoc cut) %s METIS %s", o.Name, units.Rate(r.LowerBoundBPS), units.Rate(r.UpperBoundBPS), r.Method, units.Rate(o.SplitBPS), units.Rate(o.MetisBPS))
	}
	if len(got) != len(manifest) {
		t.Errorf("oracle.py answered %d of %d cases", len(got), len(manifest))
	}
}

// certificateSides returns, per terminal, whether topoc's certificate
// puts it in side A, from the runs of the certificate's side A.
func certificateSides(r Fabric, m *model) []bool {
	inA := make([]bool, len(m.terms))
	name := map[string]int{}
	for i := range m.terms {
		name[m.name(i)] = i
	}
	for _, run := range r.Certificate.Sides[0].Runs {
		lo, hi := name[run.First], name[run.Last]
		for i := lo; i <= hi; i++ {
			inA[i] = true
		}
	}
	return inA
}
