package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit/graphviz"
	"github.com/topoc/topoc/compiler/emit/render"
)

// exitFileEnv names the file in which the test build of topoc records its
// exit code, so that scripts can assert it exactly with `exitcode N`
// (testscript's `! exec` only asserts a non-zero status).
const exitFileEnv = "TOPOC_TEST_EXIT_FILE"

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"topoc": func() {
			code := run(os.Args[1:])
			if f := os.Getenv(exitFileEnv); f != "" {
				if err := os.WriteFile(f, []byte(strconv.Itoa(code)), 0o666); err != nil {
					fmt.Fprintln(os.Stderr, "topoc test harness:", err)
					os.Exit(111)
				}
			}
			os.Exit(code)
		},
		// The diagram renderer that `build --emit svg,png` starts
		// (cmd/topoc-render serve), on PATH for scripts and in-process runs.
		"topoc-render": func() {
			if err := render.Serve(os.Stdin, os.Stdout, graphviz.Render); err != nil {
				fmt.Fprintln(os.Stderr, "topoc-render:", err)
				os.Exit(1)
			}
		},
	})
}

// TestScripts runs testdata/script/*.txtar. Besides testscript's built-in
// commands the scripts have:
//
//	exitcode N             the last `exec topoc` exited with status N
//	jsondiag CODE LINE [FILE]
//	                       stdout is a `check --format json` report holding a
//	                       diagnostic CODE whose range starts on LINE (and
//	                       whose file name ends in FILE); LINE "-" means no
//	                       range. With `!`: no such diagnostic.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		UpdateScripts:       compiletest.Updating(), // -update: rewrite `cmp` golden files in the scripts
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(env *testscript.Env) error {
			env.Setenv(exitFileEnv, filepath.Join(env.WorkDir, ".topoc-exit"))
			env.Setenv("NO_COLOR", "1")
			// ROOT is the repository, for scripts that read its examples
			// and the real discovery files their READMEs quote.
			root, err := filepath.Abs(filepath.Join("..", ".."))
			env.Setenv("ROOT", root)
			return err
		},
		// [bugs] holds when TOPOC_TEST_BUGS is set: scripts of known bugs
		// start with `[!bugs] skip 'BUG: ...'`, so they can be run on demand.
		Condition: func(cond string) (bool, error) {
			if cond == "bugs" {
				return os.Getenv("TOPOC_TEST_BUGS") != "", nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode": cmdExitCode,
			"jsondiag": cmdJSONDiag,
		},
	})
}

func cmdExitCode(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: exitcode N")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: %v", err)
	}
	f := ts.Getenv(exitFileEnv)
	data, err := os.ReadFile(f)
	if errors.Is(err, fs.ErrNotExist) {
		ts.Fatalf("exitcode: no exit code recorded: topoc was not run since the last exitcode, or it crashed (panic?)")
	}
	ts.Check(err)
	ts.Check(os.Remove(f))
	got, err := strconv.Atoi(strings.TrimSpace(string(data)))
	ts.Check(err)
	switch {
	case neg && got == want:
		ts.Fatalf("topoc exited with status %d, want any other", got)
	case !neg && got != want:
		ts.Fatalf("topoc exited with status %d, want %d", got, want)
	}
}

// jsonReport is the part of `check --format json` output the tests read.
type jsonReport struct {
	OK          bool `json:"ok"`
	Diagnostics []struct {
		Severity string `json:"severity"`
		Code     string `json:"code"`
		Summary  string `json:"summary"`
		Detail   string `json:"detail"`
		Range    *struct {
			Filename string `json:"filename"`
			Start    struct {
				Line   int `json:"line"`
				Column int `json:"column"`
			} `json:"start"`
		} `json:"range"`
	} `json:"diagnostics"`
	Fabrics []map[string]any `json:"fabrics"`
}

func cmdJSONDiag(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 || len(args) > 3 {
		ts.Fatalf("usage: jsondiag CODE LINE [FILE]")
	}
	var rep jsonReport
	if err := json.Unmarshal([]byte(ts.ReadFile("stdout")), &rep); err != nil {
		ts.Fatalf("jsondiag: stdout is not a JSON report: %v", err)
	}
	code, line := args[0], args[1]
	file := ""
	if len(args) == 3 {
		file = args[2]
	}
	found := false
	var seen []string
	for _, d := range rep.Diagnostics {
		where := "-"
		fname := ""
		if d.Range != nil {
			where, fname = strconv.Itoa(d.Range.Start.Line), d.Range.Filename
		}
		seen = append(seen, fmt.Sprintf("%s %s %s", d.Code, where, fname))
		if d.Code == code && where == line && strings.HasSuffix(fname, file) {
			found = true
		}
	}
	switch {
	case neg && found:
		ts.Fatalf("jsondiag: unexpected diagnostic %s at line %s", code, line)
	case !neg && !found:
		ts.Fatalf("jsondiag: no diagnostic %s at line %s %s; have:\n\t%s", code, line, file, strings.Join(seen, "\n\t"))
	}
}
