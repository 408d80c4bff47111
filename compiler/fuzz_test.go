package compiler

import (
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/eval"
	"github.com/topoc/topoc/lang/scaledesign"
)

// Caps for FuzzCompile: small enough that every accepted input compiles in
// well under a second, so the fuzzer spends its time on variety.
const (
	fuzzMaxEndpoints = 100_000
	fuzzMaxElements  = 500_000
	fuzzBudget       = 10 * time.Second
)

// FuzzCompile compiles arbitrary designs: bytes loaded as one design file
// and, when they load without error, compiled with small caps. Properties:
// Compile never panics; it returns a graph when it reports no error; the
// graph is well formed (checkGraph); the expansion stage bounds it (nodes
// plus links never exceed the element cap that let it through); and two
// compilations of one Config give the same graph. Seeds: the examples, the
// bad-input corpus and the smallest generated benchmark designs;
// regressions are kept in testdata/fuzz/FuzzCompile.
func FuzzCompile(f *testing.F) {
	for _, dir := range []string{"../examples", "../testdata/bad", "../testdata/trust"} {
		err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, lang.Suffix) {
				return err
			}
			src, err := os.ReadFile(p)
			if err == nil {
				f.Add(src)
			}
			return err
		})
		if err != nil {
			f.Fatal(err)
		}
	}
	for _, s := range scaledesign.Series() {
		if s.Endpoints <= 1100 {
			f.Add([]byte(s.Source))
		}
	}
	// The evaluation budget to a sixteenth, as FuzzLoad does: seeds that
	// spend all of it take seconds each, past the engine's limit per input.
	f.Cleanup(eval.ShrinkBudgetForFuzzing(16))
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > lang.MaxFileBytes {
			return
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "design"+lang.Suffix), src, 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, diags := lang.Load([]string{dir}, lang.Options{})
		if diags.HasErrors() {
			return
		}
		opts := Options{MaxEndpoints: fuzzMaxEndpoints, MaxElements: fuzzMaxElements}
		start := time.Now()
		g, diags := Compile(cfg, opts)
		if d := time.Since(start); d > fuzzBudget {
			t.Fatalf("Compile took %v (budget %v)", d, fuzzBudget)
		}
		if g == nil {
			if !diags.HasErrors() {
				t.Fatal("Compile returned no graph and no error")
			}
			return
		}
		if n := len(g.Nodes) + g.NumLinks(); n > fuzzMaxElements {
			t.Fatalf("built %d nodes and links past the cap of %d that the expansion stage enforces", n, fuzzMaxElements)
		}
		checkGraph(t, g)
		again, _ := Compile(cfg, opts)
		if a, b := graphHash(g), graphHash(again); a != b {
			t.Fatalf("two compilations of one design differ (%x, %x)", a, b)
		}
	})
}

// checkGraph asserts the IR's invariants (compiler/ir): links join ports
// of existing nodes at finite, non-negative capacities; fabric ids and
// origins are in range; fabric lists are sorted without repeats;
// endpoints are ports of existing nodes; node names are unique.
func checkGraph(t *testing.T, g *ir.Graph) {
	t.Helper()
	nn, nf, no := len(g.Nodes), len(g.Fabrics), len(g.Origins)
	names := make(map[string]int, nn)
	for i, n := range g.Nodes {
		if j, dup := names[n.Name]; dup {
			t.Fatalf("nodes %d and %d are both named %q", j, i, n.Name)
		}
		names[n.Name] = i
		if int(n.Origin) < 0 || int(n.Origin) >= no {
			t.Fatalf("node %q has origin %d of %d", n.Name, n.Origin, no)
		}
		if n.Parent != ir.None && (n.Parent < 0 || int(n.Parent) >= nn) {
			t.Fatalf("node %q has parent %d of %d nodes", n.Name, n.Parent, nn)
		}
		for k, f := range n.FabricIDs() {
			if f < 0 || int(f) >= nf || (k > 0 && n.FabricIDs()[k-1] >= f) {
				t.Fatalf("node %q has fabric list %v (%d fabrics)", n.Name, n.FabricIDs(), nf)
			}
		}
	}
	for i, l := range g.AllLinks() {
		for _, p := range []ir.Port{l.A, l.B} {
			if p.Node < 0 || int(p.Node) >= nn || p.Port < -1 {
				t.Fatalf("link %d has end %+v (%d nodes)", i, p, nn)
			}
		}
		if math.IsNaN(l.CapacityBPS) || math.IsInf(l.CapacityBPS, 0) || l.CapacityBPS < 0 {
			t.Fatalf("link %d has capacity %v", i, l.CapacityBPS)
		}
		if l.Fabric != ir.None && (l.Fabric < 0 || int(l.Fabric) >= nf) {
			t.Fatalf("link %d has fabric %d of %d", i, l.Fabric, nf)
		}
		if int(l.Origin) < 0 || int(l.Origin) >= no {
			t.Fatalf("link %d has origin %d of %d", i, l.Origin, no)
		}
	}
	for _, f := range g.Fabrics {
		for _, p := range f.Endpoints {
			if p.Node < 0 || int(p.Node) >= nn {
				t.Fatalf("fabric %q has endpoint %+v (%d nodes)", f.Name, p, nn)
			}
		}
	}
}

// graphHash digests the nodes' names, kinds and fabrics and the links'
// ends, capacities and kinds, in order.
func graphHash(g *ir.Graph) uint64 {
	h := fnv.New64a()
	for _, n := range g.Nodes {
		fmt.Fprintf(h, "%s|%d|%v|%d\n", n.Name, n.Kind, n.FabricIDs(), n.Radix)
	}
	for _, l := range g.AllLinks() {
		fmt.Fprintf(h, "%v|%v|%g|%s|%d\n", l.A, l.B, l.CapacityBPS, l.Kind, l.Fabric)
	}
	return h.Sum64()
}
