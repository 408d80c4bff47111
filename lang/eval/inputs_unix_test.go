//go:build unix

package eval

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/topoc/topoc/lang/diag"
)

// --var-file naming a named pipe, a directory or a device is refused with
// no-input before it is opened: opening the pipe would wait for a writer
// forever. An open stream (/dev/stdin, /dev/fd/N) is still read.
func TestVarFileNotRegular(t *testing.T) {
	src := `variable "spines" {
  type    = number
  default = 4
}`
	dir := t.TempDir()
	fifo := filepath.Join(dir, "vars.hcl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	cases := map[string]string{fifo: "is a named pipe (FIFO), not a file", dir: "is a directory, not a file"}
	if _, err := os.Stat("/dev/null"); err == nil {
		cases["/dev/null"] = "is a character device, not a file"
	}
	for path, detail := range cases {
		done := make(chan struct{})
		go func() {
			defer close(done)
			_, diags := evaluate(t, src, Inputs{VarFiles: []string{path}})
			wantOne(t, diags, diag.NoInput, "--var-file "+path+" "+detail)
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("--var-file %s blocked", path)
		}
	}
	// An open stream, here a pipe as from `--var-file <(echo ...)`, is
	// read as before: it names a descriptor already open, as /dev/stdin.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := w.WriteString("spines = 6\n"); err != nil {
		t.Fatal(err)
	}
	w.Close()
	stream := fmt.Sprintf("/dev/fd/%d", r.Fd())
	if st, err := os.Stat(stream); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Skipf("%s is not the pipe here (%v)", stream, err)
	}
	ctx, diags := evaluate(t, src, Inputs{VarFiles: []string{stream}})
	noDiags(t, diags)
	if got := ctx.Variables["var"].GetAttr("spines").AsBigFloat().String(); got != "6" {
		t.Errorf("spines from %s = %s, want 6", stream, got)
	}
}
