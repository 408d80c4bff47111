package render

import (
	"bytes"
	"encoding/gob"
	"image/png"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/dot"
	"github.com/topoc/topoc/compiler/emit/graphviz"
	"github.com/topoc/topoc/compiler/ir"
)

// The test binary doubles as the renderer: with serveEnv set it serves
// requests like topoc-render does (with graphviz.Render, or a layout that
// misbehaves on purpose), so the tests exercise the real process
// boundary without building cmd/topoc-render.
const serveEnv = "TOPOC_RENDER_TEST_SERVE"

func TestMain(m *testing.M) {
	switch os.Getenv(serveEnv) {
	case "":
	case "sleep":
		Serve(os.Stdin, os.Stdout, func([]byte, string, string) ([]byte, error) {
			time.Sleep(time.Minute)
			return nil, nil
		})
		os.Exit(0)
	case "crash":
		os.Stderr.WriteString("simulated crash in the layout module\n")
		os.Exit(3)
	default:
		if len(os.Args) < 2 || os.Args[len(os.Args)-1] != "serve" {
			os.Stderr.WriteString("expected the serve argument\n")
			os.Exit(2)
		}
		if err := Serve(os.Stdin, os.Stdout, graphviz.Render); err != nil {
			os.Stderr.WriteString(err.Error())
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Setenv(EnvCommand, os.Args[0])
	os.Setenv(serveEnv, "graphviz")
	os.Exit(m.Run())
}

// compile compiles examples/<example>; any error fails the test.
func compile(t testing.TB, example string) *ir.Graph {
	t.Helper()
	return compiletest.Example(t, example)
}

// TestImages renders every view of two examples through the renderer
// process: one artifact per view and format, SVG documents and decodable
// PNGs, and the same bytes on a second run.
func TestImages(t *testing.T) {
	for _, ex := range []string{"fat-tree-k8", "gb200-nvl72"} {
		in := &emit.Input{Graph: compile(t, ex)}
		views, err := dot.Views(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, format := range []string{"svg", "png"} {
			arts, err := Images(in, format)
			if err != nil {
				t.Fatalf("%s %s: %v", ex, format, err)
			}
			if len(arts) != len(views) {
				t.Fatalf("%s: %d %s files for %d views", ex, len(arts), format, len(views))
			}
			again, err := Images(in, format)
			if err != nil {
				t.Fatal(err)
			}
			for i, a := range arts {
				if a.Path != views[i].Path+"."+format {
					t.Errorf("artifact %s for view %s", a.Path, views[i].Path)
				}
				if !bytes.Equal(a.Data, again[i].Data) {
					t.Errorf("%s: second render differs", a.Path)
				}
				switch format {
				case "svg":
					if !bytes.Contains(a.Data, []byte("<svg")) {
						t.Errorf("%s is not SVG", a.Path)
					}
				case "png":
					if _, err := png.Decode(bytes.NewReader(a.Data)); err != nil {
						t.Errorf("%s: %v", a.Path, err)
					}
				}
			}
		}
	}
}

// TestRendererFailures: a layout error is reported for that view and the
// renderer keeps serving; a renderer that dies or hangs fails the build
// with a message (the hung one is killed at the timeout).
func TestRendererFailures(t *testing.T) {
	r, err := Start()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Render("bad", []byte("digraph {"), "dot", "svg"); err == nil || !strings.Contains(err.Error(), "bad: graphviz: cannot parse") {
		t.Errorf("bad DOT: %v", err)
	}
	if _, err := r.Render("good", []byte("digraph { a -> b }"), "dot", "svg"); err != nil {
		t.Errorf("after a bad view: %v", err)
	}
	if err := r.Close(); err != nil {
		t.Error(err)
	}

	t.Setenv(serveEnv, "crash")
	r, err = Start()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Render("v", []byte("digraph {}"), "dot", "svg"); err == nil || !strings.Contains(err.Error(), "simulated crash") {
		t.Errorf("crashed renderer: %v", err)
	}

	t.Setenv(serveEnv, "sleep")
	old := timeout
	timeout = 300 * time.Millisecond
	defer func() { timeout = old }()
	r, err = Start()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := r.Render("slow", []byte("digraph {}"), "dot", "svg"); err == nil || !strings.Contains(err.Error(), "did not finish") {
		t.Errorf("hung renderer: %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the hung renderer was stopped after %v", d)
	}
	if _, err := r.Render("next", []byte("digraph {}"), "dot", "svg"); err == nil {
		t.Error("a killed renderer accepted another request")
	}
}

// TestProtocolMismatch: a request of another protocol version gets an
// error naming both versions.
func TestProtocolMismatch(t *testing.T) {
	var in, out bytes.Buffer
	if err := gob.NewEncoder(&in).Encode(Request{Protocol: Protocol + 1, DOT: []byte("digraph {}")}); err != nil {
		t.Fatal(err)
	}
	called := false
	if err := Serve(&in, &out, func([]byte, string, string) ([]byte, error) { called = true; return nil, nil }); err != nil {
		t.Fatal(err)
	}
	var resp Response
	if err := gob.NewDecoder(&out).Decode(&resp); err != nil {
		t.Fatal(err)
	}
	if called || !strings.Contains(resp.Err, "speaks protocol 1 but topoc sent 2") {
		t.Errorf("response %q, layout called %v", resp.Err, called)
	}
}

// TestFindMissing: without the renderer the error says how to install it.
func TestFindMissing(t *testing.T) {
	t.Setenv(EnvCommand, "")
	t.Setenv("PATH", t.TempDir())
	_, err := Find()
	if err == nil || !strings.Contains(err.Error(), "go install github.com/topoc/topoc/cmd/topoc-render@latest") {
		t.Errorf("Find() = %v", err)
	}
}
