package ir

// PortsUsed counts, per node (indexed by NodeID), the distinct physical
// network ports used by the links that keep accepts (nil: every link).
// Host-interface ports, numbered -1, are not network ports; lanes of one
// broken-out port count once; a link bundling Parallel physical links
// (in-server NVLink) uses Parallel ports from its Port on at each end.
//
// Ports are marked in one flat bit set with a row per node as wide as the
// node's highest port number plus one, which costs a few bits per link
// where a map of ports costs tens of bytes (most of check's time at
// 131,072 GPUs when it was a map); a graph whose port numbers are too
// sparse for that (more than 64 bits per physical link end) uses a map.
func (g *Graph) PortsUsed(keep func(Link) bool) []int32 {
	used := make([]int32, len(g.Nodes))
	width := make([]int64, len(g.Nodes)+1) // highest port + 1, then row offsets
	ends := int64(0)                       // physical link ends
	for _, l := range g.AllLinks() {
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
	for _, l := range g.AllLinks() {
		if keep != nil && !keep(l) {
			continue
		}
		n := int64(l.Physical())
		for _, p := range [2]Port{l.A, l.B} {
			if p.Port < 0 {
				continue
			}
			for b := width[p.Node] + int64(p.Port); b < width[p.Node]+int64(p.Port)+n; b++ {
				if bits[b/64]&(1<<(b%64)) == 0 {
					bits[b/64] |= 1 << (b % 64)
					used[p.Node]++
				}
			}
		}
	}
	return used
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
