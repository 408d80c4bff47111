package congestion

import (
	"slices"

	"github.com/topoc/topoc/compiler/ir"
)

// transfer is one point-to-point stream of a phase: Bytes from rank Src to
// rank Dst. Transfers of one pacing group (a ring channel, a tree) move in
// lock step, so they all offer the slowest one's rate.
type transfer struct {
	src, dst ir.NodeID
	bytes    float64
	pace     int32
}

// dense is an AllToAll among ranks: every ordered pair carries Bytes.
type dense struct {
	ranks []ir.NodeID
	bytes float64
}

// switchLoad is in-network reduction traffic of one GPU: Up bytes into
// the switches that reduce and Down bytes of the result back. With net
// unset the switches are its NVSwitches (NVLS) and the bytes spread over
// its NVLink links; with net set they are the scale-out fabric's (SHARP)
// and the bytes cross its NIC's PCIe and fabric links.
type switchLoad struct {
	gpu      ir.NodeID
	up, down float64
	net      bool
	// tree numbers the SHARP aggregation tree a net load joins (one per
	// column of a hierarchical AllReduce's groups), whose streams above
	// the leaves addInNetwork routes.
	tree int32
}

// phase is one step of a collective whose traffic runs concurrently;
// phases run one after another.
type phase struct {
	name  string
	xfers []transfer
	dense []dense
	innet []switchLoad
	lat   latency
}

// builder turns a collective into phases for the ranks of each group.
type builder struct {
	s         *system
	railAware bool
	pace      int32
}

func (b *builder) nextPace() int32 { b.pace++; return b.pace - 1 }

// byServer splits members into nodes as NCCL sees them (system.
// localUnits: a server, or all the servers one multi-node NVLink domain
// spans, whose topology NCCL fuses into one system, shared/reference/
// nccl-topo-xml.md §9), in order of first appearance, each one's members
// in GPU order.
func (b *builder) byServer(members []ir.NodeID) [][]ir.NodeID {
	of, n := b.s.localUnits(members)
	out := make([][]ir.NodeID, n)
	for i, m := range members {
		out[of[i]] = append(out[of[i]], m)
	}
	for _, l := range out {
		slices.Sort(l)
	}
	return out
}

// ring adds the transfers of a ring over members that moves perRank bytes
// per rank in total (split evenly over its channels), and returns the
// share of the ring's steps that NCCL's latency model counts as network
// steps.
//
// Rail-aware (NCCL's topology-aware rings, NCCL_CROSS_NIC=0): one channel
// per GPU of a server; channel c visits the servers in order and, inside
// each, its GPUs starting at the c-th, so it enters every server on GPU c
// and leaves it once towards the next server's GPU c on the same rail
// (through PXN when the last GPU is not GPU c). Inside a server whose GPUs
// are joined directly, the channel goes from GPU c along direct NVLinks
// instead (meshRing). Naive: a single ring in
// rank order, each GPU through its own NIC. The terminals of a torus ring
// in the order of its routers' snake, each step to a neighbour
// (torusRings), either way.
func (b *builder) ring(members []ir.NodeID, perRank float64, out *[]transfer) (netFrac float64) {
	n := len(members)
	if n < 2 {
		return 0
	}
	members = b.s.torus.order(members)
	var channels [][]ir.NodeID
	if b.railAware {
		servers := b.byServer(members)
		c := len(servers[0])
		for _, sv := range servers {
			c = min(c, len(sv))
		}
		// A ring inside one server whose GPUs are joined directly takes
		// the channel count that fits its mesh best (meshChannels).
		// Across servers each channel also leaves through a NIC, which
		// one channel per GPU spreads evenly; the count stays.
		var mesh [][][]ir.NodeID // per server, when its GPUs are joined directly
		if b.s.anyMesh() {
			if len(servers) == 1 {
				if mc := b.s.meshChannels(servers[0], true); mc > 0 {
					c = mc
				}
			}
			mesh = make([][][]ir.NodeID, len(servers))
			for i, sv := range servers {
				mesh[i] = b.s.meshRing(sv, c, len(servers) == 1)
			}
		}
		for ch := 0; ch < c; ch++ {
			order := make([]ir.NodeID, 0, n)
			for i, sv := range servers {
				k := len(sv)
				if mesh != nil && mesh[i] != nil {
					order = append(order, mesh[i][ch]...)
					continue
				}
				for i := 0; i < k; i++ {
					order = append(order, sv[(ch+i)%k])
				}
			}
			channels = append(channels, order)
		}
	} else {
		channels = [][]ir.NodeID{members}
	}
	per := perRank / float64(len(channels))
	if need := len(*out) + n*len(channels); need > cap(*out) {
		// Doubling: a collective calls ring once per group (2,048 tensor
		// groups at 16,384 GPUs), and growing by what one group needs
		// each time copied the list over and over.
		sc := &b.s.scr
		grown := append(take(&sc.xfers, max(need, 2*cap(*out))), *out...)
		give(&sc.xfers, *out)
		*out = grown
	}
	hops := 0
	for _, order := range channels {
		pace := b.nextPace()
		hops = 0
		for i, src := range order {
			dst := order[(i+1)%n]
			*out = append(*out, transfer{src: src, dst: dst, bytes: per, pace: pace})
			if !b.s.sameIsland(src, dst) {
				hops++
			}
		}
	}
	// A ring step is a network step when some hop of it crosses servers;
	// with h such hops out of n, NCCL counts (h−1)/(n−1) of the steps
	// (tuning.cc: nInter = 2(nNodes−1) of 2(n−1) for AllReduce).
	if hops == 0 {
		return 0
	}
	return float64(hops-1) / float64(n-1)
}

