package ir

import (
	"cmp"
	"slices"
)

// PortsUsed counts, per node (indexed by NodeID), the distinct physical
// network ports used by the links that keep accepts (nil: every link).
// Host-interface ports, numbered -1, are not network ports; lanes of one
// broken-out port count once; a link bundling Parallel physical links
// (in-server NVLink) uses Parallel ports from its Port on at each end.
// keep must decide by a link's fields other than its ends' nodes (its
// kind, fabric, capacity): a server's internal links are judged once
// per server template.
//
// A server's internal links, most of a large design's (ir.Graph's
// runs), are counted once per template and added to each server stamped
// from it; only the other links are marked one by one, in one flat bit
// set with a row per node as wide as the node's highest port number
// plus one, which costs a few bits per link where a map of ports costs
// tens of bytes (most of check's time at 131,072 GPUs when it was a
// map). A port that a template's link and another link both use counts
// once. A graph whose port numbers are too sparse for the bit set (more
// than 64 bits per physical link end) uses a map.
func (g *Graph) PortsUsed(keep func(Link) bool) []int32 {
	used := make([]int32, len(g.Nodes))
	tmpl := g.templatePorts(keep, used)
	width := make([]int64, len(g.Nodes)+1) // highest port + 1, then row offsets
	ends := int64(0)                       // physical link ends
	for _, l := range g.links.flat {
		if keep != nil && !keep(l) {
			continue
		}
		n := int64(l.Physical())
		ends += 2 * n
		for _, p := range [2]Port{l.A, l.B} {
			if p.Port >= 0 && int64(p.Port)+n > width[p.Node+1] {
				width[p.Node+1] = int64(p.Port) + n
			}
		}
	}
	for i := 1; i < len(width); i++ {
		width[i] += width[i-1]
	}
	total := width[len(width)-1]
	if total > 64*ends+64 {
		return g.portsUsedSparse(keep)
	}
	bits := make([]uint64, (total+63)/64)
	for _, l := range g.links.flat {
		if keep != nil && !keep(l) {
			continue
		}
		n := int32(l.Physical())
		for _, p := range [2]Port{l.A, l.B} {
			if p.Port < 0 {
				continue
			}
			inTmpl := tmpl.of(p.Node)
			row := width[p.Node]
			for port := p.Port; port < p.Port+n; port++ {
				b := row + int64(port)
				if bits[b/64]&(1<<(b%64)) == 0 && !slices.Contains(inTmpl, port) {
					bits[b/64] |= 1 << (b % 64)
					used[p.Node]++
				}
			}
		}
	}
	return used
}

// runPorts is, per run of a graph's links (linkStore.runs), the ports
// its template's links use at each of the template's nodes.
type runPorts struct {
	runs []linkRun
	// order lists the runs by their first node; ports[r][k] are the ports
	// (distinct, in the order met) used at template node k of run r.
	order []int
	ports [][][]int32
	// from and to bound the nodes of every run's servers, so that a
	// node outside them (a fabric switch, at both ends of most fabric
	// links) is answered without a search of the runs.
	from, to NodeID
}

// templatePorts counts the ports each template's kept links use at each
// node of every server stamped from it into used, and returns those
// ports for the other links' pass.
func (g *Graph) templatePorts(keep func(Link) bool, used []int32) *runPorts {
	rp := &runPorts{runs: g.links.runs, ports: make([][][]int32, len(g.links.runs))}
	byTmpl := map[*Link][][]int32{}
	for r := range rp.runs {
		run := &rp.runs[r]
		rp.order = append(rp.order, r)
		ports, ok := byTmpl[&run.tmpl[0]]
		if !ok {
			ports = make([][]int32, run.stride)
			for j := range run.tmpl {
				l := run.instance(0, j)
				if keep != nil && !keep(l) {
					continue
				}
				for _, p := range [2]Port{run.tmpl[j].A, run.tmpl[j].B} {
					for k := int32(0); p.Port >= 0 && k < l.Physical(); k++ {
						if !slices.Contains(ports[p.Node], p.Port+k) {
							ports[p.Node] = append(ports[p.Node], p.Port+k)
						}
					}
				}
			}
			byTmpl[&run.tmpl[0]] = ports
		}
		rp.ports[r] = ports
		for inst := range run.count {
			base := run.node0 + NodeID(inst)*run.stride
			for k, ps := range ports {
				used[base+NodeID(k)] += int32(len(ps))
			}
		}
	}
	slices.SortFunc(rp.order, func(a, b int) int { return cmp.Compare(rp.runs[a].node0, rp.runs[b].node0) })
	if len(rp.order) > 0 {
		rp.from = rp.runs[rp.order[0]].node0
		for _, r := range rp.runs {
			rp.to = max(rp.to, r.node0+NodeID(r.count)*r.stride)
		}
	}
	return rp
}

// of returns the ports a template's links use at node n, or nil when n
// is no node of a run's server.
func (rp *runPorts) of(n NodeID) []int32 {
	if n < rp.from || n >= rp.to {
		return nil
	}
	i, _ := slices.BinarySearchFunc(rp.order, n, func(r int, n NodeID) int {
		run := &rp.runs[r]
		switch {
		case run.node0+NodeID(run.count)*run.stride <= n:
			return -1
		case run.node0 > n:
			return 1
		}
		return 0
	})
	if i == len(rp.order) {
		return nil
	}
	run := &rp.runs[rp.order[i]]
	if n < run.node0 || n >= run.node0+NodeID(run.count)*run.stride {
		return nil
	}
	return rp.ports[rp.order[i]][(n-run.node0)%run.stride]
}

// portsUsedSparse is PortsUsed with a map of ports, for port numbers too
// sparse for a bit set.
func (g *Graph) portsUsedSparse(keep func(Link) bool) []int32 {
	used := make([]int32, len(g.Nodes))
	seen := map[Port]bool{}
	for _, l := range g.AllLinks() {
		if keep != nil && !keep(l) {
			continue
		}
		for _, p := range [2]Port{l.A, l.B} {
			if p.Port < 0 {
				continue
			}
			for k := range l.Physical() {
				key := Port{Node: p.Node, Port: p.Port + k}
				if !seen[key] {
					seen[key] = true
					used[p.Node]++
				}
			}
		}
	}
	return used
}

// FabricLanes returns, for each node with a link on fabric f, the most
// breakout lanes any of its links there uses (1 when none is broken out).
func (g *Graph) FabricLanes(f FabricID) map[NodeID]int {
	lanes := map[NodeID]int{}
	for _, id := range g.FabricLinks(f) {
		l := g.Link(id)
		for _, p := range [2]Port{l.A, l.B} {
			lanes[p.Node] = max(lanes[p.Node], int(max(l.Breakout, 1)))
		}
	}
	return lanes
}

// PortNumbers returns the 1-based port numbering of fabric f's devices as
// InfiniBand numbers them (and ibsim, ibnetdiscover and the cabling of an
// as-built check read them): switch port p (from 0) is p + 1, and lane l
// of a port broken out into L lanes is p·L + l + 1, as a split port
// numbers its halves; an adapter's (NIC's, host's) port p is p + 1. L is
// the most lanes any of the switch's links on f uses.
func (g *Graph) PortNumbers(f FabricID) func(Port) int {
	lanes := g.FabricLanes(f)
	return func(p Port) int {
		if g.Nodes[p.Node].Kind.IsSwitch() {
			return int(p.Port)*max(lanes[p.Node], 1) + int(p.Lane) + 1
		}
		return int(p.Port) + 1
	}
}
