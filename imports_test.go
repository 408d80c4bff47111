package topoc_test

import (
	"os/exec"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The import rules of the whole module, checked at the repository level
// because they bind every package: those of docs/reference/design-brief.md
// ("Who imports whom"), plus the one that keeps Graphviz off every command
// but the renderer:
//
//  1. Only compiler/emit/graphviz imports go-graphviz.
//  2. Packages under analyzers/ and compiler/emit/ depend, within the
//     module, only on compiler/ir, lang/diag, lang/units and their own
//     tree (an analyzer may require another analyzer; the svg emitter
//     uses the DOT views), and on what allowedFor grants one package.
//  3. cmd/topoc does not depend on go-graphviz at all, so `topoc check`
//     never pays for its WebAssembly init (compiler/emit/render).
//
// Test files are not covered: `go list -deps` without -test leaves them
// out, and tests may compile examples or run the renderer in-process.

const (
	module   = "github.com/topoc/topoc"
	graphviz = "github.com/goccy/go-graphviz"
)

// exempt lists the packages the tree rule (2) does not apply to, and
// why. Each is a decision to revisit, not a precedent.
var exempt = map[string]string{
	// Like golang.org/x/tools/go/analysis/analysistest, it compiles
	// testdata designs to run analyzers on them: a test harness that
	// needs the front end by design.
	"analyzers/analysistest": "test harness",
}

// allowedDeps lists module packages outside rule 2's list that every
// package of a tree may depend on, and why.
var allowedDeps = map[string]string{
	// The one vocabulary of quantities as text, a leaf on the standard
	// library only: a rate reads the same in every layer.
	"lang/units": "formatting of rates, sizes, lengths, times and counts",
}

// allowedFor lists, per package, the module packages outside rule 2's
// list it alone may depend on, and why.
var allowedFor = map[string]map[string]string{
	// A requirement's condition is an HCL expression; the analyzer reads
	// it with the language's own evaluator (monotonicity walk, metering),
	// so the language has one semantics.
	"analyzers/requirements": {"lang/eval": "evaluates requirement conditions"},
	// analyzers/all registers every analyzer, requirements among them.
	"analyzers/all": {"lang/eval": "through analyzers/requirements"},
}

// pkgInfo is what the rules need of one package.
type pkgInfo struct {
	imports, deps []string
}

// violations applies the rules to packages keyed by import path.
func violations(pkgs map[string]pkgInfo) []string {
	var out []string
	paths := make([]string, 0, len(pkgs))
	for p := range pkgs {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	isGraphviz := func(p string) bool { return p == graphviz || strings.HasPrefix(p, graphviz+"/") }
	for _, p := range paths {
		info := pkgs[p]
		rel := strings.TrimPrefix(strings.TrimPrefix(p, module), "/")
		for _, imp := range info.imports {
			if isGraphviz(imp) && rel != "compiler/emit/graphviz" {
				out = append(out, p+" imports "+imp+"; only compiler/emit/graphviz may")
			}
		}
		var tree string
		switch {
		case exempt[rel] != "":
		case strings.HasPrefix(rel, "analyzers/"):
			tree = "analyzers/"
		case strings.HasPrefix(rel, "compiler/emit/") || rel == "compiler/emit":
			tree = "compiler/emit"
		}
		for _, d := range info.deps {
			if rel == "cmd/topoc" && isGraphviz(d) {
				out = append(out, p+" depends on "+d+"; topoc must run the renderer as a process (compiler/emit/render)")
			}
			if tree == "" || !strings.HasPrefix(d, module+"/") {
				continue
			}
			drel := strings.TrimPrefix(d, module+"/")
			if drel != "compiler/ir" && drel != "lang/diag" && allowedDeps[drel] == "" && allowedFor[rel][drel] == "" && !strings.HasPrefix(drel, tree) {
				out = append(out, p+" depends on "+d+"; "+tree+" packages see only compiler/ir and lang/diag")
			}
		}
	}
	return out
}

func goTool(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not available")
	}
	return p
}

// TestImportRules checks the module's packages with go list.
func TestImportRules(t *testing.T) {
	out, err := exec.Command(goTool(t), "list", "-e", "-f", "{{.ImportPath}}|{{join .Imports \" \"}}|{{join .Deps \" \"}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string]pkgInfo{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "|", 3)
		if len(f) != 3 {
			t.Fatalf("go list line %q", line)
		}
		pkgs[f[0]] = pkgInfo{imports: strings.Fields(f[1]), deps: strings.Fields(f[2])}
	}
	for _, must := range []string{module + "/compiler/emit/graphviz", module + "/cmd/topoc", module + "/compiler/emit/dot"} {
		if _, ok := pkgs[must]; !ok {
			t.Fatalf("go list did not report %s", must)
		}
	}
	if !slices.Contains(pkgs[module+"/compiler/emit/graphviz"].imports, graphviz) {
		t.Error("compiler/emit/graphviz no longer imports go-graphviz: update this test")
	}
	for _, v := range violations(pkgs) {
		t.Error(v)
	}
}

// TestViolationsDetects: the rule checker flags each kind of violation.
func TestViolationsDetects(t *testing.T) {
	pkgs := map[string]pkgInfo{
		module + "/compiler/emit/svgx":     {imports: []string{graphviz}, deps: []string{module + "/lang"}},
		module + "/analyzers/x":            {deps: []string{module + "/compiler", module + "/analyzers/y", module + "/compiler/ir"}},
		module + "/cmd/topoc":              {deps: []string{graphviz + "/cgraph"}},
		module + "/compiler/emit/graphviz": {imports: []string{graphviz}, deps: []string{graphviz}},
	}
	got := violations(pkgs)
	want := []string{
		module + "/analyzers/x depends on " + module + "/compiler",
		module + "/cmd/topoc depends on " + graphviz + "/cgraph",
		module + "/compiler/emit/svgx imports " + graphviz,
		module + "/compiler/emit/svgx depends on " + module + "/lang",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d violations, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("violation %d = %q, want prefix %q", i, got[i], want[i])
		}
	}
}
