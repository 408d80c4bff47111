// Package k8s writes the design's topology for Kubernetes schedulers:
// node labels (one label per level of the scheduler hierarchy, in a key
// family of Families, NVIDIA topograph's by default), a Kueue Topology object naming those labels
// from the coarsest level to the host, and Volcano HyperNode objects, as
// YAML a user can `kubectl apply`. The hierarchy is the one the Slurm
// hand-off writes (slurm.Tree): leaves that serve the same nodes are one
// group, groups that share an upper switch join level by level.
//
// Formats: Kueue's Topology (kueue.x-k8s.io/v1beta2, docs "Topology":
// levels coarsest first, at most 16, each nodeLabel once,
// kubernetes.io/hostname only last); Volcano's HyperNode
// (topology.volcano.sh/v1alpha1: spec.tier from 1 at the bottom,
// spec.members of type Node or HyperNode selected by exact name);
// the label keys of the family chosen (Families: topograph's by default,
// fabric.topograph.run/tier-<n> and accelerator.topograph.run/domain).
package k8s

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/slurm"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// Paths of the artifacts.
const (
	LabelsPath    = "k8s/node-labels.yaml"
	KueuePath     = "k8s/kueue-topology.yaml"
	HyperNodePath = "k8s/volcano-hypernodes.yaml"
)

// HostLabel is Kubernetes' own per-node label, the last Kueue level.
// The other keys come from a Family.
const HostLabel = "kubernetes.io/hostname"

// MaxLevels is the most levels a Kueue Topology holds.
const MaxLevels = 16

// Emitter is the `--emit k8s` back end.
var Emitter = &emit.Emitter{
	Name:      "k8s",
	Doc:       "Kubernetes topology: node labels, a Kueue Topology and Volcano HyperNodes (" + LabelsPath + ", " + KueuePath + ", " + HyperNodePath + ")",
	Emit:      emitAll,
	Preflight: namesPreflight,
}

// labelValue is Kubernetes' label value syntax (at most 63 characters).
var labelValue = regexp.MustCompile(`^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$`)

// objectName maps a design or Slurm name to a Kubernetes object name
// (RFC 1123 subdomain: lower case, digits, '-', '.').
func objectName(s string) string {
	b := []byte(strings.ToLower(s))
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-') {
			b[i] = '-'
		}
	}
	return strings.Trim(string(b), "-.")
}

// nodeNames returns the Slurm node name of every server and implicit
// host (slurm.NodeNames, indexed by NodeID) and, by Slurm name, its
// Kubernetes node name: the Slurm name in lower case (checkNames).
func nodeNames(g *ir.Graph) ([]string, map[string]string, *emit.Error) {
	names, err := checkNames(g)
	if err != nil {
		return nil, nil, err
	}
	host := make(map[string]string, len(names)/4)
	for _, n := range names {
		if n != "" {
			host[n] = strings.ToLower(n)
		}
	}
	return names, host, nil
}

// checkNames returns slurm.NodeNames' names once Kubernetes would take
// each in lower case. Only the case changes (a kubelet registers its
// hostname in lower case): any other character Kubernetes refuses is an
// error, not rewritten, since the Node would then never match the
// kubelet's name while Slurm and UFM kept the original (trial 53: row_a.n0
// became row-a.n0 here alone); so are two nodes one name in lower case.
func checkNames(g *ir.Graph) ([]string, *emit.Error) {
	names := make([]string, len(g.Nodes))
	if err := checkEachName(g, func(id ir.NodeID, name string) { names[id] = name }); err != nil {
		return nil, err
	}
	return names, nil
}