// dtreeParent returns the parent of rank r in tree k (0 or 1) of NCCL's
// double binary tree over n ranks (NCCL src/graph/trees.cc): tree 0 is the
// in-order binary tree where a rank's parent flips its lowest set bit and
// sets the next; tree 1 mirrors it (even n) or shifts it by one rank (odd
// n), so that a rank that is a leaf in one tree is inner in the other.
func dtreeParent(r, n, k int) int {
	btree := func(r int) int {
		if r == 0 {
			return -1
		}
		bit := 1
		for bit < n && bit&r == 0 {
			bit <<= 1
		}
		up := (r ^ bit) | (bit << 1)
		if up >= n {
			up = r ^ bit
		}
		return up
	}
	if k == 0 {
		return btree(r)
	}
	if n%2 == 1 {
		u := btree((r - 1 + n) % n)
		if u < 0 {
			return -1
		}
		return (u + 1) % n
	}
	u := btree(n - 1 - r)
	if u < 0 {
		return -1
	}
	return n - 1 - u
}

// tree adds NCCL's tree AllReduce: a chain through each server's GPUs and
// the double binary tree across servers, each tree carrying half of the
// buffer up (reduce) and down (broadcast). Tree k enters a server at its
// (k·g/2)-th GPU so that the two trees use different NICs.
func (b *builder) tree(members []ir.NodeID, size float64, out *[]transfer) latency {
	servers := b.byServer(members)
	nn := len(servers)
	ppn := 0
	for k := 0; k < 2; k++ {
		pace := b.nextPace()
		heads := make([]ir.NodeID, nn)
		for i, sv := range servers {
			g := len(sv)
			ppn = max(ppn, g)
			h := (k * g / 2) % g
			chain := append(slices.Clone(sv[h:]), sv[:h]...)
			heads[i] = chain[0]
			for j := 1; j < g; j++ {
				*out = append(*out, transfer{src: chain[j], dst: chain[j-1], bytes: size / 2, pace: pace},
					transfer{src: chain[j-1], dst: chain[j], bytes: size / 2, pace: pace})
			}
		}
		for i := 0; i < nn; i++ {
			if p := dtreeParent(i, nn, k); p >= 0 {
				*out = append(*out, transfer{src: heads[i], dst: heads[p], bytes: size / 2, pace: pace},
					transfer{src: heads[p], dst: heads[i], bytes: size / 2, pace: pace})
			}
		}
	}
	// NCCL tuning.cc: tree AllReduce latency base + 2((ppn−1)·intra + log2(nNodes)·inter).
	return latency{base: BaseTreeS, intraSteps: 2 * float64(ppn-1), netSteps: 2 * ceilLog2(nn),
		intraStepS: NVLinkTreeS, netStepS: NetTreeS}
}

// phases builds the phases of collective c over the given rank groups.
func (b *builder) phases(c *ir.Collective, grps [][]ir.NodeID) []phase {
	S := c.SizeBytes
	switch {
	case c.Op == ir.OpAllToAll:
		ph := phase{name: "alltoall"}
		var steps, net float64
		for _, g := range grps {
			if len(g) < 2 {
				continue
			}
			n := float64(len(g))
			ph.dense = append(ph.dense, dense{ranks: g, bytes: S / n})
			off := b.offServer(g)
			steps = max(steps, n-1)
			net = max(net, off)
		}
		// Pairwise exchange: (n−1) steps (Thakur et al. 2005), those to
		// ranks on other servers over the network.
		ph.lat = ringLatency(steps, net)
		return []phase{ph}
	case c.Op == ir.OpSendRecv:
		ph := phase{name: "sendrecv"}
		netStep := false
		for _, g := range grps {
			for i := 0; i+1 < len(g); i++ {
				if c.Direction != "backward" {
					ph.xfers = append(ph.xfers, transfer{src: g[i], dst: g[i+1], bytes: S, pace: -1})
				}
				if c.Direction != "forward" {
					ph.xfers = append(ph.xfers, transfer{src: g[i+1], dst: g[i], bytes: S, pace: -1})
				}
				netStep = netStep || !b.s.sameIsland(g[i], g[i+1])
			}
		}
		l := ringLatency(1, 0)
		if netStep {
			l = ringLatency(1, 1)
		}
		ph.lat = l
		return []phase{ph}
	case c.Op == ir.OpAllReduce && c.Algorithm == "tree":
		ph := phase{name: "tree"}
		for _, g := range grps {
			if len(g) > 1 {
				// Concurrent groups: the slowest tree's steps.
				if l := b.tree(g, S, &ph.xfers); l.seconds(0, 0) > ph.lat.seconds(0, 0) {
					ph.lat = l
				}
			}
		}
		return []phase{ph}
	case c.Op == ir.OpAllReduce && (c.Algorithm == "hierarchical" || c.Algorithm == "nvls"):
		return b.twoLevel(c.Algorithm == "nvls", false, S, grps)
	}
	// Rings: AllReduce 2(n−1)/n·S per rank in 2(n−1) steps; AllGather and
	// ReduceScatter (n−1)/n·S in n−1 steps.
	ph := phase{name: "ring"}
	var steps, netFrac float64
	for _, g := range grps {
		n := float64(len(g))
		if n < 2 {
			continue
		}
		vol, st := (n-1)/n*S, n-1
		if c.Op == ir.OpAllReduce {
			vol, st = 2*vol, 2*st
		}
		f := b.ring(g, vol, &ph.xfers)
		steps = max(steps, st)
		netFrac = max(netFrac, f)
	}
	ph.lat = ringLatency(steps, steps*netFrac)
	return []phase{ph}
}

