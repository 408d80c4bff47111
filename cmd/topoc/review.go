package main

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/topoc/topoc/analyzers/all"
	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/analyzers/resilience"
	"github.com/topoc/topoc/cmd/topoc/internal/report"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// reviewArtifacts are the emitters whose output the review document embeds:
// diagrams (SVG overviews) and the bill of materials.
var reviewArtifacts = []string{"svg", "bom"}

func newReport() *cobra.Command {
	var df designFlags
	var out, title string
	c := &cobra.Command{
		Use:   "report [PATH...] -o DIR",
		Short: "Write a design-review document (Markdown) with diagrams and the bill of materials",
		Long: "report checks the design with every analyzer and writes DIR/report.md: a summary table, the\n" +
			"requirement outcomes, per-fabric analysis, diagrams and the bill of materials, and the diagnostics.\n" +
			"A design with errors still gets its report (it documents the failure) and exits 1.\n" +
			"Exit 0 written, 1 design errors, 2 usage or I/O errors.",
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{"."}
			}
			if out == "" {
				fmt.Fprintln(c.ErrOrStderr(), "topoc: report needs -o DIR")
				return exitError{2}
			}
			if err := df.validate(); err != nil {
				fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
				return exitError{2}
			}
			// As build: a signal aborts the writer, which removes what was
			// staged, so the output directory is left as it was.
			w := new(emit.Writer)
			return interruptible(c, "report", w, func() error {
				return reportAndWrite(c, &df, args, out, title, w)
			})
		},
	}
	df.register(c)
	c.Flags().StringVarP(&out, "out", "o", "", "output directory (created if missing)")
	c.Flags().StringVar(&title, "title", "", "document title (default: \"Design review: PATH\")")
	return c
}

// reportAndWrite checks the design of args with every analyzer and has
// the review document, its diagrams and bill of materials written into
// out by w, all or nothing.
func reportAndWrite(c *cobra.Command, df *designFlags, args []string, out, title string, w *emit.Writer) error {
	res := df.compile(args)
	if res.exitCode() == 2 {
		diag.WriteText(c.ErrOrStderr(), res.cfg.Files, res.diags, 0, false)
		return exitError{2}
	}
	// A design that compiled gets its diagrams, BOM and resilience even
	// when the analyses then find errors (a failed requirement): those
	// are what a review of the failure reads. One that did not compile
	// gets none of them, as its graph is not the design.
	compiledClean := res.graph != nil && !res.diags.HasErrors()
	fabrics, err := res.analyze(all.Analyzers)
	if err != nil {
		return err
	}
	rep := res.checkReport(fabrics)
	chk := &rep
	if title == "" {
		title = "Design review: " + strings.Join(reviewNames(args), ", ")
	}
	rv := &report.Review{Title: title, Inputs: args, Check: chk}
	if res.cfg != nil {
		rv.Declared = len(res.cfg.Requirements)
	}
	var arts []emit.Artifact
	var wi *resilience.Report
	var whatif [][2]string // the what-if pictures, path and caption
	if compiledClean {
		in := &emit.Input{Graph: res.graph}
		// Resilience: the quick N−1 sweeps and the worst failure drawn.
		if wi, err = resilience.Run(res.graph, resilience.Options{Quick: true}); err != nil {
			return err
		}
		if o := resilience.WorstOverall(wi); o != nil {
			in.Failure = failureView(res.graph, o)
		}
		// Heatmaps too, as build draws them: the review shows where the
		// workloads' traffic congests (issue 18).
		if r, ok := congestion.ResultOf.In(res.results); ok {
			in.LinkLoads, in.LinkLoadsFrom = r.LinkLoads(), r.LinkLoadsFrom()
		}
		for _, e := range withoutMissingRenderer(c, emitters) {
			if !contains(reviewArtifacts, e.Name) {
				continue
			}
			a, err := e.Emit(in)
			if err != nil {
				fmt.Fprintf(c.ErrOrStderr(), "topoc: %s: %v; nothing was written\n", e.Name, err)
				return exitError{2}
			}
			for _, x := range a {
				switch {
				case strings.HasSuffix(x.Path, "/whatif.svg"):
					arts = append(arts, x)
					whatif = append(whatif, [2]string{x.Path, caption(x.Path) + ": " + in.Failure.Name + " fails"})
				case strings.HasSuffix(x.Path, ".svg"):
					arts = append(arts, x)
					c := caption(x.Path)
					if strings.HasSuffix(x.Path, "/heatmap.svg") && in.LinkLoadsFrom != "" {
						c += ": link load of " + in.LinkLoadsFrom
					}
					rv.Diagrams = append(rv.Diagrams, report.Image{Path: x.Path, Caption: c})
				case strings.HasSuffix(x.Path, ".md"):
					rv.BOM = string(x.Data)
				}
			}
		}
	}
	if wi != nil {
		var b strings.Builder
		resilience.WriteMarkdown(&b, wi, whatif)
		rv.Extra = append(rv.Extra, b.String())
	}
	var doc bytes.Buffer
	if err := report.WriteReview(&doc, rv); err != nil {
		return err
	}
	arts = append(arts, emit.Artifact{Path: "report.md", Data: doc.Bytes()})
	if err := w.WriteAll(out, arts); err != nil {
		if errors.Is(err, emit.ErrAborted) {
			return err // interruptible has reported the signal
		}
		fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
		return exitError{2}
	}
	if err := diag.WriteText(c.ErrOrStderr(), res.cfg.Files, res.diags, 0, false); err != nil {
		return err
	}
	fmt.Fprintf(c.OutOrStdout(), "wrote %s (%s)\n", path.Join(out, "report.md"), units.CountOf(len(arts), "file", "files"))
	if code := res.exitCode(); code != 0 {
		return exitError{code}
	}
	return nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// caption names a diagram from its path under the diagrams directory:
// "diagrams/compute/overview.svg" is "compute: overview".
func caption(p string) string {
	p = strings.TrimSuffix(p, path.Ext(p))
	parts := strings.Split(p, "/")
	if len(parts) > 1 {
		parts = parts[1:]
	}
	return strings.NewReplacer("-", " ", "_", " ").Replace(strings.Join(parts, ": "))
}

// failureView is the diagrams' picture of outcome o: the devices and
// links its group fails (resilience.Outcome.Failure).
func failureView(g *ir.Graph, o *resilience.Outcome) *emit.Failure {
	f := o.Failure()
	fv := &emit.Failure{Name: o.Group, Nodes: g.FailedNodes(f), Links: make([]bool, g.NumLinks())}
	for _, id := range f.Links {
		fv.Links[id] = true
	}
	for id, l := range g.AllLinks() {
		if fv.Nodes[l.A.Node] || fv.Nodes[l.B.Node] {
			fv.Links[id] = true
		}
	}
	return fv
}

// reviewNames names each input path for a title as a reader knows the
// design: "." and ".." by the directory's own name, other paths as
// written.
func reviewNames(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if b := filepath.Base(filepath.Clean(a)); b == "." || b == ".." {
			if abs, err := filepath.Abs(a); err == nil {
				out[i] = filepath.Base(abs)
			}
		}
	}
	return out
}
