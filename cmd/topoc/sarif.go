package main

import (
	"io"
	"runtime/debug"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/docs"
	"github.com/topoc/topoc/lang/diag"
)

// docsURL is where docs/diagnostics.md is published; each code's section
// is the anchor of its heading.
const docsURL = "https://github.com/topoc/topoc/blob/main/docs/diagnostics.md"

// writeSARIF writes ds as a SARIF 2.1.0 log (lang/diag.WriteSARIF), each
// rule documented by its section of docs/diagnostics.md.
func writeSARIF(w io.Writer, ds hcl.Diagnostics) error {
	tool := diag.Tool{Name: "topoc", InformationURI: "https://github.com/topoc/topoc"}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		tool.Version = bi.Main.Version
	}
	return diag.WriteSARIF(w, ds, tool, ruleDoc)
}

// ruleDoc documents code from docs/diagnostics.md: the whole section is
// the help, its first paragraph (markup removed) the description.
func ruleDoc(code diag.Code) diag.RuleDoc {
	section, ok := docs.Diagnostic(string(code))
	if !ok {
		return diag.RuleDoc{}
	}
	return diag.RuleDoc{Short: firstParagraph(section), Markdown: section, URI: docsURL + "#" + string(code)}
}

// firstParagraph returns the first paragraph after a section's heading as
// plain text: lines joined by spaces, without ** and ` markup.
func firstParagraph(section string) string {
	_, body, _ := strings.Cut(section, "\n")
	body = strings.TrimSpace(body)
	para, _, _ := strings.Cut(body, "\n\n")
	para = strings.Join(strings.Fields(para), " ")
	return strings.NewReplacer("**", "", "`", "").Replace(para)
}
