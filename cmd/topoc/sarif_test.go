package main

import (
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/tooltest"
)

const (
	// sarifSchema is the official SARIF 2.1.0 schema (OASIS errata 01).
	sarifSchema = "../../lang/diag/testdata/sarif-schema-2.1.0.json"
	// sarifValidator is lang/diag's jsonschema script.
	sarifValidator = "../../lang/diag/testdata/sarif_validate.py"
)

// sarifDesigns: a clean example, designs that fail on purpose, and a path
// that does not exist (a result without a location).
var sarifDesigns = []struct {
	name string
	args []string
	exit int
}{
	{"clean", []string{"../../examples/fat-tree-k8"}, 0},
	{"radix", []string{"../../testdata/bad/custom-radix-exceeded"}, 1},
	{"syntax", []string{"../../testdata/bad/deep-nesting"}, 1},
	{"two-designs", []string{"--dirs-of-files", "../../testdata/bad/custom-radix-exceeded/design.topo.hcl", "../../testdata/bad/duplicate-fabric"}, 1},
	{"missing", []string{"no/such/dir"}, 2},
}

// TestSARIFSchemaDesigns validates `check --format sarif` for real designs
// against the SARIF 2.1.0 schema, and compares its results with the JSON
// report of the same check: same codes, levels and start positions, in the
// same order.
func TestSARIFSchemaDesigns(t *testing.T) {
	tooltest.PythonModule(t, "jsonschema", "python3-jsonschema")
	dir := t.TempDir()
	args := []string{sarifValidator, sarifSchema}
	for _, d := range sarifDesigns {
		code, out, stderr := runTopoc(t, append([]string{"check", "--format", "sarif"}, d.args...)...)
		if code != d.exit || stderr != "" {
			t.Errorf("%s: exit %d, want %d; stderr %q", d.name, code, d.exit, stderr)
		}
		p := filepath.Join(dir, d.name+".sarif")
		if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, p)
		compareWithJSON(t, d.name, d.args, out)
	}
	out, err := exec.Command(tooltest.Python, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("check --format sarif output does not validate against the SARIF 2.1.0 schema: %v\n%s", err, out)
	}
}

type position struct {
	code, level, file string
	line, column      int
}

func compareWithJSON(t *testing.T, name string, args []string, sarifOut string) {
	t.Helper()
	var log sarifLogT
	if err := json.Unmarshal([]byte(sarifOut), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("%s: not a one-run SARIF log (%v):\n%s", name, err, sarifOut)
	}
	var got []position
	rules := log.Runs[0].Tool.Driver.Rules
	for _, r := range log.Runs[0].Results {
		p := position{code: r.RuleID, level: r.Level}
		if rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("%s: result %s points at rule %s", name, r.RuleID, rules[r.RuleIndex].ID)
		}
		if len(r.Locations) > 0 {
			loc := r.Locations[0].PhysicalLocation
			u, err := url.Parse(loc.ArtifactLocation.URI)
			if err != nil {
				t.Fatal(err)
			}
			p.file, p.line, p.column = filepath.FromSlash(u.Path), loc.Region.StartLine, loc.Region.StartColumn
		}
		got = append(got, p)
	}

	// The JSON report, per design (it reports one design at a time).
	var want []position
	levels := map[string]string{"error": "error", "warning": "warning", "info": "note"}
	paths := [][]string{args}
	if args[0] == "--dirs-of-files" {
		paths = designDirs(args[1:])
	}
	for _, p := range paths {
		_, out, _ := runTopoc(t, append([]string{"check", "--format", "json"}, p...)...)
		var rep jsonReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%s: JSON report: %v", name, err)
		}
		for _, d := range rep.Diagnostics {
			w := position{code: d.Code, level: levels[d.Severity]}
			if d.Range != nil {
				w.file, w.line, w.column = filepath.Clean(d.Range.Filename), d.Range.Start.Line, d.Range.Start.Column
			}
			want = append(want, w)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d SARIF results, %d JSON diagnostics:\n%v\n%v", name, len(got), len(want), got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s: result %d is %+v in SARIF, %+v in JSON", name, i, got[i], want[i])
		}
	}
	if name != "clean" && len(got) == 0 {
		t.Errorf("%s: no results", name)
	}
	if strings.Contains(sarifOut, `"rules": null`) {
		t.Errorf("%s: rules is null", name)
	}
}

// sarifLogT is the part of a SARIF log this test reads.
type sarifLogT struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Rules []struct {
					ID string `json:"id"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
					Region struct {
						StartLine   int `json:"startLine"`
						StartColumn int `json:"startColumn"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
	} `json:"runs"`
}
