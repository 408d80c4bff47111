package k8s_test

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/k8s"
)

// docs decodes every YAML document of data with a real YAML parser.
func docs(t *testing.T, data []byte) []map[string]any {
	t.Helper()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var out []map[string]any
	for {
		var m map[string]any
		err := dec.Decode(&m)
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("YAML: %v", err)
		}
		if m != nil {
			out = append(out, m)
		}
	}
}

var (
	rfc1123    = regexp.MustCompile(`^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$`)
	labelValue = regexp.MustCompile(`^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$`)
	// labelKey is the pattern Kueue's Topology CRD (kueue.x-k8s.io_topologies,
	// spec.levels[].nodeLabel) validates, with at most 316 characters: an
	// optional DNS-subdomain prefix and '/', then a qualified name.
	labelKey = regexp.MustCompile(`^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$`)
)

// TestObjectsFollowTheirRules: for each example, the three files parse
// as YAML and keep the rules their schedulers state: Kueue's levels (at
// most 16, each label once, the hostname last), Volcano's tiers (tier 1
// holds nodes, tier k+1 HyperNodes of lower tiers, every node in exactly
// one tier-1 HyperNode), Kubernetes' names and label values, and the
// labels nest (nodes that share a level's value share every coarser one).
func TestObjectsFollowTheirRules(t *testing.T) {
	for _, ex := range []string{"dgx-h100-superpod", "gb200-nvl72-2rack", "dgx-b200-superpod-16su", "fat-tree-k8", "dragonfly-small", "rail-only-512"} {
		t.Run(ex, func(t *testing.T) {
			arts, err := k8s.Emitter.Emit(&emit.Input{Graph: compiletest.Example(t, ex)})
			if err != nil || len(arts) != 3 {
				t.Fatalf("%d artifacts, %v", len(arts), err)
			}
			files := map[string][]byte{}
			for _, a := range arts {
				files[a.Path] = a.Data
				compiletest.Golden(t, filepath.Join("testdata", ex+"."+filepath.Base(a.Path)), a.Data, a.Path+" of "+ex)
			}
			topo := docs(t, files[k8s.KueuePath])
			if len(topo) != 1 || topo[0]["kind"] != "Topology" {
				t.Fatalf("kueue file: %v", topo)
			}
			var levels []string
			for _, l := range topo[0]["spec"].(map[string]any)["levels"].([]any) {
				levels = append(levels, l.(map[string]any)["nodeLabel"].(string))
			}
			seen := map[string]bool{}
			for i, l := range levels {
				if !labelKey.MatchString(l) || len(l) > 316 {
					t.Errorf("Kueue level %q is not a node label key Kueue's CRD takes", l)
				}
				if seen[l] || l == k8s.HostLabel && i != len(levels)-1 {
					t.Errorf("Kueue levels %v: repeated, or hostname not last", levels)
				}
				seen[l] = true
			}
			if len(levels) > k8s.MaxLevels || levels[len(levels)-1] != k8s.HostLabel {
				t.Errorf("Kueue levels %v", levels)
			}
			// Labels: names, values, nesting.
			coarser := map[string]map[string]string{} // label → value → the next coarser value
			nodes := map[string]bool{}
			for _, d := range docs(t, files[k8s.LabelsPath]) {
				md := d["metadata"].(map[string]any)
				name := md["name"].(string)
				if !rfc1123.MatchString(name) || nodes[name] {
					t.Errorf("node name %q invalid or repeated", name)
				}
				nodes[name] = true
				lb := md["labels"].(map[string]any)
				for i := len(levels) - 2; i >= 1; i-- {
					fine, coarse := lb[levels[i]].(string), lb[levels[i-1]].(string)
					if !labelValue.MatchString(fine) || len(fine) > 63 {
						t.Errorf("label value %q", fine)
					}
					if coarser[levels[i]] == nil {
						coarser[levels[i]] = map[string]string{}
					}
					if prev, ok := coarser[levels[i]][fine]; ok && prev != coarse {
						t.Errorf("%s=%s lies under %s and %s: the levels do not nest", levels[i], fine, prev, coarse)
					}
					coarser[levels[i]][fine] = coarse
				}
			}
			// HyperNodes.
			tier := map[string]int{}
			inTier1 := map[string]int{}
			for _, d := range docs(t, files[k8s.HyperNodePath]) {
				name := d["metadata"].(map[string]any)["name"].(string)
				spec := d["spec"].(map[string]any)
				tr := spec["tier"].(int)
				if !rfc1123.MatchString(name) || tier[name] != 0 {
					t.Errorf("HyperNode name %q invalid or repeated", name)
				}
				tier[name] = tr
				for _, m := range spec["members"].([]any) {
					mm := m.(map[string]any)
					target := mm["selector"].(map[string]any)["exactMatch"].(map[string]any)["name"].(string)
					switch mm["type"] {
					case "Node":
						if tr != 1 || !nodes[target] {
							t.Errorf("HyperNode %s (tier %d) holds node %s", name, tr, target)
						}
						inTier1[target]++
					case "HyperNode":
						if tier[target] == 0 || tier[target] >= tr {
							t.Errorf("HyperNode %s (tier %d) holds %s of tier %d", name, tr, target, tier[target])
						}
					}
				}
			}
			for n := range nodes {
				if inTier1[n] != 1 {
					t.Errorf("node %s is in %d tier-1 HyperNodes", n, inTier1[n])
				}
			}
		})
	}
}

