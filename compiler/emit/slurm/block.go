package slurm

import (
	"fmt"
	"math/bits"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// Block is one base block of Slurm's topology/block plugin: an NVLink
// domain's servers by Slurm name, or, with no Nodes, a placeholder for a
// domain its group lacks.
type Block struct {
	Name  string
	Nodes []string
	// Parent is the scheduler-tree switch the block's group sits under
	// ("" when no tree holds it): blocks of one Parent are consecutive.
	Parent string
}

// Blocks returns the base blocks of the block plugin and BlockSizes.
//
// One block per nvlink_domain fabric over servers, in design order, except
// that the domains are grouped by the switch of the scheduler tree
// directly above them (Tree of the first fabric whose leaves hold all of
// a domain's servers: the lowest logical switch holding more than the
// domain), groups in order of their first domain, where those switches
// are all at one depth of the tree; where some domain straddles the
// switches that hold others, in design order without grouping. Slurm joins 2, 4, …
// consecutive base blocks into its larger blocks (topology.conf(5), block
// plugin), so a group of fewer domains than the others would let a larger
// block straddle two switches. With more than one group, each is padded
// to P blocks, P the least power of two at least the largest group, by
// placeholders (a BlockName without Nodes, named "<switch>-slot<i>",
// i the position in the group, or "group<g>-slot<i>", g the group's
// place, where no switch holds the group or the name would pass MaxName):
// the representation of an absent domain
// of NVIDIA topograph (issue #415, dual-level domains: "represent
// unavailable or undiscovered base domains with empty entries so later
// blocks do not shift").
//
// BlockSizes follows topograph's single-level rule (docs/engines/slurm.md):
// the smallest domain's node count D, then D·2, …, D·2^k with
// k = ⌊log2 blocks⌋, placeholders counted. nil without NVLink domains.
// Two blocks of one name (a domain fabric named like a placeholder) are
// an emit.Error with code slurm-invalid-name.
func Blocks(g *ir.Graph, nodeName func(ir.NodeID) string) ([]Block, []int, error) {
	var domains []Block
	smallest := 0
	for fi := range g.Fabrics {
		f := ir.FabricID(fi)
		if g.Fabrics[f].Family != ir.FamilyNVLinkDomain {
			continue
		}
		var nodes []string
		seen := map[ir.NodeID]bool{}
		for _, n := range g.FabricNodes(f) {
			if nd := &g.Nodes[n]; nd.Kind == ir.KindGPU && nd.Parent != ir.None && !seen[nd.Parent] {
				seen[nd.Parent] = true
				nodes = append(nodes, nodeName(nd.Parent))
			}
		}
		if len(nodes) == 0 {
			continue
		}
		if smallest == 0 || len(nodes) < smallest {
			smallest = len(nodes)
		}
		domains = append(domains, Block{Name: SafeName(g.Fabrics[f].Name), Nodes: nodes})
	}
	if len(domains) == 0 {
		return nil, nil, nil
	}
	trees := schedulerTrees(g, nodeName)
	depths := map[int]bool{} // the depths of the parents of the domains a tree holds
	placed := make([]bool, len(domains))
	for i := range domains {
		for _, t := range trees {
			if p, ok := t.parentOf(domains[i].Nodes); ok {
				domains[i].Parent, placed[i] = p, true
				depths[t.depth(p)] = true
				break
			}
		}
	}
	if len(depths) > 1 {
		// Some domains straddle the switches that hold others (NVL72
		// racks of 18 trays over leaf groups of 32): no grouping keeps
		// every group under one switch, and padding the groups scrambled
		// the racks (trial 59: 16 racks in 72 blocks, 56 of them empty).
		// The domains stay in design order, unpadded.
		// A domain on no scale-out fabric keeps its group of its own.
		for i := range domains {
			if placed[i] {
				domains[i].Parent = ""
			}
		}
	}
	var order []string
	groups := map[string][]Block{}
	for _, d := range domains {
		if _, ok := groups[d.Parent]; !ok {
			order = append(order, d.Parent)
		}
		groups[d.Parent] = append(groups[d.Parent], d)
	}
	pad := 0
	if len(order) > 1 {
		for _, p := range order {
			pad = max(pad, len(groups[p]))
		}
		pad = 1 << bits.Len(uint(pad-1)) // the least power of two ≥ the largest group
	}
	var blocks []Block
	for gi, p := range order {
		blocks = append(blocks, groups[p]...)
		for i := len(groups[p]); i < pad; i++ {
			name := fmt.Sprintf("%s-slot%d", p, i)
			if p == "" || len(name) > MaxName {
				name = fmt.Sprintf("group%d-slot%d", gi, i)
			}
			blocks = append(blocks, Block{Name: name, Parent: p})
		}
	}
	seen := map[string]int{}
	for i, b := range blocks {
		if j, dup := seen[b.Name]; dup {
			return nil, nil, &emit.Error{Code: diag.SlurmInvalidName, Msg: fmt.Sprintf("blocks %d and %d are both named %s (a placeholder is named after the switch above its group and its place in it); rename the nvlink_domain fabric %s", j, i, b.Name, b.Name)}
		}
		seen[b.Name] = i
	}
	var sizes []int
	for k := 0; k <= bits.Len(uint(len(blocks)))-1; k++ {
		sizes = append(sizes, smallest<<k)
	}
	return blocks, sizes, nil
}

// schedTree indexes one fabric's scheduler tree (Tree) for parentOf.
type schedTree struct {
	leafOf map[string]string // node → its leaf switch
	up     map[string]string // switch → the switch above it
	under  map[string]int    // switch → nodes below it
}

// schedulerTrees indexes the trees of the fabrics TreeConf writes, in
// design order (NVLink domain fabrics have none).
func schedulerTrees(g *ir.Graph, nodeName func(ir.NodeID) string) []schedTree {
	var out []schedTree
	trees, _ := Trees(g, nodeName, nil) // the default selection has no errors
	for _, ft := range trees {
		sws := ft.Switches
		t := schedTree{leafOf: map[string]string{}, up: map[string]string{}, under: map[string]int{}}
		kids := map[string][]string{}
		for _, s := range sws {
			for _, n := range s.Nodes {
				t.leafOf[n] = s.Name
			}
			for _, c := range s.Switches {
				t.up[c] = s.Name
			}
			kids[s.Name] = s.Switches
			t.under[s.Name] = len(s.Nodes)
		}
		var count func(string) int
		count = func(s string) int {
			n := t.under[s]
			for _, c := range kids[s] {
				n += count(c)
			}
			return n
		}
		for _, s := range sws {
			t.under[s.Name] = count(s.Name)
		}
		out = append(out, t)
	}
	return out
}

// depth is switch s's distance from the top of t (0 at the root, -1 for
// "", which parentOf returns where the top holds exactly the nodes).
func (t schedTree) depth(s string) int {
	if s == "" {
		return -1
	}
	d := 0
	for p, ok := t.up[s]; ok; p, ok = t.up[p] {
		d++
	}
	return d
}

// parentOf returns the lowest switch of t that holds every one of nodes
// and at least one node more, and whether t holds them all; "" when the
// top of the tree holds nodes and no more.
func (t schedTree) parentOf(nodes []string) (string, bool) {
	chain := func(n string) ([]string, bool) {
		s, ok := t.leafOf[n]
		var c []string
		for ok {
			c = append(c, s)
			s, ok = t.up[s]
		}
		return c, len(c) > 0
	}
	common, ok := chain(nodes[0])
	if !ok {
		return "", false
	}
	for _, n := range nodes[1:] {
		c, ok := chain(n)
		if !ok {
			return "", false
		}
		// The common ancestors are a suffix of both chains (ending at
		// the root): keep the longest such suffix.
		k := 0
		for k < len(common) && k < len(c) && common[len(common)-1-k] == c[len(c)-1-k] {
			k++
		}
		if k == 0 {
			return "", false // under different roots
		}
		common = common[len(common)-k:]
	}
	for _, s := range common {
		if t.under[s] > len(nodes) {
			return s, true
		}
	}
	return "", true
}
