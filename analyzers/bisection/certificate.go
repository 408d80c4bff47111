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
	for _, l := range levels {
		if !l.nested {
			continue
		}
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
		phrases = append(phrases, l.phrase(keys, ""))
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
	return strings.Join(phrases, ", ")
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
// node", "nodes su000/node00–su000/node31".
func (l *level) phrase(keys []int32, _ string) string {
	var segs []string
	for x := 0; x < len(keys); {
		y := x
		for y+1 < len(keys) && keys[y+1] == keys[y]+1 {
			y++
		}
		a, b := l.name(keys[x]), l.name(keys[y])
		switch {
		case x == y:
			segs = append(segs, a)
		case l.label != nil:
			segs = append(segs, a+" … "+b)
		default:
			segs = append(segs, a+"–"+b)
		}
		x = y + 1
	}
	if len(segs) > maxPhrases {
		segs = append(segs[:maxPhrases], fmt.Sprintf("… %d more ranges", len(segs)-maxPhrases))
	}
	p := plural(l.unit)
	if len(keys) == 1 {
		p = singular(l.unit)
	}
	s := p + " " + strings.Join(segs, ", ")
	if l.access {
		s = "endpoints on " + s
	}
	if l.unit == "gpu" {
		s += " of every node"
	}
	return s
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
