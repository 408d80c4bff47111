package compiler

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestClosSeveralNodeGroups: a clos over two node groups of different
// models (16 DGX H100 and 16 DGX B200, 8 × 400G compute NICs each) numbers
// the servers on across the groups, so with 16 servers per SU the H100s
// fill SU 0 and the B200s SU 1: 256 NIC endpoints, 16 rail leaves, and
// every su1 leaf's endpoints are B200 NICs.
func TestClosSeveralNodeGroups(t *testing.T) {
	src, err := os.ReadFile("testdata/clos-two-groups.topo.hcl")
	if err != nil {
		t.Fatal(err)
	}
	g, codes := compileSrc(t, string(src))
	if len(codes) > 0 || g == nil {
		t.Fatalf("errors %v", codes)
	}
	f := &g.Fabrics[0]
	if len(f.Endpoints) != 256 {
		t.Errorf("%d endpoints, want 256", len(f.Endpoints))
	}
	leaves := 0
	for i := range g.Nodes {
		if n := &g.Nodes[i]; n.Tier == "leaf" {
			leaves++
		}
	}
	if leaves != 16 {
		t.Errorf("%d leaves, want 16 (2 SUs × 8 rails)", leaves)
	}
	for _, l := range g.Links {
		if l.Kind != "node_leaf" {
			continue
		}
		nic, leaf := &g.Nodes[l.A.Node], &g.Nodes[l.B.Node]
		server := g.Nodes[nic.Parent].Model
		want := map[bool]string{true: "DGX-H100", false: "DGX-B200"}[strings.HasPrefix(leaf.Name, "su0/")]
		if server != want || int(nic.Rail) != int(leaf.Rail) {
			t.Fatalf("%s (%s, rail %d) is cabled to %s (rail %d)", nic.Name, server, nic.Rail, leaf.Name, leaf.Rail)
		}
	}
}

// TestClosEndpointListErrors: a group listed twice, an element that is
// not a reference, an empty list, and an unknown group are errors at the
// element.
func TestClosEndpointListErrors(t *testing.T) {
	for _, c := range []struct{ endpoints, code string }{
		{"[node_group.a.nics.compute, node_group.a.nics.compute]", "duplicate-name"},
		{`[node_group.a.nics.compute, "b"]`, "invalid-value"},
		{"[]", "invalid-value"},
		{"[node_group.a.nics.compute, node_group.zz.nics.compute]", "unknown-reference"},
	} {
		src := `node_group "a" {
  model = "DGX-H100"
  count = 2
}
fabric "f" {
  clos {
    endpoints = ` + c.endpoints + `
    tier "leaf" {
      model = "QM9700"
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
`
		_, codes := compileSrc(t, src)
		if !slices.Contains(codes, c.code) {
			t.Errorf("endpoints = %s: errors %v, want %s", c.endpoints, codes, c.code)
		}
	}
}
