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
// An endpoint port stays when its node survives with some link of the
// fabric and, for a node the fabric lists with several ports (a dual-port
// NIC), when a surviving link of the fabric ends on that port. A node
// listed once stands for all its links (an NVLink domain lists one port
// per GPU for all of the GPU's links).
func (g *Graph) Residual(f Failure) *Graph { return g.Rewired(f, nil) }

// Rewired returns the graph g less failure f plus the links extra, as
// Residual builds it: the extra links come after the surviving ones, and
// keep an endpoint of their fabric (or of a composite fabric they are a
// member's) as a surviving link does. It is the fabric as cabled when the
// cabling differs from the design (topoc verify: f the design links not
// found, extra the cables found between other design ports).
func (g *Graph) Rewired(f Failure, extra []Link) *Graph {
	dead := g.FailedNodes(f)
	cut := make([]bool, g.NumLinks())
	for _, l := range f.Links {
		if l >= 0 && int(l) < g.NumLinks() {
			cut[l] = true
		}
	}
	r := &Graph{
		Nodes: g.Nodes, Requirements: g.Requirements, Workloads: g.Workloads,
		ServerModels: g.ServerModels, Protocols: g.Protocols, Parts: g.Parts, Origins: g.Origins, RiskGroups: g.RiskGroups, Flows: g.Flows, FailurePolicies: g.FailurePolicies, Hostnames: g.Hostnames,
		lineRates: g.lineRates, cache: &indexCache{},
	}
	survives := func(id LinkID, l Link) bool { return !cut[id] && !dead[l.A.Node] && !dead[l.B.Node] }
	alive := func(id LinkID) bool { return survives(id, g.Link(id)) }
	var newID []int32
	if len(extra) == 0 {
		newID = make([]int32, g.NumLinks())
	}
	r.links = g.keptLinks(survives, len(extra), newID)
	if newID != nil {
		r.cache.m = g.members().without(newID, r.NumLinks())
	}
	for _, l := range extra {
		if dead[l.A.Node] || dead[l.B.Node] {
			continue // a cable to a failed device carries nothing
		}
		r.AddLink(l) // which stores a zero Breakout as 1
	}
	// Per fabric, the surviving links at each endpoint node (any port),
	// and per port for nodes listed with several ports; scratch indexed
	// by node, reset after each fabric.
	keptAt := make([]int32, len(g.Nodes))
	listed := make([]int32, len(g.Nodes))
	r.Fabrics = make([]Fabric, len(g.Fabrics))
	for i, fab := range g.Fabrics {
		fid := FabricID(i)
		eps := g.Fabrics[i].Endpoints
		for _, p := range eps {
			listed[p.Node]++
		}
		var keptPort map[Port]int32 // only for nodes listed more than once
		links := g.FabricLinks(fid)
		for k := range len(links) + len(extra) {
			var l Link
			if k < len(links) {
				if !alive(links[k]) {
					continue
				}
				l = g.Link(links[k])
			} else if l = extra[k-len(links)]; !g.InFabric(&l, fid) || dead[l.A.Node] || dead[l.B.Node] {
				continue
			}
			for _, e := range [2]Port{l.A, l.B} {
				keptAt[e.Node]++
				if listed[e.Node] > 1 {
					if keptPort == nil {
						keptPort = map[Port]int32{}
					}
					keptPort[Port{Node: e.Node, Port: e.Port}]++
				}
			}
		}
		fab.Endpoints = nil
		for _, p := range eps {
			switch {
			case dead[p.Node] || keptAt[p.Node] == 0:
			case listed[p.Node] > 1 && keptPort[Port{Node: p.Node, Port: p.Port}] == 0:
				// One of several listed ports (a dual-port NIC) lost its
				// link; a node listed once stands for all its links.
			default:
				fab.Endpoints = append(fab.Endpoints, p)
			}
		}
		for _, p := range eps {
			listed[p.Node] = 0
		}
		for _, id := range links {
			l := g.Link(id)
			keptAt[l.A.Node], keptAt[l.B.Node] = 0, 0
		}
		for k := range extra {
			keptAt[extra[k].A.Node], keptAt[extra[k].B.Node] = 0, 0
		}
		r.Fabrics[i] = fab
	}
	return r
}

// RiskGroup is a declared risk group (a `risk_group` block, or one rack's
// instance of a per_rack block): devices that fail together for a reason
// the design does not otherwise state, such as a PDU, a power phase or a
// cooling loop. Members of the groups it names fail with it, and are
// already included in Nodes. A block that matches no device at all is
// kept with no Nodes (its class exists; sweeping it fails nothing, which
// the what-if analyses refuse with a reason).
type RiskGroup struct {
	// Name is the block's name, with the rack's name after a space for
	// a per_rack instance ("pdu_a rack03").
	Name string
	// Class is the sweep class (`topoc whatif --sweep CLASS`).
	Class string
	// Nodes are the member devices, sorted, without duplicates.
	Nodes []NodeID
	// Links are the member links (fabric links its links patterns name),
	// sorted, without duplicates; they fail without their devices.
	Links  []LinkID
	Origin OriginID
}

// Empty reports whether r fails nothing: no device and no link.
func (r *RiskGroup) Empty() bool { return len(r.Nodes) == 0 && len(r.Links) == 0 }
