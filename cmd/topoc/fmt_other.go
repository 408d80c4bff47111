//go:build !unix

package main

import (
	"io/fs"
	"os"
)

// accessWrite has no access(2) to ask here; the mode check of
// checkWritable (the read-only attribute) and the write itself decide.
func accessWrite(string) error { return nil }

// keepOwner has no owner to keep on systems without Unix ownership.
func keepOwner(*os.File, fs.FileInfo) error { return nil }
