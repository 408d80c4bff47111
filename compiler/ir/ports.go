package ir

import (
	"cmp"
	"slices"
)

// PortCounts is, per node (indexed by NodeID), the distinct physical
// network ports its links use. Host-interface ports, numbered -1, are
// not network ports; lanes of one broken-out port count once; a link
// bundling Parallel physical links (in-server NVLink) uses Parallel
// ports from its Port on at each end.
type PortCounts struct {
	// All counts the ports of every link, a server's internal ones
	// too: what the structural checks hold against each node's radix.
	All []int32
	// Fabric counts the ports of the links on a fabric (Fabric !=
	// None): a switch's ports used, as the inventory reports them.
	Fabric []int32
}

// portsUsedKey is PortsUsed's key among the facts Memo keeps.
type portsUsedKey struct{}

// PortsUsed returns the ports each node's links use, counted once per
// graph (Memo) for both its readers, the structural checks and the
// inventory: each counted them apart, a pass over every link end each,
// 30 ms of check's CPU at 131,072 GPUs (issue 16). The slices are
// shared; callers must not modify them.
func (g *Graph) PortsUsed() PortCounts { return Memo(g, portsUsedKey{}, g.countPorts) }

// countPorts counts PortsUsed's ports, both counts in one pass.
//
// A server's internal links, most of a large design's (ir.Graph's
// runs), are counted once per template and added to each server stamped
// from it; only the other links are marked one by one, in flat bit sets
// (one for every link, one for fabric links) with a row per node as wide
// as the node's highest port number plus one, which costs a few bits per
// link where a map of ports costs tens of bytes (most of check's time at
// 131,072 GPUs when it was a map). A port that a template's link and
// another link both use counts once. A graph whose port numbers are too
// sparse for the bit set (more than 64 bits per physical link end) uses
// a map.
func (g *Graph) countPorts() PortCounts {
	out := PortCounts{All: make([]int32, len(g.Nodes)), Fabric: make([]int32, len(g.Nodes))}
	tmpl := g.templatePorts(out)
	width := make([]int64, len(g.Nodes)+1) // highest port + 1, then row offsets
	ends := int64(0)                       // physical link ends
	for i := range g.links.flat {
		l := &g.links.flat[i]
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
		return PortCounts{All: g.portsUsedSparse(nil), Fabric: g.portsUsedSparse(onFabric)}
	}
	all := portBits{used: out.All, bits: make([]uint64, (total+63)/64)}
	fab := portBits{used: out.Fabric, bits: make([]uint64, (total+63)/64)}
	for i := range g.links.flat {
		l := &g.links.flat[i]
		n := l.Physical()
		for _, p := range [2]Port{l.A, l.B} {
			if p.Port < 0 {
				continue
			}
			row := width[p.Node]
			inAll, inFab := tmpl.of(p.Node)
			all.mark(p, n, row, inAll)
			if l.Fabric != None {
				fab.mark(p, n, row, inFab)
			}
		}
	}
	return out
}

// onFabric reports whether l is on a fabric: the links PortCounts.Fabric
// counts.
func onFabric(l Link) bool { return l.Fabric != None }

// portBits is one of countPorts' counts: a bit per port of every node's
// row, and the ports each node uses.
type portBits struct {
	bits []uint64
	used []int32
}

// mark counts the n ports from p.Port on at p.Node, whose row of bits
// starts at row, that neither an earlier link nor the node's template
// (tmpl: the ports its server's template's links use there) took.
func (b *portBits) mark(p Port, n int32, row int64, tmpl []int32) {
	for port := p.Port; port < p.Port+n; port++ {
		k := row + int64(port)
		if b.bits[k/64]&(1<<(k%64)) == 0 && !slices.Contains(tmpl, port) {
			b.bits[k/64] |= 1 << (k % 64)
			b.used[p.Node]++
		}
	}
}

// runPorts is, per run of a graph's links (linkStore.runs), the ports
// its template's links use at each of the template's nodes.
type runPorts struct {
	runs []linkRun
	// order lists the runs by their first node; all[r][k] are the ports
	// (distinct, in the order met) used at template node k of run r by
	// the template's links, fabric[r][k] by those of them on a fabric.
	order       []int
	all, fabric [][][]int32
	// from and to bound the nodes of every run's servers, so that a
	// node outside them (a fabric switch, at both ends of most fabric
	// links) is answered without a search of the runs.
	from, to NodeID
}

// templatePorts counts the ports each template's links use at each node
// of every server stamped from it into counts, and returns those ports
// for the other links' pass.
func (g *Graph) templatePorts(counts PortCounts) *runPorts {
	rp := &runPorts{runs: g.links.runs, all: make([][][]int32, len(g.links.runs)), fabric: make([][][]int32, len(g.links.runs))}
	type ports struct{ all, fabric [][]int32 }
	byTmpl := map[*Link]ports{}
	for r := range rp.runs {
		run := &rp.runs[r]
		rp.order = append(rp.order, r)
		ps, ok := byTmpl[&run.tmpl[0]]
		if !ok {
			ps = ports{make([][]int32, run.stride), make([][]int32, run.stride)}
			for j := range run.tmpl {
				l := &run.tmpl[j]
				for _, p := range [2]Port{l.A, l.B} {
					for k := int32(0); p.Port >= 0 && k < l.Physical(); k++ {
						addPort(ps.all, p.Node, p.Port+k)
						if l.Fabric != None {
							addPort(ps.fabric, p.Node, p.Port+k)
						}
					}
				}
			}
			byTmpl[&run.tmpl[0]] = ps
		}
		rp.all[r], rp.fabric[r] = ps.all, ps.fabric
		for inst := range run.count {
			base := run.node0 + NodeID(inst)*run.stride
			for k := range ps.all {
				counts.All[base+NodeID(k)] += int32(len(ps.all[k]))
				counts.Fabric[base+NodeID(k)] += int32(len(ps.fabric[k]))
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

// addPort adds port to the ports of template node n, once.
func addPort(ports [][]int32, n NodeID, port int32) {
	if !slices.Contains(ports[n], port) {
		ports[n] = append(ports[n], port)
	}
}

// of returns the ports a template's links, and those of them on a
// fabric, use at node n, or nils when n is no node of a run's server.
func (rp *runPorts) of(n NodeID) (all, fabric []int32) {
	if n < rp.from || n >= rp.to {
		return nil, nil
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
		return nil, nil
	}
	r := rp.order[i]
	run := &rp.runs[r]
	if n < run.node0 || n >= run.node0+NodeID(run.count)*run.stride {
		return nil, nil
	}
	k := (n - run.node0) % run.stride
	return rp.all[r][k], rp.fabric[r][k]
}

// portsUsedSparse counts, per node, the distinct ports used by the links
// keep accepts (nil: every link) with a map of ports: PortsUsed's count
// for port numbers too sparse for a bit set, and its tests' oracle.
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
