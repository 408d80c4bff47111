package slurm_test

import (
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/slurm"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// TestGolden compares the emitted Slurm files of the examples with the
// reviewed copies in testdata/. Regenerate with:
// go test ./compiler/emit/slurm -run TestGolden -update
func TestGolden(t *testing.T) {
	for _, ex := range []string{"dgx-h100-superpod", "fat-tree-k8", "dragonfly-small", "gb200-nvl72-2rack", "rail-only-512", "dgx-b200-superpod-16su", "gb200-nvl72", "roce-leaf-spine-2plane", "deepseek-v3-mpft"} {
		t.Run(ex, func(t *testing.T) {
			arts, err := slurm.Emitter.Emit(&emit.Input{Graph: compiletest.Example(t, ex)})
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range arts {
				compiletest.Golden(t, filepath.Join("testdata", ex+"."+filepath.Base(a.Path)), a.Data, a.Path+" of "+ex)
			}
			blocks := false
			for _, a := range arts {
				blocks = blocks || a.Path == slurm.BlockPath
			}
			if blocks != strings.HasPrefix(ex, "gb200-nvl72") {
				t.Errorf("%s: block file written %v; only the design with NVLink domain fabrics has one", ex, blocks)
			}
		})
	}
}

// The SuperPOD's 8 rail leaves per scalable unit serve the same 32
// servers and are one logical switch each (RA-11333-001: 4 SUs, the UFM
// appliances left out); the spines join all four under one root.
func TestSuperPODTree(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod")
	names, _ := slurm.NodeNames(g)
	sws := slurm.Tree(g, 0, func(n ir.NodeID) string { return names[n] })
	if len(sws) != 5 || sws[4].Name != "compute-root" || len(sws[4].Switches) != 4 {
		t.Fatalf("tree %+v: want 4 SU switches and a root", sws)
	}
	for i, s := range sws[:4] {
		want := 32
		if i == 3 {
			want = 31 // the last SU's slot 32 holds the UFM appliances
		}
		if len(s.Nodes) != want || strings.Contains(strings.Join(s.Nodes, ","), "ufm") {
			t.Errorf("%s: %d nodes, want %d servers", s.Name, len(s.Nodes), want)
		}
	}
}

// A switch whose name the compiler qualified with its fabric's name
// (fire-flyer-2's second zone: zone1/leaf00) is named with the fabric
// once (trial 68: zone1-zone1-leaf00).
func TestTreeNamesFabricOnce(t *testing.T) {
	g := compiletest.Example(t, "fire-flyer-2")
	names, _ := slurm.NodeNames(g)
	for f := range g.Fabrics {
		if g.Fabrics[f].Name != "zone1" {
			continue
		}
		for _, s := range slurm.Tree(g, ir.FabricID(f), func(n ir.NodeID) string { return names[n] }) {
			if strings.Contains(s.Name, "zone1-zone1") || !strings.HasPrefix(s.Name, "zone1-") {
				t.Errorf("switch %s; want zone1- once", s.Name)
			}
		}
		return
	}
	t.Fatal("no fabric zone1")
}

// Two servers whose names differ only in '/' and '-' would be one Slurm
// node: a coded error, nothing written.
func TestNodeNameCollision(t *testing.T) {
	g := compiletest.Source(t, `
node_group "a" {
  model = "DGX-H100"
  count = 1
  name  = "x/y"
}
node_group "b" {
  model = "DGX-H100"
  count = 1
  name  = "x-y"
}
fabric "f" {
  clos {
    endpoints = [node_group.a.nics.compute, node_group.b.nics.compute]
    tier "leaf" {
      model = "QM9700"
      down  = 16
    }
  }
}`)
	_, err := slurm.Emitter.Emit(&emit.Input{Graph: g})
	e, ok := err.(*emit.Error)
	if !ok || e.Code != diag.SlurmInvalidName || !strings.Contains(e.Msg, "x-y") {
		t.Fatalf("error %v, want slurm-invalid-name naming x-y", err)
	}
}

// topology.yaml(5)'s rules (Slurm 25.05; Debian's 22.05 cannot read it):
// a list of topologies with unique names, exactly one cluster_default,
// each a tree or a block set and not both, every switch named once with
// either children or nodes, children naming switches of the same tree,
// and block sizes that double from a base every block can hold.
func TestTopologyYAMLRules(t *testing.T) {
	for _, ex := range []string{"dgx-h100-superpod", "gb200-nvl72-2rack", "dgx-b200-superpod-16su"} {
		g := compiletest.Example(t, ex)
		names, _ := slurm.NodeNames(g)
		data, err := slurm.TopologyYAML(g, func(n ir.NodeID) string { return names[n] }, nil)
		if err != nil {
			t.Fatal(err)
		}
		var tops []map[string]any
		if err := yaml.Unmarshal(data, &tops); err != nil {
			t.Fatalf("%s: %v", ex, err)
		}
		defaults := 0
		seen := map[string]bool{}
		for _, top := range tops {
			name := top["topology"].(string)
			if seen[name] {
				t.Errorf("%s: topology %s twice", ex, name)
			}
			seen[name] = true
			if top["cluster_default"].(bool) {
				defaults++
			}
			tree, isTree := top["tree"].(map[string]any)
			blk, isBlock := top["block"].(map[string]any)
			if isTree == isBlock {
				t.Errorf("%s: topology %s is tree %v and block %v", ex, name, isTree, isBlock)
			}
			if isTree {
				sw := map[string]bool{}
				for _, s := range tree["switches"].([]any) {
					m := s.(map[string]any)
					_, hasKids := m["children"]
					_, hasNodes := m["nodes"]
					if sw[m["switch"].(string)] || hasKids == hasNodes {
						t.Errorf("%s: switch %v", ex, m)
					}
					sw[m["switch"].(string)] = true
				}
			}
			if isBlock {
				sizes := blk["block_sizes"].([]any)
				for i := 1; i < len(sizes); i++ {
					if sizes[i].(int) != 2*sizes[i-1].(int) {
						t.Errorf("%s: block sizes %v do not double", ex, sizes)
					}
				}
			}
		}
		if defaults != 1 {
			t.Errorf("%s: %d cluster_default topologies, want 1", ex, defaults)
		}
	}
}

// Leaves whose node sets overlap (servers of two models on one rail-leaf
// group) are one logical switch: Slurm's tree refuses a node under two
// leaves ("Multiple leaf switches contain nodes"), found by a trial.
func TestOverlappingLeavesMerge(t *testing.T) {
	g := compiletest.Dir(t, "testdata/overlap")
	names, _ := slurm.NodeNames(g)
	under := map[string]int{}
	for _, s := range slurm.Tree(g, 0, func(n ir.NodeID) string { return names[n] }) {
		for _, n := range s.Nodes {
			under[n]++
		}
	}
	if len(under) != 6 {
		t.Errorf("%d nodes in the tree, want 6", len(under))
	}
	for n, k := range under {
		if k != 1 {
			t.Errorf("%s under %d leaf switches", n, k)
		}
	}
}

// A second fabric over the same servers (each server's second NIC role
// on a leaf of its own) is left out of topology.conf with a comment naming
// both fabrics; a NIC role of the design's own choosing counts as
// compute; a non-ASCII server name is slurm-invalid-name.
func TestSecondFabricRolesAndNames(t *testing.T) {
	g := compiletest.Source(t, `
node_model "box2" {
  gpu  = "H100"
  gpus = 2
  cpu {
    sockets = 1
  }
  nic "left" {
    model = "ConnectX-7"
    count = 1
  }
  nic "right" {
    model = "ConnectX-7"
    count = 1
  }
}
node_group "n" {
  model = "box2"
  count = 2
}
fabric "a" {
  clos {
    endpoints = node_group.n.nics.left
    tier "leaf" {
      model = "QM9700"
      down  = 2
    }
  }
}
fabric "b" {
  clos {
    endpoints = node_group.n.nics.right
    tier "leaf" {
      model = "QM9700"
      down  = 2
    }
  }
}`)
	names, _ := slurm.NodeNames(g)
	conf, err := slurm.TreeConf(g, func(n ir.NodeID) string { return names[n] }, nil)
	if err != nil || !strings.Contains(string(conf), `fabric "a" (clos)`) || !strings.Contains(string(conf), `# fabric "b" left out: its nodes are under fabric "a"'s tree already`) {
		t.Errorf("topology.conf:\n%s", conf)
	}
	g = compiletest.Source(t, `
node_model "box" {
  gpu  = "H100"
  gpus = 1
  cpu {
    sockets = 1
  }
  nic "backend" {
    model = "ConnectX-7"
    count = 1
  }
}
node_group "x" {
  model = "box"
  count = 2
}
fabric "f" {
  clos {
    endpoints = node_group.x.nics.backend
    tier "leaf" {
      model = "QM9700"
      down  = 2
    }
  }
}`)
	names, _ = slurm.NodeNames(g)
	if sws := slurm.Tree(g, 0, func(n ir.NodeID) string { return names[n] }); len(sws) != 1 || len(sws[0].Nodes) != 2 {
		t.Errorf("role backend: tree %+v, want one switch over both servers", sws)
	}
	g = compiletest.Source(t, `
node_group "n" {
  model = "DGX-H100"
  count = 2
  name  = format("\u00e9%d", count.index)
}
fabric "f" {
  clos {
    endpoints = node_group.n.nics.compute
    tier "leaf" {
      model = "QM9700"
      down  = 16
    }
  }
}`)
	if _, err := slurm.NodeNames(g); err == nil || err.(*emit.Error).Code != diag.SlurmInvalidName {
		t.Errorf("non-ASCII name: %v, want slurm-invalid-name", err)
	}
}

// A node group's hostname template names its servers in Slurm (and so in
// Kubernetes, which takes Slurm's names): the tree and block files list
// the host names, compressed, not the design names.
func TestHostnamesAreSlurmNames(t *testing.T) {
	g := compiletest.Source(t, `
node_group "rack0" {
  model    = "GB200-NVL72-compute-tray"
  count    = 18
  name     = format("rack0/tray%02d", count.index)
  hostname = format("gb200-%03d", count.index)
}
fabric "nvl" {
  nvlink_domain {
    gpu_nodes     = node_group.rack0.gpus
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}
fabric "f" {
  clos {
    endpoints = node_group.rack0.nics.compute
    rails     = 4
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 18
      up    = 18
    }
    tier "spine" {
      model = "QM9700"
      count = 2
      down  = 36
    }
  }
}`)
	arts, err := slurm.Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, a := range arts {
		files[a.Path] = string(a.Data)
	}
	if !strings.Contains(files[slurm.TreePath], "Nodes=gb200-[000-017]\n") || strings.Contains(files[slurm.TreePath], "tray") {
		t.Errorf("tree does not list the host names:\n%s", files[slurm.TreePath])
	}
	if !strings.Contains(files[slurm.BlockPath], "BlockName=nvl Nodes=gb200-[000-017]\n") {
		t.Errorf("blocks do not list the host names:\n%s", files[slurm.BlockPath])
	}
}

// --slurm.fabrics: by default a storage fabric (storage NICs only) has no
// tree; named, it gets one, servers counted by their storage NICs. Named
// after the compute fabric, topology.conf leaves it out (a node under one
// leaf) while topology.yaml, whose partitions pick a topology, holds both.
// Unknown names and NVLink domains are refused.
func TestSlurmFabricsSelection(t *testing.T) {
	g := compiletest.Source(t, `
node_group "dgx" {
  model = "DGX-H100"
  count = 4
}
fabric "compute" {
  clos {
    endpoints = node_group.dgx.nics.compute
    tier "leaf" {
      model = "QM9700"
      down  = 32
    }
  }
}
fabric "storage" {
  clos {
    endpoints = node_group.dgx.nics.storage
    tier "leaf" {
      model = "QM9700"
      down  = 16
    }
  }
}`)
	names, _ := slurm.NodeNames(g)
	nodeName := func(n ir.NodeID) string { return names[n] }
	conf := func(fabrics []string) string {
		t.Helper()
		b, err := slurm.TreeConf(g, nodeName, fabrics)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if c := conf(nil); !strings.Contains(c, `# fabric "compute"`) || strings.Contains(c, "storage") {
		t.Errorf("default:\n%s", c)
	}
	if c := conf([]string{"storage"}); !strings.Contains(c, "# fabric \"storage\" (clos)\nSwitchName=storage-root Nodes=dgx[0-3]\n") || strings.Contains(c, `"compute"`) {
		t.Errorf("storage:\n%s", c)
	}
	if c := conf([]string{"compute", "storage"}); !strings.Contains(c, `# fabric "storage" left out: its nodes are under fabric "compute"'s tree already`) {
		t.Errorf("compute, storage:\n%s", c)
	}
	y, err := slurm.TopologyYAML(g, nodeName, []string{"compute", "storage"})
	if err != nil || !strings.Contains(string(y), "- topology: compute\n  cluster_default: true") || !strings.Contains(string(y), "- topology: storage\n  cluster_default: false") {
		t.Errorf("topology.yaml (%v):\n%s", err, y)
	}
	for _, bad := range [][]string{{"nosuch"}, {"compute", "compute"}} {
		if _, err := slurm.TreeConf(g, nodeName, bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// A fabric named "nvlink" would share its topology.yaml name with the
// NVLink blocks' topology: slurm-invalid-name, not two topologies of one
// name.
func TestTopologyYAMLNamesUnique(t *testing.T) {
	g := compiletest.Example(t, "gb200-nvl72-2rack")
	for i := range g.Fabrics {
		if g.Fabrics[i].Name == "scale_out" {
			g.Fabrics[i].Name = "nvlink"
		}
	}
	names, _ := slurm.NodeNames(g)
	_, err := slurm.TopologyYAML(g, func(n ir.NodeID) string { return names[n] }, nil)
	if e, ok := err.(*emit.Error); !ok || e.Code != diag.SlurmInvalidName || !strings.Contains(e.Msg, "two topologies named nvlink") {
		t.Errorf("error %v, want slurm-invalid-name", err)
	}
}

// Five NVL72 racks over rail leaves of 32 trays (trial 59): racks 1 and 3
// straddle two leaf groups, so grouping the racks by the switch above
// them put racks 1 and 3 together under the root and padded every group
// with placeholders, scrambling the racks Slurm's larger blocks join.
// Where the domains do not all sit at one level of the tree they stay in
// design order, unpadded.
func TestBlocksStraddlingLeafGroups(t *testing.T) {
	g := compiletest.Source(t, compiletest.NVL72OverRailLeaves(5))
	arts, err := slurm.Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range arts {
		if a.Path != slurm.BlockPath {
			continue
		}
		var blocks []string
		for _, l := range strings.Split(string(a.Data), "\n") {
			if strings.HasPrefix(l, "BlockName=") || strings.HasPrefix(l, "BlockSizes=") {
				blocks = append(blocks, l)
			}
		}
		want := []string{
			"BlockName=nvl72_rack0 Nodes=rack0-tray[00-17]",
			"BlockName=nvl72_rack1 Nodes=rack1-tray[00-17]",
			"BlockName=nvl72_rack2 Nodes=rack2-tray[00-17]",
			"BlockName=nvl72_rack3 Nodes=rack3-tray[00-17]",
			"BlockName=nvl72_rack4 Nodes=rack4-tray[00-17]",
			"BlockSizes=18,36,72",
		}
		if strings.Join(blocks, "\n") != strings.Join(want, "\n") {
			t.Errorf("blocks:\n%s\nwant:\n%s", strings.Join(blocks, "\n"), strings.Join(want, "\n"))
		}
		return
	}
	t.Fatal("no block file")
}
