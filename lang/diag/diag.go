// Package diag is topoc's diagnostics sink: stable diagnostic codes, a
// constructor that attaches a code to an hcl.Diagnostic, deterministic
// ordering, and text and JSON writers.
//
// Diagnostics are plain *hcl.Diagnostic values so that HCL's own parser
// and decoder errors and ours travel together; the code and the "info"
// severity (which HCL lacks) ride in Diagnostic.Extra as *Extra.
package diag

import (
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/units"
)

// Code is a stable diagnostic identifier, documented in docs/diagnostics.md
// and printed by `topoc explain CODE`.
type Code string

// Severity is the JSON severity of a diagnostic.
type Severity string

// Severities, as they appear in JSON ("severity" field).
const (
	SevError   Severity = "error"
	SevWarning Severity = "warning"
	SevInfo    Severity = "info"
)

// Extra is attached to Diagnostic.Extra by New.
type Extra struct {
	Code Code
	// Info marks an informational diagnostic; HCL carries it as a warning.
	Info bool
}

// New returns a diagnostic with the given severity, code, range, summary
// and detail. detail should say what is wrong and what to do about it.
func New(sev Severity, code Code, rng hcl.Range, summary, detail string) *hcl.Diagnostic {
	d := &hcl.Diagnostic{Summary: summary, Detail: detail, Extra: &Extra{Code: code, Info: sev == SevInfo}}
	switch sev {
	case SevError:
		d.Severity = hcl.DiagError
	default:
		d.Severity = hcl.DiagWarning
	}
	if rng.Filename != "" || rng.Start.Line != 0 {
		r := rng
		d.Subject = &r
	}
	return d
}

// Errorf is New with SevError.
func Error(code Code, rng hcl.Range, summary, detail string) *hcl.Diagnostic {
	return New(SevError, code, rng, summary, detail)
}

// Warning is New with SevWarning.
func Warning(code Code, rng hcl.Range, summary, detail string) *hcl.Diagnostic {
	return New(SevWarning, code, rng, summary, detail)
}

// Info is New with SevInfo.
func Info(code Code, rng hcl.Range, summary, detail string) *hcl.Diagnostic {
	return New(SevInfo, code, rng, summary, detail)
}

// CodeOf returns the code of d. Diagnostics that HCL itself produced carry
// no Extra and get HCLSyntax (parser errors) or HCLSchema (everything else).
func CodeOf(d *hcl.Diagnostic) Code {
	if e, ok := d.Extra.(*Extra); ok {
		return e.Code
	}
	if d.Subject != nil && d.Expression == nil && d.EvalContext == nil && isParseSummary(d.Summary) {
		return HCLSyntax
	}
	return HCLSchema
}

func isParseSummary(s string) bool {
	switch s {
	case "Unsupported argument", "Unsupported block type", "Missing required argument",
		"Duplicate argument", "Missing name for block", "Extraneous label for block",
		"Missing required block", "Duplicate block", "Too many blocks":
		return false
	}
	return true
}

// SeverityOf returns the JSON severity of d.
func SeverityOf(d *hcl.Diagnostic) Severity {
	if e, ok := d.Extra.(*Extra); ok && e.Info {
		return SevInfo
	}
	if d.Severity == hcl.DiagError {
		return SevError
	}
	return SevWarning
}

// Sort orders diagnostics by file, line, column, severity and code, so that
// output never depends on the order analyses ran in. Diagnostics without a
// range come first.
func Sort(ds hcl.Diagnostics) {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		ra, rb := rangeOf(a), rangeOf(b)
		if ra.Filename != rb.Filename {
			return ra.Filename < rb.Filename
		}
		if ra.Start.Byte != rb.Start.Byte {
			return ra.Start.Byte < rb.Start.Byte
		}
		if sa, sb := sevRank(a), sevRank(b); sa != sb {
			return sa < sb
		}
		if ca, cb := CodeOf(a), CodeOf(b); ca != cb {
			return ca < cb
		}
		return a.Summary < b.Summary
	})
}

func rangeOf(d *hcl.Diagnostic) hcl.Range {
	if d.Subject != nil {
		return *d.Subject
	}
	return hcl.Range{}
}

func sevRank(d *hcl.Diagnostic) int {
	switch SeverityOf(d) {
	case SevError:
		return 0
	case SevWarning:
		return 1
	}
	return 2
}

// Count returns the number of errors, warnings and infos in ds.
func Count(ds hcl.Diagnostics) (errors, warnings, infos int) {
	for _, d := range ds {
		switch SeverityOf(d) {
		case SevError:
			errors++
		case SevWarning:
			warnings++
		default:
			infos++
		}
	}
	return
}

// Tally writes counts of errors, warnings and infos as the commands
// summarize them: "0 errors, 1 warning, 3 info" (info is a mass noun and
// keeps its form).
func Tally(errors, warnings, infos int) string {
	return strings.Join([]string{CountOf(errors, SevError), CountOf(warnings, SevWarning), CountOf(infos, SevInfo)}, ", ")
}

// CountOf writes n diagnostics of severity s with its noun: "1 error",
// "2 warnings", "3 info".
func CountOf(n int, s Severity) string { return units.Count(n) + " " + noun(n, s) }

// noun is the noun for n diagnostics of severity s: "error", "warnings",
// "info".
func noun(n int, s Severity) string {
	if s == SevInfo {
		return "info"
	}
	return units.Agree(n, string(s), string(s)+"s")
}
