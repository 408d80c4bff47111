package routing

// Flow is one transfer between two plane nodes: its offered Rate (bits
// per second) and the Bytes it carries, split over QPs queue pairs (1 when
// zero). ID identifies the flow to the ECMP hash; flows with equal IDs
// and seeds hash alike.
type Flow struct {
	Src, Dst    int32   // plane-local nodes
	Rate, Bytes float64 // offered bits per second; bytes carried
	QPs         int32   // queue pairs (0 means 1)
	ID          uint64  // identity for the ECMP hash
}

// Block is dense demand that is never listed pair by pair: every source
// s of Src sends to every sink d of Dst with Rate = s.Rate·d.Weight and
// Bytes = s.Bytes·d.Weight, except pairs on the same node or with the same
// non-negative Key (a server, whose GPUs talk over NVLink instead). An
// AllToAll is a handful of blocks however many GPUs it spans.
type Block struct {
	Src []Source // senders
	Dst []Sink   // receivers
	// QPs is the number of queue pairs per pair (1 when zero).
	QPs int32
	// ID seeds the hash of the block's pairs.
	ID uint64
}

// Source is a sending node of a Block: per unit of sink weight it offers
// Rate bits per second and carries Bytes. Count is how many sending ranks
// the entry stands for (0 means 1; a NIC that sends for its server's GPUs
// under PXN stands for all of them): queue pairs, and the identities that
// static hashing sees, are per rank and per unit of sink weight.
type Source struct {
	Node        int32   // plane-local node
	Rate, Bytes float64 // per unit of sink weight
	Key         int32   // exclusion key (a server), or -1
	Count       float64 // ranks the entry stands for (0 means 1)
}

func (s Source) count() float64 { return max(s.Count, 1) }

// Sink is a receiving node of a Block with its weight.
type Sink struct {
	Node   int32   // plane-local node
	Weight float64 // ranks behind it
	Key    int32   // exclusion key (a server), or -1
}

// Demand is what one routing call carries: listed flows and dense blocks.
type Demand struct {
	Flows  []Flow  // listed flows
	Blocks []Block // dense blocks
}

func (b *Block) excluded(s Source, d Sink) bool {
	return s.Node == d.Node || (s.Key >= 0 && s.Key == d.Key)
}

// totals returns the number of rank pairs of b that carry traffic
// (sources' Count times sinks' Weight), and their total rate and bytes.
func (b *Block) totals() (pairs float64, tot vec) {
	var sr, sb, sw, sc float64
	for _, s := range b.Src {
		sr += s.Rate
		sb += s.Bytes
		if s.Rate > 0 || s.Bytes > 0 {
			sc += s.count()
		}
	}
	for _, d := range b.Dst {
		sw += d.Weight
	}
	pairs = sc * sw
	tot = vec{sr * sw, sb * sw}
	for _, g := range b.keyGroups() {
		for _, s := range g.src {
			for _, d := range g.dst {
				if b.excluded(s, d) {
					tot = tot.plus(vec{-s.Rate * d.Weight, -s.Bytes * d.Weight})
					if s.Rate > 0 || s.Bytes > 0 {
						pairs -= s.count() * d.Weight
					}
				}
			}
		}
	}
	return pairs, tot
}

// keyGroup holds the sources and sinks of one key (or one node, for
// entries without a key), whose mutual pairs are excluded.
type keyGroup struct {
	src []Source
	dst []Sink
}

// keyGroups groups b's entries by exclusion key: Key when non-negative,
// else the node itself (encoded below -1).
func (b *Block) keyGroups() []keyGroup {
	idx := map[int64]int{}
	var out []keyGroup
	key := func(k, node int32) int64 {
		if k >= 0 {
			return int64(k)
		}
		return -2 - int64(node)
	}
	for _, s := range b.Src {
		k := key(s.Key, s.Node)
		i, ok := idx[k]
		if !ok {
			i = len(out)
			idx[k] = i
			out = append(out, keyGroup{})
		}
		out[i].src = append(out[i].src, s)
	}
	for _, d := range b.Dst {
		k := key(d.Key, d.Node)
		if i, ok := idx[k]; ok {
			out[i].dst = append(out[i].dst, d)
		}
	}
	return out
}
