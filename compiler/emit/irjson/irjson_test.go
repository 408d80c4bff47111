package irjson

import (
	"bytes"
	"encoding/json"
	"math"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// compile compiles examples/<example>; any error fails the test.
func compile(t testing.TB, example string) *ir.Graph {
	t.Helper()
	return compiletest.Example(t, example)
}

// TestGolden compares the IR JSON of the small examples with testdata/.
// Regenerate with: go test ./compiler/emit/irjson -run TestGolden -update
func TestGolden(t *testing.T) {
	for _, ex := range []string{"fat-tree-k8", "dragonfly-small"} {
		t.Run(ex, func(t *testing.T) {
			got, err := Marshal(compile(t, ex))
			if err != nil {
				t.Fatal(err)
			}
			compiletest.Golden(t, filepath.Join("testdata", ex+".json"), got, "IR JSON of "+ex)
		})
	}
}

// TestSecondCompileIdentical: compiling the design again and writing it
// again gives the same bytes (docs/reference/design-brief.md: same input, byte-identical IR).
func TestSecondCompileIdentical(t *testing.T) {
	a, err := Marshal(compile(t, "dgx-h100-superpod"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Marshal(compile(t, "dgx-h100-superpod"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("two compiles of dgx-h100-superpod wrote different IR JSON")
	}
}

// decode parses IR JSON strictly: unknown fields are errors, so the
// writer cannot emit a field the Document type does not declare.
func decode(t *testing.T, data []byte) *Document {
	t.Helper()
	if !json.Valid(data) {
		t.Fatal("not valid JSON")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var d Document
	if err := dec.Decode(&d); err != nil {
		t.Fatal(err)
	}
	return &d
}

// TestWriterMatchesEncodingJSON: the hand-written writer and encoding/json
// applied to Build describe the same document (a second method on the
// same graph).
func TestWriterMatchesEncodingJSON(t *testing.T) {
	for _, ex := range []string{"fat-tree-k8", "dragonfly-small", "gb200-nvl72", "dgx-h100-superpod", "roce-leaf-spine-2plane"} {
		t.Run(ex, func(t *testing.T) {
			bothWriters(t, compile(t, ex))
		})
	}
}

// TestFatTreeClosedForms: the k=8 fat-tree of Al-Fares et al. (SIGCOMM
// 2008) has k³/4 = 128 hosts, 5k²/4 = 80 switches and 3k³/4 = 384 links;
// every link end names an existing node, and the labels carry the tiers.
func TestFatTreeClosedForms(t *testing.T) {
	const k = 8
	data, err := Marshal(compile(t, "fat-tree-k8"))
	if err != nil {
		t.Fatal(err)
	}
	d := decode(t, data)
	if len(d.Nodes) != k*k*k/4+5*k*k/4 || len(d.Links) != 3*k*k*k/4 {
		t.Fatalf("%d nodes, %d links; want %d, %d", len(d.Nodes), len(d.Links), k*k*k/4+5*k*k/4, 3*k*k*k/4)
	}
	tiers := map[string]int{}
	for i, n := range d.Nodes {
		if n.ID != i {
			t.Fatalf("node %d has id %d", i, n.ID)
		}
		tiers[n.Labels.Tier]++
		if len(n.Labels.Fabric) != 1 || n.Labels.Fabric[0] != "ft" {
			t.Errorf("node %s: fabric label %v, want [ft]", n.Name, n.Labels.Fabric)
		}
	}
	if want := map[string]int{"": k * k * k / 4, "edge": k * k / 2, "aggregation": k * k / 2, "core": k * k / 4}; !reflect.DeepEqual(tiers, want) {
		t.Errorf("nodes by tier %v, want %v", tiers, want)
	}
	for _, l := range d.Links {
		for _, e := range []End{l.A, l.B} {
			if e.Node < 0 || int(e.Node) >= len(d.Nodes) {
				t.Fatalf("link %d: end node %d does not exist", l.ID, e.Node)
			}
		}
		if l.CapacityBPS != 400e9 || l.Fabric != 0 || l.Lanes != 1 {
			t.Errorf("link %d: capacity %v fabric %d lanes %d; want 400e9, 0, 1", l.ID, l.CapacityBPS, l.Fabric, l.Lanes)
		}
	}
}

// TestEscaping: names with quotes, backslashes, tabs, newlines, other
// control characters, non-ASCII, U+2028 and invalid UTF-8 survive a round
// trip (invalid UTF-8 becomes U+FFFD, as encoding/json does).
func TestEscaping(t *testing.T) {
	names := []string{"a\"b\\c", "tab\there", "nl\nx\r", "\x01\x1f", "Größe/ノード", "ls\u2028ps\u2029", "bad\xffutf8", "</script>&"}
	g := ir.New()
	f := g.AddFabric(ir.Fabric{Name: "fab \"1\"", Family: "custom", Tiers: []string{"leaf"}})
	for _, s := range names {
		n := ir.NewNode(s, ir.KindSwitch)
		n.SetModel(s)
		n.SetTier(s)
		id := g.AddNode(n)
		g.JoinFabric(id, f)
	}
	id := g.AddLink(ir.Link{A: ir.Port{Node: 0}, B: ir.Port{Node: 1}, CapacityBPS: 1e21, Kind: ir.LinkKindOf("x\ty"), Fabric: f})
	cb := &ir.Cabling{Cables: []ir.Cable{{Fabric: f, Seq: 1, Legs: 1, Type: ir.None, RouteM: 1e-7, LengthM: 1e-7}}, Legs: []ir.LinkID{id}, PerFabric: []int32{1}}
	cb.SetCableOf(id, 0)
	g.SetCabling(cb)
	data, err := Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	d := decode(t, data)
	for i, s := range names {
		want := string(bytes.ToValidUTF8([]byte(s), []byte("\uFFFD")))
		if n := d.Nodes[i]; n.Name != want || n.Labels.Tier != want || n.Labels.Model != want {
			t.Errorf("node %d: name %q tier %q model %q, want %q", i, n.Name, n.Labels.Tier, n.Labels.Model, want)
		}
	}
	if d.Fabrics[0].Name != "fab \"1\"" || d.Links[0].Kind != "x\ty" || d.Links[0].CapacityBPS != 1e21 || d.Links[0].LengthM != 1e-7 {
		t.Errorf("fabric %q, link %+v", d.Fabrics[0].Name, d.Links[0])
	}
}

// TestAppendFloat: numbers are written exactly as encoding/json writes them.
func TestAppendFloat(t *testing.T) {
	for _, f := range []float64{0, 1, -3, 400e9, 504123076923.07697, 12.5, 1e-6, 9.99e-7, 1e-7, 1e20, 1e21, 1.5e300, -2e-9, math.SmallestNonzeroFloat64} {
		want, _ := json.Marshal(f)
		if got := AppendFloat(nil, f); string(got) != string(want) {
			t.Errorf("AppendFloat(%v) = %s, want %s", f, got, want)
		}
	}
}

// TestNonFinite: a NaN capacity is an error, not invalid JSON.
func TestNonFinite(t *testing.T) {
	g := ir.New()
	g.AddNode(ir.NewNode("a", ir.KindHost))
	g.AddNode(ir.NewNode("b", ir.KindHost))
	g.AddLink(ir.Link{A: ir.Port{Node: 0}, B: ir.Port{Node: 1}, CapacityBPS: math.NaN(), Fabric: ir.None})
	if _, err := Marshal(g); err == nil {
		t.Error("Marshal accepted a NaN capacity")
	}
	if _, err := Marshal(nil); err == nil {
		t.Error("Marshal accepted a nil graph")
	}
}

// BenchmarkMarshal writes the IR JSON of the DGX H100 SuperPOD (4,243
// nodes, 23,761 links).
func BenchmarkMarshal(b *testing.B) {
	g := compile(b, "dgx-h100-superpod")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Marshal(g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodingJSON is the reflection-based reference on the same
// graph, for comparison with BenchmarkMarshal.
func BenchmarkEncodingJSON(b *testing.B) {
	g := compile(b, "dgx-h100-superpod")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := json.Marshal(Build(g)); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLineRate: a custom link leased below its rate carries its line rate
// as line_rate_bps beside capacity_bps, in both writers; other links have
// none.
func TestLineRate(t *testing.T) {
	g := compiletest.Source(t, `
fabric "c" {
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
      a        = "s0"
      b        = "s1"
      capacity = "150Gb/s"
    }
    link {
      a = "s0"
      b = "s1"
    }
    link {
      count = 2
      a     = "h${count.index}"
      b     = "s${count.index}"
    }
  }
}`)
	got := bothWriters(t, g)
	if len(got.Links) != 4 || got.Links[0].CapacityBPS != 150e9 || got.Links[0].LineRateBPS != 400e9 || got.Links[1].LineRateBPS != 0 || got.Links[1].CapacityBPS != 400e9 {
		t.Errorf("links %+v; want 150G at a 400G line rate, then 400G with no line rate", got.Links)
	}
}

// TestReservedPorts: a clos tier's reserve is each switch's
// reserved_ports, in both writers (trial 68: a consumer counted reserved
// ports free).
func TestReservedPorts(t *testing.T) {
	g := compiletest.Source(t, `
fabric "f" {
  clos {
    hosts     = 60
    host_rate = "400Gb/s"
    tier "leaf" {
      model   = "QM9700"
      count   = 2
      reserve = 4
    }
    tier "spine" {
      model = "QM9700"
    }
  }
}`)
	got := bothWriters(t, g)
	reserved := map[string]int32{}
	for _, n := range got.Nodes {
		if n.Kind == "switch" {
			reserved[n.Name] = n.ReservedPorts
		}
	}
	if reserved["leaf0"] != 4 || reserved["leaf1"] != 4 || reserved["spine0"] != 0 {
		t.Errorf("reserved ports %v; want 4 on each leaf, none on the spines", reserved)
	}
}

// bothWriters writes g with the fast writer, checks that encoding/json
// of Build writes the same document, and returns it.
func bothWriters(t *testing.T, g *ir.Graph) *Document {
	t.Helper()
	data, err := Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	got := decode(t, data)
	ref, err := json.Marshal(Build(g))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, decode(t, ref)) {
		t.Error("the writer and encoding/json disagree")
	}
	return got
}
