package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/topoc/topoc/analyzers/all"
	"github.com/topoc/topoc/analyzers/results"
	"github.com/topoc/topoc/cmd/topoc/internal/report"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

func newDiff() *cobra.Command {
	var df designFlags
	var format string
	var exitCode bool
	var maps []string
	c := &cobra.Command{
		Use:   "diff OLD NEW",
		Short: "Show the semantic differences between two versions of a design",
		Long: "diff checks both designs (files, directories, or REV:PATH for a git revision) and prints every\n" +
			"quantity that differs: endpoints, switches per tier, links by kind, ports, cables, and each analysis\n" +
			"result (bisection, oversubscription, requirements). Fabrics pair by --map, then by name, then by family\n" +
			"in design order, so a renamed fabric is diffed, not removed and added.\n" +
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
			renames := map[string]string{}
			for _, m := range maps {
				o, n, ok := strings.Cut(m, "=")
				if !ok || o == "" || n == "" {
					fmt.Fprintf(c.ErrOrStderr(), "topoc: --map %q: want OLD=NEW, the fabric's name in each design\n", m)
					return exitError{2}
				}
				if _, dup := renames[o]; dup {
					fmt.Fprintf(c.ErrOrStderr(), "topoc: --map names old fabric %q twice\n", o)
					return exitError{2}
				}
				renames[o] = n
			}
			var reps [2]results.Check
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
			d, err := report.Compare(&reps[0], &reps[1], renames)
			if err != nil {
				fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
				return exitError{2}
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
	c.Flags().StringArrayVar(&maps, "map", nil, "pair fabric OLD of the first design with NEW of the second: --map OLD=NEW (repeatable); unmapped fabrics pair by name, then by family in design order")
	return c
}

// materialize returns a local path for a diff operand. An existing file or
// directory is used as is; "REV:PATH" (not an existing path) is read from
// git into a temporary directory, so a design can be compared with an
// earlier revision of itself. Only the design files are read: PATH itself
// when it names a file, else the *.topo.hcl files directly in it, as
// lang.DesignFiles would list them, each through the size limits of a
// design, so an unrelated large file in the revision costs nothing.
// cleanup removes the temporary directory.
func materialize(arg string) (string, func(), error) {
	nothing := func() {}
	if _, err := os.Stat(arg); err == nil {
		return arg, nothing, nil
	}
	rev, rel, ok := strings.Cut(arg, ":")
	if !ok || rev == "" {
		return "", nothing, fmt.Errorf("%s: no such file or directory (for a git revision write REV:PATH)", arg)
	}
	// Refused here as well as by --end-of-options below: a revision is
	// never an option, and saying so is clearer than git's message.
	if strings.HasPrefix(rev, "-") {
		return "", nothing, fmt.Errorf("%s: %q is not a revision: a revision does not start with '-'", arg, rev)
	}
	if rel == "" {
		rel = "."
	}
	prefix, err := git("rev-parse", "--show-prefix")
	if err != nil {
		return "", nothing, fmt.Errorf("%s: not a path, and git cannot read revision %q here: %v", arg, rev, err)
	}
	// Paths are relative to the current directory, as in `git show REV:./PATH`.
	full := path.Clean(strings.TrimSpace(string(prefix)) + filepath.ToSlash(rel))
	if !filepath.IsLocal(filepath.FromSlash(full)) {
		return "", nothing, fmt.Errorf("%s: %s is outside the repository", arg, rel)
	}
	// From here on git sees the tree's object name, never the user's
	// text: --end-of-options keeps "--output=..." from being an option.
	tree, err := git("rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{tree}")
	if err != nil {
		return "", nothing, fmt.Errorf("%s: git cannot read revision %q: not a commit or tree in this repository", arg, rev)
	}
	files, err := revisionDesignFiles(strings.TrimSpace(string(tree)), full)
	if err != nil {
		return "", nothing, fmt.Errorf("%s: %v", arg, err)
	}
	if len(files) == 0 {
		return "", nothing, fmt.Errorf("%s: revision %s has no *%s files in %s", arg, rev, lang.Suffix, rel)
	}
	dir, err := os.MkdirTemp("", "topoc-diff-")
	if err != nil {
		return "", nothing, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	var total int64
	for _, f := range files {
		data, err := readBlob(f.object, min(lang.MaxFileBytes, lang.MaxDesignBytes-total))
		var tl *lang.TooLargeError
		if errors.As(err, &tl) {
			if tl.Limit < lang.MaxFileBytes {
				err = fmt.Errorf("the design files in revision %s reach more than %d bytes at %s; a design is limited to %d bytes in all", rev, lang.MaxDesignBytes, f.name, lang.MaxDesignBytes)
			} else {
				err = fmt.Errorf("%s in revision %s is more than %d bytes, the limit for a design file", f.name, rev, lang.MaxFileBytes)
			}
		}
		if err != nil {
			cleanup()
			return "", nothing, fmt.Errorf("%s: %v", arg, err)
		}
		total += int64(len(data))
		dst := filepath.Join(dir, filepath.FromSlash(f.name))
		err = os.MkdirAll(filepath.Dir(dst), 0o755)
		if err == nil {
			err = os.WriteFile(dst, data, 0o644)
		}
		if err != nil {
			cleanup()
			return "", nothing, fmt.Errorf("%s: %v", arg, err)
		}
	}
	return filepath.Join(dir, filepath.FromSlash(full)), cleanup, nil
}

// git runs git with args in the current directory and returns its
// standard output, or an error holding its standard error.
func git(args ...string) ([]byte, error) {
	var stderr bytes.Buffer
	cmd := exec.Command("git", args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("%v: %s", err, msg)
		}
		return nil, err
	}
	return out, nil
}

// revisionFile is a regular file of a git tree: its path from the
// repository's top and its blob's object name.
type revisionFile struct{ name, object string }

// revisionDesignFiles lists the design files of tree under full (a path
// from the top of the repository): full itself when it is a file, else
// the regular *.topo.hcl files directly in it, sorted. The listing holds
// names and object names only; no file is read.
func revisionDesignFiles(tree, full string) ([]revisionFile, error) {
	args := []string{"--literal-pathspecs", "ls-tree", "-r", "-z", "--full-tree", tree}
	if full != "." {
		args = append(args, "--", full)
	}
	out, err := git(args...)
	if err != nil {
		return nil, fmt.Errorf("git ls-tree: %v", err)
	}
	var files []revisionFile
	found := false
	for _, rec := range strings.Split(string(out), "\x00") {
		// "<mode> SP <type> SP <object> TAB <name>"
		meta, name, ok := strings.Cut(rec, "\t")
		fields := strings.Fields(meta)
		if !ok || len(fields) != 3 {
			continue
		}
		mode, typ, object := fields[0], fields[1], fields[2]
		regular := typ == "blob" && (mode == "100644" || mode == "100755")
		if name == full {
			// PATH names a file: taken whatever its name, as on disk.
			if !regular {
				return nil, fmt.Errorf("%s is not a regular file in the revision (git mode %s)", full, mode)
			}
			return []revisionFile{{name, object}}, nil
		}
		found = true
		// A directory contributes the design files directly in it, not
		// those of its subdirectories; a symbolic link or a submodule is
		// no design file.
		if path.Dir(name) == full && strings.HasSuffix(name, lang.Suffix) && regular {
			files = append(files, revisionFile{name, object})
		}
	}
	if !found {
		return nil, fmt.Errorf("%s is not in the revision", full)
	}
	return files, nil
}

// readBlob reads the blob object through a limit of limit bytes: a blob
// past it is refused with a *lang.TooLargeError once limit+1 bytes have
// come, and git is stopped rather than drained.
func readBlob(object string, limit int64) ([]byte, error) {
	var stderr bytes.Buffer
	cmd := exec.Command("git", "cat-file", "blob", object)
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	data, over, err := lang.ReadLimited(pipe, limit)
	if over || err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		if err != nil {
			return nil, err
		}
		return nil, &lang.TooLargeError{Name: object, Size: int64(len(data)), Limit: limit, Stream: true}
	}
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("git cat-file %s: %v: %s", object, err, strings.TrimSpace(stderr.String()))
	}
	return data, nil
}
