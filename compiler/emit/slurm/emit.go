// Package slurm writes the design's topology for Slurm's scheduler
// (topology.conf(5), SchedMD/slurm doc/man/man5/topology.conf.5): the
// tree plugin's switch hierarchy of every scale-out fabric, and the block
// plugin's NVLink domains. Formats and rules: docs/reference/handoffs.md
// ("Slurm topology files").
package slurm

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// Paths of the artifacts.
const (
	TreePath  = "slurm/topology.conf"
	BlockPath = "slurm/topology-block.conf"
	YAMLPath  = "slurm/topology.yaml"
)

// MaxName is the longest switch or node name Slurm accepts: 64
// characters (topology.conf(5): "SwitchName ... up to 64 characters").
const MaxName = 64

// Emitter is the `--emit slurm` back end.
var Emitter = &emit.Emitter{
	Name:      "slurm",
	Doc:       "Slurm topology: " + TreePath + " (topology/tree, one tree per scale-out fabric), with NVLink domains " + BlockPath + " (topology/block), and both as " + YAMLPath + " (Slurm 25.05+)",
	Preflight: namesPreflight,
	Emit: func(in *emit.Input) ([]emit.Artifact, error) {
		g := in.Graph
		names, err := NodeNames(g)
		if err != nil {
			return nil, err
		}
		nodeName := func(n ir.NodeID) string { return names[n] }
		arts := []emit.Artifact{}
		tree, err := TreeConf(g, nodeName, fabrics.names)
		if err != nil {
			return nil, err
		}
		if tree != nil {
			arts = append(arts, emit.Artifact{Path: TreePath, Data: tree})
		}
		block, err := BlockConf(g, nodeName)
		if err != nil {
			return nil, err
		}
		if block != nil {
			arts = append(arts, emit.Artifact{Path: BlockPath, Data: block})
		}
		if y, err := TopologyYAML(g, nodeName, fabrics.names); err != nil {
			return nil, err
		} else if y != nil {
			arts = append(arts, emit.Artifact{Path: YAMLPath, Data: y})
		}
		return arts, nil
	},
}

// fabrics is the slurm emitter's "fabrics" flag (--slurm.fabrics): the
// fabrics whose trees to write, in order, or nil for the default
// selection (Trees).
var fabrics listFlag

// SelectedFabrics returns the fabrics --slurm.fabrics names, or nil for
// the default selection (Trees). The Kubernetes hand-off reads it, so that
// its hierarchy is the first tree the Slurm files hold.
func SelectedFabrics() []string { return fabrics.names }

// listFlag is a comma-separated list of names, repeatable (each use
// adds to the list); never set, it is nil.
type listFlag struct{ names []string }

func (l *listFlag) String() string { return strings.Join(l.names, ",") }

func (l *listFlag) Set(s string) error {
	n := len(l.names)
	if l.names == nil {
		l.names = []string{}
	}
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			l.names = append(l.names, f)
		}
	}
	if len(l.names) == n {
		return fmt.Errorf("%q names no fabric; list fabric names separated by commas", s)
	}
	return nil
}

func init() {
	Emitter.Flags.Var(&fabrics, "fabrics", "fabrics whose trees to write, in order, storage and management NICs counted (default: every fabric with compute endpoints)")
}

// BlockEmitter is `--emit slurm-block`: only the block plugin's file, for
// a cluster that runs topology/block. It is written only when named (the
// slurm emitter writes the same file), and a design without NVLink
// domains over servers is an emit.Error with code slurm-no-blocks, since
// there is no block to write.
var BlockEmitter = &emit.Emitter{
	Name:       "slurm-block",
	Doc:        "Slurm " + BlockPath + " only (topology/block, one block per NVLink domain); an error on a design without NVLink domains",
	OnlyByName: true,
	Emit: func(in *emit.Input) ([]emit.Artifact, error) {
		names, err := NodeNames(in.Graph)
		if err != nil {
			return nil, err
		}
		block, err := BlockConf(in.Graph, func(n ir.NodeID) string { return names[n] })
		if err != nil {
			return nil, err
		}
		if block == nil {
			return nil, &emit.Error{Code: diag.SlurmNoBlocks, Msg: "the design has no nvlink_domain fabric over servers (gpu_nodes = node_group.NAME.gpus), so Slurm's topology/block plugin has no block to group nodes by; use --emit slurm for the topology/tree file, or add the NVLink domains"}
		}
		return []emit.Artifact{{Path: BlockPath, Data: block}}, nil
	},
}

// NodeNames returns the Slurm node name of every server and implicit host,
// indexed by NodeID ("" for other nodes): the server's hostname when its
// node group sets one (ir.Graph.Hostnames), else the design's name with
// '/' written '-' ("su0/node05" is "su0-node05"). Two nodes that map to one name,
// and names longer than MaxName, are an emit.Error with code
// slurm-invalid-name.
func NodeNames(g *ir.Graph) ([]string, error) {
	out := make([]string, len(g.Nodes))
	err := EachNodeName(g, func(id ir.NodeID, name string) { out[id] = name })
	if err != nil {
		return nil, err
	}
	return out, nil
}

