package lang

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
)

// DesignDirsUnder lists root and the directories below it that hold a
// *.topo.hcl file, in lexical order, skipping (below root) directories
// named testdata or starting with "." or "_". Symbolic links to
// directories are not followed, as filepath.WalkDir does not.
func DesignDirsUnder(root string) ([]string, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(d.Name(), Suffix) && d.Type().IsRegular() {
			dirs = append(dirs, filepath.Dir(p))
		}
		return nil
	})
	slices.Sort(dirs)
	return slices.Compact(dirs), err
}

// subdirectoryDesigns names up to three directories below dir that hold
// designs, for the hint of a directory that holds none itself.
func subdirectoryDesigns(dir string) []string {
	dirs, _ := DesignDirsUnder(dir)
	dirs = slices.DeleteFunc(dirs, func(d string) bool { return d == filepath.Clean(dir) })
	return dirs[:min(len(dirs), 3)]
}
