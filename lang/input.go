package lang

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

// TooLargeError is the error of ReadFileLimited for an input past its
// limit. Size is the file's size in bytes when the file system states it;
// for a stream or a device (a pipe, /dev/stdin, /dev/zero) it is the
// limit + 1 bytes that were read before reading stopped, and Stream is set.
type TooLargeError struct {
	Name   string
	Size   int64
	Limit  int64
	Stream bool
}

func (e *TooLargeError) Error() string {
	if e.Stream {
		return fmt.Sprintf("%s is more than %d bytes", e.Name, e.Limit)
	}
	return fmt.Sprintf("%s is %d bytes, more than %d", e.Name, e.Size, e.Limit)
}

// ReadLimited reads r to its end or to limit+1 bytes, whichever comes
// first, and reports whether r held more than limit bytes (the data is
// then limit+1 bytes long and must be refused). Reading through an
// io.LimitReader bounds memory whatever r is: a stream never ends, and a
// device's size on disk says nothing about what it yields.
func ReadLimited(r io.Reader, limit int64) (data []byte, over bool, err error) {
	data, err = io.ReadAll(io.LimitReader(r, limit+1))
	return data, int64(len(data)) > limit, err
}

// ReadFileLimited reads the file name, refusing with a *TooLargeError a
// file of more than limit bytes: a regular file by its stated size before
// it is read, anything else (a named pipe, a device) after limit+1 bytes.
// A directory is refused with an error. The open blocks on a named pipe
// until a writer opens it, as cat does; directory walks (DesignFiles) never
// hand one here.
func ReadFileLimited(name string, limit int64) ([]byte, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a directory", name)
	}
	if st.Mode().IsRegular() && st.Size() > limit {
		return nil, &TooLargeError{Name: name, Size: st.Size(), Limit: limit}
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, over, err := ReadLimited(f, limit)
	if err != nil {
		return nil, err
	}
	if over {
		return nil, &TooLargeError{Name: name, Size: int64(len(data)), Limit: limit, Stream: !st.Mode().IsRegular()}
	}
	return data, nil
}

// ReadDesignFile reads one design file (or a stream named on the command
// line) of at most MaxFileBytes, or returns the diagnostic that refuses
// it: file-too-large at the file's start, no-input when it cannot be read.
func ReadDesignFile(name string) ([]byte, *hcl.Diagnostic) {
	src, err := ReadFileLimited(name, MaxFileBytes)
	if tl, ok := err.(*TooLargeError); ok {
		return nil, FileTooLargeDiag(tl)
	}
	if err != nil {
		return nil, diag.Error(diag.NoInput, hcl.Range{}, "Cannot read "+name, err.Error())
	}
	return src, nil
}

// FileTooLargeDiag is the file-too-large diagnostic for e, at the start of
// the file.
func FileTooLargeDiag(e *TooLargeError) *hcl.Diagnostic {
	size := fmt.Sprintf("%d bytes", e.Size)
	if e.Stream {
		size = fmt.Sprintf("more than %d bytes (a stream or device, read up to the limit)", e.Limit)
	}
	return diag.Error(diag.FileTooLarge, fileStart(e.Name), "File too large",
		fmt.Sprintf("%s is %s; design files are limited to %d bytes. Check that the path names a design file.", e.Name, size, e.Limit))
}

// DesignFiles lists the *.topo.hcl entries of directory dir, sorted, not
// descending into subdirectories. An entry that is not a regular file (a
// named pipe, a device, a socket; a symbolic link counts as what it points
// to) is refused with a no-input diagnostic and never opened: opening a
// named pipe blocks until some other process writes to it. A directory
// with no design file is a no-input error.
func DesignFiles(dir string) ([]string, hcl.Diagnostics) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, hcl.Diagnostics{diag.Error(diag.NoInput, hcl.Range{}, "Cannot read "+dir, err.Error())}
	}
	var out []string
	var diags hcl.Diagnostics
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), Suffix) {
			continue
		}
		name := filepath.Join(dir, e.Name())
		mode := e.Type()
		if mode&fs.ModeSymlink != 0 {
			st, err := os.Stat(name) // stat, unlike open, never blocks
			if err != nil {
				diags = append(diags, diag.Error(diag.NoInput, hcl.Range{}, "Cannot read "+name, err.Error()))
				continue
			}
			if st.IsDir() {
				continue
			}
			mode = st.Mode()
		}
		if !mode.IsRegular() {
			diags = append(diags, diag.Error(diag.NoInput, hcl.Range{}, "Not a regular file: "+name,
				fmt.Sprintf("%s is a %s, not a file; a design directory holds regular *%s files. Remove or rename it, or name the file itself on the command line.", name, diag.FileKind(mode), Suffix)))
			continue
		}
		out = append(out, name)
	}
	if len(out) == 0 && len(diags) == 0 {
		detail := "A design directory holds one or more *" + Suffix + " files; this one has none."
		if sub := subdirectoryDesigns(dir); len(sub) > 0 {
			detail += fmt.Sprintf(" Designs are in subdirectories (%s); name one, or all with %s/...", strings.Join(sub, ", "), strings.TrimSuffix(dir, "/"))
		}
		diags = append(diags, diag.Error(diag.NoInput, hcl.Range{}, "No design files in "+dir, detail))
	}
	return out, diags
}
