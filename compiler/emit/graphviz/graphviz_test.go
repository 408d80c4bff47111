package graphviz

import (
	"bytes"
	"image/color"
	"image/png"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/dot"
	"github.com/topoc/topoc/compiler/ir"
)

// compile compiles examples/<example>; any error fails the test.
func compile(t testing.TB, example string) *ir.Graph {
	t.Helper()
	return compiletest.Example(t, example)
}

// twoNodes is a graph whose one edge is a vertical straight line: the
// case go-graphviz's own PNG renderer draws as nothing.
const twoNodes = `digraph { graph [rankdir=BT]; node [shape=box]; a -> b [dir=none, color="#ff0000", penwidth=4]; }`

// TestSVGByteStable: the same DOT renders to the same SVG bytes twice.
func TestSVGByteStable(t *testing.T) {
	views, err := dot.Views(&emit.Input{Graph: compile(t, "dgx-h100-superpod")})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range views {
		a, err := Render(v.DOT, v.Engine, "svg")
		if err != nil {
			t.Fatalf("%s: %v", v.Path, err)
		}
		b, err := Render(v.DOT, v.Engine, "svg")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two SVG renders differ", v.Path)
		}
		if !bytes.HasPrefix(a, []byte("<?xml")) || !bytes.Contains(a, []byte("<svg")) {
			t.Errorf("%s: not an SVG document", v.Path)
		}
	}
}

// TestPNGDrawsEdges: the PNG is a decodable image of the layout's size
// whose straight edge is drawn in its colour, twice the same bytes.
func TestPNGDrawsEdges(t *testing.T) {
	a, err := Render([]byte(twoNodes), "dot", "png")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Render([]byte(twoNodes), "dot", "png")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("two PNG renders differ")
	}
	img, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	// dot: two 0.75 × 0.5 in boxes (54 × 36 pt), ranksep 0.5 in (36 pt),
	// plus the rasteriser's 8 pt margin on each side; scale PNGScale.
	bounds := img.Bounds()
	wantW, wantH := (54+8+8)*PNGScale, (36+36+36+8+8)*PNGScale
	if d := float64(bounds.Dx()) - wantW; d < -2 || d > 2 {
		t.Errorf("width %d px, want about %.0f", bounds.Dx(), wantW)
	}
	if d := float64(bounds.Dy()) - wantH; d < -2 || d > 2 {
		t.Errorf("height %d px, want about %.0f", bounds.Dy(), wantH)
	}
	// The edge runs down the middle between the boxes.
	mid := img.At(bounds.Dx()/2, bounds.Dy()/2)
	if r, g, b, _ := mid.RGBA(); r>>8 < 200 || g>>8 > 60 || b>>8 > 60 {
		t.Errorf("pixel between the nodes is %v, want the red edge", mid)
	}
	// The corner is background.
	if c := color.NRGBAModel.Convert(img.At(1, 1)).(color.NRGBA); c != (color.NRGBA{255, 255, 255, 255}) {
		t.Errorf("corner pixel %v, want white", c)
	}
}

// TestErrors: bad engine, bad format and bad DOT are errors, not panics
// or empty output, and the renderer keeps working afterwards.
func TestErrors(t *testing.T) {
	for _, tc := range []struct{ src, engine, format, want string }{
		{twoNodes, "nope", "svg", "unknown layout engine"},
		{twoNodes, "dot", "gif", "unknown output format"},
		{"digraph { a -> ", "dot", "svg", "cannot parse"},
	} {
		if _, err := Render([]byte(tc.src), tc.engine, tc.format); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Render(%q, %s, %s) error %v, want %q", tc.src, tc.engine, tc.format, err, tc.want)
		}
	}
	if _, err := Render([]byte(twoNodes), "dot", "svg"); err != nil {
		t.Errorf("after errors: %v", err)
	}
}

// TestConcurrent: Render from several goroutines gives the serial result
// (go-graphviz contexts share one WebAssembly memory; the mutex must
// serialise them).
func TestConcurrent(t *testing.T) {
	want, err := Render([]byte(twoNodes), "dot", "svg")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := Render([]byte(twoNodes), "dot", "svg")
			if err != nil || !bytes.Equal(got, want) {
				errs <- "concurrent render differs or failed"
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestB200OverviewUnder5s: the overview of the 16-SU DGX B200 SuperPOD
// (4,096 GPUs, 320 switches, 12,288 links) lays out to SVG in under 5 s
// (issue 5, "Done when"); building its views is included.
func TestB200OverviewUnder5s(t *testing.T) {
	g := compile(t, "dgx-b200-superpod-16su")
	if _, err := Render([]byte(twoNodes), "dot", "svg"); err != nil { // module warm-up, not timed
		t.Fatal(err)
	}
	start := time.Now()
	views, err := dot.Views(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	if views[0].Path != "diagrams/compute/overview" {
		t.Fatalf("first view is %s", views[0].Path)
	}
	svg, err := Render(views[0].DOT, views[0].Engine, "svg")
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	t.Logf("B200 16-SU overview: views and SVG layout in %v (%d bytes)", elapsed, len(svg))
	if elapsed > 5*time.Second {
		t.Errorf("overview took %v, want under 5 s", elapsed)
	}
}
