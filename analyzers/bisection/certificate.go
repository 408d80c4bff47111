package bisection

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// certificate describes the split inA (per terminal) whose cut crosses
// links links of total capacity bps.
func (m *model) certificate(levels []level, inA []bool, links int, bps float64) Certificate {
	c := Certificate{CutLinks: links, CutBPS: bps}
	for s := 0; s < 2; s++ {
		want := s == 0
		side := Side{Runs: []Run{}}
		for i := 0; i < len(inA); {
			if inA[i] != want {
				i++
				continue
			}
			j := i
			for j+1 < len(inA) && inA[j+1] == want {
				j++
			}
			side.Endpoints += j - i + 1
			if len(side.Runs) < MaxRuns {
				side.Runs = append(side.Runs, Run{First: m.name(i), Last: m.name(j), Count: j - i + 1})
			} else {
				side.RunsOmitted++
			}
			i = j + 1
		}
		side.Text = m.describe(levels, inA, want)
		c.Sides[s] = side
	}
	c.Text = c.Sides[0].Text + " | " + c.Sides[1].Text
	return c
}

// maxPhrases caps the phrases of a side's words.
const maxPhrases = 6

// describe puts one side of a split into words: as whole units of the
// coarsest level of which both sides are unions ("pods 0–3"), else as the
// whole units of the nested levels, coarse to fine, then the remaining
// endpoints by name.
func (m *model) describe(levels []level, inA []bool, want bool) string {
	if !slices.Contains(inA, want) {
		return "no endpoints"
	}
	// Whole units of the coarsest nested level, or of a plane, rail or
	// GPU index; else the mixed description.
	for i, l := range levels {
		if (l.nested && i == 0) || l.unit == "plane" || l.unit == "rail" || l.unit == "gpu" {
			if keys, ok := l.union(inA, want); ok {
				return l.phrase(keys, "")
			}
		}
	}
	covered := make([]bool, len(inA))
	var phrases []string
	var coarser *level // the nested level above l
	for li := range levels {
		l := &levels[li]
		if !l.nested {
			continue
		}
		parent := coarser
		coarser = l
		// Units with an uncovered terminal, all of whose terminals are on
		// this side.
		whole := map[int32]bool{}
		mixed := map[int32]bool{}
		for i, k := range l.key {
			if k < 0 {
				continue
			}
			if inA[i] != want {
				mixed[k] = true
			} else if !covered[i] {
				whole[k] = true
			}
		}
		var keys []int32
		for k := range whole {
			if !mixed[k] {
				keys = append(keys, k)
			}
		}
		if len(keys) == 0 {
			continue
		}
		slices.Sort(keys)
		if parent != nil && l.label != nil {
			phrases = append(phrases, l.phrasesWithin(parent, keys)...)
		} else {
			phrases = append(phrases, l.phrase(keys, ""))
		}
		for i, k := range l.key {
			if k >= 0 && slices.Contains(keys, k) {
				covered[i] = true
			}
		}
	}
	var rest []int
	for i := range inA {
		if inA[i] == want && !covered[i] {
			rest = append(rest, i)
		}
	}
	for x := 0; x < len(rest); {
		y := x
		for y+1 < len(rest) && rest[y+1] == rest[y]+1 {
			y++
		}
		if y == x {
			phrases = append(phrases, m.name(rest[x]))
		} else {
			phrases = append(phrases, fmt.Sprintf("%s … %s (%d endpoints)", m.name(rest[x]), m.name(rest[y]), y-x+1))
		}
		x = y + 1
	}
	if len(phrases) > maxPhrases {
		phrases = append(phrases[:maxPhrases], fmt.Sprintf("… %d more", len(phrases)-maxPhrases))
	}
	return strings.Join(phrases, "; ")
}

