//go:build linux

package emit

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A named pipe or a device node at the path is refused, not replaced by a
// regular file (as root, nccl import -o /dev/full once replaced the
// device). The device node is made here, in a temporary directory, so a
// regression cannot harm the real /dev.
func TestWriteFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	cases := map[string]string{fifo: "named pipe"}
	dev := filepath.Join(dir, "full")
	// /dev/full is character device 1,7 on Linux; only root may make one.
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|7); err == nil {
		cases[dev] = "character device"
	} else {
		t.Logf("mknod (needs root): %v; testing the named pipe only", err)
	}
	for path, kind := range cases {
		err := WriteFile(path, []byte("x"))
		var nr *NotRegularError
		if !errors.As(err, &nr) || !strings.Contains(err.Error(), path+" is a "+kind) {
			t.Errorf("WriteFile(%s) = %v, want %q refused as a %s", path, err, path, kind)
		}
		st, err := os.Lstat(path)
		if err != nil || st.Mode().IsRegular() {
			t.Errorf("%s was replaced by a regular file", path)
		}
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// Without a hook: an output subdirectory the user cannot write fails the
// set at step 2, after the other files were staged, and the old output is
// left as it was. Root writes anywhere, so this runs only as another
// user (cmd/topoc's TestBuildUnwritableSubdir runs it as root by dropping
// to nobody).
func TestWriteAllUnwritableSubdir(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root ignores directory permissions")
	}
	dir := writeOld(t)
	nb := filepath.Join(dir, "netbox")
	if err := os.Chmod(nb, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(nb, 0o755) })
	if err := WriteAll(dir, newSet); !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("WriteAll = %v, want permission denied", err)
	}
	assertOld(t, dir)
}
