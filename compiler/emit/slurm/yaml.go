package slurm

import (
	"bytes"
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// yamlSwitch, yamlBlock and yamlTopology are topology.yaml(5)'s shapes
// (SchedMD/slurm doc/man/man5/topology.yaml.5, Slurm 25.05 and later;
// docs/reference/handoffs.md): a list of named topologies, each a tree
// of switches or a set of blocks, one the cluster default.
type yamlSwitch struct {
	Switch   string `yaml:"switch"`
	Children string `yaml:"children,omitempty"`
	Nodes    string `yaml:"nodes,omitempty"`
}

type yamlBlock struct {
	Block string `yaml:"block"`
	Nodes string `yaml:"nodes,omitempty"` // empty for a placeholder
}

type yamlTopology struct {
	Topology       string `yaml:"topology"`
	ClusterDefault bool   `yaml:"cluster_default"`
	Tree           *struct {
		Switches []yamlSwitch `yaml:"switches"`
	} `yaml:"tree,omitempty"`
	Block *struct {
		BlockSizes []int       `yaml:"block_sizes"`
		Blocks     []yamlBlock `yaml:"blocks"`
	} `yaml:"block,omitempty"`
}

// TopologyYAML writes topology.yaml: one tree topology per fabric of
// Trees(g, nodeName, fabrics) (as TreeConf; a node may be in several,
// since partitions pick one), named after the fabric, the first the
// cluster default; then, with NVLink domains, a block topology named "nvlink"
// with the blocks and sizes of BlockConf. Partitions pick a topology by
// name (partition Topology=...). nil when there is neither.
func TopologyYAML(g *ir.Graph, nodeName func(ir.NodeID) string, fabrics []string) ([]byte, error) {
	var tops []yamlTopology
	trees, err := Trees(g, nodeName, fabrics)
	if err != nil {
		return nil, err
	}
	for _, ft := range trees {
		f, sws := ft.Fabric, ft.Switches
		t := yamlTopology{Topology: SafeName(g.Fabrics[f].Name), ClusterDefault: len(tops) == 0}
		t.Tree = &struct {
			Switches []yamlSwitch `yaml:"switches"`
		}{}
		for _, s := range sws {
			ys := yamlSwitch{Switch: s.Name}
			if len(s.Switches) > 0 {
				ys.Children = Hostlist(s.Switches)
			} else {
				ys.Nodes = Hostlist(s.Nodes)
			}
			t.Tree.Switches = append(t.Tree.Switches, ys)
		}
		tops = append(tops, t)
	}
	blocks, sizes, err := Blocks(g, nodeName)
	if err != nil {
		return nil, err
	}
	if len(blocks) > 0 {
		t := yamlTopology{Topology: "nvlink", ClusterDefault: len(tops) == 0}
		t.Block = &struct {
			BlockSizes []int       `yaml:"block_sizes"`
			Blocks     []yamlBlock `yaml:"blocks"`
		}{BlockSizes: sizes}
		for _, b := range blocks {
			yb := yamlBlock{Block: b.Name}
			if len(b.Nodes) > 0 {
				yb.Nodes = Hostlist(b.Nodes)
			}
			t.Block.Blocks = append(t.Block.Blocks, yb)
		}
		tops = append(tops, t)
	}
	if len(tops) == 0 {
		return nil, nil
	}
	// topology.yaml(5): each topology's name is unique (partitions pick
	// one by it).
	named := map[string]bool{}
	for _, t := range tops {
		if named[t.Topology] {
			return nil, &emit.Error{Code: diag.SlurmInvalidName, Msg: fmt.Sprintf("topology.yaml would hold two topologies named %s (the NVLink blocks are topology \"nvlink\", each tree is named after its fabric); rename the fabric", t.Topology)}
		}
		named[t.Topology] = true
	}
	var b bytes.Buffer
	b.WriteString("# Slurm topology.yaml (Slurm 25.05 and later), written by topoc build --emit slurm.\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(tops); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
