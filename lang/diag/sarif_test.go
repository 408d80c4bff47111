package diag_test

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/tooltest"
	"github.com/topoc/topoc/lang/diag"
)

// sarifSchema is the official SARIF 2.1.0 schema (OASIS errata 01), copied
// unchanged into testdata (testdata/SOURCE.md says from where) so that
// the test runs in a clean clone.
const sarifSchema = "testdata/sarif-schema-2.1.0.json"

// sarifLog is the part of a SARIF log the tests read.
type sarifLog struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []struct {
		ColumnKind string `json:"columnKind"`
		Tool       struct {
			Driver struct {
				Name    string `json:"name"`
				Version string `json:"version"`
				Rules   []struct {
					ID               string `json:"id"`
					HelpURI          string `json:"helpUri"`
					ShortDescription *struct {
						Text string `json:"text"`
					} `json:"shortDescription"`
					Help *struct {
						Text     string `json:"text"`
						Markdown string `json:"markdown"`
					} `json:"help"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI       string `json:"uri"`
						URIBaseID string `json:"uriBaseId"`
					} `json:"artifactLocation"`
					Region *struct {
						StartLine, StartColumn, EndLine, EndColumn int
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
	} `json:"runs"`
}

func rng(file string, l1, c1, l2, c2 int) hcl.Range {
	return hcl.Range{Filename: file, Start: hcl.Pos{Line: l1, Column: c1}, End: hcl.Pos{Line: l2, Column: c2}}
}

func absPath() string {
	if runtime.GOOS == "windows" {
		return `C:\designs\x.topo.hcl`
	}
	return "/srv/designs/x.topo.hcl"
}

// sampleDiags covers every shape WriteSARIF handles: the three severities,
// a diagnostic of HCL's own (no code attached), one without a range, a
// path that needs percent-encoding and an absolute path.
func sampleDiags() hcl.Diagnostics {
	return hcl.Diagnostics{
		diag.Error(diag.RadixExceeded, rng("designs/hall 3/fabric.topo.hcl", 12, 5, 12, 17), "Too many links", "Leaf has 65 links and 64 ports."),
		diag.Warning(diag.UnevenStriping, rng("designs/hall 3/fabric.topo.hcl", 20, 3, 22, 4), "Uneven striping", ""),
		diag.Info(diag.UnusedPorts, rng(absPath(), 1, 1, 1, 1), "Unused switch ports", "4 of 64 free."),
		{Severity: hcl.DiagError, Summary: "Unsupported argument", Detail: "An argument named \"kk\" is not expected here.", Subject: &hcl.Range{Filename: "a:b/design.topo.hcl", Start: hcl.Pos{Line: 3, Column: 5}, End: hcl.Pos{Line: 3, Column: 7}}},
		diag.Error(diag.NoInput, hcl.Range{}, "Cannot read missing", "stat missing: no such file or directory"),
		diag.Error(diag.RadixExceeded, rng("designs/hall 3/fabric.topo.hcl", 30, 5, 30, 17), "Too many links", "Spine has 65 links and 64 ports."),
	}
}

func writeSARIF(t *testing.T, ds hcl.Diagnostics) []byte {
	t.Helper()
	var buf bytes.Buffer
	doc := func(c diag.Code) diag.RuleDoc {
		return diag.RuleDoc{Short: "About " + string(c) + ".", Markdown: "## " + string(c) + "\n\nFix it.", URI: "https://example.org/docs#" + string(c)}
	}
	if err := diag.WriteSARIF(&buf, ds, diag.Tool{Name: "topoc", Version: "v1.2.3", InformationURI: "https://example.org/"}, doc); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestSARIFContents(t *testing.T) {
	var log sarifLog
	if err := json.Unmarshal(writeSARIF(t, sampleDiags()), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs; want 2.1.0, 1 run", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "topoc" || run.Tool.Driver.Version != "v1.2.3" || run.ColumnKind != "unicodeCodePoints" {
		t.Errorf("driver %q %q, columnKind %q", run.Tool.Driver.Name, run.Tool.Driver.Version, run.ColumnKind)
	}
	// One rule per code that occurs, in Catalogue order (hcl-schema and
	// no-input precede radix-exceeded there although they come later in
	// the input), each code once although radix-exceeded occurs twice.
	var ids []string
	for _, r := range run.Tool.Driver.Rules {
		ids = append(ids, r.ID)
		if r.Help == nil || r.Help.Markdown != "## "+r.ID+"\n\nFix it." || r.HelpURI != "https://example.org/docs#"+r.ID || r.ShortDescription == nil {
			t.Errorf("rule %s: help or helpUri not from the doc func: %+v", r.ID, r)
		}
	}
	want := []string{"hcl-schema", "no-input", "radix-exceeded", "uneven-striping", "unused-ports"}
	if !equal(ids, want) {
		t.Fatalf("rules %v, want %v", ids, want)
	}
	type loc struct {
		uri, base              string
		l1, c1, l2, c2         int
		code, level, firstLine string
	}
	wantRes := []loc{
		{"designs/hall%203/fabric.topo.hcl", "%SRCROOT%", 12, 5, 12, 17, "radix-exceeded", "error", "Too many links"},
		{"designs/hall%203/fabric.topo.hcl", "%SRCROOT%", 20, 3, 22, 4, "uneven-striping", "warning", "Uneven striping"},
		{"", "", 1, 1, 1, 1, "unused-ports", "note", "Unused switch ports"},
		{"./a:b/design.topo.hcl", "%SRCROOT%", 3, 5, 3, 7, "hcl-schema", "error", "Unsupported argument"},
		{"", "", 0, 0, 0, 0, "no-input", "error", "Cannot read missing"},
		{"designs/hall%203/fabric.topo.hcl", "%SRCROOT%", 30, 5, 30, 17, "radix-exceeded", "error", "Too many links"},
	}
	if len(run.Results) != len(wantRes) {
		t.Fatalf("%d results, want %d", len(run.Results), len(wantRes))
	}
	ds := sampleDiags()
	for i, r := range run.Results {
		w := wantRes[i]
		if r.RuleID != w.code || r.Level != w.level || run.Tool.Driver.Rules[r.RuleIndex].ID != w.code {
			t.Errorf("result %d: rule %s (index %d), level %s; want %s, %s", i, r.RuleID, r.RuleIndex, r.Level, w.code, w.level)
		}
		wantMsg := ds[i].Summary
		if ds[i].Detail != "" {
			wantMsg += "\n\n" + ds[i].Detail
		}
		if r.Message.Text != wantMsg {
			t.Errorf("result %d: message %q, want %q", i, r.Message.Text, wantMsg)
		}
		if w.l1 == 0 {
			if len(r.Locations) != 0 {
				t.Errorf("result %d: a diagnostic without a range has locations %+v", i, r.Locations)
			}
			continue
		}
		if len(r.Locations) != 1 || r.Locations[0].PhysicalLocation.Region == nil {
			t.Fatalf("result %d: want one location with a region, got %+v", i, r.Locations)
		}
		pl := r.Locations[0].PhysicalLocation
		reg := *pl.Region
		if reg.StartLine != w.l1 || reg.StartColumn != w.c1 || reg.EndLine != w.l2 || reg.EndColumn != w.c2 {
			t.Errorf("result %d: region %+v, want %d:%d-%d:%d", i, reg, w.l1, w.c1, w.l2, w.c2)
		}
		// The URI resolves back to the file name the diagnostic carries.
		u, err := url.Parse(pl.ArtifactLocation.URI)
		if err != nil {
			t.Fatalf("result %d: uri %q: %v", i, pl.ArtifactLocation.URI, err)
		}
		back := filepath.FromSlash(u.Path)
		if u.Scheme == "file" && runtime.GOOS == "windows" {
			back = filepath.FromSlash(u.Path[1:])
		}
		if filepath.Clean(back) != filepath.Clean(ds[i].Subject.Filename) {
			t.Errorf("result %d: uri %q resolves to %q, want %q", i, pl.ArtifactLocation.URI, back, ds[i].Subject.Filename)
		}
		if w.uri != "" && (pl.ArtifactLocation.URI != w.uri || pl.ArtifactLocation.URIBaseID != w.base) {
			t.Errorf("result %d: uri %q base %q, want %q %q", i, pl.ArtifactLocation.URI, pl.ArtifactLocation.URIBaseID, w.uri, w.base)
		}
		if w.uri == "" && (u.Scheme != "file" || pl.ArtifactLocation.URIBaseID != "") {
			t.Errorf("result %d: an absolute path gives %q (base %q), want a file: URI without base", i, pl.ArtifactLocation.URI, pl.ArtifactLocation.URIBaseID)
		}
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestSARIFSchema validates logs against the official SARIF 2.1.0 JSON
// schema with Python's jsonschema (draft 4, formats checked): the sample
// above, a log without diagnostics, and one without rule documentation.
func TestSARIFSchema(t *testing.T) {
	tooltest.PythonModule(t, "jsonschema", "python3-jsonschema")
	if _, err := os.Stat(sarifSchema); err != nil {
		t.Fatalf("SARIF schema: %v", err)
	}
	dir := t.TempDir()
	logs := map[string][]byte{"sample.sarif": writeSARIF(t, sampleDiags()), "empty.sarif": writeSARIF(t, nil)}
	var buf bytes.Buffer
	if err := diag.WriteSARIF(&buf, sampleDiags(), diag.Tool{Name: "topoc"}, nil); err != nil {
		t.Fatal(err)
	}
	logs["nodoc.sarif"] = buf.Bytes()
	args := []string{"testdata/sarif_validate.py", sarifSchema}
	for name, data := range logs {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, p)
	}
	out, err := exec.Command(tooltest.Python, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("SARIF logs do not validate against the 2.1.0 schema: %v\n%s", err, out)
	}
}

// TestSARIFSchemaCatchesErrors makes sure the validator can fail: a log
// with a level SARIF does not define ("info") is rejected.
func TestSARIFSchemaCatchesErrors(t *testing.T) {
	tooltest.PythonModule(t, "jsonschema", "python3-jsonschema")
	bad := bytes.Replace(writeSARIF(t, sampleDiags()), []byte(`"level": "note"`), []byte(`"level": "info"`), 1)
	p := filepath.Join(t.TempDir(), "bad.sarif")
	if err := os.WriteFile(p, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tooltest.Python, "testdata/sarif_validate.py", sarifSchema, p).CombinedOutput()
	if err == nil {
		t.Fatalf("a log with level \"info\" validated; the validator checks nothing:\n%s", out)
	}
	if !bytes.Contains(out, []byte("'info' is not one of")) {
		t.Errorf("validator output does not name the bad level:\n%s", out)
	}
}
