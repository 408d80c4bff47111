// Package graphviz lays out DOT text with Graphviz and renders SVG or
// PNG, through github.com/goccy/go-graphviz v0.2.10 (Graphviz compiled to
// WebAssembly and run by wazero: no cgo, no system Graphviz). It is the
// only topoc package that imports go-graphviz (a test enforces it), and
// only the renderer command (cmd/topoc-render) imports it: see
// compiler/emit/render for why the layout runs in its own process.
//
// What this package works around, as measured with v0.2.10 (docs/reference/design-brief.md,
// "Library facts", and docs/performance.md):
//
//   - Every go-graphviz context shares one WebAssembly instance, and two
//     concurrent contexts corrupt its memory: one process-wide mutex
//     serialises Render, and one Graphviz context is reused.
//   - RenderFilename can write an empty file and return nil: Render writes
//     into a buffer and treats empty output as an error.
//   - A context deadline does not stop a layout; the caller bounds time by
//     killing the process (compiler/emit/render does).
//   - A trap inside the WebAssembly module surfaces as a Go panic; Render
//     turns it into an error and refuses later calls, since the module's
//     memory may be corrupt.
//   - Its PNG renderer draws edges as filled shapes and drops node
//     outlines, and looks fonts up on the system. Render makes PNG itself
//     from Graphviz's layout (png.go), with Go's embedded fonts, so PNG
//     bytes depend only on the input.
package graphviz

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"sync"

	gv "github.com/goccy/go-graphviz"
)

// Engines are the layout engines Render accepts.
var Engines = []string{"dot", "circo", "neato", "fdp", "sfdp", "twopi"}

// Formats are the output formats Render accepts.
var Formats = []string{"svg", "png"}

var (
	mu     sync.Mutex
	ctxGV  *gv.Graphviz
	broken error // set after a panic inside the module
)

// Render lays out the DOT text src with engine ("dot", "circo", ...) and
// returns it rendered as format ("svg" or "png"). It holds a process-wide
// lock for the whole call. Errors: an unknown engine or format, DOT that
// Graphviz cannot parse, empty output, or a crash of the module (after
// which every call fails).
func Render(src []byte, engine, format string) (out []byte, err error) {
	if !slices.Contains(Engines, engine) {
		return nil, fmt.Errorf("graphviz: unknown layout engine %q (known: %v)", engine, Engines)
	}
	if !slices.Contains(Formats, format) {
		return nil, fmt.Errorf("graphviz: unknown output format %q (known: %v)", format, Formats)
	}
	mu.Lock()
	defer mu.Unlock()
	if broken != nil {
		return nil, broken
	}
	defer func() {
		if p := recover(); p != nil {
			broken = fmt.Errorf("graphviz: the layout module crashed earlier (%v); restart the process", p)
			out, err = nil, fmt.Errorf("graphviz: the layout module crashed: %v", p)
		}
	}()
	ctx := context.Background()
	if ctxGV == nil {
		c, err := gv.New(ctx)
		if err != nil {
			return nil, fmt.Errorf("graphviz: %w", err)
		}
		ctxGV = c
	}
	g, err := gv.ParseBytes(src)
	if err != nil {
		return nil, fmt.Errorf("graphviz: cannot parse the DOT text: %w", err)
	}
	defer g.Close()
	gvFormat := format
	if format == "png" {
		gvFormat = "json" // the layout with xdot drawing operations
	}
	var buf bytes.Buffer
	if err := ctxGV.SetLayout(gv.Layout(engine)).Render(ctx, g, gv.Format(gvFormat), &buf); err != nil {
		return nil, fmt.Errorf("graphviz: %s layout to %s: %w", engine, format, err)
	}
	if buf.Len() == 0 {
		return nil, fmt.Errorf("graphviz: %s layout to %s produced no output", engine, format)
	}
	if format == "png" {
		return rasterize(buf.Bytes())
	}
	return buf.Bytes(), nil
}
