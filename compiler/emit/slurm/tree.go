package slurm

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/emit/internal/dsu"
	"github.com/topoc/topoc/compiler/ir"
)

// Switch is one logical switch of Slurm's tree topology
// (topology.conf(5), topology/tree): Nodes lists the Slurm nodes under a
// lowest-level switch, Switches the children of a higher one, by name.
type Switch struct {
	Name     string
	Level    int
	Nodes    []string
	Switches []string
}

// group is a logical switch being built: the physical switches it stands
// for and what is under it.
type group struct {
	members  []ir.NodeID
	nodes    []string
	children []int    // indices of groups one level down (into Tree's all)
	kids     []*group // the same, for groups made by joinByUnit and joinConnected
	name     string
	level    int
}

// Tree returns the logical switch tree of fabric f: the leaves (the
// switches the fabric's compute endpoints attach to), with leaves that
// serve the same set of nodes collapsed into one logical switch (the 8
// rail leaves of a scalable unit, the plane leaves of a multi-plane
// fabric: what schedulers expect, and what NVIDIA topograph does when it
// reads a discovered fabric); then, level by level, the logical switches
// that share a physical switch of a higher tier joined under one parent,
// until one root remains or nothing joins them further (the pieces of a
// fabric joined only through its servers each keep their own root).
// Logical switches are named after the unit their switches share
// ("compute-su0"), the one switch they stand for, or their level and
// position; the last is "<fabric>-root". Switches come bottom-up, in the
// order of the first node under them. nodeName gives the Slurm name of a
// server or host. It returns nil when f has no compute endpoints.
func Tree(g *ir.Graph, f ir.FabricID, nodeName func(ir.NodeID) string) []Switch {
	return TreeOf(g, f, nodeName, false)
}

// TreeOf is Tree, with anyRole counting the servers behind every NIC of
// f, storage and management roles too (ir.NonComputeRoles), not only its
// compute endpoints: the tree of a fabric a user asked for by name.
// Appliances (hosts with a role) are never Slurm nodes.
func TreeOf(g *ir.Graph, f ir.FabricID, nodeName func(ir.NodeID) string, anyRole bool) []Switch {
	fab := &g.Fabrics[f]
	rank := map[string]int{}
	for i, t := range fab.Tiers {
		rank[t] = i
	}
	isSwitch := func(n ir.NodeID) bool {
		nd := &g.Nodes[n]
		return nd.Kind.IsSwitch() && nd.Parent == ir.None && nd.InFabric(f)
	}
	adj := map[ir.NodeID][]ir.NodeID{}
	for _, id := range g.FabricLinks(f) {
		l := g.Link(id)
		adj[l.A.Node] = append(adj[l.A.Node], l.B.Node)
		adj[l.B.Node] = append(adj[l.B.Node], l.A.Node)
	}
	// Level 0: the switches under each compute node, by the set of nodes
	// each serves.
	leafNodes := map[ir.NodeID][]string{}
	var leaves []ir.NodeID
	for _, p := range fab.Endpoints {
		slurmNode, ok := computeNode(g, p.Node)
		if !ok && !(anyRole && g.Nodes[p.Node].Parent != ir.None) {
			continue
		}
		name := nodeName(slurmNode)
		for _, sw := range adj[p.Node] {
			if !isSwitch(sw) {
				continue
			}
			if _, seen := leafNodes[sw]; !seen {
				leaves = append(leaves, sw)
			}
			if ns := leafNodes[sw]; len(ns) == 0 || ns[len(ns)-1] != name {
				leafNodes[sw] = append(ns, name)
			}
		}
	}
	if len(leaves) == 0 {
		return nil
	}
	// Leaves that share a node are one logical switch: the rail leaves of
	// a scalable unit serve the same servers, and leaves whose node sets
	// only overlap (servers of several models on one rail group) would
	// put a node under two leaves, which Slurm's tree refuses ("Multiple
	// leaf switches contain nodes").
	uf := dsu.New(len(leaves))
	find := uf.Find
	firstLeaf := map[string]int{}
	for i, sw := range leaves {
		for _, n := range leafNodes[sw] {
			if j, ok := firstLeaf[n]; ok {
				uf.Union(i, j)
			} else {
				firstLeaf[n] = i
			}
		}
	}
	var groups []*group
	byRoot := map[int]*group{}
	for i, sw := range leaves {
		r := find(i)
		gr, ok := byRoot[r]
		if !ok {
			gr = &group{}
			byRoot[r] = gr
			groups = append(groups, gr)
		}
		gr.members = append(gr.members, sw)
	}
	for _, gr := range groups {
		seen := map[string]bool{}
		for _, sw := range gr.members {
			for _, n := range leafNodes[sw] {
				if !seen[n] {
					seen[n] = true
					gr.nodes = append(gr.nodes, n)
				}
			}
		}
	}
	all := slices.Clone(groups)
	level := groups
	for depth := 1; len(level) > 1; depth++ {
		// Each logical switch's parents: the switches of higher tiers its
		// members link to.
		parentsOf := make([][]ir.NodeID, len(level))
		owner := map[ir.NodeID]int{}
		parent := make([]int, len(level))
		for i := range parent {
			parent[i] = i
		}
		find := func(x int) int {
			for parent[x] != x {
				parent[x] = parent[parent[x]]
				x = parent[x]
			}
			return x
		}
		any := false
		for i, gr := range level {
			seen := map[ir.NodeID]bool{}
			for _, m := range gr.members {
				for _, up := range adj[m] {
					if !isSwitch(up) || rank[g.Nodes[up].TierName()] <= rank[g.Nodes[m].TierName()] || seen[up] {
						continue
					}
					seen[up] = true
					parentsOf[i] = append(parentsOf[i], up)
					if j, ok := owner[up]; ok {
						if a, b := find(i), find(j); a != b {
							parent[max(a, b)] = min(a, b)
						}
					} else {
						owner[up] = i
					}
					any = true
				}
			}
		}
		if !any {
			// No tier above (a dragonfly's routers, one tier of leaves):
			// the units the switches share are the next level, and one
			// root joins the units of one connected fabric.
			next := joinByUnit(g, level, depth)
			if next == nil {
				next = joinConnected(level, depth, adj, isSwitch)
			}
			if next == nil {
				break
			}
			all = append(all, next...)
			level = next
			continue
		}
		var next []*group
		byRoot := map[int]*group{}
		for i, gr := range level {
			r := find(i)
			ng, ok := byRoot[r]
			if !ok {
				ng = &group{level: depth}
				byRoot[r] = ng
				next = append(next, ng)
			}
			ng.children = append(ng.children, slices.Index(all, gr))
			for _, p := range parentsOf[i] {
				if !slices.Contains(ng.members, p) {
					ng.members = append(ng.members, p)
				}
			}
		}
		// A logical switch with a single child adds a level and nothing
		// else: its child climbs instead.
		for k, ng := range next {
			if len(ng.children) == 1 && len(ng.members) > 0 {
				child := all[ng.children[0]]
				child.members = ng.members
				next[k] = child
				continue
			}
			all = append(all, ng)
		}
		level = next // members climbed a tier: the loop ends within the fabric's tiers
	}
	nameGroups(g, fab.Name, fab.NamePrefix, all, level)
	out := make([]Switch, 0, len(all))
	for _, gr := range all {
		s := Switch{Name: gr.name, Level: gr.level, Nodes: gr.nodes}
		for _, c := range gr.children {
			s.Switches = append(s.Switches, all[c].name)
		}
		for _, k := range gr.kids {
			s.Switches = append(s.Switches, k.name)
		}
		if len(s.Switches) > 0 {
			s.Nodes = nil
		}
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(a, b Switch) int { return a.Level - b.Level })
	return out
}

