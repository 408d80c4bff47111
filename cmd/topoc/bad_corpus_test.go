package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// badDir holds designs that fail on purpose, one directory per case:
// <case>/*.topo.hcl and <case>/want.txt.
const badDir = "../../testdata/bad"

// want.txt holds one expectation per line; blank lines and lines starting
// with # are comments:
//
//	CODE LINE [FILE]   a diagnostic CODE whose range starts on LINE ("-":
//	                   no range), in a file whose name ends in FILE
//	args FLAG...       extra command-line flags, before the directory
//	skip REASON        skip the case (a known bug: "skip BUG: ..."); set
//	                   TOPOC_TEST_BUGS=1 in the environment to run it anyway
//	...                allow error diagnostics beyond those listed
//
// The case must exit 1; the first CODE line must be the first error of
// the report; every CODE line must match a distinct diagnostic; and every
// error must be matched by a CODE line (unless "..." is given), so that a
// cascade or a repeated diagnostic is caught.
type badCase struct {
	args    []string
	skip    string
	want    []wantDiag
	allowMo bool
}

type wantDiag struct {
	code, line, file string
	src              int // line of want.txt, for messages
}

func (w wantDiag) String() string {
	return strings.TrimSpace(fmt.Sprintf("%s %s %s", w.code, w.line, w.file))
}

func readBadCase(t *testing.T, path string) badCase {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var c badCase
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		f := strings.Fields(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case f[0] == "args":
			c.args = append(c.args, f[1:]...)
		case f[0] == "skip":
			c.skip = strings.TrimSpace(strings.TrimPrefix(line, "skip"))
		case line == "...":
			c.allowMo = true
		case len(f) == 2 || len(f) == 3:
			w := wantDiag{code: f[0], line: f[1], src: n}
			if len(f) == 3 {
				w.file = f[2]
			}
			if _, err := strconv.Atoi(w.line); err != nil && w.line != "-" {
				t.Fatalf("%s:%d: line must be a number or -, not %q", path, n, w.line)
			}
			c.want = append(c.want, w)
		default:
			t.Fatalf("%s:%d: cannot parse %q; want CODE LINE [FILE], args ..., skip ... or ...", path, n, line)
		}
	}
	if len(c.want) == 0 && c.skip == "" {
		t.Fatalf("%s: no expected diagnostic", path)
	}
	return c
}

// runCaptured runs topoc in-process like run, with stdout and stderr
// captured, and turns a panic into a test failure rather than a crash of
// the whole test binary.
func runCaptured(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("topoc %s panicked: %v\n%s", strings.Join(args, " "), r, debug.Stack())
		}
	}()
	root := newRoot()
	root.SetOut(&out)
	root.SetErr(&errb)
	root.SetArgs(args)
	err := root.Execute()
	var ee exitError
	switch {
	case err == nil:
		code = 0
	case errors.As(err, &ee):
		code = ee.code
	default:
		fmt.Fprintln(&errb, "topoc:", err)
		code = 2
	}
	return code, out.String(), errb.String()
}

// Limits of one bad-corpus run: a hostile input must be refused within
// these, not merely refused (issue 19's bar).
const (
	badMaxTime = 10 * time.Second
	badMaxRSS  = 512 << 20 // bytes
)

// runLimited runs topoc as a child process (the test binary, which
// testscript.Main puts on PATH as topoc) and fails the test when it runs
// longer than badMaxTime or its peak RSS passes badMaxRSS: an in-process
// run could neither measure memory nor survive a fatal stack overflow or
// out-of-memory. A panic shows as exit 2 with its trace on stderr.
func runLimited(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), badMaxTime)
	defer cancel()
	cmd := exec.CommandContext(ctx, "topoc", args...)
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	if ctx.Err() != nil {
		t.Fatalf("topoc %s: still running after %v, killed", strings.Join(args, " "), badMaxTime)
	}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		code = ee.ExitCode()
	default:
		t.Fatalf("topoc %s: %v", strings.Join(args, " "), err)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss := int64(ru.Maxrss) << 10 // kilobytes on Linux
		t.Logf("%.2fs, peak RSS %d MiB", took.Seconds(), rss>>20)
		if rss > badMaxRSS {
			t.Errorf("topoc %s: peak RSS %d MiB, more than %d MiB", strings.Join(args, " "), rss>>20, badMaxRSS>>20)
		}
	}
	if code == 2 && strings.Contains(errb.String(), "goroutine ") {
		t.Errorf("topoc %s crashed:\n%s", strings.Join(args, " "), errb.String())
	}
	return code, out.String(), errb.String()
}

