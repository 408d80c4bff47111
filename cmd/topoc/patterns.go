package main

import (
	"os"
	"strings"

	"github.com/topoc/topoc/lang"
)

// recursiveSuffix ends a PATH that stands for a directory and every
// directory below it, as Go's "./..." does.
const recursiveSuffix = "/..."

// isRecursive reports whether a PATH is a "DIR/..." pattern (or "...").
func isRecursive(p string) bool { return p == "..." || strings.HasSuffix(p, recursiveSuffix) }

// expandDesignDirs replaces each "DIR/..." PATH (each directory PATH, when
// all is set, as fmt -recursive does) with DIR and every directory below
// it that holds a *.topo.hcl file, sorted. Walking skips, below DIR,
// directories named "testdata" or starting with "." or "_", as the go
// command does for "./..." (testdata holds designs that fail on purpose;
// .git and build outputs hold none of the user's). Other PATHs are kept
// as they are. A pattern that matches no design directory is kept, so
// that loading it reports that it holds no design.
func expandDesignDirs(paths []string, all bool) ([]string, error) {
	var out []string
	for _, p := range paths {
		root := p
		switch {
		case isRecursive(p):
			root = strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/")
			if root == "" {
				root = "."
			}
		case all:
			if st, err := os.Stat(p); err != nil || !st.IsDir() {
				out = append(out, p)
				continue
			}
		default:
			out = append(out, p)
			continue
		}
		dirs, err := lang.DesignDirsUnder(root)
		if err != nil {
			return nil, err
		}
		if len(dirs) == 0 {
			dirs = []string{root}
		}
		out = append(out, dirs...)
	}
	return out, nil
}
