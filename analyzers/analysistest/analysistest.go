// Package analysistest runs one analyzer on designs under testdata and
// checks its diagnostics against expectation comments in the design
// files, in the manner of golang.org/x/tools/go/analysis/analysistest:
//
//	requirement "r" { # want "requirement-failed"
//
// A line may expect several codes (`# want "a" "b"`). Every diagnostic of
// the analyzer must be expected on the line its range starts on, and every
// expectation must be met. Diagnostics from loading and compiling must be
// free of errors (testdata designs are meant to reach the analyzer).
package analysistest

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/compiler"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

var wantRe = regexp.MustCompile(`#\s*want((?:\s+"[^"]+")+)\s*$`)
var codeRe = regexp.MustCompile(`"([^"]+)"`)

// Result is one design's outcome: the compiled graph and the driver's
// results, for further assertions on values.
type Result struct {
	Dir     string
	Graph   *ir.Graph
	Results *analysis.Results
}

// Run loads each directory (a design) under testdata/<dirs...>, compiles
// it, runs analyzer a (and what it requires), and checks the diagnostics
// against the `# want` comments. It returns one Result per directory.
func Run(t *testing.T, testdata string, a *analysis.Analyzer, dirs ...string) []Result {
	t.Helper()
	var out []Result
	for _, d := range dirs {
		dir := filepath.Join(testdata, d)
		cfg, diags := lang.Load([]string{dir}, lang.Options{})
		if diags.HasErrors() {
			t.Errorf("%s: load: %s", dir, diags.Error())
			continue
		}
		g, cd := compiler.Compile(cfg, compiler.Options{})
		if cd.HasErrors() || g == nil {
			t.Errorf("%s: compile: %s", dir, cd.Error())
			continue
		}
		res, err := analysis.Run(g, []*analysis.Analyzer{a})
		if err != nil {
			t.Errorf("%s: %v", dir, err)
			continue
		}
		check(t, dir, res.Diagnostics)
		out = append(out, Result{Dir: dir, Graph: g, Results: res})
	}
	return out
}

type key struct {
	file string
	line int
}

func check(t *testing.T, dir string, got hcl.Diagnostics) {
	t.Helper()
	want, err := expectations(dir)
	if err != nil {
		t.Errorf("%s: %v", dir, err)
		return
	}
	for _, d := range got {
		code := string(diag.CodeOf(d))
		if d.Subject == nil {
			t.Errorf("%s: diagnostic %s %q has no range", dir, code, d.Summary)
			continue
		}
		k := key{filepath.Base(d.Subject.Filename), d.Subject.Start.Line}
		if i := indexOf(want[k], code); i >= 0 {
			want[k] = append(want[k][:i], want[k][i+1:]...)
			continue
		}
		t.Errorf("%s:%d: unexpected diagnostic %s: %s: %s", k.file, k.line, code, d.Summary, d.Detail)
	}
	var left []string
	for k, codes := range want {
		for _, c := range codes {
			left = append(left, fmt.Sprintf("%s:%d: expected diagnostic %s was not reported", k.file, k.line, c))
		}
	}
	sort.Strings(left)
	for _, l := range left {
		t.Error(l)
	}
}

// expectations reads the `# want "code"...` comments of the design files
// in dir, by file base name and line.
func expectations(dir string) (map[key][]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.topo.hcl"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no *.topo.hcl files (%v)", err)
	}
	out := map[key][]string{}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(fh)
		for line := 1; sc.Scan(); line++ {
			m := wantRe.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			for _, c := range codeRe.FindAllStringSubmatch(m[1], -1) {
				k := key{filepath.Base(f), line}
				out[k] = append(out[k], strings.TrimSpace(c[1]))
			}
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}