func TestBadCorpus(t *testing.T) {
	ents, err := os.ReadDir(badDir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		n++
		dir := filepath.Join(badDir, e.Name())
		t.Run(e.Name(), func(t *testing.T) {
			t.Parallel()
			c := readBadCase(t, filepath.Join(dir, "want.txt"))
			if c.skip != "" && os.Getenv("TOPOC_TEST_BUGS") == "" {
				t.Skip(c.skip, "(TOPOC_TEST_BUGS=1 runs it)")
			}
			// The child process reads the designs; reading them here too
			// makes go test's cache notice when one changes.
			hcls, _ := filepath.Glob(filepath.Join(dir, "*.hcl"))
			for _, f := range hcls {
				if _, err := os.ReadFile(f); err != nil {
					t.Fatal(err)
				}
			}
			args := append(append([]string{"check", "--format", "json"}, c.args...), dir)
			code, stdout, stderr := runLimited(t, args...)
			if code != 1 {
				t.Errorf("topoc %s: exit %d, want 1\nstderr: %s", strings.Join(args, " "), code, stderr)
			}
			var rep jsonReport
			if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
				t.Fatalf("stdout is not a JSON report: %v\n%s", err, stdout)
			}
			if rep.OK {
				t.Errorf(`"ok" is true`)
			}
			type got struct {
				sev, code, line, file, text string
				used                        bool
			}
			var gots []*got
			for _, d := range rep.Diagnostics {
				g := &got{sev: d.Severity, code: d.Code, line: "-", text: d.Summary + ": " + d.Detail}
				if d.Range != nil {
					g.line, g.file = strconv.Itoa(d.Range.Start.Line), filepath.Base(d.Range.Filename)
				}
				gots = append(gots, g)
			}
			dump := func() string {
				var b strings.Builder
				for _, g := range gots {
					fmt.Fprintf(&b, "\n\t%s %s %s %s (%s)", g.sev, g.code, g.line, g.file, g.text)
				}
				return b.String()
			}
			for _, g := range gots {
				if g.sev == "error" {
					if w := c.want[0]; g.code != w.code || g.line != w.line || (w.file != "" && g.file != w.file) {
						t.Errorf("first error is %s %s %s, want %s; diagnostics:%s", g.code, g.line, g.file, w, dump())
					}
					break
				}
			}
			for _, w := range c.want {
				found := false
				for _, g := range gots {
					if !g.used && g.code == w.code && g.line == w.line && (w.file == "" || g.file == w.file) {
						g.used, found = true, true
						break
					}
				}
				if !found {
					t.Errorf("want.txt:%d: no diagnostic %s; diagnostics:%s", w.src, w, dump())
				}
			}
			if !c.allowMo {
				var extra []string
				for _, g := range gots {
					if g.sev == "error" && !g.used {
						extra = append(extra, fmt.Sprintf("%s %s %s (%s)", g.code, g.line, g.file, g.text))
					}
				}
				if len(extra) > 0 {
					t.Errorf("%d unexpected error(s), first: %s; list them in want.txt, or add a line \"...\"", len(extra), extra[0])
				}
			}
		})
	}
	if n < 25 {
		t.Errorf("%s holds %d cases; expected at least 25", badDir, n)
	}
}

// TestExpansionLimitFast: a 10^9-endpoint fat-tree is refused from its
// parameters, without building anything, so check answers at once.
func TestExpansionLimitFast(t *testing.T) {
	dir := t.TempDir()
	src := "fabric \"huge\" {\n  fat_tree {\n    k         = 2000\n    link_rate = \"400Gb/s\"\n  }\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "design.topo.hcl"), []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	code, stdout, _ := runCaptured(t, "check", "--format", "json", dir)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("check took %v; an expansion-limit refusal must not build the design", d)
	}
	if code != 1 || !strings.Contains(stdout, `"code": "expansion-limit"`) {
		t.Errorf("exit %d, stdout:\n%s\nwant exit 1 with expansion-limit", code, stdout)
	}
}
