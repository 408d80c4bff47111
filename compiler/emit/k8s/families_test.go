package k8s

import (
	"fmt"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/emit/slurm"
)

// chain is a tree of depth levels: one leaf with one node, each level's
// switch the only child of the next.
func chain(depth int) []slurm.Switch {
	sws := []slurm.Switch{{Name: "s0", Nodes: []string{"n0"}}}
	for k := 1; k < depth; k++ {
		sws = append(sws, slurm.Switch{Name: fmt.Sprintf("s%d", k), Level: k, Switches: []string{fmt.Sprintf("s%d", k-1)}})
	}
	return sws
}

// A family names as many levels as its convention has: nvidia three
// (leaf, spine, core), aws four (layer-1 the top), topograph any.
func TestFamilyDepths(t *testing.T) {
	for _, c := range []struct {
		family string
		depth  int
		keys   string // bottom up, or "" for a refusal
	}{
		{"nvidia", 3, "network.topology.nvidia.com/leaf network.topology.nvidia.com/spine network.topology.nvidia.com/core"},
		{"nvidia", 4, ""},
		{"aws", 4, "topology.k8s.aws/network-node-layer-4 topology.k8s.aws/network-node-layer-3 topology.k8s.aws/network-node-layer-2 topology.k8s.aws/network-node-layer-1"},
		{"aws", 5, ""},
		{"topograph", 6, "fabric.topograph.run/tier-0 fabric.topograph.run/tier-1 fabric.topograph.run/tier-2 fabric.topograph.run/tier-3 fabric.topograph.run/tier-4 fabric.topograph.run/tier-5"},
	} {
		fam, err := FamilyNamed(c.family)
		if err != nil {
			t.Fatal(err)
		}
		levels, err := hierarchy(chain(c.depth), fam)
		if c.keys == "" {
			if err == nil || !strings.Contains(err.Error(), "more than the") {
				t.Errorf("%s at depth %d: %v, want a refusal", c.family, c.depth, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s at depth %d: %v", c.family, c.depth, err)
		}
		var keys []string
		for _, l := range levels {
			keys = append(keys, l.label)
		}
		if strings.Join(keys, " ") != c.keys {
			t.Errorf("%s at depth %d: %v", c.family, c.depth, keys)
		}
	}
}

// A shallower branch repeats the group below its top: rack4 under zone1
// (whose one pod was not written) under the root reads rack4, zone1,
// zone1, root, beside rack0, pod0, zone0, root.
func TestShallowBranchLabels(t *testing.T) {
	tree := []slurm.Switch{
		{Name: "rack0", Nodes: []string{"n0"}},
		{Name: "rack1", Nodes: []string{"n1"}},
		{Name: "rack4", Nodes: []string{"n4"}},
		{Name: "pod0", Level: 1, Switches: []string{"rack0", "rack1"}},
		{Name: "zone0", Level: 2, Switches: []string{"pod0"}},
		{Name: "zone1", Level: 2, Switches: []string{"rack4"}},
		{Name: "root", Level: 3, Switches: []string{"zone0", "zone1"}},
	}
	fam, _ := FamilyNamed("")
	levels, err := hierarchy(tree, fam)
	if err != nil {
		t.Fatal(err)
	}
	var n0, n4 []string
	for _, l := range levels {
		n0, n4 = append(n0, l.of["n0"]), append(n4, l.of["n4"])
	}
	if strings.Join(n0, " ") != "rack0 pod0 zone0 root" || strings.Join(n4, " ") != "rack4 zone1 zone1 root" {
		t.Errorf("n0 %v, n4 %v", n0, n4)
	}
}