// The GB200 racks' NVLink domains nest in their leaf groups, so the
// domain label is a Kueue level between the leaves and the host, in each
// label family's keys (aws has no domain key, so no domain level).
func TestNVLinkDomainLevel(t *testing.T) {
	g := compiletest.Example(t, "gb200-nvl72-2rack")
	for fam, want := range map[string][]string{
		"":          {"fabric.topograph.run/tier-1", "fabric.topograph.run/tier-0", "accelerator.topograph.run/domain", k8s.HostLabel},
		"topograph": {"fabric.topograph.run/tier-1", "fabric.topograph.run/tier-0", "accelerator.topograph.run/domain", k8s.HostLabel},
		"nvidia":    {"network.topology.nvidia.com/spine", "network.topology.nvidia.com/leaf", "network.topology.nvidia.com/accelerator", k8s.HostLabel},
		"aws":       {"topology.k8s.aws/network-node-layer-1", "topology.k8s.aws/network-node-layer-2", k8s.HostLabel},
	} {
		if err := k8s.Emitter.Flags.Set("labels", cmpOr(fam, k8s.DefaultFamily)); err != nil {
			t.Fatal(err)
		}
		arts, err := k8s.Emitter.Emit(&emit.Input{Graph: g})
		k8s.Emitter.Flags.Set("labels", k8s.DefaultFamily)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range arts {
			if a.Path != k8s.KueuePath {
				continue
			}
			var levels []string
			for _, l := range docs(t, a.Data)[0]["spec"].(map[string]any)["levels"].([]any) {
				levels = append(levels, l.(map[string]any)["nodeLabel"].(string))
			}
			if strings.Join(levels, " ") != strings.Join(want, " ") {
				t.Errorf("family %q: Kueue levels %v, want %v", fam, levels, want)
			}
			for _, l := range levels {
				if !labelKey.MatchString(l) {
					t.Errorf("family %q: %q is not a node label key Kueue's CRD takes", fam, l)
				}
			}
		}
	}
	if err := k8s.Emitter.Flags.Set("labels", "gke"); err == nil || !strings.Contains(err.Error(), "topograph, nvidia, aws") {
		t.Errorf("an unknown family: %v", err)
	}
}

// cmpOr returns s, or d when s is empty.
func cmpOr(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// A server name Kubernetes refuses (an underscore) is k8s-invalid-name,
// not rewritten: the Node would never match the kubelet's name while the
// Slurm and UFM hand-offs kept it (trial 53). Upper case is only lowered,
// as a kubelet registers its hostname.
func TestNodeNamesNotRewritten(t *testing.T) {
	_, err := k8s.Emitter.Emit(&emit.Input{Graph: compiletest.Source(t, compiletest.RailDGX("row_a.n%d", ""))})
	var ee *emit.Error
	if !errors.As(err, &ee) || ee.Code != "k8s-invalid-name" || !strings.Contains(ee.Msg, `"row_a.n0"`) {
		t.Errorf("row_a.n0: %v; want k8s-invalid-name naming row_a.n0", err)
	}
	arts, err := k8s.Emitter.Emit(&emit.Input{Graph: compiletest.Source(t, compiletest.RailDGX("DGX-%02d", ""))})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range arts {
		if strings.HasSuffix(a.Path, "node-labels.yaml") && !strings.Contains(string(a.Data), "name: dgx-00") {
			t.Errorf("DGX-00 is not the Node dgx-00:\n%s", a.Data)
		}
	}
}

// Three NVL72 racks over rail leaves of 32 trays each (trial 59): a
// rack's 18 trays hang off two leaf groups, so the domain is no Kueue
// level below the leaves, but every tray still carries its domain label,
// which a scheduler needs to keep a 72-GPU job inside one rack.
func TestNVLinkDomainLabelAcrossLeafGroups(t *testing.T) {
	g := compiletest.Source(t, compiletest.NVL72OverRailLeaves(3))
	arts, err := k8s.Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range arts {
		switch a.Path {
		case k8s.LabelsPath:
			nodes := docs(t, a.Data)
			if len(nodes) != 54 {
				t.Fatalf("%d nodes labelled, want 54", len(nodes))
			}
			for _, d := range nodes {
				md := d["metadata"].(map[string]any)
				name := md["name"].(string)
				want := "nvl72-" + name[:strings.IndexByte(name, '-')]
				if got := md["labels"].(map[string]any)["accelerator.topograph.run/domain"]; got != want {
					t.Errorf("node %s: domain label %v, want %s", name, got, want)
				}
			}
		case k8s.KueuePath:
			if strings.Contains(string(a.Data), "accelerator.topograph.run/domain") {
				t.Errorf("the domain is a Kueue level though it is not nested in the leaf groups:\n%s", a.Data)
			}
		}
	}
}

// Two NVLink domains whose names make one label value are an error, not
// one domain to a scheduler (trial 68: for_each keys "A" and "a" made
// nvl-A and nvl-a, both labelled nvl-a).
func TestDomainLabelsDistinct(t *testing.T) {
	g := compiletest.Source(t, `
node_group "tray" {
  model = "GB200-NVL72-compute-tray"
  count = 36
  name  = format("rack%d/tray%02d", floor(count.index / 18), count.index % 18)
}
fabric "nvl" {
  for_each = { A = 0, a = 1 }
  nvlink_domain {
    gpu_nodes     = node_group.tray.gpus
    servers       = "rack${each.value}/*"
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}
fabric "compute" {
  clos {
    endpoints = node_group.tray.nics.compute
    tier "leaf" {
      model = "QM9700"
      count = 5
    }
    tier "spine" {
      model = "QM9700"
    }
  }
}`)
	_, err := k8s.Emitter.Emit(&emit.Input{Graph: g})
	if err == nil || !strings.Contains(err.Error(), `"nvl-A" and "nvl-a" are both "nvl-a"`) {
		t.Errorf("err %v; want the two domains named as one label value", err)
	}
}
