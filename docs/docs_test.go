package docs

import (
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/topoc/topoc/analyzers/all"
	"github.com/topoc/topoc/analyzers/resilience"
	"github.com/topoc/topoc/analyzers/results"
	"github.com/topoc/topoc/lang/diag"
)

// codeHeading matches a heading that names a diagnostic code
// ("hcl-syntax"); other headings of diagnostics.md are prose ("Exit codes").
var codeHeading = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := FS.ReadFile(name)
	if err != nil {
		t.Fatalf("docs.FS has no %s: %v", name, err)
	}
	return string(b)
}

// TestDiagnosticsCatalogue fails when a code of diag.Catalogue has no
// "## code" section in diagnostics.md, when a section names a code that is
// not in the Catalogue, or when a code is documented twice. Codes are
// grouped by area (lang/diag/codes*.go); their sections may come in any order.
func TestDiagnosticsCatalogue(t *testing.T) {
	known := map[string]bool{}
	for _, c := range diag.Catalogue {
		known[string(c)] = true
	}
	seen := map[string]bool{}
	for _, s := range Sections(read(t, DiagnosticsFile)) {
		if !codeHeading.MatchString(s.Heading) {
			continue
		}
		if !known[s.Heading] {
			t.Errorf("diagnostics.md has a section for %q, which is not a code in lang/diag.Catalogue; remove it or add the code", s.Heading)
			continue
		}
		if seen[s.Heading] {
			t.Errorf("diagnostics.md documents %q twice", s.Heading)
		}
		seen[s.Heading] = true
		if !strings.Contains(s.Text, "```") {
			t.Errorf("diagnostics.md section %q has no example (a fenced code block)", s.Heading)
		}
		if !strings.Contains(s.Text, "Severity") {
			t.Errorf("diagnostics.md section %q does not state its severity", s.Heading)
		}
	}
	var missing []string
	for _, c := range diag.Catalogue {
		if !seen[string(c)] {
			missing = append(missing, string(c))
		}
	}
	if len(missing) > 0 {
		t.Errorf("diagnostics.md lacks a \"## code\" section for %s", strings.Join(missing, ", "))
	}
}

func TestDiagnosticLookup(t *testing.T) {
	for _, c := range diag.Catalogue {
		s, ok := Diagnostic(string(c))
		if !ok {
			t.Errorf("Diagnostic(%q): not found", c)
			continue
		}
		if !strings.HasPrefix(s, "## "+string(c)+"\n") {
			t.Errorf("Diagnostic(%q) does not start with its heading: %.60q", c, s)
		}
		if strings.Contains(s, "\n## ") {
			t.Errorf("Diagnostic(%q) runs into the next section", c)
		}
	}
	if _, ok := Diagnostic("no-such-code"); ok {
		t.Errorf("Diagnostic(\"no-such-code\") reported a section")
	}
}

func TestSections(t *testing.T) {
	md := "# Title\n\nintro\n\n## a\n\ntext\n```hcl\n## not a heading\n```\n\n## b\nb text\n# Other\nafter\n"
	got := Sections(md)
	if len(got) != 2 || got[0].Heading != "a" || got[1].Heading != "b" {
		t.Fatalf("Sections: got %+v", got)
	}
	if !strings.Contains(got[0].Text, "## not a heading") {
		t.Errorf("a heading inside a code fence split the section: %q", got[0].Text)
	}
	if got[1].Text != "## b\nb text" {
		t.Errorf("section b = %q; want it to end at the level-1 heading", got[1].Text)
	}
}

// jsonName returns the JSON name of a struct field as encoding/json uses
// it, or "" when the field is not encoded.
func jsonName(f reflect.StructField) string {
	if !f.IsExported() {
		return ""
	}
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	switch name {
	case "-":
		return ""
	case "":
		if f.Anonymous {
			return ""
		}
		return f.Name
	}
	return name
}

// reflectFields collects the JSON field names of t and of every struct
// type reachable from it (through pointers, slices, arrays and maps).
func reflectFields(t reflect.Type, out map[string]string, seen map[reflect.Type]bool) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return
	}
	seen[t] = true
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Tag.Get("json") == "" {
			reflectFields(f.Type, out, seen) // embedded: fields are promoted
			continue
		}
		if n := jsonName(f); n != "" {
			if _, ok := out[n]; !ok {
				out[n] = t.PkgPath() + "." + t.Name() + "." + f.Name
			}
			reflectFields(f.Type, out, seen)
		}
	}
}

// TestJSONFields fails when a field of the `topoc check --format json`
// report is not described in json.md (as `name`, in backquotes).
func TestJSONFields(t *testing.T) {
	fields := map[string]string{}
	reflectFields(reflect.TypeOf(results.Check{}), fields, map[reflect.Type]bool{})
	// `topoc whatif --format json` (json.md "topoc whatif").
	reflectFields(reflect.TypeOf(resilience.Report{}), fields, map[reflect.Type]bool{})
	if len(fields) < 10 {
		t.Fatalf("found only %d JSON fields; the test no longer sees the report types", len(fields))
	}
	md := read(t, "json.md")
	names := make([]string, 0, len(fields))
	for n := range fields {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if !strings.Contains(md, "`"+n+"`") {
			t.Errorf("json.md does not describe the JSON field `%s` (%s)", n, fields[n])
		}
	}
}

// TestEmbedded checks that the reference pages are embedded.
func TestEmbedded(t *testing.T) {
	for _, name := range []string{"language.md", "diagnostics.md", "cli.md", "json.md"} {
		if s := read(t, name); len(s) < 200 {
			t.Errorf("%s is only %d bytes", name, len(s))
		}
	}
}

// TestAnalyzersDocumented fails when an analyzer of analyzers/all has no
// "## name" section in analyzers.md, or a section names no analyzer.
func TestAnalyzersDocumented(t *testing.T) {
	known := map[string]bool{}
	for _, a := range all.Analyzers {
		known[a.Name] = true
	}
	seen := map[string]bool{}
	for _, s := range Sections(read(t, "analyzers.md")) {
		if !codeHeading.MatchString(s.Heading) {
			continue
		}
		if !known[s.Heading] {
			t.Errorf("analyzers.md has a section %q, which is not an analyzer in analyzers/all", s.Heading)
		}
		seen[s.Heading] = true
	}
	for _, a := range all.Analyzers {
		if !seen[a.Name] {
			t.Errorf("analyzers.md has no \"## %s\" section for analyzer %s (%s)", a.Name, a.Name, a.Doc)
		}
	}
}
