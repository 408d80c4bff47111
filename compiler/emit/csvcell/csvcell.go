// Package csvcell writes CSV files that spreadsheets open safely:
// encoding/csv with every cell defused against formula injection and
// control characters. The cabling plan, BOM and NetBox import are opened
// in spreadsheets by the people who order and cable a fabric.
package csvcell

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
	"unicode"
)

// Writer is a csv.Writer whose Write defuses each cell (see Safe).
type Writer struct{ *csv.Writer }

// NewWriter returns a Writer on w.
func NewWriter(w io.Writer) *Writer { return &Writer{csv.NewWriter(w)} }

// Write writes one record, each cell passed through Safe.
func (w *Writer) Write(rec []string) error {
	out := make([]string, len(rec))
	for i, c := range rec {
		out[i] = Safe(c)
	}
	return w.Writer.Write(out)
}

// Safe returns cell as a spreadsheet shows it without running it: a cell
// that starts with '=', '+', '-', '@', a tab or a carriage return, and is
// not a number, gets a leading apostrophe, as OWASP's "CSV Injection"
// guidance recommends (spreadsheets read such cells as formulas); other
// control characters are replaced by U+FFFD. Design names are already
// refused with these characters (lang.CheckName); free-text fields such
// as a model's vendor are not, so the writer defuses every cell.
func Safe(cell string) string {
	if strings.IndexFunc(cell, unicode.IsControl) >= 0 {
		cell = strings.Map(func(r rune) rune {
			if unicode.IsControl(r) {
				return '\uFFFD'
			}
			return r
		}, cell)
	}
	if cell == "" || !strings.ContainsAny(cell[:1], "=+-@\t\r") {
		return cell
	}
	if _, err := strconv.ParseFloat(cell, 64); err == nil {
		return cell
	}
	return "'" + cell
}
