package k8s

import (
	"fmt"
	"slices"
	"strings"
)

// Family is a set of node-label keys for the levels of the scheduler
// hierarchy, as one scheduler ecosystem names them.
type Family struct {
	// Name is the --k8s.labels value.
	Name string
	// Tier returns the key of level k of depth levels (k = 0 the leaves,
	// depth-1 the top), and false when the family has no key that deep.
	Tier func(k, depth int) (string, bool)
	// Domain is the key of the NVLink domain level, "" when the family
	// has none (the domain level is then left out).
	Domain string
	// Source is where the keys are documented.
	Source string
}

// DefaultFamily is the family used when none is named: NVIDIA topograph's
// current keys, whose tiers have no depth limit.
const DefaultFamily = "topograph"

// Families are the label key families the Kubernetes hand-off writes,
// each following the conventions of the tools that read it.
var Families = []Family{
	{
		Name:   "topograph",
		Tier:   func(k, _ int) (string, bool) { return fmt.Sprintf("fabric.topograph.run/tier-%d", k), true },
		Domain: "accelerator.topograph.run/domain",
		Source: "NVIDIA topograph, docs.nvidia.com/topograph reference \"Node labels and annotations\": fabric.topograph.run/tier-N (tier 0 the switch nearest the node) and accelerator.topograph.run/domain",
	},
	{
		Name: "nvidia",
		Tier: func(k, _ int) (string, bool) {
			keys := []string{"leaf", "spine", "core"}
			if k >= len(keys) {
				return "", false
			}
			return "network.topology.nvidia.com/" + keys[k], true
		},
		Domain: "network.topology.nvidia.com/accelerator",
		Source: "NVIDIA topograph's earlier keys, read by KAI Scheduler and Run:ai (topograph docs/engines/k8s.md and its Helm chart's topologyNodeLabels): network.topology.nvidia.com/leaf, spine, core and accelerator; three fabric levels",
	},
	{
		Name: "aws",
		Tier: func(k, depth int) (string, bool) {
			if depth > 4 {
				return "", false
			}
			return fmt.Sprintf("topology.k8s.aws/network-node-layer-%d", depth-k), true
		},
		Source: "Amazon EKS User Guide, \"Place distributed AI/ML workloads with network topology labels\": topology.k8s.aws/network-node-layer-1 (the top) to -3, -4 on four-layer types; no NVLink domain key in that family",
	},
}

// FamilyNamed returns the family of that name ("" is DefaultFamily), or
// an error listing the families.
func FamilyNamed(name string) (Family, error) {
	if name == "" {
		name = DefaultFamily
	}
	if i := slices.IndexFunc(Families, func(f Family) bool { return f.Name == name }); i >= 0 {
		return Families[i], nil
	}
	names := make([]string, len(Families))
	for i, f := range Families {
		names[i] = f.Name
	}
	return Family{}, fmt.Errorf("%q is not a label family; the families are %s", name, strings.Join(names, ", "))
}

// labels is the k8s emitter's "labels" flag (--k8s.labels): the family's
// name, checked as it is set.
var labels = familyFlag{DefaultFamily}

// familyFlag holds a family name that FamilyNamed accepts.
type familyFlag struct{ name string }

func (f *familyFlag) String() string { return f.name }

func (f *familyFlag) Set(s string) error {
	if s == "" {
		return fmt.Errorf("name a label family: topograph, nvidia or aws")
	}
	if _, err := FamilyNamed(s); err != nil {
		return err
	}
	f.name = s
	return nil
}

func init() {
	Emitter.Flags.Var(&labels, "labels", "node-label key family: topograph (default), nvidia or aws (docs/handoffs.md)")
}
