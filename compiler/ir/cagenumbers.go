package ir

import "slices"

// CageNumbers numbers the cages that fabric ports lie in densely, from
// 0 in the order they are first asked for: two ports get one number
// exactly when CageIndex.Of gives them one key. The cable plan asks for
// both ends of millions of cables, so the cages are numbered through an
// array of slots, a slot per cage: each switch and each device without
// a parent (implicit hosts, appliances) has a run of slots over its
// ports (ports ÷ ports per cage), and a server has one for each of its
// NIC roles, over the ports of its NICs of that role in NIC order (the
// index CageIndex.Of gives their cages). Only a port beyond the slots
// (past its device's radix, or past its role's last NIC) goes through a
// map of keys. At a fat-tree of k = 160 (3 million cables) the map held
// every end and cost 1.5 s; at 131,072 GPUs the NICs' 262,144 ends in
// the map cost 12 ms a scan. The array holds 4 bytes a slot.
type CageNumbers struct {
	idx *CageIndex
	// base[n] is node n's first slot and perCage[n] its logical ports per
	// cage; a node without slots of its own has base[n] == base[n+1].
	base    []int32
	perCage []int32
	// nic holds, by node, a server's NIC's place in the slots of its
	// server's role (nil when the graph has no such NIC).
	nic []nicSlots
	// slot holds each slot's cage number, None until asked for.
	slot []int32
	// packed and wide number the other cages by key: packed by device,
	// role (its index in roles) and index where they fit in 64 bits.
	packed map[uint64]int32
	wide   map[CageKey]int32
	roles  []Role
	n      int32
}

// Numbers returns a numbering of g's cages by x.
func (x *CageIndex) Numbers() *CageNumbers {
	g := x.g
	c := &CageNumbers{idx: x, base: make([]int32, len(g.Nodes)+1), perCage: make([]int32, len(g.Nodes)),
		packed: map[uint64]int32{}, wide: map[CageKey]int32{}}
	slots, nics := int64(0), false
	for i := range g.Nodes {
		n := &g.Nodes[i]
		c.base[i], c.base[i+1] = int32(slots), int32(slots) // no slots unless given below
		per, ports := int32(1), max(n.Radix, 1)
		switch {
		case n.Kind == KindSwitch:
			if pc := x.parts.SwitchCage[n.ModelName()]; pc > 1 {
				per = pc
			}
		case n.Kind == KindNIC && n.Parent != None:
			nics = true
			continue // in its server's slots (numberNICs)
		}
		add := int64((ports + per - 1) / per)
		if slots+add >= 1<<31-1 {
			// No real design comes near; this node and the rest are
			// numbered by key.
			for j := i; j <= len(g.Nodes); j++ {
				c.base[j] = int32(slots)
			}
			break
		}
		c.perCage[i] = per
		slots += add
		c.base[i+1] = int32(slots)
	}
	if nics {
		slots = c.numberNICs(slots)
	}
	c.slot = make([]int32, slots)
	for i := range c.slot {
		c.slot[i] = None
	}
	return c
}

// nicSlots is where a server's NIC's ports lie in the slots: port p in
// slot base + (off + p) ÷ its ports per cage, below end. off is the
// NIC's first index among its role's ports (CageIndex.Of's index).
type nicSlots struct{ base, off, end int32 }

// numberNICs gives each server's NICs of a role a run of slots from
// slot next on (serverNICs), and returns the slot past the last. Every
// NIC with no server stays numbered by key.
func (c *CageNumbers) numberNICs(next int64) int64 {
	g := c.idx.g
	c.nic = make([]nicSlots, len(g.Nodes))
	var sc roleScratch
	done := make([]bool, len(g.Nodes)) // the servers given their slots
	for v := range g.Nodes {
		if s := g.Nodes[v].Parent; g.Nodes[v].Kind == KindNIC && s != None && !done[s] {
			done[s] = true
			next = c.serverNICs(s, next, &sc)
		}
	}
	return next
}

