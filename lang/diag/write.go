package diag

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/units"
)

// MaxTextPerSeverity caps the diagnostics of one severity that WriteText
// prints; the rest are counted in one closing line, except the first of
// each code, which is always printed, so that a rare kind of finding is
// never hidden behind a flood of another. A file of 10,000 bad lines
// gives 10,000 errors, which no reader reads in a terminal; clang stops
// at 20 errors by default (-ferror-limit) for the same reason. The JSON
// and SARIF reports list every diagnostic. A modelling assumption.
const MaxTextPerSeverity = 50

// MaxSnippetLine caps the source bytes a snippet shows of one line, and
// MaxMessage the bytes of a summary or detail: a 4 MB line or a message
// quoting a huge value would otherwise be echoed whole, once per
// diagnostic. Wider than any terminal; a modelling assumption.
const (
	MaxSnippetLine = 240
	MaxMessage     = 4096
)

// WriteText writes diagnostics in HCL's own style (file:line:col, the
// source line and a caret underline) through hcl.NewDiagnosticTextWriter,
// with the code after the severity: "Error[radix-exceeded]: ...". files
// supplies the sources for snippets; width 0 means no wrapping.
//
// Each diagnostic costs time in the size of its snippet, not of its file:
// HCL's writer scans the whole file for every snippet (10,000 errors in a
// 10,000-line file took minutes), so it is given a stand-in file holding
// only the snippet's lines (see snippetFile). Control characters are
// shown as '?', long lines and messages are cut with "…", and past
// MaxTextPerSeverity diagnostics of a severity the rest are summarized.
func WriteText(w io.Writer, files map[string]*hcl.File, ds hcl.Diagnostics, width uint, color bool) error {
	shown := map[Severity]int{}
	codes := map[Code]bool{}
	var hidden []string
	hiddenBy := map[Severity]int{}
	for _, d := range ds {
		sevOf := SeverityOf(d)
		code := CodeOf(d)
		if shown[sevOf]++; shown[sevOf] > MaxTextPerSeverity && codes[code] {
			if hiddenBy[sevOf] == 0 {
				hidden = append(hidden, string(sevOf))
			}
			hiddenBy[sevOf]++
			continue
		}
		codes[code] = true
		var buf bytes.Buffer
		dc, fs := boundedDiagnostic(d, files)
		tw := hcl.NewDiagnosticTextWriter(&buf, fs, width, color)
		if err := tw.WriteDiagnostic(dc); err != nil {
			return err
		}
		text := buf.String()
		sev := "Warning"
		if d.Severity == hcl.DiagError {
			sev = "Error"
		}
		label := "Error"
		switch sevOf {
		case SevWarning:
			label = "Warning"
		case SevInfo:
			label = "Info"
		}
		text = strings.Replace(text, sev+": ", label+"["+string(code)+"]: ", 1)
		if _, err := io.WriteString(w, text); err != nil {
			return err
		}
	}
	if len(hidden) > 0 {
		var parts []string
		for _, s := range hidden {
			n := hiddenBy[Severity(s)]
			parts = append(parts, units.Count(n)+" more "+noun(n, Severity(s)))
		}
		if _, err := fmt.Fprintf(w, "... %s not shown: at most %d of each severity are printed, and the first of each code; --format json lists them all.\n\n", strings.Join(parts, ", "), MaxTextPerSeverity); err != nil {
			return err
		}
	}
	return nil
}

// boundedDiagnostic returns a copy of d for HCL's writer, with a map
// holding a stand-in for d's file (snippetFile), its messages cut to
// MaxMessage and cleaned of control characters, and the values of its
// expression's variables dropped when one of them is too long to print.
func boundedDiagnostic(d *hcl.Diagnostic, files map[string]*hcl.File) (*hcl.Diagnostic, map[string]*hcl.File) {
	c := *d
	c.Summary, c.Detail = CleanText(c.Summary), CleanText(c.Detail)
	if c.Expression != nil && c.EvalContext != nil && longValues(&c) {
		c.Expression, c.EvalContext = nil, nil
	}
	if c.Subject == nil {
		return &c, nil
	}
	f := files[c.Subject.Filename]
	if f == nil || f.Bytes == nil {
		subj := *c.Subject
		subj.Filename = cleanLine(subj.Filename)
		c.Subject, c.Context = &subj, nil
		return &c, nil
	}
	sf, subj, ctx := snippetFile(f, *c.Subject, c.Context)
	// A file name is printed too ("on NAME line 3"): a directory named
	// with a newline or an escape sequence must not move the cursor.
	subj.Filename = cleanLine(subj.Filename)
	if ctx != nil {
		ctx.Filename = subj.Filename
	}
	c.Subject, c.Context = &subj, ctx
	return &c, map[string]*hcl.File{c.Subject.Filename: sf}
}

// cleanLine is cleanText for text that must stay on one line (a file
// name): newlines and tabs are shown as '?' too.
func cleanLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return '?'
		}
		return r
	}, CleanText(s))
}

