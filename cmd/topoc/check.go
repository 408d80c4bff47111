package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/topoc/topoc/analyzers/inventory"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
)

// report is the JSON object `topoc check --format json` prints; the field
// names are fixed by DESIGN.md and documented in docs/json.md.
type report struct {
	OK          bool                  `json:"ok"`
	Diagnostics []diag.JSONDiagnostic `json:"diagnostics"`
	Fabrics     []inventory.Fabric    `json:"fabrics"`
}

func newCheck() *cobra.Command {
	var df designFlags
	var format string
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
			res := df.compile(args)
			if format == "json" {
				rep := report{OK: !res.diags.HasErrors(), Diagnostics: diag.ToJSON(res.diags), Fabrics: []inventory.Fabric{}}
				if res.graph != nil {
					rep.Fabrics = inventory.Summarize(res.graph)
				}
				enc := json.NewEncoder(c.OutOrStdout())
				enc.SetIndent("", "  ")
				if err := enc.Encode(rep); err != nil {
					return err
				}
			} else {
				color := os.Getenv("NO_COLOR") == "" && isTerminal(c.ErrOrStderr())
				if err := diag.WriteText(c.ErrOrStderr(), res.cfg.Files, res.diags, 0, color); err != nil {
					return err
				}
				if res.graph != nil {
					writeSummary(c.OutOrStdout(), inventory.Summarize(res.graph))
				}
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

func joinCounts(cs []inventory.Count) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%s %s", comma(c.Count), c.Name)
	}
	return strings.Join(parts, ", ")
}

func writeSummary(w io.Writer, fabrics []inventory.Fabric) {
	for _, f := range fabrics {
		fmt.Fprintf(w, "fabric %q (%s)\n", f.Name, f.Family)
		fmt.Fprintf(w, "  endpoints  %s (%s)\n", comma(f.Endpoints), joinCounts(f.EndpointsByKind))
		fmt.Fprintf(w, "  switches   %s (%s)\n", comma(f.Switches), joinCounts(f.SwitchesByTier))
		fmt.Fprintf(w, "  links      %s (%s)\n", comma(f.Links), joinCounts(f.LinksByKind))
		if f.SwitchPorts > 0 {
			fmt.Fprintf(w, "  ports      %s used, %s free of %s\n", comma(f.SwitchPortsUsed), comma(f.SwitchPorts-f.SwitchPortsUsed), comma(f.SwitchPorts))
		}
		fmt.Fprintf(w, "  capacity   %s per direction, summed over links\n", eval.FormatRate(f.CapacityBPS))
	}
}

// comma formats an integer with thousands separators ("1,016").
func comma(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + comma(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
