package graphml

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit/irjson"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/compiler/tooltest"
)

// compile compiles examples/<example>; any error fails the test.
func compile(t testing.TB, example string) *ir.Graph {
	t.Helper()
	return compiletest.Example(t, example)
}

// TestGolden compares the GraphML of the small examples with testdata/.
// Regenerate with: go test ./compiler/emit/graphml -run TestGolden -update
func TestGolden(t *testing.T) {
	for _, ex := range []string{"fat-tree-k8", "dragonfly-small"} {
		t.Run(ex, func(t *testing.T) {
			got, err := Marshal(compile(t, ex))
			if err != nil {
				t.Fatal(err)
			}
			compiletest.Golden(t, filepath.Join("testdata", ex+".graphml"), got, "GraphML of "+ex)
		})
	}
}

// tricky is a small graph whose names need escaping: quotes, markup,
// tab, newline, carriage return, non-ASCII, a control character XML
// cannot hold, and invalid UTF-8.
func tricky() (*ir.Graph, []string) {
	names := []string{`quo"te's`, "<b>&amp;</b>", "tab\there", "line\nbreak\r", "Größe/ノード", "ctl\x01x", "bad\xffutf8"}
	g := ir.New()
	f := g.AddFabric(ir.Fabric{Name: "fab, \"one\"", Family: "custom"})
	for _, s := range names {
		n := ir.NewNode(s, ir.KindSwitch)
		n.SetModel(s)
		g.JoinFabric(g.AddNode(n), f)
	}
	for i := 1; i < len(names); i++ {
		g.AddLink(ir.Link{A: ir.Port{Node: 0, Port: int32(i)}, B: ir.Port{Node: ir.NodeID(i)}, CapacityBPS: 400e9, Kind: ir.LinkKindOf("k\t<x>"), Fabric: f})
	}
	return g, names
}

