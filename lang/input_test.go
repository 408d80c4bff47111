package lang

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/topoc/topoc/lang/diag"
)

// endless yields 'y' forever and counts what it handed out.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'y'
	}
	e.n += int64(len(p))
	return len(p), nil
}

// A stream with no end is read to limit+1 bytes and no further, then
// refused; a stream within the limit is read whole.
func TestReadLimited(t *testing.T) {
	r := &endless{}
	data, over, err := ReadLimited(r, 1000)
	if err != nil || !over || len(data) != 1001 || r.n > 1001+4096 {
		t.Fatalf("endless stream: %d bytes (%d pulled), over %v, err %v; want 1001, over", len(data), r.n, over, err)
	}
	data, over, err = ReadLimited(strings.NewReader("abc"), 3)
	if err != nil || over || string(data) != "abc" {
		t.Fatalf("3 bytes at limit 3: %q, over %v, err %v", data, over, err)
	}
}

// A regular file is refused by its size without being read; a device is
// cut at the limit (its size on disk is 0).
func TestReadFileLimited(t *testing.T) {
	name := filepath.Join(t.TempDir(), "big.topo.hcl")
	if err := os.WriteFile(name, make([]byte, 2000), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFileLimited(name, 1000)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Size != 2000 || tl.Stream {
		t.Fatalf("regular file: err %v, want 2000 bytes, not a stream", err)
	}
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	_, err = ReadFileLimited("/dev/zero", 1000)
	if !errors.As(err, &tl) || tl.Size != 1001 || !tl.Stream {
		t.Fatalf("/dev/zero: err %v, want a stream cut at 1001 bytes", err)
	}
	cfg, ds := Load([]string{"/dev/zero"}, Options{})
	if cfg == nil || len(ds) != 1 || diag.CodeOf(ds[0]) != diag.FileTooLarge || ds[0].Subject == nil || ds[0].Subject.Filename != "/dev/zero" {
		t.Fatalf("Load /dev/zero: %v, want one file-too-large at /dev/zero", ds)
	}
}
