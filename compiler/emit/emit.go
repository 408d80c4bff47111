// Package emit defines what a back end produces (artifacts: relative
// paths and bytes) and writes an artifact set into an output directory
// safely: every path is checked to stay inside the directory, the whole
// set is written into a staging directory first and moved into place only
// when every file was written, only regular files are ever replaced, and
// nothing is written unless every artifact was produced.
//
// Back ends live in the sub-packages (irjson, graphml, dot, graphviz,
// cabling, netbox, nccl); each sees only compiler/ir.
package emit

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// Artifact is one output file: Path is relative to the output directory,
// with forward slashes ("diagrams/overview.svg").
type Artifact struct {
	Path string
	Data []byte
}

// Input is what every emitter reads: the compiled graph and the options of
// `topoc build`.
type Input struct {
	Graph *ir.Graph
	// LinkLoads, when a workload was analyzed, holds per-link load ÷
	// capacity for the heatmap, indexed by LinkID (nil otherwise).
	LinkLoads []float64
	// LinkLoadsFrom names what LinkLoads shows (`workload "w",
	// collective "c"`), for the heatmap's caption; "" when unknown.
	LinkLoadsFrom string
	// Explicit is true when the emitter was named in --emit (not only
	// taken by "all"): an emitter may then refuse what it would
	// otherwise leave out with a note (ibsim's limits).
	Explicit bool
	// Failure, when set, is a what-if scenario to draw: each fabric it
	// touches gets a "whatif" overview with the failed devices and links
	// marked (docs/diagrams.md).
	Failure *Failure
}

// Failure is a what-if scenario for the diagrams: its name and, indexed by
// NodeID and LinkID, what failed (a failed node's links included).
type Failure struct {
	Name  string
	Nodes []bool
	Links []bool
}

// Emitter is one back end.
type Emitter struct {
	// Name is the --emit name ("ir", "graphml", "svg", ...).
	Name string
	// Doc is a one-line description for `topoc build --help` and docs/cli.md.
	Doc  string
	Emit func(*Input) ([]Artifact, error)
	// OnlyByName leaves the emitter out of --emit all: its files grow
	// with ranks × operations per step (Chakra traces: 229 MB for the
	// H100 SuperPOD's tensor-parallel job), so it runs when named.
	OnlyByName bool
	// Preflight, when set, finds cheaply what Emit would refuse (names a
	// scheduler takes), without writing anything: `topoc check` runs it
	// (PreflightDiagnostics), so that a design that checks clean also
	// builds. It returns the first refusal, as Emit would, or nil.
	Preflight func(*ir.Graph) *Error
	// Flags are the emitter's own options, as an analyzer's are
	// (analysis.Analyzer.Flags): `topoc build` surfaces flag F of
	// emitter E as --E.F and parses it before any emitter runs.
	Flags flag.FlagSet
}

// NoFabricNote is the DIR/README.txt an InfiniBand hand-off writes when
// it was asked for by name and the design has no InfiniBand fabric, so
// the build says why it wrote nothing there.
func NoFabricNote(dir, what string) Artifact {
	return Artifact{Path: dir + "/README.txt", Data: []byte("No " + what + " files: the design has no InfiniBand fabric (one whose every switch model states protocol = \"infiniband\").\n")}
}

// CheckPath reports whether p is a safe relative artifact path: not
// empty, not absolute, no "..", no backslash, no NUL, no control bytes,
// and no empty or "." segment. Paths derived from design names must pass
// it before anything is written.
func CheckPath(p string) error {
	if p == "" || strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00:") {
		return fmt.Errorf("artifact path %q is not a plain relative path", p)
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return fmt.Errorf("artifact path %q has an empty, \".\" or \"..\" segment", p)
		}
		// 255 bytes is the name limit of ext4, XFS, APFS and NTFS; leave
		// room for the temporary-file prefix and suffix WriteFile adds.
		if len(seg) > maxSegment {
			return fmt.Errorf("artifact path %q has a name of %d bytes; file systems allow 255 (shorten the fabric or unit name)", p, len(seg))
		}
		for _, r := range seg {
			if r < 0x20 || r == 0x7f {
				return fmt.Errorf("artifact path %q has a control character", p)
			}
		}
	}
	return nil
}

// maxSegment is the longest file name an artifact may have: 255 bytes
// (the common file-system limit) less the ".", ".tmp" and 10 random
// digits of WriteFile's temporary name.
const maxSegment = 255 - 16

