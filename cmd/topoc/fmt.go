package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/pmezard/go-difflib/difflib"
	"github.com/spf13/cobra"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
)

// fmtMode is what fmt does with the files that would change.
type fmtMode struct {
	check, write, list, diff, recursive bool
}

func newFmt() *cobra.Command {
	var m fmtMode
	c := &cobra.Command{
		Use:   "fmt [--check] [-w] [-l] [-d] [-r] [PATH...]",
		Short: "Format design files in HCL's canonical style",
		Long: "fmt rewrites *.topo.hcl files in HCL's canonical style (hclwrite): two-space indents, aligned\n" +
			"equals signs, normalised spacing. Each PATH is a file or a directory of *.topo.hcl files (default \".\");\n" +
			"DIR/... (or -r on a directory) takes every directory below DIR too, skipping testdata and names\n" +
			"starting with . or _; \"-\" reads standard input. A file with a syntax error gets the diagnostic\n" +
			"and is left alone; a named file that is not HCL (*.hcl) is skipped with a note.\n\n" +
			"Without flags, one file is printed formatted on stdout; several are listed when they would change.\n" +
			"-l lists the files that would change; -d prints their changes as a unified diff; --check lists\n" +
			"them and exits 1 if there are any; -w rewrites them in place.\n" +
			"Exit 0 done, 1 syntax errors (or changes under --check), 2 usage or I/O errors.",
		RunE: func(c *cobra.Command, args []string) error {
			if m.check && m.write {
				fmt.Fprintln(c.ErrOrStderr(), "topoc: fmt: --check and -w exclude each other: --check only reports, -w rewrites")
				return exitError{2}
			}
			if len(args) == 0 {
				args = []string{"."}
			}
			if slices.Contains(args, "-") {
				if len(args) > 1 || m.write {
					fmt.Fprintln(c.ErrOrStderr(), "topoc: fmt: \"-\" (standard input) must be the only PATH, without -w")
					return exitError{2}
				}
				return fmtStdin(c, m)
			}
			return fmtPaths(c, args, m)
		},
	}
	c.Flags().BoolVar(&m.check, "check", false, "list the files that would change and exit 1 if any would; change nothing")
	c.Flags().BoolVarP(&m.write, "write", "w", false, "rewrite files in place (atomically) and list the ones rewritten")
	c.Flags().BoolVarP(&m.list, "list", "l", false, "list the files that would change; change nothing")
	c.Flags().BoolVarP(&m.diff, "diff", "d", false, "print the changes as a unified diff; change nothing unless -w")
	c.Flags().BoolVarP(&m.recursive, "recursive", "r", false, "take each directory PATH with every directory below it")
	return c
}

// fmtResult is the outcome for one file.
type fmtResult struct {
	name      string
	src, out  []byte
	diags     hcl.Diagnostics
	fileForUI *hcl.File // for diagnostic snippets; nil when unreadable
}

func (r fmtResult) changed() bool { return r.diags == nil && !bytes.Equal(r.src, r.out) }

