package ir

// Failure names the elements of a graph that fail together in one
// what-if scenario: whole nodes and single links. A failed node takes
// every link at it; a failed server (a node other nodes name as Parent)
// also takes its components, so a server's failure is its GPUs', NICs'
// and internal links' failure.
type Failure struct {
	Nodes []NodeID
	Links []LinkID
}

// Empty reports whether f fails nothing (the baseline).
func (f Failure) Empty() bool { return len(f.Nodes) == 0 && len(f.Links) == 0 }

// FailedNodes returns a mask over g.Nodes of the nodes f fails: its nodes
// and the components of the servers among them.
func (g *Graph) FailedNodes(f Failure) []bool {
	dead := make([]bool, len(g.Nodes))
	for _, n := range f.Nodes {
		if n < 0 || int(n) >= len(g.Nodes) {
			continue
		}
		dead[n] = true
		for _, c := range g.Children(n) {
			dead[c] = true
		}
	}
	return dead
}

// Residual returns the graph that survives f: a new Graph sharing g's
// nodes, origins, models, workloads and requirements, holding the links of
// g that neither failed nor touch a failed node (in g's order, so link ids
// are renumbered), and fabrics whose endpoint lists keep only the ports a
// surviving fabric link still reaches. Node and fabric ids are g's, so a
// result on the residual graph names the same elements. Cabling is nil:
// the cable plan describes g, and what-if analyses do not read it.
//
// An endpoint port stays when its node survives and either a surviving
// link of the fabric ends on that port, or the node had no fabric link on
// that port at all but still has some (an NVLink domain lists one port per
// GPU for all of the GPU's links).
func (g *Graph) Residual(f Failure) *Graph {
	dead := g.FailedNodes(f)
	cut := make([]bool, len(g.Links))
	for _, l := range f.Links {
		if l >= 0 && int(l) < len(g.Links) {
			cut[l] = true
		}
	}
	r := &Graph{
		Nodes: g.Nodes, Requirements: g.Requirements, Workloads: g.Workloads,
		ServerModels: g.ServerModels, Protocols: g.Protocols, Origins: g.Origins, RiskGroups: g.RiskGroups, Flows: g.Flows,
		cache: &indexCache{},
	}
	r.Links = make([]Link, 0, len(g.Links))
	type end struct {
		fabric FabricID
		port   Port
	}
	// had and kept count fabric links per endpoint port (lane 0) and per
	// node (port -2), before and after the failure.
	had, kept := map[end]int{}, map[end]int{}
	isEP := make(map[NodeID]bool)
	for _, fab := range g.Fabrics {
		for _, p := range fab.Endpoints {
			isEP[p.Node] = true
		}
	}
	for id := range g.Links {
		l := &g.Links[id]
		alive := !cut[id] && !dead[l.A.Node] && !dead[l.B.Node]
		if alive {
			r.Links = append(r.Links, *l)
		}
		if l.Fabric == None {
			continue
		}
		for _, e := range [2]Port{l.A, l.B} {
			if !isEP[e.Node] {
				continue
			}
			keys := [2]end{{l.Fabric, Port{Node: e.Node, Port: e.Port}}, {l.Fabric, Port{Node: e.Node, Port: -2}}}
			for _, k := range keys {
				had[k]++
				if alive {
					kept[k]++
				}
			}
		}
	}
	r.Fabrics = make([]Fabric, len(g.Fabrics))
	for i, fab := range g.Fabrics {
		fid := FabricID(i)
		fab.Endpoints = nil
		for _, p := range g.Fabrics[i].Endpoints {
			port := end{fid, Port{Node: p.Node, Port: p.Port}}
			node := end{fid, Port{Node: p.Node, Port: -2}}
			switch {
			case dead[p.Node] || kept[node] == 0:
			case had[port] > 0 && kept[port] == 0:
			default:
				fab.Endpoints = append(fab.Endpoints, p)
			}
		}
		r.Fabrics[i] = fab
	}
	return r
}

// RiskGroup is a declared risk group (a `risk_group` block, or one rack's
// instance of a per_rack block): devices that fail together for a reason
// the design does not otherwise state, such as a PDU, a power phase or a
// cooling loop. Members of the groups it names fail with it, and are
// already included in Nodes.
type RiskGroup struct {
	// Name is the block's name, with the rack's name after a space for
	// a per_rack instance ("pdu_a rack03").
	Name string
	// Class is the sweep class (`topoc whatif --sweep CLASS`).
	Class string
	// Nodes are the member devices, sorted, without duplicates.
	Nodes  []NodeID
	Origin OriginID
}