// snippetFile returns a stand-in for f that HCL's writer scans in time
// proportional to the snippet: the lines before the snippet are empty
// (so line numbers stay right), the snippet's lines are f's, cut to
// MaxSnippetLine bytes around the subject, with control bytes shown as
// '?', and nothing follows. The subject and context ranges are moved to
// the stand-in's byte offsets; the writer's "in <block>" context is
// still answered from f's own syntax tree.
func snippetFile(f *hcl.File, subj hcl.Range, ctx *hcl.Range) (*hcl.File, hcl.Range, *hcl.Range) {
	src := f.Bytes
	clamp := func(b int) int { return max(0, min(b, len(src))) }
	first, last := subj, subj
	if ctx != nil {
		if ctx.Start.Byte < first.Start.Byte {
			first = *ctx
		}
		if ctx.End.Byte > last.End.Byte {
			last = *ctx
		}
	}
	lo := clamp(first.Start.Byte)
	lo = bytes.LastIndexByte(src[:lo], '\n') + 1
	hi := clamp(max(last.End.Byte, last.Start.Byte+1))
	if i := bytes.IndexByte(src[hi:], '\n'); i >= 0 {
		hi += i
	} else {
		hi = len(src)
	}
	lines := max(first.Start.Line-1, 0)
	b := []byte{} // never nil: HCL's writer reads nil as "source code not available" (an empty file)
	b = append(b, bytes.Repeat([]byte{'\n'}, lines)...)
	base := len(b)
	// offset maps a byte of src to the stand-in; cut records where a line
	// was shortened, so that offsets past a cut move with it.
	type cut struct{ from, to, shift int }
	var cuts []cut
	for ls := lo; ls <= hi; {
		le := bytes.IndexByte(src[ls:hi], '\n')
		if le < 0 {
			le = hi
		} else {
			le += ls
		}
		line := bytes.TrimSuffix(src[ls:le], []byte{'\r'}) // CRLF files
		from, to := 0, len(line)
		if len(line) > MaxSnippetLine {
			// Keep a window around the subject's start on its line, or the
			// line's start on other lines.
			at := 0
			if s := clamp(subj.Start.Byte); s >= ls && s <= le {
				at = s - ls
			}
			from = max(0, at-MaxSnippetLine/3)
			to = min(len(line), from+MaxSnippetLine)
		}
		if from > 0 {
			b = append(b, "..."...)
		}
		cuts = append(cuts, cut{from: ls + from, to: ls + to, shift: len(b) - (ls + from)})
		for _, ch := range line[from:to] {
			if ch < 0x20 && ch != '\t' || ch == 0x7f {
				ch = '?'
			}
			b = append(b, ch)
		}
		if to < len(line) {
			b = append(b, "..."...)
		}
		if le >= hi {
			break
		}
		b = append(b, '\n')
		ls = le + 1
	}
	offset := func(p int) int {
		p = clamp(p)
		for _, c := range cuts {
			if p < c.from {
				return c.from + c.shift
			}
			if p <= c.to {
				return p + c.shift
			}
		}
		if len(cuts) == 0 {
			return base
		}
		c := cuts[len(cuts)-1]
		return c.to + c.shift
	}
	move := func(r hcl.Range) hcl.Range {
		r.Start.Byte, r.End.Byte = offset(r.Start.Byte), offset(r.End.Byte)
		return r
	}
	sf := &hcl.File{Bytes: b, Nav: navAt{nav: f.Nav, subj: subj.Start.Byte}}
	ns := move(subj)
	var nc *hcl.Range
	if ctx != nil {
		m := move(*ctx)
		nc = &m
	}
	return sf, ns, nc
}

// navAt answers HCL's writer's "in <block>" question from the real file's
// syntax tree, at the subject's real byte offset.
type navAt struct {
	nav  any
	subj int
}

// ContextString is the block around the subject, as the real file's
// navigation reports it ("" when it has none).
func (n navAt) ContextString(int) string {
	if c, ok := n.nav.(interface{ ContextString(int) string }); ok {
		return c.ContextString(n.subj)
	}
	return ""
}

// CleanText cuts s to MaxMessage bytes and shows control characters
// other than newline and tab as '?', so that a message never moves the
// cursor or colours the terminal (a label holding ESC sequences did).
// Writers of messages outside WriteText (nccl env's findings) call it.
func CleanText(s string) string {
	if len(s) > MaxMessage {
		s = strings.ToValidUTF8(s[:MaxMessage], "") + "..."
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return '?'
		}
		return r
	}, s)
}

// longValues reports whether a variable of d's expression has a string
// value longer than MaxSnippetLine, or one with control characters, which
// HCL's writer would print whole in its "with x as ..." lines.
func longValues(d *hcl.Diagnostic) bool {
	for _, tr := range d.Expression.Variables() {
		v, diags := tr.TraverseAbs(d.EvalContext)
		if diags.HasErrors() || !v.IsKnown() || v.IsNull() || v.IsMarked() || v.Type() != cty.String {
			continue
		}
		if s := v.AsString(); len(s) > MaxSnippetLine || CleanText(s) != s {
			return true
		}
	}
	return false
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

// JSONDiagnostic is one diagnostic as docs/reference/design-brief.md fixes it.
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