// roleScratch holds, per NIC role of one server, the index past its last
// NIC port (CageIndex.Of's index) and its first slot.
type roleScratch struct {
	roles []Role
	reach []int32
	first []int64
}

// serverNICs gives the NICs of server s a run of slots per role from
// slot next on, a slot per cage up to the cage of the role's last NIC
// port, and returns the slot past the last; a server whose slots would
// pass 2³¹ keeps its NICs numbered by key.
func (c *CageNumbers) serverNICs(s NodeID, next int64, sc *roleScratch) int64 {
	x := c.idx
	g := x.g
	kids := x.serverOrdinals(s)
	sc.roles, sc.reach, sc.first = sc.roles[:0], sc.reach[:0], sc.first[:0]
	for _, k := range kids {
		if n := &g.Nodes[k]; n.Kind == KindNIC {
			i := slices.Index(sc.roles, n.RoleName())
			if i < 0 {
				i = len(sc.roles)
				sc.roles, sc.reach = append(sc.roles, n.RoleName()), append(sc.reach, 0)
			}
			sc.reach[i] = max(sc.reach[i], (x.ordinal[k]+1)*max(n.Radix, 1))
		}
	}
	model := g.Nodes[s].ModelName()
	cages := func(i int) int64 { // the role's cages
		per := int64(max(x.nicPerCage(model, sc.roles[i]), 1))
		return (int64(sc.reach[i]) + per - 1) / per
	}
	end := next
	for i := range sc.roles {
		sc.first = append(sc.first, end)
		end += cages(i)
	}
	if end >= 1<<31-1 {
		return next // numbered by key
	}
	for _, k := range kids {
		if n := &g.Nodes[k]; n.Kind == KindNIC {
			i := slices.Index(sc.roles, n.RoleName())
			c.perCage[k] = max(x.nicPerCage(model, sc.roles[i]), 1)
			c.nic[k] = nicSlots{base: int32(sc.first[i]), off: x.ordinal[k] * max(n.Radix, 1), end: int32(sc.first[i] + cages(i))}
		}
	}
	return end
}

// Of returns the number of the cage holding port p, and whether this is
// the first time that cage is asked for.
func (c *CageNumbers) Of(p Port) (int32, bool) {
	if s, ok := c.slotOf(p); ok {
		if k := c.slot[s]; k != None {
			return k, false
		}
		c.slot[s] = c.n
		c.n++
		return c.slot[s], true
	}
	key, _, _, _ := c.idx.Of(p)
	r := slices.Index(c.roles, key.Role)
	if r < 0 {
		r = len(c.roles)
		c.roles = append(c.roles, key.Role)
	}
	if r < 256 && key.Index >= 0 && key.Index < 1<<24 && key.Device >= 0 {
		pk := uint64(key.Device)<<32 | uint64(r)<<24 | uint64(key.Index)
		if k, ok := c.packed[pk]; ok {
			return k, false
		}
		c.packed[pk] = c.n
	} else {
		if k, ok := c.wide[key]; ok {
			return k, false
		}
		c.wide[key] = c.n
	}
	c.n++
	return c.n - 1, true
}

// slotOf returns the slot of the cage holding port p, if it has one.
func (c *CageNumbers) slotOf(p Port) (int32, bool) {
	n := p.Node
	if c.base[n+1] > c.base[n] {
		s := c.base[n] + p.Port/c.perCage[n]
		return s, p.Port >= 0 && s < c.base[n+1]
	}
	if c.nic != nil {
		if at := c.nic[n]; at.end > at.base {
			// CageIndex.Of's index, divided as it divides it: a port
			// below 0 (a NIC's host side) can share a cage with its
			// role's ports.
			i := (int64(at.off) + int64(p.Port)) / int64(c.perCage[n])
			return at.base + int32(i), i >= 0 && i < int64(at.end-at.base)
		}
	}
	return 0, false
}
