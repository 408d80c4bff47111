package main

import (
	"os"
	"path/filepath"
	"slices"
)

// designDirs maps PATHs to the designs that hold them, for check
// --dirs-of-files: a directory is a design (lang.Load reads its
// *.topo.hcl files and merges them), so a file stands for its directory
// and a directory for itself. A path that no longer exists (a file deleted
// in the change being committed) still names its directory. The result
// holds each directory once, sorted, each as its own one-path design:
// one file of a multi-file design is not a design, and two directories
// are two designs, never merged.
func designDirs(paths []string) [][]string {
	var dirs []string
	for _, p := range paths {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			dirs = append(dirs, filepath.Clean(p))
			continue
		}
		dirs = append(dirs, filepath.Dir(p))
	}
	slices.Sort(dirs)
	dirs = slices.Compact(dirs)
	out := make([][]string, len(dirs))
	for i, d := range dirs {
		out[i] = []string{d}
	}
	return out
}
