package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/spf13/cobra"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
)

func newFmt() *cobra.Command {
	var check, write bool
	c := &cobra.Command{
		Use:   "fmt [--check] [-w] [PATH...]",
		Short: "Format design files in HCL's canonical style",
		Long: "fmt rewrites *.topo.hcl files in HCL's canonical style (hclwrite): two-space indents, aligned\n" +
			"equals signs, normalised spacing. Each PATH is a file or a directory of *.topo.hcl files (default \".\");\n" +
			"\"-\" reads standard input. A file with a syntax error gets the diagnostic and is left alone.\n\n" +
			"Without flags, one file is printed formatted on stdout; several are listed when they would change.\n" +
			"--check lists the files that would change and exits 1 if there are any; -w rewrites them in place.\n" +
			"Exit 0 done, 1 syntax errors (or changes under --check), 2 usage or I/O errors.",
		RunE: func(c *cobra.Command, args []string) error {
			if check && write {
				fmt.Fprintln(c.ErrOrStderr(), "topoc: fmt: --check and -w exclude each other: --check only reports, -w rewrites")
				return exitError{2}
			}
			if len(args) == 0 {
				args = []string{"."}
			}
			if slices.Contains(args, "-") {
				if len(args) > 1 || write {
					fmt.Fprintln(c.ErrOrStderr(), "topoc: fmt: \"-\" (standard input) must be the only PATH, without -w")
					return exitError{2}
				}
				return fmtStdin(c, check)
			}
			return fmtPaths(c, args, check, write)
		},
	}
	c.Flags().BoolVar(&check, "check", false, "list the files that would change and exit 1 if any would; change nothing")
	c.Flags().BoolVarP(&write, "write", "w", false, "rewrite files in place (atomically) and list the ones rewritten")
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
// that change, or rewrites them (-w); diagnostics go to stderr after the
// list.
func fmtPaths(c *cobra.Command, args []string, check, write bool) error {
	stdout := c.OutOrStdout()
	quiet := quietFlag(c)
	files, diags := lang.DesignPaths(args)
	// One PATH naming a file, no flags: print it, as gofmt does.
	single := len(args) == 1 && len(files) == 1 && files[0] == args[0] && !check && !write
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
		switch {
		case single:
			if _, err := stdout.Write(r.out); err != nil {
				return err
			}
		case r.changed() && write:
			if err := rewrite(r.name, r.out); err != nil {
				// As build reports a file it cannot write: an I/O error,
				// not a diagnostic of the design.
				fmt.Fprintf(c.ErrOrStderr(), "topoc: fmt: %s: %v; the file is unchanged\n", r.name, err)
				writeFailed = true
				continue
			}
			changed = true
			if !quiet {
				fmt.Fprintln(stdout, r.name)
			}
		case r.changed():
			changed = true
			if !quiet {
				fmt.Fprintln(stdout, r.name)
			}
		}
	}
	if err := writeFmtDiags(c, results, diags); err != nil {
		return err
	}
	code := fmtExitCode(diags, check && changed)
	if writeFailed {
		code = 2
	}
	if code != 0 {
		return exitError{code}
	}
	return nil
}

// fmtStdin formats standard input onto standard output; with check it
// prints nothing and exits 1 when the input is not formatted.
func fmtStdin(c *cobra.Command, check bool) error {
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
	if check {
		if r.changed() {
			return exitError{1}
		}
		return nil
	}
	_, err = c.OutOrStdout().Write(r.out)
	return err
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