// phrasesWithin names units of l (whose names are labels) grouped by the
// unit of the coarser level parent that holds them, one phrase per parent
// unit, each unit by its name inside it: "group 9: endpoints on routers
// 00, 02–03, 05–06" rather than "group09/router00, group09/router02 …
// group09/router03, …", which trial 58 found hard to read.
func (l *level) phrasesWithin(parent *level, keys []int32) []string {
	of := map[int32]int32{} // unit of l → unit of parent
	for i, k := range l.key {
		if k >= 0 {
			if _, ok := of[k]; !ok {
				of[k] = parent.key[i]
			}
		}
	}
	var out []string
	for x := 0; x < len(keys); {
		pk := of[keys[x]]
		y := x
		for y+1 < len(keys) && of[keys[y+1]] == pk {
			y++
		}
		if pk < 0 {
			out = append(out, l.phrase(keys[x:y+1], ""))
		} else {
			out = append(out, parent.phrase([]int32{pk}, "")+": "+l.shortPhrase(keys[x:y+1]))
		}
		x = y + 1
	}
	return out
}

// shortPhrase names units of l inside one unit of the level above, by
// the last element of their names ("group09/router03" is "router03"),
// and, where every such element is one word and a number, by the
// numbers: "routers 00, 02–03".
func (l *level) shortPhrase(keys []int32) string {
	short := func(k int32) string {
		n := l.name(k)
		return n[strings.LastIndexByte(n, '/')+1:]
	}
	word, numbered := "", true
	for i, k := range keys {
		w := strings.TrimRight(short(k), "0123456789")
		if w == short(k) || (i > 0 && w != word) {
			numbered = false
			break
		}
		word = w
	}
	name := short
	if numbered {
		name = func(k int32) string { return short(k)[len(word):] }
	}
	s := ranges(keys, name, numbered)
	if numbered {
		unit := plural(l.unit)
		if len(keys) == 1 {
			unit = singular(l.unit)
		}
		s = unit + " " + s
	}
	if l.access {
		s = "endpoints on " + s
	}
	return s
}

// union reports whether the terminals on side want are exactly the
// terminals of some units of l (every terminal's key known, no unit on
// both sides), and which units.
func (l *level) union(inA []bool, want bool) ([]int32, bool) {
	side := map[int32]bool{}
	for i, k := range l.key {
		if k < 0 {
			return nil, false
		}
		if s, ok := side[k]; ok && s != inA[i] {
			return nil, false
		}
		side[k] = inA[i]
	}
	var keys []int32
	for k, s := range side {
		if s == want {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys, len(keys) > 0
}

// phrase names units of l: "pods 0–3, 6", "SUs 0–7", "GPUs 0–3 of every
// node", "nodes su000/node00 … su000/node31".
func (l *level) phrase(keys []int32, _ string) string {
	joined := ranges(keys, l.name, l.label == nil)
	p := plural(l.unit)
	if len(keys) == 1 {
		p = singular(l.unit)
	}
	s := p + " " + joined
	if l.access {
		s = "endpoints on " + s
	}
	if l.unit == "gpu" {
		s += " of every node"
	}
	return s
}

// ranges lists keys as runs of consecutive keys, each its first and last
// name joined by an en dash where dash (numbers) or " … " (names), at most
// maxPhrases runs and then how many more.
func ranges(keys []int32, name func(int32) string, dash bool) string {
	var segs []string
	for x := 0; x < len(keys); {
		y := x
		for y+1 < len(keys) && keys[y+1] == keys[y]+1 {
			y++
		}
		a, b := name(keys[x]), name(keys[y])
		switch {
		case x == y:
			segs = append(segs, a)
		case dash:
			segs = append(segs, a+"–"+b)
		default:
			segs = append(segs, a+" … "+b)
		}
		x = y + 1
	}
	if len(segs) > maxPhrases {
		segs = append(segs[:maxPhrases], fmt.Sprintf("… %d more ranges", len(segs)-maxPhrases))
	}
	return strings.Join(segs, ", ")
}

func (l *level) name(k int32) string {
	if l.label != nil {
		return l.label(k)
	}
	return strconv.Itoa(int(k))
}

// plural spells a unit name in the plural: "pods", "SUs", "leaves".
func plural(unit string) string {
	switch unit {
	case "leaf":
		return "leaves"
	case "gpu":
		return "GPUs"
	case "switch":
		return "switches"
	}
	if len(unit) <= 2 {
		return strings.ToUpper(unit) + "s"
	}
	if strings.HasSuffix(unit, "s") {
		return unit
	}
	return unit + "s"
}

func singular(unit string) string {
	switch {
	case unit == "gpu":
		return "GPU"
	case len(unit) <= 2:
		return strings.ToUpper(unit)
	}
	return unit
}
