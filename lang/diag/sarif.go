package diag

import (
	"encoding/json"
	"io"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// SARIF 2.1.0 (OASIS Standard, "Static Analysis Results Interchange Format
// Version 2.1.0", 2020) is the format CI code scanning reads (GitHub code
// scanning, GitLab, Azure DevOps) to annotate the offending line of a pull
// request. WriteSARIF writes the subset topoc needs: one run, one rule
// (reportingDescriptor) per diagnostic code that occurs, and one result per
// diagnostic with its level, message and source region.

// SARIFVersion is the version of the format WriteSARIF writes, and
// SARIFSchema the URI of its JSON schema (the OASIS errata 01 schema, a copy
// of which the tests validate against).
const (
	SARIFVersion = "2.1.0"
	SARIFSchema  = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)

// SARIFSourceRoot is the uriBaseId of every relative artifact URI: file
// names are relative to the directory topoc ran in, which in CI is the
// checkout's root, the base GitHub code scanning resolves %SRCROOT% to.
const SARIFSourceRoot = "%SRCROOT%"

// Tool names the program that produced the diagnostics (SARIF
// toolComponent): its name, its version (may be empty) and a URL about it
// (may be empty).
type Tool struct {
	Name, Version, InformationURI string
}

// RuleDoc documents one diagnostic code for SARIF consumers. The diag
// package holds no prose; the caller supplies it (topoc takes it from
// docs/diagnostics.md).
type RuleDoc struct {
	// Short is a one-paragraph plain-text description (the rule's
	// shortDescription and fullDescription); empty leaves both out.
	Short string
	// Markdown is the full documentation of the code (the rule's help;
	// its text form is the same Markdown, which reads as plain text).
	Markdown string
	// URI is a link to the documentation (helpUri); may be empty.
	URI string
}

// WriteSARIF writes ds as one SARIF 2.1.0 log of one run, indented JSON
// followed by a newline, in the order of ds (Sort them first for stable
// output).
//
// Rules: one per code that occurs in ds, in the order of Catalogue (codes
// outside it, which should not exist, follow in lexical order); doc, which
// may be nil, supplies their documentation. Listing only the codes that
// occur keeps a clean design's log small; the rule set of a code never
// changes with the design, so results stay comparable across runs.
//
// Results: level "error", "warning" or "note" (info); the message is the
// summary, then a blank line and the detail. A diagnostic with a range has
// one location: the file name as a URI reference, relative to
// SARIFSourceRoot unless the name is absolute (then a file: URI), and the
// region's start and end line and column. HCL counts columns in characters
// from 1 and the end is exclusive, as in SARIF; the run declares
// columnKind "unicodeCodePoints", which is exact for any line without
// combining characters. A diagnostic without a range (an unreadable path, a
// malformed --var) has no location.
func WriteSARIF(w io.Writer, ds hcl.Diagnostics, tool Tool, doc func(Code) RuleDoc) error {
	ruleIndex := map[Code]int{}
	rules := []sarifRule{} // the schema wants an array, never null
	for _, c := range usedCodes(ds) {
		ruleIndex[c] = len(rules)
		r := sarifRule{ID: string(c)}
		if doc != nil {
			d := doc(c)
			if d.Short != "" {
				r.ShortDescription = &sarifText{Text: d.Short}
				r.FullDescription = &sarifText{Text: d.Short}
			}
			if d.Markdown != "" {
				r.Help = &sarifText{Text: d.Markdown, Markdown: d.Markdown}
			}
			r.HelpURI = d.URI
		}
		rules = append(rules, r)
	}
	results := make([]sarifResult, 0, len(ds))
	for _, d := range ds {
		c := CodeOf(d)
		msg := d.Summary
		if d.Detail != "" {
			msg += "\n\n" + d.Detail
		}
		res := sarifResult{RuleID: string(c), RuleIndex: ruleIndex[c], Level: sarifLevel(SeverityOf(d)), Message: sarifText{Text: msg}}
		if d.Subject != nil && d.Subject.Filename != "" {
			res.Locations = []sarifLocation{{PhysicalLocation: physicalLocation(*d.Subject)}}
		}
		results = append(results, res)
	}
	log := sarifLog{
		Schema:  SARIFSchema,
		Version: SARIFVersion,
		Runs: []sarifRun{{
			Tool:       sarifTool{Driver: sarifDriver{Name: tool.Name, Version: tool.Version, InformationURI: tool.InformationURI, Rules: rules}},
			ColumnKind: "unicodeCodePoints",
			Results:    results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

// usedCodes returns the distinct codes of ds, Catalogue order first.
func usedCodes(ds hcl.Diagnostics) []Code {
	used := map[Code]bool{}
	for _, d := range ds {
		used[CodeOf(d)] = true
	}
	var out []Code
	for _, c := range Catalogue {
		if used[c] {
			out = append(out, c)
			delete(used, c)
		}
	}
	var rest []Code
	for c := range used {
		rest = append(rest, c)
	}
	slices.Sort(rest)
	return append(out, rest...)
}

func sarifLevel(s Severity) string {
	switch s {
	case SevError:
		return "error"
	case SevWarning:
		return "warning"
	}
	return "note"
}

func physicalLocation(r hcl.Range) sarifPhysical {
	p := sarifPhysical{ArtifactLocation: artifactLocation(r.Filename)}
	if r.Start.Line > 0 {
		reg := &sarifRegion{StartLine: r.Start.Line, StartColumn: max(r.Start.Column, 1)}
		if r.End.Line >= r.Start.Line {
			reg.EndLine = r.End.Line
			reg.EndColumn = max(r.End.Column, 1)
			if reg.EndLine == reg.StartLine && reg.EndColumn < reg.StartColumn {
				reg.EndColumn = reg.StartColumn
			}
		}
		p.Region = reg
	}
	return p
}

// artifactLocation turns a file name as topoc reports it (relative to the
// working directory, or absolute) into a URI reference with forward
// slashes and percent-encoding.
func artifactLocation(filename string) sarifArtifact {
	name := filepath.ToSlash(filepath.Clean(filename))
	if filepath.IsAbs(filename) {
		if !strings.HasPrefix(name, "/") {
			name = "/" + name // a Windows drive path: file:///C:/...
		}
		return sarifArtifact{URI: (&url.URL{Scheme: "file", Path: name}).String()}
	}
	// url.URL.String escapes what a relative path needs (spaces, %, #, ?)
	// and prefixes "./" when the first segment holds a colon, which would
	// otherwise read as a scheme.
	u := (&url.URL{Path: path.Clean(name)}).String()
	return sarifArtifact{URI: u, URIBaseID: SARIFSourceRoot}
}

// The SARIF objects, with the property names of the 2.1.0 schema.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool       sarifTool     `json:"tool"`
		ColumnKind string        `json:"columnKind"`
		Results    []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string     `json:"id"`
		ShortDescription *sarifText `json:"shortDescription,omitempty"`
		FullDescription  *sarifText `json:"fullDescription,omitempty"`
		HelpURI          string     `json:"helpUri,omitempty"`
		Help             *sarifText `json:"help,omitempty"`
	}
	sarifText struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown,omitempty"`
	}
	sarifResult struct {
		RuleID    string          `json:"ruleId"`
		RuleIndex int             `json:"ruleIndex"`
		Level     string          `json:"level"`
		Message   sarifText       `json:"message"`
		Locations []sarifLocation `json:"locations,omitempty"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine,omitempty"`
		EndColumn   int `json:"endColumn,omitempty"`
	}
)
