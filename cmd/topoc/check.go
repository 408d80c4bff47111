package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"

	"github.com/topoc/topoc/analyzers/all"
	"github.com/topoc/topoc/analyzers/flow"
	"github.com/topoc/topoc/analyzers/results"
	"github.com/topoc/topoc/cmd/topoc/internal/report"
	"github.com/topoc/topoc/lang/diag"
)

func newCheck() *cobra.Command {
	var df designFlags
	var format, analyzers string
	var dirsOfFiles bool
	c := &cobra.Command{
		Use:   "check [PATH...]",
		Short: "Compile a design and report its diagnostics and contents",
		Long: "check loads each PATH (a *.topo.hcl file or a directory of them; default \".\"), compiles it,\n" +
			"prints diagnostics on stderr and a summary per fabric on stdout. DIR/... checks every design\n" +
			"directory below DIR, one by one (skipping testdata and names starting with . or _).\n" +
			"Exit 0 clean, 1 design errors, 2 usage or I/O errors.",
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{"."}
			}
			if format != "text" && format != "json" && format != "sarif" {
				fmt.Fprintf(c.ErrOrStderr(), "topoc: --format must be text, json or sarif, not %q\n", format)
				return exitError{2}
			}
			designs := [][]string{args}
			switch {
			case dirsOfFiles:
				designs = designDirs(args)
			case slices.ContainsFunc(args, isRecursive):
				// DIR/... names each design below DIR, checked one by one.
				dirs, err := expandDesignDirs(args, false)
				if err != nil {
					fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
					return exitError{2}
				}
				designs = designDirs(dirs)
			}
			if format == "json" && len(designs) > 1 {
				fmt.Fprintf(c.ErrOrStderr(), "topoc: --format json reports one design; the PATHs name %d design directories (use --format sarif, or check them one by one)\n", len(designs))
				return exitError{2}
			}
			if err := df.validate(); err != nil {
				fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
				return exitError{2}
			}
			selected, err := all.Select(analyzers)
			if err != nil {
				fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
				return exitError{2}
			}
			quiet, worst := quietFlag(c), 0
			var sarifDiags hcl.Diagnostics
			for _, paths := range designs {
				stop := startProgress(c.ErrOrStderr(), "checking "+strings.Join(paths, " "))
				res := df.start(paths)
				fabrics, err := res.analyze(selected)
				stop()
				if err != nil {
					return err
				}
				res.preflight()
				switch format {
				case "sarif":
					sarifDiags = append(sarifDiags, res.diags...)
				case "json":
					rep := res.checkReport(fabrics)
					enc := json.NewEncoder(c.OutOrStdout())
					enc.SetIndent("", "  ")
					enc.SetEscapeHTML(false)
					if err := enc.Encode(rep); err != nil {
						return err
					}
				default:
					color := os.Getenv("NO_COLOR") == "" && isTerminal(c.ErrOrStderr())
					if err := diag.WriteText(c.ErrOrStderr(), res.cfg.Files, res.diags, 0, color); err != nil {
						return err
					}
					if !quiet {
						if len(designs) > 1 {
							fmt.Fprintf(c.OutOrStdout(), "design %q\n", paths[0])
						}
						report.WriteText(c.OutOrStdout(), fabrics)
						report.WriteWorkloads(c.OutOrStdout(), results.Workloads(res.results.Of))
						flow.WriteText(c.OutOrStdout(), results.Flows(res.results.Of))
						report.WriteRequirements(c.OutOrStdout(), res.requirements())
						e, w, i := diag.Count(res.diags)
						if e+w+i > 0 {
							fmt.Fprintln(c.ErrOrStderr(), diag.Tally(e, w, i))
						}
					}
				}
				worst = max(worst, res.exitCode())
			}
			if format == "sarif" {
				if err := writeSARIF(c.OutOrStdout(), sarifDiags); err != nil {
					return err
				}
			}
			if worst != 0 {
				return exitError{worst}
			}
			return nil
		},
	}
	df.register(c)
	c.Flags().StringVar(&format, "format", "text", "output format: text, json or sarif")
	c.Flags().BoolVar(&dirsOfFiles, "dirs-of-files", false, "check the design in the directory of each PATH, one design per directory (for pre-commit)")
	c.Flags().StringVar(&analyzers, "analyzers", "all", "comma-separated analyzers to run (see docs/analyzers.md), or all")
	return c
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
