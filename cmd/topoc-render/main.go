// Command topoc-render lays out topoc's diagrams with Graphviz (through
// go-graphviz, WebAssembly, no system Graphviz needed). `topoc build
// --emit svg,png` runs it; see compiler/emit/render for why the layout
// lives in its own process.
//
//	topoc-render serve
//	    answer topoc's render requests on standard input and output
//	topoc-render -T svg|png [-K ENGINE] [FILE.dot]
//	    render one DOT file (default standard input) to standard output,
//	    like `dot -Tsvg`; ENGINE defaults to the file's layout attribute,
//	    else dot
//
// Exit codes: 0 done, 1 the layout failed, 2 usage errors.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"

	"github.com/topoc/topoc/compiler/emit/graphviz"
	"github.com/topoc/topoc/compiler/emit/render"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// layoutAttr finds a graph-level layout="engine" in DOT text that topoc
// wrote.
var layoutAttr = regexp.MustCompile(`(?m)^\s*layout="?([a-z]+)"?`)

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 1 && args[0] == "serve" {
		if err := render.Serve(stdin, stdout, graphviz.Render); err != nil {
			fmt.Fprintln(stderr, "topoc-render:", err)
			return 1
		}
		return 0
	}
	fs := flag.NewFlagSet("topoc-render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("T", "svg", "output format: svg or png")
	engine := fs.String("K", "", "layout engine (dot, neato, circo, fdp, sfdp, twopi); default: the file's layout attribute, else dot")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: topoc-render serve | topoc-render -T svg|png [-K ENGINE] [FILE.dot]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil || fs.NArg() > 1 {
		if err == nil {
			fs.Usage()
		}
		return 2
	}
	var src []byte
	var err error
	if fs.NArg() == 1 {
		src, err = os.ReadFile(fs.Arg(0))
	} else {
		src, err = io.ReadAll(stdin)
	}
	if err != nil {
		fmt.Fprintln(stderr, "topoc-render:", err)
		return 2
	}
	if *engine == "" {
		*engine = "dot"
		if m := layoutAttr.FindSubmatch(src); m != nil {
			*engine = string(m[1])
		}
	}
	out, err := graphviz.Render(src, *engine, *format)
	if err != nil {
		fmt.Fprintln(stderr, "topoc-render:", err)
		return 1
	}
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintln(stderr, "topoc-render:", err)
		return 1
	}
	return 0
}