// joinByUnit groups the logical switches of one level by the unit their
// members share (a dragonfly's routers by group), when every member has a
// unit and the grouping joins some; nil otherwise.
func joinByUnit(g *ir.Graph, level []*group, depth int) []*group {
	var next []*group
	byUnit := map[string]*group{}
	for i, gr := range level {
		key := ""
		for j, m := range gr.members {
			nd := &g.Nodes[m]
			k := nd.UnitName() + "#" + strconv.Itoa(int(nd.UnitIndex))
			if nd.UnitName() == "" || j > 0 && k != key {
				return nil
			}
			key = k
		}
		ng, ok := byUnit[key]
		if !ok {
			ng = &group{level: depth}
			byUnit[key] = ng
			next = append(next, ng)
		}
		ng.children = append(ng.children, i)
		ng.members = append(ng.members, gr.members...)
	}
	if len(next) == len(level) {
		return nil
	}
	return reindex(next, level)
}

// joinConnected puts one root over the logical switches of a level when
// the fabric's own links connect their switches (not only the servers,
// as in a fabric joined by server transit); nil otherwise.
func joinConnected(level []*group, depth int, adj map[ir.NodeID][]ir.NodeID, isSwitch func(ir.NodeID) bool) []*group {
	if len(level) < 2 {
		return nil
	}
	seen := map[ir.NodeID]bool{}
	stack := slices.Clone(level[0].members)
	for _, m := range stack {
		seen[m] = true
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, o := range adj[n] {
			if isSwitch(o) && !seen[o] {
				seen[o] = true
				stack = append(stack, o)
			}
		}
	}
	root := &group{level: depth}
	for i, gr := range level {
		if !seen[gr.members[0]] {
			return nil
		}
		root.children = append(root.children, i)
		root.members = append(root.members, gr.members...)
	}
	return reindex([]*group{root}, level)
}

// reindex turns children given as positions in level into the level
// groups themselves, stored by pointer in pending until Tree numbers them.
func reindex(next, level []*group) []*group {
	for _, ng := range next {
		ng.kids = make([]*group, len(ng.children))
		for k, c := range ng.children {
			ng.kids[k] = level[c]
		}
		ng.children = nil
	}
	return next
}

// NonComputeRoles are the NIC roles whose fabrics are not the scheduler's
// (ir.NonComputeRoles).
var NonComputeRoles = ir.NonComputeRoles

