package compiler

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
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
		if n := &g.Nodes[i]; n.TierName() == "leaf" {
			leaves++
		}
	}
	if leaves != 16 {
		t.Errorf("%d leaves, want 16 (2 SUs × 8 rails)", leaves)
	}
	if len(g.Workloads) != 1 || len(g.Workloads[0].Pool) != 256 {
		t.Fatalf("workloads %d, want one over 256 GPUs of both groups", len(g.Workloads))
	}
	first, last := g.Nodes[g.Workloads[0].Pool[0]], g.Nodes[g.Workloads[0].Pool[255]]
	if g.Nodes[first.Parent].ModelName() != "DGX-H100" || g.Nodes[last.Parent].ModelName() != "DGX-B200" {
		t.Errorf("pool runs from %s to %s; want the H100s, then the B200s", first.Name, last.Name)
	}
	for _, l := range g.AllLinks() {
		if l.Kind != ir.LinkNodeLeaf {
			continue
		}
		nic, leaf := &g.Nodes[l.A.Node], &g.Nodes[l.B.Node]
		server := g.Nodes[nic.Parent].ModelName()
		want := map[bool]string{true: "DGX-H100", false: "DGX-B200"}[strings.HasPrefix(leaf.Name, "su0/")]
		if server != want || int(nic.Rail) != int(leaf.Rail) {
			t.Fatalf("%s (%s, rail %d) is cabled to %s (rail %d)", nic.Name, server, nic.Rail, leaf.Name, leaf.Rail)
		}
	}
}

// twoTierClos is a clos fabric named name over endpoints: QM9700
// leaves, 32 ports down and 32 up, under 2 spines.
func twoTierClos(name, endpoints string) string {
	return `fabric "` + name + `" {
  clos {
    endpoints = ` + endpoints + `
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
` + twoTierClos("f", c.endpoints)
		_, codes := compileSrc(t, src)
		if !slices.Contains(codes, c.code) {
			t.Errorf("endpoints = %s: errors %v, want %s", c.endpoints, codes, c.code)
		}
	}
}

// TestWorkloadGPUListErrors: a workload's gpus list names each node group
// once, and fabric.<f>.endpoints only alone.
func TestWorkloadGPUListErrors(t *testing.T) {
	base := `node_group "a" {
  model = "DGX-H100"
  count = 2
}
node_group "b" {
  model = "DGX-H100"
  count = 2
  name  = "b${count.index}"
}
` + twoTierClos("f", "[node_group.a.nics.compute, node_group.b.nics.compute]")
	for _, c := range []struct{ gpus, code string }{
		{"[node_group.a.gpus, node_group.a.gpus]", "duplicate-name"},
		{"[node_group.a.gpus, fabric.f.endpoints]", "workload-placement"},
		{"[node_group.a.gpus, node_group.zz.gpus]", "unknown-reference"},
	} {
		src := base + `workload "w" {
  gpus = ` + c.gpus + `
  collective "c" {
    op   = "allreduce"
    size = "1GiB"
  }
}
`
		_, codes := compileSrc(t, src)
		if !slices.Contains(codes, c.code) {
			t.Errorf("gpus = %s: errors %v, want %s", c.gpus, codes, c.code)
		}
	}
	// Both groups in one pool compile.
	src := base + `workload "w" {
  gpus = [node_group.a.gpus, node_group.b.gpus]
  collective "c" {
    op   = "allreduce"
    size = "1GiB"
  }
}
`
	if g, codes := compileSrc(t, src); len(codes) > 0 || len(g.Workloads[0].Pool) != 32 {
		t.Errorf("two groups: errors %v", codes)
	}
}

// TestCustomSwitchRack: a custom switch with rack = N is a top-of-rack
// switch: mounted at the top of compute rack N (the rack its node group's
// rack block fills), so its links to the servers below are in-rack
// cables; a rack that holds no servers is an error at the argument.
func TestCustomSwitchRack(t *testing.T) {
	src, err := os.ReadFile("testdata/custom-tor.topo.hcl")
	if err != nil {
		t.Fatal(err)
	}
	g, codes := compileSrc(t, string(src))
	if len(codes) > 0 {
		t.Fatalf("errors %v", codes)
	}
	rackOf := map[string]int32{}
	for i := range g.Nodes {
		rackOf[g.Nodes[i].Name] = g.Nodes[i].Rack
	}
	if rackOf["tor0"] != rackOf["n0"] || rackOf["tor1"] != rackOf["n2"] || rackOf["tor0"] == rackOf["tor1"] {
		t.Errorf("racks: tor0 %d tor1 %d, servers n0 %d n2 %d; want each ToR in its servers' rack", rackOf["tor0"], rackOf["tor1"], rackOf["n0"], rackOf["n2"])
	}
	for _, l := range g.AllLinks() {
		a, b := &g.Nodes[l.A.Node], &g.Nodes[l.B.Node]
		if a.Parent != -1 && strings.HasPrefix(b.Name, "tor") && g.Nodes[a.Parent].Rack != b.Rack {
			t.Errorf("%s → %s crosses racks %d → %d", a.Name, b.Name, g.Nodes[a.Parent].Rack, b.Rack)
		}
	}
	bad := strings.Replace(string(src), "rack  = count.index", "rack  = count.index + 5", 1)
	if _, codes := compileSrc(t, bad); !slices.Contains(codes, "invalid-value") {
		t.Errorf("a ToR in a rack without servers: errors %v, want invalid-value", codes)
	}
}

// TestClosRoleMissingFromOneModel: of two groups of a storage fabric, one
// is built from a model with only compute NICs. The error is at that
// group's element and names its model and the roles it has: the role is
// not unknown to the design (the DGX H100 has it), only to that model.
func TestClosRoleMissingFromOneModel(t *testing.T) {
	src := `nic_model "NIC-800" {
  ports      = 1
  port_rate  = "800Gb/s"
  pcie_gen   = 6
  pcie_width = 16
}
node_model "cpu-box" {
  nic "compute" {
    model = "NIC-800"
    count = 2
  }
}
node_group "a" {
  model = "DGX-H100"
  count = 2
}
node_group "b" {
  model = "cpu-box"
  count = 2
  name  = "b${count.index}"
}
` + twoTierClos("storage", "[node_group.a.nics.storage, node_group.b.nics.storage]")
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/d.topo.hcl", []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, diags := lang.Load([]string{dir}, lang.Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	_, ds := Compile(cfg, Options{})
	var got []string
	for _, d := range ds {
		if diag.SeverityOf(d) == diag.SevError {
			got = append(got, fmt.Sprintf("%d %s: %s", d.Subject.Start.Line, d.Summary, d.Detail))
		}
	}
	want := `24 Unknown NIC role: Node group "b" is built from node model "cpu-box", which has no nic block of role "storage"; its roles are "compute". Reference one of them, or add nic "storage" to the model.`
	if len(got) != 1 || got[0] != want {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}