// checkEachName is checkNames calling yield with each node's Slurm name
// instead of keeping them all (what `topoc check` reads: namesPreflight).
func checkEachName(g *ir.Graph, yield func(ir.NodeID, string)) *emit.Error {
	var ids []ir.NodeID
	var names []string
	upper := false // a name with upper case, which may meet another in lower case
	var bad *emit.Error
	err := slurm.EachNodeName(g, func(id ir.NodeID, n string) {
		if bad != nil {
			return
		}
		h := strings.ToLower(n) // n itself, with no copy, when it has no upper case
		if !rfc1123(h) {
			bad = &emit.Error{Code: diag.K8sInvalidName, At: g.Nodes[id].Origin, Msg: fmt.Sprintf("node %s is %q as a Kubernetes node name, which is not an RFC 1123 name (lower-case letters, digits, '-' and '.'): %s", g.Nodes[id].Name, h, emit.HostFix(g, id))}
			return
		}
		if h != n {
			upper = true
		}
		ids, names = append(ids, id), append(names, n)
		yield(id, n)
	})
	if err != nil {
		e := &emit.Error{Code: diag.K8sInvalidName, Msg: err.Error()}
		if se, ok := err.(*emit.Error); ok {
			e.At = se.At
		}
		return e
	}
	if bad != nil || !upper {
		return bad // without upper case, Slurm's names are distinct and unchanged
	}
	used := make(map[string]ir.NodeID, len(names))
	for k, n := range names {
		id, h := ids[k], strings.ToLower(n)
		if o, dup := used[h]; dup {
			return &emit.Error{Code: diag.K8sInvalidName, At: g.Nodes[id].Origin, Msg: fmt.Sprintf("nodes %s and %s are both %s as Kubernetes node names (lower case): %s", g.Nodes[o].Name, g.Nodes[id].Name, h, emit.HostFix(g, id))}
		}
		used[h] = id
	}
	return nil
}

// rfc1123 reports whether h is an RFC 1123 subdomain as Kubernetes takes
// a node name: at most 253 characters of lower-case letters, digits, '-'
// and '.', starting and ending with a letter or digit (the pattern
// ^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$, checked without a regular expression
// per name: 139,520 names at the 545-group dragonfly).
func rfc1123(h string) bool {
	if len(h) == 0 || len(h) > 253 {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		alnum := c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
		if !alnum && !((c == '-' || c == '.') && i > 0 && i < len(h)-1) {
			return false
		}
	}
	return true
}

// namesPreflight is the Kubernetes emitter's Preflight: nodeNames'
// refusal.
func namesPreflight(g *ir.Graph) *emit.Error {
	return checkEachName(g, func(ir.NodeID, string) {})
}

// level is one level of the hierarchy: for each node, its group's name.
type level struct {
	label string
	of    map[string]string // node → group at this level
}

func emitAll(in *emit.Input) ([]emit.Artifact, error) {
	g := in.Graph
	fam, err := FamilyNamed(labels.name)
	if err != nil {
		return nil, err
	}
	names, host, nerr := nodeNames(g)
	if nerr != nil {
		return nil, nerr
	}
	nodeName := func(n ir.NodeID) string { return names[n] }
	// The scale-out fabric's hierarchy: the first fabric with compute
	// endpoints (a node carries one value per label).
	var tree []slurm.Switch
	var fabric string
	// The first of the trees the Slurm hand-off writes (--slurm.fabrics
	// picks them there too), so both describe one cluster.
	trees, err := slurm.Trees(g, nodeName, slurm.SelectedFabrics())
	if err != nil {
		return nil, err
	}
	if len(trees) > 0 {
		tree, fabric = trees[0].Switches, g.Fabrics[trees[0].Fabric].Name
	}
	if len(tree) == 0 {
		return nil, nil
	}
	levels, err := hierarchy(tree, fam)
	if err != nil {
		return nil, err
	}
	// NVLink domains: a label on every server in one, and a Kueue level
	// below the leaves when each lies under one leaf group. A domain that
	// spans leaf groups (an NVL72 rack over rail leaves shared with other
	// racks) is labelled all the same, so that a scheduler can keep a
	// job inside it (trial 59 found the label dropped).
	dom, err := domains(g, nodeName, fam.Domain)
	if err != nil {
		return nil, err
	}
	labelled := levels
	if fam.Domain != "" && len(dom.of) > 0 {
		if nested(dom, levels[0]) {
			levels = append([]level{dom}, levels...)
			labelled = levels
		} else {
			labelled = append([]level{dom}, levels...)
		}
	}
	if len(levels)+1 > MaxLevels {
		return nil, &emit.Error{Code: diag.K8sInvalidName, Msg: fmt.Sprintf("fabric %q has %d levels; a Kueue Topology holds at most %d with the host", fabric, len(levels), MaxLevels)}
	}
	var nodes []string
	for _, s := range tree {
		nodes = append(nodes, s.Nodes...)
	}
	labels, err := labelsYAML(nodes, host, labelled)
	if err != nil {
		return nil, err
	}
	return []emit.Artifact{
		{Path: LabelsPath, Data: labels},
		{Path: KueuePath, Data: kueueYAML(levels)},
		{Path: HyperNodePath, Data: hyperNodesYAML(tree, host)},
	}, nil
}