// SafeName turns a design name ("pod3/leaf7", "su 1") into one file-name
// segment: letters, digits, '-', '_' and '.' are kept, anything else
// becomes '_', and a leading '.' becomes '_' so no name is hidden or "..".
func SafeName(name string) string {
	b := []byte(name)
	out := make([]byte, 0, len(b))
	for _, c := range b {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_', c == '.':
			out = append(out, c)
		default:
			out = append(out, '_')
		}
	}
	if len(out) == 0 || out[0] == '.' {
		out = append([]byte{'_'}, out...)
	}
	return string(out)
}

// checkTargets finds, before anything is written, what would stop the set
// half way: a file where an artifact needs a directory ("diagrams" is a
// file), or a directory where an artifact's file goes. Errors name the
// path and say what to do.
func checkTargets(dir string, arts []Artifact) error {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return fmt.Errorf("output %s is a file, not a directory; choose another -o", dir)
	}
	checked := map[string]bool{}
	for _, a := range arts {
		segs := strings.Split(a.Path, "/")
		p := dir
		for i, seg := range segs {
			p = filepath.Join(p, seg)
			last := i == len(segs)-1
			if checked[p] && !last {
				continue
			}
			checked[p] = true
			st, err := os.Lstat(p)
			if err != nil {
				break // absent: created when written
			}
			switch {
			case !last && st.Mode()&fs.ModeSymlink != 0:
				// Following it would write outside -o.
				return fmt.Errorf("%s is a symbolic link but the build writes %s inside it, and writes only inside -o, never through a link; remove the link or choose another -o", p, a.Path)
			case !last && !st.IsDir():
				return fmt.Errorf("%s is a %s but the build writes %s inside it; remove it or choose another -o", p, kindOf(st.Mode()), a.Path)
			case last && st.IsDir():
				return fmt.Errorf("%s is a directory but the build writes a file there; remove it or choose another -o", p)
			case last && !st.Mode().IsRegular():
				// The rename would replace the link, pipe or device node
				// itself: never what a build was asked to do.
				return fmt.Errorf("%w; the build writes a regular file there: remove it or choose another -o", notRegular(p, st.Mode()))
			}
		}
	}
	return nil
}

// kindOf names a file mode for messages: "file" for a regular file, else
// diag.FileKind's word.
func kindOf(m fs.FileMode) string {
	if m.IsRegular() {
		return "file"
	}
	return diag.FileKind(m)
}

// Error is an emitter's refusal of the design, with a stable diagnostic
// code (documented in docs/diagnostics.md): `topoc build` prints it as
// Error[code] and exits 1, and writes nothing.
type Error struct {
	Code diag.Code
	Msg  string
	// At is the origin of what the emitter refuses (the node group or
	// fabric block that named a node), for the warning `topoc check`
	// reports from Preflight; 0 when no block is to blame.
	At ir.OriginID
}

func (e *Error) Error() string { return e.Msg }

// HostFix says how to rename host n of g for a hand-off that refuses its
// name: through its node group's hostname template (a server), its own
// name (a custom fabric's host), or the names of the fabric and units a
// generated host's name is made of (an implicit host of a fat_tree,
// clos, dragonfly or torus). Emitters end their refusals with it, so the
// advice fits the node (trial 68: a fat-tree host was told to set its
// node group's hostname).
func HostFix(g *ir.Graph, n ir.NodeID) string {
	switch {
	case len(g.Children(n)) > 0:
		return "set the node group's hostname template, or rename its servers"
	case len(g.Nodes[n].FabricIDs()) > 0 && g.Fabrics[g.Nodes[n].FabricIDs()[0]].Family == ir.FamilyCustom:
		return "rename the host (its name in the custom fabric)"
	}
	return "rename the fabric, or its units, whose names the generated host names carry"
}

// PreflightDiagnostics runs the Preflight of every emitter of ems that has
// one and takes part in --emit all, and returns each refusal as a warning
// at its origin: the design checks, but `topoc build` would stop there.
// Refusals several emitters share (Slurm's node names, which the
// Kubernetes hand-off reuses) are reported once.
func PreflightDiagnostics(g *ir.Graph, ems []*Emitter) hcl.Diagnostics {
	var out hcl.Diagnostics
	seen := map[string]bool{}
	for _, e := range ems {
		if e.Preflight == nil || e.OnlyByName {
			continue
		}
		err := e.Preflight(g)
		if err == nil || seen[err.Msg] {
			continue
		}
		seen[err.Msg] = true
		d := diag.Warning(err.Code, g.Range(err.At), "Hand-off would refuse this design",
			fmt.Sprintf("%s. topoc build stops here (--emit %s) and writes nothing; fix it, or leave %s out of --emit.", err.Msg, e.Name, e.Name))
		if err.At == 0 {
			d.Subject = nil
		}
		out = append(out, d)
	}
	return out
}
