// Package docs holds topoc's user documentation as Markdown files and
// embeds them, so that the binary can print them (a future `topoc explain
// CODE` prints the section of docs/diagnostics.md for one diagnostic code).
//
// Tests in this package keep the documentation honest: every diagnostic
// code of lang/diag.Catalogue has a section in diagnostics.md (and no
// section names a code that does not exist), and every JSON field of the
// `topoc check --format json` report is described in json.md.
package docs

import (
	"bufio"
	"embed"
	"strings"
)

// FS holds the Markdown files of this directory: language.md,
// diagnostics.md, cli.md, json.md and the others.
//
//go:embed *.md
var FS embed.FS

// DiagnosticsFile is the name, within FS, of the diagnostics catalogue.
const DiagnosticsFile = "diagnostics.md"

// Diagnostic returns the Markdown section of diagnostics.md that documents
// code, from its "## code" heading up to the next heading of level 1 or 2,
// with surrounding blank lines trimmed. ok is false when diagnostics.md has
// no such section.
func Diagnostic(code string) (section string, ok bool) {
	src, err := FS.ReadFile(DiagnosticsFile)
	if err != nil {
		return "", false
	}
	for _, s := range Sections(string(src)) {
		if s.Heading == code {
			return s.Text, true
		}
	}
	return "", false
}

// Section is one level-2 section of a Markdown document.
type Section struct {
	// Heading is the text after "## ", trimmed.
	Heading string
	// Text is the section's Markdown, heading line included, with
	// surrounding blank lines trimmed.
	Text string
}

// Sections splits a Markdown document into its level-2 sections ("## ...").
// A section ends at the next level-1 or level-2 heading. Lines inside
// fenced code blocks (``` or ~~~) are never headings, so an HCL comment
// such as "## note" in an example does not split a section.
func Sections(markdown string) []Section {
	var out []Section
	var cur *Section
	var body strings.Builder
	flush := func() {
		if cur != nil {
			cur.Text = strings.TrimSpace(body.String())
			out = append(out, *cur)
			cur = nil
		}
		body.Reset()
	}
	fence := ""
	sc := bufio.NewScanner(strings.NewReader(markdown))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		trimmed := strings.TrimLeft(line, " ")
		switch {
		case fence != "":
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
		case strings.HasPrefix(trimmed, "```"):
			fence = "```"
		case strings.HasPrefix(trimmed, "~~~"):
			fence = "~~~"
		case strings.HasPrefix(line, "## "):
			flush()
			cur = &Section{Heading: strings.TrimSpace(strings.TrimPrefix(line, "## "))}
		case strings.HasPrefix(line, "# "):
			flush()
		}
		if cur != nil {
			body.WriteString(line)
			body.WriteByte('\n')
		}
	}
	flush()
	return out
}
