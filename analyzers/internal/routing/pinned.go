package routing

// Pinned routing on a tiered plane is destination-mod-k (Zahavi, "D-Mod-K
// Routing Providing Non-Blocking Traffic for Shift Permutations on Real
// Life Fat Trees", 2010), as InfiniBand's fat-tree engines route: a
// packet climbs by the digits of its destination's position and descends
// the way the destination's own climb goes up, so that each destination
// below a switch keeps a downlink of its own where there are as many
// links as destinations. On a parallel-ports generalized fat-tree (w
// switches above, p parallel links to each), the digit at a tier is
// i = ⌊pos / D⌋ mod (w·p), naming switch i mod w and its ⌊i / w⌋-th link,
// and D grows by w, the switches, per tier. A trial's three-tier
// rail-optimized fabric (four parallel spine–leaf links) read 12× where
// adaptive routing reads 1.5×, with D grown by the links and the digit
// taken again on the way down; a small one of the same shape 6× against
// 1.5×.

// pinnedUp is destination-mod-k's choice among a switch's up links arcs,
// as an index among their weight(arcs) links in port order (as pick
// returns): digit ⌊pos / *div⌋ by digitPick; *div then grows by the
// number of switches above.
func pinnedUp(arcs []Arc, pos int, div *int) int {
	i := digitPick(arcs, pos / *div)
	*div *= distinctHeads(arcs)
	return i
}

// descend is the next hop down towards destination d under Pinned, from
// tier lv: the reverse of the link d's own climb (ws) took up from tier
// lv−1, where it is among arcs; else, at a switch off the climb (wiring
// that is not a generalized fat-tree), a link to the switch the climb
// left tier lv−1 from, the one of them the climb's digit names (its
// ⌊i/w⌋-th link, as on the climb); else the link the climb's digit names
// among arcs (digitPick), or the destination's position's where the
// climb is shorter.
func (t *Tiered) descend(arcs []Arc, ws *walkScratch, d int32, lv int) Arc {
	if lv > len(ws.climb) {
		return arcs[port(arcs, digitPick(arcs, int(t.pos[d])))]
	}
	up := ws.climb[lv-1]
	for _, a := range arcs {
		if a.Slot == up.Slot^1 {
			return a
		}
	}
	below := d // the node the climb left tier lv−1 from
	if lv >= 2 {
		below = ws.climb[lv-2].To
	}
	b := ws.near[:0]
	for _, a := range arcs {
		if a.To == below {
			b = append(b, a)
		}
	}
	ws.near = b
	if len(b) > 0 {
		nth := ws.digit[lv-1] / max(ws.width[lv-1], 1)
		return b[port(b, nth%int(weight(b)))]
	}
	return arcs[port(arcs, digitPick(arcs, ws.quot[lv-1]))]
}

// digitPick maps digit q onto links arcs (in port order, weight(arcs) of
// them): i = q mod the links names switch i mod w of the w distinct
// switches they reach and that switch's ⌊i / w⌋-th link, so consecutive
// digits go to different switches first. Where the switches hold unequal
// numbers of links, the i-th link in port order.
func digitPick(arcs []Arc, q int) int {
	m := int(weight(arcs))
	i := q % m
	w := distinctHeads(arcs)
	if w <= 1 || w == m || m%w != 0 || !evenHeads(arcs, m/w) {
		return i // one switch, one link each, or unequal: port order
	}
	// The k-th distinct switch in port order, and its nth link.
	k, nth := i%w, i/w
	var head int32
	for x, a := range arcs {
		if firstHead(arcs, x) {
			if k == 0 {
				head = a.To
				break
			}
			k--
		}
	}
	at := 0
	for _, a := range arcs {
		mult := int(max(a.Mult, 1))
		if a.To == head {
			if nth < mult {
				return at + nth
			}
			nth -= mult
		}
		at += mult
	}
	return i
}

// evenHeads reports whether every node arcs lead to takes per links.
func evenHeads(arcs []Arc, per int) bool {
	for x, a := range arcs {
		if !firstHead(arcs, x) {
			continue
		}
		n := 0
		for _, b := range arcs[x:] {
			if b.To == a.To {
				n += int(max(b.Mult, 1))
			}
		}
		if n != per {
			return false
		}
	}
	return true
}

// distinctHeads counts the distinct nodes arcs lead to.
func distinctHeads(arcs []Arc) int {
	n := 0
	for x := range arcs {
		if firstHead(arcs, x) {
			n++
		}
	}
	return n
}

// firstHead reports whether arcs[x] is the first arc to its node.
func firstHead(arcs []Arc, x int) bool {
	for _, a := range arcs[:x] {
		if a.To == arcs[x].To {
			return false
		}
	}
	return true
}
