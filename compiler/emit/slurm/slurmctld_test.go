package slurm_test

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit/slurm"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/compiler/tooltest"
)

// slurmTool starts munged and slurmctld (Debian's slurm-wlm, 22.05 on
// bookworm) in a temporary directory with the given topology.conf and
// nodes, as docs/reference/handoffs.md ("Running Slurm's own topology
// parser") describes, and returns a function that runs scontrol against
// it. Both daemons run as the user running the test (SlurmUser).
func slurmTool(t *testing.T, topology []byte, nodes []string) func(args ...string) string {
	t.Helper()
	munged := tooltest.Command(t, "munged", "munge")
	ctld := tooltest.Command(t, "slurmctld", "slurmctld")
	scontrol := tooltest.Command(t, "scontrol", "slurm-client")
	me, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	d, err := os.MkdirTemp("", "topoc-slurm")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	if err := os.Chmod(d, 0o700); err != nil {
		t.Fatal(err)
	}
	key := bytes.Repeat([]byte("topoc-test-munge-key-0123456789!"), 32) // 1,024 bytes
	if err := os.WriteFile(filepath.Join(d, "munge.key"), key, 0o400); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(d, "munge.sock")
	m := exec.Command(munged, "-f", "-F", "--key-file="+filepath.Join(d, "munge.key"), "--socket="+sock,
		"--pid-file="+filepath.Join(d, "munged.pid"), "--log-file="+filepath.Join(d, "munged.log"), "--seed-file="+filepath.Join(d, "munged.seed"))
	if err := m.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Process.Kill(); m.Wait() })
	port := freePort(t)
	conf := fmt.Sprintf(`ClusterName=topoc
SlurmctldHost=localhost
SlurmctldPort=%d
SlurmUser=%s
AuthType=auth/munge
AuthInfo=socket=%s
StateSaveLocation=%s
SlurmdSpoolDir=%s
SlurmctldPidFile=%s
SlurmctldLogFile=%s
TopologyPlugin=topology/tree
SelectType=select/cons_tres
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
NodeName=%s NodeAddr=127.0.0.1 CPUs=1 State=UNKNOWN
PartitionName=all Nodes=ALL Default=YES State=UP
`, port, me.Username, sock, filepath.Join(d, "state"), filepath.Join(d, "spool"), filepath.Join(d, "slurmctld.pid"), filepath.Join(d, "slurmctld.log"), slurm.Hostlist(nodes))
	for name, data := range map[string][]byte{"slurm.conf": []byte(conf), "topology.conf": topology} {
		if err := os.WriteFile(filepath.Join(d, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := append(os.Environ(), "SLURM_CONF="+filepath.Join(d, "slurm.conf"))
	c := exec.Command(ctld, "-D", "-c")
	c.Env, c.Dir = env, d
	var ctlOut bytes.Buffer
	c.Stdout, c.Stderr = &ctlOut, &ctlOut
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Process.Kill(); c.Wait() })
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(scontrol, args...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			log, _ := os.ReadFile(filepath.Join(d, "slurmctld.log"))
			t.Fatalf("scontrol %v: %v\n%s\nslurmctld: %s\n%s", args, err, out, ctlOut.String(), log)
		}
		return string(out)
	}
	for i := 0; ; i++ {
		cmd := exec.Command(scontrol, "ping")
		cmd.Env = env
		if out, _ := cmd.CombinedOutput(); strings.Contains(string(out), "is UP") {
			break
		}
		if i == 100 {
			log, _ := os.ReadFile(filepath.Join(d, "slurmctld.log"))
			t.Fatalf("slurmctld did not come up in 20 s:\n%s\n%s", ctlOut.String(), log)
		}
		time.Sleep(200 * time.Millisecond)
	}
	return run
}

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// TestTreeReadBySlurm: Slurm's own topology/tree plugin reads the emitted
// topology.conf of each example and reports, per switch, the same level,
// the same children and the same nodes (every node under a switch, which
// Slurm lists for upper switches too), with Slurm's own hostlist
// expansion (scontrol show hostnames) of the compressed lists.
func TestTreeReadBySlurm(t *testing.T) {
	for _, tc := range []struct {
		dir  string
		vars []string
	}{
		{"../../../examples/dgx-h100-superpod", nil},
		{"../../../examples/fat-tree-k8", nil},
		{"../../../examples/dragonfly-small", nil},
		{"../../../examples/gb200-nvl72-2rack", nil},
		{"../../../examples/deepseek-v3-mpft", []string{"servers=256"}},
	} {
		t.Run(filepath.Base(tc.dir), func(t *testing.T) {
			g := compiletest.Dir(t, tc.dir, tc.vars...)
			names, err := slurm.NodeNames(g)
			if err != nil {
				t.Fatal(err)
			}
			nodeName := func(n ir.NodeID) string { return names[n] }
			conf, err := slurm.TreeConf(g, nodeName, nil)
			if err != nil || conf == nil {
				t.Fatalf("TreeConf: %v, %d bytes", err, len(conf))
			}
			var want []slurm.Switch
			for f := range g.Fabrics {
				if g.Fabrics[f].Family != "nvlink_domain" {
					want = append(want, slurm.Tree(g, ir.FabricID(f), nodeName)...)
				}
			}
			var all []string
			for _, n := range names {
				if n != "" {
					all = append(all, n)
				}
			}
			scontrol := slurmTool(t, conf, all)
			expand := func(list string) []string {
				if list == "" {
					return nil
				}
				return strings.Fields(scontrol("show", "hostnames", list))
			}
			got := map[string]map[string]string{}
			for _, line := range strings.Split(strings.TrimSpace(scontrol("show", "topology")), "\n") {
				kv := map[string]string{}
				for _, f := range strings.Fields(line) {
					if k, v, ok := strings.Cut(f, "="); ok {
						kv[k] = v
					}
				}
				got[kv["SwitchName"]] = kv
			}
			if len(got) != len(want) {
				t.Errorf("Slurm reads %d switches, topoc wrote %d", len(got), len(want))
			}
			under := map[string][]string{} // every node below a switch
			for _, s := range want {
				under[s.Name] = slices.Clone(s.Nodes)
				for _, c := range s.Switches {
					under[s.Name] = append(under[s.Name], under[c]...)
				}
			}
			for _, s := range want {
				kv, ok := got[s.Name]
				if !ok {
					t.Errorf("Slurm has no switch %s", s.Name)
					continue
				}
				if kids := expand(kv["Switches"]); !slices.Equal(kids, s.Switches) {
					t.Errorf("%s: Slurm's children %v, topoc's %v", s.Name, kids, s.Switches)
				}
				gotNodes, wantNodes := expand(kv["Nodes"]), slices.Clone(under[s.Name])
				slices.Sort(gotNodes)
				slices.Sort(wantNodes)
				if !slices.Equal(gotNodes, wantNodes) {
					t.Errorf("%s: Slurm has %d nodes under it, topoc %d", s.Name, len(gotNodes), len(wantNodes))
				}
			}
			t.Logf("%d switches, %d nodes, as Slurm reads them", len(got), len(all))
		})
	}
}
