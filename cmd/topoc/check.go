package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/topoc/topoc/analyzers/all"
	"github.com/topoc/topoc/analyzers/report"
	"github.com/topoc/topoc/lang/diag"
)

func newCheck() *cobra.Command {
	var df designFlags
	var format, analyzers string
	c := &cobra.Command{
		Use:   "check [PATH...]",
		Short: "Compile a design and report its diagnostics and contents",
		Long: "check loads each PATH (a *.topo.hcl file or a directory of them; default \".\"), compiles it,\n" +
			"prints diagnostics on stderr and a summary per fabric on stdout.\nExit 0 clean, 1 design errors, 2 usage or I/O errors.",
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{"."}
			}
			if format != "text" && format != "json" {
				fmt.Fprintf(c.ErrOrStderr(), "topoc: --format must be text or json, not %q\n", format)
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
			res := df.compile(args)
			fabrics, err := res.analyze(selected)
			if err != nil {
				return err
			}
			if format == "json" {
				rep := report.Check{OK: !res.diags.HasErrors(), Diagnostics: diag.ToJSON(res.diags), Fabrics: fabrics}
				if rep.Fabrics == nil {
					rep.Fabrics = []report.Fabric{}
				}
				rep.Requirements = res.requirements()
				enc := json.NewEncoder(c.OutOrStdout())
				enc.SetIndent("", "  ")
				enc.SetEscapeHTML(false)
				if err := enc.Encode(rep); err != nil {
					return err
				}
			} else {
				color := os.Getenv("NO_COLOR") == "" && isTerminal(c.ErrOrStderr())
				if err := diag.WriteText(c.ErrOrStderr(), res.cfg.Files, res.diags, 0, color); err != nil {
					return err
				}
				report.WriteText(c.OutOrStdout(), fabrics)
				report.WriteRequirements(c.OutOrStdout(), res.requirements())
				e, w, i := diag.Count(res.diags)
				if e+w+i > 0 {
					fmt.Fprintf(c.ErrOrStderr(), "%d error(s), %d warning(s), %d info(s)\n", e, w, i)
				}
			}
			if code := res.exitCode(); code != 0 {
				return exitError{code}
			}
			return nil
		},
	}
	df.register(c)
	c.Flags().StringVar(&format, "format", "text", "output format: text or json")
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
