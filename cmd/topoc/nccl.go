package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/nccl/ncclimport"
	"github.com/topoc/topoc/compiler/emit/nccl/topoxml"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// maxNCCLFile caps an NCCL topology file read by lint and import: NCCL
// loads at most 255 elements of at most 16 attributes of 253 characters,
// about 1 MB, so 4 MiB refuses only accidents (a log, a binary).
const maxNCCLFile = 4 << 20

func newNCCL() *cobra.Command {
	c := &cobra.Command{
		Use:   "nccl",
		Short: "Check and import NCCL topology files (NCCL_TOPO_FILE)",
		Long: "nccl lint checks NCCL topology files against the rules NCCL applies to them;\n" +
			"nccl import turns one into an HCL node_model. `topoc build --emit nccl` writes them. See docs/nccl.md.",
	}
	c.AddCommand(newNCCLLint(), newNCCLImport(), newNCCLEnv())
	return c
}

// readNCCL reads an NCCL file for lint or import, or prints why it cannot.
// Reading goes through lang.ReadFileLimited, so a stream or device
// (/dev/stdin, /dev/zero) is cut at maxNCCLFile bytes, not read to its end.
func readNCCL(c *cobra.Command, path string) ([]byte, bool) {
	src, err := lang.ReadFileLimited(path, maxNCCLFile)
	var tl *lang.TooLargeError
	if errors.As(err, &tl) {
		err = fmt.Errorf("%w, the limit for an NCCL topology file (NCCL loads at most %d elements)", tl, topoxml.MaxNodes)
	}
	if err != nil {
		fmt.Fprintf(c.ErrOrStderr(), "topoc: %v\n", err)
		return nil, false
	}
	return src, true
}

func newNCCLLint() *cobra.Command {
	var format string
	c := &cobra.Command{
		Use:   "lint FILE...",
		Short: "Check NCCL topology files and explain each finding",
		Long: "lint reads each FILE as NCCL 2.30's parser does and checks it against NCCL's rules:\n" +
			"lexical subset, element tree, required attributes, values NCCL misreads, limits,\n" +
			"and GPUs whose nearest NIC is too far for GPUDirect RDMA. Findings go to stderr,\n" +
			"one summary line per file to stdout.\nExit 0 no errors (warnings allowed), 1 a finding of error severity, 2 usage or I/O errors.",
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				fmt.Fprintf(c.ErrOrStderr(), "topoc: nccl lint needs at least one FILE\n%s", c.UsageString())
				return exitError{2}
			}
			if format != "text" && format != "json" {
				fmt.Fprintf(c.ErrOrStderr(), "topoc: --format must be text or json, not %q\n", format)
				return exitError{2}
			}
			type fileReport struct {
				File        string                `json:"file"`
				Diagnostics []diag.JSONDiagnostic `json:"diagnostics"`
			}
			out := struct {
				OK    bool         `json:"ok"`
				Files []fileReport `json:"files"`
			}{OK: true}
			color := os.Getenv("NO_COLOR") == "" && isTerminal(c.ErrOrStderr())
			for _, path := range args {
				src, ok := readNCCL(c, path)
				if !ok {
					return exitError{2}
				}
				ds := topoxml.Lint(path, src)
				out.OK = out.OK && !ds.HasErrors()
				if format == "json" {
					out.Files = append(out.Files, fileReport{File: path, Diagnostics: diag.ToJSON(ds)})
					continue
				}
				if err := diag.WriteText(c.ErrOrStderr(), map[string]*hcl.File{path: {Bytes: src}}, ds, 0, color); err != nil {
					return err
				}
				e, w, i := diag.Count(ds)
				fmt.Fprintf(c.OutOrStdout(), "%s: %s\n", path, diag.Tally(e, w, i))
			}
			if format == "json" {
				enc := json.NewEncoder(c.OutOrStdout())
				enc.SetIndent("", "  ")
				enc.SetEscapeHTML(false)
				if err := enc.Encode(out); err != nil {
					return err
				}
			}
			if !out.OK {
				return exitError{1}
			}
			return nil
		},
	}
	c.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return c
}