// hierarchy turns the tree into levels, the leaves' first, each node
// under exactly one group per level (a node under no switch of a level,
// as in a forest, takes its lower group's name there).
func hierarchy(tree []slurm.Switch, fam Family) ([]level, error) {
	byName := map[string]slurm.Switch{}
	parent := map[string]string{}
	for _, s := range tree {
		byName[s.Name] = s
		for _, c := range s.Switches {
			parent[c] = s.Name
		}
	}
	var leaves []slurm.Switch
	for _, s := range tree {
		if len(s.Switches) == 0 {
			leaves = append(leaves, s)
		}
	}
	depth := 0
	for _, l := range leaves {
		d := 0
		for p := l.Name; parent[p] != ""; p = parent[p] {
			d++
		}
		depth = max(depth, d)
	}
	levels := make([]level, depth+1)
	for k := range levels {
		key, ok := fam.Tier(k, len(levels))
		if !ok {
			return nil, &emit.Error{Code: diag.K8sInvalidName, Msg: fmt.Sprintf("the fabric's hierarchy has %d levels, more than the %q label family names (%s); choose --k8s.labels topograph, which has no limit", len(levels), fam.Name, fam.Source)}
		}
		levels[k] = level{label: key, of: map[string]string{}}
	}
	for _, l := range leaves {
		chain := []string{l.Name}
		for p := l.Name; parent[p] != ""; p = parent[p] {
			chain = append(chain, parent[p])
		}
		// A shallower branch (a parent with one child is not written,
		// so its child climbs) repeats the group below its top, so that
		// the top tier names the same group for every node under it:
		// rack, zone, root becomes rack, zone, zone, root, not rack,
		// zone, root, root (where "root" at tier 2 would name a part).
		for len(chain) < len(levels) {
			if len(chain) < 2 {
				chain = append(chain, chain[0])
				continue
			}
			top := chain[len(chain)-1]
			chain = append(chain[:len(chain)-1], chain[len(chain)-2], top)
		}
		for k, grp := range chain {
			v := objectName(grp)
			if len(v) > 63 || !labelValue.MatchString(v) {
				return nil, &emit.Error{Code: diag.K8sInvalidName, Msg: fmt.Sprintf("switch group %s is %q as a label value, which Kubernetes refuses (at most 63 characters)", grp, v)}
			}
			for _, n := range l.Nodes {
				levels[k].of[n] = v
			}
		}
	}
	return levels, nil
}

// domains returns the NVLink domain of each node: the nvlink_domain fabric
// its GPUs belong to. Two domains whose names make one label value (nvl-A
// and nvl-a) are an error: a scheduler would take their servers for one
// domain (trial 68).
func domains(g *ir.Graph, nodeName func(ir.NodeID) string, key string) (level, error) {
	d := level{label: key, of: map[string]string{}}
	fabricOf := map[string]string{} // label value → the domain that has it
	for fi := range g.Fabrics {
		f := ir.FabricID(fi)
		if g.Fabrics[f].Family != ir.FamilyNVLinkDomain {
			continue
		}
		v := objectName(g.Fabrics[f].Name)
		if other, ok := fabricOf[v]; ok && other != g.Fabrics[f].Name {
			return d, &emit.Error{Code: diag.K8sInvalidName, Msg: fmt.Sprintf("NVLink domains %q and %q are both %q as a Kubernetes label value (lower case, '-' for other characters), so a scheduler would take their servers for one domain; rename one", other, g.Fabrics[f].Name, v)}
		}
		fabricOf[v] = g.Fabrics[f].Name
		for _, n := range g.FabricNodes(f) {
			if nd := &g.Nodes[n]; nd.Kind == ir.KindGPU && nd.Parent != ir.None {
				if _, ok := d.of[nodeName(nd.Parent)]; !ok {
					d.of[nodeName(nd.Parent)] = v
				}
			}
		}
	}
	return d, nil
}

// nested reports whether every group of lower lies within one group of
// upper, and every node of upper has a lower group.
func nested(lower, upper level) bool {
	in := map[string]string{}
	for n, u := range upper.of {
		l, ok := lower.of[n]
		if !ok {
			return false
		}
		if prev, seen := in[l]; seen && prev != u {
			return false
		}
		in[l] = u
	}
	return true
}

