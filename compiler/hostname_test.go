package compiler

import (
	"testing"

	"github.com/topoc/topoc/lang/diag"
)

// Hostnames land in ir.Graph.Hostnames by server, and two servers of one
// hostname, in one group or two, compared without case as DNS compares
// names, are duplicate-name at the template.
func TestHostnames(t *testing.T) {
	g, _, d := compileDiagsLoose(t, `
node_group "a" {
  model    = "DGX-H100"
  count    = 2
  name     = format("a%d", count.index)
  hostname = format("node-%d", count.index)
}
node_group "b" {
  model = "DGX-H100"
  count = 1
}`)
	if d.HasErrors() {
		t.Fatal(d)
	}
	got := map[string]string{}
	for n, h := range g.Hostnames {
		got[g.Nodes[n].Name] = h
	}
	if len(got) != 2 || got["a0"] != "node-0" || got["a1"] != "node-1" {
		t.Errorf("hostnames %v, want a0 and a1 only", got)
	}
	for _, src := range []string{`
node_group "a" {
  model    = "DGX-H100"
  count    = 2
  hostname = "same"
}`, `
node_group "a" {
  model    = "DGX-H100"
  hostname = "Node-1"
}
node_group "b" {
  model    = "DGX-H100"
  hostname = "node-1"
}`} {
		_, _, d := compileDiagsLoose(t, src)
		wantDiag(t, src, d, diag.DuplicateName, "one name to DNS")
	}
}

// A hostname that is another server's name with '/' as '-' (how Slurm,
// Kubernetes and discovery name a server without a hostname), in any
// case, is duplicate-name at the hostname; a server's own derived name is
// fine.
func TestHostnameIsAnotherServersName(t *testing.T) {
	for _, c := range []struct {
		hostname string
		bad      bool
	}{{`format("RACK1-T%d", count.index)`, true}, {`format("rack0-t%d", count.index)`, false}} {
		src := `
node_group "a" {
  model    = "DGX-H100"
  count    = 2
  name     = format("rack0/t%d", count.index)
  hostname = ` + c.hostname + `
}
node_group "b" {
  model = "DGX-H100"
  count = 2
  name  = format("rack1/t%d", count.index)
}`
		_, _, d := compileDiagsLoose(t, src)
		if c.bad {
			wantDiag(t, src, d, diag.DuplicateName, `which is server rack1/t0's name with '/' written '-'`)
		} else if d.HasErrors() {
			t.Errorf("%s: %v", c.hostname, d)
		}
	}
}

// Two servers of one name are duplicate-name at the name template: in
// one group the message gives both servers' indices, across two groups
// both groups' names; a group after them that repeats the first group's
// names is told of that group.
func TestDuplicateServerNames(t *testing.T) {
	for src, want := range map[string]string{`
node_group "a" {
  model = "DGX-H100"
  count = 3
  name  = format("n%d", count.index % 2)
}`: `Servers 0 and 2 of node_group "a" are both named "n0"`, `
node_group "a" {
  model = "DGX-H100"
  count = 2
  name  = format("n%d", count.index)
}
node_group "b" {
  model = "DGX-H100"
  count = 2
  name  = format("m%d", count.index)
}
node_group "c" {
  model = "DGX-H100"
  count = 2
  name  = format("n%d", count.index + 1)
}`: `node_group "c" names a server "n1", as node_group "a" already does`} {
		_, _, d := compileDiagsLoose(t, src)
		wantDiag(t, src, d, diag.DuplicateName, want)
	}
}
