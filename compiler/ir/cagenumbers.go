package ir

import "slices"

// CageNumbers numbers the cages that fabric ports lie in densely, from
// 0 in the order they are first asked for: two ports get one number
// exactly when CageIndex.Of gives them one key. The cable plan asks for
// both ends of millions of cables, so the cages of switches and of
// devices without a parent (implicit hosts, appliances) are numbered
// through an array over each device's ports, a slot per cage (ports ÷
// ports per cage); only a server's NIC cages, whose index depends on
// the NIC's place among its server's NICs of a role, and a port beyond
// its device's radix go through a map of keys. At a fat-tree of k = 160
// (3 million cables) the map held every end and cost 1.5 s; the array
// holds 4 bytes a slot.
type CageNumbers struct {
	idx *CageIndex
	// base[n] is node n's first slot and perCage[n] its logical ports per
	// cage; a node without slots has base[n] == base[n+1].
	base    []int32
	perCage []int32
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
	slots := int64(0)
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
			continue // numbered by key
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
	c.slot = make([]int32, slots)
	for i := range c.slot {
		c.slot[i] = None
	}
	return c
}

// Of returns the number of the cage holding port p, and whether this is
// the first time that cage is asked for.
func (c *CageNumbers) Of(p Port) (int32, bool) {
	if n := p.Node; c.base[n+1] > c.base[n] && p.Port >= 0 {
		if s := c.base[n] + p.Port/c.perCage[n]; s < c.base[n+1] {
			if k := c.slot[s]; k != None {
				return k, false
			}
			c.slot[s] = c.n
			c.n++
			return c.slot[s], true
		}
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