type nodeDoc struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name   string            `yaml:"name"`
		Labels map[string]string `yaml:"labels"`
	} `yaml:"metadata"`
}

// labelsYAML writes one Node document per node with its labels, in node
// order: applied with kubectl (apply, or label from it), it sets the
// labels on the existing nodes.
func labelsYAML(nodes []string, host map[string]string, levels []level) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("# Node labels written by topoc build --emit k8s: one level of the fabric per label.\n")
	for _, n := range nodes {
		var d nodeDoc
		d.APIVersion, d.Kind = "v1", "Node"
		d.Metadata.Name = host[n]
		d.Metadata.Labels = map[string]string{}
		for _, lv := range levels {
			if v, ok := lv.of[n]; ok {
				d.Metadata.Labels[lv.label] = v
			}
		}
		if err := writeDoc(&b, d); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

// kueueYAML writes the Topology: the levels coarsest first, then the host.
func kueueYAML(levels []level) []byte {
	type lv struct {
		NodeLabel string `yaml:"nodeLabel"`
	}
	var doc struct {
		APIVersion string `yaml:"apiVersion"`
		Kind       string `yaml:"kind"`
		Metadata   struct {
			Name string `yaml:"name"`
		} `yaml:"metadata"`
		Spec struct {
			Levels []lv `yaml:"levels"`
		} `yaml:"spec"`
	}
	doc.APIVersion, doc.Kind, doc.Metadata.Name = "kueue.x-k8s.io/v1beta2", "Topology", "topoc"
	for k := len(levels) - 1; k >= 0; k-- {
		doc.Spec.Levels = append(doc.Spec.Levels, lv{levels[k].label})
	}
	doc.Spec.Levels = append(doc.Spec.Levels, lv{HostLabel})
	var b bytes.Buffer
	b.WriteString("# Kueue Topology written by topoc build --emit k8s; reference it from a ResourceFlavor (spec.topologyName: topoc).\n")
	writeDoc(&b, doc)
	return b.Bytes()
}

type member struct {
	Type     string `yaml:"type"`
	Selector struct {
		ExactMatch struct {
			Name string `yaml:"name"`
		} `yaml:"exactMatch"`
	} `yaml:"selector"`
}

// hyperNodesYAML writes one HyperNode per logical switch: tier 1 holds
// nodes, tier k+1 the HyperNodes below it.
func hyperNodesYAML(tree []slurm.Switch, host map[string]string) []byte {
	tier := map[string]int{}
	for _, s := range tree { // bottom-up: children come first
		t := 1
		for _, c := range s.Switches {
			t = max(t, tier[c]+1)
		}
		tier[s.Name] = t
	}
	var b bytes.Buffer
	b.WriteString("# Volcano HyperNodes written by topoc build --emit k8s: one per logical switch, tier 1 at the leaves.\n")
	for _, s := range tree {
		var doc struct {
			APIVersion string `yaml:"apiVersion"`
			Kind       string `yaml:"kind"`
			Metadata   struct {
				Name string `yaml:"name"`
			} `yaml:"metadata"`
			Spec struct {
				Tier    int      `yaml:"tier"`
				Members []member `yaml:"members"`
			} `yaml:"spec"`
		}
		doc.APIVersion, doc.Kind = "topology.volcano.sh/v1alpha1", "HyperNode"
		doc.Metadata.Name = objectName(s.Name)
		doc.Spec.Tier = tier[s.Name]
		for _, n := range s.Nodes {
			var m member
			m.Type, m.Selector.ExactMatch.Name = "Node", host[n]
			doc.Spec.Members = append(doc.Spec.Members, m)
		}
		for _, c := range s.Switches {
			var m member
			m.Type, m.Selector.ExactMatch.Name = "HyperNode", objectName(c)
			doc.Spec.Members = append(doc.Spec.Members, m)
		}
		writeDoc(&b, doc)
	}
	return b.Bytes()
}

// writeDoc appends one YAML document ("---" first), indented by two,
// keys in struct order and maps sorted, as go.yaml.in/yaml/v3 writes them.
func writeDoc(b *bytes.Buffer, v any) error {
	b.WriteString("---\n")
	enc := yaml.NewEncoder(b)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return err
	}
	return enc.Close()
}
