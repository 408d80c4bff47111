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
		wantDiag(t, src, d, diag.DuplicateName, "both have the hostname")
	}
}
