//go:build unix

package lang

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/topoc/topoc/lang/diag"
)

// A named pipe among a directory's design files is refused without being
// opened (opening it would wait for a writer forever); the regular files
// beside it are still listed.
func TestDesignFilesRefusesFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "x.topo.hcl"), 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.topo.hcl"), []byte("locals {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		names, ds := DesignFiles(dir)
		if len(names) != 1 || filepath.Base(names[0]) != "a.topo.hcl" {
			t.Errorf("names %v, want a.topo.hcl only", names)
		}
		if len(ds) != 1 || diag.CodeOf(ds[0]) != diag.NoInput || !strings.Contains(ds[0].Detail, "named pipe") {
			t.Errorf("diagnostics %v, want one no-input naming the named pipe", ds)
		}
		_, ds = Load([]string{dir}, Options{})
		if !ds.HasErrors() || diag.CodeOf(ds[0]) != diag.NoInput {
			t.Errorf("Load: %v, want no-input", ds)
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("DesignFiles or Load blocked on the named pipe")
	}
}