// fmtPaths formats the files of PATHs: prints one file, lists the files
// that change, prints their diffs, or rewrites them (-w); diagnostics go
// to stderr after the list.
func fmtPaths(c *cobra.Command, args []string, m fmtMode) error {
	stdout := c.OutOrStdout()
	quiet := quietFlag(c)
	paths, err := expandDesignDirs(args, m.recursive)
	if err != nil {
		fmt.Fprintln(c.ErrOrStderr(), "topoc: fmt:", err)
		return exitError{2}
	}
	// A file named on the command line is taken whatever its name (as
	// gofmt does), but not one that is plainly not HCL: `fmt examples/*`
	// would otherwise parse Go test files as designs.
	paths = slices.DeleteFunc(paths, func(p string) bool {
		st, err := os.Stat(p)
		if err != nil || st.IsDir() || strings.HasSuffix(p, ".hcl") || !st.Mode().IsRegular() {
			return false
		}
		fmt.Fprintf(c.ErrOrStderr(), "topoc: fmt: skipping %s: not an HCL file (*.topo.hcl, *.hcl)\n", p)
		return true
	})
	if len(paths) == 0 {
		return nil
	}
	files, diags := lang.DesignPaths(paths)
	// One PATH naming a file, no flags: print it, as gofmt does.
	single := len(args) == 1 && len(files) == 1 && files[0] == args[0] && !m.check && !m.write && !m.list && !m.diff
	var results []fmtResult
	for _, name := range files {
		r := formatFile(name)
		diags = append(diags, r.diags...)
		results = append(results, r)
	}
	changed, writeFailed := false, false
	for _, r := range results {
		if r.diags != nil {
			continue
		}
		if single {
			if _, err := stdout.Write(r.out); err != nil {
				return err
			}
			continue
		}
		if !r.changed() {
			continue
		}
		changed = true
		if m.diff {
			if err := writeDiff(stdout, r); err != nil {
				return err
			}
		}
		if m.write {
			if err := rewrite(r.name, r.out); err != nil {
				// As build reports a file it cannot write: an I/O error,
				// not a diagnostic of the design.
				fmt.Fprintf(c.ErrOrStderr(), "topoc: fmt: %s: %v; the file is unchanged\n", r.name, err)
				writeFailed = true
				continue
			}
		}
		if !quiet && (!m.diff || m.list) {
			fmt.Fprintln(stdout, r.name)
		}
	}
	if err := writeFmtDiags(c, results, diags); err != nil {
		return err
	}
	code := fmtExitCode(diags, m.check && changed)
	if writeFailed {
		code = 2
	}
	if code != 0 {
		return exitError{code}
	}
	return nil
}

// diffLines splits text into lines that keep their newline, with none
// empty after the last newline (difflib.SplitLines adds one, which shows
// as a phantom blank context line) and a newline added to a last line
// without one, so that it does not run into the next line of the diff.
func diffLines(text []byte) []string {
	lines := strings.SplitAfter(string(text), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	} else {
		lines[len(lines)-1] += "\n"
	}
	return lines
}

// writeDiff prints the change fmt makes to r as a unified diff with three
// lines of context, from "a/NAME" to "b/NAME" as git and gofmt -d name
// the sides (go-difflib, a port of Python's difflib).
func writeDiff(w io.Writer, r fmtResult) error {
	text, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A: diffLines(r.src), B: diffLines(r.out),
		FromFile: "a/" + filepath.ToSlash(r.name), ToFile: "b/" + filepath.ToSlash(r.name), Context: 3,
	})
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, text)
	return err
}

// fmtStdin formats standard input onto standard output; with check it
// prints nothing and exits 1 when the input is not formatted.
func fmtStdin(c *cobra.Command, m fmtMode) error {
	src, over, err := lang.ReadLimited(c.InOrStdin(), lang.MaxFileBytes)
	if err != nil {
		fmt.Fprintln(c.ErrOrStderr(), "topoc: fmt: reading standard input:", err)
		return exitError{2}
	}
	var r fmtResult
	if over {
		tl := &lang.TooLargeError{Name: "<stdin>", Size: int64(len(src)), Limit: lang.MaxFileBytes, Stream: true}
		r = fmtResult{name: "<stdin>", diags: hcl.Diagnostics{lang.FileTooLargeDiag(tl)}}
	} else {
		r = formatSource("<stdin>", src)
	}
	if err := writeFmtDiags(c, []fmtResult{r}, r.diags); err != nil {
		return err
	}
	if r.diags != nil {
		return exitError{fmtExitCode(r.diags, false)}
	}
	switch {
	case m.diff:
		if r.changed() {
			if err := writeDiff(c.OutOrStdout(), r); err != nil {
				return err
			}
		}
	case m.list:
		if r.changed() {
			fmt.Fprintln(c.OutOrStdout(), "<stdin>")
		}
	case !m.check:
		_, err = c.OutOrStdout().Write(r.out)
		return err
	}
	if m.check && r.changed() {
		return exitError{1}
	}
	return nil
}

