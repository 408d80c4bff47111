package diag

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// parse parses src as a design file named f.topo.hcl.
func parse(t *testing.T, src string) map[string]*hcl.File {
	t.Helper()
	f, diags := hclsyntax.ParseConfig([]byte(src), "f.topo.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return map[string]*hcl.File{"f.topo.hcl": f}
}

// at returns the range of the first occurrence of what in src.
func at(src, what string) hcl.Range {
	i := strings.Index(src, what)
	line := 1 + strings.Count(src[:i], "\n")
	col := 1 + i - (strings.LastIndex(src[:i], "\n") + 1)
	return hcl.Range{Filename: "f.topo.hcl",
		Start: hcl.Pos{Line: line, Column: col, Byte: i},
		End:   hcl.Pos{Line: line, Column: col + len(what), Byte: i + len(what)}}
}

// The stand-in file must give HCL's writer what the real file gives it:
// the same snippet line, number and "in" context, for a subject on any
// line of a file.
func TestWriteTextSnippetMatchesHCL(t *testing.T) {
	src := "locals {\n  a = 1\n}\n\nfabric \"ft\" {\n  fat_tree {\n    k = 3\n  }\n}\n"
	files := parse(t, src)
	d := Error(InvalidParameter, at(src, "3"), "Odd k", "k must be even.")
	var got bytes.Buffer
	if err := WriteText(&got, files, hcl.Diagnostics{d}, 0, false); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	hcl.NewDiagnosticTextWriter(&want, files, 0, false).WriteDiagnostic(d)
	w := strings.Replace(want.String(), "Error: ", "Error[invalid-parameter]: ", 1)
	if got.String() != w {
		t.Errorf("got:\n%s\nwant (HCL's own writer):\n%s", got.String(), w)
	}
	if !strings.Contains(w, `line 7, in fabric "ft":`) || !strings.Contains(w, "   7:     k = 3") {
		t.Errorf("HCL's writer output changed shape:\n%s", w)
	}
}

// A 10,000-line file with an error on every line: at most
// MaxTextPerSeverity are printed, with a count of the rest (the first
// of another code is printed all the same), and each costs its snippet, not the file (HCL's writer took minutes here).
func TestWriteTextBoundsManyDiagnostics(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&b, "x%d = %d\n", i, i)
	}
	src := b.String()
	files := parse(t, src)
	var ds hcl.Diagnostics
	for i := 0; i < 10000; i++ {
		ds = append(ds, Error(InvalidValue, at(src, fmt.Sprintf("x%d =", i)), "Bad", "bad line"))
	}
	// One error of another code after the flood is printed all the same.
	ds = append(ds, Error(UnknownReference, at(src, "x9999 ="), "Rare", "another kind"))
	var out bytes.Buffer
	if err := WriteText(&out, files, ds, 0, false); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if n := strings.Count(text, "Error[invalid-value]"); n != MaxTextPerSeverity {
		t.Errorf("%d diagnostics printed, want %d", n, MaxTextPerSeverity)
	}
	if !strings.Contains(text, "Error[unknown-reference]: Rare") {
		t.Errorf("the one error of another code is hidden behind the flood")
	}
	if !strings.Contains(text, "... 9,950 more errors not shown") {
		t.Errorf("no count of the hidden diagnostics:\n%s", text[len(text)-300:])
	}
	if !strings.Contains(text, "  50: x49 = 49\n") {
		t.Errorf("snippet of line 50 missing or misnumbered")
	}
}

// A long line is cut around the subject; control characters are shown
// as '?'; a long message is cut.
func TestWriteTextBoundsLinesAndMessages(t *testing.T) {
	src := "locals {\n  a = \"" + strings.Repeat("y", 100000) + "\" + \x1b[31m\n}\n"
	f := &hcl.File{Bytes: []byte(src)}
	files := map[string]*hcl.File{"f.topo.hcl": f}
	d := Error(InvalidValue, at(src, "+"), "Bad\x1b[2J", strings.Repeat("z", 3*MaxMessage))
	var out bytes.Buffer
	if err := WriteText(&out, files, hcl.Diagnostics{d}, 0, false); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if len(text) > 2*MaxMessage {
		t.Errorf("output is %d bytes; want it bounded", len(text))
	}
	if strings.ContainsRune(text, 0x1b) {
		t.Errorf("output holds a raw ESC:\n%q", text)
	}
	if !strings.Contains(text, `" + ?[31m`) || !strings.Contains(text, "   2: ...yyy") {
		t.Errorf("snippet not cut around the subject:\n%s", text)
	}
}

// A CRLF file's snippet shows the line without its CR.
func TestWriteTextCRLF(t *testing.T) {
	src := "locals {\r\n  a = 1\r\n}\r\n"
	files := map[string]*hcl.File{"f.topo.hcl": {Bytes: []byte(src)}}
	var out bytes.Buffer
	if err := WriteText(&out, files, hcl.Diagnostics{Error(InvalidValue, at(src, "a = 1"), "Bad", "bad")}, 0, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "   2:   a = 1\n") {
		t.Errorf("got %q", out.String())
	}
}

// The closing tally counts each severity with its noun: singular for one,
// plural otherwise, and "info" unchanged.
func TestTally(t *testing.T) {
	for _, c := range []struct {
		e, w, i int
		want    string
	}{
		{0, 1, 3, "0 errors, 1 warning, 3 info"},
		{1, 0, 1, "1 error, 0 warnings, 1 info"},
		{2, 1024, 0, "2 errors, 1,024 warnings, 0 info"},
	} {
		if got := Tally(c.e, c.w, c.i); got != c.want {
			t.Errorf("Tally(%d, %d, %d) = %q, want %q", c.e, c.w, c.i, got, c.want)
		}
	}
}
