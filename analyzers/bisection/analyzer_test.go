package bisection

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/compiler/gen"
)

// The analyzer reports every fabric, in fabric order, in the default
// (gpu) view, and the same input gives byte-identical JSON.
func TestAnalyzerDeterministic(t *testing.T) {
	var first []byte
	for run := 0; run < 2; run++ {
		g := compileDir(t, "../../examples/gb200-nvl72")
		res, err := analysis.Run(g, []*analysis.Analyzer{Analyzer})
		if err != nil {
			t.Fatal(err)
		}
		fs, ok := analysis.Lookup[[]Fabric](res, Analyzer)
		if !ok || len(fs) != len(g.Fabrics) {
			t.Fatalf("result %T with %d fabrics, want %d", res.Of(Analyzer), len(fs), len(g.Fabrics))
		}
		for _, f := range fs {
			if f.View != ViewGPU {
				t.Errorf("view %q, want gpu", f.View)
			}
		}
		b, _ := json.Marshal(fs)
		if run == 0 {
			first = b
		} else if !bytes.Equal(first, b) {
			t.Errorf("two runs differ:\n%s\n%s", first, b)
		}
	}
}

// The JSON object has docs/reference/design-brief.md's fixed names.
func TestJSONNames(t *testing.T) {
	g, fid := fatTree(4, 400e9)
	b, _ := json.Marshal(Compute(g, fid, Options{}))
	for _, name := range []string{"bandwidth_bps", "ratio", "method", "lower_bound_bps", "upper_bound_bps", "formula", "certificate"} {
		if !strings.Contains(string(b), `"`+name+`"`) {
			t.Errorf("JSON lacks %q: %s", name, b)
		}
	}
}

func TestWriteText(t *testing.T) {
	g, fid := fatTree(8, 400e9)
	var buf bytes.Buffer
	f := Compute(g, fid, Options{})
	WriteText(&buf, &f)
	want := "  bisection  25.6Tb/s per direction, ratio 1.000 (analytic)\n    cut      64 links, across pods 0–3 | pods 4–7\n"
	if buf.String() != want {
		t.Errorf("text:\n%s\nwant:\n%s", buf.String(), want)
	}
	// A dragonfly with fewer routers per group than twice its global
	// ports (a = 3 < 2h = 6) stays bounded (dragonfly_test.go); reading
	// the arrangement (arrangedBound) lifts its lower end from 15 links
	// to 18 of the 21 found.
	g2, fid2 := dragonflyCase(t, gen.Dragonfly{P: 2, A: 3, H: 3, LocalBPS: 200e9, GlobalBPS: 200e9})
	h := Compute(g2, fid2, Options{})
	buf.Reset()
	WriteText(&buf, &h)
	if !strings.Contains(buf.String(), "bisection  between 3.6Tb/s (dragonfly group-structure bound) and 4.2Tb/s") {
		t.Errorf("bounded text: %s", buf.String())
	}
}

// The port view of the DGX H100 SuperPOD: 1,020 endpoint ports of 400G,
// non-blocking, so exactly half the injection (the hose bound meets the
// endpoint-order halves).
func TestPortViewSuperPOD(t *testing.T) {
	g := compileDir(t, "../../examples/dgx-h100-superpod")
	r := Compute(g, fabricID(t, g, "compute"), Options{View: ViewPort})
	if r.Endpoints != 1020 || r.Method != "analytic" || r.BandwidthBPS != 510*400e9 || r.Ratio != 1 {
		t.Errorf("%d endpoints, %s %g ratio %g; want 1,020, analytic, 204 Tb/s, 1", r.Endpoints, r.Method, r.BandwidthBPS, r.Ratio)
	}
}

// Words for a split: whole units of a level, else units coarse to fine
// and the remaining endpoints by name; runs are capped at MaxRuns.
func TestCertificateWords(t *testing.T) {
	g, fid := fatTree(8, 400e9)
	m := newModel(g, fid, ViewGPU)
	levels := m.levels()
	n := len(m.terms) // 128 hosts, 16 per pod, 4 per edge switch
	// Pods 0 and 3, then edge switch 0 of pod 1 and two single hosts.
	inA := make([]bool, n)
	for i := range inA {
		pod := i / 16
		inA[i] = pod == 0 || pod == 3 || (pod == 1 && i%16 < 4)
	}
	inA[40], inA[127] = true, false
	c := m.certificate(levels, inA, 0, 0)
	// The edge switch is named inside its pod (trial 58: a list of full
	// switch names was hard to read).
	want := "pods 0, 3; pod 1: endpoints on edge 0; pod2/edge2/host0"
	if c.Sides[0].Text != want {
		t.Errorf("side A %q, want %q", c.Sides[0].Text, want)
	}
	// Alternate hosts of a k=10 fat-tree: 125 runs of one per side, 64
	// listed and 61 omitted.
	g10, fid10 := fatTree(10, 400e9)
	m10 := newModel(g10, fid10, ViewGPU)
	alt := make([]bool, len(m10.terms))
	for i := range alt {
		alt[i] = i%2 == 0
	}
	c = m10.certificate(m10.levels(), alt, 0, 0)
	if s := c.Sides[0]; len(s.Runs) != MaxRuns || s.RunsOmitted != 61 || s.Endpoints != 125 || s.Runs[1].First != m10.name(2) {
		t.Errorf("%d runs, %d omitted, %d endpoints", len(s.Runs), s.RunsOmitted, s.Endpoints)
	}
	if plural("su") != "SUs" || plural("leaf") != "leaves" || plural("pod") != "pods" {
		t.Error("plural")
	}
}

// A dragonfly split inside a group names that group's routers by their
// numbers within it (trial 58): "group 3: endpoints on routers 0–2".
func TestCertificateWordsWithinGroup(t *testing.T) {
	g, fid := dragonflyCase(t, gen.Dragonfly{P: 2, A: 4, H: 1, G: 5, LocalBPS: 100e9, GlobalBPS: 100e9})
	m := newModel(g, fid, ViewGPU)
	levels := m.levels()
	// 40 terminals, 8 per group, 2 per router: groups 0–1 and routers
	// 0–1 of group 2 on side A.
	inA := make([]bool, len(m.terms))
	for i := range inA {
		inA[i] = i < 20
	}
	c := m.certificate(levels, inA, 0, 0)
	for s, want := range []string{"groups 0–1; group 2: endpoints on routers 0–1", "groups 3–4; group 2: endpoints on routers 2–3"} {
		if c.Sides[s].Text != want {
			t.Errorf("side %d %q, want %q", s, c.Sides[s].Text, want)
		}
	}
}
