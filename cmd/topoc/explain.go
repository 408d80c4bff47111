package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/agext/levenshtein"
	"github.com/spf13/cobra"

	"github.com/topoc/topoc/docs"
	"github.com/topoc/topoc/lang/diag"
)

func newExplain() *cobra.Command {
	return &cobra.Command{
		Use:   "explain CODE",
		Short: "Print the documentation of a diagnostic code",
		Long: "explain prints the section of docs/diagnostics.md for one diagnostic code: what triggers it,\n" +
			"an example and the fix. CODE is as printed in brackets (\"radix-exceeded\"); \"Error[radix-exceeded]\"\n" +
			"is accepted too. An unknown code exits 2 with a suggestion and the list of codes.",
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				fmt.Fprintln(c.ErrOrStderr(), "topoc: explain takes one diagnostic code.")
				listCodes(c.ErrOrStderr())
				return exitError{2}
			}
			code := normalizeCode(args[0])
			if !known(code) {
				msg := fmt.Sprintf("topoc: unknown diagnostic code %q", args[0])
				if s := suggestCode(code); s != "" {
					msg += fmt.Sprintf("; did you mean %q?", s)
				}
				fmt.Fprintln(c.ErrOrStderr(), msg)
				listCodes(c.ErrOrStderr())
				return exitError{2}
			}
			text, ok := docs.Diagnostic(string(code))
			if !ok {
				// go test ./docs keeps every code documented; reaching
				// this is a build of topoc whose docs lag its codes.
				fmt.Fprintf(c.ErrOrStderr(), "topoc: %s is a diagnostic code but docs/diagnostics.md has no section for it\n", code)
				return exitError{2}
			}
			_, err := fmt.Fprintln(c.OutOrStdout(), text)
			return err
		},
	}
}

// normalizeCode accepts a code as the user may paste it: any case, with
// surrounding space, or as text output shows it ("Error[radix-exceeded]:").
func normalizeCode(s string) diag.Code {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '['); i >= 0 {
		if j := strings.IndexByte(s[i:], ']'); j > 0 {
			s = s[i+1 : i+j]
		}
	}
	return diag.Code(strings.ToLower(strings.TrimSpace(s)))
}

func known(code diag.Code) bool {
	for _, c := range diag.Catalogue {
		if c == code {
			return true
		}
	}
	return false
}

// suggestCode returns the catalogue code nearest to code by edit distance,
// if it is within 3 edits (HCL's threshold for "Did you mean" suggestions
// of names) or, failing that, the only code that contains code; else "".
func suggestCode(code diag.Code) diag.Code {
	best, bestDist := diag.Code(""), 4
	for _, c := range diag.Catalogue {
		if d := levenshtein.Distance(string(code), string(c), nil); d < bestDist {
			best, bestDist = c, d
		}
	}
	if best != "" || code == "" {
		return best
	}
	var hits []diag.Code
	for _, c := range diag.Catalogue {
		if strings.Contains(string(c), string(code)) {
			hits = append(hits, c)
		}
	}
	if len(hits) == 1 {
		return hits[0]
	}
	return ""
}

// listCodes writes the catalogue, in its order, one code per line.
func listCodes(w io.Writer) {
	fmt.Fprintln(w, "Diagnostic codes:")
	for _, c := range diag.Catalogue {
		fmt.Fprintln(w, "  "+string(c))
	}
}
