//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// fmt -w keeps the rewritten file's permission bits and, when it runs as
// root (the case of the attack: root formatting files in a shared
// directory), its owner and group: the replacement is not handed to root.
func TestFmtWriteKeepsModeAndOwner(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f.topo.hcl")
	if err := os.WriteFile(name, []byte("locals {\nx = 1\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// Set after creation: WriteFile's mode is subject to the umask.
	if err := os.Chmod(name, 0o664); err != nil {
		t.Fatal(err)
	}
	const uid, gid = 4321, 4322
	root := os.Geteuid() == 0
	if root {
		if err := os.Chown(name, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, stderr := runCaptured(t, "fmt", "-w", name); code != 0 {
		t.Fatalf("fmt -w: exit %d, %s", code, stderr)
	}
	if b, _ := os.ReadFile(name); string(b) != "locals {\n  x = 1\n}\n" {
		t.Fatalf("the file was not formatted: %q", b)
	}
	st, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o664 {
		t.Errorf("mode after fmt -w = %04o, want 0664", st.Mode().Perm())
	}
	if !root {
		t.Log("not root: owner kept trivially; the chown case needs root")
		return
	}
	if s := st.Sys().(*syscall.Stat_t); s.Uid != uid || s.Gid != gid {
		t.Errorf("owner after fmt -w = %d:%d, want %d:%d", s.Uid, s.Gid, uid, gid)
	}
}