// computeNode returns the Slurm node behind an endpoint
// (ir.Graph.ComputeNode).
func computeNode(g *ir.Graph, n ir.NodeID) (ir.NodeID, bool) { return g.ComputeNode(n) }

// nameGroups names the logical switches: the unit their physical
// switches share, else the one switch, else level and position; the
// remaining top is "<fabric>-root". Names are unique.
func nameGroups(g *ir.Graph, fabric, prefix string, all, top []*group) {
	used := map[string]bool{}
	byLevel := map[int]int{}
	// unitOf is the unit all of a group's switches share, "" if none.
	unitOf := func(gr *group) (string, int32) {
		u, idx := "", int32(-1)
		for i, m := range gr.members {
			nd := &g.Nodes[m]
			if i == 0 {
				u, idx = nd.UnitName(), nd.UnitIndex
			} else if nd.UnitName() != u || nd.UnitIndex != idx {
				return "", -1
			}
		}
		return u, idx
	}
	// A unit names a group only when no other group of its level shares
	// it; its index is padded to the widest of that unit at the level.
	share := map[string]int{}
	width := map[string]int{}
	for _, gr := range all {
		if u, idx := unitOf(gr); u != "" && idx >= 0 {
			k := strconv.Itoa(gr.level) + "/" + u
			share[k+"#"+strconv.Itoa(int(idx))]++
			width[k] = max(width[k], len(strconv.Itoa(int(idx))))
		}
	}
	for _, gr := range all {
		base := ""
		u, idx := unitOf(gr)
		k := strconv.Itoa(gr.level) + "/" + u
		switch {
		case len(top) == 1 && gr == top[0]:
			base = fabric + "-root"
		case u != "" && idx >= 0 && share[k+"#"+strconv.Itoa(int(idx))] == 1:
			base = fabric + "-" + u + pad(int(idx), width[k])
		case len(gr.members) == 1:
			// A switch's name carries its fabric's prefix where the
			// compiler qualified it; the fabric is named once (trial 68:
			// cl_west-cl_west-leaf0).
			base = fabric + "-" + strings.TrimPrefix(g.Nodes[gr.members[0]].Name, prefix)
		default:
			base = fmt.Sprintf("%s-l%d-%d", fabric, gr.level, byLevel[gr.level])
		}
		byLevel[gr.level]++
		name := SafeName(base)
		for k := 2; used[name]; k++ {
			name = SafeName(fmt.Sprintf("%s-%d", base, k))
		}
		used[name] = true
		gr.name = name
	}
}

// SafeName maps a design name to the characters Slurm names take without
// quoting (letters, digits, '-', '_', '.'): '/' and anything else become
// '-'.
func SafeName(s string) string { return ir.DashName(s) }

// FabricTree is one fabric's scheduler tree.
type FabricTree struct {
	Fabric   ir.FabricID
	Switches []Switch
}

// Trees returns the scheduler trees to write. With fabrics nil, the Tree
// of every fabric that has one (compute endpoints, not an NVLink domain,
// which is the block plugin's), in design order. Otherwise the named
// fabrics, in the order given, each with the servers behind any of its
// NICs, storage and management roles included (TreeOf with anyRole): how
// a user asks for a storage or front-end fabric (--slurm.fabrics)'s tree. A name that is
// no fabric, an NVLink domain, or a fabric with no server or host is an
// error naming the design's fabrics.
func Trees(g *ir.Graph, nodeName func(ir.NodeID) string, fabrics []string) ([]FabricTree, error) {
	var out []FabricTree
	if fabrics == nil {
		for fi := range g.Fabrics {
			f := ir.FabricID(fi)
			if g.Fabrics[f].Family == ir.FamilyNVLinkDomain || g.Fabrics[f].Composite() {
				continue // a composite's nodes are its members' trees
			}
			if sws := Tree(g, f, nodeName); len(sws) > 0 {
				out = append(out, FabricTree{f, sws})
			}
		}
		return out, nil
	}
	var all []string
	for _, f := range g.Fabrics {
		if f.Family != ir.FamilyNVLinkDomain {
			all = append(all, f.Name)
		}
	}
	for _, name := range fabrics {
		f := slices.IndexFunc(g.Fabrics, func(f ir.Fabric) bool { return f.Name == name })
		switch {
		case f < 0:
			return nil, fmt.Errorf("--slurm.fabrics names %q, which is not a fabric of the design; its scale-out fabrics are %s", name, strings.Join(all, ", "))
		case g.Fabrics[f].Family == ir.FamilyNVLinkDomain:
			return nil, fmt.Errorf("--slurm.fabrics names %q, an NVLink domain: Slurm's block plugin takes those (topology-block.conf), not a tree", name)
		case slices.ContainsFunc(out, func(t FabricTree) bool { return t.Fabric == ir.FabricID(f) }):
			return nil, fmt.Errorf("--slurm.fabrics names %q twice", name)
		}
		sws := TreeOf(g, ir.FabricID(f), nodeName, true)
		if len(sws) == 0 {
			return nil, fmt.Errorf("--slurm.fabrics names %q, which reaches no server or host: it has no tree for Slurm", name)
		}
		out = append(out, FabricTree{ir.FabricID(f), sws})
	}
	return out, nil
}