// EachNodeName calls yield with the Slurm node name of every server and
// implicit host, in NodeID order, as NodeNames gives them, and returns
// NodeNames' error, before any yield, if it refuses them; without the
// slice of every node: what `topoc check` reads (namesPreflight; a
// slice of 1.3 million nodes' names at 131,072 GPUs, twice, was 30 MB of
// its RSS). The names are checked once per graph (ir.Memo): the Slurm
// and Kubernetes checks of `topoc check` both read them.
func EachNodeName(g *ir.Graph, yield func(id ir.NodeID, name string)) error {
	if err := nodeNamesError(g); err != nil {
		return err
	}
	for i := range g.Nodes {
		if n := &g.Nodes[i]; n.Parent == ir.None && n.Kind == ir.KindHost {
			yield(ir.NodeID(i), g.HostName(ir.NodeID(i)))
		}
	}
	return nil
}

// namesChecked is the ir.Memo key of checkNodeNames' answer.
type namesChecked struct{}

// nodeNamesError is checkNodeNames' answer, computed once per graph for
// the Slurm and the Kubernetes hand-offs and their preflights.
func nodeNamesError(g *ir.Graph) error {
	return ir.Memo(g, namesChecked{}, func() error { return checkNodeNames(g) })
}

// checkNodeNames returns NodeNames' error for g's servers and implicit
// hosts, in NodeID order, at the first refusal; nil if it takes them
// all.
func checkNodeNames(g *ir.Graph) error {
	var hosts []ir.NodeID
	for i := range g.Nodes {
		if n := &g.Nodes[i]; n.Parent == ir.None && n.Kind == ir.KindHost {
			hosts = append(hosts, ir.NodeID(i))
		}
	}
	names := make([]string, len(hosts))
	bad := len(hosts) // the first host refused for its characters or length
	for k, id := range hosts {
		names[k] = g.HostName(id)
		if bad == len(hosts) && (!ascii(g.Nodes[id].Name) || len(names[k]) > MaxName) {
			bad = k
		}
	}
	// Duplicates by sorted hashes, not a map of every name: the map took
	// 0.37 s at the k = 160 fat-tree's 1,024,000 hosts (issue 16).
	i, j, dup := ir.FirstDuplicate(len(hosts), func(k int) string { return names[k] })
	if bad < len(hosts) && (!dup || bad <= i) {
		// A host's characters and length are judged before its name is
		// compared with the earlier ones.
		id := hosts[bad]
		n := &g.Nodes[id]
		for _, r := range n.Name {
			if r >= 0x80 {
				return &emit.Error{Code: diag.SlurmInvalidName, At: n.Origin, Msg: fmt.Sprintf("node %s has the character %q; Slurm node names are ASCII letters, digits, '-', '_' and '.': %s", n.Name, r, emit.HostFix(g, id))}
			}
		}
		name := names[bad]
		return &emit.Error{Code: diag.SlurmInvalidName, At: n.Origin, Msg: fmt.Sprintf("node %s is %d characters as a Slurm node name (%s); Slurm takes at most %d: %s", n.Name, len(name), name, MaxName, emit.HostFix(g, id))}
	}
	if dup {
		id, n := hosts[i], &g.Nodes[hosts[i]]
		return &emit.Error{Code: diag.SlurmInvalidName, At: n.Origin, Msg: fmt.Sprintf("nodes %s and %s are both %s as Slurm node names ('/' is written '-'): %s", g.Nodes[hosts[j]].Name, n.Name, names[i], emit.HostFix(g, id))}
	}
	return nil
}

// ascii reports whether s is all ASCII.
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// namesPreflight is the Slurm emitter's Preflight: NodeNames' refusal,
// then TopologyYAML's, two topologies of one name. The trees are not
// built (they cost what the emitter does); a topology is taken for every
// fabric with a compute node among its endpoints (ir.Graph.ComputeNode),
// as the trees of --emit all are, and "nvlink" beside them for NVLink
// domains over servers.
func namesPreflight(g *ir.Graph) *emit.Error {
	if err := nodeNamesError(g); err != nil {
		var e *emit.Error
		if errors.As(err, &e) {
			return e
		}
	}
	named := map[string]ir.FabricID{}
	for fi := range g.Fabrics {
		f := &g.Fabrics[fi]
		name := SafeName(f.Name)
		if f.Family == ir.FamilyNVLinkDomain {
			if len(f.Endpoints) == 0 || g.Nodes[f.Endpoints[0].Node].Parent == ir.None {
				continue
			}
			name = "nvlink"
		} else if f.Composite() || !slices.ContainsFunc(f.Endpoints, func(p ir.Port) bool { _, ok := g.ComputeNode(p.Node); return ok }) {
			continue
		}
		if o, dup := named[name]; dup && (name != "nvlink" || g.Fabrics[o].Family != ir.FamilyNVLinkDomain) {
			return &emit.Error{Code: diag.SlurmInvalidName, At: f.Origin, Msg: fmt.Sprintf("fabrics %q and %q would both be topology %s in topology.yaml (each tree is named after its fabric, the NVLink blocks \"nvlink\"): rename one", g.Fabrics[o].Name, f.Name, name)}
		}
		if _, dup := named[name]; !dup {
			named[name] = ir.FabricID(fi)
		}
	}
	return nil
}