// wantText is what an XML reader must return for s: characters XML 1.0
// cannot hold (C0 controls other than tab, newline and carriage return,
// and invalid UTF-8) become U+FFFD.
func wantText(s string) string {
	var b bytes.Buffer
	for _, r := range string(bytes.ToValidUTF8([]byte(s), []byte("\uFFFD"))) {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' {
			r = '\uFFFD'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TestEscapingEncodingXML reads the tricky graph back with encoding/xml.
func TestEscapingEncodingXML(t *testing.T) {
	g, names := tricky()
	data, err := Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Nodes []struct {
			ID   string `xml:"id,attr"`
			Data []struct {
				Key  string `xml:"key,attr"`
				Text string `xml:",chardata"`
			} `xml:"data"`
		} `xml:"graph>node"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Nodes) != len(names) {
		t.Fatalf("%d nodes, want %d", len(doc.Nodes), len(names))
	}
	for i, n := range doc.Nodes {
		got := map[string]string{}
		for _, d := range n.Data {
			got[d.Key] = d.Text
		}
		// encoding/xml normalises "\r\n" and a lone "\r" in character data to
		// "\n" only when they are literal; ours are references and survive.
		if got["n_name"] != wantText(names[i]) || got["n_model"] != wantText(names[i]) {
			t.Errorf("node %s: name %q model %q, want %q", n.ID, got["n_name"], got["n_model"], wantText(names[i]))
		}
		if got["n_fabric"] != `fab, "one"` || got["n_kind"] != "switch" {
			t.Errorf("node %s: fabric %q kind %q", n.ID, got["n_fabric"], got["n_kind"])
		}
	}
}

// TestSchemaStructure validates GraphML of several examples and of the
// tricky graph with xmllint against testdata/graphml-structure.xsd:
// GraphML's element structure plus unique ids and edges whose ends exist.
func TestSchemaStructure(t *testing.T) {
	xmllint := tooltest.Command(t, "xmllint", "libxml2-utils")
	dir := t.TempDir()
	graphs := map[string]*ir.Graph{}
	graphs["tricky"], _ = tricky()
	for _, ex := range []string{"fat-tree-k8", "dragonfly-small", "gb200-nvl72"} {
		graphs[ex] = compile(t, ex)
	}
	for name, g := range graphs {
		data, err := Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name+".graphml")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(xmllint, "--noout", "--schema", filepath.Join("testdata", "graphml-structure.xsd"), p).CombinedOutput()
		if err != nil {
			t.Errorf("%s: xmllint: %v\n%s", name, err, out)
		}
	}
	// The schema is not vacuous: an edge to a missing node fails it.
	bad := filepath.Join(dir, "bad.graphml")
	data, _ := Marshal(graphs["tricky"])
	data = bytes.Replace(data, []byte(`target="n1"`), []byte(`target="n99"`), 1)
	if err := os.WriteFile(bad, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := exec.Command(xmllint, "--noout", "--schema", filepath.Join("testdata", "graphml-structure.xsd"), bad).Run(); err == nil {
		t.Error("xmllint accepted an edge to a node that does not exist")
	}
}

// networkxScript reads a GraphML file with networkx and the IR JSON of
// the same graph with the json module, and prints both sides' node and
// edge counts, total capacity (math.fsum), nodes by kind, and whether
// every edge joins the same two nodes with the same capacity as the link
// of the same id.
const networkxScript = `
import json, math, sys, collections
import networkx as nx
g = nx.read_graphml(sys.argv[1])
ir = json.load(open(sys.argv[2], encoding="utf-8"))
edges = list(g.edges(keys=True, data=True)) if g.is_multigraph() else [(u, v, None, d) for u, v, d in g.edges(data=True)]
same = True
for u, v, k, d in edges:
    eid = d.get("id", k)  # networkx keeps the GraphML edge id as key or as "id"
    l = ir["links"][int(eid[1:])]
    ends = {"n%d" % l["a"]["node"], "n%d" % l["b"]["node"]}
    if {u, v} != ends or d["capacity_bps"] != l["capacity_bps"] or d["kind"] != l["kind"]:
        same = False
print(json.dumps({
    "graphml": {"nodes": g.number_of_nodes(), "edges": g.number_of_edges(),
                "capacity_bps": math.fsum(d["capacity_bps"] for _, _, _, d in edges),
                "kinds": dict(collections.Counter(d["kind"] for _, d in g.nodes(data=True))),
                "names": [g.nodes["n%d" % i]["name"] for i in range(len(ir["nodes"]))]},
    "ir": {"nodes": len(ir["nodes"]), "edges": len(ir["links"]),
           "capacity_bps": math.fsum(l["capacity_bps"] for l in ir["links"]),
           "kinds": dict(collections.Counter(n["kind"] for n in ir["nodes"])),
           "names": [n["name"] for n in ir["nodes"]]},
    "edges_match": same}))
`

type side struct {
	Nodes       int            `json:"nodes"`
	Edges       int            `json:"edges"`
	CapacityBPS float64        `json:"capacity_bps"`
	Kinds       map[string]int `json:"kinds"`
	Names       []string       `json:"names"`
}

// readWithNetworkx writes g as GraphML and IR JSON and runs networkxScript.
func readWithNetworkx(t *testing.T, g *ir.Graph) (gml, irs side, edgesMatch bool) {
	t.Helper()
	dir := t.TempDir()
	gm, err := Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	ij, err := irjson.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	pg, pj := filepath.Join(dir, "g.graphml"), filepath.Join(dir, "ir.json")
	if err := os.WriteFile(pg, gm, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pj, ij, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tooltest.Python, "-c", networkxScript, pg, pj).Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("networkx: %v\n%s", err, stderr)
	}
	var res struct {
		GraphML    side `json:"graphml"`
		IR         side `json:"ir"`
		EdgesMatch bool `json:"edges_match"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return res.GraphML, res.IR, res.EdgesMatch
}

// TestNetworkx reads our GraphML with networkx (Debian python3-networkx)
// and checks node and edge counts, total capacity and node kinds against
// the IR JSON of the same build, plus the published or closed-form counts:
// dragonfly p=2 a=4 h=2 has 36 routers + 72 terminals and 162 links of
// 200 Gb/s (Kim et al. 2008; designs.md); the DGX H100 SuperPOD of
// RA-11333-001 Table 4 has 32 leaf + 16 spine switches.
func TestNetworkx(t *testing.T) {
	tooltest.PythonModule(t, "networkx", "python3-networkx")
	for _, tc := range []struct {
		example      string
		nodes, edges int     // closed form or published; 0: not asserted
		capacityBPS  float64 // sum over links; 0: not asserted
		switches     int
	}{
		{"dragonfly-small", 36 + 72, 162, 162 * 200e9, 36},
		{"dgx-h100-superpod", 0, 0, 0, 32 + 16},
	} {
		t.Run(tc.example, func(t *testing.T) {
			gml, irs, match := readWithNetworkx(t, compile(t, tc.example))
			if gml.Nodes != irs.Nodes || gml.Edges != irs.Edges || gml.CapacityBPS != irs.CapacityBPS {
				t.Errorf("networkx read %d nodes, %d edges, %g b/s; IR JSON has %d, %d, %g",
					gml.Nodes, gml.Edges, gml.CapacityBPS, irs.Nodes, irs.Edges, irs.CapacityBPS)
			}
			if !match {
				t.Error("some GraphML edge does not join the same nodes with the same capacity and kind as the IR link of its id")
			}
			for k, n := range irs.Kinds {
				if gml.Kinds[k] != n {
					t.Errorf("kind %s: networkx %d, IR %d", k, gml.Kinds[k], n)
				}
			}
			if tc.nodes != 0 && (gml.Nodes != tc.nodes || gml.Edges != tc.edges || gml.CapacityBPS != tc.capacityBPS) {
				t.Errorf("networkx read %d nodes, %d edges, %g b/s; want %d, %d, %g", gml.Nodes, gml.Edges, gml.CapacityBPS, tc.nodes, tc.edges, tc.capacityBPS)
			}
			if gml.Kinds["switch"] != tc.switches {
				t.Errorf("%d switches, want %d", gml.Kinds["switch"], tc.switches)
			}
		})
	}
}

// TestNetworkxEscaping: networkx reads the tricky names back exactly.
func TestNetworkxEscaping(t *testing.T) {
	tooltest.PythonModule(t, "networkx", "python3-networkx")
	g, names := tricky()
	gml, _, match := readWithNetworkx(t, g)
	if !match {
		t.Error("edges do not match the IR links")
	}
	for i, s := range names {
		if i >= len(gml.Names) || gml.Names[i] != wantText(s) {
			t.Errorf("networkx read name %d as %q, want %q", i, gml.Names[i], wantText(s))
		}
	}
}