func newNCCLImport() *cobra.Command {
	var out, name string
	c := &cobra.Command{
		Use:   "import FILE [-o OUT.topo.hcl]",
		Short: "Turn an NCCL topology file (or an NCCL_TOPO_DUMP_FILE dump) into an HCL node_model",
		Long: "import reads FILE and writes a node_model (with helper gpu_model/nic_model blocks where the\n" +
			"file states facts the catalogue cannot supply) to stdout, or to OUT with -o. Every value the\n" +
			"file lacks is named in a nccl-import-missing warning on stderr and in a comment; topoc never\n" +
			"guesses it, and `topoc build --emit nccl` refuses the model until you state it.\n" +
			"Exit 0 written (warnings allowed), 1 FILE cannot be imported (it does not parse, or nccl lint finds an error in it),\n" +
			"2 usage or I/O errors.",
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				fmt.Fprintf(c.ErrOrStderr(), "topoc: nccl import needs exactly one FILE\n%s", c.UsageString())
				return exitError{2}
			}
			src, ok := readNCCL(c, args[0])
			if !ok {
				return exitError{2}
			}
			// A name given is a label the user chose: refused, never
			// rewritten. One derived from the file name is made safe, and
			// the note says so.
			if name != "" {
				if d := lang.CheckName("--name", name, hcl.Range{}); d != nil || emit.SafeName(name) != name {
					fmt.Fprintf(c.ErrOrStderr(), "topoc: --name %q: a node_model name holds only letters, digits, '-', '_' and '.', at most %d characters, and does not start with '.' or '-'\n", name, lang.MaxNameLen)
					return exitError{2}
				}
			} else if base := strings.TrimSuffix(filepath.Base(args[0]), filepath.Ext(args[0])); emit.SafeName(base) != base {
				fmt.Fprintf(c.ErrOrStderr(), "topoc: note: the node_model is named %q, from the file name %q with the characters a name may not hold replaced by '_'; --name chooses another\n", emit.SafeName(base), base)
			}
			text, ds := ncclimport.Import(args[0], src, ncclimport.ImportOptions{Name: name})
			color := os.Getenv("NO_COLOR") == "" && isTerminal(c.ErrOrStderr())
			if err := diag.WriteText(c.ErrOrStderr(), map[string]*hcl.File{args[0]: {Bytes: src}}, ds, 0, color); err != nil {
				return err
			}
			if text == nil {
				fmt.Fprintf(c.ErrOrStderr(), "topoc: nothing was imported; fix the errors above (`topoc nccl lint %s` lists every finding)\n", args[0])
				return exitError{1}
			}
			if out == "" {
				_, err := c.OutOrStdout().Write(text)
				return err
			}
			if err := emit.WriteFile(out, text); err != nil {
				fmt.Fprintln(c.ErrOrStderr(), "topoc:", importWriteError(out, err))
				return exitError{2}
			}
			_, w, _ := diag.Count(ds)
			fmt.Fprintf(c.OutOrStdout(), "wrote %s (%s not in the file; see the warnings)\n", out, units.CountOf(w, "value", "values"))
			return nil
		},
	}
	c.Flags().StringVarP(&out, "out", "o", "", "write the node model to this file instead of stdout")
	c.Flags().StringVar(&name, "name", "", "node_model name (default: FILE's base name without extension)")
	return c
}

// importWriteError explains why nccl import could not write -o OUT. The
// writer refuses a path that is not a regular file (a device, a pipe, a
// symbolic link, a directory) rather than rename over it; a directory is
// the usual slip, so the message says what -o wants instead.
func importWriteError(out string, err error) error {
	var nr *emit.NotRegularError
	if !errors.As(err, &nr) {
		return err
	}
	if nr.IsDir() {
		return fmt.Errorf("-o %s: %s is a directory; -o names the file to write, such as %s (nothing was written)",
			out, out, filepath.Join(out, "NAME"+lang.Suffix))
	}
	return fmt.Errorf("-o %s: %w, never over a device, named pipe, socket or symbolic link; remove it or choose another -o (nothing was written)", out, err)
}
