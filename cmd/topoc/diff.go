package main

import (
	"archive/tar"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/topoc/topoc/analyzers/all"
	"github.com/topoc/topoc/analyzers/report"
	"github.com/topoc/topoc/lang/diag"
)

func newDiff() *cobra.Command {
	var df designFlags
	var format string
	var exitCode bool
	c := &cobra.Command{
		Use:   "diff OLD NEW",
		Short: "Show the semantic differences between two versions of a design",
		Long: "diff checks both designs (files, directories, or REV:PATH for a git revision) and prints every\n" +
			"quantity that differs: endpoints, switches per tier, links by kind, ports, cables, and each analysis\n" +
			"result (bisection, oversubscription, requirements).\n" +
			"Exit 0 (with --exit-code: 0 no differences, 1 differences), 2 usage or I/O errors.",
		Args: cobra.ExactArgs(2),
		RunE: func(c *cobra.Command, args []string) error {
			if format != "text" && format != "markdown" && format != "json" {
				fmt.Fprintf(c.ErrOrStderr(), "topoc: --format must be text, markdown or json, not %q\n", format)
				return exitError{2}
			}
			if err := df.validate(); err != nil {
				fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
				return exitError{2}
			}
			var reps [2]report.Check
			for i, arg := range args {
				path, cleanup, err := materialize(arg)
				if err != nil {
					fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
					return exitError{2}
				}
				defer cleanup()
				res := df.compile([]string{path})
				if code := res.exitCode(); code == 2 {
					diag.WriteText(c.ErrOrStderr(), res.cfg.Files, res.diags, 0, false)
					return exitError{2}
				}
				fabrics, err := res.analyze(all.Analyzers)
				if err != nil {
					return err
				}
				reps[i] = res.checkReport(fabrics)
			}
			d, err := report.Compare(&reps[0], &reps[1])
			if err != nil {
				return err
			}
			switch format {
			case "json":
				enc := json.NewEncoder(c.OutOrStdout())
				enc.SetIndent("", "  ")
				enc.SetEscapeHTML(false)
				if err := enc.Encode(d); err != nil {
					return err
				}
			case "markdown":
				report.WriteDiffMarkdown(c.OutOrStdout(), d)
			default:
				report.WriteDiffText(c.OutOrStdout(), d)
			}
			if exitCode && !d.Empty() {
				return exitError{1}
			}
			return nil
		},
	}
	df.register(c)
	c.Flags().StringVar(&format, "format", "text", "output format: text, markdown or json")
	c.Flags().BoolVar(&exitCode, "exit-code", false, "exit 1 when the designs differ")
	return c
}

// materialize returns a local path for a diff operand. An existing file or
// directory is used as is; "REV:PATH" (not an existing path) is exported
// from git with `git archive` into a temporary directory, so a design can
// be compared with an earlier revision of itself. cleanup removes what was
// exported.
func materialize(arg string) (string, func(), error) {
	nothing := func() {}
	if _, err := os.Stat(arg); err == nil {
		return arg, nothing, nil
	}
	rev, path, ok := strings.Cut(arg, ":")
	if !ok || rev == "" {
		return "", nothing, fmt.Errorf("%s: no such file or directory (for a git revision write REV:PATH)", arg)
	}
	if path == "" {
		path = "."
	}
	top, err := exec.Command("git", "rev-parse", "--show-prefix").Output()
	if err != nil {
		return "", nothing, fmt.Errorf("%s: not a path, and git cannot read revision %q here: %v", arg, rev, err)
	}
	// Paths are relative to the current directory, as in `git show REV:./PATH`.
	full := filepath.ToSlash(filepath.Clean(filepath.Join(strings.TrimSpace(string(top)), path)))
	dir, err := os.MkdirTemp("", "topoc-diff-")
	if err != nil {
		return "", nothing, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	var tarball, stderr bytes.Buffer
	cmd := exec.Command("git", "archive", "--format=tar", rev, "--", full)
	cmd.Stdout, cmd.Stderr = &tarball, &stderr
	if err := cmd.Run(); err != nil {
		cleanup()
		return "", nothing, fmt.Errorf("%s: git archive: %s", arg, strings.TrimSpace(stderr.String()))
	}
	if err := untar(&tarball, dir); err != nil {
		cleanup()
		return "", nothing, fmt.Errorf("%s: extracting: %v", arg, err)
	}
	return filepath.Join(dir, filepath.FromSlash(full)), cleanup, nil
}

// untar extracts the regular files of a tar stream under dir, refusing
// any entry whose name would land outside it.
func untar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		name := filepath.Clean(filepath.FromSlash(h.Name))
		if !filepath.IsLocal(name) {
			return fmt.Errorf("archive entry %q is outside the tree", h.Name)
		}
		dst := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		f, err := os.Create(dst)
		if err != nil {
			return err
		}
		_, err = io.Copy(f, io.LimitReader(tr, h.Size))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
}
