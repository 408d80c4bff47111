package tooltest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// IBNetDiscover serves an ibsim net file with the real ibsim (Debian
// ibsim-utils), runs the real ibnetdiscover (infiniband-diags) against it
// under ibsim-run, and returns ibnetdiscover's output. flags are extra
// ibsim options (-N, -S, -P for fabrics beyond its defaults). Each
// process runs under a 60 s deadline: an ibnetdiscover started before
// ibsim listens would wait for it forever, so it starts only once ibsim
// has printed its limits, which it does after loading the file. A
// per-process socket name (IBSIM_SOCKNAME) keeps parallel tests apart.
func IBNetDiscover(t testing.TB, net []byte, flags ...string) []byte {
	t.Helper()
	return UnderIBSim(t, net, []string{"ibnetdiscover"}, flags...)
}

// UnderIBSim serves net with the real ibsim as IBNetDiscover does and
// returns the standard output of the infiniband-diags tool tool[0] run
// against it with arguments tool[1:] ("iblinkinfo", "ibnetdiscover -p").
func UnderIBSim(t testing.TB, net []byte, tool []string, flags ...string) []byte {
	t.Helper()
	sim := Command(t, "ibsim", "ibsim-utils")
	run := Command(t, "ibsim-run", "ibsim-utils")
	path := Command(t, tool[0], "infiniband-diags")
	dir := t.TempDir()
	file, logf := filepath.Join(dir, "fabric.net"), filepath.Join(dir, "ibsim.log")
	if err := os.WriteFile(file, net, 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), fmt.Sprintf("IBSIM_SOCKNAME=topoc%d-%d", os.Getpid(), time.Now().UnixNano()))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	srv := exec.CommandContext(ctx, sim, append(append([]string{"-s", "-n"}, flags...), "-f", logf, file)...)
	srv.Env = env
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { srv.Process.Kill(); srv.Wait() }()
	for i := 0; ; i++ {
		if b, _ := os.ReadFile(logf); bytes.Contains(b, []byte("MaxMcastCap")) {
			break
		}
		if i == 300 {
			b, _ := os.ReadFile(logf)
			t.Fatalf("ibsim did not come up in 30 s:\n%s", b)
		}
		time.Sleep(100 * time.Millisecond)
	}
	c := exec.CommandContext(ctx, run, append([]string{path}, tool[1:]...)...)
	c.Env = env
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	if err := c.Run(); err != nil {
		b, _ := os.ReadFile(logf)
		t.Fatalf("%s under ibsim: %v\n%s\nibsim: %s", tool[0], err, errb.String(), b)
	}
	return out.Bytes()
}
