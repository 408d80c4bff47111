package report

import (
	"fmt"
	"io"
	"strings"
)

// WriteDiffText writes a diff for a terminal or a commit message, one
// quantity per line: "  switches_by_tier.spine  16 → 15 (−1)".
func WriteDiffText(w io.Writer, d *Diff) {
	for _, side := range []struct {
		name string
		ok   bool
	}{{"OLD", d.OldOK}, {"NEW", d.NewOK}} {
		if !side.ok {
			fmt.Fprintf(w, "note: %s has errors (run topoc check on it); only what compiled is compared\n", side.name)
		}
	}
	if d.Empty() {
		fmt.Fprintln(w, "no semantic differences")
		return
	}
	for _, f := range d.Fabrics {
		if f.Status == "same" {
			continue
		}
		fmt.Fprintf(w, "fabric %q: %s\n", f.Name, f.Status)
		writeChangeLines(w, f.Changes)
	}
	if len(d.Requirements) > 0 {
		fmt.Fprintln(w, "requirements:")
		writeChangeLines(w, d.Requirements)
	}
	if len(d.Diagnostics) > 0 {
		fmt.Fprintln(w, "diagnostics:")
		writeChangeLines(w, d.Diagnostics)
	}
}

func writeChangeLines(w io.Writer, cs []Change) {
	width := 0
	for _, c := range cs {
		width = max(width, len(c.Path))
	}
	for _, c := range cs {
		line := fmt.Sprintf("  %-*s  %s → %s", width, c.Path, FormatValue(c.Path, c.Old), FormatValue(c.Path, c.New))
		if c.Delta != nil {
			line += " (" + FormatDelta(c.Path, *c.Delta) + ")"
		}
		fmt.Fprintln(w, line)
	}
}

// WriteDiffMarkdown writes a diff as Markdown tables for a review
// document or a pull-request comment.
func WriteDiffMarkdown(w io.Writer, d *Diff) {
	fmt.Fprintln(w, "# Design diff")
	fmt.Fprintln(w)
	if !d.OldOK || !d.NewOK {
		fmt.Fprintln(w, "> A design with errors compiles partly or not at all; only what compiled is compared. Run `topoc check` on it.")
		fmt.Fprintln(w)
	}
	if d.Empty() {
		fmt.Fprintln(w, "No semantic differences.")
		return
	}
	table := func(cs []Change) {
		fmt.Fprintln(w, "| Quantity | Old | New | Change |")
		fmt.Fprintln(w, "|---|---:|---:|---:|")
		for _, c := range cs {
			delta := ""
			if c.Delta != nil {
				delta = FormatDelta(c.Path, *c.Delta)
			}
			fmt.Fprintf(w, "| `%s` | %s | %s | %s |\n", c.Path, mdEscape(FormatValue(c.Path, c.Old)), mdEscape(FormatValue(c.Path, c.New)), delta)
		}
		fmt.Fprintln(w)
	}
	for _, f := range d.Fabrics {
		if f.Status == "same" {
			continue
		}
		fmt.Fprintf(w, "## Fabric `%s` (%s)\n\n", f.Name, f.Status)
		if len(f.Changes) > 0 {
			table(f.Changes)
		}
	}
	if len(d.Requirements) > 0 {
		fmt.Fprintln(w, "## Requirements")
		fmt.Fprintln(w)
		table(d.Requirements)
	}
	if len(d.Diagnostics) > 0 {
		fmt.Fprintln(w, "## Diagnostics")
		fmt.Fprintln(w)
		table(d.Diagnostics)
	}
}

// mdEscape keeps a value from breaking a Markdown table row.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