// TreeConf writes topology.conf for the tree plugin: one tree per fabric
// of Trees(g, nodeName, fabrics), each switch's line bottom-up. By
// default that is every fabric with compute endpoints (NVLink domains are
// the block plugin's) in design order, storage and management fabrics
// (no compute NIC or host among their endpoints) left out; fabrics names
// the ones to write instead. nil when there is no tree.
func TreeConf(g *ir.Graph, nodeName func(ir.NodeID) string, fabrics []string) ([]byte, error) {
	var b bytes.Buffer
	n := 0
	placed := map[string]string{} // node → the fabric whose tree holds it
	var left []string
	trees, err := Trees(g, nodeName, fabrics)
	if err != nil {
		return nil, err
	}
	for _, ft := range trees {
		f, sws := ft.Fabric, ft.Switches
		// Slurm puts a node under one leaf: a fabric over nodes an
		// earlier tree holds (a second rail set, a frontend) is left out.
		if other := overlap(sws, placed); other != "" {
			left = append(left, fmt.Sprintf("# fabric %q left out: its nodes are under fabric %q's tree already, and Slurm places a node under one leaf switch.\n", g.Fabrics[f].Name, other))
			continue
		}
		for _, s := range sws {
			for _, nd := range s.Nodes {
				placed[nd] = g.Fabrics[f].Name
			}
		}
		if n == 0 {
			b.WriteString("# Slurm topology/tree (topology.conf(5)), written by topoc build --emit slurm.\n")
			b.WriteString("# Leaves serving the same nodes are one logical switch; one tree per fabric.\n")
		}
		n++
		fmt.Fprintf(&b, "\n# fabric %q (%s)\n", g.Fabrics[f].Name, g.Fabrics[f].Family)
		for _, s := range sws {
			if len(s.Name) > MaxName {
				return nil, &emit.Error{Code: diag.SlurmInvalidName, Msg: fmt.Sprintf("switch %s of fabric %q is %d characters; Slurm takes at most %d: shorten the fabric or unit names", s.Name, g.Fabrics[f].Name, len(s.Name), MaxName)}
			}
			if len(s.Switches) > 0 {
				fmt.Fprintf(&b, "SwitchName=%s Switches=%s\n", s.Name, Hostlist(s.Switches))
			} else {
				fmt.Fprintf(&b, "SwitchName=%s Nodes=%s\n", s.Name, Hostlist(s.Nodes))
			}
		}
	}
	if n == 0 {
		return nil, nil
	}
	if len(left) > 0 {
		b.WriteString("\n")
		for _, l := range left {
			b.WriteString(l)
		}
	}
	return b.Bytes(), nil
}

// overlap returns the fabric that already holds a node of sws, or "".
func overlap(sws []Switch, placed map[string]string) string {
	for _, s := range sws {
		for _, nd := range s.Nodes {
			if f, ok := placed[nd]; ok {
				return f
			}
		}
	}
	return ""
}

// BlockConf writes topology.conf for the block plugin (Slurm 23.11 and
// later): the blocks of Blocks, a placeholder as a BlockName without
// Nodes, then BlockSizes. nil without NVLink domains; errors are
// Blocks'.
func BlockConf(g *ir.Graph, nodeName func(ir.NodeID) string) ([]byte, error) {
	blocks, sizes, err := Blocks(g, nodeName)
	if len(blocks) == 0 || err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("# Slurm topology/block (topology.conf(5)), written by topoc build (--emit slurm or slurm-block).\n")
	b.WriteString("# One block per NVLink domain, in design order, grouped by the switch above them;\n")
	b.WriteString("# a BlockName without Nodes holds the place of a domain the group lacks.\n")
	for _, bl := range blocks {
		if len(bl.Nodes) == 0 {
			fmt.Fprintf(&b, "BlockName=%s\n", bl.Name)
			continue
		}
		fmt.Fprintf(&b, "BlockName=%s Nodes=%s\n", bl.Name, Hostlist(bl.Nodes))
	}
	strs := make([]string, len(sizes))
	for i, v := range sizes {
		strs[i] = fmt.Sprint(v)
	}
	fmt.Fprintf(&b, "BlockSizes=%s\n", strings.Join(strs, ","))
	return b.Bytes(), nil
}
