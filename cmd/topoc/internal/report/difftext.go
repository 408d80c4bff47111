package report

import (
	"github.com/topoc/topoc/analyzers/results"

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
		switch {
		case f.Status == "uncompiled":
			fmt.Fprintf(w, "fabric %q: not compared (on one side only; the other has errors and may not have compiled it)\n", f.Name)
		case f.PairedBy == "family":
			fmt.Fprintf(w, "fabric %q (was %q, %s): %s\n", f.Name, f.Was, familyPairNote("--map OLD=NEW"), f.Status)
		case f.Was != "":
			fmt.Fprintf(w, "fabric %q (was %q): %s\n", f.Name, f.Was, f.Status)
		default:
			fmt.Fprintf(w, "fabric %q: %s\n", f.Name, f.Status)
		}
		writeChangeLines(w, summarize(f.Changes))
	}
	for _, set := range []struct {
		kind  string
		diffs []NamedDiff
	}{{"workload", d.Workloads}, {"flow", d.Flows}} {
		for _, x := range set.diffs {
			if x.Status != "same" {
				fmt.Fprintf(w, "%s %q: %s\n", set.kind, x.Name, x.Status)
				writeChangeLines(w, x.Changes)
			}
		}
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

// longValue is the widest value writeChangeLines puts on its quantity's
// line: a longer one (a bisection formula, a note) goes on lines of its
// own, "was" above "now", so that a terminal does not wrap it into the
// next quantity (trial 34).
const longValue = 40

func writeChangeLines(w io.Writer, cs []Change) {
	width := 0
	for _, c := range cs {
		width = max(width, len(c.Path))
	}
	for _, c := range cs {
		old, now := results.FormatValue(c.Path, c.Old), results.FormatValue(c.Path, c.New)
		if len(old) > longValue || len(now) > longValue {
			fmt.Fprintf(w, "  %s\n      was  %s\n      now  %s\n", c.Path, old, now)
			continue
		}
		line := fmt.Sprintf("  %-*s  %s → %s", width, c.Path, old, now)
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
			fmt.Fprintf(w, "| `%s` | %s | %s | %s |\n", mdCode(c.Path), mdEscape(results.FormatValue(c.Path, c.Old)), mdEscape(results.FormatValue(c.Path, c.New)), delta)
		}
		fmt.Fprintln(w)
	}
	for _, f := range d.Fabrics {
		if f.Status == "same" {
			continue
		}
		switch {
		case f.Status == "uncompiled":
			fmt.Fprintf(w, "## Fabric `%s` (not compared: on one side only, and the other has errors and may not have compiled it)\n\n", f.Name)
		case f.PairedBy == "family":
			fmt.Fprintf(w, "## Fabric `%s`, was `%s` (%s; %s)\n\n", f.Name, f.Was, f.Status, familyPairNote("`--map OLD=NEW`"))
		case f.Was != "":
			fmt.Fprintf(w, "## Fabric `%s`, was `%s` (%s)\n\n", f.Name, f.Was, f.Status)
		default:
			fmt.Fprintf(w, "## Fabric `%s` (%s)\n\n", f.Name, f.Status)
		}
		if len(f.Changes) > 0 {
			table(summarize(f.Changes))
		}
	}
	for _, set := range []struct {
		kind  string
		diffs []NamedDiff
	}{{"Workload", d.Workloads}, {"Flow", d.Flows}} {
		for _, x := range set.diffs {
			if x.Status == "same" {
				continue
			}
			fmt.Fprintf(w, "## %s `%s` (%s)\n\n", set.kind, mdCode(x.Name), x.Status)
			if len(x.Changes) > 0 {
				table(x.Changes)
			}
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

// mdEscape keeps free text from breaking a Markdown table row or adding
// markup, for a table cell or a heading: a pipe ends a cell, a line
// break ends the row (and can start a heading), '<' starts HTML, which
// Markdown renderers pass through, and the brackets of links and images
// and the backtick of code spans are escaped with a backslash (with the
// backslash itself), so that an error_message cannot place a link or
// fetch an image; emphasis is harmless and left alone. Control
// characters (terminal escapes) are shown as '?', as the text diagnostics
// show them, and bidirectional format characters (U+202A–U+202E,
// U+2066–U+2069, U+200E, U+200F), which reorder what a reader sees,
// are dropped. Requirement messages and paths are free text and reach
// the review through it.
func mdEscape(s string) string {
	return strings.Map(mdRune, mdPunct.Replace(s))
}

// mdRune shows a control character as '?' and drops a bidirectional
// format character, for strings.Map (mdEscape, mdCode).
func mdRune(r rune) rune {
	switch {
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return '?'
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f:
		return -1
	}
	return r
}

// mdPunct is mdEscape's replacement of Markdown's active characters.
var mdPunct = strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ", "<", "&lt;", "[", `\[`, "]", `\]`, "`", "\\`", "\\", `\\`)

// mdCode is s for a Markdown code span (`s`) in a table cell: no escapes
// work inside a span, so pipes, line breaks and control characters are
// replaced (as mdEscape does, bidi format characters dropped), and a
// backtick, which would end the span, is shown as an apostrophe.
func mdCode(s string) string {
	return strings.Map(mdRune, mdCodePunct.Replace(s))
}

// mdCodePunct is mdCode's replacement of what would end a cell or span.
var mdCodePunct = strings.NewReplacer("|", "\\|", "\n", " ", "\r", " ", "`", "'")

// summarize folds the changes of many like elements of one list (the
// per-unit detail of 64 racks, each 3:1 → 4:1) into one line per field
// and old → new pair, "oversubscription.unit_detail[64×].ratio", and
// leaves out certificate name runs, so a reviewer sees the change, not
// every unit that shares it. JSON keeps every change.
func summarize(cs []Change) []Change {
	type key struct{ prefix, field, old, new string }
	groups := map[key][]int{}
	keyOf := func(c Change) (key, bool) {
		i := strings.Index(c.Path, ".unit_detail.")
		if i < 0 {
			return key{}, false
		}
		rest := c.Path[i+len(".unit_detail."):]
		j := strings.Index(rest, ".")
		if j < 0 {
			return key{}, false
		}
		return key{c.Path[:i] + ".unit_detail", rest[j+1:], fmt.Sprint(c.Old), fmt.Sprint(c.New)}, true
	}
	for i, c := range cs {
		if k, ok := keyOf(c); ok {
			groups[k] = append(groups[k], i)
		}
	}
	out := make([]Change, 0, len(cs))
	emitted := map[key]bool{}
	for _, c := range cs {
		// A bisection certificate's name runs are for machines; its text
		// ("racks 0–15 | racks 16–31") says the same for people.
		if strings.Contains(c.Path, ".certificate.sides.") && strings.Contains(c.Path, ".runs") {
			continue
		}
		k, ok := keyOf(c)
		if !ok || len(groups[k]) < 3 {
			out = append(out, c)
			continue
		}
		if emitted[k] {
			continue
		}
		emitted[k] = true
		c.Path = fmt.Sprintf("%s[%d×].%s", k.prefix, len(groups[k]), k.field)
		out = append(out, c)
	}
	return out
}

// familyPairNote is what text and Markdown say of a fabric paired by
// family (a guess): how to pair it otherwise, with the flag as each
// format writes it.
func familyPairNote(flag string) string {
	return "paired as the first of its family; " + flag + " pairs otherwise"
}