// formatFile reads and formats one file. Reading is lang.Load's
// (lang.ReadDesignFile: at most lang.MaxFileBytes, a stream or device cut
// at the limit), so fmt accepts what check accepts.
func formatFile(name string) fmtResult {
	src, d := lang.ReadDesignFile(name)
	if d != nil {
		return fmtResult{name: name, diags: hcl.Diagnostics{d}}
	}
	return formatSource(name, src)
}

// formatSource parses src and, when it parses, formats it. hclwrite.Format
// works on tokens and formats even broken input without a word, so the
// parse (hclsyntax, as lang.Load parses) decides whether a file may be
// rewritten.
func formatSource(name string, src []byte) fmtResult {
	if d := screenSource(name, src); d != nil {
		return fmtResult{name: name, src: src, diags: hcl.Diagnostics{d}}
	}
	f, diags := hclsyntax.ParseConfig(src, name, hcl.InitialPos)
	r := fmtResult{name: name, src: src, fileForUI: f}
	if diags.HasErrors() {
		r.diags = diags
		return r
	}
	r.out = hclwrite.Format(src)
	return r
}

// screenSource refuses what HCL's parser should not see, with the same
// screen lang.Load applies (eval.Screen): text that is not UTF-8 or holds
// a NUL byte, brackets nested or operators chained so deep that the
// recursive parser would exhaust the stack.
func screenSource(name string, src []byte) *hcl.Diagnostic {
	return eval.Screen(name, src)
}

// rewrite replaces the file at name with data atomically (a temporary file
// renamed over it, emit.ReplaceFile), through a symbolic link to its
// target, keeping the file's permission bits, owner and group. A file this
// user may not write is refused, not replaced: the rename needs only the
// directory to be writable, so without the check fmt -w would replace a
// read-only file, or another user's file in a shared directory.
func rewrite(name string, data []byte) error {
	target, err := filepath.EvalSymlinks(name)
	if err != nil {
		return err
	}
	st, err := os.Stat(target)
	if err != nil {
		return err
	}
	if err := checkWritable(target, st); err != nil {
		return err
	}
	return emit.ReplaceFile(target, data, st.Mode().Perm(), func(tmp *os.File) error {
		return keepOwner(tmp, st)
	})
}

// checkWritable refuses a file that is read-only: one whose mode has no
// write bit for anyone (chmod a-w, the usual way to protect a file, which
// root's access(2) check ignores), or one this user may not open for
// writing.
func checkWritable(target string, st os.FileInfo) error {
	if st.Mode().IsRegular() && st.Mode().Perm()&0o222 == 0 {
		return fmt.Errorf("it is read-only (mode %04o: no write permission for anyone), and fmt -w replaces only files it may write; make it writable first (chmod u+w)", st.Mode().Perm())
	}
	if err := accessWrite(target); err != nil {
		return fmt.Errorf("it is read-only for this user (%v), and fmt -w replaces only files it may write", err)
	}
	return nil
}

// writeFmtDiags prints diagnostics on stderr in check's text style, with
// source snippets of the files that were read.
func writeFmtDiags(c *cobra.Command, results []fmtResult, diags hcl.Diagnostics) error {
	if len(diags) == 0 {
		return nil
	}
	files := map[string]*hcl.File{}
	for _, r := range results {
		if r.fileForUI != nil {
			files[r.name] = r.fileForUI
		}
	}
	diag.Sort(diags)
	color := os.Getenv("NO_COLOR") == "" && isTerminal(c.ErrOrStderr())
	return diag.WriteText(c.ErrOrStderr(), files, diags, 0, color)
}

// fmtExitCode is 2 for a path that could not be read or written, 1 for a
// file that does not parse or, under --check, one that would change.
func fmtExitCode(diags hcl.Diagnostics, wouldChange bool) int {
	for _, d := range diags {
		if c := diag.CodeOf(d); c == diag.NoInput || c == diag.FileTooLarge {
			return 2
		}
	}
	if diags.HasErrors() || wouldChange {
		return 1
	}
	return 0
}
