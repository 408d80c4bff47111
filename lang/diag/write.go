package diag

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// WriteText writes diagnostics in HCL's own style (file:line:col, the
// source line and a caret underline) through hcl.NewDiagnosticTextWriter,
// with the code after the severity: "Error[radix-exceeded]: ...". files
// supplies the sources for snippets; width 0 means no wrapping.
func WriteText(w io.Writer, files map[string]*hcl.File, ds hcl.Diagnostics, width uint, color bool) error {
	for _, d := range ds {
		var buf bytes.Buffer
		tw := hcl.NewDiagnosticTextWriter(&buf, files, width, color)
		if err := tw.WriteDiagnostic(d); err != nil {
			return err
		}
		text := buf.String()
		sev := "Warning"
		if d.Severity == hcl.DiagError {
			sev = "Error"
		}
		label := "Error"
		switch SeverityOf(d) {
		case SevWarning:
			label = "Warning"
		case SevInfo:
			label = "Info"
		}
		text = strings.Replace(text, sev+": ", label+"["+string(CodeOf(d))+"]: ", 1)
		if _, err := io.WriteString(w, text); err != nil {
			return err
		}
	}
	return nil
}

// JSONPos is a position in the JSON report.
type JSONPos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// JSONRange is a source range in the JSON report.
type JSONRange struct {
	Filename string  `json:"filename"`
	Start    JSONPos `json:"start"`
	End      JSONPos `json:"end"`
}

// JSONDiagnostic is one diagnostic as DESIGN.md fixes it.
type JSONDiagnostic struct {
	Severity Severity   `json:"severity"`
	Code     Code       `json:"code"`
	Summary  string     `json:"summary"`
	Detail   string     `json:"detail"`
	Range    *JSONRange `json:"range"`
}

// ToJSON converts diagnostics for the JSON report, in their given order.
func ToJSON(ds hcl.Diagnostics) []JSONDiagnostic {
	out := make([]JSONDiagnostic, 0, len(ds))
	for _, d := range ds {
		j := JSONDiagnostic{Severity: SeverityOf(d), Code: CodeOf(d), Summary: d.Summary, Detail: d.Detail}
		if d.Subject != nil {
			r := d.Subject
			j.Range = &JSONRange{Filename: r.Filename, Start: JSONPos{r.Start.Line, r.Start.Column}, End: JSONPos{r.End.Line, r.End.Column}}
		}
		out = append(out, j)
	}
	return out
}

// MarshalJSON is a convenience for tests: the diagnostics as indented JSON.
func MarshalJSON(ds hcl.Diagnostics) ([]byte, error) {
	return json.MarshalIndent(ToJSON(ds), "", "  ")
}