// offServer counts, for the rank with the most, the peers of g outside
// its local unit (its server, or the servers its NVLink domain spans:
// system.localUnits), which it reaches over the network.
func (b *builder) offServer(g []ir.NodeID) float64 {
	of, n := b.s.localUnits(g)
	per := make([]int, n)
	for _, u := range of {
		per[u]++
	}
	return float64(len(g) - slices.Min(per))
}

// twoLevel builds hierarchical AllReduce (intra-server ReduceScatter,
// inter-server AllReduce of each GPU's shard among the GPUs of equal
// index, intra-server AllGather), with NVLS in-switch reduction inside
// servers when nvls is set and SHARP reduction across them when sharp is
// set. A group inside one NVLink domain with nvls reduces in one phase.
func (b *builder) twoLevel(nvls, sharp bool, S float64, grps [][]ir.NodeID) []phase {
	rs := phase{name: "intra_reduce_scatter"}
	inter := phase{name: "inter_allreduce"}
	ag := phase{name: "intra_allgather"}
	var maxK, maxN int
	oneIsland := true
	var interFrac float64
	var trees int32 // SHARP aggregation trees numbered so far
	for _, g := range grps {
		if len(g) < 2 {
			continue
		}
		servers := b.byServer(g)
		for _, sv := range servers {
			oneIsland = oneIsland && b.s.sameIsland(sv[0], servers[0][0])
		}
		if nvls && oneIsland {
			continue
		}
		maxN = max(maxN, len(servers))
		for _, sv := range servers {
			k := len(sv)
			maxK = max(maxK, k)
			if k == 1 {
				continue // one GPU of the group here: nothing to reduce inside
			}
			if nvls {
				for _, m := range sv {
					rs.innet = append(rs.innet, switchLoad{gpu: m, up: S, down: S / float64(k)})
					ag.innet = append(ag.innet, switchLoad{gpu: m, up: S / float64(k), down: S})
				}
				continue
			}
			kf := float64(k)
			b.ring(sv, (kf-1)/kf*S, &rs.xfers)
			b.ring(sv, (kf-1)/kf*S, &ag.xfers)
		}
		k := len(servers[0])
		for j := 0; j < k; j++ {
			var col []ir.NodeID
			for _, sv := range servers {
				if j < len(sv) {
					col = append(col, sv[j])
				}
			}
			if len(col) < 2 {
				continue
			}
			shard := S / float64(k)
			if sharp {
				for _, m := range col {
					inter.innet = append(inter.innet, switchLoad{gpu: m, up: shard, down: shard, net: true, tree: trees})
				}
				trees++
				continue
			}
			nf := float64(len(col))
			interFrac = max(interFrac, b.ring(col, 2*(nf-1)/nf*shard, &inter.xfers))
		}
	}
	if nvls && oneIsland {
		ph := phase{name: "nvls"}
		for _, g := range grps {
			for _, m := range g {
				ph.innet = append(ph.innet, switchLoad{gpu: m, up: S, down: S})
			}
		}
		ph.lat = latency{base: NVLSIntraS}
		return []phase{ph}
	}
	kf, nf := float64(maxK), float64(maxN)
	if nvls {
		rs.lat = latency{base: NVLSIntraS}
		ag.lat = latency{base: NVLSIntraS}
	} else {
		rs.lat = ringLatency(kf-1, 0)
		ag.lat = ringLatency(kf-1, 0)
	}
	if sharp {
		// One climb and one descent of the aggregation tree; NCCL's
		// CollNet constants are not in the sources read, so the network
		// tree step stands in (a modelling assumption).
		inter.lat = latency{base: BaseTreeS, netSteps: 2, netStepS: NetTreeS}
	} else {
		inter.lat = ringLatency(2*(nf-1), 2*(nf-1)*interFrac)
	}
	return []phase{rs, inter, ag}
}
