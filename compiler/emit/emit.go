// Package emit defines what a back end produces (artifacts: relative
// paths and bytes) and writes an artifact set into an output directory
// safely: every path is checked to stay inside the directory, every file
// is written to a temporary name and renamed into place, and nothing is
// written unless every artifact was produced.
//
// Back ends live in the sub-packages (irjson, graphml, dot, graphviz,
// cabling, netbox, nccl); each sees only compiler/ir.
package emit

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
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
	// NetBoxVersion selects the NetBox CSV column set ("4.3"); "" is the
	// emitter's documented default.
	NetBoxVersion string
	// LinkLoads, when a workload was analyzed, holds per-link load ÷
	// capacity for the heatmap, indexed by LinkID (nil otherwise).
	LinkLoads []float64
}

// Emitter is one back end.
type Emitter struct {
	// Name is the --emit name ("ir", "graphml", "svg", ...).
	Name string
	// Doc is a one-line description for `topoc build --help` and docs/cli.md.
	Doc  string
	Emit func(*Input) ([]Artifact, error)
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

// WriteAll writes the artifacts under dir (created if missing). It checks
// every path and rejects duplicates before writing anything; each file is
// written to a temporary file in its final directory and renamed, so a
// reader never sees a half-written file. Artifacts are written in path
// order.
func WriteAll(dir string, arts []Artifact) error {
	seen := map[string]bool{}
	for _, a := range arts {
		if err := CheckPath(a.Path); err != nil {
			return err
		}
		if seen[a.Path] {
			return fmt.Errorf("two artifacts are both named %q", a.Path)
		}
		seen[a.Path] = true
	}
	sorted := append([]Artifact(nil), arts...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Path < sorted[j].Path })
	if err := checkTargets(dir, sorted); err != nil {
		return err
	}
	for _, a := range sorted {
		if err := WriteFile(filepath.Join(dir, filepath.FromSlash(a.Path)), a.Data); err != nil {
			return err
		}
	}
	return nil
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
			case !last && !st.IsDir():
				return fmt.Errorf("%s is a file but the build writes %s inside it; remove it or choose another -o", p, a.Path)
			case last && st.IsDir():
				return fmt.Errorf("%s is a directory but the build writes a file there; remove it or choose another -o", p)
			}
		}
	}
	return nil
}

// WriteFile writes data to path atomically: a temporary file in the same
// directory (created with its parents), synced, then renamed over path.
func WriteFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
